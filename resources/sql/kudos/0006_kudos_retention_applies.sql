-- Plans applied exactly (spec/operations.md): one row per `apply` of a kudos plan, naming the plan by its
-- sha256 and counting what became of its actions. Written when the apply ends (a killed apply leaves none;
-- its committed actions are in the catalog and the next apply reports them done).
CREATE TABLE kudos_retention_applies (
    id          bigint    GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    plan_sha256 text      NOT NULL,
    started_at  timestamp NOT NULL,
    finished_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'UTC'),
    applied     integer   NOT NULL CHECK (applied >= 0),
    done        integer   NOT NULL CHECK (done >= 0),
    stale       integer   NOT NULL CHECK (stale >= 0),
    left_over   integer   NOT NULL CHECK (left_over >= 0),
    exit_code   integer   NOT NULL
);
CREATE INDEX ix_kudos_retention_applies_plan ON kudos_retention_applies (plan_sha256);
