<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ConnectDialog</name>
    <message>
        <source>Connect</source>
        <translation>Connect</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>&amp;Profile:</translation>
    </message>
    <message>
        <source>Choose a saved profile or type a new name to save these settings under</source>
        <translation>Choose a saved profile or type a new name to save these settings under</translation>
    </message>
    <message>
        <source>&amp;Save profile</source>
        <translation>&amp;Save profile</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Delete</translation>
    </message>
    <message>
        <source>Datasets</source>
        <translation>Datasets</translation>
    </message>
    <message>
        <source>P&amp;ositions (PostgreSQL):</source>
        <translation>P&amp;ositions (PostgreSQL):</translation>
    </message>
    <message>
        <source>host=db.example port=5432 dbname=positions user=ops  or  service=positions</source>
        <translation>host=db.example port=5432 dbname=positions user=ops  or  service=positions</translation>
    </message>
    <message>
        <source>&amp;Kudos (PostgreSQL):</source>
        <translation>&amp;Kudos (PostgreSQL):</translation>
    </message>
    <message>
        <source>postgresql://ops@db.example/kudos  or  service=kudos</source>
        <translation>postgresql://ops@db.example/kudos  or  service=kudos</translation>
    </message>
    <message>
        <source>&amp;Tracks (SQLite file):</source>
        <translation>&amp;Tracks (SQLite file):</translation>
    </message>
    <message>
        <source>/path/to/gps_tracks.sqlite</source>
        <translation>/path/to/gps_tracks.sqlite</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Browse…</translation>
    </message>
    <message>
        <source>&amp;Archive URL:</source>
        <translation>&amp;Archive URL:</translation>
    </message>
    <message>
        <source>file:///srv/archive  or  s3://bucket/prefix</source>
        <translation>file:///srv/archive  or  s3://bucket/prefix</translation>
    </message>
    <message>
        <source>Passwords are never saved. libpq takes them from ~/.pgpass, PGPASSWORD or a service file (~/.pg_service.conf).</source>
        <translation>Passwords are never saved. libpq takes them from ~/.pgpass, PGPASSWORD or a service file (~/.pg_service.conf).</translation>
    </message>
    <message>
        <source>A password in a connection string is used for this session only and removed when the profile is saved.</source>
        <translation>A password in a connection string is used for this session only and removed when the profile is saved.</translation>
    </message>
</context>
<context>
    <name>PreviewJob</name>
    <message>
        <source>connecting</source>
        <translation>connecting</translation>
    </message>
    <message>
        <source>loading the range</source>
        <translation>loading the range</translation>
    </message>
    <message>
        <source>running keep_set slice by slice</source>
        <translation>running keep_set slice by slice</translation>
    </message>
    <message>
        <source>done</source>
        <translation>done</translation>
    </message>
</context>
<context>
    <name>PreviewResult</name>
    <message>
        <source>removed: no rule keeps it (same time bin, no gap, blades, rtk change, turn or error)</source>
        <translation>removed: no rule keeps it (same time bin, no gap, blades, rtk change, turn or error)</translation>
    </message>
    <message>
        <source>kept by %1</source>
        <translation>kept by %1</translation>
    </message>
    <message>
        <source>kept: inside the detail window (after the cutoff %1)</source>
        <translation>kept: inside the detail window (after the cutoff %1)</translation>
    </message>
    <message>
        <source>kept: already thinned by an earlier round (before the watermark %1)</source>
        <translation>kept: already thinned by an earlier round (before the watermark %1)</translation>
    </message>
</context>
<context>
    <name>RangeVerification</name>
    <message>
        <source>Verified: the %1 rows left equal the preview&apos;s survivors, row for row.</source>
        <translation>Verified: the %1 rows left equal the preview&apos;s survivors, row for row.</translation>
    </message>
    <message>
        <source>Differs from the preview: %1 rows expected, %2 in the table; %3 missing, %4 not thinned as previewed, %5 changed.</source>
        <translation>Differs from the preview: %1 rows expected, %2 in the table; %3 missing, %4 not thinned as previewed, %5 changed.</translation>
    </message>
