// The bounding-box query with filters at two sizes of the tracks file: p50 and p95 per window (100 m, 1 km,
// 10 km), how many tracks each window returns, and the map's simplification (C++ Douglas-Peucker in pixels
// next to SpatiaLite's ST_Simplify in degrees). Tracks of about 1,240 points are generated here (a random
// walk written as WKB, much faster than the importer's WKT) over an area that grows with the count, so that
// the density of tracks stays that of 5,000 tracks on about 55 x 51 km. Last, the tracks workbench's load of
// one view, with and without the file-wide facts (activity and source counts, extent) that it reads only
// when the file changes, and the opening of the file with and without its schema checks. Then the file is
// moved into a PostGIS store with tracks migrate (tracks/s) and the windows are measured there too, side by
// side (TIDEMARK_TEST_PG's server, else a private cluster). Files are kept in DIR and reused.
// Usage: bench_tracks_query DIR [COUNT...]   (default counts: 5000 100000)
#include "freshpostgisstore.h"
#include "freshtracksfile.h"
#include "spatialitedatabase.h"
#include "sqlitefile.h"
#include "taskfeedback.h"
#include "tracksmigratejob.h"
#include "tracksschemareference.h"
#include "tracksstore.h"
#include "tracksviewloader.h"

#include "timestamp.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {
constexpr int kPointsPerTrack = 1240;
const char* const kActivities[] = {"enduro", "mtb", "hike", "moto"};
const char* const kSourceSets[] = {"[\"osm\"]",
                                   "[\"ttrails\"]",
                                   "[\"velomarsh\"]",
                                   "[\"osm\",\"ttrails\"]",
                                   "[\"osm\",\"velomarsh\"]",
                                   "[\"ttrails\",\"velomarsh\"]"};

struct Area {
    double minLat, minLon, latSpan, lonSpan;
};
Area areaFor(qint64 tracks) {
    const double scale = std::sqrt(tracks / 5000.0);
    return {54.5, 36.0, 0.5 * scale, 0.8 * scale};
}

void appendLe(QByteArray* out, const void* value, int bytes) {
    out->append(static_cast<const char*>(value), bytes); // x86-64 is little-endian, as the WKB says
}

void generate(SpatialiteDatabase& db, qint64 tracks) {
    const Area area = areaFor(tracks);
    std::mt19937_64 random(20261201);
    std::uniform_real_distribution<double> unit(0, 1);
    std::normal_distribution<double> turn(0, 0.25);
    db.exec(QStringLiteral("PRAGMA synchronous=OFF"));
    SqliteStatement insert = db.prepare(QStringLiteral(
        "INSERT INTO tracks (dedup_key, name, activity_type, sources_json, external_urls_json, points_count,"
        " length_m, min_lon, min_lat, max_lon, max_lat, started_at, created_at, geom)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, GeomFromWKB(?14, 4326))"));
    const QString createdAt = formatIsoTimestamp(parseIsoTimestamp(QStringLiteral("2026-06-01T00:00:00Z")));
    QByteArray wkb;
    db.begin();
    for (qint64 i = 0; i < tracks; ++i) {
        double lat = area.minLat + unit(random) * area.latSpan,
               lon = area.minLon + unit(random) * area.lonSpan;
        double heading = unit(random) * 6.283185307179586, length = 0;
        double minLon = lon, maxLon = lon, minLat = lat, maxLat = lat;
        wkb.clear();
        const char order = 1;
        const quint32 type = 2, n = kPointsPerTrack;
        appendLe(&wkb, &order, 1);
        appendLe(&wkb, &type, 4);
        appendLe(&wkb, &n, 4);
        for (int p = 0; p < kPointsPerTrack; ++p) {
            appendLe(&wkb, &lon, 8);
            appendLe(&wkb, &lat, 8);
            heading += turn(random);
            const double d = 8 + unit(random) * 8;
            length += d;
            lat += d * std::cos(heading) / 111195.0;
            lon += d * std::sin(heading) / (111195.0 * std::cos(lat * 0.017453292519943295));
            if (p + 1 < kPointsPerTrack) {
                minLon = std::min(minLon, lon), maxLon = std::max(maxLon, lon);
                minLat = std::min(minLat, lat), maxLat = std::max(maxLat, lat);
            }
        }
        const char* sources = kSourceSets[random() % 6];
        QByteArray urls = QByteArray(sources).replace("\"osm\"", "\"https://osm/1\"");
        insert.bind(1, QStringLiteral("bench-%1").arg(i))
            .bind(2, QStringLiteral("track %1").arg(i))
            .bind(3, QString::fromLatin1(kActivities[random() % 4]))
            .bind(4, QByteArray(sources))
            .bind(5, urls)
            .bind(6, static_cast<qint64>(kPointsPerTrack))
            .bind(7, length)
            .bind(8, minLon)
            .bind(9, minLat)
            .bind(10, maxLon)
            .bind(11, maxLat)
            .bind(12, createdAt)
            .bind(13, createdAt)
            .bindBlob(14, wkb);
        insert.step();
        insert.reset();
        if ((i + 1) % 2000 == 0) {
            db.commit();
            db.checkpointWal();
            db.begin();
            std::fprintf(stderr, "\r  %lld / %lld tracks", static_cast<long long>(i + 1),
                         static_cast<long long>(tracks));
        }
    }
    db.commit();
    db.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    std::fprintf(stderr, "\n");
}

