// The statements of TracksDatabase on PostGIS for retention plans: the store's id, the planned tracks and
// their re-check under row locks, and the record of a run.
#include "postgistracksdatabase.h"

#include "trackcolumns.h"

#include "pgconnection.h"

namespace tidemark::tracks {

namespace {

const QString kPlannedColumns = QStringLiteral("id, %1, dedup_key, sources_json::text");

std::vector<PlannedTrack> plannedOf(const PgResult& r) {
    std::vector<PlannedTrack> tracks;
    tracks.reserve(static_cast<size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
        tracks.push_back({r.toLong(i, 0), r.toLong(i, 1), r.text(i, 2), fromJsonArray(r.text(i, 3))});
    return tracks;
}

bool hasRelation(PgConnection& db, const QString& name) {
    return !db.exec(QStringLiteral("SELECT to_regclass($1)"), {name}).isNull(0, 0);
}

} // namespace

QString PostgisTracksDatabase::storeId() {
    if (!hasRelation(*m_db, QStringLiteral("tracks_store")))
        return {};
    const PgResult r = m_db->exec(QStringLiteral("SELECT store_id FROM tracks_store WHERE singleton = 1"));
    return r.rows() > 0 ? r.text(0, 0) : QString();
}

std::vector<PlannedTrack> PostgisTracksDatabase::plannedTracksCreatedBefore(Micros cutoff) {
    return plannedOf(m_db->exec(QStringLiteral("SELECT %1 FROM tracks WHERE created_at < $1::timestamptz"
                                               " ORDER BY id")
                                    .arg(kPlannedColumns.arg(pgMicrosOf(QStringLiteral("created_at")))),
                                {formatIsoTimestamp(cutoff)}));
}

std::vector<PlannedTrack> PostgisTracksDatabase::lockTracks(const std::vector<qint64>& ids) {
    QStringList list;
    for (qint64 id : ids)
        list << QString::number(id);
    // Locked in id order (as every batch of a plan is), so that two applies never wait on each other in a
    // circle; what is read is what the transaction's delete removes.
    return plannedOf(execAfterDeferred(
        {QStringLiteral("SELECT %1 FROM tracks WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE")
             .arg(kPlannedColumns.arg(pgMicrosOf(QStringLiteral("created_at")))),
         {pgPlainArray(list)}}));
}

bool PostgisTracksDatabase::recordRetentionRun(const TracksRetentionRun& run) {
    if (!hasRelation(*m_db, QStringLiteral("tracks_retention_runs")))
        return false;
    m_db->exec(QStringLiteral("INSERT INTO tracks_retention_runs (started_at, finished_at, status, cutoff,"
                              " tracks_deleted, tracks_stale, tracks_left, plan_sha256)"
                              " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"),
               {formatIsoTimestamp(run.startedAt), formatIsoTimestamp(run.finishedAt), run.status,
                formatIsoTimestamp(run.cutoff), static_cast<long long>(run.deleted),
                static_cast<long long>(run.stale), static_cast<long long>(run.left),
                run.planSha256.isEmpty() ? PgParam(std::nullopt) : PgParam(run.planSha256)});
    return true;
}

} // namespace tidemark::tracks
