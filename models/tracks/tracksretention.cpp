#include "tracksretention.h"

#include "trackoverview.h"
#include "tracksdatabase.h"

#include "error.h"
#include "taskfeedback.h"

#include <QDateTime>
#include <QTimeZone>
#include <map>

namespace tidemark::tracks {

Micros TracksRetention::cutoff(Micros now, int years) {
    const Micros seconds = floorDiv(now, kMicrosPerSecond);
    const QDateTime then = QDateTime::fromSecsSinceEpoch(seconds, QTimeZone::utc()).addYears(-years);
    return then.toSecsSinceEpoch() * kMicrosPerSecond + (now - seconds * kMicrosPerSecond);
}

std::optional<ClockCheck> TracksRetention::checkClock(Micros now, Micros machineNow,
                                                      std::optional<Micros> newestCreatedAt, int years,
                                                      bool allowed, std::optional<Micros> serverNow) {
    const QString clockName = QStringLiteral("the retention's clock");
    const QString override =
        QStringLiteral("tidemark-cli tracks retain --allow-clock-ahead, which is recorded");
    const ClockCheck machine{clockName, now, QStringLiteral("this machine's clock"), machineNow};
    machine.require(
        allowed,
        QStringLiteral("it would delete tracks younger than %1 years; nothing was deleted").arg(years),
        override);
    if (machine.tooFarAhead())
        return machine;
    if (serverNow) {
        const ClockCheck server{clockName, now, QStringLiteral("the database server's clock"), *serverNow};
        server.require(
            allowed,
            QStringLiteral("it would delete tracks younger than %1 years; nothing was deleted").arg(years),
            override);
        if (server.tooFarAhead())
            return server;
    }
    if (!newestCreatedAt)
        return std::nullopt;
    const ClockCheck store{clockName, now,
                           QStringLiteral("the day the newest track (created_at %1) is %2 years old")
                               .arg(formatIsoTimestamp(*newestCreatedAt))
                               .arg(years),
                           cutoff(*newestCreatedAt, -years)};
    store.require(
        allowed,
        QStringLiteral("it would delete every track of the store, as a clock years ahead would "
                       "(nothing was deleted; a store that has really had no import for %1 years is "
                       "retained with the override)")
            .arg(years),
        override);
    return store.tooFarAhead() ? std::optional<ClockCheck>(store) : std::nullopt;
}

TracksRetention::TracksRetention(TracksDatabase& db, int batchSize, int vacuumPagesPerStep)
    : m_db(db), m_batchSize(std::max(1, batchSize)), m_vacuumPagesPerStep(std::max(1, vacuumPagesPerStep)) {}

std::optional<Micros> TracksRetention::newestCreatedAt() {
    return m_db.newestCreatedAt();
}

TracksRetentionPreview TracksRetention::preview(Micros cutoff) {
    TracksRetentionPreview preview;
    preview.cutoff = cutoff;
    preview.ids = m_db.idsCreatedBefore(cutoff);
    return preview;
}

std::vector<qint64> TracksRetention::deleteWithOverview(const std::vector<qint64>& ids, Micros cutoff) {
    // The lines first (their pixels leave the overview), then the delete that re-checks the age.
    std::map<qint64, std::pair<QString, std::vector<LonLat>>> lines;
    m_db.forEachLine(ids, [&](qint64 id, const QString& activity, std::vector<LonLat>& points) {
        lines[id] = {activity, std::move(points)};
    });
    const std::vector<qint64> deleted = m_db.deleteTracks(ids, cutoff);
    ActivityDensityDeltas density;
    for (qint64 id : deleted)
        density.add(lines[id].first, lines[id].second, -1);
    TrackOverview::apply(m_db, density);
    return deleted;
}

void TracksRetention::reportBatch(const TracksRetentionReport& report, size_t done, size_t total,
                                  TaskFeedback& feedback) {
    const size_t batch = static_cast<size_t>(m_batchSize);
    TaskProgress progress = TaskProgress::share(static_cast<double>(done) / static_cast<double>(total),
                                                QStringLiteral("deleting"));
    progress.done = report.batches;
    progress.total = static_cast<qint64>((total + batch - 1) / batch);
    progress.rows = static_cast<qint64>(report.deleted.size());
    feedback.report(progress);
}

void TracksRetention::finish(TracksRetentionReport* report, TaskFeedback& feedback) {
    m_db.reclaimSpace(report, m_vacuumPagesPerStep, feedback);
    m_db.checkSpatialIndex(report);
    report->fileBytesAfter = m_db.storeBytes();
}

TracksRetentionReport TracksRetention::run(Micros cutoff, TaskFeedback& feedback) {
    TracksRetentionReport report;
    report.cutoff = cutoff;
    report.fileBytesBefore = m_db.storeBytes();
    const std::vector<qint64> ids = preview(cutoff).ids;
    const size_t batch = static_cast<size_t>(m_batchSize);
    for (size_t start = 0; start < ids.size(); start += batch) {
        if (!feedback.checkpoint()) {
            report.cancelled = true;
            break;
        }
        const size_t end = std::min(ids.size(), start + batch);
        const std::vector<qint64> slice(ids.begin() + static_cast<std::ptrdiff_t>(start),
                                        ids.begin() + static_cast<std::ptrdiff_t>(end));
        std::vector<qint64> deleted;
        m_db.beginWrite();
        try {
            deleted = deleteWithOverview(slice, cutoff);
            m_db.commitWrite();
        } catch (const Error&) {
            m_db.rollbackWrite();
            throw;
        }
        report.deleted.insert(report.deleted.end(), deleted.begin(), deleted.end());
        ++report.batches;
        reportBatch(report, end, ids.size(), feedback);
    }
    finish(&report, feedback);
    return report;
}

void TracksRetention::checkSpatialIndex(TracksRetentionReport* report) {
    m_db.checkSpatialIndex(report);
}

} // namespace tidemark::tracks
