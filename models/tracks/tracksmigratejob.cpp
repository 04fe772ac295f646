#include "tracksmigratejob.h"

#include "postgistracksdatabase.h"
#include "trackcolumns.h"
#include "tracksfilecheck.h"

#include "error.h"
#include "pgconnection.h"
#include "pgtransaction.h"
#include "sqlitefile.h"
#include "taskfeedback.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <algorithm>

namespace tidemark::tracks {

namespace {

// One field of COPY's text format: NULL as \N, the format's escapes otherwise.
void appendField(QByteArray* line, const std::optional<QByteArray>& value) {
    if (!line->isEmpty())
        line->append('\t');
    if (!value) {
        line->append("\\N");
        return;
    }
    for (const char c : *value) {
        switch (c) {
        case '\\':
            line->append("\\\\");
            break;
        case '\t':
            line->append("\\t");
            break;
        case '\n':
            line->append("\\n");
            break;
        case '\r':
            line->append("\\r");
            break;
        default:
            line->append(c);
        }
    }
}

std::optional<QByteArray> textOf(SqliteStatement& q, int column) {
    if (q.isNull(column))
        return std::nullopt;
    return q.text(column).toUtf8();
}

QByteArray numberOf(SqliteStatement& q, int column) {
    return QByteArray::number(q.toInt64(column));
}

QByteArray realOf(SqliteStatement& q, int column) {
    return QByteArray::number(q.toDouble(column), 'g', 17); // round-trips exactly
}

// A field of COPY's text format, unescaped.
QString unescapedField(const QByteArray& field) {
    QByteArray out;
    out.reserve(field.size());
    for (qsizetype i = 0; i < field.size(); ++i) {
        if (field[i] != '\\' || i + 1 == field.size()) {
            out.append(field[i]);
            continue;
        }
        const char next = field[++i];
        out.append(next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : next);
    }
    return QString::fromUtf8(out);
}

// Which file a store was filled from: its name and the moment its schema was first applied (a copy of the
// file keeps both, another file has another moment).
QString identityOf(SqliteFile& file) {
    SqliteStatement q = file.prepare(QStringLiteral("SELECT applied_at FROM tidemark_schema_migrations WHERE "
                                                    "dataset = 'tracks' ORDER BY version LIMIT 1"));
    const QString applied = q.step() ? q.text(0) : QStringLiteral("unknown");
    return QStringLiteral("%1 (schema applied %2)").arg(QFileInfo(file.path()).fileName(), applied);
}

void addSums(TracksMigrateGroups* groups, const QString& activity, const QStringList& sources, qint64 points,
             double length) {
    for (const QString& source : sources) {
        TracksMigrateSums& s = (*groups)[{activity, source}];
        ++s.tracks;
        s.points += points;
        s.lengthMetres += length;
    }
}

const char* kTrackColumns =
    "id, dedup_key, name, activity_type, sources_json, external_urls_json, \"user\","
    " description, tags_json, points_count, length_m, min_lon, min_lat, max_lon, max_lat,"
    " started_at, created_at, geom";

// Copies the file's tracks after `afterId`, `batch` per transaction, each with the row of the migration.
void copyTracks(SqliteFile& file, PgConnection& db, const QString& identity, qint64 afterId, int batch,
                TracksMigrateReport* report, TaskFeedback& feedback) {
    SqliteStatement q =
        file.prepare(QStringLiteral("SELECT id, dedup_key, name, activity_type, sources_json, "
                                    "external_urls_json, user, description, tags_json,"
                                    " points_count, length_m, min_lon, min_lat, max_lon, max_lat, "
                                    "started_at, created_at, geom FROM tracks"
                                    " WHERE id > ?1 ORDER BY id LIMIT ?2"));
    qint64 last = afterId;
    for (;;) {
        if (!feedback.checkpoint()) {
            report->cancelled = true;
            return;
        }
        q.bind(1, last).bind(2, batch);
        PgTransaction tx(db);
        db.beginCopyIn(QStringLiteral("COPY tracks (%1) FROM STDIN").arg(QLatin1String(kTrackColumns)));
        qint64 rows = 0;
        std::vector<LonLat> points;
        try {
            while (q.step()) {
                QByteArray line;
                const qint64 id = q.toInt64(0);
                appendField(&line, numberOf(q, 0));
                for (int c = 1; c <= 8; ++c)
                    appendField(&line, textOf(q, c));
                appendField(&line, numberOf(q, 9));
                for (int c = 10; c <= 14; ++c)
                    appendField(&line, realOf(q, c));
                appendField(&line, textOf(q, 15));
                appendField(&line, textOf(q, 16));
                points.clear();
                if (!readSpatialiteLineString(q.blob(17), &points))
                    throw Error(Error::Kind::Failed,
                                QStringLiteral("%1: track %2 has a geometry that is not a plain SpatiaLite "
                                               "LINESTRING; nothing of this batch was copied")
                                    .arg(file.path())
                                    .arg(id));
                appendField(&line, ewkbHexLineString(points));
                line.append('\n');
                db.putCopyData(line);
                last = id;
                ++rows;
            }
        } catch (const Error& e) {
            q.reset();
            db.abortCopyIn(e.message());
            throw;
        }
        q.reset();
        db.endCopyIn();
        if (rows == 0)
            return; // the transaction rolls back: it wrote nothing
        db.exec(QStringLiteral("UPDATE tracks_migration SET last_track_id = $1 WHERE source_identity = $2"),
                {static_cast<long long>(last), identity});
        tx.commit();
        report->tracksCopied += rows;
        ++report->batches;
        const qint64 done = report->tracksBefore + report->tracksCopied;
        TaskProgress progress = TaskProgress::share(
            report->tracksInFile > 0 ? static_cast<double>(done) / static_cast<double>(report->tracksInFile)
                                     : 1.0,
            QStringLiteral("copying tracks"));
        progress.done = done;
        progress.total = report->tracksInFile;
        progress.rows = done;
        feedback.report(progress);
    }
}

void copyRuns(SqliteFile& file, PgConnection& db, const QString& identity, TracksMigrateReport* report) {
    PgTransaction tx(db);
    db.beginCopyIn(QStringLiteral("COPY pipeline_runs (id, region, source, started_at, finished_at, status,"
                                  " tracks_added, tracks_merged, error) FROM STDIN"));
    try {
        SqliteStatement q = file.prepare(QStringLiteral(
            "SELECT id, region, source, started_at, finished_at, status, tracks_added, tracks_merged,"
            " error FROM pipeline_runs ORDER BY id"));
        while (q.step()) {
            QByteArray line;
            appendField(&line, numberOf(q, 0));
            for (int c = 1; c <= 5; ++c)
                appendField(&line, textOf(q, c));
            appendField(&line, numberOf(q, 6));
            appendField(&line, numberOf(q, 7));
            appendField(&line, textOf(q, 8));
            line.append('\n');
            db.putCopyData(line);
            ++report->runsCopied;
        }
    } catch (const Error& e) {
        db.abortCopyIn(e.message());
        throw;
    }
    db.endCopyIn();
    db.exec(QStringLiteral("UPDATE tracks_migration SET runs_copied = true WHERE source_identity = $1"),
            {identity});
    tx.commit();
}

// The density overview's tiles, all of them again (they are small beside the tracks), in one transaction.
qint64 copyDensity(SqliteFile& file, PgConnection& db) {
    PgTransaction tx(db);
    db.advisoryXactLock(PostgisTracksDatabase::kDensityLockKey);
    db.exec(QStringLiteral("DELETE FROM track_density"));
    db.beginCopyIn(QStringLiteral("COPY track_density (zoom, tile_x, tile_y, pixels) FROM STDIN"));
    qint64 tiles = 0;
    try {
        SqliteStatement q = file.prepare(
            QStringLiteral("SELECT zoom, tile_x, tile_y, pixels FROM track_density ORDER BY 1, 2, 3"));
        while (q.step()) {
            QByteArray line;
            appendField(&line, numberOf(q, 0));
            appendField(&line, numberOf(q, 1));
            appendField(&line, numberOf(q, 2));
            appendField(&line, QByteArray("\\x") + q.blob(3).toHex()); // bytea's hex input
            line.append('\n');
            db.putCopyData(line);
            ++tiles;
        }
    } catch (const Error& e) {
        db.abortCopyIn(e.message());
        throw;
    }
    db.endCopyIn();
    tx.commit();
    return tiles;
}

// A digest of every density tile, key and bytes, in key order.
QByteArray densityDigest(SqliteFile& file, qint64* tiles) {
    QCryptographicHash hash(QCryptographicHash::Sha256);
    SqliteStatement q = file.prepare(
        QStringLiteral("SELECT zoom, tile_x, tile_y, pixels FROM track_density ORDER BY 1, 2, 3"));
    *tiles = 0;
    while (q.step()) {
        hash.addData(
            QStringLiteral("%1/%2/%3:").arg(q.toInt64(0)).arg(q.toInt64(1)).arg(q.toInt64(2)).toUtf8());
        hash.addData(q.blob(3));
        ++*tiles;
    }
    return hash.result();
}

QByteArray densityDigest(PgConnection& db, qint64* tiles) {
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const PgResult r = db.exec(QStringLiteral(
        "SELECT zoom, tile_x, tile_y, encode(pixels, 'hex') FROM track_density ORDER BY 1, 2, 3"));
    for (int i = 0; i < r.rows(); ++i) {
        hash.addData(
            QStringLiteral("%1/%2/%3:").arg(r.toLong(i, 0)).arg(r.toLong(i, 1)).arg(r.toLong(i, 2)).toUtf8());
        hash.addData(QByteArray::fromHex(r.text(i, 3).toLatin1()));
    }
    *tiles = r.rows();
    return hash.result();
}

// The figures of the file, and its (id, dedup key) pairs in id order.
TracksMigrateGroups fileSums(SqliteFile& file, std::vector<std::pair<qint64, QString>>* keys) {
    TracksMigrateGroups groups;
    SqliteStatement q = file.prepare(QStringLiteral(
        "SELECT id, dedup_key, activity_type, sources_json, points_count, length_m FROM tracks ORDER BY id"));
    while (q.step()) {
        keys->emplace_back(q.toInt64(0), q.text(1));
        addSums(&groups, q.text(2), fromJsonArray(q.text(3)), q.toInt64(4), q.toDouble(5));
    }
    return groups;
}

// The same of the store, compared key by key as it is read.
void verify(SqliteFile& file, PgConnection& db, TracksMigrateReport* report) {
    std::vector<std::pair<qint64, QString>> keys;
    report->groups = fileSums(file, &keys);
    TracksMigrateGroups stored;
    size_t index = 0;
    qint64 storeTracks = 0;
    int keyMismatches = 0;
    db.copyOut(
        QStringLiteral("COPY (SELECT id, dedup_key, activity_type, sources_json, points_count, length_m"
                       " FROM tracks ORDER BY id) TO STDOUT"),
        [&](const char* row, int length) {
            // COPY's text format: fields split at tabs (a tab of a value is escaped), then unescaped.
            const QList<QByteArray> f = QByteArray(row, length).chopped(1).split('\t');
            if (f.size() != 6)
                throw Error(Error::Kind::Failed,
                            QStringLiteral("unexpected COPY row from %1").arg(db.describe()));
            const qint64 id = f[0].toLongLong();
            const QString key = unescapedField(f[1]);
            if (index >= keys.size() || keys[index].first != id || keys[index].second != key) {
                if (keyMismatches++ < 5)
                    report->mismatches
                        << QStringLiteral("track %1: dedup key %2 in the store, %3 in the file")
                               .arg(id)
                               .arg(key, index < keys.size() ? QStringLiteral("%1 of track %2")
                                                                   .arg(keys[index].second)
                                                                   .arg(keys[index].first)
                                                             : QStringLiteral("none"));
            }
            ++index;
            ++storeTracks;
            addSums(&stored, unescapedField(f[2]), fromJsonArray(unescapedField(f[3])), f[4].toLongLong(),
                    f[5].toDouble());
        });
    report->tracksInStore = storeTracks;
    if (storeTracks != static_cast<qint64>(keys.size()))
        report->mismatches.prepend(
            QStringLiteral("%1 tracks in the store, %2 in the file").arg(storeTracks).arg(keys.size()));
    if (keyMismatches > 5)
        report->mismatches
            << QStringLiteral("and %1 more tracks whose dedup keys differ").arg(keyMismatches - 5);
    const auto describe = [](const TracksMigrateSums& s) {
        return QStringLiteral("%1 tracks, %2 points, %3 m")
            .arg(s.tracks)
            .arg(s.points)
            .arg(s.lengthMetres, 0, 'f', 3);
    };
    QList<QPair<QString, QString>> names = report->groups.keys() + stored.keys();
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    for (const auto& name : names) {
        const TracksMigrateSums inFile = report->groups.value(name);
        const TracksMigrateSums inStore = stored.value(name);
        if (!(inFile == inStore))
            report->mismatches << QStringLiteral("%1 from %2: %3 in the store, %4 in the file")
                                      .arg(name.first, name.second, describe(inStore), describe(inFile));
    }
    const PgResult runs = db.exec(QStringLiteral("SELECT count(*) FROM pipeline_runs"));
    SqliteStatement fileRuns = file.prepare(QStringLiteral("SELECT count(*) FROM pipeline_runs"));
    const qint64 inFileRuns = fileRuns.step() ? fileRuns.toInt64(0) : 0;
    if (runs.toLong(0, 0) != inFileRuns)
        report->mismatches << QStringLiteral("%1 pipeline runs in the store, %2 in the file")
                                  .arg(runs.toLong(0, 0))
                                  .arg(inFileRuns);
    qint64 fileTiles = 0, storeTiles = 0;
    if (densityDigest(file, &fileTiles) != densityDigest(db, &storeTiles))
        report->mismatches << QStringLiteral(
                                  "the density overview differs: %1 tiles in the store, %2 in the file")
                                  .arg(storeTiles)
                                  .arg(fileTiles);
    report->verified = report->mismatches.isEmpty();
}

} // namespace

TracksMigrateReport TracksMigrateJob::run(const TracksMigrateRequest& request, TaskFeedback& feedback) {
    if (request.sqlitePath.isEmpty() || request.conninfo.isEmpty())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("tracks migrate needs --sqlite FILE and --db CONNINFO"));
    if (!QFileInfo(request.sqlitePath).isFile())
        throw Error(Error::Kind::Connection,
                    QStringLiteral("tracks file not found: %1").arg(request.sqlitePath));
    TracksFileCheck::read(request.sqlitePath).requireTracksFile();
    SqliteFile file(request.sqlitePath, SqliteFile::Mode::ReadOnly);
    auto store = PostgisTracksDatabase::open(request.conninfo);
    PgConnection& db = store->connection();

