-- tracks migrate runs onto an empty store or resumes its own migration, and never overwrites a store written
-- since (spec/operations.md). It records what it copied: per track the fingerprint of the file's row (a
-- resumed run copies again what the file changed since and removes what the file deleted), and the pipeline
-- runs and density overview it wrote. Anything else in the store was written by someone else: refused.
CREATE TABLE tracks_migration_copied (
    track_id    bigint PRIMARY KEY,
    fingerprint bytea  NULL -- the first 16 bytes of the SHA-256 of the file's row; NULL: not known
);

ALTER TABLE tracks_migration
    ADD COLUMN runs_count          bigint NULL, -- the pipeline runs it wrote; NULL: begun before this version
    ADD COLUMN runs_max_id         bigint NULL,
    ADD COLUMN runs_fingerprint    bytea  NULL,
    ADD COLUMN density_fingerprint bytea  NULL;

-- A migration begun before this version recorded only the highest id it had copied: its tracks are those up
-- to it, their fingerprints not known (its next run copies them again).
INSERT INTO tracks_migration_copied (track_id)
SELECT id FROM tracks WHERE id <= (SELECT max(last_track_id) FROM tracks_migration);

ALTER TABLE tracks_migration DROP COLUMN last_track_id, DROP COLUMN runs_copied;
