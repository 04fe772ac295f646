#pragma once

// The tracks migrate tests' files and look-ups: random walks imported into a real tracks file, and one
// value read from the PostGIS store.
#include "freshtracksfile.h"

#include "trackimporter.h"
#include "tracksourcelist.h"

#include "pgconnection.h"
#include "timestamp.h"

#include <QCryptographicHash>
#include <QFile>
#include <QRandomGenerator>
#include <QString>
#include <vector>

namespace tidemark::test {

inline const Micros kMigrateNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

inline tracks::ImportedTrack walk(QRandomGenerator& random, const QString& source, int n) {
    tracks::ImportedTrack t;
    t.sourceId = source;
    t.externalUrl = QStringLiteral("https://%1.example/%2").arg(source).arg(random.generate());
    t.name = QStringLiteral("walk %1\twith a tab").arg(random.bounded(1000));
    t.activityType = random.bounded(2) ? QStringLiteral("hike") : QStringLiteral("mtb");
    t.description = random.bounded(2) ? QStringLiteral("a \\ backslash\nand a line") : QString();
    double lat = 43.5 + random.generateDouble() * 0.2, lon = 39.7 + random.generateDouble() * 0.3;
    for (int i = 0; i < n; ++i) {
        t.points.push_back({lat, lon, kMigrateNow - (n - i) * kMicrosPerSecond});
        lat += (random.generateDouble() - 0.5) * 0.0004;
        lon += (random.generateDouble() - 0.5) * 0.0004;
    }
    return t;
}

// A file of `tracks` tracks from two sources (some merged), imported in two batches; the osm walks in
// *imported when asked.
inline QString filledFile(const QString& path, int tracks,
                          std::vector<tracks::ImportedTrack>* imported = nullptr) {
    auto db = freshTracksFile(path);
    QRandomGenerator random(3);
    std::vector<tracks::ImportedTrack> osm, ttrails;
    for (int i = 0; i < tracks; ++i)
        osm.push_back(walk(random, QStringLiteral("osm"), 10 + random.bounded(60)));
    for (int i = 0; i < tracks / 4; ++i) {
        tracks::ImportedTrack t = osm[static_cast<size_t>(i * 3)];
        t.sourceId = QStringLiteral("ttrails");
        t.externalUrl = QStringLiteral("https://ttrails.example/%1").arg(i);
        ttrails.push_back(t);
    }
    tracks::TrackImporter(*db, tracks::TrackSourceList::demo(), kMigrateNow - 86400LL * kMicrosPerSecond)
        .importBatch(QStringLiteral("a"), QStringLiteral("osm"), osm);
    tracks::TrackImporter(*db, tracks::TrackSourceList::demo(), kMigrateNow)
        .importBatch(QStringLiteral("a"), QStringLiteral("ttrails"), ttrails);
    db->checkpointWal();
    if (imported)
        *imported = osm;
    return path;
}

// The SHA-256 of a file with its -wal and -shm.
inline QByteArray digestOf(const QString& path) {
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString& p : {path, path + QStringLiteral("-wal"), path + QStringLiteral("-shm")}) {
        QFile f(p);
        if (f.open(QIODevice::ReadOnly))
            hash.addData(f.readAll());
        hash.addData(p.toUtf8());
    }
    return hash.result();
}

inline qint64 scalar(const QString& conninfo, const QString& sql) {
    return PgConnection::open(conninfo)->exec(sql).toLong(0, 0);
}

inline QString scalarText(const QString& conninfo, const QString& sql) {
    return PgConnection::open(conninfo)->exec(sql).text(0, 0);
}

} // namespace tidemark::test
