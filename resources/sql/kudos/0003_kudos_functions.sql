-- The transfer and repair paths, reconciliation's applied totals and snapshots, and the upkeep of the
-- idempotency keys, as SQL functions shipped with the schema, so that every client runs the same code
-- (spec/kudos.md "Idempotency keys" and "Currency"; reference/kudos-ledger.md sections 5 and 6).
--
-- The ledger may be a plain heap or partitioned by created: nothing here relies on kudos_ledger.id being
-- unique on its own. Timestamps are `timestamp` holding UTC and are passed in by the caller (p_now), so a
-- test or a replay decides the clock.
--
-- Errors raised on purpose carry their own SQLSTATE, class KD (implementation-defined):
--   KD001  idempotency key conflict: the key was used for a transfer with other parameters
--   KD002  transfer refused: amount not positive, payer is the recipient, or an unknown user
--   KD003  transfer refused: the payer's balance is below the amount
--   KD010  repair refused: the snapshot is older than the key lifetime
--   KD011  repair refused: the snapshot was taken under an older checkpoint generation
--   KD012  repair refused: no such snapshot, or the user is not in it
CREATE EXTENSION IF NOT EXISTS "uuid-ossp";

-- The event id of an idempotency key: uuid5(NAMESPACE_URL, 'aihorde-kudos:' || key), as the real system
-- derives it (and demo::KudosGenerator::eventIdForKey).
CREATE FUNCTION kudos_event_id(p_key text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT uuid_generate_v5(uuid_ns_url(), 'aihorde-kudos:' || p_key) $$;

-- The outcome of a transfer key that already exists: 'replayed' for the same payer, recipient and amount,
-- NULL when there is no key, else a KD001 conflict. Reads kudos_idempotency_keys only. The scope key is not
-- compared: the event id already is the scope key's digest, and a backfilled key does not know the raw key.
CREATE FUNCTION kudos_transfer_key_outcome(p_event_id uuid, p_source integer, p_dest integer, p_amount bigint)
    RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    k kudos_idempotency_keys%ROWTYPE;
BEGIN
    SELECT * INTO k FROM kudos_idempotency_keys WHERE event_id = p_event_id;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    IF k.kind = 'transfer' AND k.payer_user_id = p_source AND k.recipient_user_id = p_dest
       AND k.amount = p_amount THEN
        RETURN 'replayed';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'KD001',
        MESSAGE = format('idempotency key conflict: event %s was a %s of %s from user %s to user %s at %s, '
                         'not %s from user %s to user %s', p_event_id, k.kind, k.amount,
                         coalesce(k.payer_user_id::text, '-'), coalesce(k.recipient_user_id::text, '-'),
                         k.created, p_amount, p_source, p_dest),
        HINT = 'use a new Idempotency-Key for a different transfer';
END $$;

-- A kudos transfer from p_source to p_dest, idempotent on p_key (scoped 'transfer:<source>:<key>'; NULL: a
-- random event id, nothing deduplicated, no key row). outcome: 'transferred' (postings written) or
-- 'replayed' (the key was used with the same parameters; nothing written). The key check reads only
-- kudos_idempotency_keys, once before and once under the payer's advisory lock (0x4B554452, source), so two
-- concurrent retries write one transfer. Writes kudos_transfers, the unapplied debit and credit, the
-- 'gifted' and 'received' stat rows and the key row in the caller's transaction, all created = p_now.
CREATE FUNCTION kudos_transfer(p_source integer, p_dest integer, p_amount bigint, p_key text, p_now timestamp)
    RETURNS TABLE (outcome text, event_id uuid) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    v_event uuid;
    v_scope text;
    v_outcome text;
    v_available numeric;
BEGIN
    IF p_amount IS NULL OR p_amount <= 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'KD002',
            MESSAGE = format('transfer refused: amount %s is not a positive number of kudos', p_amount);
    END IF;
    IF p_source IS NULL OR p_dest IS NULL OR p_source = p_dest THEN
        RAISE EXCEPTION USING ERRCODE = 'KD002',
            MESSAGE = format('transfer refused: user %s cannot transfer to user %s', p_source, p_dest);
    END IF;
    IF p_now IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'KD002', MESSAGE = 'transfer refused: no time given (p_now)';
    END IF;
    IF p_key IS NULL THEN
        v_event := uuid_generate_v4();
    ELSE
        v_scope := format('transfer:%s:%s', p_source, p_key);
        v_event := kudos_event_id(v_scope);
        v_outcome := kudos_transfer_key_outcome(v_event, p_source, p_dest, p_amount);
        IF v_outcome IS NOT NULL THEN
            RETURN QUERY SELECT v_outcome, v_event;
            RETURN;
        END IF;
    END IF;

    PERFORM pg_advisory_xact_lock(x'4B554452'::integer, p_source);
    IF p_key IS NOT NULL THEN
        -- A concurrent retry may have committed between the first check and the lock.
        v_outcome := kudos_transfer_key_outcome(v_event, p_source, p_dest, p_amount);
        IF v_outcome IS NOT NULL THEN
            RETURN QUERY SELECT v_outcome, v_event;
            RETURN;
        END IF;
    END IF;

    IF NOT EXISTS (SELECT 1 FROM users WHERE id = p_dest) THEN
        RAISE EXCEPTION USING ERRCODE = 'KD002',
            MESSAGE = format('transfer refused: recipient user %s does not exist', p_dest);
    END IF;
    -- One statement, so that a projector commit cannot be seen by one half and not the other.
    SELECT u.kudos + coalesce((SELECT sum(l.amount) FROM kudos_ledger l
                               WHERE NOT l.applied AND NOT l.escrow AND l.user_id = u.id), 0)
      INTO v_available FROM users u WHERE u.id = p_source;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'KD002',
            MESSAGE = format('transfer refused: payer user %s does not exist', p_source);
    END IF;
    IF v_available < p_amount THEN
        RAISE EXCEPTION USING ERRCODE = 'KD003',
            MESSAGE = format('transfer refused: user %s has %s kudos available, %s requested',
                             p_source, v_available, p_amount);
    END IF;

    IF p_key IS NOT NULL THEN
        INSERT INTO kudos_idempotency_keys
            (event_id, kind, scope_key, payer_user_id, recipient_user_id, amount, outcome, created)
        VALUES (v_event, 'transfer', v_scope, p_source, p_dest, p_amount, 'transferred', p_now);
    END IF;
    INSERT INTO kudos_transfers (id, source_id, dest_id, kudos, created)
    VALUES (gen_random_uuid(), p_source, p_dest, p_amount, p_now);
    INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, escrow, amount, applied, detail)
    VALUES (p_now, v_event, 'TRANSFER', p_source, false, -p_amount, false, '{"reason": "transfer"}'),
           (p_now, v_event, 'TRANSFER', p_dest, false, p_amount, false, '{"reason": "transfer"}');
    INSERT INTO kudos_stat_events (created, event_id, entry_type, user_id, amount, unit, stat_action, record)
    VALUES (p_now, v_event, 'TRANSFER', p_source, p_amount, 'kudos', 'gifted', 'user_kudos'),
           (p_now, v_event, 'TRANSFER', p_dest, p_amount, 'kudos', 'received', 'user_kudos');
    RETURN QUERY SELECT 'transferred'::text, v_event;