</context>
<context>
    <name>TaskProgress</name>
    <message>
        <source>%1 s left</source>
        <translation>%1 s left</translation>
    </message>
    <message>
        <source>%1 min %2 s left</source>
        <translation>%1 min %2 s left</translation>
    </message>
    <message>
        <source>%1 h %2 min left</source>
        <translation>%1 h %2 min left</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 rows</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>--lang: no translation for &quot;%1&quot; (available: %2)</source>
        <translation>--lang: no translation for &quot;%1&quot; (available: %2)</translation>
    </message>
    <message>
        <source>Tidemark operations console for data retention.</source>
        <translation>Tidemark operations console for data retention.</translation>
    </message>
    <message>
        <source>Open the embedded demo workspace (created on first use).</source>
        <translation>Open the embedded demo workspace (created on first use).</translation>
    </message>
    <message>
        <source>Folder of the demo workspace.</source>
        <translation>Folder of the demo workspace.</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>DIR</translation>
    </message>
    <message>
        <source>Save the window as a PNG once the panels have loaded, then exit.</source>
        <translation>Save the window as a PNG once the panels have loaded, then exit.</translation>
    </message>
    <message>
        <source>FILE.png</source>
        <translation>FILE.png</translation>
    </message>
    <message>
        <source>Seconds --screenshot waits for loading (default 600).</source>
        <translation>Seconds --screenshot waits for loading (default 600).</translation>
    </message>
    <message>
        <source>SECONDS</source>
        <translation>SECONDS</translation>
    </message>
    <message>
        <source>Language of the console (en, ru); default: the system&apos;s.</source>
        <translation>Language of the console (en, ru); default: the system&apos;s.</translation>
    </message>
    <message>
        <source>LANG</source>
        <translation>LANG</translation>
    </message>
    <message>
        <source>Positions database: libpq connection string or service=NAME.</source>
        <translation>Positions database: libpq connection string or service=NAME.</translation>
    </message>
    <message>
        <source>CONNINFO</source>
        <translation>CONNINFO</translation>
    </message>
    <message>
        <source>Kudos database: libpq connection string or service=NAME.</source>
        <translation>Kudos database: libpq connection string or service=NAME.</translation>
    </message>
    <message>
        <source>Tracks database (gps_tracks.sqlite).</source>
        <translation>Tracks database (gps_tracks.sqlite).</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>Archive URL (default: TIDEMARK_ARCHIVE_URL).</source>
        <translation>Archive URL (default: TIDEMARK_ARCHIVE_URL).</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>unexpected argument: %1</source>
        <translation>unexpected argument: %1</translation>
    </message>
    <message>
        <source>--timeout: expected a positive number of seconds, got &quot;%1&quot;</source>
        <translation>--timeout: expected a positive number of seconds, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--demo cannot be combined with --db-positions, --db-kudos or --sqlite</source>
        <translation>--demo cannot be combined with --db-positions, --db-kudos or --sqlite</translation>
    </message>
    <message>
        <source>Base map: an XYZ URL template with {z}, {x}, {y}, or an MBTiles file (default: TIDEMARK_TILES_URL, else the last choice, else a neutral grid; an API key in the template&apos;s query is never saved).</source>
        <translation>Base map: an XYZ URL template with {z}, {x}, {y}, or an MBTiles file (default: TIDEMARK_TILES_URL, else the last choice, else a neutral grid; an API key in the template&apos;s query is never saved).</translation>
    </message>
    <message>
        <source>URL|FILE</source>
        <translation>URL|FILE</translation>
    </message>
</context>
<context>
    <name>tidemark::TaskListModel</name>
    <message>
        <source>Running</source>
        <translation>Running</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Paused</translation>
    </message>
    <message>
        <source>Cancelling</source>
        <translation>Cancelling</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Done</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelled</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progress</translation>
    </message>
    <message>
        <source>Progress or result</source>
        <translation>Progress or result</translation>
    </message>
</context>
<context>
    <name>tidemark::TaskManager</name>
    <message>
        <source>Cancelled</source>
        <translation>Cancelled</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
