<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ChartAxis</name>
    <message>
        <source>k</source>
        <comment>thousand</comment>
        <translation>k</translation>
    </message>
    <message>
        <source>M</source>
        <comment>million</comment>
        <translation>M</translation>
    </message>
    <message>
        <source>bn</source>
        <comment>billion</comment>
        <translation>bn</translation>
    </message>
    <message>
        <source>tn</source>
        <comment>trillion</comment>
        <translation>tn</translation>
    </message>
</context>
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
    <message>
        <source>Tracks (Post&amp;GIS):</source>
        <translation>Tracks (Post&amp;GIS):</translation>
    </message>
    <message>
        <source>service=tracks  (instead of a file)</source>
        <translation>service=tracks  (instead of a file)</translation>
    </message>
    <message>
        <source>The tracks are a file or a PostGIS database: clear one of the two.</source>
        <translation>The tracks are a file or a PostGIS database: clear one of the two.</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 TiB</source>
        <translation>%1 TiB</translation>
    </message>
    <message>
        <source>%1 PiB</source>
        <translation>%1 PiB</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>today %1</source>
        <translation>today %1</translation>
    </message>
    <message>
        <source>tomorrow %1</source>
        <translation>tomorrow %1</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>just now</translation>
    </message>
    <message numerus="yes">
        <source>%Ln min ago</source>
        <translation>
            <numerusform>%Ln min ago</numerusform>
            <numerusform>%Ln min ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln h ago</source>
        <translation>
            <numerusform>%Ln h ago</numerusform>
            <numerusform>%Ln h ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln day(s) ago</source>
        <translation>
            <numerusform>%Ln day ago</numerusform>
            <numerusform>%Ln days ago</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
</context>
<context>
    <name>HomeFigure</name>
    <message>
        <source>now</source>
        <translation>now</translation>
    </message>
    <message>
        <source>Slices pending (no recorded pace to project them)</source>
        <translation>Slices pending (no recorded pace to project them)</translation>
    </message>
    <message>
        <source>Slices pending after each night at the recorded pace</source>
        <translation>Slices pending after each night at the recorded pace</translation>
    </message>
    <message>
        <source>night %1</source>
        <translation>night %1</translation>
    </message>
    <message>
        <source>Archive tiers against their budgets</source>
        <translation>Archive tiers against their budgets</translation>
    </message>
    <message>
        <source>%1, no budget set</source>
        <translation>%1, no budget set</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
    <message>
        <source>The store against the %1 mark</source>
        <translation>The store against the %1 mark</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>after retention</source>
        <translation>after retention</translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 slice(s)</source>
        <translation>
            <numerusform>%1 slice</numerusform>
            <numerusform>%1 slices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KudosForecastJob</name>
    <message>
        <source>counting the rollup keys of %1</source>
        <translation>counting the rollup keys of %1</translation>
    </message>
    <message>
        <source>reading the manifests of the %1 tier</source>
        <translation>reading the manifests of the %1 tier</translation>
    </message>
    <message>
        <source>counting the ranges</source>
        <translation>counting the ranges</translation>
    </message>
    <message>
        <source>forecasting</source>
        <translation>forecasting</translation>
    </message>
</context>
<context>
    <name>KudosReconcileJob</name>
    <message>
        <source>rebuilding the checkpoints</source>
        <translation>rebuilding the checkpoints</translation>
    </message>
    <message>
        <source>taking a balance snapshot</source>
        <translation>taking a balance snapshot</translation>
    </message>
    <message>
        <source>comparing the balances</source>
        <translation>comparing the balances</translation>
    </message>
    <message>
        <source>writing the repairs</source>
        <translation>writing the repairs</translation>
    </message>
</context>
<context>
    <name>KudosRoundJob</name>
    <message>
        <source>one action</source>
        <translation>one action</translation>
    </message>
    <message>
        <source>nothing to do</source>
        <translation>nothing to do</translation>
    </message>
</context>
<context>
    <name>KudosStatusLoader</name>
    <message>
        <source>counting the ranges</source>
        <translation>counting the ranges</translation>
    </message>
    <message>
        <source>incidents</source>
        <translation>incidents</translation>
    </message>
    <message>
        <source>archive</source>
        <translation>archive</translation>
    </message>
    <message>
        <source>counting the tables</source>
        <translation>counting the tables</translation>
    </message>
    <message>
        <source>no archive is configured (TIDEMARK_ARCHIVE_URL or --archive)</source>
        <translation>no archive is configured (TIDEMARK_ARCHIVE_URL or --archive)</translation>
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
        <source>%1 rows</source>
        <translation>%1 rows</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>%1 left</translation>
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
        <source>Base map: an XYZ URL template with {z}, {x}, {y}, or an MBTiles file (default: TIDEMARK_TILES_URL, else the last choice, else a neutral grid; an API key in the template&apos;s query is never saved).</source>
        <translation>Base map: an XYZ URL template with {z}, {x}, {y}, or an MBTiles file (default: TIDEMARK_TILES_URL, else the last choice, else a neutral grid; an API key in the template&apos;s query is never saved).</translation>
    </message>
    <message>
        <source>URL|FILE</source>
        <translation>URL|FILE</translation>
    </message>
    <message>
        <source>Override a setting for this session (repeatable); over the environment and the [settings] of the configuration file.</source>
        <translation>Override a setting for this session (repeatable); over the environment and the [settings] of the configuration file.</translation>
    </message>
    <message>
        <source>NAME=VALUE</source>
        <translation>NAME=VALUE</translation>
    </message>
    <message>
        <source>--set: expected NAME=VALUE, got &quot;%1&quot;</source>
        <translation>--set: expected NAME=VALUE, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Tracks in PostGIS instead of a file: libpq connection string or service=NAME.</source>
        <translation>Tracks in PostGIS instead of a file: libpq connection string or service=NAME.</translation>
    </message>
    <message>
        <source>--sqlite and --tracks-db name two tracks stores: give one of them</source>
        <translation>--sqlite and --tracks-db name two tracks stores: give one of them</translation>
    </message>
    <message>
        <source>--demo cannot be combined with --db-positions, --db-kudos, --sqlite or --tracks-db</source>
        <translation>--demo cannot be combined with --db-positions, --db-kudos, --sqlite or --tracks-db</translation>
    </message>