END $$;

-- Per user (every row of users), the all-time applied totals that reconciliation compares, RECONCILIATION
-- excluded, split into spendable (NOT escrow) and escrow: the latest checkpoint at or below
-- kudos_checkpoint_state.boundary (0 when there is none) plus the applied ledger rows at or above the
-- boundary (the whole ledger while the boundary is NULL). STABLE SQL: it sees its caller's snapshot.
CREATE FUNCTION kudos_applied_totals()
    RETURNS TABLE (user_id integer, applied_balance_total numeric, applied_escrow_total numeric)
    LANGUAGE sql STABLE AS $$
    WITH state AS (SELECT boundary FROM kudos_checkpoint_state WHERE id = 1),
    latest AS (
        SELECT DISTINCT ON (c.user_id) c.user_id, c.applied_balance_total, c.applied_escrow_total
        FROM kudos_ledger_checkpoints c, state
        WHERE c.boundary <= state.boundary
        ORDER BY c.user_id, c.boundary DESC),
    tail AS (
        SELECT l.user_id,
               coalesce(sum(l.amount) FILTER (WHERE NOT l.escrow), 0) AS balance,
               coalesce(sum(l.amount) FILTER (WHERE l.escrow), 0) AS escrow
        FROM kudos_ledger l
        -- A scalar subquery (an init plan): the boundary prunes partitions and can use the created index.
        WHERE l.applied AND l.entry_type <> 'RECONCILIATION'
          AND l.created >= coalesce((SELECT boundary FROM kudos_checkpoint_state WHERE id = 1), '-infinity')
        GROUP BY l.user_id)
    SELECT u.id,
           coalesce(latest.applied_balance_total, 0) + coalesce(tail.balance, 0),
           coalesce(latest.applied_escrow_total, 0) + coalesce(tail.escrow, 0)
    FROM users u
    LEFT JOIN latest ON latest.user_id = u.id
    LEFT JOIN tail ON tail.user_id = u.id