</context>
<context>
    <name>tidemark::app::ScreenshotSaver</name>
    <message>
        <source>screenshot: the panels did not finish loading within %1 s</source>
        <translation>screenshot: the panels did not finish loading within %1 s</translation>
    </message>
    <message>
        <source>screenshot: cannot write %1</source>
        <translation>screenshot: cannot write %1</translation>
    </message>
    <message>
        <source>screenshot saved to %1, but loading failed: %2</source>
        <translation>screenshot saved to %1, but loading failed: %2</translation>
    </message>
    <message>
        <source>demo workspace</source>
        <translation>demo workspace</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::KudosTableSummaryModel</name>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Rows</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Size</translation>
    </message>
    <message>
        <source>Oldest (UTC)</source>
        <translation>Oldest (UTC)</translation>
    </message>
    <message>
        <source>Newest (UTC)</source>
        <translation>Newest (UTC)</translation>
    </message>
</context>
<context>
    <name>tidemark::positions::MowerSummaryModel</name>
    <message>
        <source>not thinned yet</source>
        <translation>not thinned yet</translation>
    </message>
    <message>
        <source>Mower</source>
        <translation>Mower</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Rows</translation>
    </message>
    <message>
        <source>Newest (UTC)</source>
        <translation>Newest (UTC)</translation>
    </message>
    <message>
        <source>Thinned to (UTC)</source>
        <translation>Thinned to (UTC)</translation>
    </message>
    <message>
        <source>Thinned until %1: older rows have been thinned</source>
        <translation>Thinned until %1: older rows have been thinned</translation>
    </message>
    <message>
        <source>No round has thinned this mower yet</source>
        <translation>No round has thinned this mower yet</translation>
    </message>
    <message>
        <source>Rows between the watermark (or the oldest row) and the cutoff: what the next rounds thin.</source>
        <translation>Rows between the watermark (or the oldest row) and the cutoff: what the next rounds thin.</translation>
    </message>
    <message>
        <source>Oldest</source>
        <translation>Oldest</translation>
    </message>
    <message>
        <source>Eligible</source>
        <translation>Eligible</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>Slices</translation>
    </message>
</context>
<context>
    <name>tidemark::positions::PositionsDataset</name>
    <message>
        <source>Load the mowers of %1</source>
        <translation>Load the mowers of %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln mower(s)</source>
        <translation>
            <numerusform>%Ln mower</numerusform>
            <numerusform>%Ln mowers</numerusform>
        </translation>
    </message>
    <message>
        <source>Load the round history of %1</source>
        <translation>Load the round history of %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln round(s)</source>
        <translation>
            <numerusform>%Ln round</numerusform>
            <numerusform>%Ln rounds</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tidemark::positions::RoundHistoryModel</name>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>budget used up</source>
        <translation>budget used up</translation>
    </message>
    <message>
        <source>window closed</source>
        <translation>window closed</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>complete</translation>
    </message>
    <message>
        <source>outside the window</source>
        <translation>outside the window</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>partial</translation>
    </message>
    <message>
        <source>dry run</source>
        <translation>dry run</translation>
    </message>
    <message>
        <source>run</source>
        <translation>run</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Started</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Outcome</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>Slices</translation>
    </message>
    <message>
        <source>Scanned</source>
        <translation>Scanned</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>Deleted</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Seconds</translation>
    </message>
    <message>
        <source>clock check overridden (%1 min ahead)</source>
        <translation>clock check overridden (%1 min ahead)</translation>
    </message>
    <message numerus="yes">
        <source>%n mower(s) skipped</source>
        <translation>
            <numerusform>%n mower skipped</numerusform>
            <numerusform>%n mowers skipped</numerusform>
        </translation>
    </message>
    <message>
        <source>paused %1 s holding the lock</source>
        <translation>paused %1 s holding the lock</translation>
    </message>
    <message>
        <source>stopped: %1</source>
        <translation>stopped: %1</translation>
    </message>