</context>
<context>
    <name>tidemark::HomePlan</name>
    <message>
        <source>Retention plan (quick estimate)</source>
        <translation>Retention plan (quick estimate)</translation>
    </message>
    <message>
        <source>Retention plan</source>
        <translation>Retention plan</translation>
    </message>
    <message>
        <source>nothing needs you</source>
        <translation>nothing needs you</translation>
    </message>
    <message numerus="yes">
        <source>%Ln item(s) need you</source>
        <translation>
            <numerusform>%Ln item needs you</numerusform>
            <numerusform>%Ln items need you</numerusform>
        </translation>
    </message>
    <message>
        <source>Open the plan %1</source>
        <translation>Open the plan %1</translation>
    </message>
    <message>
        <source>Apply the plan %1</source>
        <translation>Apply the plan %1</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>exit %1</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>refused</translation>
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
    <name>tidemark::WorkspaceSession</name>
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
    <message numerus="yes">
        <source>, on a Citus cluster of %Ln node(s)</source>
        <translation>
            <numerusform>, on a Citus cluster of %Ln node</numerusform>
            <numerusform>, on a Citus cluster of %Ln nodes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tidemark::app::ScreenshotSaver</name>
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
    <message>
        <source>screenshot: the panels did not finish loading within %1</source>
        <translation>screenshot: the panels did not finish loading within %1</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::CoveringObjectModel</name>
    <message>
        <source>object missing</source>
        <translation>object missing</translation>
    </message>
    <message>
        <source>online</source>
        <translation>online</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>dropped</translation>
    </message>
    <message>
        <source>no manifest</source>
        <translation>no manifest</translation>
    </message>
    <message>
        <source>manifest unreadable</source>
        <translation>manifest unreadable</translation>
    </message>
    <message>
        <source>not verified</source>
        <translation>not verified</translation>
    </message>
    <message>
        <source>verifying…</source>
        <translation>verifying…</translation>
    </message>
    <message>
        <source>verified, online too</source>
        <translation>verified, online too</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>verified</translation>
    </message>
    <message numerus="yes">
        <source>FAILED: %Ln problem(s)</source>
        <translation>
            <numerusform>FAILED: %Ln problem</numerusform>
            <numerusform>FAILED: %Ln problems</numerusform>
        </translation>
    </message>
    <message>
        <source>yes</source>
        <translation>yes</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Object</translation>
    </message>
    <message>
        <source>Days (UTC)</source>
        <translation>Days (UTC)</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Rows</translation>
    </message>
    <message>
        <source>User&apos;s rows</source>
        <translation>User&apos;s rows</translation>
    </message>
    <message>
        <source>User&apos;s balance</source>
        <translation>User&apos;s balance</translation>
    </message>
    <message>
        <source>User&apos;s escrow</source>
        <translation>User&apos;s escrow</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Size</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>Partition</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>Verification</translation>
    </message>
    <message>
        <source>Restored</source>
        <translation>Restored</translation>
    </message>
    <message>
        <source>never</source>
        <translation>never</translation>
    </message>
    <message>
        <source>passed %1</source>
        <translation>passed %1</translation>
    </message>
    <message>
        <source>failed %1</source>
        <translation>failed %1</translation>
    </message>
    <message>
        <source>Never drilled: a drill restores the object into a scratch file and compares its sums with the daily statements.</source>
        <translation>Never drilled: a drill restores the object into a scratch file and compares its sums with the daily statements.</translation>
    </message>
    <message numerus="yes">
        <source>Drilled %1: %Ln row(s) restored and their sums agreed with the daily statements.</source>
        <translation>
            <numerusform>Drilled %1: %Ln row restored and their sums agreed with the daily statements.</numerusform>
            <numerusform>Drilled %1: %Ln rows restored and their sums agreed with the daily statements.</numerusform>
        </translation>
    </message>
    <message>
        <source>Last drill</source>
        <translation>Last drill</translation>
    </message>
    <message>
        <source>checked %1</source>
        <translation>checked %1</translation>
    </message>
    <message>
        <source>checked %1 by a restore</source>
        <translation>checked %1 by a restore</translation>
    </message>
    <message>
        <source>checked %1 by a drill</source>
        <translation>checked %1 by a drill</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::DisputeCase</name>
    <message>
        <source>Connect to the kudos database first.</source>
        <translation>Connect to the kudos database first.</translation>
    </message>
    <message>
        <source>Investigate user %1&apos;s kudos on %2</source>
        <translation>Investigate user %1&apos;s kudos on %2</translation>
    </message>
    <message>
        <source>Verify archive object %1</source>
        <translation>Verify archive object %1</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>verified</translation>
    </message>
    <message numerus="yes">
        <source>%Ln problem(s)</source>
        <translation>
            <numerusform>%Ln problem</numerusform>
            <numerusform>%Ln problems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Restore %Ln archive object(s) into %1</source>
        <translation>
            <numerusform>Restore %Ln archive object into %1</numerusform>
            <numerusform>Restore %Ln archive objects into %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) restored</source>
        <translation>
            <numerusform>%Ln row restored</numerusform>
            <numerusform>%Ln rows restored</numerusform>
        </translation>
    </message>
    <message>
        <source>Read user %1&apos;s kudos rows</source>
        <translation>Read user %1&apos;s kudos rows</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln row</numerusform>
            <numerusform>%Ln rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln statement line(s)</source>
        <translation>
            <numerusform>%Ln statement line</numerusform>
            <numerusform>%Ln statement lines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln archive object(s)</source>
        <translation>
            <numerusform>, %Ln archive object</numerusform>
            <numerusform>, %Ln archive objects</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message numerus="yes">
        <source>Restore cancelled: %Ln object(s) restored before it (%1 row(s)); the object in progress left the restore file as it was.</source>
        <translation>
            <numerusform>Restore cancelled: %Ln object restored before it (%1 row(s)); the object in progress left the restore file as it was.</numerusform>
            <numerusform>Restore cancelled: %Ln objects restored before it (%1 row(s)); the object in progress left the restore file as it was.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drill a sample of %Ln archive object(s) of %1</source>
        <translation>
            <numerusform>Drill a sample of %Ln archive object of %1</numerusform>
            <numerusform>Drill a sample of %Ln archive objects of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drill %Ln archive object(s) of %1</source>
        <translation>
            <numerusform>Drill %Ln archive object of %1</numerusform>
            <numerusform>Drill %Ln archive objects of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) failed</source>
        <translation>
            <numerusform>%Ln object failed</numerusform>
            <numerusform>%Ln objects failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln passed</source>
        <translation>
            <numerusform>%Ln passed</numerusform>
            <numerusform>%Ln passed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drill cancelled at %1: %Ln object(s) drilled before it</source>
        <translation>
            <numerusform>Drill cancelled at %1: %Ln object drilled before it</numerusform>
            <numerusform>Drill cancelled at %1: %Ln objects drilled before it</numerusform>
        </translation>
    </message>
    <message>
        <source>the start</source>
        <translation>the start</translation>
    </message>
    <message>
        <source>Nothing to drill: the catalog records no archive object</source>
        <translation>Nothing to drill: the catalog records no archive object</translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) drilled</source>
        <translation>
            <numerusform>%Ln object drilled</numerusform>
            <numerusform>%Ln objects drilled</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>: all passed (%Ln row(s) restored and compared)</source>
        <translation>
            <numerusform>: all passed (%Ln row restored and compared)</numerusform>
            <numerusform>: all passed (%Ln rows restored and compared)</numerusform>
        </translation>
    </message>
    <message>
        <source>: %1 passed, %2 FAILED</source>
        <translation>: %1 passed, %2 FAILED</translation>
    </message>
    <message>
        <source>Read the restore drills of %1</source>
        <translation>Read the restore drills of %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln object(s) proven</source>
        <translation>
            <numerusform>%1 of %Ln object proven</numerusform>
            <numerusform>%1 of %Ln objects proven</numerusform>
        </translation>
    </message>
    <message>
        <source>Type the dispute&apos;s user: a user id, a username or an OAuth id.</source>
        <translation>Type the dispute&apos;s user: a user id, a username or an OAuth id.</translation>
    </message>
    <message>
        <source>Find kudos users starting with %1</source>
        <translation>Find kudos users starting with %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln user(s)</source>
        <translation>
            <numerusform>%Ln user</numerusform>
            <numerusform>%Ln users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) restored into %1</source>
        <translation>
            <numerusform>%Ln object restored into %1</numerusform>
            <numerusform>%Ln objects restored into %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%Ln row(s))</source>
        <translation>
            <numerusform> (%Ln row)</numerusform>
            <numerusform> (%Ln rows)</numerusform>
        </translation>
    </message>
    <message>
        <source> Restored: %1.</source>
        <translation> Restored: %1.</translation>
    </message>
    <message numerus="yes">
        <source> %Ln of them were already there.</source>
        <translation>
            <numerusform> %Ln of them was already there.</numerusform>
            <numerusform> %Ln of them were already there.</numerusform>
        </translation>
    </message>
    <message>
        <source> Not restored, though they hold the user&apos;s rows: %1.</source>
        <translation> Not restored, though they hold the user&apos;s rows: %1.</translation>
    </message>
    <message>
        <source>Drill every archive object of %1</source>
        <translation>Drill every archive object of %1</translation>
    </message>
    <message>
        <source>no archive is configured (TIDEMARK_ARCHIVE_URL)</source>
        <translation>no archive is configured (TIDEMARK_ARCHIVE_URL)</translation>
    </message>
    <message>
        <source>List the kudos archive of %1</source>
        <translation>List the kudos archive of %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln archive object(s)</source>
        <translation>
            <numerusform>%Ln archive object</numerusform>
            <numerusform>%Ln archive objects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::DisputeRowsModel</name>
    <message>
        <source>archive</source>
        <translation>archive</translation>
    </message>
    <message>
        <source>online</source>
        <translation>online</translation>
    </message>
    <message>
        <source>archive + online</source>
        <translation>archive + online</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::DrillResultModel</name>
    <message>
        <source>passed</source>
        <translation>passed</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>sums agree with %1</source>
        <translation>sums agree with %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (and %Ln more)</source>
        <translation>
            <numerusform>%1 (and %Ln more)</numerusform>
            <numerusform>%1 (and %Ln more)</numerusform>
        </translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Object</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>Tier</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Result</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Rows</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Seconds</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Problems</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::KudosDataset</name>
    <message>
        <source>The archive is not reachable (%1): currency retention and its drops wait.</source>
        <translation>The archive is not reachable (%1): currency retention and its drops wait.</translation>
    </message>
    <message>
        <source>The archive is not reachable (%1): statistic dumps and drops wait.</source>
        <translation>The archive is not reachable (%1): statistic dumps and drops wait.</translation>
    </message>
    <message>
        <source>Load the kudos partitions of %1</source>
        <translation>Load the kudos partitions of %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln range(s)</source>
        <translation>
            <numerusform>%Ln range</numerusform>
            <numerusform>%Ln ranges</numerusform>
        </translation>
    </message>
    <message>
        <source>Reconcile the kudos balances of %1</source>
        <translation>Reconcile the kudos balances of %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln user(s) drifting</source>
        <translation>
            <numerusform>%Ln user drifting</numerusform>
            <numerusform>%Ln users drifting</numerusform>
        </translation>
    </message>
    <message>
        <source>Take a kudos balance snapshot of %1 and reconcile against it</source>
        <translation>Take a kudos balance snapshot of %1 and reconcile against it</translation>
    </message>
    <message>
        <source>Kudos retention: the plan for %1</source>
        <translation>Kudos retention: the plan for %1</translation>
    </message>
    <message>
        <source>Kudos retention: one step on %1</source>
        <translation>Kudos retention: one step on %1</translation>
    </message>
    <message>
        <source>Kudos retention round on %1</source>
        <translation>Kudos retention round on %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln action(s) done</source>
        <translation>
            <numerusform>%Ln action done</numerusform>
            <numerusform>%Ln actions done</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln alert(s)</source>
        <translation>
            <numerusform>%Ln alert</numerusform>
            <numerusform>%Ln alerts</numerusform>
        </translation>
    </message>
    <message>
        <source>Plan the kudos partition swap of %1</source>
        <translation>Plan the kudos partition swap of %1</translation>
    </message>
    <message>
        <source>Partition the kudos tables of %1</source>
        <translation>Partition the kudos tables of %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln step(s) done</source>
        <translation>
            <numerusform>%Ln step done</numerusform>
            <numerusform>%Ln steps done</numerusform>
        </translation>
    </message>
    <message>
        <source>Forecast the kudos capacity of %1</source>
        <translation>Forecast the kudos capacity of %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln step(s) in the next run</source>
        <translation>
            <numerusform>%Ln step in the next run</numerusform>
            <numerusform>%Ln steps in the next run</numerusform>
        </translation>
    </message>
    <message>
        <source>Kudos retention: apply the previewed plan on %1</source>
        <translation>Kudos retention: apply the previewed plan on %1</translation>
    </message>
    <message>
        <source>Rehearse retention on the copy %1</source>
        <translation>Rehearse retention on the copy %1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>go</source>
        <translation>go</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>not yet</translation>
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
    <name>tidemark::kudos::PartitionStatusModel</name>
    <message>
        <source>rolled up</source>
        <translation>rolled up</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>dropped</translation>
    </message>
    <message>
        <source>dump failed</source>
        <translation>dump failed</translation>
    </message>
    <message>
        <source>not catalogued</source>
        <translation>not catalogued</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>pending</translation>
    </message>
    <message>
        <source>dumped</source>
        <translation>dumped</translation>
    </message>
    <message>
        <source>checkpointed</source>
        <translation>checkpointed</translation>
    </message>
    <message>
        <source>statements written</source>
        <translation>statements written</translation>
    </message>
    <message>
        <source>exported</source>
        <translation>exported</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>verified</translation>
    </message>
    <message>
        <source>Last error: %1</source>
        <translation>Last error: %1</translation>
    </message>
    <message>
        <source>currency</source>
        <translation>currency</translation>
    </message>
    <message>
        <source>statistics</source>
        <translation>statistics</translation>
    </message>
    <message>
        <source>%1 (sub-range)</source>
        <translation>%1 (sub-range)</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
    <message>
        <source>%1 (error)</source>
        <translation>%1 (error)</translation>
    </message>
    <message>
        <source>%1 (eligible)</source>
        <translation>%1 (eligible)</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Dataset</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>Partition</translation>
    </message>
    <message>
        <source>Range (UTC)</source>
        <translation>Range (UTC)</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Rows</translation>
    </message>
    <message>
        <source>Unapplied</source>
        <translation>Unapplied</translation>
    </message>
    <message>
        <source>Quarantined</source>
        <translation>Quarantined</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Eligible</source>
        <translation>Eligible</translation>
    </message>
    <message>
        <source>Archive object</source>
        <translation>Archive object</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Size</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::QuarantineModel</name>
    <message>
        <source>user %1</source>
        <translation>user %1</translation>
    </message>
    <message>
        <source>worker (user %1)</source>
        <translation>worker (user %1)</translation>
    </message>
    <message>
        <source>worker</source>
        <translation>worker</translation>
    </message>
    <message>
        <source>online in %1</source>
        <translation>online in %1</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Created (UTC)</translation>
    </message>
    <message>
        <source>User / worker</source>
        <translation>User / worker</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Where</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::ReconciliationModel</name>
    <message>
        <source>User</source>
        <translation>User</translation>
    </message>
    <message>
        <source>Expected balance</source>
        <translation>Expected balance</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Balance</translation>
    </message>
    <message>
        <source>Expected escrow</source>
        <translation>Expected escrow</translation>
    </message>
    <message>
        <source>Escrow</source>
        <translation>Escrow</translation>
    </message>
    <message>
        <source>Drift</source>
        <translation>Drift</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::RetentionIssueModel</name>
    <message>
        <source>archive unavailable</source>
        <translation>archive unavailable</translation>
    </message>
    <message>
        <source>over budget</source>
        <translation>over budget</translation>
    </message>
    <message>
        <source>verification failed</source>
        <translation>verification failed</translation>
    </message>
    <message>
        <source>unapplied rows</source>
        <translation>unapplied rows</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>Alert: %1</source>
        <translation>Alert: %1</translation>
    </message>
    <message>
        <source>Incident</source>
        <translation>Incident</translation>
    </message>
    <message>
        <source>currency</source>
        <translation>currency</translation>
    </message>
    <message>
        <source>statistics</source>
        <translation>statistics</translation>
    </message>
    <message numerus="yes">
        <source>%Ln unapplied row(s) in %1 older than the window, the oldest from %2</source>
        <translation>
            <numerusform>%Ln unapplied row in %1 older than the window, the oldest from %2</numerusform>
            <numerusform>%Ln unapplied rows in %1 older than the window, the oldest from %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Dataset</translation>
    </message>
    <message>
        <source>What</source>
        <translation>What</translation>
    </message>
    <message>
        <source>rows differ from their replacement</source>
        <translation>rows differ from their replacement</translation>
    </message>
    <message>
        <source>%1 [%2, %3) was not dropped (since %4): %5</source>
        <translation>%1 [%2, %3) was not dropped (since %4): %5</translation>
    </message>
    <message>
        <source>restore drill overdue</source>
        <translation>restore drill overdue</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::StatementModel</name>
    <message>
        <source>From kudos_ledger_daily: the day&apos;s rows were stated before they were archived.</source>
        <translation>From kudos_ledger_daily: the day&apos;s rows were stated before they were archived.</translation>
    </message>
    <message>
        <source>Summed from the rows still online in kudos_ledger.</source>
        <translation>Summed from the rows still online in kudos_ledger.</translation>
    </message>
    <message>
        <source>escrow</source>
        <translation>escrow</translation>
    </message>
    <message>
        <source>spendable</source>
        <translation>spendable</translation>
    </message>
    <message>
        <source>statement (archived)</source>
        <translation>statement (archived)</translation>
    </message>
    <message>
        <source>online</source>
        <translation>online</translation>
    </message>
    <message>
        <source>Day (UTC)</source>
        <translation>Day (UTC)</translation>
    </message>
    <message>
        <source>Entry type</source>
        <translation>Entry type</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Account</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Rows</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
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
        <source>Oldest</source>
        <translation>Oldest</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>Slices</translation>
    </message>
    <message>
        <source>Slices between the watermark (or the oldest row) and the cutoff: what the next rounds thin.</source>
        <translation>Slices between the watermark (or the oldest row) and the cutoff: what the next rounds thin.</translation>
    </message>
    <message>
        <source>Estimated %1 from a sample of the table; double-click to count this mower&apos;s rows exactly</source>
        <translation>Estimated %1 from a sample of the table; double-click to count this mower&apos;s rows exactly</translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 row</numerusform>
            <numerusform>%1 rows</numerusform>
        </translation>
    </message>
    <message>
        <source>≈ %1, estimated %2</source>
        <translation>≈ %1, estimated %2</translation>
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
    <message>
        <source>Count the rows of mower %1</source>
        <translation>Count the rows of mower %1</translation>
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
        <source>Verify mower %1 against its preview</source>
        <translation>Verify mower %1 against its preview</translation>
    </message>
    <message>
        <source>loading the range</source>
        <translation>loading the range</translation>
    </message>
    <message>
        <source>Forecast positions</source>
        <translation>Forecast positions</translation>
    </message>
    <message numerus="yes">
        <source>Forecast positions with %n what-if(s)</source>
        <translation>
            <numerusform>Forecast positions with %n what-if</numerusform>
            <numerusform>Forecast positions with %n what-ifs</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 rows kept on %3 mowers</source>
        <translation>%1 of %2 rows kept on %3 mowers</translation>
    </message>
    <message>
        <source>Positions round applying %1</source>
        <translation>Positions round applying %1</translation>
    </message>
    <message>
        <source>the dry run of %1</source>
        <translation>the dry run of %1</translation>
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
    <message numerus="yes">
        <source>%n mower(s) skipped</source>
        <translation>
            <numerusform>%n mower skipped</numerusform>
            <numerusform>%n mowers skipped</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped: %1</source>
        <translation>stopped: %1</translation>
    </message>
    <message numerus="yes">
        <source>dry run, %n jobs</source>
        <translation>
            <numerusform>dry run, %n job</numerusform>
            <numerusform>dry run, %n jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>run, %n jobs</source>
        <translation>
            <numerusform>run, %n job</numerusform>
            <numerusform>run, %n jobs</numerusform>
        </translation>
    </message>
    <message>
        <source>clock check overridden (%1 ahead)</source>
        <translation>clock check overridden (%1 ahead)</translation>
    </message>
    <message>
        <source>paused %1 holding the lock</source>
        <translation>paused %1 holding the lock</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Duration</translation>
    </message>