    TracksMigrateReport report;
    report.source = request.sqlitePath;
    report.target = store->describe();
    SqliteStatement count = file.prepare(QStringLiteral("SELECT count(*) FROM tracks"));
    report.tracksInFile = count.step() ? count.toInt64(0) : 0;
    const QString identity = identityOf(file);

    // Decided in one transaction that locks the migration table, so that two runs cannot both start.
    qint64 afterId = 0;
    bool runsCopied = false;
    {
        PgTransaction tx(db);
        db.exec(QStringLiteral("LOCK TABLE tracks_migration IN EXCLUSIVE MODE"));
        const PgResult own =
            db.exec(QStringLiteral(
                        "SELECT last_track_id, runs_copied FROM tracks_migration WHERE source_identity = $1"),
                    {identity});
        if (own.rows() > 0) {
            afterId = own.toLong(0, 0);
            runsCopied = own.toBool(0, 1);
            report.resumed = true;
        } else {
            const PgResult other = db.exec(
                QStringLiteral("SELECT (SELECT count(*) FROM tracks), (SELECT count(*) FROM pipeline_runs),"
                               " (SELECT string_agg(source_path, ', ') FROM tracks_migration)"));
            if (other.toLong(0, 0) > 0 || other.toLong(0, 1) > 0 || !other.isNull(0, 2))
                throw Error(
                    Error::Kind::Refused,
                    QStringLiteral("%1 is not empty (%2 tracks, %3 pipeline runs%4) and holds no earlier "
                                   "run of the migration of %5: tracks migrate fills an empty store "
                                   "initialised by tidemark-cli tracks init --db; nothing was written")
                        .arg(report.target)
                        .arg(other.toLong(0, 0))
                        .arg(other.toLong(0, 1))
                        .arg(other.isNull(0, 2) ? QString()
                                                : QStringLiteral(", migrated from %1").arg(other.text(0, 2)),
                             identity));
            db.exec(
                QStringLiteral("INSERT INTO tracks_migration (source_path, source_identity) VALUES ($1, $2)"),
                {QFileInfo(request.sqlitePath).absoluteFilePath(), identity});
        }
        tx.commit();
    }
    report.tracksBefore = db.exec(QStringLiteral("SELECT count(*) FROM tracks")).toLong(0, 0);

    if (!runsCopied)
        copyRuns(file, db, identity, &report);
    copyTracks(file, db, identity, afterId, std::max(1, request.batchTracks), &report, feedback);
    if (report.cancelled)
        return report;
    // Ids were kept: the identity columns go on after the highest one copied.
    db.exec(
        QStringLiteral("SELECT setval(pg_get_serial_sequence('tracks', 'id'), max(id)) FROM tracks HAVING "
                       "count(*) > 0"));
    db.exec(QStringLiteral("SELECT setval(pg_get_serial_sequence('pipeline_runs', 'id'), max(id)) FROM "
                           "pipeline_runs HAVING count(*) > 0"));
    feedback.reportProgress(1.0, QStringLiteral("copying the density overview"));
    report.overviewTiles = copyDensity(file, db);
    feedback.reportProgress(1.0, QStringLiteral("verifying"));
    verify(file, db, &report);
    if (report.verified)
        db.exec(QStringLiteral("UPDATE tracks_migration SET verified_at = now() WHERE source_identity = $1"),
                {identity});
    return report;
}

} // namespace tidemark::tracks