</context>
<context>
    <name>tidemark::tracks::TracksSummaryModel</name>
    <message>
        <source>All tracks</source>
        <translation>All tracks</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Activity</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>Tracks</translation>
    </message>
    <message>
        <source>Length (km)</source>
        <translation>Length (km)</translation>
    </message>
    <message>
        <source>Extent</source>
        <translation>Extent</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::AboutDialog</name>
    <message>
        <source>About Tidemark</source>
        <translation>About Tidemark</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Tidemark %1&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Tidemark %1&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>Operations console for data retention: mower positions, kudos partitions and public GPS tracks. It shows what retention keeps and removes before anything is removed, runs and verifies retention rounds, and restores archived data.</source>
        <translation>Operations console for data retention: mower positions, kudos partitions and public GPS tracks. It shows what retention keeps and removes before anything is removed, runs and verifies retention rounds, and restores archived data.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Runs on&lt;/b&gt;</source>
        <translation>&lt;b&gt;Runs on&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::ConnectDialog</name>
    <message>
        <source>Tracks database</source>
        <translation>Tracks database</translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)</source>
        <translation>SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::DatasetPanel</name>
    <message>
        <source>Reload</source>
        <translation>Reload</translation>
    </message>
    <message>
        <source>Load this dataset again</source>
        <translation>Load this dataset again</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Not connected</translation>
    </message>
    <message>
        <source>Use File › Connect… or File › Open demo workspace.</source>
        <translation>Use File › Connect… or File › Open demo workspace.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Loading…</translation>
    </message>
    <message>
        <source>Loading failed</source>
        <translation>Loading failed</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::JobPanel</name>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::LibraryVersions</name>
    <message>
        <source>not available</source>
        <translation>not available</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::MainWindow</name>
    <message>
        <source>Tidemark</source>
        <translation>Tidemark</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Connect…</translation>
    </message>
    <message>
        <source>Open &amp;demo workspace</source>
        <translation>Open &amp;demo workspace</translation>
    </message>
    <message>
        <source>&amp;Reload all</source>
        <translation>&amp;Reload all</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Settings</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>System language</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;About Tidemark</source>
        <translation>&amp;About Tidemark</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>About &amp;Qt</translation>
    </message>
    <message>
        <source>Starting the demo workspace… The first start generates its data and takes about a minute.</source>
        <translation>Starting the demo workspace… The first start generates its data and takes about a minute.</translation>
    </message>
    <message>
        <source>Starting the demo workspace…</source>
        <translation>Starting the demo workspace…</translation>
    </message>
    <message>
        <source>The demo workspace did not start: %1</source>
        <translation>The demo workspace did not start: %1</translation>
    </message>
    <message>
        <source>The demo workspace did not start</source>
        <translation>The demo workspace did not start</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Language</translation>
    </message>
    <message>
        <source>The new language is used when Tidemark starts again.</source>
        <translation>The new language is used when Tidemark starts again.</translation>
    </message>
    <message>
        <source>positions: %1</source>
        <translation>positions: %1</translation>
    </message>
    <message>
        <source>kudos: %1</source>
        <translation>kudos: %1</translation>
    </message>
    <message>
        <source>tracks: %1</source>
        <translation>tracks: %1</translation>
    </message>
    <message>
        <source>archive: %1</source>
        <translation>archive: %1</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Not connected</translation>
    </message>
    <message>
        <source>No jobs running</source>
        <translation>No jobs running</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) running</source>
        <translation>
            <numerusform>%n job running</numerusform>
            <numerusform>%n jobs running</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Base map</source>
        <translation>&amp;Base map</translation>
    </message>
    <message>
        <source>&amp;Neutral grid (offline)</source>
        <translation>&amp;Neutral grid (offline)</translation>
    </message>
    <message>
        <source>&amp;XYZ tiles…</source>
        <translation>&amp;XYZ tiles…</translation>
    </message>
    <message>
        <source>XYZ tiles</source>
        <translation>XYZ tiles</translation>
    </message>
    <message>
        <source>URL template with {z}, {x} and {y} (respect the tile server&apos;s usage policy). A key in its query is used for this session only, never saved; TIDEMARK_TILES_URL provides it at start:</source>
        <translation>URL template with {z}, {x} and {y} (respect the tile server&apos;s usage policy). A key in its query is used for this session only, never saved; TIDEMARK_TILES_URL provides it at start:</translation>
    </message>
    <message>
        <source>&amp;MBTiles file…</source>
        <translation>&amp;MBTiles file…</translation>
    </message>
    <message>
        <source>MBTiles file</source>
        <translation>MBTiles file</translation>
    </message>
    <message>
        <source>MBTiles (*.mbtiles)</source>
        <translation>MBTiles (*.mbtiles)</translation>
    </message>
    <message>
        <source>Base map not changed: %1</source>
        <translation>Base map not changed: %1</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PositionsWorkbench</name>
    <message>
        <source>Last 7 days</source>
        <translation>Last 7 days</translation>
    </message>
    <message>
        <source>The last 7 days of the mower&apos;s data.</source>
        <translation>The last 7 days of the mower&apos;s data.</translation>
    </message>
    <message>
        <source>Week before the detail window</source>
        <translation>Week before the detail window</translation>
    </message>
    <message>
        <source>The week just older than the detail window: what the next rounds thin.</source>
        <translation>The week just older than the detail window: what the next rounds thin.</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Preview</translation>
    </message>
    <message>
        <source>Rounds</source>
        <translation>Rounds</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Verify</translation>
    </message>
    <message>
        <source>Mowers</source>
        <translation>Mowers</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Range</translation>
    </message>
    <message>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <source>To</source>
        <translation>To</translation>
    </message>
    <message>
        <source>Layers (check to show, drag to reorder)</source>
        <translation>Layers (check to show, drag to reorder)</translation>
    </message>
    <message>
        <source>The whole range is older than the detail window (cutoff %1): a round thins it.</source>
        <translation>The whole range is older than the detail window (cutoff %1): a round thins it.</translation>
    </message>
    <message>
        <source>The whole range is inside the detail window (cutoff %1): a round leaves it alone.</source>
        <translation>The whole range is inside the detail window (cutoff %1): a round leaves it alone.</translation>
    </message>
    <message>
        <source>The range straddles the cutoff %1: only its older part is thinned.</source>
        <translation>The range straddles the cutoff %1: only its older part is thinned.</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>The positions settings are not valid, so rounds are refused until they are fixed (previews use the defaults): %1</source>
        <translation>The positions settings are not valid, so rounds are refused until they are fixed (previews use the defaults): %1</translation>
    </message>
    <message>
        <source>Preview mower %1, %2 – %3</source>
        <translation>Preview mower %1, %2 – %3</translation>
    </message>
    <message>
        <source>%1 rows: %2 kept, %3 removed</source>
        <translation>%1 rows: %2 kept, %3 removed</translation>
    </message>
    <message>
        <source>Rounds are refused: %1</source>
        <translation>Rounds are refused: %1</translation>
    </message>
    <message>
        <source>Dry run of a positions round</source>
        <translation>Dry run of a positions round</translation>
    </message>
    <message>
        <source>Positions round</source>
        <translation>Positions round</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelled.</translation>
    </message>
    <message>
        <source>Verify mower %1 against its preview</source>
        <translation>Verify mower %1 against its preview</translation>
    </message>
    <message>
        <source>loading the range</source>
        <translation>loading the range</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PreviewLayers</name>
    <message>
        <source>mnet signal</source>
        <translation>mnet signal</translation>
    </message>
    <message>
        <source>Median mobile network RSSI per signal cell of the range.</source>
        <translation>Median mobile network RSSI per signal cell of the range.</translation>
    </message>
    <message>
        <source>wifi signal</source>
        <translation>wifi signal</translation>
    </message>
    <message>
        <source>Median wifi RSSI per signal cell of the range.</source>
        <translation>Median wifi RSSI per signal cell of the range.</translation>
    </message>
    <message>
        <source>rtk fix</source>
        <translation>rtk fix</translation>
    </message>
    <message>
        <source>Share of rows with a fixed RTK solution per signal cell.</source>
        <translation>Share of rows with a fixed RTK solution per signal cell.</translation>
    </message>
    <message>
        <source>coverage before</source>
        <translation>coverage before</translation>
    </message>
    <message>
        <source>Cells the raw rows cover (swath, normal join limits).</source>
        <translation>Cells the raw rows cover (swath, normal join limits).</translation>
    </message>
    <message>
        <source>coverage after</source>
        <translation>coverage after</translation>
    </message>
    <message>
        <source>Cells the survivors cover with the wider join of thinned rows.</source>
        <translation>Cells the survivors cover with the wider join of thinned rows.</translation>
    </message>
    <message>
        <source>coverage difference</source>
        <translation>coverage difference</translation>
    </message>
    <message>
        <source>Cells the thinning loses (red) or gains (blue); grey is unchanged.</source>
        <translation>Cells the thinning loses (red) or gains (blue); grey is unchanged.</translation>
    </message>
    <message>
        <source>raw track</source>
        <translation>raw track</translation>
    </message>
    <message>
        <source>Every row of the range as the table holds it, with its path.</source>
        <translation>Every row of the range as the table holds it, with its path.</translation>
    </message>
    <message>
        <source>removed rows</source>
        <translation>removed rows</translation>
    </message>
    <message>
        <source>Rows a round would delete.</source>
        <translation>Rows a round would delete.</translation>
    </message>
    <message>
        <source>survivors by reason</source>
        <translation>survivors by reason</translation>
    </message>
    <message>
        <source>Rows a round keeps, coloured by their main reason.</source>
        <translation>Rows a round keeps, coloured by their main reason.</translation>
    </message>
    <message>
        <source>picked row</source>
        <translation>picked row</translation>
    </message>
    <message>
        <source>The row shown in the inspector.</source>
        <translation>The row shown in the inspector.</translation>
    </message>
    <message>
        <source>covered</source>
        <translation>covered</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unchanged</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>lost</translation>
    </message>
    <message>
        <source>gained</source>
        <translation>gained</translation>
    </message>
    <message>
        <source>no fix</source>
        <translation>no fix</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>fixed</translation>
    </message>
    <message>
        <source>−100 dBm</source>
        <translation>−100 dBm</translation>
    </message>
    <message>
        <source>−40 dBm</source>
        <translation>−40 dBm</translation>
    </message>
    <message>
        <source>kept: time bin</source>
        <translation>kept: time bin</translation>
    </message>
    <message>
        <source>kept: gap</source>
        <translation>kept: gap</translation>
    </message>
    <message>
        <source>kept: blades on/off</source>
        <translation>kept: blades on/off</translation>
    </message>
    <message>
        <source>kept: rtk change</source>
        <translation>kept: rtk change</translation>
    </message>
    <message>
        <source>kept: turn</source>
        <translation>kept: turn</translation>
    </message>
    <message>
        <source>kept: error</source>
        <translation>kept: error</translation>
    </message>
    <message>
        <source>left alone (detail window or already thinned)</source>
        <translation>left alone (detail window or already thinned)</translation>
    </message>
    <message>
        <source>between</source>
        <translation>between</translation>
    </message>
    <message>
        <source>raw row</source>
        <translation>raw row</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>removed</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PreviewPanel</name>
    <message>
        <source>Preview</source>
        <translation>Preview</translation>
    </message>
    <message>
        <source>Load the range and run keep_set on it exactly as a round would; nothing is deleted.</source>
        <translation>Load the range and run keep_set on it exactly as a round would; nothing is deleted.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>idle</translation>
    </message>
    <message>
        <source>Select a mower and a range, then Preview.</source>
        <translation>Select a mower and a range, then Preview.</translation>
    </message>
    <message>
        <source>Click a point on the map to see its row and why it is kept or removed.</source>
        <translation>Click a point on the map to see its row and why it is kept or removed.</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>starting</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>loaded %1 rows in %2 s</source>
        <translation>loaded %1 rows in %2 s</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 rows&lt;/b&gt; in %2 – %3&lt;br&gt;&lt;b style=&apos;color:#1b7a2f&apos;&gt;kept %4&lt;/b&gt; (by keep_set %5, detail window %6, thinned earlier %7) · &lt;b style=&apos;color:#c0392b&apos;&gt;removed %8&lt;/b&gt; (%9 %)&lt;br&gt;reasons: %10&lt;br&gt;coverage: before %11 m², after %12 m² (normal join %13 m²), deviation %14 % — &lt;b style=&apos;color:%15&apos;&gt;%16&lt;/b&gt;&lt;br&gt;&lt;span style=&apos;color:#666&apos;&gt;cutoff %17 · %18 slices run · keep_set %19 s · coverage %20 s&lt;/span&gt;</source>
        <translation>&lt;b&gt;%1 rows&lt;/b&gt; in %2 – %3&lt;br&gt;&lt;b style=&apos;color:#1b7a2f&apos;&gt;kept %4&lt;/b&gt; (by keep_set %5, detail window %6, thinned earlier %7) · &lt;b style=&apos;color:#c0392b&apos;&gt;removed %8&lt;/b&gt; (%9 %)&lt;br&gt;reasons: %10&lt;br&gt;coverage: before %11 m², after %12 m² (normal join %13 m²), deviation %14 % — &lt;b style=&apos;color:%15&apos;&gt;%16&lt;/b&gt;&lt;br&gt;&lt;span style=&apos;color:#666&apos;&gt;cutoff %17 · %18 slices run · keep_set %19 s · coverage %20 s&lt;/span&gt;</translation>
    </message>
    <message>
        <source>No row near the click.</source>
        <translation>No row near the click.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;lat %2, lon %3 · blades %4 · rtk %5 · wifi %6 · mnet %7 · speed %8&lt;br&gt;&lt;b style=&apos;color:%9&apos;&gt;%10&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;lat %2, lon %3 · blades %4 · rtk %5 · wifi %6 · mnet %7 · speed %8&lt;br&gt;&lt;b style=&apos;color:%9&apos;&gt;%10&lt;/b&gt;</translation>
    </message>
    <message>
        <source>on</source>
        <translation>on</translation>
    </message>
    <message>
        <source>off</source>
        <translation>off</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>pass</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>fail</translation>
    </message>
    <message>
        <source>no coverage in the range</source>
        <translation>no coverage in the range</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::RoundHistoryChart</name>
    <message>
        <source>Rounds, oldest left: rows scanned (grey) and deleted (red); dry runs hatched.</source>
        <translation>Rounds, oldest left: rows scanned (grey) and deleted (red); dry runs hatched.</translation>
    </message>
    <message>
        <source>No rounds recorded yet.</source>
        <translation>No rounds recorded yet.</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Rows per round, oldest left (max %1)</source>
        <translation>Rows per round, oldest left (max %1)</translation>
    </message>
    <message>
        <source>scanned</source>
        <translation>scanned</translation>
    </message>
    <message>
        <source>deleted (hatched: dry run)</source>
        <translation>deleted (hatched: dry run)</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::RoundPanel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <source>Run a retention round now: age delete, then thinning slice by slice.</source>
        <translation>Run a retention round now: age delete, then thinning slice by slice.</translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation>Dry run</translation>
    </message>
    <message>
        <source>Count what a round would scan and delete; delete nothing.</source>
        <translation>Count what a round would scan and delete; delete nothing.</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Ignore the window</source>
        <translation>Ignore the window</translation>
    </message>
    <message>
        <source>Thin even outside the nightly maintenance window.</source>
        <translation>Thin even outside the nightly maintenance window.</translation>
    </message>
    <message>
        <source> s budget</source>
        <translation> s budget</translation>
    </message>
    <message>
        <source>No round running.</source>
        <translation>No round running.</translation>
    </message>
    <message>
        <source>Window %1:00–%2:00 %3 · now %4 there (hour %5): &lt;b style=&apos;color:%6&apos;&gt;%7&lt;/b&gt; · budget %8 s per round</source>
        <translation>Window %1:00–%2:00 %3 · now %4 there (hour %5): &lt;b style=&apos;color:%6&apos;&gt;%7&lt;/b&gt; · budget %8 s per round</translation>
    </message>
    <message>
        <source>inside</source>
        <translation>inside</translation>
    </message>
    <message>
        <source>outside</source>
        <translation>outside</translation>
    </message>
    <message>
        <source>Paused after the current slice. </source>
        <translation>Paused after the current slice. </translation>
    </message>
    <message>
        <source>%1 of %2 slices</source>
        <translation>%1 of %2 slices</translation>
    </message>
    <message>
        <source>skipped: another runner holds the lock</source>
        <translation>skipped: another runner holds the lock</translation>
    </message>
    <message>
        <source>outside the thinning window: nothing thinned (%1 slices pending)</source>
        <translation>outside the thinning window: nothing thinned (%1 slices pending)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>budget used up</source>
        <translation>budget used up</translation>
    </message>
    <message>
        <source>the window closed</source>
        <translation>the window closed</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>complete</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>partial</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Round</translation>
    </message>
    <message>
        <source>would delete</source>
        <translation>would delete</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>deleted</translation>
    </message>
    <message>
        <source>Mower %1: slice %2 of %3 · scanned %4 rows, %5 · %6 elapsed, about %7 left</source>
        <translation>Mower %1: slice %2 of %3 · scanned %4 rows, %5 · %6 elapsed, about %7 left</translation>
    </message>
    <message>
        <source>would delete: counted at the end</source>
        <translation>would delete: counted at the end</translation>
    </message>
    <message>
        <source>deleted %1</source>
        <translation>deleted %1</translation>
    </message>
    <message>
        <source>%1 %2: mowers %3, slices %4, scanned %5, %6 %7, age delete %8, %9 s; slices left %10</source>
        <translation>%1 %2: mowers %3, slices %4, scanned %5, %6 %7, age delete %8, %9 s; slices left %10</translation>
    </message>
    <message>
        <source>Rounds are refused: %1</source>
        <translation>Rounds are refused: %1</translation>
    </message>
    <message>
        <source>Paused, holding the round&apos;s lock for %1: other runners skip until it resumes. The lock is released when the window closes (%2:00) or the budget runs out.</source>
        <translation>Paused, holding the round&apos;s lock for %1: other runners skip until it resumes. The lock is released when the window closes (%2:00) or the budget runs out.</translation>
    </message>
    <message>
        <source>stopped early (%1); the next round retries the slice</source>
        <translation>stopped early (%1); the next round retries the slice</translation>
    </message>
    <message>
        <source>the window closed while paused: lock released</source>
        <translation>the window closed while paused: lock released</translation>
    </message>
    <message>
        <source>the budget ran out while paused: lock released</source>
        <translation>the budget ran out while paused: lock released</translation>
    </message>
    <message>
        <source>Clock check overridden: this clock was %1 min ahead of the server.</source>
        <translation>Clock check overridden: this clock was %1 min ahead of the server.</translation>
    </message>
    <message numerus="yes">
        <source>%n mower(s) skipped:</source>
        <translation>
            <numerusform>%n mower skipped:</numerusform>
            <numerusform>%n mowers skipped:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tidemark::ui::TrackLayer</name>
    <message>
        <source>path</source>
        <translation>path</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::VerifyPanel</name>
    <message>
        <source>Verify the previewed range</source>
        <translation>Verify the previewed range</translation>
    </message>
    <message>
        <source>Reload the range of the last preview and compare it with the preview&apos;s survivors.</source>
        <translation>Reload the range of the last preview and compare it with the preview&apos;s survivors.</translation>
    </message>
    <message>
        <source>Preview a range, run a round, then verify it here.</source>
        <translation>Preview a range, run a round, then verify it here.</translation>
    </message>
    <message>
        <source>Reloading the range…</source>
        <translation>Reloading the range…</translation>
    </message>
    <message>
        <source>expected %1 · in the table %2 · matching %3 · missing %4 · not thinned as previewed %5 · changed %6</source>
        <translation>expected %1 · in the table %2 · matching %3 · missing %4 · not thinned as previewed %5 · changed %6</translation>
    </message>
    <message>
        <source>watermark now %1</source>
        <translation>watermark now %1</translation>
    </message>
    <message>
        <source>no watermark: no round has thinned this mower</source>
        <translation>no watermark: no round has thinned this mower</translation>
    </message>
    <message>
        <source>first differences: %1</source>
        <translation>first differences: %1</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::WorkspaceSession</name>
    <message>
        <source>Positions</source>
        <translation>Positions</translation>
    </message>
    <message>
        <source>Kudos</source>
        <translation>Kudos</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>Tracks</translation>
    </message>
    <message>
        <source>, oldest row %1</source>
        <translation>, oldest row %1</translation>
    </message>
    <message>
        <source>Load kudos from %1</source>
        <translation>Load kudos from %1</translation>
    </message>
    <message>
        <source>Load tracks from %1</source>
        <translation>Load tracks from %1</translation>
    </message>
    <message>
        <source> within %1</source>
        <translation> within %1</translation>
    </message>
    <message>
        <source>Open demo workspace in %1</source>
        <translation>Open demo workspace in %1</translation>
    </message>
    <message>
        <source>Demo workspace running (%1)</source>
        <translation>Demo workspace running (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 row</numerusform>
            <numerusform>%1 rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln mower(s)</source>
        <translation>
            <numerusform>%Ln mower</numerusform>
            <numerusform>%Ln mowers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln table(s)</source>
        <translation>
            <numerusform>%Ln table</numerusform>
            <numerusform>%Ln tables</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s)</source>
        <translation>
            <numerusform>%Ln track</numerusform>
            <numerusform>%Ln tracks</numerusform>
        </translation>
    </message>
</context>
</TS>
