<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
    <context>
        <name>ConnectDialog</name>
        <message>
            <source>Connect</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Profile:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Choose a saved profile or type a new name to save these settings under</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Save profile</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Datasets</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>P&amp;ositions (PostgreSQL):</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>host=db.example port=5432 dbname=positions user=ops  or  service=positions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Kudos (PostgreSQL):</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>postgresql://ops@db.example/kudos  or  service=kudos</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Tracks (SQLite file):</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>/path/to/gps_tracks.sqlite</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Browse…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Archive URL:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>file:///srv/archive  or  s3://bucket/prefix</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Passwords are never saved. libpq takes them from ~/.pgpass, PGPASSWORD or a service file (~/.pg_service.conf).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A password in a connection string is used for this session only and removed when the profile is saved.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>main</name>
        <message>
            <source>--lang: no translation for "%1" (available: %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Tidemark operations console for data retention.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Open the embedded demo workspace (created on first use).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Folder of the demo workspace.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>DIR</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Save the window as a PNG once the panels have loaded, then exit.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FILE.png</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seconds --screenshot waits for loading (default 600).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>SECONDS</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Language of the console (en, ru); default: the system's.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>LANG</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Positions database: libpq connection string or service=NAME.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>CONNINFO</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Kudos database: libpq connection string or service=NAME.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Tracks database (gps_tracks.sqlite).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FILE</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Archive URL (default: TIDEMARK_ARCHIVE_URL).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>URL</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unexpected argument: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>--timeout: expected a positive number of seconds, got "%1"</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>--demo cannot be combined with --db-positions, --db-kudos or --sqlite</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::app::ScreenshotSaver</name>
        <message>
            <source>screenshot: the panels did not finish loading within %1 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>screenshot: cannot write %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>screenshot saved to %1, but loading failed: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>demo workspace</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::kudos::KudosTableSummaryModel</name>
        <message>
            <source>Table</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rows</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Size</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Oldest (UTC)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Newest (UTC)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::positions::MowerEligibilityModel</name>
        <message>
            <source>Rows between the watermark (or the oldest row) and the cutoff: what the next rounds thin.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>none</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Mower</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rows</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Oldest (UTC)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Newest (UTC)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Watermark</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Eligible</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slices</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::positions::MowerSummaryModel</name>
        <message>
            <source>not thinned yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rows older than the watermark have been thinned</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Mower</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rows</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Oldest (UTC)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Newest (UTC)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Thinned to (UTC)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::positions::RoundHistoryModel</name>
        <message>
            <source>cancelled</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>budget used up</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>window closed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>complete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>outside the window</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>partial</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>dry run</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>run</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Started</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Kind</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Outcome</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slices</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Scanned</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Deleted</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seconds</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::tracks::TracksSummaryModel</name>
        <message>
            <source>All tracks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Activity</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Tracks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Length (km)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Extent</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::ui::AboutDialog</name>
        <message>
            <source>About Tidemark</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&lt;h2&gt;Tidemark %1&lt;/h2&gt;</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Operations console for data retention: mower positions, kudos partitions and public GPS tracks. It shows what retention keeps and removes before anything is removed, runs and verifies retention rounds, and restores archived data.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&lt;b&gt;Runs on&lt;/b&gt;</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::ui::ConnectDialog</name>
        <message>
            <source>Tracks database</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::ui::DatasetPanel</name>
        <message>
            <source>Reload</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Load this dataset again</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Not connected</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Use File › Connect… or File › Open demo workspace.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Loading…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Loading failed</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::ui::JobListModel</name>
        <message>
            <source>Running</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Paused</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cancelling</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Done</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cancelled</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Job</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>State</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Progress</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Result</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::ui::JobPanel</name>
        <message>
            <source>Pause</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Resume</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cancel</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::ui::JobRunner</name>
        <message>
            <source>Cancelled</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>cancelled</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::ui::LibraryVersions</name>
        <message>
            <source>not available</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::ui::MainWindow</name>
        <message>
            <source>Tidemark</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Jobs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;File</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Connect…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Open &amp;demo workspace</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Reload all</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;View</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Settings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Language</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>System language</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Help</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;About Tidemark</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>About &amp;Qt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Starting the demo workspace… The first start generates its data and takes about a minute.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Starting the demo workspace…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The demo workspace did not start: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The demo workspace did not start</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Language</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The new language is used when Tidemark starts again.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>positions: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>kudos: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>tracks: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>archive: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Not connected</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No jobs running</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>%n job(s) running</source>
            <translation>
                <numerusform>%n job running</numerusform>
                <numerusform>%n jobs running</numerusform>
            </translation>
        </message>
        <message>
            <source>Tracks extent</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The area covered by the tracks database</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::ui::MapPlaceholder</name>
        <message>
            <source>Map</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>tidemark::ui::WorkspaceSession</name>
        <message>
            <source>Positions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Kudos</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Tracks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Load positions from %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>, oldest row %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Load kudos from %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Load tracks from %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source> within %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Open demo workspace in %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Demo workspace running (%1)</source>
            <translation type="unfinished" />
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
