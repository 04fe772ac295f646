-- Mower positions, their state history and the thinning watermark (spec/positions.md, ADR 0053).
CREATE TABLE mower_positions (
    mower_id    uuid             NOT NULL,
    observed_at timestamptz      NOT NULL,
    lat         double precision NOT NULL,
    lon         double precision NOT NULL,
    blades_on   boolean          NOT NULL,
    rtk_fix     smallint         NULL CHECK (rtk_fix IN (0, 1, 2)),
    wifi_rssi   smallint         NULL,
    mnet_rssi   smallint         NULL,
    speed_mps   real             NULL,
    PRIMARY KEY (mower_id, observed_at)
);
CREATE INDEX ix_mower_positions_mower_time ON mower_positions (mower_id, observed_at DESC);
CREATE INDEX brin_mower_positions_observed_at ON mower_positions USING brin (observed_at);

CREATE TABLE mower_history (
    mower_id    uuid        NOT NULL,
    observed_at timestamptz NOT NULL,
    state       text        NOT NULL,
    error_code  integer     NULL,
    PRIMARY KEY (mower_id, observed_at)
);

CREATE TABLE mower_positions_thinning (
    mower_id      uuid PRIMARY KEY,
    thinned_until timestamptz NOT NULL
);
