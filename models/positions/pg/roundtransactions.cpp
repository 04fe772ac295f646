#include "roundtransactions.h"

#include "error.h"
#include "pgconnection.h"
#include "pgtransaction.h"
#include "positionslayout.h"
#include "shardedagedelete.h"
#include "shardedstatus.h"
#include "sqlstate.h"
#include "thinninground.h"

#include <QStringList>
#include <algorithm>

namespace tidemark::positions {

namespace {

// A batch's counts as its slices need them: one per slice, none with a bad row in its context or without the
// rows it was batched for (lost since they were found: its context unread).
bool everySliceClean(const std::vector<ThinningStatement::Counts>& counts, std::size_t slices) {
    return counts.size() == slices &&
           std::none_of(counts.begin(), counts.end(),
                        [](const ThinningStatement::Counts& c) { return c.badRowAt || c.scanned == 0; });
}

QString mowerText(const QUuid& id) {
    return id.toString(QUuid::WithoutBraces);
}

// The earliest row without a finite position (NaN, ±infinity or NULL) in [$2, $3) of a mower, as keep_set
// refuses a slice whose context holds one (SliceThinning): NaN - NaN and inf - inf are NaN, which equals no
// 0. The thinning statement reports such rows up to the slice's last row; the round checks the rest of the
// context with this, and names a row with it.
const QString kBadRowSql =
    QStringLiteral("SELECT (extract(epoch FROM observed_at) * 1000000)::bigint, coalesce(lat::text, 'NULL'),"
                   " coalesce(lon::text, 'NULL') FROM mower_positions WHERE mower_id = $1"
                   " AND observed_at >= $2::timestamptz AND observed_at < $3::timestamptz"
                   " AND NOT coalesce(lat - lat = 0 AND lon - lon = 0, false) ORDER BY observed_at LIMIT 1");

// The oldest finite row of the table, found through the primary key (a skip scan over the mowers).
const QString kOldestSql =
    ThinningStatus::mowersCte() +
    QStringLiteral(
        " SELECT (extract(epoch FROM min(o)) * 1000000)::bigint FROM (SELECT (SELECT min(p.observed_at) FROM "
        "mower_positions p WHERE p.mower_id = m.mower_id AND p.observed_at > '-infinity' AND p.observed_at < "
        "'infinity') AS o FROM m WHERE m.mower_id IS NOT NULL) x");

// One batch of the age delete: rows of one time window, found through the BRIN index on observed_at.
const QString kAgeBatchSql =
    QStringLiteral("DELETE FROM mower_positions WHERE ctid = ANY (ARRAY(SELECT ctid FROM mower_positions"
                   " WHERE observed_at >= $1::timestamptz AND observed_at < $2::timestamptz LIMIT $3))");

// The earliest row of mower $1 in [from, to) (parameters, e.g. "$2"), through the primary key.
QString firstRowSql(const QString& from, const QString& to) {
    return QStringLiteral(
               "SELECT (extract(epoch FROM min(p.observed_at)) * 1000000)::bigint FROM mower_positions p"
               " WHERE p.mower_id = $1::uuid AND p.observed_at >= %1::timestamptz AND p.observed_at <"
               " %2::timestamptz")
        .arg(from, to);
}

// Moves a mower's watermark from $2 to $3 (an update from $2, or the first watermark from the mower's start
// $2) while the ranges [$5[i], $6[i]) hold no row, and returns the mower's first row in [$3, $4 = the
// cutoff), NULL when none; no row when it did not move.
QString watermarkSql(bool first) {
    const QString empty = QStringLiteral(
        " NOT EXISTS (SELECT 1 FROM unnest($5::timestamptz[], $6::timestamptz[]) g(lo, hi) WHERE EXISTS "
        "(SELECT"
        " 1 FROM mower_positions p WHERE p.mower_id = $1::uuid AND p.observed_at >= g.lo AND p.observed_at <"
        " g.hi))");
    const QString next =
        QStringLiteral(" RETURNING (%1)").arg(firstRowSql(QStringLiteral("$3"), QStringLiteral("$4")));
    if (first)
        return QStringLiteral(
                   "INSERT INTO mower_positions_thinning (mower_id, thinned_until)"
                   " SELECT $1::uuid, $3::timestamptz WHERE $2::timestamptz <= $3::timestamptz AND") +
               empty + QStringLiteral(" ON CONFLICT (mower_id) DO NOTHING") + next;
    return QStringLiteral("UPDATE mower_positions_thinning SET thinned_until = $3::timestamptz"
                          " WHERE mower_id = $1::uuid AND thinned_until = $2::timestamptz AND") +
           empty + next;
}

// The slices of a mower's next rows: at most $5 rows from $3 to $4 (the cutoff), counted by 6-hour bucket
// from $2 (in µs since the epoch), with each bucket's first and last row.
const QString kRowsAheadSql =
    QStringLiteral(
        "SELECT (x.us - $2::bigint) / %1, count(*), min(x.us), max(x.us) FROM (SELECT (extract(epoch FROM"
        " observed_at) * 1000000)::bigint AS us FROM mower_positions WHERE mower_id = $1::uuid AND "
        "observed_at >="
        " $3::timestamptz AND observed_at < $4::timestamptz ORDER BY observed_at LIMIT $5) x GROUP BY 1 "
        "ORDER BY"
        " 1")
        .arg(kMaxSlice);

QString timestampArray(const std::vector<Micros>& instants) {
    QStringList items;
    for (const Micros at : instants)
        items << formatIsoTimestamp(at);
    return pgPlainArray(items);
}

} // namespace

RoundTransactions::RoundTransactions(PgConnection& db, const PositionSettings& settings,
                                     const RoundOptions& options, std::function<void(MowerFailure)> failed)
    : m_db(db), m_settings(settings), m_options(options), m_statement(settings), m_failed(std::move(failed)) {
    if (PositionsLayout::of(db).distributed)
        m_sharded = std::make_unique<ShardedAgeDelete>(db);
}

RoundTransactions::~RoundTransactions() = default;

QString RoundTransactions::interruptionOf(const Error& e) {
    const QByteArray& state = e.sqlState();
    if (state == SqlState::kLockNotAvailable)
        return QStringLiteral("lock timeout");
    if (state == SqlState::kQueryCanceled)
        return QStringLiteral("statement timeout");
    if (state == SqlState::kSerializationFailure)
        return QStringLiteral("serialization failure");
    if (state == SqlState::kDeadlockDetected)
        return QStringLiteral("deadlock");
    return {};
}

// READ COMMITTED whatever the server's default, the round's lock timeout, what is left of the budget as the
// statement timeout (none in a dry run, whatever the server's default) and the thinning statement's
// settings, all with BEGIN in one round trip.
PgTransactionOptions RoundTransactions::transactionOptions(long long statementTimeoutMs) const {
    PgTransactionOptions options;
    options.isolation = QStringLiteral("READ COMMITTED");
    options.lockTimeoutMs = m_settings.lockTimeoutSeconds * 1000;
    options.statementTimeoutMs = statementTimeoutMs;
    options.settings =
        (statementTimeoutMs > 0 ? QString() : QStringLiteral("SET LOCAL statement_timeout = 0; ")) +
        ThinningStatement::transactionSettings();
    // A Citus coordinator plans a router statement with subqueries from its parameters' values only: a
    // generic plan of one is refused ("could not create distributed plan"). The settings go to the worker
    // too: the shard's statement, planned there with the values, passes jit_above_cost, and compiling it
    // took 290 ms of a 300 ms batch (auto_explain on a worker; the round ran at a tenth of one server's
    // pace).
    if (m_sharded) {
        options.settings += QStringLiteral("; SET LOCAL plan_cache_mode = force_custom_plan");
        options.onCitusWorkersToo = true;
    }
    return options;
}

long long RoundTransactions::countOlderThan(Micros limit) {
    return m_db
        .exec(QStringLiteral("SELECT count(*) FROM mower_positions WHERE observed_at < $1::timestamptz"),
              {formatIsoTimestamp(limit)})
        .toLong(0, 0);
}

std::optional<Micros> RoundTransactions::oldestRow() {
    if (m_sharded) {
        std::optional<Micros> oldest;
        for (const MowerThinningStatus& m : ShardedStatus::mowers(m_db))
            if (m.oldest && (!oldest || *m.oldest < *oldest))
                oldest = m.oldest;
        return oldest;
    }
    const PgResult oldest = m_db.exec(kOldestSql);
    if (oldest.isNull(0, 0))
        return std::nullopt;
    return oldest.toLong(0, 0);
}

RoundTransactions::AgeBatch RoundTransactions::ageDeleteBatch(const QString& low, const QString& high,
                                                              int batch, long long statementTimeoutMs) {
    if (m_sharded) {
        const ShardedAgeDelete::Batch b = m_sharded->run(low, high, batch);
        return {b.deleted, b.more};
    }
    PgTransaction tx(m_db, transactionOptions(statementTimeoutMs));
    // The decision record's plan: the BRIN index, whatever the statistics of a fresh table say.
    m_db.exec(QStringLiteral("SELECT set_config('enable_seqscan', 'off', true)"));
    const long long n = m_db.exec(kAgeBatchSql, {low, high, batch}).affectedRows();
    tx.commit();
    return {n, n >= batch};
}

std::vector<MowerThinningStatus> RoundTransactions::mowers(Micros cutoff, long long statementTimeoutMs) {
    PgTransaction tx(m_db, transactionOptions(statementTimeoutMs));
    std::vector<MowerThinningStatus> mowers = ThinningStatus::query(m_db, cutoff, RowCounting::None);
    tx.commit();
    return mowers;
}

void RoundTransactions::analyzeIfNeverAnalyzed(long long statementTimeoutMs) {
    if (m_sharded) {
        m_sharded->analyzeNeverAnalyzed();
        return;
    }
    PgTransaction tx(m_db, transactionOptions(statementTimeoutMs));
    if (m_db.exec(QStringLiteral("SELECT coalesce(last_analyze, last_autoanalyze) IS NULL FROM "
                                 "pg_stat_user_tables WHERE relid = 'mower_positions'::regclass"))
            .toBool(0, 0))
        m_db.exec(QStringLiteral("ANALYZE mower_positions"));
    tx.commit();
}

std::optional<Micros> RoundTransactions::firstRowFrom(const QUuid& mowerId, Micros from, Micros cutoff) {
    static const QByteArray name = "tidemark_first_row_v1";
    if (!m_db.isPrepared(name))
        m_db.prepare(name, firstRowSql(QStringLiteral("$2"), QStringLiteral("$3")), 3);
    const PgResult r =
        m_db.execPrepared(name, {mowerText(mowerId), formatIsoTimestamp(from), formatIsoTimestamp(cutoff)});
    if (r.isNull(0, 0))
        return std::nullopt;
    return r.toLong(0, 0);
}

RoundTransactions::RowsAhead RoundTransactions::rowsAhead(const std::vector<SliceRange>& slices,
                                                          std::size_t from, int rows) {
    static const QByteArray name = "tidemark_rows_ahead_v1";
    if (!m_db.isPrepared(name))
        m_db.prepare(name, kRowsAheadSql, 5);
    const SliceRange& first = slices[from];
    const PgResult r =
        m_db.execPrepared(name, {mowerText(first.mowerId), first.begin, formatIsoTimestamp(first.begin),
                                 formatIsoTimestamp(slices.back().end), rows});
    RowsAhead ahead;
    long long read = 0;
    for (int row = 0; row < r.rows(); ++row) {
        const std::size_t at = from + static_cast<std::size_t>(r.toLong(row, 0));
        const long long n = r.toLong(row, 1);
        const Micros low = r.toLong(row, 2), high = r.toLong(row, 3);
        if (row == 0)
            ahead.firstRowAt = low;
        read += n;
        // The 6-hour buckets are the planner's slices; a bucket that is not one ends the list.
        if (at >= slices.size() || low < slices[at].begin || high >= slices[at].end)
            break;
        // A bucket cut by the limit has more rows than it counted.
        if (read >= rows && row == r.rows() - 1)
            break;
        ahead.slices.push_back({at, n});
    }
    if (r.rows() == 0)
        ahead.firstRowAt = std::optional<Micros>();
    ahead.complete = read < rows && ahead.slices.size() == static_cast<std::size_t>(r.rows());
    return ahead;
}

std::optional<std::vector<ThinningStatement::Counts>>
RoundTransactions::runBatch(const std::vector<SliceRange>& batch, Micros from, Micros end,
                            MowerCursor& cursor, long long statementTimeoutMs) {
    std::vector<Gap> gaps = gapsOf(from, batch.front().begin);
    for (std::size_t k = 1; k < batch.size(); ++k)
        gaps.push_back({batch[k - 1].end, batch[k].begin});
    for (const Gap& after : gapsOf(batch.back().end, end))
        gaps.push_back(after);
    const SliceRange range{batch.front().mowerId, from, end};
    if (m_options.onBatch)
        m_options.onBatch(m_db, batch);
    try {
        std::vector<PgResult> results;
        PgTransaction tx(m_db, transactionOptions(statementTimeoutMs),
                         withWatermark({m_statement.statementFor(batch)}, range, from, gaps, cursor),
                         &results);
        std::vector<ThinningStatement::Counts> counts = ThinningStatement::countsOfSlices(results.front());
        const WatermarkMove move = moveOf(results.back());
        if (!move.moved || !everySliceClean(counts, batch.size())) {
            tx.rollback();
            return std::nullopt;
        }
        tx.commit();
        cursor.watermark = range.end;
        cursor.nextRowAt = move.nextRowAt;
        return counts;
    } catch (const Error& e) {
        if (!SqlState::isDataException(e.sqlState()))
            throw;
        return std::nullopt; // rolled back; the first slice alone reports it
    }
}

std::optional<std::vector<ThinningStatement::Counts>>
RoundTransactions::countBatch(const std::vector<SliceRange>& batch, MowerCursor& cursor,
                              long long statementTimeoutMs) {
    if (m_options.onBatch)
        m_options.onBatch(m_db, batch);
    std::vector<ThinningStatement::Counts> counts;
    try {
        std::vector<PgResult> results;
        PgTransaction tx(m_db, transactionOptions(statementTimeoutMs),
                         {m_statement.statementFor(batch, cursor.pending)}, &results);
        counts = ThinningStatement::countsOfSlices(results.front());
        tx.commit();
    } catch (const Error& e) {
        if (!SqlState::isDataException(e.sqlState()))
            throw;
        return std::nullopt;
    }
    if (!everySliceClean(counts, batch.size()))
        return std::nullopt;
    cursor.nextRowAt.reset();
    cursor.pending.deletedBefore = counts.back().deletedTail;
    cursor.pending.until = batch.back().end;
    return counts;
}

// The watermark could not move from `from`: a row arrived in [from, emptyUntil) (the watermark is where
// the round left it), or another writer moved it (recorded).
SliceOutcome RoundTransactions::notMoved(const SliceRange& range, Micros from, Micros emptyUntil,
                                         MowerCursor& cursor) {
    if (from < emptyUntil && watermarkIsAt(range.mowerId, cursor.watermark)) {
        cursor.nextRowAt.reset();
        return SliceOutcome::RowArrived;
    }
    recordMovedWatermark(range, cursor.watermark);
    return SliceOutcome::MowerSkipped;
}

SliceOutcome RoundTransactions::skipEmptySlices(const SliceRange& run, MowerCursor& cursor,
                                                long long statementTimeoutMs) {
    if (m_options.dryRun)
        return SliceOutcome::Done;
    bool moved = false;
    std::optional<PgTransaction> tx;
    if (m_options.onStep) {
        tx.emplace(m_db, transactionOptions(statementTimeoutMs));
        step(run, SliceStep::Began);
        moved = moveWatermark(run, run.begin, run.end, cursor).moved;
    } else { // BEGIN and the move in one round trip
        std::vector<PgResult> results;
        tx.emplace(m_db, transactionOptions(statementTimeoutMs),
                   withWatermark({}, run, run.begin, gapsOf(run.begin, run.end), cursor), &results);
        moved = moveOf(results.back()).moved;
    }
    if (!moved) {
        tx->rollback();
        return notMoved(run, run.begin, run.end, cursor);
    }
    step(run, SliceStep::WatermarkMoved);
    tx->commit();
    step(run, SliceStep::Committed);
    cursor.watermark = run.end;
    cursor.nextRowAt = std::optional<Micros>();
    return SliceOutcome::Done;
}

void RoundTransactions::step(const SliceRange& slice, SliceStep s) {
    if (m_options.onStep)
        m_options.onStep(m_db, slice, s);
}

SliceOutcome RoundTransactions::runSlice(const SliceRange& slice, Micros from, MowerCursor& cursor,
                                         ThinningStatement::Counts& counts, long long statementTimeoutMs) {
    try {
        return runSliceIn(slice, from, cursor, counts, statementTimeoutMs);
    } catch (const Error& e) {
        if (!SqlState::isDataException(e.sqlState())) // a data exception fails only its mower
            throw;
        if (recordBadRow(slice))
            return SliceOutcome::MowerSkipped;
        m_failed({slice.mowerId,
                  QStringLiteral("mower %1: slice %2..%3 failed: %4")
                      .arg(mowerText(slice.mowerId), formatIsoTimestamp(slice.begin),
                           formatIsoTimestamp(slice.end), e.message()),
                  std::nullopt});
        return SliceOutcome::MowerSkipped;
    }
}

// Without a step hook the watermark's move is sent with the statement and runs whatever the statement
// found: when the slice must not commit (a bad row, or the watermark not moved) the transaction is rolled
// back with both, as the stepwise path rolls back the statement. A fault between the statement and the move
// is then the server's alone (the flight is one transaction: a lost connection or a failed statement leaves
// nothing).
SliceOutcome RoundTransactions::runSliceIn(const SliceRange& slice, Micros from, MowerCursor& cursor,
                                           ThinningStatement::Counts& counts, long long statementTimeoutMs) {
    std::optional<PgTransaction> tx;
    std::vector<PgResult> results;
    if (m_options.onStep && !m_options.dryRun) {
        tx.emplace(m_db, transactionOptions(statementTimeoutMs));
        step(slice, SliceStep::Began);
        counts = m_statement.run(m_db, slice, ThinningStatement::Mode::Delete);
    } else {
        // A dry run counts the slice on the table as the round will find it (ThinningStatement::Pending).
        std::vector<PgStatement> flight{
            m_options.dryRun ? m_statement.statementFor(slice, cursor.pending)
                             : m_statement.statementFor(slice, ThinningStatement::Mode::Delete)};
        if (!m_options.dryRun)
            flight = withWatermark(std::move(flight), slice, from, gapsOf(from, slice.begin), cursor);
        tx.emplace(m_db, transactionOptions(statementTimeoutMs), flight, &results);
        counts = ThinningStatement::countsOf(results.front());
    }
    // The statement reports a bad row of the context of the slice's rows; a slice that has lost its rows
    // meanwhile has its context read here.
    if (counts.badRowAt ||
        (counts.scanned == 0 &&
         badRows(slice.mowerId, slice.begin - kSliceContext, slice.end + kSliceContext).rows() > 0)) {
        tx->rollback();
        return skipForBadRow(slice);
    }
    if (m_options.dryRun) {
        tx->commit();
        cursor.nextRowAt.reset();
        cursor.pending.deletedBefore = counts.deletedTail;
        cursor.pending.until = slice.end;
        return SliceOutcome::Done;
    }
    step(slice, SliceStep::Deleted);
    const WatermarkMove move =
        m_options.onStep ? moveWatermark(slice, from, slice.begin, cursor) : moveOf(results.back());
    if (!move.moved) {
        tx->rollback();
        return notMoved(slice, from, slice.begin, cursor);
    }
    step(slice, SliceStep::WatermarkMoved);
    tx->commit();
    step(slice, SliceStep::Committed);
    cursor.watermark = slice.end;
    cursor.nextRowAt = move.nextRowAt;
    return SliceOutcome::Done;
}

PgResult RoundTransactions::badRows(const QUuid& mowerId, Micros from, Micros to) {
    static const QByteArray name = "tidemark_bad_row_v2";
    if (!m_db.isPrepared(name))
        m_db.prepare(name, kBadRowSql, 3);
    return m_db.execPrepared(name, {mowerText(mowerId), formatIsoTimestamp(from), formatIsoTimestamp(to)});
}

// The slice was rolled back for a bad row: record it (a concurrent fix may have removed it meanwhile).
SliceOutcome RoundTransactions::skipForBadRow(const SliceRange& slice) {
    if (!recordBadRow(slice))
        m_failed({slice.mowerId,
                  QStringLiteral("mower %1: slice %2..%3 rolled back for a row without a finite position, "
                                 "which has changed since")
                      .arg(mowerText(slice.mowerId), formatIsoTimestamp(slice.begin),
                           formatIsoTimestamp(slice.end)),
                  std::nullopt});
    return SliceOutcome::MowerSkipped;
}

// Records the earliest row of the slice's context that keep_set cannot judge (outside the slice's
// transaction); false when there is none.
bool RoundTransactions::recordBadRow(const SliceRange& slice) {
    const PgResult bad = badRows(slice.mowerId, slice.begin - kSliceContext, slice.end + kSliceContext);
    if (bad.rows() == 0)
        return false;
    const Micros at = bad.toLong(0, 0);
    m_failed(
        {slice.mowerId,
         QStringLiteral("mower %1: the row at %2 has lat %3, lon %4 (not a finite position); slice %5..%6 "
                        "and the rest of the mower skipped")
             .arg(mowerText(slice.mowerId), formatIsoTimestamp(at), bad.text(0, 1), bad.text(0, 2),
                  formatIsoTimestamp(slice.begin), formatIsoTimestamp(slice.end)),
         at});
    return true;
}

// Moves the watermark from `from` (or sets the first one) to the range's end, while [from, emptyUntil)
// holds no row; not moved when another writer moved it meanwhile or a row arrived there. The same
// statement finds the mower's next row after the range.
RoundTransactions::WatermarkMove RoundTransactions::moveWatermark(const SliceRange& range, Micros from,
                                                                  Micros emptyUntil,
                                                                  const MowerCursor& cursor) {
    std::optional<PgResult> last;
    for (const PgStatement& statement : withWatermark({}, range, from, gapsOf(from, emptyUntil), cursor)) {
        if (!m_db.isPrepared(statement.prepared))
            m_db.prepare(statement.prepared, statement.sql, int(statement.params.size()));
        last = m_db.execPrepared(statement.prepared, statement.params);
    }
    return moveOf(*last);
}

std::vector<RoundTransactions::Gap> RoundTransactions::gapsOf(Micros from, Micros emptyUntil) {
    if (from >= emptyUntil)
        return {};
    return {{from, emptyUntil}};
}

std::vector<PgStatement> RoundTransactions::withWatermark(std::vector<PgStatement> flight,
                                                          const SliceRange& range, Micros from,
                                                          const std::vector<Gap>& gaps,
                                                          const MowerCursor& cursor) {
    // Citus cannot route an INSERT … SELECT whose subqueries read a distributed table: a first watermark is
    // a placeholder inserted at '-infinity' (which no round writes), then moved from there as any watermark
    // is. A row another writer inserted first stays (DO NOTHING) and does not move, as on one server; a
    // placeholder that does not move is rolled back with the transaction.
    const bool insertThenMove = m_sharded && !cursor.watermark;
    if (insertThenMove)
        flight.push_back(
            {QStringLiteral("INSERT INTO mower_positions_thinning (mower_id, thinned_until) VALUES"
                            " ($1::uuid, '-infinity') ON CONFLICT (mower_id) DO NOTHING"),
             {mowerText(range.mowerId)},
             "tidemark_watermark_start_v2"});
    const bool first = !cursor.watermark && !insertThenMove;
    std::vector<Micros> lows, highs;
    for (const Gap& gap : gaps) {
        lows.push_back(gap.from);
        highs.push_back(gap.to);
    }
    flight.push_back(
        {watermarkSql(first),
         {mowerText(range.mowerId), insertThenMove ? QStringLiteral("-infinity") : formatIsoTimestamp(from),
          formatIsoTimestamp(range.end), formatIsoTimestamp(cursor.cutoff), timestampArray(lows),
          timestampArray(highs)},
         first ? "tidemark_watermark_first_v3" : "tidemark_watermark_move_v3"});
    return flight;
}

RoundTransactions::WatermarkMove RoundTransactions::moveOf(const PgResult& r) {
    WatermarkMove move;
    move.moved = r.rows() == 1;
    if (move.moved)
        move.nextRowAt = r.isNull(0, 0) ? std::optional<std::optional<Micros>>(std::optional<Micros>())
                                        : std::optional<std::optional<Micros>>(r.toLong(0, 0));
    return move;
}

bool RoundTransactions::watermarkIsAt(const QUuid& mowerId, const std::optional<Micros>& at) {
    const PgResult r =
        m_db.exec(QStringLiteral("SELECT (extract(epoch FROM thinned_until) * 1000000)::bigint FROM "
                                 "mower_positions_thinning WHERE mower_id = $1"),
                  {mowerText(mowerId)});
    return r.rows() == 0 ? !at : (at && r.toLong(0, 0) == *at);
}

void RoundTransactions::recordMovedWatermark(const SliceRange& slice, const std::optional<Micros>& expected) {
    const PgResult now = m_db.exec(
        QStringLiteral("SELECT thinned_until::text FROM mower_positions_thinning WHERE mower_id = $1"),
        {mowerText(slice.mowerId)});
    m_failed(
        {slice.mowerId,
         QStringLiteral("mower %1: another writer moved the watermark from %2 to %3 during slice %4..%5; "
                        "the slice was rolled back")
             .arg(mowerText(slice.mowerId),
                  expected ? formatIsoTimestamp(*expected) : QStringLiteral("(none)"),
                  now.rows() ? now.text(0, 0) : QStringLiteral("(none)"), formatIsoTimestamp(slice.begin),
                  formatIsoTimestamp(slice.end)),
         std::nullopt});
}

} // namespace tidemark::positions
