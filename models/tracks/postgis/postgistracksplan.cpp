// The statements of TracksDatabase on PostGIS for retention plans: the store's id, the planned tracks and
// their re-check under row locks, and the record of a run.
#include "postgistracksdatabase.h"

#include "trackcolumns.h"

#include "pgconnection.h"

#include <QHash>
#include <QtEndian>

namespace tidemark::tracks {

namespace {

const QString kPlannedColumns = QStringLiteral("id, created_at, dedup_key, sources_json::text");
// A timestamptz in the binary format counts microseconds from 2000-01-01 (PostgreSQL's epoch).
constexpr Micros kPostgresEpoch = 946684800LL * kMicrosPerSecond;

// Rows of kPlannedColumns in the binary format: no conversion of the times to text and back, and each
// distinct list of sources (there are few) parsed once.
std::vector<PlannedTrack> plannedOf(const PgResult& r) {
    const auto int64At = [&](int row, int col) {
        return qFromBigEndian<qint64>(reinterpret_cast<const uchar*>(r.raw(row, col)));
    };
    QHash<QByteArray, QStringList> sourceLists;
    std::vector<PlannedTrack> tracks;
    tracks.reserve(static_cast<size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) {
        const QByteArray sourcesJson = QByteArray::fromRawData(r.raw(i, 3), r.length(i, 3));
        auto sources = sourceLists.constFind(sourcesJson);
        if (sources == sourceLists.constEnd())
            sources = sourceLists.insert(QByteArray(sourcesJson.constData(), sourcesJson.size()),
                                         fromJsonArray(QString::fromUtf8(sourcesJson)));
        tracks.push_back({int64At(i, 0), int64At(i, 1) + kPostgresEpoch,
                          QString::fromLatin1(r.raw(i, 2), r.length(i, 2)), *sources});
    }
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
    return plannedOf(
        m_db->exec(QStringLiteral("SELECT %1 FROM tracks WHERE created_at < $1::timestamptz ORDER BY id")
                       .arg(kPlannedColumns),
                   {formatIsoTimestamp(cutoff)}, PgConnection::Format::Binary));
}

std::vector<PlannedTrack> PostgisTracksDatabase::lockTracks(const std::vector<qint64>& ids) {
    QStringList list;
    for (qint64 id : ids)
        list << QString::number(id);
    // Locked in id order (as every batch of a plan is), so that two applies never wait on each other in a
    // circle; what is read is what the transaction's delete removes.
    return plannedOf(execAfterDeferred(
        {QStringLiteral("SELECT %1 FROM tracks WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE")
             .arg(kPlannedColumns),
         {pgPlainArray(list)},
         {},
         true}));
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
