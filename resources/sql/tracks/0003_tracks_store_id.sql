-- The store's own id (spec/operations.md, "Plans that are applied exactly"): a random id written once, when
-- the file is made or first migrated to this version. A copy of the file keeps it; a new file gets another.
-- A plan names the store it was made on by it (and by its path).
CREATE TABLE tracks_store (
    singleton  INTEGER PRIMARY KEY CHECK (singleton = 1),
    store_id   TEXT NOT NULL,
    created_at TEXT NOT NULL
);
INSERT INTO tracks_store (singleton, store_id, created_at)
VALUES (1, lower(hex(randomblob(16))), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

-- One row per retention run that deleted or was asked to delete (a plan's apply): what it did, and the
-- sha256 of the plan it applied (NULL: a run without a plan).
CREATE TABLE tracks_retention_runs (
    id             INTEGER PRIMARY KEY,
    started_at     TEXT    NOT NULL,
    finished_at    TEXT    NOT NULL,
    status         TEXT    NOT NULL, -- done, stale, cancelled
    cutoff         TEXT    NOT NULL,
    tracks_deleted INTEGER NOT NULL,
    tracks_stale   INTEGER NOT NULL DEFAULT 0,
    tracks_left    INTEGER NOT NULL DEFAULT 0,
    plan_sha256    TEXT    NULL
);
