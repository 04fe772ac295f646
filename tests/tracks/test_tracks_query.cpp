// The bbox query, simplification per zoom, retention, health, WAL snapshots and the opener's errors, on real
// SpatiaLite files.
#include "freshtracksfile.h"
#include "spatialitedatabase.h"
#include "testfiles.h"
#include "thrownkind.h"
#include "trackcolumns.h"
#include "trackimporter.h"
#include "trackshealth.h"
#include "tracksimplifier.h"
#include "tracksmigrator.h"
#include "tracksretention.h"
#include "trackssettings.h"
#include "tracksstore.h"
#include "trackssummaryloader.h"

#include "error.h"
#include "settingsreader.h"
#include "taskfeedback.h"
#include "webmercator.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <cmath>
#include <map>
#include <set>
#include <thread>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {
const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));
const QStringList kActivities{QStringLiteral("enduro"), QStringLiteral("mtb"), QStringLiteral("hike"),
                              QStringLiteral("moto")};
const QStringList kSources{QStringLiteral("osm"), QStringLiteral("ttrails"), QStringLiteral("velomarsh")};

// A random walk of `n` points about 20 m apart starting near (lat, lon).
ImportedTrack randomTrack(QRandomGenerator& random, double lat, double lon, int n, const QString& source) {
    ImportedTrack t;
    t.sourceId = source;
    t.externalUrl = QStringLiteral("https://%1.example/%2").arg(source).arg(random.generate());
    t.name = QStringLiteral("track %1").arg(random.bounded(100000));
    t.activityType = kActivities[random.bounded(kActivities.size())];
    double heading = random.generateDouble() * 6.283;
    for (int i = 0; i < n; ++i) {
        t.points.push_back({lat, lon, std::nullopt});
        heading += (random.generateDouble() - 0.5) * 0.8;
        const double d = 15 + random.generateDouble() * 10;
        lat += d * std::cos(heading) / 111195.0;
        lon += d * std::sin(heading) / (111195.0 * std::cos(lat * 0.0174532925));
    }
    return t;
}

TrackBox boxOf(const ImportedTrack& t) {
    TrackBox b{t.points[0].lon, t.points[0].lat, t.points[0].lon, t.points[0].lat};
    for (const TrackPoint& p : t.points) {
        b.minLon = std::min(b.minLon, p.lon);
        b.maxLon = std::max(b.maxLon, p.lon);
        b.minLat = std::min(b.minLat, p.lat);
        b.maxLat = std::max(b.maxLat, p.lat);
    }
    return b;
}

bool meets(const TrackBox& a, const TrackBox& b) {
    return a.maxLon >= b.minLon && a.minLon <= b.maxLon && a.maxLat >= b.minLat && a.minLat <= b.maxLat;
}

