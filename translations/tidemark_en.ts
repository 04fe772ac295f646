<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ConnectDialog</name>
    <message>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a saved profile or type a new name to save these settings under</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Datasets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;ositions (PostgreSQL):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host=db.example port=5432 dbname=positions user=ops  or  service=positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kudos (PostgreSQL):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>postgresql://ops@db.example/kudos  or  service=kudos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tracks (SQLite file):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/path/to/gps_tracks.sqlite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Archive URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file:///srv/archive  or  s3://bucket/prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passwords are never saved. libpq takes them from ~/.pgpass, PGPASSWORD or a service file (~/.pg_service.conf).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A password in a connection string is used for this session only and removed when the profile is saved.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>--lang: no translation for &quot;%1&quot; (available: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tidemark operations console for data retention.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the embedded demo workspace (created on first use).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder of the demo workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DIR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the window as a PNG once the panels have loaded, then exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE.png</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds --screenshot waits for loading (default 600).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SECONDS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language of the console (en, ru); default: the system&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LANG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Positions database: libpq connection string or service=NAME.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CONNINFO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kudos database: libpq connection string or service=NAME.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracks database (gps_tracks.sqlite).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archive URL (default: TIDEMARK_ARCHIVE_URL).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--timeout: expected a positive number of seconds, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--demo cannot be combined with --db-positions, --db-kudos or --sqlite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base map: an XYZ URL template with {z}, {x}, {y}, or an MBTiles file (default: the last choice, else a neutral grid).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL|FILE</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::app::ScreenshotSaver</name>
    <message>
        <source>screenshot: the panels did not finish loading within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot: cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot saved to %1, but loading failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo workspace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::KudosTableSummaryModel</name>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oldest (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Newest (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::positions::MowerEligibilityModel</name>
    <message>
        <source>Rows between the watermark (or the oldest row) and the cutoff: what the next rounds thin.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Newest (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watermark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eligible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinned until %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oldest</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::positions::MowerSummaryModel</name>
    <message>
        <source>not thinned yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows older than the watermark have been thinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oldest (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Newest (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinned to (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::positions::RoundHistoryModel</name>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budget used up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scanned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::tracks::TracksSummaryModel</name>
    <message>
        <source>All tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length (km)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::AboutDialog</name>
    <message>
        <source>About Tidemark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h2&gt;Tidemark %1&lt;/h2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations console for data retention: mower positions, kudos partitions and public GPS tracks. It shows what retention keeps and removes before anything is removed, runs and verifies retention rounds, and restores archived data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Runs on&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::ConnectDialog</name>
    <message>
        <source>Tracks database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::DatasetPanel</name>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load this dataset again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use File › Connect… or File › Open demo workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::JobListModel</name>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::JobPanel</name>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::JobRunner</name>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::LibraryVersions</name>
    <message>
        <source>not available</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::MainWindow</name>
    <message>
        <source>Tidemark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;demo workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reload all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Tidemark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the demo workspace… The first start generates its data and takes about a minute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the demo workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo workspace did not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo workspace did not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new language is used when Tidemark starts again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>positions: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kudos: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tracks: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>archive: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No jobs running</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Neutral grid (offline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;XYZ tiles…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XYZ tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL template with {z}, {x} and {y} (respect the tile server&apos;s usage policy):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;MBTiles file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MBTiles file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MBTiles (*.mbtiles)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base map not changed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PositionsWorkbench</name>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last 7 days of the mower&apos;s data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Week before the detail window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The week just older than the detail window: what the next rounds thin.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mowers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers (check to show, drag to reorder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole range is older than the detail window (cutoff %1): a round thins it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole range is inside the detail window (cutoff %1): a round leaves it alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The range straddles the cutoff %1: only its older part is thinned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PreviewLayers</name>
    <message>
        <source>mnet signal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median mobile network RSSI per signal cell of the range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wifi signal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median wifi RSSI per signal cell of the range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rtk fix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of rows with a fixed RTK solution per signal cell.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coverage before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cells the raw rows cover (swath, normal join limits).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coverage after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cells the survivors cover with the wider join of thinned rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coverage difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cells the thinning loses (red) or gains (blue); grey is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raw track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every row of the range as the table holds it, with its path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows a round would delete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>survivors by reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows a round keeps, coloured by their main reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>picked row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The row shown in the inspector.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>covered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no fix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−100 dBm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−40 dBm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept: time bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept: gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept: blades on/off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept: rtk change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept: turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept: error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left alone (detail window or already thinned)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>between</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raw row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PreviewPanel</name>
    <message>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the range and run keep_set on it exactly as a round would; nothing is deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a mower and a range, then Preview.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a point on the map to see its row and why it is kept or removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loaded %1 rows in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 rows&lt;/b&gt; in %2 – %3&lt;br&gt;&lt;b style=&apos;color:#1b7a2f&apos;&gt;kept %4&lt;/b&gt; (by keep_set %5, detail window %6, thinned earlier %7) · &lt;b style=&apos;color:#c0392b&apos;&gt;removed %8&lt;/b&gt; (%9 %)&lt;br&gt;reasons: %10&lt;br&gt;coverage: before %11 m², after %12 m² (normal join %13 m²), deviation %14 % — &lt;b style=&apos;color:%15&apos;&gt;%16&lt;/b&gt;&lt;br&gt;&lt;span style=&apos;color:#666&apos;&gt;cutoff %17 · %18 slices run · keep_set %19 s · coverage %20 s&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No row near the click.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;lat %2, lon %3 · blades %4 · rtk %5 · wifi %6 · mnet %7 · speed %8&lt;br&gt;&lt;b style=&apos;color:%9&apos;&gt;%10&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no coverage in the range</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::RoundHistoryChart</name>
    <message>
        <source>Rounds, oldest left: rows scanned (grey) and deleted (red); dry runs hatched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rounds recorded yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows per round, oldest left (max %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scanned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted (hatched: dry run)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::RoundPanel</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a retention round now: age delete, then thinning slice by slice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count what a round would scan and delete; delete nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignore the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thin even outside the nightly maintenance window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No round running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window %1:00–%2:00 %3 · now %4 there (hour %5): &lt;b style=&apos;color:%6&apos;&gt;%7&lt;/b&gt; · budget %8 s per round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused after the current slice. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 slices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped: another runner holds the lock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside the thinning window: nothing thinned (%1 slices pending)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budget used up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the window closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>would delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mower %1: slice %2 of %3 · scanned %4 rows, %5 · %6 elapsed, about %7 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>would delete: counted at the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2: mowers %3, slices %4, scanned %5, %6 %7, age delete %8, %9 s; slices left %10</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::TrackLayer</name>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::VerifyPanel</name>
    <message>
        <source>Verify the previewed range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload the range of the last preview and compare it with the preview&apos;s survivors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview a range, run a round, then verify it here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reloading the range…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1 · in the table %2 · matching %3 · missing %4 · not thinned as previewed %5 · changed %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watermark now %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no watermark: no round has thinned this mower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first differences: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tidemark::ui::WorkspaceSession</name>
    <message>
        <source>Positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kudos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load positions from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, oldest row %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load kudos from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load tracks from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> within %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open demo workspace in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo workspace running (%1)</source>
        <translation type="unfinished"></translation>
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
