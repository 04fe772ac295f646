-- Restore drills (spec/kudos.md, "Restore drills"): each archive object restored into a scratch file and
-- compared with what replaced its rows (kudos_ledger_daily, kudos_stat_rollups) and with the catalog. One row
-- per object drilled, written once the object's drill is complete; a drill that was cancelled, killed or cut
-- off from the archive leaves no row.
CREATE TABLE kudos_archive_drills (
    id            bigint           GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    drilled_at    timestamp        NOT NULL DEFAULT (now() AT TIME ZONE 'UTC'),
    archive_key   text             NOT NULL,
    object_sha256 text             NULL,
    result        text             NOT NULL CHECK (result IN ('passed', 'failed')),
    problems      jsonb            NOT NULL DEFAULT '[]',
    seconds       double precision NOT NULL CHECK (seconds >= 0),
    rows          bigint           NOT NULL DEFAULT 0,
    object_bytes  bigint           NOT NULL DEFAULT 0
);
CREATE INDEX ix_kudos_archive_drills_key ON kudos_archive_drills (archive_key, drilled_at DESC);
CREATE INDEX ix_kudos_archive_drills_passed ON kudos_archive_drills (drilled_at) WHERE result = 'passed';
