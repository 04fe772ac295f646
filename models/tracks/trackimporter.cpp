#include "trackimporter.h"

#include "trackdedupkey.h"
#include "trackoverview.h"
#include "tracksdatabase.h"

#include "error.h"
#include "taskfeedback.h"

#include <algorithm>

namespace tidemark::tracks {

const QString TrackImporter::kAbandonedRunError =
    QStringLiteral("the import's process ended before the batch did (killed, or the machine went down); "
                   "nothing of the batch was kept");

TrackImporter::TrackImporter(TracksDatabase& db, TrackSourceList sources, Micros importedAt)
    : m_db(db), m_sources(std::move(sources)), m_importedAt(importedAt) {}

TrackImporter::~TrackImporter() {
    try {
        finish();
    } catch (const Error&) {
    }
}

void TrackImporter::finish() {
    if (!m_prepared)
        return;
    m_prepared = false;
    m_db.finishImport();
}

TrackImporter::Outcome TrackImporter::mergeInto(const ExistingTrack& existing, const ImportedTrack& track) {
    QStringList sources = existing.sources;
    QStringList urls = existing.externalUrls;
    m_sources.merge(&sources, &urls, track.sourceId, track.externalUrl);
    if (sources == existing.sources)
        return Outcome::Unchanged;
    m_db.updateSources(existing.id, sources, urls);
    return Outcome::Merged;
}

TrackFacts TrackFacts::of(const std::vector<TrackPoint>& points) {
    TrackFacts facts;
    if (points.size() < 2)
        return facts;
    facts.dedupKey = TrackDedupKey::of(points, &facts.lengthMetres);
    double minLon = points[0].lon, maxLon = minLon, minLat = points[0].lat, maxLat = minLat;
    for (const TrackPoint& p : points) {
        minLon = std::min(minLon, p.lon);
        maxLon = std::max(maxLon, p.lon);
        minLat = std::min(minLat, p.lat);
        maxLat = std::max(maxLat, p.lat);
    }
    facts.bbox = {minLon, minLat, maxLon, maxLat};
    return facts;
}

TrackImporter::Outcome TrackImporter::importOne(const ImportedTrack& track) {
    return importOne(track, TrackFacts::of(track.points));
}

TrackImporter::Outcome TrackImporter::importOne(const ImportedTrack& track, const TrackFacts& facts) {
    if (track.points.size() < 2)
        throw Error(Error::Kind::Failed, QStringLiteral("track %1 from %2 has fewer than two points")
                                             .arg(track.externalUrl, track.sourceId));
    NewTrackRow row;
    row.dedupKey = facts.dedupKey;
    row.lengthMetres = facts.lengthMetres;
    row.bbox = facts.bbox;
    const TrackSource* source = m_sources.find(track.sourceId);
    row.name = track.name;
    row.activity = track.activityType;
    row.sources = {track.sourceId};
    row.externalUrls = {track.externalUrl};
    if (source && source->licenceAllowsAuthor && !track.user.isEmpty())
        row.user = track.user;
    row.description = track.description;
    row.tags = track.tags;
    row.startedAt = track.points.front().time;
    row.createdAt = m_importedAt;
    row.points = &track.points;
    TrackInsert insert = m_db.insertUnlessKnown(row);
    if (insert.inserted) {
        if (!m_keepOverview)
            return Outcome::Added;
        m_density.add(row.activity, track.points, 1);
        // Written into the open transaction now and then, so that a large batch's memory stays bounded.
        if (m_density.changes > kOverviewChangesHeld)
            flushOverview();
        return Outcome::Added;
    }
    // Neither: another writer committed the same line between the look-up and the insert.
    if (!insert.existing)
        insert.existing = m_db.findByDedupKey(row.dedupKey);
    if (insert.existing)
        return mergeInto(*insert.existing, track);
    throw Error(Error::Kind::Failed,
                QStringLiteral("%1: track %2 from %3 was neither inserted nor found by its dedup key")
                    .arg(m_db.describe(), track.externalUrl, track.sourceId));
}

void TrackImporter::flushOverview() {
    TrackOverview::apply(m_db, m_density);
    m_density = {};
}

TrackImportReport TrackImporter::importBatch(const QString& region, const QString& source,
                                             const std::vector<ImportedTrack>& tracks,
                                             TaskFeedback& feedback) {
    return importStream(
        region, source,
        [&tracks](const TrackSink& importTrack) {
            for (const ImportedTrack& t : tracks)
                importTrack(t, TrackFacts::of(t.points));
        },
        feedback);
}

TrackImportReport TrackImporter::importBatch(const QString& region, const QString& source,
                                             const std::vector<ImportedTrack>& tracks) {
    TaskFeedback withoutOperator;
    return importBatch(region, source, tracks, withoutOperator);
}

TrackImportReport TrackImporter::importStream(const QString& region, const QString& source,
                                              const TrackProducer& produce, TaskFeedback& feedback) {
    if (!m_prepared) {
        m_db.prepareImport();
        m_prepared = true;
        // A committed "running" row is never a live import's (its row commits with its batch): it is what
        // an import of an older Tidemark left when its process died.
        m_abandonedRuns = m_db.failAbandonedPipelineRuns(m_importedAt, kAbandonedRunError);
    }
    TrackImportReport report;
    QString failure;
    Error::Kind failureKind = Error::Kind::Failed;
    qint64 seen = 0;
    try {
        m_db.beginWrite();
        // Inside the batch's transaction: a process that dies in the batch leaves no row saying "running".
        const qint64 runId = m_db.startPipelineRun(region, source, m_importedAt);
        produce([&](const ImportedTrack& track, const TrackFacts& facts) {
            if (seen++ % 50 == 0 && !feedback.checkpoint())
                throw Error(Error::Kind::Cancelled,
                            QStringLiteral("import of %1/%2 cancelled").arg(region, source));
            if (track.points.size() < 2) {
                ++report.tooShort;
                return;
            }
            const Outcome outcome = importOne(track, facts);
            unite(&report.extent, facts.bbox);
            switch (outcome) {
            case Outcome::Added:
                ++report.added;
                break;
            case Outcome::Merged:
                ++report.merged;
                break;
            case Outcome::Unchanged:
                ++report.unchanged;
                break;
            }
        });
        flushOverview();
        // The run's "ok" commits with the batch's rows (a server sends it with the COMMIT).
        m_db.finishPipelineRun(runId, m_importedAt, QStringLiteral("ok"), report.added, report.merged, {});
        m_db.commitWrite();
        return report;
    } catch (const Error& e) {
        m_db.rollbackWrite();
        m_density = {};
        failure = e.message();
        failureKind = e.kind();
    }
    // The batch rolled back with its row: the run is recorded again, as stopped (a cancel, SIGTERM) or
    // failed, in a transaction of its own, so that this row never says "running" to a reader either.
    try {
        const QString status =
            failureKind == Error::Kind::Cancelled ? QStringLiteral("stopped") : QStringLiteral("failed");
        m_db.beginWrite();
        const qint64 runId = m_db.startPipelineRun(region, source, m_importedAt);
        m_db.finishPipelineRun(runId, m_importedAt, status, 0, 0, failure);
        m_db.commitWrite();
    } catch (const Error&) {
        m_db.rollbackWrite();
        // The batch's own error (e.g. the server went away) says more than the run's record failing after it.
    }
    throw Error(failureKind, failure);
}

} // namespace tidemark::tracks