</context>
<context>
    <name>tidemark::tracks::TracksDataset</name>
    <message>
        <source>Read the tracks in view of %1</source>
        <translation>Read the tracks in view of %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) in view</source>
        <translation>
            <numerusform>%Ln track in view</numerusform>
            <numerusform>%Ln tracks in view</numerusform>
        </translation>
    </message>
    <message>
        <source>Preview the retention of %1</source>
        <translation>Preview the retention of %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) would be deleted</source>
        <translation>
            <numerusform>%Ln track would be deleted</numerusform>
            <numerusform>%Ln tracks would be deleted</numerusform>
        </translation>
    </message>
    <message>
        <source>Read the health of %1</source>
        <translation>Read the health of %1</translation>
    </message>
    <message numerus="yes">
        <source>Import %Ln GPX file(s) into %1</source>
        <translation>
            <numerusform>Import %Ln GPX file into %1</numerusform>
            <numerusform>Import %Ln GPX files into %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) added</source>
        <translation>
            <numerusform>%Ln track added</numerusform>
            <numerusform>%Ln tracks added</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln file(s) refused</source>
        <translation>
            <numerusform>, %Ln file refused</numerusform>
            <numerusform>, %Ln files refused</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln point time(s) refused</source>
        <translation>
            <numerusform>, %Ln point time refused</numerusform>
            <numerusform>, %Ln point times refused</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete the tracks of %1 older than the retention</source>
        <translation>Delete the tracks of %1 older than the retention</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) deleted</source>
        <translation>
            <numerusform>%Ln track deleted</numerusform>
            <numerusform>%Ln tracks deleted</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln file(s) not imported</source>
        <translation>
            <numerusform>, %Ln file not imported</numerusform>
            <numerusform>, %Ln files not imported</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy %1 to PostGIS %2</source>
        <translation>Copy %1 to PostGIS %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) copied, verified</source>
        <translation>
            <numerusform>%Ln track copied, verified</numerusform>
            <numerusform>%Ln tracks copied, verified</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) copied, cancelled</source>
        <translation>
            <numerusform>%Ln track copied, cancelled</numerusform>
            <numerusform>%Ln tracks copied, cancelled</numerusform>
        </translation>
    </message>
    <message>
        <source>NOT verified: %1</source>
        <translation>NOT verified: %1</translation>
    </message>
    <message>
        <source>Forecast the size of %1</source>
        <translation>Forecast the size of %1</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 on %2</translation>
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
    <name>tidemark::tracks::TracksTableModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Activity</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Sources</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <source>Length, km</source>
        <translation>Length, km</translation>
    </message>
    <message>
        <source>Ridden (UTC)</source>
        <translation>Ridden (UTC)</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>Imported</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
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
    <name>tidemark::ui::ArchiveObjectPanel</name>
    <message>
        <source>&lt;p style=&apos;color:#555&apos;&gt;Select an archive object to see its manifest and its verification.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#555&apos;&gt;Select an archive object to see its manifest and its verification.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Not verified in this session. Verify reads the whole object and checks it against the manifest; a restore verifies first.</source>
        <translation>Not verified in this session. Verify reads the whole object and checks it against the manifest; a restore verifies first.</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>Verifying…</translation>
    </message>
    <message>
        <source>Verified: object and content digests, rows and every user&apos;s totals agree with the manifest and with the online partition.</source>
        <translation>Verified: object and content digests, rows and every user&apos;s totals agree with the manifest and with the online partition.</translation>
    </message>
    <message>
        <source>Verified: object and content digests, rows and every user&apos;s totals agree with the manifest.</source>
        <translation>Verified: object and content digests, rows and every user&apos;s totals agree with the manifest.</translation>
    </message>
    <message>
        <source>Verification FAILED: nothing from this object can be restored.</source>
        <translation>Verification FAILED: nothing from this object can be restored.</translation>
    </message>
    <message>
        <source>&lt;p&gt;Its rows are in the restore file.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Its rows are in the restore file.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The manifest is missing: the object cannot be verified or restored.</source>
        <translation>The manifest is missing: the object cannot be verified or restored.</translation>
    </message>
    <message>
        <source>The manifest cannot be read: %1</source>
        <translation>The manifest cannot be read: %1</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Dataset</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>Partition</translation>
    </message>
    <message>
        <source>still online</source>
        <translation>still online</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>dropped</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Created</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Rows</translation>
    </message>
    <message>
        <source>User %1</source>
        <translation>User %1</translation>
    </message>
    <message>
        <source>%1 rows · balance %2 · escrow %3</source>
        <translation>%1 rows · balance %2 · escrow %3</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Columns</translation>
    </message>
    <message>
        <source>Content sha256</source>
        <translation>Content sha256</translation>
    </message>
    <message>
        <source>Object sha256</source>
        <translation>Object sha256</translation>
    </message>
    <message>
        <source>Object size</source>
        <translation>Object size</translation>
    </message>
    <message>
        <source>Exported</source>
        <translation>Exported</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 by %2</translation>
    </message>
    <message>
        <source>The manifest as stored beside the object:</source>
        <translation>The manifest as stored beside the object:</translation>
    </message>
    <message numerus="yes">
        <source>… %Ln more problem(s)</source>
        <translation>
            <numerusform>… %Ln more problem</numerusform>
            <numerusform>… %Ln more problems</numerusform>
        </translation>
    </message>
    <message>
        <source>Never drilled. A drill restores the object into a scratch file and compares its sums per user, account, entry type and day with the daily statements.</source>
        <translation>Never drilled. A drill restores the object into a scratch file and compares its sums per user, account, entry type and day with the daily statements.</translation>
    </message>
    <message numerus="yes">
        <source>Last drill passed: %Ln row(s) restored; their sums agree with the daily statements and their count with the catalog.</source>
        <translation>
            <numerusform>Last drill passed: %Ln row restored; their sums agree with the daily statements and their count with the catalog.</numerusform>
            <numerusform>Last drill passed: %Ln rows restored; their sums agree with the daily statements and their count with the catalog.</numerusform>
        </translation>
    </message>
    <message>
        <source>Last drill FAILED:</source>
        <translation>Last drill FAILED:</translation>
    </message>
    <message>
        <source>drilled %1 in %2</source>
        <translation>drilled %1 in %2</translation>
    </message>
    <message>
        <source>%1 (%2 level %3)</source>
        <translation>%1 (%2 level %3)</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::BudgetPanel</name>
    <message>
        <source>currency/</source>
        <translation>currency/</translation>
    </message>
    <message>
        <source>statistics/</source>
        <translation>statistics/</translation>
    </message>
    <message>
        <source>Archive: %1</source>
        <translation>Archive: %1</translation>
    </message>
    <message>
        <source>The archive is not reachable: %1</source>
        <translation>The archive is not reachable: %1</translation>
    </message>
    <message>
        <source>unknown: the archive could not be read</source>
        <translation>unknown: the archive could not be read</translation>
    </message>
    <message>
        <source>%1 used; no budget set for this tier: %2 sets it</source>
        <translation>%1 used; no budget set for this tier: %2 sets it</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%1 of %2 (%3)</translation>
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
    <message>
        <source>Show the table here too (the workbench in front shows these rows)</source>
        <translation>Show the table here too (the workbench in front shows these rows)</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::DisputeWorkbench</name>
    <message>
        <source>Investigate</source>
        <translation>Investigate</translation>
    </message>
    <message>
        <source>Read the user&apos;s daily statement and find the archive objects that cover the days (read-only).</source>
        <translation>Read the user&apos;s daily statement and find the archive objects that cover the days (read-only).</translation>
    </message>
    <message>
        <source>Pick a user and the days of the dispute.</source>
        <translation>Pick a user and the days of the dispute.</translation>
    </message>
    <message>
        <source>User</source>
        <translation>User</translation>
    </message>
    <message>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <source>to</source>
        <translation>to</translation>
    </message>
    <message>
        <source>(UTC days, inclusive)</source>
        <translation>(UTC days, inclusive)</translation>
    </message>
    <message>
        <source>Daily statement</source>
        <translation>Daily statement</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Verify</translation>
    </message>
    <message>
        <source>Read the selected objects back and check them against their manifests (and against the partition while it is online).</source>
        <translation>Read the selected objects back and check them against their manifests (and against the partition while it is online).</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Restore</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Archive objects covering the days</source>
        <translation>Archive objects covering the days</translation>
    </message>
    <message>
        <source>Filter the rows (any column)</source>
        <translation>Filter the rows (any column)</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Export CSV…</translation>
    </message>
    <message>
        <source>The user&apos;s rows (restored from the archive, and online)</source>
        <translation>The user&apos;s rows (restored from the archive, and online)</translation>
    </message>
    <message>
        <source>Export the user&apos;s rows</source>
        <translation>Export the user&apos;s rows</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>Reading the statement and the archive…</source>
        <translation>Reading the statement and the archive…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>done</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <source>No listed object holds rows of this user.</source>
        <translation>No listed object holds rows of this user.</translation>
    </message>
    <message numerus="yes">
        <source>Restoring %Ln object(s) into %1</source>
        <translation>
            <numerusform>Restoring %Ln object into %1</numerusform>
            <numerusform>Restoring %Ln objects into %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) written to %1</source>
        <translation>
            <numerusform>%Ln row written to %1</numerusform>
            <numerusform>%Ln rows written to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>User %1: %Ln statement line(s); </source>
        <translation>
            <numerusform>User %1: %Ln statement line; </numerusform>
            <numerusform>User %1: %Ln statement lines; </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln archive object(s) cover the days, </source>
        <translation>
            <numerusform>%Ln archive object cover the days, </numerusform>
            <numerusform>%Ln archive objects cover the days, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln of them with %1 of the user&apos;s rows.</source>
        <translation>
            <numerusform>%Ln of them with %1 of the user&apos;s rows.</numerusform>
            <numerusform>%Ln of them with %1 of the user&apos;s rows.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>User %1: %Ln statement line(s). </source>
        <translation>
            <numerusform>User %1: %Ln statement line. </numerusform>
            <numerusform>User %1: %Ln statement lines. </numerusform>
        </translation>
    </message>
    <message>
        <source>The archive could not be read: %1</source>
        <translation>The archive could not be read: %1</translation>
    </message>
    <message numerus="yes">
        <source>Spendable %1 · escrow %2 · %Ln row(s)</source>
        <translation>
            <numerusform>Spendable %1 · escrow %2 · %Ln row</numerusform>
            <numerusform>Spendable %1 · escrow %2 · %Ln rows</numerusform>
        </translation>
    </message>
    <message>
        <source>Restores go into %1</source>
        <translation>Restores go into %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln row</numerusform>
            <numerusform>%Ln rows</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1 from the archive, %2 online)</source>
        <translation> (%1 from the archive, %2 online)</translation>
    </message>
    <message>
        <source> · spendable %1 · escrow %2</source>
        <translation> · spendable %1 · escrow %2</translation>
    </message>
    <message numerus="yes">
        <source> · %Ln shown</source>
        <translation>
            <numerusform> · %Ln shown</numerusform>
            <numerusform> · %Ln shown</numerusform>
        </translation>
    </message>
    <message>
        <source> · only the first %1 rows are listed</source>
        <translation> · only the first %1 rows are listed</translation>
    </message>
    <message>
        <source>Drill…</source>
        <translation>Drill…</translation>
    </message>
    <message>
        <source>Stop the restore or the drill that runs.</source>
        <translation>Stop the restore or the drill that runs.</translation>
    </message>
    <message numerus="yes">
        <source>Drilling a sample of %Ln archive object(s), the never drilled first…</source>
        <translation>
            <numerusform>Drilling a sample of %Ln archive object, the never drilled first…</numerusform>
            <numerusform>Drilling a sample of %Ln archive objects, the never drilled first…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drilling %Ln archive object(s)…</source>
        <translation>
            <numerusform>Drilling %Ln archive object…</numerusform>
            <numerusform>Drilling %Ln archive objects…</numerusform>
        </translation>
    </message>
    <message>
        <source>id, username or OAuth id</source>
        <translation>id, username or OAuth id</translation>
    </message>
    <message>
        <source>The user of the dispute: a user id, a username, username#id or an OAuth id. Typing offers the matching users of the kudos database.</source>
        <translation>The user of the dispute: a user id, a username, username#id or an OAuth id. Typing offers the matching users of the kudos database.</translation>
    </message>
    <message>
        <source>User %1, username %2, OAuth id %3</source>
        <translation>User %1, username %2, OAuth id %3</translation>
    </message>
    <message>
        <source>Archive objects</source>
        <translation>Archive objects</translation>
    </message>
    <message>
        <source>The user&apos;s rows</source>
        <translation>The user&apos;s rows</translation>
    </message>
    <message>
        <source>Verify, then load into the local restore file every object that holds the user&apos;s rows, or only the selected ones (Ctrl+click unselects). A failed verification loads nothing.</source>
        <translation>Verify, then load into the local restore file every object that holds the user&apos;s rows, or only the selected ones (Ctrl+click unselects). A failed verification loads nothing.</translation>
    </message>
    <message numerus="yes">
        <source>Restore drill: restore the selected objects, a sample of %Ln object(s) of the whole archive (the never drilled and the longest undrilled first) or every object of the catalog into a private scratch file, compare their sums per user, account, entry type and day with the daily statements and their rows with the catalog, and record the result.</source>
        <translation>
            <numerusform>Restore drill: restore the selected objects, a sample of %Ln object of the whole archive (the never drilled and the longest undrilled first) or every object of the catalog into a private scratch file, compare their sums per user, account, entry type and day with the daily statements and their rows with the catalog, and record the result.</numerusform>
            <numerusform>Restore drill: restore the selected objects, a sample of %Ln objects of the whole archive (the never drilled and the longest undrilled first) or every object of the catalog into a private scratch file, compare their sums per user, account, entry type and day with the daily statements and their rows with the catalog, and record the result.</numerusform>
        </translation>
    </message>
    <message>
        <source>Drill results</source>
        <translation>Drill results</translation>
    </message>
    <message>
        <source>Each object of the last drill with its result</source>
        <translation>Each object of the last drill with its result</translation>
    </message>
    <message>
        <source>Restore 1 selected object</source>
        <translation>Restore 1 selected object</translation>
    </message>
    <message numerus="yes">
        <source>Restore %Ln selected objects</source>
        <translation>
            <numerusform>Restore %Ln selected object</numerusform>
            <numerusform>Restore %Ln selected objects</numerusform>
        </translation>
    </message>
    <message>
        <source>Restore 1 object</source>
        <translation>Restore 1 object</translation>
    </message>
    <message numerus="yes">
        <source>Restore %Ln objects</source>
        <translation>
            <numerusform>Restore %Ln object</numerusform>
            <numerusform>Restore %Ln objects</numerusform>
        </translation>
    </message>
    <message>
        <source>Drilling every archive object of the catalog…</source>
        <translation>Drilling every archive object of the catalog…</translation>
    </message>
    <message>
        <source>Not restored, though they hold the user&apos;s rows: %1.</source>
        <translation>Not restored, though they hold the user&apos;s rows: %1.</translation>
    </message>
    <message>
        <source>Archive &amp;&amp; disputes</source>
        <translation>Archive &amp;&amp; disputes</translation>
    </message>
    <message>
        <source>The archive %1 holds no object of the kudos ledger yet.</source>
        <translation>The archive %1 holds no object of the kudos ledger yet.</translation>
    </message>
    <message>
        <source>The one archive object of the kudos ledger in %1.</source>
        <translation>The one archive object of the kudos ledger in %1.</translation>
    </message>
    <message numerus="yes">
        <source>All %Ln archive objects of the kudos ledger in %1.</source>
        <translation>
            <numerusform>All %Ln archive objects of the kudos ledger in %1.</numerusform>
            <numerusform>All %Ln archive objects of the kudos ledger in %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Investigate a user to narrow them to the days of a dispute.</source>
        <translation>Investigate a user to narrow them to the days of a dispute.</translation>
    </message>
    <message>
        <source>The one archive object that covers %1</source>
        <translation>The one archive object that covers %1</translation>
    </message>
    <message numerus="yes">
        <source>The %Ln archive objects that cover %1</source>
        <translation>
            <numerusform>The %Ln archive objects that cover %1</numerusform>
            <numerusform>The %Ln archive objects that cover %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln of them holding rows of user %1.</source>
        <translation>
            <numerusform>, %Ln of them holding rows of user %1.</numerusform>
            <numerusform>, %Ln of them holding rows of user %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>The archive could not be listed: %1</source>
        <translation>The archive could not be listed: %1</translation>
    </message>
    <message>
        <source>Listing the archive&apos;s objects…</source>
        <translation>Listing the archive&apos;s objects…</translation>
    </message>
    <message>
        <source>The archive&apos;s objects are listed once the kudos dataset has loaded.</source>
        <translation>The archive&apos;s objects are listed once the kudos dataset has loaded.</translation>
    </message>
    <message>
        <source>The archive objects covering the days</source>
        <translation>The archive objects covering the days</translation>
    </message>
    <message>
        <source>Every archive object of the kudos ledger</source>
        <translation>Every archive object of the kudos ledger</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::DrillChoiceMenu</name>
    <message numerus="yes">
        <source>The %Ln selected object(s)</source>
        <translation>
            <numerusform>The %Ln selected object</numerusform>
            <numerusform>The %Ln selected objects</numerusform>
        </translation>
    </message>
    <message>
        <source>The selected objects (none selected)</source>
        <translation>The selected objects (none selected)</translation>
    </message>
    <message numerus="yes">
        <source>A sample of %Ln object(s), the never drilled first</source>
        <translation>
            <numerusform>A sample of %Ln object, the never drilled first</numerusform>
            <numerusform>A sample of %Ln objects, the never drilled first</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln object(s) of the catalog</source>
        <translation>
            <numerusform>The %Ln object of the catalog</numerusform>
            <numerusform>All %Ln objects of the catalog</numerusform>
        </translation>
    </message>
    <message>
        <source>All objects of the catalog</source>
        <translation>All objects of the catalog</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::DrillCoverageLabel</name>
    <message>
        <source>Drills: the catalog records no archive object yet.</source>
        <translation>Drills: the catalog records no archive object yet.</translation>
    </message>
    <message numerus="yes">
        <source>Drills: %1 of %Ln object(s) proven within %2 days</source>
        <translation>
            <numerusform>Drills: %1 of %Ln object proven within %2 days</numerusform>
            <numerusform>Drills: %1 of %Ln objects proven within %2 days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %Ln not proven</source>
        <translation>
            <numerusform> · %Ln not proven</numerusform>
            <numerusform> · %Ln not proven</numerusform>
        </translation>
    </message>
    <message>
        <source> · last passed %1</source>
        <translation> · last passed %1</translation>
    </message>
    <message>
        <source>Over every archive object the retention catalog records (currency and statistics): proven means its latest drill passed, within KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS = %1 (UTC, by the server&apos;s clock); a failed drill un-proves an object until one passes again.</source>
        <translation>Over every archive object the retention catalog records (currency and statistics): proven means its latest drill passed, within KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS = %1 (UTC, by the server&apos;s clock); a failed drill un-proves an object until one passes again.</translation>
    </message>
    <message>
        <source>The oldest of the last proofs: %1, passed %2.</source>
        <translation>The oldest of the last proofs: %1, passed %2.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::DrillResultsView</name>
    <message>
        <source>No drill in this session yet: Drill… restores objects into a private scratch file and compares their sums with the daily statements.</source>
        <translation>No drill in this session yet: Drill… restores objects into a private scratch file and compares their sums with the daily statements.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::HelpBrowser</name>
    <message>
        <source># Page not found