// An independent Douglas-Peucker: recursive, with the Mercator y from asinh(tan(phi)) and the distance to a
// segment from the triangle's area and the segment's ends.
double mercatorY(double lat, int zoom) {
    const double phi = std::max(-85.0511287798066, std::min(85.0511287798066, lat)) * M_PI / 180;
    return 256.0 * std::pow(2.0, zoom) * (0.5 - std::asinh(std::tan(phi)) / (2 * M_PI));
}
double mercatorX(double lon, int zoom) {
    return 256.0 * std::pow(2.0, zoom) * (lon / 360.0 + 0.5);
}
double distanceToSegment(double px, double py, double ax, double ay, double bx, double by) {
    const double ab = std::hypot(bx - ax, by - ay);
    const double pa = std::hypot(px - ax, py - ay), pb = std::hypot(px - bx, py - by);
    if (ab == 0)
        return pa;
    if ((px - ax) * (bx - ax) + (py - ay) * (by - ay) <= 0)
        return pa;
    if ((px - bx) * (ax - bx) + (py - by) * (ay - by) <= 0)
        return pb;
    return std::abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / ab;
}
void referenceDp(const std::vector<double>& x, const std::vector<double>& y, int first, int last, double tol,
                 QSet<int>* kept) {
    double best = -1;
    int at = -1;
    for (int i = first + 1; i < last; ++i) {
        const double d = distanceToSegment(x[i], y[i], x[first], y[first], x[last], y[last]);
        if (d > best) {
            best = d;
            at = i;
        }
    }
    if (at < 0 || best <= tol)
        return;
    kept->insert(at);
    referenceDp(x, y, first, at, tol, kept);
    referenceDp(x, y, at, last, tol, kept);
}
std::vector<int> referenceKept(const std::vector<LonLat>& points, int zoom, double tol) {
    if (points.size() <= 2) {
        std::vector<int> all;
        for (int i = 0; i < static_cast<int>(points.size()); ++i)
            all.push_back(i);
        return all;
    }
    std::vector<double> x, y;
    for (const LonLat& p : points) {
        x.push_back(mercatorX(p.lon, zoom));
        y.push_back(mercatorY(p.lat, zoom));
    }
    QSet<int> kept{0, static_cast<int>(points.size()) - 1};
    referenceDp(x, y, 0, static_cast<int>(points.size()) - 1, tol, &kept);
    std::vector<int> out(kept.begin(), kept.end());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestTracksQuery : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir m_dir;
    std::unique_ptr<SpatialiteDatabase> freshFile(const QString& name) {
        return test::freshTracksFile(m_dir.filePath(name));
    }
    // `count` random tracks around 55.5N 37.5E (a 0.6 x 1.0 degree area), one batch per source.
    std::vector<ImportedTrack> fill(SpatialiteDatabase& db, int count, int points, quint32 seed,
                                    Micros importedAt) {
        QRandomGenerator random(seed);
        std::vector<ImportedTrack> all;
        std::map<QString, std::vector<ImportedTrack>> bySource;
        for (int i = 0; i < count; ++i) {
            ImportedTrack t =
                randomTrack(random, 55.2 + random.generateDouble() * 0.6, 37.0 + random.generateDouble(),
                            points, kSources[random.bounded(kSources.size())]);
            bySource[t.sourceId].push_back(t);
        }
        for (const QString& source : kSources) {
            const auto& batch = bySource[source];
            TrackImporter(db, TrackSourceList::demo(), importedAt)
                .importBatch(QStringLiteral("cfo"), source, batch);
            all.insert(all.end(), batch.begin(), batch.end());
        }
        return all;
    }

  private slots:
    void schemaAndIndexesAsTheSpecSays() {
        auto db = freshFile(QStringLiteral("schema.sqlite"));
        auto g =
            db->prepare(QStringLiteral("SELECT geometry_type, coord_dimension, srid, spatial_index_enabled"
                                       " FROM geometry_columns WHERE f_table_name = 'tracks' AND "
                                       "f_geometry_column = 'geom'"));
        QVERIFY(g.step());
        QCOMPARE(g.toInt64(0), 2); // LINESTRING
        QCOMPARE(g.toInt64(1), 2); // XY
        QCOMPARE(g.toInt64(2), 4326);
        QCOMPARE(g.toInt64(3), 1); // an R-tree
        auto rtree =
            db->prepare(QStringLiteral("SELECT sql FROM sqlite_master WHERE name = 'idx_tracks_geom'"));
        QVERIFY(rtree.step());
        QVERIFY(rtree.text(0).contains(QLatin1String("rtree"), Qt::CaseInsensitive));
        const QMap<QString, std::pair<QString, bool>> expected{
            {QStringLiteral("idx_tracks_dedup"), {QStringLiteral("dedup_key"), true}},
            {QStringLiteral("idx_tracks_activity"), {QStringLiteral("activity_type"), false}},
            {QStringLiteral("idx_tracks_created"), {QStringLiteral("created_at"), false}}};
        auto list = db->prepare(QStringLiteral("SELECT name, \"unique\" FROM pragma_index_list('tracks')"));
        QMap<QString, bool> found;
        while (list.step())
            found[list.text(0)] = list.toInt64(1) == 1;
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            QVERIFY2(found.contains(it.key()), qPrintable(it.key()));
            QCOMPARE(found[it.key()], it.value().second);
            auto info = db->prepare(QStringLiteral("SELECT group_concat(name) FROM pragma_index_info(?1)"));
            info.bind(1, it.key());
            QVERIFY(info.step());
            QCOMPARE(info.text(0), it.value().first);
        }
        QCOMPARE(found.size(), expected.size()); // no bbox B-tree beside the R-tree (ADR-005 I-A)
        QCOMPARE(db->scalar(QStringLiteral("PRAGMA auto_vacuum")), 2);
        auto mode = db->prepare(QStringLiteral("PRAGMA journal_mode"));
        QVERIFY(mode.step());
        QCOMPARE(mode.text(0), QStringLiteral("wal"));
        QVERIFY(found.size() == 3 && db->hasTable(QStringLiteral("pipeline_runs")));
        auto runsIndexes =
            db->prepare(QStringLiteral("SELECT count(*) FROM pragma_index_list('pipeline_runs')"));
        QVERIFY(runsIndexes.step());
        QCOMPARE(runsIndexes.toInt64(0), 0);
    }

    // The line blob the importer writes is what SpatiaLite reads (type, SRID, points, MBR); the store reads
    // it back, and reads SpatiaLite's own WKB of it, point for point.
    void lineBlobsAgreeWithSpatialite() {
        auto db = freshFile(QStringLiteral("blobs.sqlite"));
        const std::vector<TrackPoint> points{{55.75, 37.61}, {55.7512, 37.6133}, {-33.9, 151.2}, {0, -0.5}};
        const TrackBox box{-0.5, -33.9, 151.2, 55.7512};
        const QByteArray blob = spatialiteLineString(points, box);
        SqliteStatement q = db->prepare(
            QStringLiteral("SELECT GeometryType(?1), ST_SRID(?1), ST_NumPoints(?1), MbrMinX(?1), MbrMinY(?1),"
                           " MbrMaxX(?1), MbrMaxY(?1), AsBinary(?1)"));
        q.bindBlob(1, blob);
        QVERIFY(q.step());
        QCOMPARE(q.text(0), QStringLiteral("LINESTRING"));
        QCOMPARE(q.toInt64(1), 4326);
        QCOMPARE(q.toInt64(2), qint64(points.size()));
        QCOMPARE(q.toDouble(3), box.minLon);
        QCOMPARE(q.toDouble(4), box.minLat);
        QCOMPARE(q.toDouble(5), box.maxLon);
        QCOMPARE(q.toDouble(6), box.maxLat);
        std::vector<LonLat> read;
        QVERIFY(readSpatialiteLineString(blob, &read));
        const std::vector<LonLat> fromWkb = readWkbLineString(q.blob(7));
        QCOMPARE(read.size(), points.size());
        QCOMPARE(fromWkb.size(), points.size());
        for (std::size_t i = 0; i < points.size(); ++i) {
            QCOMPARE(read[i].lon, points[i].lon);
            QCOMPARE(read[i].lat, points[i].lat);
            QCOMPARE(fromWkb[i].lon, points[i].lon);
            QCOMPARE(fromWkb[i].lat, points[i].lat);
        }
        QVERIFY(!readSpatialiteLineString(blob.left(blob.size() - 20), &read));
        QVERIFY(readWkbLineString(blob).empty()); // a SpatiaLite blob is not WKB
    }

    void bboxQueryUsesTheSpatialIndex() {
        auto db = freshFile(QStringLiteral("plan.sqlite"));
        fill(*db, 30, 20, 3, kNow);
        TracksQuery query;
        query.box = {37.2, 55.3, 37.4, 55.5};
        for (const bool withActivity : {false, true}) {
            query.activities = withActivity ? QStringList{QStringLiteral("mtb")} : QStringList{};
            auto plan = db->prepare(QStringLiteral("EXPLAIN QUERY PLAN ") +
                                    SpatialiteDatabase::prefetchSql(query, QStringLiteral("id")));
            plan.bind(1, 37.2).bind(2, 55.3).bind(3, 37.4).bind(4, 55.5);
            if (withActivity)
                plan.bind(5, QStringLiteral("mtb"));
            QStringList lines;
            while (plan.step())
                lines << plan.text(3);
            const QString text = lines.join(QLatin1Char('\n'));
            qInfo("%s", qPrintable(text));
            // The R-tree through SpatialIndex drives; tracks are only looked up by rowid, never scanned.
            QVERIFY2(text.contains(QLatin1String("SCAN SpatialIndex VIRTUAL TABLE")), qPrintable(text));
            QVERIFY2(text.contains(QLatin1String("rowid=?")), qPrintable(text));
            QVERIFY2(!text.contains(QLatin1String("SCAN tracks")), qPrintable(text));
        }
        // And the rows do come from the R-tree idx_tracks_geom: a track taken out of it is no longer found.
        TracksStore store(*db);
        TracksQuery everywhere;
        everywhere.box = {-180, -90, 180, 90};
        const TracksPage before = store.tracksInBox(everywhere);
        QCOMPARE(before.matching, 30);
        db->exec(QStringLiteral("DELETE FROM idx_tracks_geom WHERE pkid = 7"));
        const TracksPage after = store.tracksInBox(everywhere);
        QCOMPARE(after.matching, 29);
        for (const TrackRow& t : after.tracks)
            QVERIFY(t.id != 7);
    }

    void bboxQueryMatchesAnIndependentFilter() {
        auto db = freshFile(QStringLiteral("query.sqlite"));
        const auto tracks = fill(*db, 400, 60, 11, kNow);
        TracksStore store(*db);
        QCOMPARE(store.count(), 400);
        QMap<QString, const ImportedTrack*> byUrl;
        for (const ImportedTrack& t : tracks)
            byUrl[t.externalUrl] = &t;
        QRandomGenerator random(7);
        int nonEmpty = 0;
        for (int round = 0; round < 60; ++round) {
            const double lon = 37.0 + random.generateDouble(), lat = 55.2 + random.generateDouble() * 0.6;
            const double w = 0.001 + random.generateDouble() * 0.2, h = w * 0.6;
            TracksQuery query;
            query.box = {lon, lat, lon + w, lat + h};
            if (round % 3 == 1)
                query.activities = {kActivities[round % 4], kActivities[(round + 1) % 4]};
            if (round % 2 == 1)
                query.sources = {kSources[round % 3]};
            const TracksPage page = store.tracksInBox(query);
            QSet<QString> got;
            for (const TrackRow& s : page.tracks) {
                QCOMPARE(s.externalUrls.size(), 1);
                const ImportedTrack* t = byUrl.value(s.externalUrls[0]);
                QVERIFY(t);
                QCOMPARE(s.pointsCount, static_cast<qint64>(t->points.size()));
                QCOMPARE(s.activity, t->activityType);
                QCOMPARE(s.sources, QStringList{t->sourceId});
                QVERIFY(std::abs(s.bbox.minLon - boxOf(*t).minLon) < 1e-6);
                QVERIFY(s.lengthMetres > 0);
                got.insert(s.externalUrls[0]);
            }
            QSet<QString> want;
            for (const ImportedTrack& t : tracks)
                if (meets(boxOf(t), query.box) &&
                    (query.activities.isEmpty() || query.activities.contains(t.activityType)) &&
                    (query.sources.isEmpty() || query.sources.contains(t.sourceId)))
                    want.insert(t.externalUrl);
            QCOMPARE(got, want);
            QCOMPARE(page.matching, static_cast<qint64>(want.size()));
            nonEmpty += want.isEmpty() ? 0 : 1;
        }
        QVERIFY(nonEmpty > 20);

        // Paging over an order: the pages concatenate to the whole ordered result.
        TracksQuery all;
        all.box = {37.0, 55.2, 38.1, 55.9};
        all.sources = {QStringLiteral("osm"), QStringLiteral("velomarsh")};
        all.order = TracksQuery::Order::Length;
        all.descending = true;
        const TracksPage whole = store.tracksInBox(all);
        QVERIFY(whole.tracks.size() > 100);
        for (size_t i = 1; i < whole.tracks.size(); ++i)
            QVERIFY(whole.tracks[i - 1].lengthMetres >= whole.tracks[i].lengthMetres);
        std::vector<qint64> paged;
        for (all.offset = 0;; all.offset += 37) {
            all.limit = 37;
            const TracksPage p = store.tracksInBox(all);
            QCOMPARE(p.matching, whole.matching);
            for (const TrackRow& s : p.tracks)
                paged.push_back(s.id);
            if (p.tracks.size() < 37)
                break;
        }
        std::vector<qint64> wholeIds;
        for (const TrackRow& s : whole.tracks)
            wholeIds.push_back(s.id);
        QCOMPARE(paged, wholeIds);
    }

    void simplifierMatchesAnIndependentDouglasPeucker() {
        QRandomGenerator random(42);
        int compared = 0, reduced = 0;
        for (int round = 0; round < 300; ++round) {
            const int n = static_cast<int>(random.bounded(2, 400));
            const int zoom = static_cast<int>(random.bounded(0, 19));
            const double tol = 0.25 + random.generateDouble() * 3;
            std::vector<LonLat> points;
            double lon = -170 + random.generateDouble() * 340, lat = -80 + random.generateDouble() * 160;
            const double step = 360.0 / (256.0 * std::pow(2.0, zoom)) * (0.2 + random.generateDouble() * 10);
            for (int i = 0; i < n; ++i) {
                points.push_back({lon, lat});
                lon += (random.generateDouble() - 0.5) * step;
                lat = std::clamp(lat + (random.generateDouble() - 0.5) * step, -89.0, 89.0);
            }
            const TrackSimplifier simplifier(zoom, tol);
            const std::vector<int> kept = simplifier.keptIndices(points);
            QCOMPARE(kept, referenceKept(points, zoom, tol));
            // Every dropped point lies within the tolerance of the kept segment around it.
            for (size_t k = 1; k < kept.size(); ++k)
                for (int i = kept[k - 1] + 1; i < kept[k]; ++i)
                    QVERIFY(distanceToSegment(mercatorX(points[i].lon, zoom), mercatorY(points[i].lat, zoom),
                                              mercatorX(points[kept[k - 1]].lon, zoom),
                                              mercatorY(points[kept[k - 1]].lat, zoom),
                                              mercatorX(points[kept[k]].lon, zoom),
                                              mercatorY(points[kept[k]].lat, zoom)) <= tol + 1e-9);
            ++compared;
            reduced += kept.size() < points.size() ? 1 : 0;
        }
        QCOMPARE(compared, 300);
        QVERIFY(reduced > 100);
    }

    void simplifierEdgeCases() {
        const TrackSimplifier s(10, 1.0);
        QVERIFY(s.keptIndices({}).empty());
        QCOMPARE(s.keptIndices({{37, 55}}), std::vector<int>{0});
        QCOMPARE(s.keptIndices({{37, 55}, {37, 55}}), (std::vector<int>{0, 1}));
        QCOMPARE(s.keptIndices({{37, 55}, {37, 55}, {37, 55}, {37, 55}}), (std::vector<int>{0, 3}));
        std::vector<LonLat> straight;
        for (int i = 0; i < 50; ++i)
            straight.push_back({37 + i * 0.01, 55});
        QCOMPARE(s.keptIndices(straight), (std::vector<int>{0, 49}));
        // A closed loop: first == last, the far point is kept (distance to a zero-length segment).
        QCOMPARE(s.keptIndices({{37, 55}, {37.1, 55.05}, {37.2, 55}, {37, 55}}),
                 (std::vector<int>{0, 1, 2, 3}));
        // Zero tolerance keeps every point off the line; a huge tolerance keeps the ends only.
        std::vector<LonLat> zigzag;
        for (int i = 0; i < 20; ++i)
            zigzag.push_back({37 + i * 0.001, 55 + (i % 2) * 0.001});
        QCOMPARE(TrackSimplifier(15, 0).keptIndices(zigzag).size(), zigzag.size());
        QCOMPARE(TrackSimplifier(0, 1000).keptIndices(zigzag), (std::vector<int>{0, 19}));
        // Beyond the Mercator limit latitudes are clamped, never NaN.
        QVERIFY(std::isfinite(WebMercator::toWorld(37, 90, 5).y()) &&
                std::isfinite(WebMercator::toWorld(37, -90, 5).y()));
        QCOMPARE(WebMercator::toWorld(-180, 0, 0).x(), 0.0);
        QCOMPARE(WebMercator::toWorld(180, 0, 1).x(), 512.0);
        QVERIFY(std::abs(WebMercator::toWorld(0, 0, 0).y() - 128) < 1e-9);
    }

    void simplifiedGeometryPerZoom() {
        auto db = freshFile(QStringLiteral("zoom.sqlite"));
        const auto tracks = fill(*db, 20, 500, 5, kNow);
        TracksStore store(*db);
        TracksQuery query;
        query.box = {36, 55, 39, 57};
        const auto low = store.simplifiedInBox(query, 6);
        const auto high = store.simplifiedInBox(query, 18);
        QCOMPARE(low.size(), size_t(20));
        QCOMPARE(high.size(), low.size());
        qint64 stored = 0, lowPoints = 0, highPoints = 0;
        for (size_t i = 0; i < low.size(); ++i) {
            QCOMPARE(low[i].storedPoints, 500);
            stored += low[i].storedPoints;
            lowPoints += static_cast<qint64>(low[i].points.size());
            highPoints += static_cast<qint64>(high[i].points.size());
            QVERIFY(low[i].points.size() >= 2);
        }
        qInfo("20 tracks of 500 points: %lld points at zoom 6, %lld at zoom 18", lowPoints, highPoints);
        QVERIFY(lowPoints * 20 < stored); // never every point at a low zoom
        QVERIFY(highPoints > lowPoints * 5);
        // The geometry read back is the imported one: its ends are the track's ends (to the WKT's 7 places).
        bool endsMatch = false;
        for (const ImportedTrack& t : tracks)
            for (const SimplifiedTrack& s : high)
                if (std::abs(s.points.front().lon - t.points.front().lon) < 1e-6 &&
                    std::abs(s.points.front().lat - t.points.front().lat) < 1e-6 &&
                    std::abs(s.points.back().lat - t.points.back().lat) < 1e-6)
                    endsMatch = true;
        QVERIFY(endsMatch);
        // A geometry stored in another form (SpatiaLite's compressed lines) is read through WKB.
        db->exec(QStringLiteral("UPDATE tracks SET geom = CompressGeometry(geom) WHERE id = 3"));
        QVERIFY(db->scalar(QStringLiteral("SELECT length(geom) < 500 * 16 FROM tracks WHERE id = 3")) == 1);
        const auto again = store.simplifiedInBox(query, 18);
        QCOMPARE(again.size(), high.size());
        QCOMPARE(again[2].id, 3);
        QCOMPARE(again[2].storedPoints, 500);
        QVERIFY(again[2].points.size() + 10 > high[2].points.size());
        QVERIFY(std::abs(again[2].points.front().lat - high[2].points.front().lat) < 1e-9);
    }

    void walReadersSeeWholeBatches() {
        const QString path = m_dir.filePath(QStringLiteral("wal.sqlite"));
        freshFile(QStringLiteral("wal.sqlite"));
        constexpr int kBatches = 8, kBatchSize = 150;
        std::atomic<bool> done{false};
        QString writerError;
        std::thread writer([&] {
            try {
                auto db = SpatialiteDatabase::open(path);
                QRandomGenerator random(99);
                for (int b = 0; b < kBatches; ++b) {
                    std::vector<ImportedTrack> batch;
                    for (int i = 0; i < kBatchSize; ++i)
                        batch.push_back(randomTrack(random, 55.5, 37.5, 120, QStringLiteral("osm")));
                    TrackImporter(*db, TrackSourceList::demo(), kNow)
                        .importBatch(QStringLiteral("cfo"), QStringLiteral("osm"), batch);
                }
            } catch (const Error& e) {
                writerError = e.message();
            }
            done = true;
        });
        auto reader = SpatialiteDatabase::open(path);
        QSet<qint64> seen;
        int reads = 0;
        bool consistent = true;
        while (!done) {
            reader->exec(QStringLiteral("BEGIN"));
            const qint64 first = reader->scalar(QStringLiteral("SELECT count(*) FROM tracks"));
            std::this_thread::sleep_for(std::chrono::milliseconds(3));
            const qint64 again = reader->scalar(QStringLiteral("SELECT count(*) FROM idx_tracks_geom"));
            reader->exec(QStringLiteral("COMMIT"));
            consistent = consistent && first % kBatchSize == 0 && first == again;
            seen.insert(first);
            ++reads;
        }
        writer.join();
        QVERIFY2(writerError.isEmpty(), qPrintable(writerError));
        qInfo("%d snapshot reads, %lld distinct counts", reads, static_cast<qint64>(seen.size()));
        QVERIFY(consistent);
        QVERIFY(seen.size() >= 3); // the reader did read between batches
        QCOMPARE(reader->scalar(QStringLiteral("SELECT count(*) FROM tracks")), kBatches * kBatchSize);
    }

    void corruptOrForeignFilesGiveAClearError() {
        const QString text = m_dir.filePath(QStringLiteral("notes.sqlite"));
        test::writeFile(text, "these are my notes, not a database\n");
        QString message;
        QCOMPARE(test::thrownKind([&] { SpatialiteDatabase::open(text); }, &message),
                 Error::Kind::Connection);
        QVERIFY2(message.contains(text) && message.contains(QLatin1String("not a SQLite database")),
                 qPrintable(message));
        QCOMPARE(test::thrownKind([&] { TracksSummaryLoader(text).load(); }, &message),
                 Error::Kind::Connection);
        QVERIFY2(message.contains(text), qPrintable(message));

        const QString whole = m_dir.filePath(QStringLiteral("whole.sqlite"));
        {
            auto db = freshFile(QStringLiteral("whole.sqlite"));
            fill(*db, 50, 200, 1, kNow);
            db->exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        }
        const QByteArray bytes = test::readFile(whole);
        QVERIFY(bytes.size() > 100000);
        const QString cut = m_dir.filePath(QStringLiteral("cut.sqlite"));
        test::writeFile(cut, bytes.left(bytes.size() / 2));
        QCOMPARE(test::thrownKind([&] { SpatialiteDatabase::open(cut); }, &message), Error::Kind::Connection);
        QVERIFY2(message.contains(cut) && message.contains(QLatin1String("truncated")), qPrintable(message));
        message.clear();
        QVERIFY(test::thrownKind([&] { TracksSummaryLoader(cut).load(); }, &message));
        QVERIFY2(message.contains(cut) && message.contains(QLatin1String("truncated")), qPrintable(message));
        // The whole file still opens: the check does not refuse sound files.
        QCOMPARE(TracksSummaryLoader(whole).load().front().tracks, 50);
        QCOMPARE(TracksStore(*SpatialiteDatabase::open(whole)).count(), 50);
    }

    void retentionSettingsAndCutoff() {
        QCOMPARE(TracksSettings::retentionYearsFrom(SettingsReader({})), 5);
        QCOMPARE(TracksSettings::retentionYearsFrom(
                     SettingsReader({{QStringLiteral("GPS_TRACKS_RETENTION_YEARS"), QStringLiteral("3")}})),
                 3);
        for (const QString& bad : {QStringLiteral("0"), QStringLiteral("-2"), QStringLiteral("five"),
                                   QStringLiteral("2.5"), QStringLiteral("101")}) {
            QString message;
            QCOMPARE(test::thrownKind(
                         [&] {
                             TracksSettings::retentionYearsFrom(
                                 SettingsReader({{QStringLiteral("GPS_TRACKS_RETENTION_YEARS"), bad}}));
                         },
                         &message),
                     Error::Kind::Settings);
            QVERIFY2(message.startsWith(QLatin1String("GPS_TRACKS_RETENTION_YEARS")), qPrintable(message));
        }
        QCOMPARE(TracksRetention::cutoff(kNow, 5), parseIsoTimestamp(QStringLiteral("2021-11-30T00:00:00Z")));
        QCOMPARE(TracksRetention::cutoff(parseIsoTimestamp(QStringLiteral("2028-02-29T10:00:00.25Z")), 1),
                 parseIsoTimestamp(QStringLiteral("2027-02-28T10:00:00.25Z")));
    }

    void retentionDeletesExactlyThePreview() {
        auto db = freshFile(QStringLiteral("retain.sqlite"));
        const Micros cutoff = TracksRetention::cutoff(kNow, 5);
        // Imports around the cutoff, including fractions of a second that text order gets wrong.
        const std::vector<std::pair<Micros, bool>> imports{{cutoff - 400 * kMicrosPerDay, true},
                                                           {cutoff - 1, true},
                                                           {cutoff, false},
                                                           {cutoff + 500000, false},
                                                           {cutoff - 500000, true},
                                                           {cutoff + 30 * kMicrosPerDay, false},
                                                           {cutoff - 3 * kMicrosPerDay, true},
                                                           {kNow - kMicrosPerDay, false}};
        std::set<qint64> expected;
        quint32 seed = 100;
        for (const auto& [at, old] : imports) {
            const qint64 before = db->scalar(QStringLiteral("SELECT coalesce(max(id), 0) FROM tracks"));
            fill(*db, 120, 150, seed++, at);
            if (old)
                for (qint64 id = before + 1; id <= before + 120; ++id)
                    expected.insert(id);
        }
        db->exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        TracksStore store(*db);
        QCOMPARE(store.count(), 960);
        TracksRetention retention(*db, 100, 64);
        const TracksRetentionPreview preview = retention.preview(cutoff);
        QCOMPARE(std::set<qint64>(preview.ids.begin(), preview.ids.end()), expected);
        QCOMPARE(preview.ids.size(), size_t(480));
        TracksQuery everywhere;
        everywhere.box = {-180, -90, 180, 90};
        TaskFeedback feedback;
        const TracksRetentionReport report = retention.run(cutoff, feedback);
        QCOMPARE(report.deleted, preview.ids);
        QCOMPARE(report.batches, 5);
        QCOMPARE(store.count(), 480);
        QVERIFY(retention.preview(cutoff).ids.empty());
        // The R-tree is consistent and the query no longer finds the deleted tracks.
        QVERIFY(report.spatialIndexValid);
        QCOMPARE(report.spatialIndexRows, 480);
        for (const TrackRow& t : store.tracksInBox(everywhere).tracks)
            QVERIFY(!expected.count(t.id));
        QCOMPARE(store.tracksInBox(everywhere).matching, 480);
        // The file shrank, step by step.
        qInfo("retention: %lld -> %lld bytes in %d vacuum steps", report.fileBytesBefore,
              report.fileBytesAfter, report.vacuumSteps);
        QVERIFY(report.incrementalVacuum);
        QVERIFY(report.vacuumSteps > 1);
        // Half of the tracks went: the tracks' share of the file (above an empty file's SpatiaLite metadata)
        // roughly halves.
        qint64 emptyFile = 0;
        {
            auto empty = freshFile(QStringLiteral("empty.sqlite"));
            empty->exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
            emptyFile = QFileInfo(empty->path()).size();
        }
        QVERIFY(report.fileBytesAfter - emptyFile < (report.fileBytesBefore - emptyFile) * 0.6);
        QCOMPARE(db->scalar(QStringLiteral("PRAGMA freelist_count")), 0);
        QCOMPARE(QFileInfo(db->path()).size(),
                 report.fileBytesAfter - QFileInfo(db->path() + QStringLiteral("-wal")).size());
        // A broken R-tree is reported.
        db->exec(QStringLiteral("DELETE FROM idx_tracks_geom WHERE pkid = (SELECT max(id) FROM tracks)"));
        TracksRetentionReport broken;
        retention.checkSpatialIndex(&broken);
        QVERIFY(!broken.spatialIndexValid);
    }

    void cancelledRetentionStopsBetweenBatches() {
        auto db = freshFile(QStringLiteral("cancel.sqlite"));
        fill(*db, 60, 30, 21, kNow - 10 * 366 * kMicrosPerDay);
        TaskFeedback feedback;
        int batches = 0;
        feedback.setSink([&](const TaskProgress&) {
            if (++batches == 2)
                feedback.cancel();
        });
        TracksRetention retention(*db, 20);
        const TracksRetentionReport report = retention.run(TracksRetention::cutoff(kNow, 5), feedback);
        QVERIFY(report.cancelled);
        QCOMPARE(report.deleted.size(), size_t(40)); // what was committed before the stop
        QCOMPARE(report.batches, 2);
        QCOMPARE(report.vacuumSteps, 0);
        QCOMPARE(TracksStore(*db).count(), 20); // two whole batches of 20 went, the third never started
        QVERIFY(report.spatialIndexValid);
    }

    void healthReportsSizesRunsAndTheWarning() {
        auto db = freshFile(QStringLiteral("health.sqlite"));
        fill(*db, 40, 100, 8, kNow);
        TracksHealth health(*db);
        const TracksHealthReport h = health.read();
        QCOMPARE(h.tracks, 40);
        QCOMPARE(h.databaseBytes, QFileInfo(db->path()).size());
        QCOMPARE(h.walBytes, QFileInfo(db->path() + QStringLiteral("-wal")).size());
        QVERIFY(h.databaseBytes > 0);
        QVERIFY(!h.overThreshold());
        QCOMPARE(h.warnAboveBytes, 2LL * 1024 * 1024 * 1024);
        QCOMPARE(h.lastRuns.size(), size_t(3));
        QCOMPARE(h.lastRuns.front().source, QStringLiteral("velomarsh")); // newest first
        QCOMPARE(h.lastRuns.back().source, QStringLiteral("osm"));
        qint64 added = 0;
        for (const PipelineRun& r : h.lastRuns) {
            QCOMPARE(r.status, QStringLiteral("ok"));
            added += r.tracksAdded;
        }
        QCOMPARE(added, 40);
        const qint64 size = h.databaseBytes + h.walBytes;
        QVERIFY(health.read(size - 1).overThreshold());
        QVERIFY(!health.read(size).overThreshold());
        QCOMPARE(health.read(size, 1).lastRuns.size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestTracksQuery)
#include "test_tracks_query.moc"
