-- What the retention job found wrong when it was about to drop a range (spec/kudos.md, "The drop"): the rows
-- under the drop's own lock were not what the replacement recorded (a late row, a late quarantine flag, a row
-- changed after its archive object was verified). Nothing was dropped; `difference` says by how much.
-- resolved_at is set when the range is dropped after all (its rows equal their replacement again).
CREATE TABLE kudos_retention_incidents (
    id             bigint    GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    dataset        text      NOT NULL CHECK (dataset IN ('currency', 'statistics')),
    lo             timestamp NOT NULL,
    hi             timestamp NOT NULL,
    partition_name text      NOT NULL,
    kind           text      NOT NULL CHECK (kind IN ('replacement_mismatch')),
    detail         text      NOT NULL,
    difference     jsonb     NOT NULL,
    recorded_at    timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'UTC'),
    resolved_at    timestamp NULL,
    CHECK (lo < hi)
);
CREATE INDEX ix_kudos_retention_incidents_open ON kudos_retention_incidents (dataset, lo) WHERE resolved_at IS NULL;