The help of this version has no page **%1**.

Back to the [contents](%2).</source>
        <translation># Page not found

The help of this version has no page **%1**.

Back to the [contents](%2).</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::HelpWindow</name>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Back</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>&amp;Forward</translation>
    </message>
    <message>
        <source>Tidemark Help</source>
        <translation>Tidemark Help</translation>
    </message>
    <message>
        <source>&amp;Contents</source>
        <translation>&amp;Contents</translation>
    </message>
    <message>
        <source>%1 — Tidemark Help</source>
        <translation>%1 — Tidemark Help</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::HomeCard</name>
    <message>
        <source>mower %1</source>
        <translation>mower %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln slice(s), %2 rows deleted (%3 by the age limit) in %4</source>
        <translation>
            <numerusform>%1: %Ln slice, %2 rows deleted (%3 by the age limit) in %4</numerusform>
            <numerusform>%1: %Ln slices, %2 rows deleted (%3 by the age limit) in %4</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>stopped early: %1</source>
        <translation>stopped early: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln mower(s) skipped</source>
        <translation>
            <numerusform>%Ln mower skipped</numerusform>
            <numerusform>%Ln mowers skipped</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped at its budget</source>
        <translation>stopped at its budget</translation>
    </message>
    <message>
        <source>stopped when the window closed</source>
        <translation>stopped when the window closed</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>complete</translation>
    </message>
    <message>
        <source>not complete</source>
        <translation>not complete</translation>
    </message>
    <message>
        <source>The window is open now, until %1 (%2).</source>
        <translation>The window is open now, until %1 (%2).</translation>
    </message>
    <message>
        <source>The window opens %1 and closes %2 (%3).</source>
        <translation>The window opens %1 and closes %2 (%3).</translation>
    </message>
    <message>
        <source>Nothing to thin: no slice is pending.</source>
        <translation>Nothing to thin: no slice is pending.</translation>
    </message>
    <message numerus="yes">
        <source>Tonight: %1 of thinning, %2 of the %3 slices at the recorded pace (%4 slices/s over %Ln round(s)).</source>
        <translation>
            <numerusform>Tonight: %1 of thinning, %2 of the %3 slices at the recorded pace (%4 slices/s over %Ln round).</numerusform>
            <numerusform>Tonight: %1 of thinning, %2 of the %3 slices at the recorded pace (%4 slices/s over %Ln rounds).</numerusform>
        </translation>
    </message>
    <message>
        <source>Tonight: %1 of thinning; no recorded pace yet (%2).</source>
        <translation>Tonight: %1 of thinning; no recorded pace yet (%2).</translation>
    </message>
    <message>
        <source>no round recorded</source>
        <translation>no round recorded</translation>
    </message>
    <message numerus="yes">
        <source>The backlog clears in %Ln night(s).</source>
        <translation>
            <numerusform>The backlog clears in %Ln night.</numerusform>
            <numerusform>The backlog clears in %Ln nights.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 slice(s) pending over %Ln mower(s).</source>
        <translation>
            <numerusform>%1 slice pending over %Ln mower.</numerusform>
            <numerusform>%1 slices pending over %Ln mowers.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 rows to thin of %2 scanned (estimated from a sample of mowers).</source>
        <translation>%1 rows to thin of %2 scanned (estimated from a sample of mowers).</translation>
    </message>
    <message>
        <source>%1 rows to delete: %2 by thinning, %3 by the age limit (of %4 scanned).</source>
        <translation>%1 rows to delete: %2 by thinning, %3 by the age limit (of %4 scanned).</translation>
    </message>
    <message>
        <source>, from %1</source>
        <translation>, from %1</translation>
    </message>
    <message>
        <source>No round recorded yet.</source>
        <translation>No round recorded yet.</translation>
    </message>
    <message>
        <source>No mower would be skipped.</source>
        <translation>No mower would be skipped.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln mower(s) a round would skip:</source>
        <translation>
            <numerusform>%Ln mower a round would skip:</numerusform>
            <numerusform>%Ln mowers a round would skip:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %Ln more</source>
        <translation>
            <numerusform>and %Ln more</numerusform>
            <numerusform>and %Ln more</numerusform>
        </translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Next run</translation>
    </message>
    <message>
        <source>Backlog</source>
        <translation>Backlog</translation>
    </message>
    <message>
        <source>Last run</source>
        <translation>Last run</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Health</translation>
    </message>
    <message>
        <source>A retention job is running now; the list below is what is left after it.</source>
        <translation>A retention job is running now; the list below is what is left after it.</translation>
    </message>
    <message>
        <source>Nothing to do: no range is eligible.</source>
        <translation>Nothing to do: no range is eligible.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln step(s): %1.</source>
        <translation>
            <numerusform>%Ln step: %1.</numerusform>
            <numerusform>%Ln steps: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 rows; ≈ %2 to the archive.</source>
        <translation>%1 rows; ≈ %2 to the archive.</translation>
    </message>
    <message>
        <source>%1 rows.</source>
        <translation>%1 rows.</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 rows</translation>
    </message>
    <message numerus="yes">
        <source>and %Ln more step(s)</source>
        <translation>
            <numerusform>and %Ln more step</numerusform>
            <numerusform>and %Ln more steps</numerusform>
        </translation>
    </message>
    <message>
        <source>Archive: %1</source>
        <translation>Archive: %1</translation>
    </message>
    <message>
        <source>%1 is %2 since %3</source>
        <translation>%1 is %2 since %3</translation>
    </message>
    <message>
        <source>No retention step recorded yet.</source>
        <translation>No retention step recorded yet.</translation>
    </message>
    <message>
        <source>%1: %2 used, no budget</source>
        <translation>%1: %2 used, no budget</translation>
    </message>
    <message>
        <source>, reached on %1</source>
        <translation>, reached on %1</translation>
    </message>
    <message>
        <source>: over budget, the next upload is refused</source>
        <translation>: over budget, the next upload is refused</translation>
    </message>
    <message>
        <source>No incident.</source>
        <translation>No incident.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln incident(s):</source>
        <translation>
            <numerusform>%Ln incident:</numerusform>
            <numerusform>%Ln incidents:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln alert(s): retention waits (see above)</source>
        <translation>
            <numerusform>%Ln alert: retention waits (see above)</numerusform>
            <numerusform>%Ln alerts: retention waits (see above)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drills: %1 of %2 object(s) proven within %Ln day(s)</source>
        <translation>
            <numerusform>Drills: %1 of %2 object proven within %Ln day</numerusform>
            <numerusform>Drills: %1 of %2 objects proven within %Ln days</numerusform>
        </translation>
    </message>
    <message>
        <source>; the last passed %1</source>
        <translation>; the last passed %1</translation>
    </message>
    <message>
        <source>; none passed yet</source>
        <translation>; none passed yet</translation>
    </message>
    <message numerus="yes">
        <source>Nothing to delete: no track was imported before %1 (%Ln year(s) ago).</source>
        <translation>
            <numerusform>Nothing to delete: no track was imported before %1 (%Ln year ago).</numerusform>
            <numerusform>Nothing to delete: no track was imported before %1 (%Ln years ago).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deletes %Ln track(s) imported before %1 (%2 years ago), freeing ≈ %3.</source>
        <translation>
            <numerusform>Deletes %Ln track imported before %1 (%2 years ago), freeing ≈ %3.</numerusform>
            <numerusform>Deletes %Ln tracks imported before %1 (%2 years ago), freeing ≈ %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Import %1 (%2, %3): %4</source>
        <translation>Import %1 (%2, %3): %4</translation>
    </message>
    <message>
        <source>No import recorded yet.</source>
        <translation>No import recorded yet.</translation>
    </message>
    <message>
        <source> — at or above it: plan a retention run or a split.</source>
        <translation> — at or above it: plan a retention run or a split.</translation>
    </message>
    <message>
        <source>; reaches it on %1.</source>
        <translation>; reaches it on %1.</translation>
    </message>
    <message>
        <source>Open %1 ▸</source>
        <translation>Open %1 ▸</translation>
    </message>
    <message>
        <source>Not computed yet.</source>
        <translation>Not computed yet.</translation>
    </message>
    <message>
        <source>Not configured — File ▸ Connect…</source>
        <translation>Not configured — File ▸ Connect…</translation>
    </message>
    <message>
        <source>Could not be planned: %1</source>
        <translation>Could not be planned: %1</translation>
    </message>
    <message>
        <source>The other datasets are planned without it; Refresh tries again.</source>
        <translation>The other datasets are planned without it; Refresh tries again.</translation>
    </message>
    <message>
        <source>failed after %1</source>
        <translation>failed after %1</translation>
    </message>
    <message>
        <source>planned in %1</source>
        <translation>planned in %1</translation>
    </message>
    <message>
        <source>%1: %2 of %3 (%4)</source>
        <translation>%1: %2 of %3 (%4)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s), %1 (PostGIS: the %2 mark is the SQLite file&apos;s).</source>
        <translation>
            <numerusform>%Ln track, %1 (PostGIS: the %2 mark is the SQLite file&apos;s).</numerusform>
            <numerusform>%Ln tracks, %1 (PostGIS: the %2 mark is the SQLite file&apos;s).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s), %1: %2 of the %3 mark</source>
        <translation>
            <numerusform>%Ln track, %1: %2 of the %3 mark</numerusform>
            <numerusform>%Ln tracks, %1: %2 of the %3 mark</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Largest: %1, %2 slice(s)%3.</source>
        <translation>
            <numerusform>Largest: %1, %2 slice%3.</numerusform>
            <numerusform>Largest: %1, %2 slices%3.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tidemark::ui::HomeWorkbench</name>
    <message>
        <source>Retention plan</source>
        <translation>Retention plan</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <source>Plan again: the quick estimate first, then the exact plan (read-only dry runs of every configured dataset).</source>
        <translation>Plan again: the quick estimate first, then the exact plan (read-only dry runs of every configured dataset).</translation>
    </message>
    <message>
        <source>The quick plan failed: %1</source>
        <translation>The quick plan failed: %1</translation>
    </message>
    <message>
        <source>The plan failed: %1</source>
        <translation>The plan failed: %1</translation>
    </message>
    <message>
        <source>Nothing needs you.</source>
        <translation>Nothing needs you.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln item(s) need you — click one to open it</source>
        <translation>
            <numerusform>%Ln item needs you — click one to open it</numerusform>
            <numerusform>%Ln items need you — click one to open it</numerusform>
        </translation>
    </message>
    <message>
        <source>Open the %1 workbench</source>
        <translation>Open the %1 workbench</translation>
    </message>
    <message>
        <source>Open the %1 workbench at %2</source>
        <translation>Open the %1 workbench at %2</translation>
    </message>
    <message>
        <source>Computing the plan…</source>
        <translation>Computing the plan…</translation>
    </message>
    <message>
        <source>Not planned yet: connect the datasets (File ▸ Connect…) or press Refresh.</source>
        <translation>Not planned yet: connect the datasets (File ▸ Connect…) or press Refresh.</translation>
    </message>
    <message>
        <source>No dataset is configured: File ▸ Connect… or File ▸ Open demo workspace.</source>
        <translation>No dataset is configured: File ▸ Connect… or File ▸ Open demo workspace.</translation>
    </message>
    <message>
        <source>Quick estimate as of %1; computing the exact plan…</source>
        <translation>Quick estimate as of %1; computing the exact plan…</translation>
    </message>
    <message>
        <source>Quick estimate as of %1.</source>
        <translation>Quick estimate as of %1.</translation>
    </message>
    <message>
        <source>Cancelled: the plan is incomplete.</source>
        <translation>Cancelled: the plan is incomplete.</translation>
    </message>
    <message>
        <source>Computing a new plan…</source>
        <translation>Computing a new plan…</translation>
    </message>
    <message>
        <source>estimated · refining…</source>
        <translation>estimated · refining…</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>estimated</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>computing…</translation>
    </message>
    <message>
        <source>Save plan…</source>
        <translation>Save plan…</translation>
    </message>
    <message>
        <source>Write the exact plan shown, with every unit it would apply, to a file that tidemark-cli apply (or Open plan…) applies exactly, within 24 hours.</source>
        <translation>Write the exact plan shown, with every unit it would apply, to a file that tidemark-cli apply (or Open plan…) applies exactly, within 24 hours.</translation>
    </message>
    <message>
        <source>Open plan…</source>
        <translation>Open plan…</translation>
    </message>
    <message>
        <source>Open a plan file (plan --out, Save plan…): its units, then Apply.</source>
        <translation>Open a plan file (plan --out, Save plan…): its units, then Apply.</translation>
    </message>
    <message>
        <source>Save the plan</source>
        <translation>Save the plan</translation>
    </message>
    <message>
        <source>Plans (*.json)</source>
        <translation>Plans (*.json)</translation>
    </message>
    <message>
        <source>Open a plan</source>
        <translation>Open a plan</translation>
    </message>
    <message>
        <source>Cannot open the plan %1: %2</source>
        <translation>Cannot open the plan %1: %2</translation>
    </message>
    <message>
        <source>No exact plan to save yet: wait for the plan, or Refresh.</source>
        <translation>No exact plan to save yet: wait for the plan, or Refresh.</translation>
    </message>
    <message>
        <source>Plan saved to %1 (sha256 %2…), expires %3.</source>
        <translation>Plan saved to %1 (sha256 %2…), expires %3.</translation>
    </message>
    <message>
        <source>Opening the plan %1…</source>
        <translation>Opening the plan %1…</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Home</translation>
    </message>
    <message>
        <source>As of %1, planned in %2.</source>
        <translation>As of %1, planned in %2.</translation>
    </message>
    <message>
        <source>%1… The plan is computed once its datasets are connected.</source>
        <translation>%1… The plan is computed once its datasets are connected.</translation>
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
    <message>
        <source>No jobs running · last: %1 · %2</source>
        <translation>No jobs running · last: %1 · %2</translation>
    </message>
    <message>
        <source>No jobs running</source>
        <translation>No jobs running</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::KudosCapacityPanel</name>
    <message>
        <source>Forecast</source>
        <translation>Forecast</translation>
    </message>
    <message>
        <source>Read-only: the weekly rows online, the archive&apos;s growth per tier from its manifests, and when each tier reaches its budget.</source>
        <translation>Read-only: the weekly rows online, the archive&apos;s growth per tier from its manifests, and when each tier reaches its budget.</translation>
    </message>
    <message>
        <source>Online rows per week</source>
        <translation>Online rows per week</translation>
    </message>
    <message>
        <source>Run a forecast to see the rows online per week.</source>
        <translation>Run a forecast to see the rows online per week.</translation>
    </message>
    <message>
        <source>Archive use per tier against its budget</source>
        <translation>Archive use per tier against its budget</translation>
    </message>
    <message>
        <source>Nothing archived yet.</source>
        <translation>Nothing archived yet.</translation>
    </message>
    <message>
        <source>Forecasting…</source>
        <translation>Forecasting…</translation>
    </message>
    <message>
        <source>now</source>
        <translation>now</translation>
    </message>
    <message>
        <source>%1: %2 rows, %3 online; %4 a week; steady state %5</source>
        <translation>%1: %2 rows, %3 online; %4 a week; steady state %5</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 rows</translation>
    </message>
    <message>
        <source>no budget</source>
        <translation>no budget</translation>
    </message>
    <message>
        <source>reached on %1</source>
        <translation>reached on %1</translation>
    </message>
    <message>
        <source>%1 tier: %2 of %3, %4 a week; %5</source>
        <translation>%1 tier: %2 of %3, %4 a week; %5</translation>
    </message>
    <message>
        <source>Rollups: %1 rows, %2 rows a week (no retention)</source>
        <translation>Rollups: %1 rows, %2 rows a week (no retention)</translation>
    </message>
    <message>
        <source>Rollups: %1 rows (%2)</source>
        <translation>Rollups: %1 rows (%2)</translation>
    </message>
    <message>
        <source>Online steady state: %1 rows, %2</source>
        <translation>Online steady state: %1 rows, %2</translation>
    </message>
    <message>
        <source>Online steady state: — (%1)</source>
        <translation>Online steady state: — (%1)</translation>
    </message>
    <message numerus="yes">
        <source>The next run: %n action(s)</source>
        <translation>
            <numerusform>The next run: %n action</numerusform>
            <numerusform>The next run: %n actions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n manifest(s) read</source>
        <translation>
            <numerusform>%n manifest read</numerusform>
            <numerusform>%n manifests read</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 projected</source>
        <translation>%1 projected</translation>
    </message>
    <message>
        <source>%1 budget</source>
        <translation>%1 budget</translation>
    </message>
    <message>
        <source>%1 budget on %2</source>
        <translation>%1 budget on %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 tier: %n object(s) archived, %2 by the catalog</source>
        <translation>
            <numerusform>%1 tier: %n object archived, %2 by the catalog</numerusform>
            <numerusform>%1 tier: %n objects archived, %2 by the catalog</numerusform>
        </translation>
    </message>
    <message>
        <source>; the archive holds %1</source>
        <translation>; the archive holds %1</translation>
    </message>
    <message>
        <source> of a %1 budget</source>
        <translation> of a %1 budget</translation>
    </message>
    <message>
        <source>, no budget</source>
        <translation>, no budget</translation>
    </message>
    <message>
        <source>The archive cannot be read: %1</source>
        <translation>The archive cannot be read: %1</translation>
    </message>
    <message>
        <source>Forecast adds the weekly growth, the steady state and when each tier reaches its budget.</source>
        <translation>Forecast adds the weekly growth, the steady state and when each tier reaches its budget.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::KudosRoundPanel</name>
    <message>
        <source>Run round</source>
        <translation>Run round</translation>
    </message>
    <message>
        <source>Move every eligible range on, one state at a time, until nothing eligible is left.</source>
        <translation>Move every eligible range on, one state at a time, until nothing eligible is left.</translation>
    </message>
    <message>
        <source>Step one partition</source>
        <translation>Step one partition</translation>
    </message>
    <message>
        <source>Move one range one state forward (the first in order), then stop.</source>
        <translation>Move one range one state forward (the first in order), then stop.</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Hold the round after the current action.</source>
        <translation>Hold the round after the current action.</translation>
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
        <source>Stop the round after the current action; what is committed stays.</source>
        <translation>Stop the round after the current action; what is committed stays.</translation>
    </message>
    <message>
        <source>No round running.</source>
        <translation>No round running.</translation>
    </message>
    <message>
        <source>Rounds are refused: %1</source>
        <translation>Rounds are refused: %1</translation>
    </message>
    <message>
        <source>Paused after the current action. </source>
        <translation>Paused after the current action. </translation>
    </message>
    <message>
        <source>Now: %1</source>
        <translation>Now: %1</translation>
    </message>
    <message>
        <source>Another retention job holds the lock: nothing was done.</source>
        <translation>Another retention job holds the lock: nothing was done.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln action(s) done</source>
        <translation>
            <numerusform>%Ln action done</numerusform>
            <numerusform>%Ln actions done</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln still to do</source>
        <translation>
            <numerusform>%Ln still to do</numerusform>
            <numerusform>%Ln still to do</numerusform>
        </translation>
    </message>
    <message>
        <source> (cancelled)</source>
        <translation> (cancelled)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln range(s) added to the catalog</source>
        <translation>
            <numerusform>%Ln range added to the catalog</numerusform>
            <numerusform>%Ln ranges added to the catalog</numerusform>
        </translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>Next: %1</translation>
    </message>
    <message>
        <source>Nothing moved.</source>
        <translation>Nothing moved.</translation>
    </message>
    <message>
        <source>Last: %1</source>
        <translation>Last: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln partition(s) created</source>
        <translation>
            <numerusform>%Ln partition created</numerusform>
            <numerusform>%Ln partitions created</numerusform>
        </translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Preview</translation>
    </message>
    <message>
        <source>List every action a round would take now, with the rows each reads; Run then applies exactly that plan.</source>
        <translation>List every action a round would take now, with the rows each reads; Run then applies exactly that plan.</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Dataset</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Range</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Rows</translation>
    </message>
    <message>
        <source>The plan: %1 applied, %2 already done, %3 stale, %4 left</source>
        <translation>The plan: %1 applied, %2 already done, %3 stale, %4 left</translation>
    </message>
    <message>
        <source>%1 %2 %3 [%4, %5): %6</source>
        <translation>%1 %2 %3 [%4, %5): %6</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>stale</translation>
    </message>
    <message>
        <source>left</source>
        <translation>left</translation>
    </message>
    <message numerus="yes">
        <source>roll up %Ln range(s)</source>
        <translation>
            <numerusform>roll up %Ln range</numerusform>
            <numerusform>roll up %Ln ranges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>dump %Ln</source>
        <translation>
            <numerusform>dump %Ln</numerusform>
            <numerusform>dump %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>checkpoint %Ln</source>
        <translation>
            <numerusform>checkpoint %Ln</numerusform>
            <numerusform>checkpoint %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>write the statements of %Ln</source>
        <translation>
            <numerusform>write the statements of %Ln</numerusform>
            <numerusform>write the statements of %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>export %Ln</source>
        <translation>
            <numerusform>export %Ln</numerusform>
            <numerusform>export %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>verify %Ln</source>
        <translation>
            <numerusform>verify %Ln</numerusform>
            <numerusform>verify %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>drop %Ln partition(s)</source>
        <translation>
            <numerusform>drop %Ln partition</numerusform>
            <numerusform>drop %Ln partitions</numerusform>
        </translation>
    </message>
    <message>
        <source>The preview found nothing to do.</source>
        <translation>The preview found nothing to do.</translation>
    </message>
    <message>
        <source>Run applies this plan: %1.</source>
        <translation>Run applies this plan: %1.</translation>
    </message>
    <message>
        <source>The last round&apos;s report shows here.</source>
        <translation>The last round&apos;s report shows here.</translation>
    </message>
    <message numerus="yes">
        <source>Dry run: a round would take %Ln action(s)</source>
        <translation>
            <numerusform>Dry run: a round would take %Ln action</numerusform>
            <numerusform>Dry run: a round would take %Ln actions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln range(s) would be added to the catalog</source>
        <translation>
            <numerusform>%Ln range would be added to the catalog</numerusform>
            <numerusform>%Ln ranges would be added to the catalog</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln partition(s) would be created</source>
        <translation>
            <numerusform>%Ln partition would be created</numerusform>
            <numerusform>%Ln partitions would be created</numerusform>
        </translation>
    </message>
    <message>
        <source>First: %1</source>
        <translation>First: %1</translation>
    </message>
    <message>
        <source>The dry run is done: nothing was changed.</source>
        <translation>The dry run is done: nothing was changed.</translation>
    </message>
    <message>
        <source>%1 → %2 · %3 rows · %4</source>
        <translation>%1 → %2 · %3 rows · %4</translation>
    </message>
    <message>
        <source>Rehearse…</source>
        <translation>Rehearse…</translation>
    </message>
    <message>
        <source>On a restored copy of production: run the swap, the first ranges through retention and restores, measure them and say whether production is ready.</source>
        <translation>On a restored copy of production: run the swap, the first ranges through retention and restores, measure them and say whether production is ready.</translation>
    </message>
    <message>
        <source>Rehearsals are refused: %1</source>
        <translation>Rehearsals are refused: %1</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::KudosWorkbench</name>
    <message>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Round</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>Incidents &amp;&amp; alerts</source>
        <translation>Incidents &amp;&amp; alerts</translation>
    </message>
    <message>
        <source>Quarantine</source>
        <translation>Quarantine</translation>
    </message>
    <message>
        <source>Reconciliation</source>
        <translation>Reconciliation</translation>
    </message>
    <message>
        <source>Disclosure</source>
        <translation>Disclosure</translation>
    </message>
    <message>
        <source>Loading the kudos ranges…</source>
        <translation>Loading the kudos ranges…</translation>
    </message>
    <message>
        <source>The kudos ranges did not load: %1</source>
        <translation>The kudos ranges did not load: %1</translation>
    </message>
    <message>
        <source>The kudos settings are not valid, so rounds are refused until they are fixed: %1</source>
        <translation>The kudos settings are not valid, so rounds are refused until they are fixed: %1</translation>
    </message>
    <message>
        <source>not connected to a kudos database</source>
        <translation>not connected to a kudos database</translation>
    </message>
    <message numerus="yes">
        <source>%Ln range(s)</source>
        <translation>
            <numerusform>%Ln range</numerusform>
            <numerusform>%Ln ranges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln eligible and not started</source>
        <translation>
            <numerusform>%Ln eligible and not started</numerusform>
            <numerusform>%Ln eligible and not started</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln dropped</source>
        <translation>
            <numerusform>%Ln dropped</numerusform>
            <numerusform>%Ln dropped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln incident(s)</source>
        <translation>
            <numerusform>%Ln incident</numerusform>
            <numerusform>%Ln incidents</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln quarantined row(s) listed</source>
        <translation>
            <numerusform>%Ln quarantined row listed</numerusform>
            <numerusform>%Ln quarantined rows listed</numerusform>
        </translation>
    </message>
    <message>
        <source>archive not reachable</source>
        <translation>archive not reachable</translation>
    </message>
    <message>
        <source>Rounds are refused: %1</source>
        <translation>Rounds are refused: %1</translation>
    </message>
    <message>
        <source>Cancelled between two actions: what was committed stays.</source>
        <translation>Cancelled between two actions: what was committed stays.</translation>
    </message>
    <message>
        <source>Partition the tables</source>
        <translation>Partition the tables</translation>
    </message>
    <message>
        <source>Run the partition swap (tidemark-cli kudos swap): kudos_ledger and kudos_stat_events become partitioned by created, with a short exclusive lock.</source>
        <translation>Run the partition swap (tidemark-cli kudos swap): kudos_ledger and kudos_stat_events become partitioned by created, with a short exclusive lock.</translation>
    </message>
    <message>
        <source>Partitioning the kudos tables…</source>
        <translation>Partitioning the kudos tables…</translation>
    </message>
    <message>
        <source>The partition swap failed: %1</source>
        <translation>The partition swap failed: %1</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Capacity</translation>
    </message>
    <message>
        <source>Apply the previewed plan to %1: %2?</source>
        <translation>Apply the previewed plan to %1: %2?</translation>
    </message>
    <message>
        <source>Apply the kudos plan</source>
        <translation>Apply the kudos plan</translation>
    </message>
    <message>
        <source>Kudos</source>
        <translation>Kudos</translation>
    </message>
    <message>
        <source>the kudos database did not load: %1</source>
        <translation>the kudos database did not load: %1</translation>
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
    <message>
        <source>&amp;Workbench</source>
        <translation>&amp;Workbench</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Reload</translation>
    </message>
    <message>
        <source>Load the dataset of the workbench in front again</source>
        <translation>Load the dataset of the workbench in front again</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Preview</translation>
    </message>
    <message>
        <source>R&amp;un</source>
        <translation>R&amp;un</translation>
    </message>
    <message>
        <source>Run the workbench&apos;s round (tracks: delete the previewed tracks, after asking)</source>
        <translation>Run the workbench&apos;s round (tracks: delete the previewed tracks, after asking)</translation>
    </message>
    <message>
        <source>P&amp;ause</source>
        <translation>P&amp;ause</translation>
    </message>
    <message>
        <source>Pause the running round, or resume the paused one</source>
        <translation>Pause the running round, or resume the paused one</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancel</translation>
    </message>
    <message>
        <source>Cancel the running round (positions: or the preview)</source>
        <translation>Cancel the running round (positions: or the preview)</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>Res&amp;ume</translation>
    </message>
    <message>
        <source>Preview what a round would do (positions: the preview; kudos: the dry run; tracks: the retention preview)</source>
        <translation>Preview what a round would do (positions: the preview; kudos: the dry run; tracks: the retention preview)</translation>
    </message>
    <message>
        <source>&amp;Help on this workbench</source>
        <translation>&amp;Help on this workbench</translation>
    </message>
    <message>
        <source>&amp;Contents</source>
        <translation>&amp;Contents</translation>
    </message>
    <message>
        <source>Starting the demo workspace</source>
        <translation>Starting the demo workspace</translation>
    </message>
    <message>
        <source>directory %1</source>
        <translation>directory %1</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::MapView</name>
    <message>
        <source>Zoom to fit</source>
        <translation>Zoom to fit</translation>
    </message>
    <message>
        <source>Show all of the map&apos;s data (%1)</source>
        <translation>Show all of the map&apos;s data (%1)</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PartitionTimeline</name>
    <message>
        <source>online</source>
        <translation>online</translation>
    </message>
    <message>
        <source>eligible, not started</source>
        <translation>eligible, not started</translation>
    </message>
    <message>
        <source>rolled up / checkpointed</source>
        <translation>rolled up / checkpointed</translation>
    </message>
    <message>
        <source>archived</source>
        <translation>archived</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>dropped</translation>
    </message>
    <message>
        <source>dump failed</source>
        <translation>dump failed</translation>
    </message>
    <message>
        <source>now</source>
        <translation>now</translation>
    </message>
    <message>
        <source>currency</source>
        <translation>currency</translation>
    </message>
    <message>
        <source>statistics</source>
        <translation>statistics</translation>
    </message>
    <message>
        <source>No ranges loaded.</source>
        <translation>No ranges loaded.</translation>
    </message>
    <message numerus="yes">
        <source>now − %Ln day(s)</source>
        <translation>
            <numerusform>now − %Ln day</numerusform>
            <numerusform>now − %Ln days</numerusform>
        </translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>State: %1</translation>
    </message>
    <message>
        <source>Rows: %1 · unapplied: %2</source>
        <translation>Rows: %1 · unapplied: %2</translation>
    </message>
    <message>
        <source> · quarantined: %1</source>
        <translation> · quarantined: %1</translation>
    </message>
    <message>
        <source>Eligible from %1</source>
        <translation>Eligible from %1</translation>
    </message>
    <message>
        <source>Archive: %1</source>
        <translation>Archive: %1</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PlanDialog</name>
    <message>
        <source>mower %1, slice %2 – %3</source>
        <translation>mower %1, slice %2 – %3</translation>
    </message>
    <message>
        <source>rows older than %1</source>
        <translation>rows older than %1</translation>
    </message>
    <message>
        <source>%1 %2 %3 (%4 – %5)</source>
        <translation>%1 %2 %3 (%4 – %5)</translation>
    </message>
    <message>
        <source>track %1, created %2</source>
        <translation>track %1, created %2</translation>
    </message>
    <message>
        <source>Plan %1</source>
        <translation>Plan %1</translation>
    </message>
    <message>
        <source>Made %1 by %2 (%3), expires %4.
