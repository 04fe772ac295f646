// RoundTransactions' apply of a plan's slices (spec/operations.md, "Plans that are applied exactly").
#include "roundtransactions.h"

#include "error.h"
#include "pgconnection.h"
#include "pgtransaction.h"
#include "sqlstate.h"
#include "thinninground.h"

namespace tidemark::positions {

namespace {

QString span(Micros from, Micros to) {
    return formatIsoTimestamp(from) + QStringLiteral("..") + formatIsoTimestamp(to);
}

} // namespace

QString RoundTransactions::staleness(const PlannedSlice& planned,
                                     const ThinningStatement::Counts& counts) const {
    if (counts.digest != planned.digest)
        return QStringLiteral(
                   "context digest differs: rows inserted, updated or deleted in %1 since the plan")
            .arg(span(planned.from - kSliceContext, planned.to + kSliceContext));
    if (counts.badRowAt)
        return QStringLiteral("the row at %1 of its context has no finite position")
            .arg(formatIsoTimestamp(*counts.badRowAt));
    if (counts.scanned != planned.rowsScanned || counts.deleted != planned.rowsDeleted)
        return QStringLiteral("it would delete %1 of %2 rows where the plan deletes %3 of %4")
            .arg(counts.deleted)
            .arg(counts.scanned)
            .arg(planned.rowsDeleted)
            .arg(planned.rowsScanned);
    return {};
}

AppliedSlice RoundTransactions::applySlice(const PlannedSlice& planned, MowerCursor& cursor,
                                           long long statementTimeoutMs) {
    const SliceRange slice{planned.mowerId, planned.from, planned.to};
    // A mower without a watermark gets its first one at the slice's end: rows before the slice's context
    // that arrived since the plan are then behind the watermark, as rows that arrive behind one always are.
    const Micros from = cursor.watermark.value_or(planned.from);
    AppliedSlice applied;
    try {
        std::vector<PgResult> results;
        PgTransaction tx(
            m_db, transactionOptions(statementTimeoutMs),
            withWatermark({m_statement.statementFor(slice, ThinningStatement::Mode::DeleteChecked)}, slice,
                          from, gapsOf(from, planned.from), cursor),
            &results);
        applied.counts = ThinningStatement::countsOf(results.front());
        const WatermarkMove move = moveOf(results.back());
        applied.detail = staleness(planned, applied.counts);
        if (applied.detail.isEmpty() && !move.moved)
            applied.detail =
                watermarkIsAt(planned.mowerId, cursor.watermark)
                    ? QStringLiteral("rows were written in %1 since the plan, which it does not thin: the "
                                     "watermark cannot pass them")
                          .arg(span(from, planned.from))
                    : QStringLiteral("another writer moved the watermark since the plan");
        if (!applied.detail.isEmpty()) {
            tx.rollback();
            applied.status = PlanUnitOutcome::Status::Stale;
            return applied;
        }
        tx.commit();
        cursor.watermark = planned.to;
        cursor.nextRowAt = move.nextRowAt;
        return applied;
    } catch (const Error& e) {
        if (!SqlState::isDataException(e.sqlState())) // a data exception fails only its slice
            throw;
        applied.status = PlanUnitOutcome::Status::Stale;
        applied.detail = QStringLiteral("the slice failed: %1").arg(e.message());
        return applied;
    }
}

std::optional<std::vector<ThinningStatement::Counts>>
RoundTransactions::applyBatch(const std::vector<const PlannedSlice*>& batch, MowerCursor& cursor,
                              long long statementTimeoutMs) {
    const Micros from = cursor.watermark.value_or(batch.front()->from);
    std::vector<Gap> gaps = gapsOf(from, batch.front()->from);
    std::vector<SliceRange> slices;
    for (std::size_t k = 0; k < batch.size(); ++k) {
        slices.push_back({batch[k]->mowerId, batch[k]->from, batch[k]->to});
        if (k > 0)
            gaps.push_back({batch[k - 1]->to, batch[k]->from});
    }
    const SliceRange range{batch.front()->mowerId, from, batch.back()->to};
    if (m_options.onBatch)
        m_options.onBatch(m_db, slices);
    try {
        std::vector<PgResult> results;
        PgTransaction tx(m_db, transactionOptions(statementTimeoutMs),
                         withWatermark({m_statement.statementFor(slices, true)}, range, from, gaps, cursor),
                         &results);
        std::vector<ThinningStatement::Counts> counts = ThinningStatement::countsOfSlices(results.front());
        bool clean = moveOf(results.back()).moved && counts.size() == batch.size();
        for (std::size_t k = 0; clean && k < batch.size(); ++k)
            clean = staleness(*batch[k], counts[k]).isEmpty();
        if (!clean) {
            tx.rollback();
            return std::nullopt;
        }
        tx.commit();
        cursor.watermark = range.end;
        cursor.nextRowAt.reset();
        return counts;
    } catch (const Error& e) {
        if (!SqlState::isDataException(e.sqlState()))
            throw;
        return std::nullopt; // rolled back; the first slice alone reports it
    }
}

} // namespace tidemark::positions