$$;

-- A balance snapshot of every user (balances, applied totals, the current checkpoint generation), created =
-- p_now; returns its snapshot_id. One statement, one view of the data; callers run it in REPEATABLE READ.
CREATE FUNCTION kudos_take_snapshot(p_now timestamp) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
    v_id uuid := gen_random_uuid();
BEGIN
    INSERT INTO kudos_balance_snapshots (snapshot_id, user_id, balance, escrow, applied_balance_total,
                                         applied_escrow_total, created, checkpoint_generation)
    SELECT v_id, u.id, u.kudos, u.evaluating_kudos, t.applied_balance_total, t.applied_escrow_total, p_now,
           (SELECT generation FROM kudos_checkpoint_state WHERE id = 1)
    FROM users u JOIN kudos_applied_totals() t ON t.user_id = u.id;
    RETURN v_id;
END $$;

-- Compensation-only repair of one user's drift against snapshot p_snapshot_id: expected = snapshot balance
-- + applied totals now - snapshot applied totals (spendable and escrow), compared with users.kudos and
-- users.evaluating_kudos; up to two unapplied RECONCILIATION rows of (expected - actual) and a 'repair' key
-- row (scope 'reconcile:<snapshot>:<user>', event kudos_event_id(scope), amount = the sum of the rows).
-- Returns 'repaired', 'no_drift' (nothing written) or 'already_repaired' (the key exists; nothing written;
-- reads kudos_idempotency_keys only). Refuses a snapshot older than p_key_lifetime before p_now (KD010: its
-- key might have expired) and one taken under an older checkpoint generation (KD011).
CREATE FUNCTION kudos_repair(p_snapshot_id uuid, p_user_id integer, p_now timestamp, p_key_lifetime interval)
    RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    s kudos_balance_snapshots%ROWTYPE;
    v_generation integer;
    v_scope text := format('reconcile:%s:%s', p_snapshot_id, p_user_id);
    v_event uuid := kudos_event_id(v_scope);
    v_drift_balance numeric;
    v_drift_escrow numeric;
BEGIN
    IF p_now IS NULL OR p_key_lifetime IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'KD012', MESSAGE = 'repair refused: no time or key lifetime given';
    END IF;
    SELECT * INTO s FROM kudos_balance_snapshots WHERE snapshot_id = p_snapshot_id AND user_id = p_user_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'KD012',
            MESSAGE = format('repair refused: snapshot %s has no row for user %s', p_snapshot_id, p_user_id);
    END IF;
    IF s.created < p_now - p_key_lifetime THEN
        RAISE EXCEPTION USING ERRCODE = 'KD010',
            MESSAGE = format('repair refused: snapshot %s was taken at %s, older than the key lifetime %s '
                             'before %s', p_snapshot_id, s.created, p_key_lifetime, p_now),
            HINT = 'take a new snapshot and reconcile against it';
    END IF;
    SELECT generation INTO v_generation FROM kudos_checkpoint_state WHERE id = 1;
    IF s.checkpoint_generation < v_generation THEN
        RAISE EXCEPTION USING ERRCODE = 'KD011',
            MESSAGE = format('repair refused: snapshot %s was taken under checkpoint generation %s, '
                             'checkpoints are now at generation %s', p_snapshot_id, s.checkpoint_generation,
                             v_generation),
            HINT = 'take a new snapshot and reconcile against it';
    END IF;

    IF EXISTS (SELECT 1 FROM kudos_idempotency_keys WHERE event_id = v_event) THEN
        RETURN 'already_repaired';
    END IF;
    PERFORM pg_advisory_xact_lock(x'4B55445245434F'::bigint);
    IF EXISTS (SELECT 1 FROM kudos_idempotency_keys WHERE event_id = v_event) THEN
        RETURN 'already_repaired';
    END IF;

    SELECT s.balance + t.applied_balance_total - s.applied_balance_total - u.kudos,
           s.escrow + t.applied_escrow_total - s.applied_escrow_total - u.evaluating_kudos
      INTO v_drift_balance, v_drift_escrow
    FROM users u JOIN kudos_applied_totals() t ON t.user_id = u.id
    WHERE u.id = p_user_id;
    IF v_drift_balance = 0 AND v_drift_escrow = 0 THEN
        RETURN 'no_drift';
    END IF;

    INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, escrow, amount, applied, detail)
    SELECT p_now, v_event, 'RECONCILIATION', p_user_id, d.escrow, d.amount, false,
           jsonb_build_object('reason', 'reconciliation', 'snapshot_id', p_snapshot_id::text)
    FROM (VALUES (false, v_drift_balance), (true, v_drift_escrow)) AS d (escrow, amount)
    WHERE d.amount <> 0;
    INSERT INTO kudos_idempotency_keys
        (event_id, kind, scope_key, payer_user_id, recipient_user_id, amount, outcome, created)
    VALUES (v_event, 'repair', v_scope, NULL, p_user_id, v_drift_balance + v_drift_escrow, 'repaired', p_now);
    RETURN 'repaired';