sha256 %5</source>
        <translation>Made %1 by %2 (%3), expires %4.
sha256 %5</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Dataset</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unit</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Rows</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Outcome</translation>
    </message>
    <message>
        <source>planned</source>
        <translation>planned</translation>
    </message>
    <message>
        <source>The plan holds no units to apply.</source>
        <translation>The plan holds no units to apply.</translation>
    </message>
    <message>
        <source>Apply…</source>
        <translation>Apply…</translation>
    </message>
    <message>
        <source>Apply exactly these units where the plan was made (the datasets connected now must be the same databases and files): a unit changed since is skipped and named.</source>
        <translation>Apply exactly these units where the plan was made (the datasets connected now must be the same databases and files): a unit changed since is skipped and named.</translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation>Applying…</translation>
    </message>
    <message>
        <source>Refused, nothing was changed: %1</source>
        <translation>Refused, nothing was changed: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln track(s) to delete, at %2</source>
        <translation>
            <numerusform>%1: %Ln track to delete, at %2</numerusform>
            <numerusform>%1: %Ln tracks to delete, at %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln unit(s), %2 row(s), at %3</source>
        <translation>
            <numerusform>%1: %Ln unit, %2 row(s), at %3</numerusform>
            <numerusform>%1: %Ln units, %2 row(s), at %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Ignore the window</source>
        <translation>Ignore the window</translation>
    </message>
    <message>
        <source>Thin the plan&apos;s positions slices even outside the nightly maintenance window.</source>
        <translation>Thin the plan&apos;s positions slices even outside the nightly maintenance window.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PositionsCapacityPanel</name>
    <message>
        <source>Forecast</source>
        <translation>Forecast</translation>
    </message>
    <message>
        <source>Read-only: judge the sampled mowers as a round would, and project the table.</source>
        <translation>Read-only: judge the sampled mowers as a round would, and project the table.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>all mowers</source>
        <translation>all mowers</translation>
    </message>
    <message>
        <source> mowers</source>
        <translation> mowers</translation>
    </message>
    <message>
        <source>The mowers judged, drawn by a fixed seed (0: every mower).</source>
        <translation>The mowers judged, drawn by a fixed seed (0: every mower).</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Sample</translation>
    </message>
    <message>
        <source>Table rows: history from the sample, projection by band</source>
        <translation>Table rows: history from the sample, projection by band</translation>
    </message>
    <message>
        <source>Run a forecast to see the table&apos;s rows and where retention takes them.</source>
        <translation>Run a forecast to see the table&apos;s rows and where retention takes them.</translation>
    </message>
    <message>
        <source>What if</source>
        <translation>What if</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <source>Rows judged</source>
        <translation>Rows judged</translation>
    </message>
    <message>
        <source>Rows kept</source>
        <translation>Rows kept</translation>
    </message>
    <message>
        <source>Saved vs configured</source>
        <translation>Saved vs configured</translation>
    </message>
    <message>
        <source>Worst coverage deviation</source>
        <translation>Worst coverage deviation</translation>
    </message>
    <message>
        <source>12 % check</source>
        <translation>12 % check</translation>
    </message>
    <message>
        <source>Forecast with the what-if</source>
        <translation>Forecast with the what-if</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>Connect to a positions database first.</source>
        <translation>Connect to a positions database first.</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>starting</translation>
    </message>
    <message>
        <source>%1 rows a day over the last 14 days</source>
        <translation>%1 rows a day over the last 14 days</translation>
    </message>
    <message>
        <source>Rows a day: — (%1)</source>
        <translation>Rows a day: — (%1)</translation>
    </message>
    <message>
        <source>Sample: %1 of %2 mowers; a round would judge %3 rows now and keep %4 (ratio %5); worst coverage deviation %6</source>
        <translation>Sample: %1 of %2 mowers; a round would judge %3 rows now and keep %4 (ratio %5); worst coverage deviation %6</translation>
    </message>
    <message>
        <source>Steady state: %1 rows, %2</source>
        <translation>Steady state: %1 rows, %2</translation>
    </message>
    <message>
        <source>Steady state: — (%1)</source>
        <translation>Steady state: — (%1)</translation>
    </message>
    <message numerus="yes">
        <source>Catch-up: %1 slices pending, %n night(s) at the recorded pace</source>
        <translation>
            <numerusform>Catch-up: %1 slices pending, %n night at the recorded pace</numerusform>
            <numerusform>Catch-up: %1 slices pending, %n nights at the recorded pace</numerusform>
        </translation>
    </message>
    <message>
        <source>Catch-up: %1 slices pending (%2)</source>
        <translation>Catch-up: %1 slices pending (%2)</translation>
    </message>
    <message>
        <source>table rows</source>
        <translation>table rows</translation>
    </message>
    <message>
        <source>projected rows</source>
        <translation>projected rows</translation>
    </message>
    <message>
        <source>of them thinned</source>
        <translation>of them thinned</translation>
    </message>
    <message>
        <source>steady state %1</source>
        <translation>steady state %1</translation>
    </message>
    <message>
        <source>now</source>
        <translation>now</translation>
    </message>
    <message>
        <source>caught up</source>
        <translation>caught up</translation>
    </message>
    <message>
        <source>passes</source>
        <translation>passes</translation>
    </message>
    <message>
        <source>fails</source>
        <translation>fails</translation>
    </message>
    <message>
        <source>configured</source>
        <translation>configured</translation>
    </message>
    <message>
        <source>%1 slices pending for the next rounds</source>
        <translation>%1 slices pending for the next rounds</translation>
    </message>
    <message>
        <source>Forecast adds the rows a day, what thinning keeps, the steady state and the catch-up.</source>
        <translation>Forecast adds the rows a day, what thinning keeps, the steady state and the catch-up.</translation>
    </message>
    <message numerus="yes">
        <source>Now: %n mower(s), %1</source>
        <translation>
            <numerusform>Now: %n mower, %1</numerusform>
            <numerusform>Now: %n mowers, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>none measured</source>
        <translation>none measured</translation>
    </message>
    <message>
        <source>no rows to compare: already thinned</source>
        <translation>no rows to compare: already thinned</translation>
    </message>
    <message>
        <source>not checked: no range with coverage</source>
        <translation>not checked: no range with coverage</translation>
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
        <source>Cancelled.</source>
        <translation>Cancelled.</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Capacity</translation>
    </message>
    <message>
        <source>Check to show, drag to reorder.</source>
        <translation>Check to show, drag to reorder.</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Layers</translation>
    </message>
    <message numerus="yes">
        <source>Apply %1: thin %Ln slice(s) of %2 mower(s), delete %3 row(s)</source>
        <translation>
            <numerusform>Apply %1: thin %Ln slice of %2 mower(s), delete %3 row(s)</numerusform>
            <numerusform>Apply %1: thin %Ln slices of %2 mower(s), delete %3 row(s)</numerusform>
        </translation>
    </message>
    <message>
        <source>, and %1 row(s) older than the retention</source>
        <translation>, and %1 row(s) older than the retention</translation>
    </message>
    <message>
        <source>.

