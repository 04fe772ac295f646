#include "tracksretention.h"

#include "spatialitedatabase.h"

#include "error.h"
#include "taskfeedback.h"

#include <QDateTime>
#include <QTimeZone>

namespace tidemark::tracks {

Micros TracksRetention::cutoff(Micros now, int years) {
    const Micros seconds = floorDiv(now, kMicrosPerSecond);
    const QDateTime then = QDateTime::fromSecsSinceEpoch(seconds, QTimeZone::utc()).addYears(-years);
    return then.toSecsSinceEpoch() * kMicrosPerSecond + (now - seconds * kMicrosPerSecond);
}

std::optional<ClockCheck> TracksRetention::checkClock(Micros now, Micros machineNow,
                                                      std::optional<Micros> newestCreatedAt, int years,
                                                      bool allowed) {
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
    if (!newestCreatedAt)
        return std::nullopt;
    const ClockCheck store{clockName, now,
                           QStringLiteral("the day the newest track (created_at %1) is %2 years old")
                               .arg(formatIsoTimestamp(*newestCreatedAt))
                               .arg(years),
                           cutoff(*newestCreatedAt, -years)};
    store.require(allowed,
                  QStringLiteral("it would delete every track of the file, as a clock years ahead would "
                                 "(nothing was deleted; a file that has really had no import for %1 years is "
                                 "retained with the override)")
                      .arg(years),
                  override);
    return store.tooFarAhead() ? std::optional<ClockCheck>(store) : std::nullopt;
}

TracksRetention::TracksRetention(SpatialiteDatabase& db, int batchSize, int vacuumPagesPerStep)
    : m_db(db), m_batchSize(std::max(1, batchSize)), m_vacuumPagesPerStep(std::max(1, vacuumPagesPerStep)) {}

std::optional<Micros> TracksRetention::newestCreatedAt() {
    SqliteStatement q = m_db.prepare(QStringLiteral("SELECT max(created_at) FROM tracks"));
    if (!q.step() || q.isNull(0))
        return std::nullopt;
    Micros newest = 0;
    if (!tryParseIsoTimestamp(q.text(0), &newest))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("%1: the newest created_at of the tracks is not a timestamp: '%2'")
                        .arg(m_db.path(), q.text(0).left(64)));
    return newest;
}

TracksRetentionPreview TracksRetention::preview(Micros cutoff) {
    TracksRetentionPreview preview;
    preview.cutoff = cutoff;
    // created_at is ISO text with an optional fraction ("...:05Z" sorts after "...:05.5Z"), so the index
    // narrows to the seconds before the cutoff's next whole second and the exact comparison is done here.
    const Micros nextSecond = (floorDiv(cutoff, kMicrosPerSecond) + 1) * kMicrosPerSecond;
    SqliteStatement q =
        m_db.prepare(QStringLiteral("SELECT id, created_at FROM tracks WHERE created_at < ?1 ORDER BY id"));
    q.bind(1, formatIsoTimestamp(nextSecond));
    while (q.step()) {
        Micros created = 0;
        if (!tryParseIsoTimestamp(q.text(1), &created))
            throw Error(Error::Kind::Failed, QStringLiteral("%1: track %2 has a created_at that is not a "
                                                            "timestamp: '%3'")
                                                 .arg(m_db.path())
                                                 .arg(q.toInt64(0))
                                                 .arg(q.text(1)));
        if (created < cutoff)
            preview.ids.push_back(q.toInt64(0));
    }
    return preview;
}

TracksRetentionReport TracksRetention::run(Micros cutoff, TaskFeedback& feedback) {
    TracksRetentionReport report;
    report.cutoff = cutoff;
    report.fileBytesBefore = m_db.databaseBytes() + m_db.walBytes();
    const std::vector<qint64> ids = preview(cutoff).ids;
    SqliteStatement del = m_db.prepare(QStringLiteral("DELETE FROM tracks WHERE id = ?1"));
    for (size_t start = 0; start < ids.size(); start += static_cast<size_t>(m_batchSize)) {
        if (!feedback.checkpoint()) {
            report.cancelled = true;
            break;
        }
        const size_t end = std::min(ids.size(), start + static_cast<size_t>(m_batchSize));
        m_db.begin();
        try {
            for (size_t i = start; i < end; ++i) {
                del.bind(1, ids[i]);
                del.step();
                del.reset();
            }
            m_db.commit();
        } catch (const Error&) {
            m_db.rollback();
            throw;
        }
        report.deleted.insert(report.deleted.end(), ids.begin() + static_cast<std::ptrdiff_t>(start),
                              ids.begin() + static_cast<std::ptrdiff_t>(end));
        ++report.batches;
        TaskProgress progress = TaskProgress::share(
            static_cast<double>(end) / static_cast<double>(ids.size()), QStringLiteral("deleting"));
        progress.done = report.batches;
        progress.total = static_cast<qint64>((ids.size() + static_cast<size_t>(m_batchSize) - 1) /
                                             static_cast<size_t>(m_batchSize));
        progress.rows = static_cast<qint64>(report.deleted.size());
        feedback.report(progress);
    }
    m_db.checkpointWal();

    report.incrementalVacuum = m_db.scalar(QStringLiteral("PRAGMA auto_vacuum")) == 2;
    if (report.incrementalVacuum && !report.cancelled) {
        qint64 previous = -1;
        for (qint64 free = m_db.scalar(QStringLiteral("PRAGMA freelist_count")); free > 0 && free != previous;
             free = m_db.scalar(QStringLiteral("PRAGMA freelist_count"))) {
            if (!feedback.checkpoint())
                break; // the rest of the free pages are reclaimed by the next run
            previous = free;
            m_db.exec(QStringLiteral("PRAGMA incremental_vacuum(%1)").arg(m_vacuumPagesPerStep));
            m_db.checkpointWal();
            ++report.vacuumSteps;
        }
    }
    // Only a checkpoint that finds no reader can truncate the WAL; PASSIVE leaves readers alone.
    m_db.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    checkSpatialIndex(&report);
    report.fileBytesAfter = m_db.databaseBytes() + m_db.walBytes();
    return report;
}

void TracksRetention::checkSpatialIndex(TracksRetentionReport* report) {
    SqliteStatement check = m_db.prepare(QStringLiteral("SELECT CheckSpatialIndex('tracks', 'geom')"));
    const bool valid = check.step() && !check.isNull(0) && check.toInt64(0) == 1;
    report->spatialIndexRows = m_db.scalar(QStringLiteral("SELECT count(*) FROM idx_tracks_geom"));
    report->geometryRows = m_db.scalar(QStringLiteral("SELECT count(*) FROM tracks WHERE geom IS NOT NULL"));
    report->spatialIndexValid = valid && report->spatialIndexRows == report->geometryRows;
}

} // namespace tidemark::tracks
