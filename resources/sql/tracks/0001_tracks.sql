-- Public GPS tracks (spec/tracks.md). Applied to a SQLite file with SpatiaLite loaded and its metadata
-- initialised (InitSpatialMetadata(1)) by the opener before this script runs.
CREATE TABLE tracks (
    id                 INTEGER PRIMARY KEY,
    dedup_key          TEXT    NOT NULL,
    name               TEXT,
    activity_type      TEXT    NOT NULL,
    sources_json       TEXT    NOT NULL,
    external_urls_json TEXT    NOT NULL,
    user               TEXT    NULL,
    description        TEXT    NULL,
    tags_json          TEXT    NULL,
    points_count       INTEGER NOT NULL,
    length_m           REAL    NOT NULL,
    min_lon            REAL    NOT NULL,
    min_lat            REAL    NOT NULL,
    max_lon            REAL    NOT NULL,
    max_lat            REAL    NOT NULL,
    started_at         TEXT    NULL,
    created_at         TEXT    NOT NULL
);
CREATE UNIQUE INDEX idx_tracks_dedup ON tracks (dedup_key);
CREATE INDEX idx_tracks_activity ON tracks (activity_type);
CREATE INDEX idx_tracks_created ON tracks (created_at);
SELECT AddGeometryColumn('tracks', 'geom', 4326, 'LINESTRING', 'XY');
SELECT CreateSpatialIndex('tracks', 'geom');

CREATE TABLE pipeline_runs (
    id           INTEGER PRIMARY KEY,
    region       TEXT NOT NULL,
    source       TEXT NOT NULL,
    started_at   TEXT NOT NULL,
    finished_at  TEXT NULL,
    status       TEXT NOT NULL,
    tracks_added INTEGER NOT NULL DEFAULT 0,
    tracks_merged INTEGER NOT NULL DEFAULT 0,
    error        TEXT NULL
);
