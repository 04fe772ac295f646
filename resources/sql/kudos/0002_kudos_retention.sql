-- The tables of kudos retention (spec/kudos.md): the catalog of the retention job, the statistic rollups and
-- quarantine, the currency checkpoints and daily statements, and the idempotency keys. Timestamps are
-- `timestamp` holding UTC, like `created` in the event tables. The partition swap itself is not a migration
-- script: it builds indexes concurrently, so `tidemark-cli kudos swap` runs it step by step.

-- One row per partition (or sub-range of the first partition) that retention knows. dataset: currency
-- (kudos_ledger) or statistics (kudos_stat_events). Each state change commits with the work it records.
CREATE TABLE kudos_retention_catalog (
    dataset        text      NOT NULL CHECK (dataset IN ('currency', 'statistics')),
    lo             timestamp NOT NULL,
    hi             timestamp NOT NULL,
    partition_name text      NOT NULL,
    kind           text      NOT NULL CHECK (kind IN ('partition', 'subrange')),
    state          text      NOT NULL DEFAULT 'pending' CHECK (state IN (
                       'pending', 'rolled_up', 'dumped', 'dump_failed',
                       'checkpointed', 'stated', 'exported', 'verified', 'dropped')),
    row_count      bigint    NULL,
    totals         jsonb     NULL,
    archive_key    text      NULL,
    object_sha256  text      NULL,
    object_bytes   bigint    NULL,
    error          text      NULL,
    updated_at     timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'UTC'),
    PRIMARY KEY (dataset, lo, hi),
    CHECK (lo < hi)
);

-- Statistic events folded by UTC day and every attribution key; the replacement of a dropped partition.
CREATE TABLE kudos_stat_rollups (
    source_lo      timestamp     NOT NULL,
    source_hi      timestamp     NOT NULL,
    day            date          NOT NULL,
    entry_type     varchar(32)   NOT NULL,
    unit           varchar(16)   NOT NULL,
    stat_action    varchar(32)   NULL,
    record         varchar(32)   NULL,
    wp_type        varchar(20)   NULL,
    user_id        integer       NULL,
    worker_id      uuid          NULL,
    worker_user_id integer       NULL,
    team_id        uuid          NULL,
    amount_sum     numeric(30,2) NOT NULL,
    row_count      bigint        NOT NULL,
    amount_min     numeric(20,2) NOT NULL,
    amount_max     numeric(20,2) NOT NULL,
    created_max    timestamp     NOT NULL,
    CONSTRAINT kudos_stat_rollups_key UNIQUE NULLS NOT DISTINCT (source_lo, source_hi, day, entry_type, unit,
        stat_action, record, wp_type, user_id, worker_id, worker_user_id, team_id)
);
CREATE INDEX ix_kudos_stat_rollups_day ON kudos_stat_rollups (day);

-- Quarantined statistic rows, moved unchanged out of a partition before it is dropped.
CREATE TABLE kudos_stat_quarantine (
    id                bigint        NOT NULL PRIMARY KEY,
    created           timestamp     NOT NULL,
    event_id          uuid          NOT NULL,
    entry_type        varchar(32)   NOT NULL,
    user_id           integer       NULL,
    worker_user_id    integer       NULL,
    worker_id         uuid          NULL,
    team_id           uuid          NULL,
    job_id            uuid          NULL,
    wp_type           varchar(20)   NULL,
    amount            numeric(20,2) NOT NULL,
    unit              varchar(16)   NOT NULL,
    stat_action       varchar(32)   NULL,
    record            varchar(32)   NULL,
    detail            jsonb         NULL,
    applied           boolean       NOT NULL,
    quarantined       boolean       NOT NULL,
    quarantine_reason text          NULL,
    moved_at          timestamp     NOT NULL
);

-- Per user, the cumulative applied balance and escrow totals (RECONCILIATION excluded) through `boundary`.
CREATE TABLE kudos_ledger_checkpoints (
    user_id               integer       NOT NULL,
    boundary              timestamp     NOT NULL,
    applied_balance_total numeric(30,2) NOT NULL,
    applied_escrow_total  numeric(30,2) NOT NULL,
    PRIMARY KEY (user_id, boundary)
);

-- Through where checkpoints reach (NULL: nowhere yet) and the generation, raised when checkpoints are rebuilt.
CREATE TABLE kudos_checkpoint_state (
    id         integer   PRIMARY KEY CHECK (id = 1),
    boundary   timestamp NULL,
    generation integer   NOT NULL DEFAULT 0
);
INSERT INTO kudos_checkpoint_state (id, boundary, generation) VALUES (1, NULL, 0);

-- A snapshot records the checkpoint generation it was taken under (0: before any rebuild, legacy snapshots).
ALTER TABLE kudos_balance_snapshots ADD COLUMN checkpoint_generation integer NOT NULL DEFAULT 0;

-- The operator's statement for disputes older than the window: per user, escrow, entry type and UTC day.
CREATE TABLE kudos_ledger_daily (
    user_id    integer       NOT NULL,
    escrow     boolean       NOT NULL,
    entry_type varchar(32)   NOT NULL,
    day        date          NOT NULL,
    amount_sum numeric(30,2) NOT NULL,
    row_count  bigint        NOT NULL,
    PRIMARY KEY (user_id, day, escrow, entry_type)
);

-- Transfer and repair keys, written with their postings; the only table the idempotency checks read.
CREATE TABLE kudos_idempotency_keys (
    event_id          uuid          PRIMARY KEY,
    kind              text          NOT NULL CHECK (kind IN ('transfer', 'repair')),
    scope_key         text          NOT NULL,
    payer_user_id     integer       NULL,
    recipient_user_id integer       NULL,
    amount            numeric(20,2) NULL,
    outcome           text          NOT NULL,
    created           timestamp     NOT NULL
);
CREATE INDEX ix_kudos_idempotency_keys_created ON kudos_idempotency_keys (created);