double percentile(std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, static_cast<size_t>(p * static_cast<double>(values.size())))];
}

void measureWindows(TracksDatabase& db, qint64 tracks, const char* backend) {
    const Area area = areaFor(tracks);
    TracksStore store(db);
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> unit(0, 1);
    const double kmLat = 1 / 111.195;
    for (const double windowKm : {0.1, 1.0, 10.0}) {
        std::vector<double> ms, msUpTo250;
        std::vector<qint64> returned;
        for (int q = -20; q < 300; ++q) { // the first 20 warm the cache and are not counted
            // A window centred anywhere in the area the tracks cover evenly.
            const double lat = area.minLat + unit(random) * area.latSpan;
            const double lon = area.minLon + unit(random) * area.lonSpan;
            const double h = windowKm * kmLat / 2, w = h / std::cos(lat * 0.017453292519943295);
            TracksQuery query;
            query.box = {lon - w, lat - h, lon + w, lat + h};
            query.activities = {QStringLiteral("enduro"), QStringLiteral("mtb"), QStringLiteral("hike")};
            query.sources = {QStringLiteral("osm"), QStringLiteral("ttrails")};
            QElapsedTimer t;
            t.start();
            const TracksPage page = store.tracksInBox(query);
            const double elapsed = t.nsecsElapsed() / 1e6;
            if (q < 0)
                continue;
            ms.push_back(elapsed);
            returned.push_back(static_cast<qint64>(page.tracks.size()));
            if (page.tracks.size() <= 250)
                msUpTo250.push_back(elapsed);
        }
        std::vector<double> counts(returned.begin(), returned.end());
        double mean = 0;
        for (double c : counts)
            mean += c / static_cast<double>(counts.size());
        std::printf("%-10s %7lld tracks, window %5.1f km: p50 %6.2f ms, p95 %6.2f ms; returned mean %.1f, "
                    "p95 %.0f, max "
                    "%.0f tracks; p95 of the %zu windows returning <= 250: %.2f ms\n",
                    backend, static_cast<long long>(tracks), windowKm, percentile(ms, 0.5),
                    percentile(ms, 0.95), mean, percentile(counts, 0.95), percentile(counts, 1.0),
                    msUpTo250.size(), msUpTo250.empty() ? 0.0 : percentile(msUpTo250, 0.95));
    }
}