Only these are done: a slice written since the plan is skipped and named, and nothing that became due since is touched.</source>
        <translation>.

Only these are done: a slice written since the plan is skipped and named, and nothing that became due since is touched.</translation>
    </message>
    <message>
        <source>Apply the plan</source>
        <translation>Apply the plan</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Apply</translation>
    </message>
    <message numerus="yes">
        <source>Run applies %1: %Ln slice(s) of %2 mower(s), %3 row(s) to delete</source>
        <translation>
            <numerusform>Run applies %1: %Ln slice of %2 mower(s), %3 row(s) to delete</numerusform>
            <numerusform>Run applies %1: %Ln slices of %2 mower(s), %3 row(s) to delete</numerusform>
        </translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>Positions</translation>
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
        <source>No row near the click.</source>
        <translation>No row near the click.</translation>
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
    <message>
        <source> · worst day %1: deviation %2 % (the verdict is on the range)</source>
        <translation> · worst day %1: deviation %2 % (the verdict is on the range)</translation>
    </message>
    <message>
        <source>loaded %1 rows in %2</source>
        <translation>loaded %1 rows in %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 · blades %3 · rtk %4 · wifi %5 · mnet %6 · speed %7&lt;br&gt;&lt;b style=&apos;color:%8&apos;&gt;%9&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 · blades %3 · rtk %4 · wifi %5 · mnet %6 · speed %7&lt;br&gt;&lt;b style=&apos;color:%8&apos;&gt;%9&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 m/s</source>
        <translation>%1 m/s</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 rows&lt;/b&gt; in %2 – %3&lt;br&gt;&lt;b style=&apos;color:#1b7a2f&apos;&gt;kept %4&lt;/b&gt; (by keep_set %5, detail window %6, thinned earlier %7) · &lt;b style=&apos;color:#c0392b&apos;&gt;removed %8&lt;/b&gt; (%9 %)&lt;br&gt;reasons: %10&lt;br&gt;coverage: before %11 m², after %12 m² (normal join %13 m²), deviation %14 % — &lt;b style=&apos;color:%15&apos;&gt;%16&lt;/b&gt;%21&lt;br&gt;&lt;span style=&apos;color:#666&apos;&gt;cutoff %17 · %18 slices run · keep_set %19 · coverage %20&lt;/span&gt;</source>
        <translation>&lt;b&gt;%1 rows&lt;/b&gt; in %2 – %3&lt;br&gt;&lt;b style=&apos;color:#1b7a2f&apos;&gt;kept %4&lt;/b&gt; (by keep_set %5, detail window %6, thinned earlier %7) · &lt;b style=&apos;color:#c0392b&apos;&gt;removed %8&lt;/b&gt; (%9 %)&lt;br&gt;reasons: %10&lt;br&gt;coverage: before %11 m², after %12 m² (normal join %13 m²), deviation %14 % — &lt;b style=&apos;color:%15&apos;&gt;%16&lt;/b&gt;%21&lt;br&gt;&lt;span style=&apos;color:#666&apos;&gt;cutoff %17 · %18 slices run · keep_set %19 · coverage %20&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::ReconciliationPanel</name>
    <message>
        <source>Reconcile</source>
        <translation>Reconcile</translation>
    </message>
    <message>
        <source>Compare every user&apos;s balance with the newest snapshot plus what the ledger applied since (read-only).</source>
        <translation>Compare every user&apos;s balance with the newest snapshot plus what the ledger applied since (read-only).</translation>
    </message>
    <message>
        <source>Take snapshot</source>
        <translation>Take snapshot</translation>
    </message>
    <message>
        <source>Record every user&apos;s balance now: later reconciliations compare against it.</source>
        <translation>Record every user&apos;s balance now: later reconciliations compare against it.</translation>
    </message>
    <message>
        <source>Not reconciled yet.</source>
        <translation>Not reconciled yet.</translation>
    </message>
    <message>
        <source>Reconciling…</source>
        <translation>Reconciling…</translation>
    </message>
    <message>
        <source>There is no balance snapshot yet, so nothing was compared. Take one (Take snapshot) and reconcile later.</source>
        <translation>There is no balance snapshot yet, so nothing was compared. Take one (Take snapshot) and reconcile later.</translation>
    </message>
    <message>
        <source>%1 users checked, &lt;b&gt;%2 drifting&lt;/b&gt;, total drift %3 kudos.</source>
        <translation>%1 users checked, &lt;b&gt;%2 drifting&lt;/b&gt;, total drift %3 kudos.</translation>
    </message>
    <message numerus="yes">
        <source>Snapshot of %1 (%Ln day(s) old, checkpoint generation %2).</source>
        <translation>
            <numerusform>Snapshot of %1 (%Ln day old, checkpoint generation %2).</numerusform>
            <numerusform>Snapshot of %1 (%Ln days old, checkpoint generation %2).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tidemark::ui::RehearsalDialog</name>
    <message>
        <source>Rehearse retention on a copy</source>
        <translation>Rehearse retention on a copy</translation>
    </message>
    <message>
        <source>The rehearsal runs on a restored copy of production what retention will run there, and measures it: the partition swap while a writer inserts, the first eligible range of each dataset through its chain, restores of the exported object and the plans of the application&apos;s reads. It changes the copy: it swaps the tables, rolls up, exports and drops partitions. It refuses a database that other sessions are connected to.</source>
        <translation>The rehearsal runs on a restored copy of production what retention will run there, and measures it: the partition swap while a writer inserts, the first eligible range of each dataset through its chain, restores of the exported object and the plans of the application&apos;s reads. It changes the copy: it swaps the tables, rolls up, exports and drops partitions. It refuses a database that other sessions are connected to.</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>The longest exclusive lock a writer may wait for during the swap or a drop for the verdict to be go (KUDOS_REHEARSAL_MAX_LOCK_MS).</source>
        <translation>The longest exclusive lock a writer may wait for during the swap or a drop for the verdict to be go (KUDOS_REHEARSAL_MAX_LOCK_MS).</translation>
    </message>
    <message>
        <source>A scratch archive of its own (removed after)</source>
        <translation>A scratch archive of its own (removed after)</translation>
    </message>
    <message>
        <source>The workspace&apos;s archive</source>
        <translation>The workspace&apos;s archive</translation>
    </message>
    <message>
        <source>Only an archive initialised for this copy: the rehearsal refuses one made for another database.</source>
        <translation>Only an archive initialised for this copy: the rehearsal refuses one made for another database.</translation>
    </message>
    <message>
        <source>Lock limit:</source>
        <translation>Lock limit:</translation>
    </message>
    <message>
        <source>Archive:</source>
        <translation>Archive:</translation>
    </message>
    <message>
        <source>The rehearsal&apos;s report shows here.</source>
        <translation>The rehearsal&apos;s report shows here.</translation>
    </message>
    <message>
        <source>Rehearse</source>
        <translation>Rehearse</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Stop the rehearsal between two steps; its scratch archive and files are removed, what it changed on the copy stays.</source>
        <translation>Stop the rehearsal between two steps; its scratch archive and files are removed, what it changed on the copy stays.</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Save…</translation>
    </message>
    <message>
        <source>Save the report as text, or as JSON in a file whose name ends in .json.</source>
        <translation>Save the report as text, or as JSON in a file whose name ends in .json.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>The copy&apos;s name:</source>
        <translation>The copy&apos;s name:</translation>
    </message>
    <message>
        <source>Not connected to a kudos database.</source>
        <translation>Not connected to a kudos database.</translation>
    </message>
    <message>
        <source>The kudos settings are not valid: %1</source>
        <translation>The kudos settings are not valid: %1</translation>
    </message>
    <message>
        <source>Waiting for the kudos database to load.</source>
        <translation>Waiting for the kudos database to load.</translation>
    </message>
    <message>
        <source>The kudos database did not load.</source>
        <translation>The kudos database did not load.</translation>
    </message>
    <message>
        <source>A retention round runs on this database: rehearse when it has ended.</source>
        <translation>A retention round runs on this database: rehearse when it has ended.</translation>
    </message>
    <message>
        <source>Type the name of the database, %1, to enable Rehearse: the rehearsal changes it.</source>
        <translation>Type the name of the database, %1, to enable Rehearse: the rehearsal changes it.</translation>
    </message>
    <message>
        <source>Rehearse on %1: it swaps, rolls up, exports and drops there.</source>
        <translation>Rehearse on %1: it swaps, rolls up, exports and drops there.</translation>
    </message>
    <message>
        <source>Starting the rehearsal…</source>
        <translation>Starting the rehearsal…</translation>
    </message>
    <message>
        <source>Cancelled between two steps: what the rehearsal changed on the copy stays.</source>
        <translation>Cancelled between two steps: what the rehearsal changed on the copy stays.</translation>
    </message>
    <message>
        <source>Done in %1.</source>
        <translation>Done in %1.</translation>
    </message>
    <message>
        <source>Go</source>
        <translation>Go</translation>
    </message>
    <message>
        <source>Not yet</source>
        <translation>Not yet</translation>
    </message>
    <message>
        <source>go</source>
        <translation>go</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>not yet</translation>
    </message>
    <message>
        <source>The rehearsal was cancelled.</source>
        <translation>The rehearsal was cancelled.</translation>
    </message>
    <message>
        <source>Save the rehearsal&apos;s report</source>
        <translation>Save the rehearsal&apos;s report</translation>
    </message>
    <message>
        <source>Text (*.txt);;JSON (*.json)</source>
        <translation>Text (*.txt);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>Saved to %1.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::RoundHistoryChart</name>
    <message>
        <source>No rounds recorded yet.</source>
        <translation>No rounds recorded yet.</translation>
    </message>
    <message>
        <source>Rows per round</source>
        <translation>Rows per round</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>deleted</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>kept</translation>
    </message>
    <message>
        <source>dry run</source>
        <translation>dry run</translation>
    </message>
    <message>
        <source>a dry run: nothing was deleted</source>
        <translation>a dry run: nothing was deleted</translation>
    </message>
    <message>
        <source>scanned %1 in %2</source>
        <translation>scanned %1 in %2</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::RoundPanel</name>
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
        <source> job(s)</source>
        <translation> job(s)</translation>
    </message>
    <message>
        <source>Thinning workers, each on its own connection, taking whole mowers.</source>
        <translation>Thinning workers, each on its own connection, taking whole mowers.</translation>
    </message>
    <message>
        <source>Count what a round would scan and delete, slice by slice, and keep it as the plan that Run applies; delete nothing.</source>
        <translation>Count what a round would scan and delete, slice by slice, and keep it as the plan that Run applies; delete nothing.</translation>
    </message>
    <message>
        <source>mower %1 slice from %2: %3</source>
        <translation>mower %1 slice from %2: %3</translation>
    </message>
    <message>
        <source>The plan: %1 applied, %2 already done, %3 stale, %4 left</source>
        <translation>The plan: %1 applied, %2 already done, %3 stale, %4 left</translation>
    </message>
    <message>
        <source>stale, untouched: %1</source>
        <translation>stale, untouched: %1</translation>
    </message>
    <message>
        <source>Window %1:00–%2:00 %3 · now %4 there (hour %5): &lt;b style=&apos;color:%6&apos;&gt;%7&lt;/b&gt; · budget %8 per round</source>
        <translation>Window %1:00–%2:00 %3 · now %4 there (hour %5): &lt;b style=&apos;color:%6&apos;&gt;%7&lt;/b&gt; · budget %8 per round</translation>
    </message>
    <message>
        <source>%1 %2: mowers %3, slices %4, scanned %5, %6 %7, age delete %8, %9; slices left %10</source>
        <translation>%1 %2: mowers %3, slices %4, scanned %5, %6 %7, age delete %8, %9; slices left %10</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::TimeChart</name>
    <message>
        <source>No history yet.</source>
        <translation>No history yet.</translation>
    </message>
    <message>
        <source>UTC</source>
        <translation>UTC</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>series name: value</comment>
        <translation>%1: %2</translation>
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
    <name>tidemark::ui::TracksCapacityPanel</name>
    <message>
        <source>Forecast</source>
        <translation>Forecast</translation>
    </message>
    <message>
        <source>Store size: history from the imports, projection at the last 30 days&apos; pace</source>
        <translation>Store size: history from the imports, projection at the last 30 days&apos; pace</translation>
    </message>
    <message>
        <source>Forecasting…</source>
        <translation>Forecasting…</translation>
    </message>
    <message>
        <source>store size</source>
        <translation>store size</translation>
    </message>
    <message numerus="yes">
        <source>%n track(s)</source>
        <translation>
            <numerusform>%n track</numerusform>
            <numerusform>%n tracks</numerusform>
        </translation>
    </message>
    <message>
        <source>projected</source>
        <translation>projected</translation>
    </message>
    <message numerus="yes">
        <source>steady state after %n year(s) of retention</source>
        <translation>
            <numerusform>steady state after %n year of retention</numerusform>
            <numerusform>steady state after %n years of retention</numerusform>
        </translation>
    </message>
    <message>
        <source>now</source>
        <translation>now</translation>
    </message>
    <message>
        <source>%1 tracks, %2 (%3 a track)</source>
        <translation>%1 tracks, %2 (%3 a track)</translation>
    </message>
    <message numerus="yes">
        <source>%1 tracks a day over the last 30 days; steady state %2 tracks after %n year(s) of retention</source>
        <translation>
            <numerusform>%1 tracks a day over the last 30 days; steady state %2 tracks after %n year of retention</numerusform>
            <numerusform>%1 tracks a day over the last 30 days; steady state %2 tracks after %n years of retention</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A retention run now deletes %n track(s) (about %1).</source>
        <translation>
            <numerusform>A retention run now deletes %n track (about %1).</numerusform>
            <numerusform>A retention run now deletes %n tracks (about %1).</numerusform>
        </translation>
    </message>
    <message>
        <source>Now: %1 tracks</source>
        <translation>Now: %1 tracks</translation>
    </message>
    <message>
        <source>Run a forecast to see the store&apos;s size against %1.</source>
        <translation>Run a forecast to see the store&apos;s size against %1.</translation>
    </message>
    <message>
        <source>Now %1, %2 of the %3 alert.