END $$;

-- Keys for the transfers and repairs whose ledger rows have created >= p_since, as the functions above
-- would have written them (existing keys are kept); returns the number of keys inserted. A transfer is the
-- TRANSFER rows of one event id: payer = the user of the negative row, recipient = of the positive row,
-- amount = the credit. Its raw Idempotency-Key is not stored anywhere, so its scope_key is
-- 'transfer:<payer>:?' (nothing compares scope keys; the event id is the key's digest). A transfer made
-- without a key gets a key row too (its random event id is never asked for). A repair is the RECONCILIATION
-- rows of one event id with a detail snapshot_id: scope 'reconcile:<snapshot>:<user>', amount = their sum.
CREATE FUNCTION kudos_backfill_idempotency_keys(p_since timestamp) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    v_transfers bigint;
    v_repairs bigint;
BEGIN
    INSERT INTO kudos_idempotency_keys
        (event_id, kind, scope_key, payer_user_id, recipient_user_id, amount, outcome, created)
    SELECT g.event_id, 'transfer', format('transfer:%s:?', g.payer), g.payer, g.recipient, g.amount,
           'transferred', g.created
    FROM (SELECT l.event_id,
                 min(l.user_id) FILTER (WHERE l.amount < 0) AS payer,
                 min(l.user_id) FILTER (WHERE l.amount > 0) AS recipient,
                 max(l.amount) FILTER (WHERE l.amount > 0) AS amount,
                 min(l.created) AS created
          FROM kudos_ledger l
          WHERE l.entry_type = 'TRANSFER' AND l.created >= p_since
          GROUP BY l.event_id) g
    WHERE g.payer IS NOT NULL AND g.recipient IS NOT NULL
    ON CONFLICT (event_id) DO NOTHING;
    GET DIAGNOSTICS v_transfers = ROW_COUNT;

    INSERT INTO kudos_idempotency_keys
        (event_id, kind, scope_key, payer_user_id, recipient_user_id, amount, outcome, created)
    SELECT g.event_id, 'repair', format('reconcile:%s:%s', g.snapshot_id, g.user_id), NULL, g.user_id,
           g.amount, 'repaired', g.created
    FROM (SELECT l.event_id, min(l.detail ->> 'snapshot_id') AS snapshot_id, min(l.user_id) AS user_id,
                 sum(l.amount) AS amount, min(l.created) AS created
          FROM kudos_ledger l
          WHERE l.entry_type = 'RECONCILIATION' AND l.created >= p_since AND l.detail ? 'snapshot_id'
          GROUP BY l.event_id) g
    ON CONFLICT (event_id) DO NOTHING;
    GET DIAGNOSTICS v_repairs = ROW_COUNT;
    RETURN v_transfers + v_repairs;
END $$;

-- Deletes the keys created before p_before (the retention job passes now - the currency window); returns
-- how many. A retry with an expired key is a new transfer.
CREATE FUNCTION kudos_expire_idempotency_keys(p_before timestamp) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    v_deleted bigint;
BEGIN
    DELETE FROM kudos_idempotency_keys WHERE created < p_before;
    GET DIAGNOSTICS v_deleted = ROW_COUNT;
    RETURN v_deleted;
END $$;
