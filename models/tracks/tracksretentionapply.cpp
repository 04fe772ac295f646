// TracksRetention::apply: a retention plan's tracks deleted exactly, each re-checked after its lock.
#include "tracksretention.h"

#include "tracksdatabase.h"

#include "error.h"
#include "taskfeedback.h"

#include <algorithm>
#include <map>

namespace tidemark::tracks {

namespace {

QString sourcesText(const QStringList& sources) {
    return sources.isEmpty() ? QStringLiteral("none") : sources.join(QStringLiteral(", "));
}

// Why the planned track `planned` may not be deleted as the store holds it now (`now`); empty when it may.
QString staleReason(const PlannedTrack& planned, const PlannedTrack& now, Micros cutoff,
                    const QString& clockName) {
    if (now.dedupKey != planned.dedupKey)
        return QStringLiteral("the id now holds another track (dedup_key %1, the plan has %2)")
            .arg(now.dedupKey.left(16), planned.dedupKey.left(16));
    if (now.createdAt != planned.createdAt)
        return QStringLiteral("created_at is now %1, the plan has %2")
            .arg(formatIsoTimestamp(now.createdAt), formatIsoTimestamp(planned.createdAt));
    if (now.sources != planned.sources)
        return QStringLiteral("merged with another source since the plan (sources now %1; the plan has %2)")
            .arg(sourcesText(now.sources), sourcesText(planned.sources));
    if (now.createdAt >= cutoff)
        return QStringLiteral("not eligible by %1: created_at %2 is not before the cutoff %3")
            .arg(clockName, formatIsoTimestamp(now.createdAt), formatIsoTimestamp(cutoff));
    return {};
}

} // namespace

TracksRetentionReport TracksRetention::apply(const TracksPlanUnits& plan, Micros cutoff,
                                             const QString& clockName, TaskFeedback& feedback,
                                             std::vector<PlanUnitOutcome>* outcomes) {
    TracksRetentionReport report;
    report.cutoff = cutoff;
    report.fileBytesBefore = m_db.storeBytes();
    const std::vector<PlannedTrack>& tracks = plan.tracks;
    outcomes->clear();
    outcomes->reserve(tracks.size());
    const size_t batch = static_cast<size_t>(m_batchSize);
    for (size_t start = 0; start < tracks.size(); start += batch) {
        if (!feedback.checkpoint()) {
            report.cancelled = true;
            for (size_t i = start; i < tracks.size(); ++i)
                outcomes->push_back({PlanUnitOutcome::Status::Left, tracks[i].toJson(),
                                     QStringLiteral("stopped before its batch (cancelled)")});
            break;
        }
        const size_t end = std::min(tracks.size(), start + batch);
        std::vector<qint64> ids;
        for (size_t i = start; i < end; ++i)
            ids.push_back(tracks[i].id);
        std::vector<PlanUnitOutcome> batchOutcomes;
        std::vector<qint64> deleted;
        m_db.beginWrite();
        try {
            std::map<qint64, PlannedTrack> current;
            for (PlannedTrack& t : m_db.lockTracks(ids))
                current.emplace(t.id, std::move(t));
            std::vector<qint64> toDelete;
            for (size_t i = start; i < end; ++i) {
                const PlannedTrack& planned = tracks[i];
                const auto now = current.find(planned.id);
                PlanUnitOutcome outcome{PlanUnitOutcome::Status::Applied, planned.toJson(), {}};
                if (now == current.end()) {
                    outcome.status = PlanUnitOutcome::Status::Done;
                    outcome.detail = QStringLiteral("already gone");
                } else if (QString why = staleReason(planned, now->second, cutoff, clockName);
                           !why.isEmpty()) {
                    outcome.status = PlanUnitOutcome::Status::Stale;
                    outcome.detail = why;
                } else {
                    toDelete.push_back(planned.id);
                }
                batchOutcomes.push_back(std::move(outcome));
            }
            deleted = deleteWithOverview(toDelete, cutoff);
            m_db.commitWrite();
        } catch (const Error&) {
            m_db.rollbackWrite();
            throw;
        }
        // Locked and checked, each goes; one that did not is not reported applied.
        for (PlanUnitOutcome& o : batchOutcomes)
            if (o.status == PlanUnitOutcome::Status::Applied &&
                !std::binary_search(deleted.begin(), deleted.end(),
                                    qint64(o.unit.value(QLatin1String("id")).toDouble()))) {
                o.status = PlanUnitOutcome::Status::Stale;
                o.detail = QStringLiteral("not deleted by the statement that re-checked its age");
            }
        outcomes->insert(outcomes->end(), std::make_move_iterator(batchOutcomes.begin()),
                         std::make_move_iterator(batchOutcomes.end()));
        report.deleted.insert(report.deleted.end(), deleted.begin(), deleted.end());
        ++report.batches;
        reportBatch(report, end, tracks.size(), feedback);
    }
    finish(&report, feedback);
    return report;
}

} // namespace tidemark::tracks