Forecast draws its history and its growth.</source>
        <translation>Now %1, %2 of the %3 alert.
Forecast draws its history and its growth.</translation>
    </message>
    <message>
        <source>Now: %1 tracks, %2 (%3 of the %4 mark)</source>
        <translation>Now: %1 tracks, %2 (%3 of the %4 mark)</translation>
    </message>
    <message>
        <source>Forecast adds the growth of the last 30 days, when %1 is reached and what retention deletes.</source>
        <translation>Forecast adds the growth of the last 30 days, when %1 is reached and what retention deletes.</translation>
    </message>
    <message>
        <source>%1 alert</source>
        <translation>%1 alert</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 on %2</translation>
    </message>
    <message>
        <source>Reaches %1 on %2</source>
        <translation>Reaches %1 on %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Read-only: the store&apos;s size, its growth over the last 30 days and when it reaches %1.</source>
        <translation>Read-only: the store&apos;s size, its growth over the last 30 days and when it reaches %1.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::TracksLayer</name>
    <message>
        <source>Tracks</source>
        <translation>Tracks</translation>
    </message>
    <message>
        <source>The tracks in view, simplified for the zoom and coloured by activity; magenta: the tracks a retention run would delete; black: the selected track.</source>
        <translation>The tracks in view, simplified for the zoom and coloured by activity; magenta: the tracks a retention run would delete; black: the selected track.</translation>
    </message>
    <message>
        <source>retention preview</source>
        <translation>retention preview</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::TracksWorkbench</name>
    <message>
        <source>No tracks file is open.</source>
        <translation>No tracks file is open.</translation>
    </message>
    <message>
        <source>Activities</source>
        <translation>Activities</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Sources</translation>
    </message>
    <message>
        <source>‹ Previous</source>
        <translation>‹ Previous</translation>
    </message>
    <message>
        <source>Next ›</source>
        <translation>Next ›</translation>
    </message>
    <message>
        <source>Preview retention</source>
        <translation>Preview retention</translation>
    </message>
    <message>
        <source>Find the tracks a retention run would delete now (imported more than GPS_TRACKS_RETENTION_YEARS ago) and show them in magenta; nothing is deleted.</source>
        <translation>Find the tracks a retention run would delete now (imported more than GPS_TRACKS_RETENTION_YEARS ago) and show them in magenta; nothing is deleted.</translation>
    </message>
    <message>
        <source>Import GPX…</source>
        <translation>Import GPX…</translation>
    </message>
    <message>
        <source>Import GPX files from the chosen source: each file is one batch, a malformed file is refused whole and the others go on.</source>
        <translation>Import GPX files from the chosen source: each file is one batch, a malformed file is refused whole and the others go on.</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Import GPX files</source>
        <translation>Import GPX files</translation>
    </message>
    <message>
        <source>GPX files (*.gpx)</source>
        <translation>GPX files (*.gpx)</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Opening %1…</translation>
    </message>
    <message numerus="yes">
        <source>, %Ln in view</source>
        <translation>
            <numerusform>, %Ln in view</numerusform>
            <numerusform>, %Ln in view</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Page %1 of %2 · %Ln track(s)</source>
        <translation>
            <numerusform>Page %1 of %2 · %Ln track</numerusform>
            <numerusform>Page %1 of %2 · %Ln tracks</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#555&apos;&gt;Select a track in the table or click one on the map.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#555&apos;&gt;Select a track in the table or click one on the map.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Track %1 (not on this page of the table).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Track %1 (not on this page of the table).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>track %1</source>
        <translation>track %1</translation>
    </message>
    <message>
        <source>%1 points, %2 km; ridden %3; imported %4</source>
        <translation>%1 points, %2 km; ridden %3; imported %4</translation>
    </message>
    <message>
        <source>(no times)</source>
        <translation>(no times)</translation>
    </message>
    <message>
        <source>Looking for tracks older than the retention…</source>
        <translation>Looking for tracks older than the retention…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) imported before %1 would be deleted (%2 years); magenta on the map.</source>
        <translation>
            <numerusform>%Ln track imported before %1 would be deleted (%2 years); magenta on the map.</numerusform>
            <numerusform>%Ln tracks imported before %1 would be deleted (%2 years); magenta on the map.</numerusform>
        </translation>
    </message>
    <message>
        <source>; last import %1 (%2, %3): %4</source>
        <translation>; last import %1 (%2, %3): %4</translation>
    </message>
    <message>
        <source>done</source>
        <translation>done</translation>
    </message>
    <message>
        <source>%1 added, %2 merged, %3 unchanged, %4 skipped (waypoints, routes, tracks under two points)</source>
        <translation>%1 added, %2 merged, %3 unchanged, %4 skipped (waypoints, routes, tracks under two points)</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>refused: %1</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: %Ln file(s) not imported</source>
        <translation>
            <numerusform>Cancelled: %Ln file not imported</numerusform>
            <numerusform>Cancelled: %Ln files not imported</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete them…</source>
        <translation>Delete them…</translation>
    </message>
    <message>
        <source>Delete the tracks the preview found, as tidemark-cli tracks retain does (in batches, the space reclaimed, the R-tree checked).</source>
        <translation>Delete the tracks the preview found, as tidemark-cli tracks retain does (in batches, the space reclaimed, the R-tree checked).</translation>
    </message>
    <message>
        <source>The activity of the tracks without a GPX &lt;type&gt; (tidemark-cli tracks import --activity).</source>
        <translation>The activity of the tracks without a GPX &lt;type&gt; (tidemark-cli tracks import --activity).</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Activity</translation>
    </message>
    <message>
        <source>Delete old tracks</source>
        <translation>Delete old tracks</translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln track(s) imported more than %1 years ago from %2?</source>
        <translation>
            <numerusform>Delete %Ln track imported more than %1 years ago from %2?</numerusform>
            <numerusform>Delete %Ln tracks imported more than %1 years ago from %2?</numerusform>
        </translation>
    </message>
    <message>
        <source>Deleting the tracks older than the retention…</source>
        <translation>Deleting the tracks older than the retention…</translation>
    </message>
    <message>
        <source>track %1 (%2)</source>
        <translation>track %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>; %Ln previewed track(s) were already gone</source>
        <translation>
            <numerusform>; %Ln previewed track was already gone</numerusform>
            <numerusform>; %Ln previewed tracks were already gone</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %Ln previewed track(s) changed since the preview and were kept: %1</source>
        <translation>
            <numerusform>; %Ln previewed track changed since the preview and was kept: %1</numerusform>
            <numerusform>; %Ln previewed tracks changed since the preview and were kept: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>; cancelled: the rest goes with the next run</source>
        <translation>; cancelled: the rest goes with the next run</translation>
    </message>
    <message>
        <source>; the spatial index is INCONSISTENT</source>
        <translation>; the spatial index is INCONSISTENT</translation>
    </message>
    <message>
        <source>Copy to PostGIS…</source>
        <translation>Copy to PostGIS…</translation>
    </message>
    <message>
        <source>Copy this file into a PostGIS store made by tidemark-cli tracks init --db, as tidemark-cli tracks migrate does: streamed, resumable, verified (the file is only read).</source>
        <translation>Copy this file into a PostGIS store made by tidemark-cli tracks init --db, as tidemark-cli tracks migrate does: streamed, resumable, verified (the file is only read).</translation>
    </message>
    <message>
        <source>Copy to PostGIS</source>
        <translation>Copy to PostGIS</translation>
    </message>
    <message>
        <source>The PostGIS store (libpq connection string or service=NAME; passwords from ~/.pgpass):</source>
        <translation>The PostGIS store (libpq connection string or service=NAME; passwords from ~/.pgpass):</translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln track(s) in the store</source>
        <translation>
            <numerusform>%1: %Ln track in the store</numerusform>
            <numerusform>%1: %Ln tracks in the store</numerusform>
        </translation>
    </message>
    <message>
        <source>Copying to PostGIS…</source>
        <translation>Copying to PostGIS…</translation>
    </message>
    <message numerus="yes">
        <source>Copied %Ln track(s) to %1</source>
        <translation>
            <numerusform>Copied %Ln track to %1</numerusform>
            <numerusform>Copied %Ln tracks to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>: verified (%Ln track(s) in the store)</source>
        <translation>
            <numerusform>: verified (%Ln track in the store)</numerusform>
            <numerusform>: verified (%Ln tracks in the store)</numerusform>
        </translation>
    </message>
    <message>
        <source>: cancelled, copy again to resume</source>
        <translation>: cancelled, copy again to resume</translation>
    </message>
    <message>
        <source>: NOT verified: %1</source>
        <translation>: NOT verified: %1</translation>
    </message>
    <message>
        <source>Fit the map to the tracks the activity and source filters leave (%1)</source>
        <translation>Fit the map to the tracks the activity and source filters leave (%1)</translation>
    </message>
    <message>
        <source>Lines of the filtered tracks in view.</source>
        <translation>Lines of the filtered tracks in view.</translation>
    </message>
    <message>
        <source>Density of the checked activities from every source: the source filter applies to lines, drawn where a view holds up to %1 of these tracks.</source>
        <translation>Density of the checked activities from every source: the source filter applies to lines, drawn where a view holds up to %1 of these tracks.</translation>
    </message>
    <message>
        <source>Density of the filtered tracks: lines where a view holds up to %1 of them.</source>
        <translation>Density of the filtered tracks: lines where a view holds up to %1 of them.</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>Tracks</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Capacity</translation>
    </message>
    <message>
        <source>Nothing imported: only GPX files (.gpx) can be dropped here.</source>
        <translation>Nothing imported: only GPX files (.gpx) can be dropped here.</translation>
    </message>
    <message>
        <source>Nothing imported: no tracks store is open.</source>
        <translation>Nothing imported: no tracks store is open.</translation>
    </message>
    <message>
        <source>Nothing imported: an import is still running; drop the files again when it is done.</source>
        <translation>Nothing imported: an import is still running; drop the files again when it is done.</translation>
    </message>
    <message>
        <source>Nothing imported: no source is configured (GPS_SOURCES_CONFIG).</source>
        <translation>Nothing imported: no source is configured (GPS_SOURCES_CONFIG).</translation>
    </message>
    <message>
        <source>Not imported, not GPX files: %1</source>
        <translation>Not imported, not GPX files: %1</translation>
    </message>
    <message>
        <source>Retention &amp;&amp; import</source>
        <translation>Retention &amp;&amp; import</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) of the plan %1 are magenta on the map; it is applied from its window.</source>
        <translation>
            <numerusform>%Ln track of the plan %1 are magenta on the map; it is applied from its window.</numerusform>
            <numerusform>%Ln tracks of the plan %1 are magenta on the map; it is applied from its window.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 and %2 are checked in the filters to show the imported tracks.</source>
        <translation>%1 and %2 are checked in the filters to show the imported tracks.</translation>
    </message>
    <message>
        <source>Box %1</source>
        <translation>Box %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) deleted, %1 freed</source>
        <translation>
            <numerusform>%Ln track deleted, %1 freed</numerusform>
            <numerusform>%Ln tracks deleted, %1 freed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Health: %Ln track(s), tables %1, indexes %2</source>
        <translation>
            <numerusform>Health: %Ln track, tables %1, indexes %2</numerusform>
            <numerusform>Health: %Ln tracks, tables %1, indexes %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Health: %Ln track(s), database %1, WAL %2</source>
        <translation>
            <numerusform>Health: %Ln track, database %1, WAL %2</numerusform>
            <numerusform>Health: %Ln tracks, database %1, WAL %2</numerusform>
        </translation>
    </message>
    <message>
        <source> — over %1: plan a retention run or a split</source>
        <translation> — over %1: plan a retention run or a split</translation>
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
    <name>tidemark::ui::WhatIfForm</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message>
        <source>MOWDECK_TELEMETRY_POSITIONS_THIN_ACTIVE_SECONDS: the bin of a mowing row</source>
        <translation>MOWDECK_TELEMETRY_POSITIONS_THIN_ACTIVE_SECONDS: the bin of a mowing row</translation>
    </message>
    <message>
        <source>MOWDECK_TELEMETRY_POSITIONS_THIN_IDLE_SECONDS: the bin of an idle row</source>
        <translation>MOWDECK_TELEMETRY_POSITIONS_THIN_IDLE_SECONDS: the bin of an idle row</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>MOWDECK_TELEMETRY_HEATMAP_JOIN_SECONDS: the longest gap the heatmap joins</source>
        <translation>MOWDECK_TELEMETRY_HEATMAP_JOIN_SECONDS: the longest gap the heatmap joins</translation>
    </message>
    <message>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <source>MOWDECK_TELEMETRY_HEATMAP_JOIN_METRES: the longest step the heatmap joins</source>
        <translation>MOWDECK_TELEMETRY_HEATMAP_JOIN_METRES: the longest step the heatmap joins</translation>
    </message>
    <message>
        <source>Active bin</source>
        <translation>Active bin</translation>
    </message>
    <message>
        <source>Idle bin</source>
        <translation>Idle bin</translation>
    </message>
    <message>
        <source>Join up to</source>
        <translation>Join up to</translation>
    </message>
    <message>
        <source>Join within</source>
        <translation>Join within</translation>
    </message>
</context>
</TS>
