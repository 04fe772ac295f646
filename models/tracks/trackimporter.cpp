#include "trackimporter.h"

#include "spatialitedatabase.h"
#include "trackcolumns.h"
#include "trackdedupkey.h"

#include "error.h"
#include "taskfeedback.h"

#include <algorithm>

namespace tidemark::tracks {

TrackImporter::TrackImporter(SpatialiteDatabase& db, TrackSourceList sources, Micros importedAt)
    : m_db(db), m_sources(std::move(sources)), m_importedAt(importedAt) {}

TrackImporter::Outcome TrackImporter::importOne(const ImportedTrack& track) {
    if (track.points.size() < 2)
        throw Error(Error::Kind::Failed, QStringLiteral("track %1 from %2 has fewer than two points")
                                             .arg(track.externalUrl, track.sourceId));
    const QString key = TrackDedupKey::of(track.points);
    SqliteStatement existing = m_db.prepare(
        QStringLiteral("SELECT id, sources_json, external_urls_json FROM tracks WHERE dedup_key = ?"));
    existing.bind(1, key);
    if (existing.step()) {
        QStringList sources = fromJsonArray(existing.text(1));
        QStringList urls = fromJsonArray(existing.text(2));
        const QStringList before = sources;
        m_sources.merge(&sources, &urls, track.sourceId, track.externalUrl);
        if (sources == before)
            return Outcome::Unchanged;
        SqliteStatement update = m_db.prepare(
            QStringLiteral("UPDATE tracks SET sources_json = ?, external_urls_json = ? WHERE id = ?"));
        update.bind(1, toJsonArray(sources)).bind(2, toJsonArray(urls)).bind(3, existing.toInt64(0));
        update.step();
        return Outcome::Merged;
    }

    double length = 0;
    double minLon = track.points[0].lon, maxLon = minLon, minLat = track.points[0].lat, maxLat = minLat;
    for (size_t i = 0; i < track.points.size(); ++i) {
        const TrackPoint& p = track.points[i];
        if (i > 0)
            length += TrackDedupKey::haversineMetres(track.points[i - 1], p);
        minLon = std::min(minLon, p.lon);
        maxLon = std::max(maxLon, p.lon);
        minLat = std::min(minLat, p.lat);
        maxLat = std::max(maxLat, p.lat);
    }
    const TrackSource* source = m_sources.find(track.sourceId);
    SqliteStatement insert = m_db.prepare(
        QStringLiteral("INSERT INTO tracks (dedup_key, name, activity_type, sources_json, "
                       "external_urls_json, user, description,"
                       " tags_json, points_count, length_m, min_lon, min_lat, max_lon, max_lat, started_at, "
                       "created_at, geom)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    insert.bind(1, key).bind(2, track.name).bind(3, track.activityType);
    insert.bind(4, toJsonArray({track.sourceId})).bind(5, toJsonArray({track.externalUrl}));
    if (source && source->licenceAllowsAuthor && !track.user.isEmpty())
        insert.bind(6, track.user);
    else
        insert.bindNull(6);
    if (track.description.isEmpty())
        insert.bindNull(7);
    else
        insert.bind(7, track.description);
    if (track.tags.isEmpty())
        insert.bindNull(8);
    else
        insert.bind(8, toJsonArray(track.tags));
    insert.bind(9, static_cast<qint64>(track.points.size())).bind(10, length);
    insert.bind(11, minLon).bind(12, minLat).bind(13, maxLon).bind(14, maxLat);
    if (track.points.front().time)
        insert.bind(15, formatIsoTimestamp(*track.points.front().time));
    else
        insert.bindNull(15);
    insert.bind(16, formatIsoTimestamp(m_importedAt));
    insert.bindBlob(17, spatialiteLineString(track.points, {minLon, minLat, maxLon, maxLat}));
    insert.step();
    return Outcome::Added;
}

TrackImportReport TrackImporter::importBatch(const QString& region, const QString& source,
                                             const std::vector<ImportedTrack>& tracks,
                                             TaskFeedback& feedback) {
    return importStream(
        region, source,
        [&tracks](const TrackSink& importTrack) {
            for (const ImportedTrack& t : tracks)
                importTrack(t);
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
    // WAL's recommended setting (it cannot change inside a transaction, so here): a commit no longer waits
    // for fsync, four of which were most of the time of a small file; durability is unchanged at batch
    // level, since every batch ends in a checkpoint, which syncs the WAL and the file.
    m_db.exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
    SqliteStatement run = m_db.prepare(QStringLiteral(
        "INSERT INTO pipeline_runs (region, source, started_at, status) VALUES (?, ?, ?, 'running')"));
    run.bind(1, region).bind(2, source).bind(3, formatIsoTimestamp(m_importedAt));
    run.step();
    const qint64 runId = m_db.scalar(QStringLiteral("SELECT last_insert_rowid()"));
    TrackImportReport report;
    QString failure;
    Error::Kind failureKind = Error::Kind::Failed;
    qint64 seen = 0;
    m_db.begin();
    try {
        produce([&](const ImportedTrack& track) {
            if (seen++ % 50 == 0 && !feedback.checkpoint())
                throw Error(Error::Kind::Cancelled,
                            QStringLiteral("import of %1/%2 cancelled").arg(region, source));
            if (track.points.size() < 2) {
                ++report.tooShort;
                return;
            }
            switch (importOne(track)) {
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
        m_db.commit();
    } catch (const Error& e) {
        m_db.rollback();
        failure = e.message();
        failureKind = e.kind();
    }
    SqliteStatement finish =
        m_db.prepare(QStringLiteral("UPDATE pipeline_runs SET finished_at = ?, status = ?, tracks_added = ?, "
                                    "tracks_merged = ?, error = ? WHERE id = ?"));
    finish.bind(1, formatIsoTimestamp(m_importedAt))
        .bind(2, failure.isEmpty() ? QStringLiteral("ok") : QStringLiteral("failed"));
    finish.bind(3, failure.isEmpty() ? report.added : 0).bind(4, failure.isEmpty() ? report.merged : 0);
    if (failure.isEmpty())
        finish.bindNull(5);
    else
        finish.bind(5, failure);
    finish.bind(6, runId);
    finish.step();
    m_db.checkpointWal();
    if (!failure.isEmpty())
        throw Error(failureKind, failure);
    return report;
}

} // namespace tidemark::tracks
