#include "postgistracksdatabase.h"

#include "trackcolumns.h"
#include "trackshealth.h"
#include "tracksretention.h"
#include "tracksschema.h"
#include "tracksstore.h"
#include "trackssummary.h"

#include "error.h"
#include "pgconnection.h"
#include "pgtransaction.h"
#include "schemamigrator.h"
#include "taskfeedback.h"

#include <QtEndian>
#include <algorithm>

namespace tidemark::tracks {

namespace {

QString isoOrNull(const PgResult& r, int row, int col) {
    return r.isNull(row, col) ? QString() : formatIsoTimestamp(r.toLong(row, col));
}

// A value of a binary-format result.
qint64 binaryInt64(const PgResult& r, int row, int col) {
    return qFromBigEndian<qint64>(reinterpret_cast<const uchar*>(r.raw(row, col)));
}

QByteArray binaryBytes(const PgResult& r, int row, int col) {
    return QByteArray::fromRawData(r.raw(row, col), r.length(row, col));
}

} // namespace

QString pgTextArray(const QStringList& items) {
    QStringList quoted;
    for (QString item : items) {
        item.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
            .replace(QLatin1Char('"'), QStringLiteral("\\\""));
        quoted << QLatin1Char('"') + item + QLatin1Char('"');
    }
    return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
}

QString pgMicrosOf(const QString& column) {
    return QStringLiteral("(extract(epoch FROM %1) * 1000000)::bigint").arg(column);
}

PostgisTracksDatabase::PostgisTracksDatabase(std::unique_ptr<PgConnection> db) : m_db(std::move(db)) {}

PostgisTracksDatabase::~PostgisTracksDatabase() = default;

std::unique_ptr<PostgisTracksDatabase> PostgisTracksDatabase::open(const QString& conninfo, Access access) {
    std::unique_ptr<PgConnection> db = PgConnection::open(conninfo, QStringLiteral("tidemark tracks"));
    if (access == Access::ReadOnly)
        db->exec(QStringLiteral("SET default_transaction_read_only = on"));
    SchemaMigrator migrator(*db, tracksPostgisSchema());
    if (access == Access::Create)
        migrator.requireExtensions();
    else
        migrator.requireSchema();
    return std::unique_ptr<PostgisTracksDatabase>(new PostgisTracksDatabase(std::move(db)));
}

QString PostgisTracksDatabase::describe() const {
    return m_db->describe();
}

std::optional<Micros> PostgisTracksDatabase::serverNow() {
    return m_db->serverNow();
}

void PostgisTracksDatabase::beginWrite() {
    m_write = std::make_unique<PgTransaction>(*m_db);
}

void PostgisTracksDatabase::commitWrite() {
    if (m_write)
        m_write->commitWith(m_deferred);
    m_deferred.clear();
    m_write.reset();
}

void PostgisTracksDatabase::rollbackWrite() {
    m_deferred.clear();
    m_write.reset(); // rolls back quietly
}

void PostgisTracksDatabase::deferWrite(PgStatement statement) {
    if (!m_write) {
        execAfterDeferred(std::move(statement));
        return;
    }
    if (m_deferred.size() >= 2) {
        m_db->execPipelined(m_deferred);
        m_deferred.clear();
    }
    m_deferred.push_back(std::move(statement));
}

PgResult PostgisTracksDatabase::execAfterDeferred(PgStatement statement) {
    std::vector<PgStatement> statements;
    statements.push_back(std::move(statement));
    return lastAfterDeferred(std::move(statements));
}

PgResult PostgisTracksDatabase::lastAfterDeferred(std::vector<PgStatement> statements) {
    statements.insert(statements.begin(), std::make_move_iterator(m_deferred.begin()),
                      std::make_move_iterator(m_deferred.end()));
    m_deferred.clear();
    std::vector<PgResult> results = m_db->execPipelined(statements);
    return std::move(results.back());
}

qint64 PostgisTracksDatabase::trackCount() {
    return m_db->exec(QStringLiteral("SELECT count(*) FROM tracks")).toLong(0, 0);
}

qint64 PostgisTracksDatabase::pipelineRunCount() {
    return m_db->exec(QStringLiteral("SELECT count(*) FROM pipeline_runs")).toLong(0, 0);
}

void PostgisTracksDatabase::forEachSourceList(const std::function<void(const QStringList&)>& take) {
    const PgResult r = m_db->exec(QStringLiteral("SELECT sources_json::text FROM tracks"));
    for (int i = 0; i < r.rows(); ++i)
        take(fromJsonArray(r.text(i, 0)));
}

std::vector<TracksSummary> PostgisTracksDatabase::summariesByActivity() {
    const PgResult r = m_db->exec(QStringLiteral("SELECT activity_type, count(*), coalesce(sum(length_m), "
                                                 "0), min(min_lon), min(min_lat), max(max_lon),"
                                                 " max(max_lat) FROM tracks GROUP BY activity_type ORDER BY "
                                                 "count(*) DESC, activity_type COLLATE \"C\""));
    std::vector<TracksSummary> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back({r.text(i, 0), r.toLong(i, 1), r.toDouble(i, 2), r.toDouble(i, 3), r.toDouble(i, 4),
                        r.toDouble(i, 5), r.toDouble(i, 6)});
    return rows;
}

QString PostgisTracksDatabase::boxSql(const TracksQuery& query, const QString& columns) {
    // The stored bbox columns decide (exactly); `geom &&` is there for the GiST index. In a view of very
    // many tracks the planner scans the table instead, and there `geom &&` would read the first TOAST chunk
    // of every line (9.2 s against 0.13 s for a million rides), so a wide view leaves it out.
    const bool wide = countInBoxUpTo(query.box, m_wideView) >= m_wideView;
    QString sql =
        QStringLiteral("SELECT %1 FROM tracks WHERE %2max_lon >= $1 AND min_lon <= $3"
                       " AND max_lat >= $2 AND min_lat <= $4")
            .arg(columns,
                 wide ? QString() : QStringLiteral("geom && ST_MakeEnvelope($1, $2, $3, $4, 4326) AND "));
    if (!query.activities.isEmpty())
        sql += QStringLiteral(" AND activity_type = ANY($5::text[])");
    return sql;
}

void PostgisTracksDatabase::scanBox(const TracksQuery& query, bool withGeometry,
                                    const std::function<void(BoxRow&)>& take) {
    const QString columns =
        withGeometry
            ? QStringLiteral("id, activity_type, sources_json::text, ST_AsBinary(geom)")
            : QStringLiteral("id, activity_type, sources_json::text, name, external_urls_json::text,"
                             " points_count, length_m, min_lon, min_lat, max_lon, max_lat, %1, %2")
                  .arg(pgMicrosOf(QStringLiteral("started_at")), pgMicrosOf(QStringLiteral("created_at")));
    // Through a cursor, a slice at a time, inside the caller's transaction or one of its own (read-only
    // where the store was opened so), so that a view of a million tracks is never one result in memory.
    std::unique_ptr<PgTransaction> own;
    if (!m_db->inTransaction())
        own = std::make_unique<PgTransaction>(*m_db);
    // As SQLite orders: NULL first going up, last going down; text by its bytes, names without case.
    const QString orderAndPage = tracksOrderAndPage(query, {QStringLiteral("lower(name) COLLATE \"C\""),
                                                            QStringLiteral("activity_type COLLATE \"C\""),
                                                            true, QStringLiteral("ALL")});
    m_db->exec(QStringLiteral("DECLARE tidemark_tracks_box NO SCROLL CURSOR FOR ") + boxSql(query, columns) +
                   orderAndPage,
               boxParams(query));
    const PgConnection::Format format =
        withGeometry ? PgConnection::Format::Binary : PgConnection::Format::Text;
    BoxRow b;
    for (;;) {
        const PgResult r = m_db->exec(QStringLiteral("FETCH 1000 FROM tidemark_tracks_box"), {}, format);
        for (int i = 0; i < r.rows(); ++i) {
            b.row = TrackRow();
            b.points.clear();
            if (withGeometry) {
                b.row.id = binaryInt64(r, i, 0);
                b.row.activity = r.text(i, 1);
                b.row.sources = fromJsonArray(r.text(i, 2));
                b.points = readWkbLineString(binaryBytes(r, i, 3));
            } else {
                b.row.id = r.toLong(i, 0);
                b.row.activity = r.text(i, 1);
                b.row.sources = fromJsonArray(r.text(i, 2));
                b.row.name = r.text(i, 3);
                b.row.externalUrls = fromJsonArray(r.text(i, 4));
                b.row.pointsCount = r.toLong(i, 5);
                b.row.lengthMetres = r.toDouble(i, 6);
                b.row.bbox = {r.toDouble(i, 7), r.toDouble(i, 8), r.toDouble(i, 9), r.toDouble(i, 10)};
                b.row.startedAt = isoOrNull(r, i, 11);
                b.row.createdAt = isoOrNull(r, i, 12);
            }
            take(b);
        }
        if (r.rows() < 1000)
            break;
    }
    m_db->exec(QStringLiteral("CLOSE tidemark_tracks_box"));
    if (own)
        own->commit();
}

std::vector<PgParam> PostgisTracksDatabase::boxParams(const TracksQuery& query) {
    std::vector<PgParam> params{query.box.minLon, query.box.minLat, query.box.maxLon, query.box.maxLat};
    if (!query.activities.isEmpty())
        params.emplace_back(pgTextArray(query.activities));
    return params;
}

qint64 PostgisTracksDatabase::countInBox(const TracksQuery& query) {
    return m_db->exec(boxSql(query, QStringLiteral("count(*)")), boxParams(query)).toLong(0, 0);
}

qint64 PostgisTracksDatabase::countInBoxUpTo(const TracksQuery& query, qint64 atMost) {
    const TrackBox& box = query.box;
    if (query.activities.isEmpty())
        return countInBoxUpTo(box, atMost);
    return m_db
        ->exec(
            QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM tracks WHERE geom && ST_MakeEnvelope($1, $2,"
                           " $3, $4, 4326) AND max_lon >= $1 AND min_lon <= $3 AND max_lat >= $2"
                           " AND min_lat <= $4 AND activity_type = ANY($5::text[]) LIMIT $6) AS inside"),
            {box.minLon, box.minLat, box.maxLon, box.maxLat, pgTextArray(query.activities),
             static_cast<long long>(atMost)})
        .toLong(0, 0);
}

qint64 PostgisTracksDatabase::countInBoxUpTo(const TrackBox& box, qint64 atMost) {
    return m_db
        ->exec(QStringLiteral(
                   "SELECT count(*) FROM (SELECT 1 FROM tracks WHERE geom && ST_MakeEnvelope($1, $2, $3, $4,"
                   " 4326) LIMIT $5) AS inside"),
               {box.minLon, box.minLat, box.maxLon, box.maxLat, static_cast<long long>(atMost)})
        .toLong(0, 0);
}

std::vector<TracksGroupExtent> PostgisTracksDatabase::extentsByActivityAndSources() {
    const PgResult r = m_db->exec(
        QStringLiteral("SELECT activity_type, sources_json::text, count(*), min(min_lon), min(min_lat),"
                       " max(max_lon), max(max_lat) FROM tracks GROUP BY activity_type, sources_json"));
    std::vector<TracksGroupExtent> groups;
    for (int i = 0; i < r.rows(); ++i)
        groups.push_back({r.text(i, 0),
                          fromJsonArray(r.text(i, 1)),
                          r.toLong(i, 2),
                          {r.toDouble(i, 3), r.toDouble(i, 4), r.toDouble(i, 5), r.toDouble(i, 6)}});
    return groups;
}

std::vector<PipelineRun> PostgisTracksDatabase::lastPipelineRuns(int count) {
    const PgResult r = m_db->exec(
        QStringLiteral("SELECT id, region, source, %1, %2, status, tracks_added, tracks_merged, error"
                       " FROM pipeline_runs ORDER BY id DESC LIMIT $1")
            .arg(pgMicrosOf(QStringLiteral("started_at")), pgMicrosOf(QStringLiteral("finished_at"))),
        {count});
    std::vector<PipelineRun> runs;
    for (int i = 0; i < r.rows(); ++i)
        runs.push_back({r.toLong(i, 0), r.text(i, 1), r.text(i, 2), isoOrNull(r, i, 3), isoOrNull(r, i, 4),
                        r.text(i, 5), r.text(i, 8), r.toLong(i, 6), r.toLong(i, 7)});
    return runs;
}

int PostgisTracksDatabase::failAbandonedPipelineRuns(Micros at, const QString& error) {
    return int(
        m_db->exec(QStringLiteral("UPDATE pipeline_runs SET status = 'failed', finished_at = $1::timestamptz,"
                                  " error = $2 WHERE status = 'running'"),
                   {formatIsoTimestamp(at), error})
            .affectedRows());
}

qint64 PostgisTracksDatabase::startPipelineRun(const QString& region, const QString& source,
                                               Micros startedAt) {
    return m_db
        ->exec(QStringLiteral("INSERT INTO pipeline_runs (region, source, started_at, status)"
                              " VALUES ($1, $2, $3::timestamptz, 'running') RETURNING id"),
               {region, source, formatIsoTimestamp(startedAt)})
        .toLong(0, 0);
}

void PostgisTracksDatabase::finishPipelineRun(qint64 id, Micros finishedAt, const QString& status, int added,
                                              int merged, const QString& error) {
    static const QByteArray kName("tidemark_tracks_finish_run");
    const QString sql = QStringLiteral("UPDATE pipeline_runs SET finished_at = $1::timestamptz, status = $2,"
                                       " tracks_added = $3, tracks_merged = $4, error = $5 WHERE id = $6");
    deferWrite({sql,
                {formatIsoTimestamp(finishedAt), status, added, merged,
                 error.isEmpty() ? PgParam(std::nullopt) : PgParam(error), static_cast<long long>(id)},
                kName});
}

std::optional<ExistingTrack> PostgisTracksDatabase::findByDedupKey(const QString& key) {
    static const QByteArray kName("tidemark_tracks_find_key");
    const QString sql = QStringLiteral("SELECT id, sources_json::text, external_urls_json::text FROM tracks"
                                       " WHERE dedup_key = $1 FOR UPDATE");
    const PgResult r = execAfterDeferred({sql, {key}, kName});
    if (r.rows() == 0)
        return std::nullopt;
    return ExistingTrack{r.toLong(0, 0), fromJsonArray(r.text(0, 1)), fromJsonArray(r.text(0, 2))};
}

void PostgisTracksDatabase::updateSources(qint64 id, const QStringList& sources,
                                          const QStringList& externalUrls) {
    deferWrite({QStringLiteral("UPDATE tracks SET sources_json = $1::jsonb, external_urls_json = $2::jsonb"
                               " WHERE id = $3"),
                {toJsonArray(sources), toJsonArray(externalUrls), static_cast<long long>(id)}});
}

TrackInsert PostgisTracksDatabase::insertUnlessKnown(const NewTrackRow& t) {
    // The look-up and the insert in one statement: the INSERT's SELECT yields a row (and takes an id) only
    // when the look-up found none, so a known key leaves no gap in the ids. A key committed by another writer
    // after this statement's snapshot makes ON CONFLICT do nothing: neither row comes back.
    static const QByteArray kName("tidemark_tracks_insert_unless_known");
    static const QString kSql = QStringLiteral(
        "WITH found AS (SELECT id, sources_json::text AS sources, external_urls_json::text AS urls"
        "   FROM tracks WHERE dedup_key = $1::text FOR UPDATE),"
        " added AS (INSERT INTO tracks (dedup_key, name, activity_type, sources_json,"
        "   external_urls_json, \"user\", description, tags_json, points_count, length_m,"
        "   min_lon, min_lat, max_lon, max_lat, started_at, created_at, geom)"
        "   SELECT $1::text, $2::text, $3::text, $4::jsonb, $5::jsonb, $6::text, $7::text, $8::jsonb,"
        "   $9::integer, $10::double precision, $11::double precision, $12::double precision,"
        "   $13::double precision, $14::double precision, $15::timestamptz, $16::timestamptz,"
        "   $17::geometry"
        "   WHERE NOT EXISTS (SELECT 1 FROM found)"
        "   ON CONFLICT (dedup_key) DO NOTHING RETURNING id)"
        " SELECT id, sources, urls, false FROM found UNION ALL SELECT id, NULL, NULL, true FROM added");
    const PgResult r =
        execAfterDeferred({kSql,
                           {t.dedupKey, t.name, t.activity, toJsonArray(t.sources),
                            toJsonArray(t.externalUrls), t.user ? PgParam(*t.user) : PgParam(std::nullopt),
                            t.description.isEmpty() ? PgParam(std::nullopt) : PgParam(t.description),
                            t.tags.isEmpty() ? PgParam(std::nullopt) : PgParam(toJsonArray(t.tags)),
                            static_cast<long long>(t.points->size()), t.lengthMetres, t.bbox.minLon,
                            t.bbox.minLat, t.bbox.maxLon, t.bbox.maxLat,
                            t.startedAt ? PgParam(formatIsoTimestamp(*t.startedAt)) : PgParam(std::nullopt),
                            formatIsoTimestamp(t.createdAt), ewkbHexLineString(*t.points)},
                           kName});
    if (r.rows() == 0)
        return {};
    if (r.toBool(0, 3))
        return {true, std::nullopt};
    return {false, ExistingTrack{r.toLong(0, 0), fromJsonArray(r.text(0, 1)), fromJsonArray(r.text(0, 2))}};
}

std::optional<Micros> PostgisTracksDatabase::newestCreatedAt() {
    const PgResult r = m_db->exec(
        QStringLiteral("SELECT %1 FROM tracks").arg(pgMicrosOf(QStringLiteral("max(created_at)"))));
    if (r.isNull(0, 0))
        return std::nullopt;
    return r.toLong(0, 0);
}

std::vector<qint64> PostgisTracksDatabase::idsCreatedBefore(Micros cutoff) {
    const PgResult r =
        m_db->exec(QStringLiteral("SELECT id FROM tracks WHERE created_at < $1::timestamptz ORDER BY id"),
                   {formatIsoTimestamp(cutoff)});
    std::vector<qint64> ids;
    ids.reserve(static_cast<size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
        ids.push_back(r.toLong(i, 0));
    return ids;
}

std::vector<qint64> PostgisTracksDatabase::deleteTracks(const std::vector<qint64>& ids, Micros cutoff) {
    QStringList list;
    for (qint64 id : ids)
        list << QString::number(id);
    // The age is checked again by the statement that deletes, on the rows it has locked.
    const PgResult r = execAfterDeferred({QStringLiteral("DELETE FROM tracks WHERE id = ANY($1::bigint[])"
                                                         " AND created_at < $2::timestamptz RETURNING id"),
                                          {pgPlainArray(list), formatIsoTimestamp(cutoff)}});
    std::vector<qint64> deleted;
    for (int i = 0; i < r.rows(); ++i)
        deleted.push_back(r.toLong(i, 0));
    std::sort(deleted.begin(), deleted.end());
    return deleted;
}

qint64 PostgisTracksDatabase::storeBytes() {
    return m_db
        ->exec(QStringLiteral(
            "SELECT pg_total_relation_size('tracks') + pg_total_relation_size('pipeline_runs')"))
        .toLong(0, 0);
}

void PostgisTracksDatabase::reclaimSpace(TracksRetentionReport* report, int, TaskFeedback& feedback) {
    report->incrementalVacuum = true; // a file's setting; a database reuses freed pages after VACUUM
    if (report->cancelled || report->deleted.empty() || !feedback.checkpoint())
        return;
    // Not VACUUM FULL: it would lock the table exclusively while it rewrites it.
    m_db->exec(QStringLiteral("VACUUM (ANALYZE) tracks"));
    ++report->vacuumSteps;
}

void PostgisTracksDatabase::checkSpatialIndex(TracksRetentionReport* report) {
    PgTransactionOptions options;
    options.settings = QStringLiteral("SET LOCAL enable_seqscan = off;");
    PgTransaction tx(*m_db, options);
    const bool valid =
        m_db->exec(QStringLiteral("SELECT indisvalid AND indisready FROM pg_index WHERE indexrelid = "
                                  "to_regclass('tracks_geom')"))
            .toBool(0, 0);
    // Counted through the index (no sequential scan allowed): every row of the table must come back.
    report->spatialIndexRows =
        m_db->exec(QStringLiteral(
                       "SELECT count(*) FROM tracks WHERE geom && ST_MakeEnvelope(-180, -90, 180, 90, 4326)"))
            .toLong(0, 0);
    report->geometryRows =
        m_db->exec(QStringLiteral("SELECT count(*) FROM tracks WHERE geom IS NOT NULL")).toLong(0, 0);
    tx.commit();
    report->spatialIndexValid = valid && report->spatialIndexRows == report->geometryRows;
}

void PostgisTracksDatabase::readSizes(TracksHealthReport* report) {
    const PgResult r =
        m_db->exec(QStringLiteral("SELECT pg_table_size('tracks') + pg_table_size('pipeline_runs'),"
                                  " pg_indexes_size('tracks') + pg_indexes_size('pipeline_runs')"));
    report->databaseBytes = r.toLong(0, 0);
    report->walBytes = 0;
    report->indexBytes = r.toLong(0, 1);
}

void PostgisTracksDatabase::beginRead() {
    PgTransactionOptions options;
    options.isolation = QStringLiteral("REPEATABLE READ"); // one snapshot for every statement of the read
    options.settings = QStringLiteral("SET TRANSACTION READ ONLY;");
    m_read = std::make_unique<PgTransaction>(*m_db, options);
}

void PostgisTracksDatabase::endRead() {
    m_read.reset(); // rolls back quietly: it wrote nothing
}

qint64 PostgisTracksDatabase::countCreatedIn(Micros from, Micros to) {
    return m_db
        ->exec(QStringLiteral("SELECT count(*) FROM tracks WHERE created_at >= $1::timestamptz"
                              " AND created_at < $2::timestamptz"),
               {formatIsoTimestamp(from), formatIsoTimestamp(to)})
        .toLong(0, 0);
}

std::vector<TracksCreatedDay> PostgisTracksDatabase::tracksPerCreatedDay() {
    // Days since 1970 by the UTC date (an index-only scan of created_at; 0.35 s for a million tracks, where
    // floor(extract(epoch ...)) took 0.49 s).
    const PgResult r = m_db->exec(
        QStringLiteral("SELECT (created_at AT TIME ZONE 'UTC')::date - date '1970-01-01' AS day, count(*)"
                       " FROM tracks GROUP BY day ORDER BY day"));
    std::vector<TracksCreatedDay> days;
    days.reserve(static_cast<size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
        days.push_back({r.toLong(i, 0) * kMicrosPerDay, r.toLong(i, 1)});
    return days;
}

void PostgisTracksDatabase::forEachLine(
    const std::vector<qint64>& ids,
    const std::function<void(qint64 id, const QString& activity, std::vector<LonLat>& points)>& take) {
    // In slices of ids, so that a store of any size is never one result in memory.
    constexpr int kSlice = 2000;
    std::vector<LonLat> points;
    qint64 after = 0;
    size_t next = 0;
    for (;;) {
        PgResult r = ids.empty()
                         ? m_db->exec(QStringLiteral("SELECT id, ST_AsBinary(geom), activity_type FROM tracks"
                                                     " WHERE id > $1"
                                                     " ORDER BY id LIMIT $2"),
                                      {static_cast<long long>(after), kSlice}, PgConnection::Format::Binary)
                         : [&] {
                               QStringList list;
                               for (; next < ids.size() && list.size() < kSlice; ++next)
                                   list << QString::number(ids[next]);
                               return m_db->exec(
                                   QStringLiteral("SELECT id, ST_AsBinary(geom), activity_type"
                                                  " FROM tracks WHERE id = ANY($1::bigint[]) ORDER BY id"),
                                   {pgPlainArray(list)}, PgConnection::Format::Binary);
                           }();
        for (int i = 0; i < r.rows(); ++i) {
            points = readWkbLineString(binaryBytes(r, i, 1));
            after = binaryInt64(r, i, 0);
            take(after, QString::fromUtf8(r.raw(i, 2), r.length(i, 2)), points);
        }
        if (ids.empty() ? r.rows() < kSlice : next >= ids.size())
            return;
    }
}

} // namespace tidemark::tracks
