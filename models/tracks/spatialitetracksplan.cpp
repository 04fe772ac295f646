// The statements of TracksDatabase on a SpatiaLite file for retention plans: the store's id, the planned
// tracks and their re-check, and the record of a run.
#include "spatialitedatabase.h"

#include "trackcolumns.h"

#include "error.h"

#include <QHash>
#include <limits>

namespace tidemark::tracks {

namespace {

// A track of the statement's columns id, created_at, dedup_key, sources_json, each distinct list of sources
// (there are few) parsed once into `sourceLists`. A created_at that is not a timestamp reads as the earliest
// instant, which no plan holds: such a track is stale, never deleted.
PlannedTrack plannedOf(const SqliteStatement& q, QHash<QString, QStringList>* sourceLists) {
    PlannedTrack t;
    t.id = q.toInt64(0);
    if (!tryParseIsoTimestamp(q.text(1), &t.createdAt))
        t.createdAt = std::numeric_limits<Micros>::min();
    t.dedupKey = q.text(2);
    const QString sourcesJson = q.text(3);
    auto sources = sourceLists->constFind(sourcesJson);
    if (sources == sourceLists->constEnd())
        sources = sourceLists->insert(sourcesJson, fromJsonArray(sourcesJson));
    t.sources = *sources;
    return t;
}

} // namespace

QString SpatialiteDatabase::storeId() {
    if (!hasTable(QStringLiteral("tracks_store")))
        return {};
    SqliteStatement q = prepare(QStringLiteral("SELECT store_id FROM tracks_store WHERE singleton = 1"));
    return q.step() ? q.text(0) : QString();
}

std::vector<PlannedTrack> SpatialiteDatabase::plannedTracksCreatedBefore(Micros cutoff) {
    std::vector<PlannedTrack> tracks;
    QHash<QString, QStringList> sourceLists;
    forEachCreatedBefore(cutoff, QStringLiteral(", dedup_key, sources_json"),
                         [&](SqliteStatement& q) { tracks.push_back(plannedOf(q, &sourceLists)); });
    return tracks;
}

std::vector<PlannedTrack> SpatialiteDatabase::lockTracks(const std::vector<qint64>& ids) {
    // The write lock (BEGIN IMMEDIATE) is held: what is read here is what the delete removes.
    SqliteStatementUse use = m_file->cached(
        QStringLiteral("SELECT id, created_at, dedup_key, sources_json FROM tracks WHERE id = ?1"));
    SqliteStatement& q = *use;
    std::vector<PlannedTrack> tracks;
    QHash<QString, QStringList> sourceLists;
    for (qint64 id : ids) {
        q.bind(1, id);
        if (q.step())
            tracks.push_back(plannedOf(q, &sourceLists));
        q.reset();
    }
    return tracks;
}

bool SpatialiteDatabase::recordRetentionRun(const TracksRetentionRun& run) {
    if (!hasTable(QStringLiteral("tracks_retention_runs")))
        return false;
    begin();
    try {
        SqliteStatement q = prepare(QStringLiteral(
            "INSERT INTO tracks_retention_runs (started_at, finished_at, status, cutoff, tracks_deleted,"
            " tracks_stale, tracks_left, plan_sha256) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"));
        q.bind(1, formatIsoTimestamp(run.startedAt))
            .bind(2, formatIsoTimestamp(run.finishedAt))
            .bind(3, run.status)
            .bind(4, formatIsoTimestamp(run.cutoff))
            .bind(5, run.deleted)
            .bind(6, run.stale)
            .bind(7, run.left);
        if (run.planSha256.isEmpty())
            q.bindNull(8);
        else
            q.bind(8, run.planSha256);
        q.step();
        commit();
    } catch (const Error&) {
        rollback();
        throw;
    }
    return true;
}

} // namespace tidemark::tracks
