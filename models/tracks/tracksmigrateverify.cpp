#include "tracksmigrateverify.h"

#include "trackcolumns.h"
#include "tracksmigratecopy.h"

#include "error.h"
#include "pgconnection.h"
#include "sqlitefile.h"

#include <QCryptographicHash>
#include <algorithm>
#include <vector>

namespace tidemark::tracks {

QByteArray storeDensityDigest(PgConnection& db, qint64* tiles) {
    // As the file's passes (forEachFileTile): every track's overview, then the activities' by their bytes.
    QByteArray digests[2];
    *tiles = 0;
    for (const bool perActivity : {false, true}) {
        QCryptographicHash hash(QCryptographicHash::Sha256);
        const PgResult r = db.exec(
            perActivity
                ? QStringLiteral("SELECT zoom, tile_x, tile_y, encode(pixels, 'hex'), activity FROM"
                                 " track_density_activity ORDER BY activity COLLATE \"C\", zoom, tile_x,"
                                 " tile_y")
                : QStringLiteral("SELECT zoom, tile_x, tile_y, encode(pixels, 'hex') FROM track_density"
                                 " ORDER BY 1, 2, 3"));
        for (int i = 0; i < r.rows(); ++i) {
            if (perActivity)
                hash.addData(r.text(i, 4).toUtf8() + '\0');
            hash.addData(QStringLiteral("%1/%2/%3:")
                             .arg(r.toLong(i, 0))
                             .arg(r.toLong(i, 1))
                             .arg(r.toLong(i, 2))
                             .toUtf8());
            hash.addData(QByteArray::fromHex(r.text(i, 3).toLatin1()));
        }
        *tiles += r.rows();
        digests[perActivity ? 1 : 0] = hash.result();
    }
    return densityDigestOf(digests[0], digests[1]);
}

namespace {

void addSums(TracksMigrateGroups* groups, const QString& activity, const QStringList& sources, qint64 points,
             double length) {
    for (const QString& source : sources) {
        TracksMigrateSums& s = (*groups)[{activity, source}];
        ++s.tracks;
        s.points += points;
        s.lengthMetres += length;
    }
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

} // namespace

void verifyMigration(SqliteFile& file, PgConnection& db, TracksMigrateReport* report) {
    // The file's figures, then the store's, compared key by key as they are read.
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
            const QString key = unescapedCopyField(f[1]);
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
            addSums(&stored, unescapedCopyField(f[2]), fromJsonArray(unescapedCopyField(f[3])),
                    f[4].toLongLong(), f[5].toDouble());
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
    qint64 storeTiles = 0;
    const FileRowsDigest fileTiles = fileDensityDigest(file);
    if (fileTiles.digest != storeDensityDigest(db, &storeTiles))
        report->mismatches << QStringLiteral(
                                  "the density overview differs: %1 tiles in the store, %2 in the file")
                                  .arg(storeTiles)
                                  .arg(fileTiles.rows);
    report->verified = report->mismatches.isEmpty();
}

} // namespace tidemark::tracks
