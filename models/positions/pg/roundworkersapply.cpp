// RoundWorkers' apply of a plan's slices, mower by mower (spec/operations.md, "Plans that are applied
// exactly"): the same checkpoint (pause, cancel, window, budget), workers and events as a round.
#include "roundworkers.h"

#include "roundtransactions.h"
#include "taskfeedback.h"
#include "thinninground.h"

namespace tidemark::positions {

namespace {

// As a round's batches (roundworkers.cpp): planned slices a context apart, up to these many rows and slices.
constexpr long long kApplyBatchRows = 4096;
constexpr std::size_t kApplyBatchSlices = 128;

} // namespace

void RoundWorkers::setOutcome(std::size_t slice, PlanUnitOutcome::Status status, const QString& detail) {
    const std::lock_guard lock(m_shared);
    PlanUnitOutcome& o = m_report.unitOutcomes[slice + (m_options.plan->ageDelete ? 1 : 0)];
    o.status = status;
    o.detail = detail;
}

bool RoundWorkers::applyMower(RoundTransactions& transactions, const MowerThinningStatus& m) {
    using Status = PlanUnitOutcome::Status;
    const std::vector<PlannedSlice>& planned = m_options.plan->slices;
    const std::vector<std::size_t>& mine = m_plan.plannedOf(m.mowerId);
    const Micros serverCutoff = m_plan.settings().thinningCutoff(m_report.serverNow);
    MowerRoundFigures figures{m.mowerId};
    const MowerAccount account{m_report, figures, m_shared};
    const auto event = [&](std::size_t k, Status status, const ThinningStatement::Counts& counts) {
        const PlannedSlice& p = planned[mine[k]];
        if (status == Status::Applied) {
            ++figures.slices;
            figures.scanned += counts.scanned;
            figures.deleted += counts.deleted;
        }
        const std::lock_guard lock(m_shared);
        ++m_done;
        m_scannedSoFar += counts.scanned;
        SliceEvent e{m.mowerId,
                     static_cast<long long>(k + 1),
                     m.slicesPending,
                     m_done,
                     m_plan.totalSlices(),
                     counts.scanned,
                     counts.deleted,
                     false,
                     m_scannedSoFar,
                     1,
                     {m.mowerId, p.from, p.to},
                     status};
        if (m_options.control)
            m_options.control->report(e.progress());
        if (m_options.onSlice)
            m_options.onSlice(e);
    };
    MowerCursor cursor{m.mowerId, planned[mine.back()].to, m.watermark, std::nullopt, {}};
    QString stale;
    const auto markStale = [&](std::size_t k, const QString& detail) {
        setOutcome(mine[k], Status::Stale, detail);
        event(k, Status::Stale, {});
        stale = detail;
    };
    const bool batches = !m_options.onStep;
    std::size_t k = 0;
    if (!m.notAnInstant.isEmpty())
        markStale(k++, QStringLiteral("the mower has %1").arg(m.notAnInstant));
    while (k < mine.size()) {
        const PlannedSlice& p = planned[mine[k]];
        if (!stale.isEmpty()) {
            setOutcome(mine[k++], Status::Left, QStringLiteral("after a stale slice of this mower"));
            continue;
        }
        if (cursor.watermark && *cursor.watermark >= p.to) {
            setOutcome(
                mine[k], Status::Done,
                QStringLiteral("the watermark %1 is past it").arg(formatIsoTimestamp(*cursor.watermark)));
            event(k++, Status::Done, {});
            continue;
        }
        if (cursor.watermark && *cursor.watermark > p.from) {
            markStale(k++, QStringLiteral("the watermark %1 is inside it: a round thinned part of it since "
                                          "the plan")
                               .arg(formatIsoTimestamp(*cursor.watermark)));
            continue;
        }
        if (p.to > serverCutoff && !m_options.allowClockAhead) {
            markStale(k++, QStringLiteral("not eligible by the server's clock: it ends at %1, after the "
                                          "server's cutoff %2")
                               .arg(formatIsoTimestamp(p.to), formatIsoTimestamp(serverCutoff)));
            continue;
        }
        if (between() != RoundPlan::Stop::None)
            return false;
        std::vector<const PlannedSlice*> batch{&p};
        long long rows = p.rowsScanned;
        for (std::size_t j = k + 1; batches && j < mine.size() && batch.size() < kApplyBatchSlices; ++j) {
            const PlannedSlice& q = planned[mine[j]];
            if (q.from - batch.back()->to < kSliceContext || rows + q.rowsScanned > kApplyBatchRows ||
                (q.to > serverCutoff && !m_options.allowClockAhead))
                break;
            batch.push_back(&q);
            rows += q.rowsScanned;
        }
        if (batch.size() > 1) {
            if (const auto counts = transactions.applyBatch(batch, cursor, statementTimeoutMs())) {
                for (std::size_t b = 0; b < batch.size(); ++b) {
                    setOutcome(mine[k], Status::Applied, {});
                    event(k++, Status::Applied, (*counts)[b]);
                }
                continue;
            }
        }
        const AppliedSlice applied = transactions.applySlice(p, cursor, statementTimeoutMs());
        if (applied.status == Status::Stale) {
            markStale(k++, applied.detail);
            continue;
        }
        setOutcome(mine[k], Status::Applied, {});
        event(k++, Status::Applied, applied.counts);
    }
    return true;
}

} // namespace tidemark::positions