void measure(SpatialiteDatabase& db, qint64 tracks) {
    measureWindows(db, tracks, "SpatiaLite");
    const Area area = areaFor(tracks);
    TracksStore store(db);

    // The map: the tracks of a 10 km window at zoom 12 (about 38 m a pixel), 1 pixel tolerance.
    const double lat = area.minLat + area.latSpan / 2, lon = area.minLon + area.lonSpan / 2;
    TracksQuery query;
    query.box = {lon - 0.08, lat - 0.045, lon + 0.08, lat + 0.045};
    constexpr int kZoom = 12;
    QElapsedTimer t;
    double ownMs = 1e300; // the best of three runs, here and for ST_Simplify
    qint64 ownPoints = 0, stored = 0;
    size_t simplifiedTracks = 0;
    for (int run = 0; run < 3; ++run) {
        t.restart();
        const auto simplified = store.simplifiedInBox(query, kZoom, 1.0);
        ownMs = std::min(ownMs, t.nsecsElapsed() / 1e6);
        ownPoints = stored = 0;
        simplifiedTracks = simplified.size();
        for (const SimplifiedTrack& s : simplified) {
            ownPoints += static_cast<qint64>(s.points.size());
            stored += s.storedPoints;
        }
    }
    std::printf(
        "%7lld tracks, map at zoom %d, 1 px: %zu tracks of %lld points; C++ Douglas-Peucker in pixels: %lld "
        "points in %.1f ms\n",
        static_cast<long long>(tracks), kZoom, simplifiedTracks, static_cast<long long>(stored),
        static_cast<long long>(ownPoints), ownMs);
    // ST_Simplify works in degrees: a pixel is 360 / (256 * 2^zoom) degrees of longitude but only cos(lat) of
    // that in latitude, so one tolerance is either too coarse north-south or too fine east-west.
    const double lonPixel = 360.0 / (256.0 * std::pow(2.0, kZoom));
    for (const double tolerance : {lonPixel, lonPixel * std::cos(lat * 0.017453292519943295)}) {
        double sqlMs = 1e300;
        qint64 sqlPoints = 0, sqlTracks = 0;
        for (int run = 0; run < 3; ++run) {
            t.restart();
            SqliteStatement sql = db.prepare(SpatialiteDatabase::prefetchSql(
                query, QStringLiteral("id, AsBinary(ST_Simplify(geom, ?5))")));
            sql.bind(1, query.box.minLon)
                .bind(2, query.box.minLat)
                .bind(3, query.box.maxLon)
                .bind(4, query.box.maxLat);
            sql.bind(5, tolerance);
            sqlPoints = sqlTracks = 0;
            while (sql.step()) {
                const QByteArray wkb = sql.blob(1);
                sqlPoints += wkb.size() >= 9 ? (wkb.size() - 9) / 16 : 0;
                ++sqlTracks;
            }
            sqlMs = std::min(sqlMs, t.nsecsElapsed() / 1e6);
        }
        std::printf(
            "%7lld tracks, map at zoom %d: ST_Simplify(geom, %.6f deg) as WKB: %lld tracks, %lld points in "
            "%.1f ms (%.2f x the C++ time)\n",
            static_cast<long long>(tracks), kZoom, tolerance, static_cast<long long>(sqlTracks),
            static_cast<long long>(sqlPoints), sqlMs, sqlMs / ownMs);
    }

    // The workbench's view: a 1 km window at zoom 15, the best of five loads each way.
    TracksView view;
    view.box = {lon - 0.008, lat - 0.0045, lon + 0.008, lat + 0.0045};
    view.zoom = 15;
    const TracksViewLoader loader(TracksLocation::file(db.path()));
    TaskFeedback feedback;
    double withFacts = 1e300, withoutFacts = 1e300;
    for (int run = 0; run < 5; ++run) {
        t.restart();
        loader.load(view, true, feedback);
        withFacts = std::min(withFacts, t.nsecsElapsed() / 1e6);
        t.restart();
        loader.load(view, false, feedback);
        withoutFacts = std::min(withoutFacts, t.nsecsElapsed() / 1e6);
    }
    std::printf("%7lld tracks, workbench view of 1 km at zoom 15: %.1f ms with the file's facts, %.1f ms "
                "without (%.1f x)\n",
                static_cast<long long>(tracks), withFacts, withoutFacts, withFacts / withoutFacts);

    // Opening the file, the best of 20 each way: SpatialiteDatabase::open (the read-only look at the schema,
    // the same check through the connection, then trusted) next to the same opening without the checks (a
    // connection, SpatiaLite, journal_mode and the metadata's test), as it was before them.
    double checked = 1e300, bare = 1e300;
    for (int run = 0; run < 20; ++run) {
        t.restart();
        SpatialiteDatabase::open(db.path());
        checked = std::min(checked, t.nsecsElapsed() / 1e6);
        t.restart();
        {
            SqliteFile file(db.path(), SqliteFile::Mode::ReadWrite);
            if (!file.loadExtension("mod_spatialite").isEmpty())
                qFatal("no SpatiaLite");
            file.trustSchema();
            file.hasTable(QStringLiteral("spatial_ref_sys"));
            file.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
        }
        bare = std::min(bare, t.nsecsElapsed() / 1e6);
    }
    std::printf(
        "%7lld tracks, opening the file: %.2f ms with the schema checks, %.2f ms without (+%.2f ms)\n",
        static_cast<long long>(tracks), checked, bare, checked - bare);
}
} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    if (args.isEmpty()) {
        std::fprintf(stderr, "usage: bench_tracks_query DIR [COUNT...]\n");
        return 2;
    }
    QDir().mkpath(args[0]);
    QElapsedTimer reference;
    reference.start();
    TracksSchemaReference::instance();
    std::printf(
        "schema reference (an in-memory SpatiaLite file with the migrations) built in %.1f ms, once a "
        "process\n",
        reference.nsecsElapsed() / 1e6);
    QList<qint64> counts;
    for (const QString& a : args.mid(1))
        counts << a.toLongLong();
    if (counts.isEmpty())
        counts = {5000, 100000};
    for (const qint64 tracks : counts) {
        const QString path = QDir(args[0]).filePath(QStringLiteral("bench-tracks-%1.sqlite").arg(tracks));
        auto db = test::freshTracksFile(path);
        if (TracksStore(*db).count() != tracks) {
            db.reset();
            QFile::remove(path);
            QFile::remove(path + QStringLiteral("-wal"));
            QFile::remove(path + QStringLiteral("-shm"));
            db = test::freshTracksFile(path);
            QElapsedTimer t;
            t.start();
            generate(*db, tracks);
            std::printf("%7lld tracks of %d points generated in %.1f s (%.0f tracks/s), file %.0f MB\n",
                        static_cast<long long>(tracks), kPointsPerTrack, t.nsecsElapsed() / 1e9,
                        tracks / (t.nsecsElapsed() / 1e9), QFileInfo(path).size() / 1048576.0);
        } else {
            std::printf("%7lld tracks: reusing %s (%.0f MB)\n", static_cast<long long>(tracks),
                        qPrintable(path), QFileInfo(path).size() / 1048576.0);
        }
        std::fflush(stdout);
        measure(*db, tracks);
        std::fflush(stdout);

        // The same tracks in PostGIS, moved there by tracks migrate.
        const QString conninfo = test::freshPostgisStore(QStringLiteral("bench_query_%1").arg(tracks));
        QElapsedTimer migrate;
        migrate.start();
        TaskFeedback feedback;
        const TracksMigrateReport moved = TracksMigrateJob::run({path, conninfo, 2000}, feedback);
        const double seconds = migrate.nsecsElapsed() / 1e9;
        if (!moved.done())
            qFatal("migration not verified: %s", qPrintable(moved.mismatches.join(QLatin1Char('\n'))));
        auto postgis =
            TracksDatabase::open(TracksLocation::postgis(conninfo), TracksDatabase::Access::ReadOnly);
        std::printf(
            "%7lld tracks: tracks migrate into PostGIS %.1f s (%.0f tracks/s, verified), store %.0f MB\n",
            static_cast<long long>(tracks), seconds, tracks / seconds, postgis->storeBytes() / 1048576.0);
        measureWindows(*postgis, tracks, "PostGIS");
        std::fflush(stdout);
    }
    return 0;
}
