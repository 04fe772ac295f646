// The density overview: the rasterisation of a line against its geometry (every vertex's pixel, one pixel a
// step, none farther than a pixel from the segment), the stored form's round trip and refusals, and on both
// backends the overview that import and retention keep, compared with a rebuild from the tracks.
#include "freshpostgisstore.h"
#include "freshtracksfile.h"

#include "trackdensity.h"
#include "trackimporter.h"
#include "trackoverview.h"
#include "tracksdatabase.h"
#include "tracksmigratejob.h"
#include "tracksretention.h"
#include "tracksstore.h"

#include "taskfeedback.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <set>
#include <thread>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {

const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

// The global pixel position (not floored) of a point, computed here independently.
QPointF pixelPosition(const LonLat& p, int zoom) {
    const double size = 256.0 * std::pow(2.0, zoom);
    const double s = std::sin(p.lat * M_PI / 180.0);
    return {(p.lon + 180.0) / 360.0 * size, (0.5 - std::log((1 + s) / (1 - s)) / (4 * M_PI)) * size};
}

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double l2 = QPointF::dotProduct(ab, ab);
    const double t = l2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / l2, 0.0, 1.0) : 0.0;
    const QPointF d = a + t * ab - p;
    return std::sqrt(QPointF::dotProduct(d, d));
}

std::vector<LonLat> randomLine(QRandomGenerator& random, int points, double step) {
    std::vector<LonLat> line;
    double lon = 39 + random.generateDouble(), lat = 43 + random.generateDouble();
    for (int i = 0; i < points; ++i) {
        line.push_back({lon, lat});
        lon += (random.generateDouble() - 0.5) * step;
        lat += (random.generateDouble() - 0.5) * step;
    }
    return line;
}

ImportedTrack trackOf(const std::vector<LonLat>& line, const QString& source, int n,
                      const QString& activity = QStringLiteral("mtb")) {
    ImportedTrack t;
    t.sourceId = source;
    t.externalUrl = QStringLiteral("https://%1.example/%2").arg(source).arg(n);
    t.name = QStringLiteral("ride %1").arg(n);
    t.activityType = activity;
    for (const LonLat& p : line)
        t.points.push_back({p.lat, p.lon});
    return t;
}

// Every stored tile of every level of an overview (every track's, or one activity's), decoded, by key.
std::map<DensityTileKey, DensityCounts> storedTiles(TracksDatabase& db,
                                                    const DensityLayer& layer = std::nullopt) {
    std::map<DensityTileKey, DensityCounts> all;
    for (int zoom = 0; zoom <= TrackDensity::kMaxZoom; ++zoom)
        for (auto& [key, bytes] : db.densityTiles(layer, zoom, 0, 0, (1 << zoom) - 1, (1 << zoom) - 1))
            all[key] = *TrackDensity::decode(bytes);
    return all;
}

const QStringList kActivities{QStringLiteral("mtb"), QStringLiteral("hike"), QStringLiteral("moto")};

// The overview of each of kActivities counted here from the store's tracks (their lines rasterised one by
// one), by activity and key; an activity without tracks has no tiles.
std::map<QString, std::map<DensityTileKey, DensityCounts>> recount(TracksDatabase& db) {
    std::map<QString, DensityDeltas> deltas;
    TracksQuery all;
    all.box = {-180, -90, 180, 90};
    db.scanBox(all, true,
               [&](BoxRow& track) { TrackDensity::add(track.points, 1, &deltas[track.row.activity]); });
    std::map<QString, std::map<DensityTileKey, DensityCounts>> out;
    for (const QString& activity : kActivities) {
        std::map<DensityTileKey, DensityCounts>& tiles = out[activity];
        for (const auto& [key, changes] : deltas[activity].tiles)
            tiles[key] = DensityDeltas::dense(changes);
    }
    return out;
}

// Each activity's stored overview equals the recount, and every track's overview is their sum.
bool activitiesEqualARecount(TracksDatabase& db, QString* why) {
    std::map<DensityTileKey, DensityCounts> sum;
    for (const auto& [activity, expected] : recount(db)) {
        if (storedTiles(db, activity) != expected) {
            *why = QStringLiteral("%1: the overview of %2 is not its recount").arg(db.describe(), activity);
            return false;
        }
        for (const auto& [key, counts] : expected) {
            DensityCounts& total = sum[key];
            total.resize(counts.size(), 0);
            for (size_t i = 0; i < counts.size(); ++i)
                total[i] += counts[i];
        }
    }
    if (storedTiles(db) != sum) {
        *why = QStringLiteral("%1: the whole overview is not the activities' sum").arg(db.describe());
        return false;
    }
    return true;
}

} // namespace

class TrackDensityTest : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

  private slots:
    void aLineIsRasterisedStepByStepNearItsSegments() {
        QRandomGenerator random(3);
        for (int round = 0; round < 200; ++round) {
            const int zoom = random.bounded(TrackDensity::kMaxZoom + 1);
            const std::vector<LonLat> line =
                randomLine(random, 2 + random.bounded(30), 0.02 * random.generateDouble());
            const std::vector<qint64> pixels = TrackDensity::pixelsOf(line, zoom);
            const qint64 size = qint64(256) << zoom;
            QVERIFY(std::is_sorted(pixels.begin(), pixels.end()));
            QVERIFY(std::adjacent_find(pixels.begin(), pixels.end()) == pixels.end());
            const std::set<qint64> set(pixels.begin(), pixels.end());
            size_t bound = 1;
            for (size_t i = 0; i < line.size(); ++i) {
                const QPointF p = pixelPosition(line[i], zoom);
                QVERIFY(set.count(qint64(std::floor(p.y())) * size + qint64(std::floor(p.x()))));
                if (i > 0) {
                    const QPointF a = pixelPosition(line[i - 1], zoom);
                    bound += size_t(std::max(std::abs(std::floor(p.x()) - std::floor(a.x())),
                                             std::abs(std::floor(p.y()) - std::floor(a.y()))));
                }
            }
            QVERIFY2(pixels.size() <= bound,
                     qPrintable(QStringLiteral("%1 > %2").arg(pixels.size()).arg(bound)));
            // Each pixel's centre lies within a pixel and a half of some segment (a step of Bresenham
            // is at most half a pixel off its line, a floored vertex at most a pixel).
            for (const qint64 pixel : pixels) {
                const QPointF centre(double(pixel % size) + 0.5, double(pixel / size) + 0.5);
                double best = 1e300;
                for (size_t i = 1; i < line.size(); ++i)
                    best = std::min(best, distanceToSegment(centre, pixelPosition(line[i - 1], zoom),
                                                            pixelPosition(line[i], zoom)));
                QVERIFY2(best <= 1.5, qPrintable(QStringLiteral("zoom %1: %2 px off").arg(zoom).arg(best)));
            }
        }
    }

    void aTrackCountsOncePerPixelAtEveryLevel() {
        // Back and forth over the same street: one track, so one in each pixel.
        std::vector<LonLat> line;
        for (int i = 0; i < 20; ++i)
            line.push_back({39.7 + (i % 2) * 0.001, 43.6});
        DensityDeltas deltas;
        TrackDensity::add(line, 1, &deltas);
        std::set<int> levels;
        for (const auto& [key, changes] : deltas.tiles) {
            levels.insert(key.zoom);
            for (qint32 c : DensityDeltas::dense(changes))
                QVERIFY(c == 0 || c == 1);
        }
        QCOMPARE(int(levels.size()), TrackDensity::kMaxZoom + 1);
        TrackDensity::add(line, -1, &deltas);
        for (const auto& [key, changes] : deltas.tiles) {
            const DensityCounts sum = DensityDeltas::dense(changes);
            QVERIFY(std::all_of(sum.begin(), sum.end(), [](qint32 c) { return c == 0; }));
        }
    }

    void theStoredFormRoundTripsAndRefusesWhatIsNotATile() {
        QRandomGenerator random(5);
        for (int round = 0; round < 50; ++round) {
            DensityCounts counts(TrackDensity::kPixels, 0);
            const int filled = random.bounded(3000);
            for (int i = 0; i < filled; ++i)
                counts[size_t(random.bounded(TrackDensity::kPixels))] =
                    1 + random.bounded(round % 2 ? 5 : 1 << 30);
            QCOMPARE(TrackDensity::decode(TrackDensity::encode(counts)),
                     std::optional<DensityCounts>(counts));
            // The stored bytes themselves: (gap, count) varint pairs, least significant seven bits first.
            QByteArray plain;
            auto varint = [&plain](quint64 v) {
                for (; v >= 0x80; v >>= 7)
                    plain.append(static_cast<char>((v & 0x7F) | 0x80));
                plain.append(static_cast<char>(v));
            };
            for (qint64 i = 0, previous = -1; i < TrackDensity::kPixels; ++i)
                if (counts[size_t(i)] != 0) {
                    varint(static_cast<quint64>(i - previous - 1));
                    varint(static_cast<quint64>(counts[size_t(i)]));
                    previous = i;
                }
            QCOMPARE(TrackDensity::encode(counts), plain);
        }
        QVERIFY(!TrackDensity::decode(QByteArray("\x80", 1)));             // a varint cut off
        QVERIFY(!TrackDensity::decode(QByteArray("\x00", 1)));             // a pixel without its count
        QVERIFY(!TrackDensity::decode(QByteArray("\x00\x00", 2)));         // a count of zero
        QVERIFY(!TrackDensity::decode(QByteArray("\x80\x80\x04\x01", 4))); // pixel 65536: past the tile
        QVERIFY(!TrackDensity::decode(QByteArray("\x00\xff\xff\xff\xff\x0f", 6))); // a count above 2^31
        QVERIFY(TrackDensity::decode(QByteArray()).has_value());                   // an empty tile
        const DensitySparse stored{{7, 1}};
        QCOMPARE(TrackDensity::combine(stored, {{9, 1}, {7, -1}, {9, 1}}), DensitySparse({{9, 2}}));
        QVERIFY(!TrackDensity::combine(stored, {{7, -1}, {7, -1}}));  // below zero: out of step
        QVERIFY(TrackDensity::combine(stored, {{7, -1}, {7, 1}}));    // down to zero and back
        QVERIFY(!TrackDensity::combine({{3, 0x7FFFFFFF}}, {{3, 1}})); // past 2^31 - 1
        QVERIFY(!TrackDensity::decodeSparse(QByteArray("\x80\x80\x80\x80\x01\x01", 6))); // a gap of 2^28
    }

    // The sparse merge of stored pixels and changes against the dense sum of both, on random tiles.
    void combiningSparseAgreesWithTheDenseSum() {
        QRandomGenerator random(12);
        for (int round = 0; round < 300; ++round) {
            DensityCounts dense(TrackDensity::kPixels, 0);
            const int filled = random.bounded(round % 3 ? 50 : 5000);
            for (int i = 0; i < filled; ++i)
                dense[size_t(random.bounded(round % 5 ? 300 : TrackDensity::kPixels))] =
                    1 + random.bounded(4);
            const DensitySparse stored = *TrackDensity::decodeSparse(TrackDensity::encode(dense));
            std::vector<DensityChange> changes;
            const int changed = random.bounded(400);
            for (int i = 0; i < changed; ++i)
                changes.push_back({quint16(random.bounded(round % 5 ? 300 : TrackDensity::kPixels)),
                                   random.bounded(3) - 1});
            DensityCounts expected = dense;
            bool negative = false;
            for (const DensityChange& c : changes)
                expected[c.pixel] += c.delta;
            for (qint32 v : expected)
                negative = negative || v < 0;
            const std::optional<DensitySparse> sum = TrackDensity::combine(stored, changes);
            QCOMPARE(sum.has_value(), !negative);
            if (sum)
                QCOMPARE(TrackDensity::decode(TrackDensity::encode(*sum)),
                         std::optional<DensityCounts>(expected));
        }
    }

    // Each level's line is rasterised from the vertices' pixels at that level, whether they are projected
    // for it or shifted down from the finest level's (what add() does).
    void everyLevelIsTheLineAtThatLevel() {
        QRandomGenerator random(4);
        for (int round = 0; round < 40; ++round) {
            const std::vector<LonLat> line =
                randomLine(random, 2 + random.bounded(200), 0.05 * random.generateDouble());
            DensityDeltas deltas;
            TrackDensity::add(line, 1, &deltas);
            for (int zoom = 0; zoom <= TrackDensity::kMaxZoom; ++zoom) {
                std::vector<qint64> fromDeltas;
                for (const auto& [key, changes] : deltas.tiles)
                    if (key.zoom == zoom)
                        for (const DensityChange& c : changes)
                            fromDeltas.push_back((qint64(key.y) * 256 + c.pixel / 256) *
                                                     (qint64(256) << zoom) +
                                                 qint64(key.x) * 256 + c.pixel % 256);
                std::sort(fromDeltas.begin(), fromDeltas.end());
                // The vertices' pixels at this level, computed here independently, and Bresenham between
                // them: the set must hold each of them.
                const std::vector<qint64> pixels = TrackDensity::pixelsOf(line, zoom);
                QCOMPARE(fromDeltas, pixels);
                const qint64 size = qint64(256) << zoom;
                const std::set<qint64> set(pixels.begin(), pixels.end());
                for (const LonLat& p : line) {
                    const QPointF at = pixelPosition(p, zoom);
                    QVERIFY(set.count(qint64(std::floor(at.y())) * size + qint64(std::floor(at.x()))));
                }
            }
        }
    }

    // Two importers into one PostGIS store whose tracks share tiles: the second's overview waits for the
    // first's batch, so neither overwrites the other's counts (the overview still equals a rebuild).
    void concurrentImportsKeepTheOverviewOnPostgis() {
        const QString conninfo = test::freshPostgisStore(QStringLiteral("td_race"));
        auto first = TracksDatabase::open(TracksLocation::postgis(conninfo));
        auto second = TracksDatabase::open(TracksLocation::postgis(conninfo));
        QRandomGenerator random(31);
        const ImportedTrack a = trackOf(randomLine(random, 40, 0.002), QStringLiteral("osm"), 1);
        const ImportedTrack b = trackOf(randomLine(random, 40, 0.002), QStringLiteral("osm"), 2);
        TrackImporter one(*first, TrackSourceList::demo(), kNow);
        first->beginWrite();
        QCOMPARE(one.importOne(a), TrackImporter::Outcome::Added);
        one.flushOverview(); // its tiles written, not committed
        std::atomic<bool> done{false};
        std::thread writer([&] {
            TrackImporter(*second, TrackSourceList::demo(), kNow)
                .importBatch(QStringLiteral("r"), QStringLiteral("osm"), {b});
            done = true;
        });
        QTest::qWait(300);
        QVERIFY(!done.load());
        first->commitWrite();
        writer.join();
        const auto kept = storedTiles(*first);
        TaskFeedback feedback;
        QVERIFY(TrackOverview::rebuild(*first, feedback) > 0);
        QVERIFY(storedTiles(*first) == kept);
    }

    // The overview per activity equals a recount from the tracks after an import (with merges), a retention
    // that takes one activity's every track, a rebuild, and tracks migrate, on both backends.
    void eachActivitysOverviewIsKeptLikeTheWholeOne() {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("activities.sqlite"));
        test::freshTracksFile(path);
        const QString conninfo = test::freshPostgisStore(QStringLiteral("td_activities"));
        QString why;
        for (const TracksLocation& location :
             {TracksLocation::file(path), TracksLocation::postgis(conninfo)}) {
            auto db = TracksDatabase::open(location);
            QRandomGenerator random(17);
            std::vector<ImportedTrack> old, recent;
            for (int i = 0; i < 24; ++i) // crossing each other: pixels that several activities share
                old.push_back(
                    trackOf(randomLine(random, 30, 0.003), QStringLiteral("osm"), i, kActivities[i % 3]));
            for (int i = 0; i < 12; ++i) // six old lines again from another source (merges), six new ones
                recent.push_back(i % 2 ? trackOf(randomLine(random, 30, 0.003), QStringLiteral("ttrails"),
                                                 100 + i, kActivities[(i / 2) % 2])
                                       : [&] {
                                             ImportedTrack t = old[size_t(i % 4 == 0 ? i : i + 1)];
                                             t.sourceId = QStringLiteral("ttrails");
                                             return t;
                                         }());
            TrackImporter(*db, TrackSourceList::demo(), kNow - 3000LL * 86400 * kMicrosPerSecond)
                .importBatch(QStringLiteral("r"), QStringLiteral("osm"), old);
            const TrackImportReport merged =
                TrackImporter(*db, TrackSourceList::demo(), kNow)
                    .importBatch(QStringLiteral("r"), QStringLiteral("ttrails"), recent);
            QCOMPARE(merged.merged, 6);
            QVERIFY(!storedTiles(*db, QStringLiteral("moto")).empty());
            QVERIFY2(activitiesEqualARecount(*db, &why), qPrintable(why));

            // Retention of the old batch: every moto track goes, so does its overview.
            TaskFeedback feedback;
            TracksRetention retention(*db, 5);
            QCOMPARE(retention.run(kNow - 1000LL * 86400 * kMicrosPerSecond, feedback).deleted.size(),
                     size_t(24));
            QVERIFY(storedTiles(*db, QStringLiteral("moto")).empty());
            QVERIFY2(activitiesEqualARecount(*db, &why), qPrintable(why));
            const auto kept = storedTiles(*db, QStringLiteral("hike"));
            QVERIFY(!kept.empty());
            QVERIFY(TrackOverview::rebuild(*db, feedback) > 0);
            QVERIFY2(activitiesEqualARecount(*db, &why), qPrintable(why));
            QVERIFY(storedTiles(*db, QStringLiteral("hike")) == kept);
        }
        // tracks migrate copies the file's overviews: the store's equal a recount of its own tracks.
        auto file = TracksDatabase::open(TracksLocation::file(path), TracksDatabase::Access::ReadOnly);
        const QString copy = test::freshPostgisStore(QStringLiteral("td_activities_copy"));
        TracksMigrateRequest request;
        request.sqlitePath = path;
        request.conninfo = copy;
        TaskFeedback feedback;
        const TracksMigrateReport migrated = TracksMigrateJob::run(request, feedback);
        QVERIFY2(migrated.verified, qPrintable(migrated.mismatches.join(QStringLiteral("; "))));
        auto store = TracksDatabase::open(TracksLocation::postgis(copy));
        QVERIFY2(activitiesEqualARecount(*store, &why), qPrintable(why));
        for (const QString& activity : kActivities)
            QVERIFY(storedTiles(*store, activity) == storedTiles(*file, activity));
    }

    // Import (with merges) and retention keep the overview equal to a rebuild, on both backends.
    void importAndRetentionKeepTheOverviewOfBothBackends() {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("density.sqlite"));
        test::freshTracksFile(path);
        const QString conninfo = test::freshPostgisStore(QStringLiteral("td_keep"));
        for (const TracksLocation& location :
             {TracksLocation::file(path), TracksLocation::postgis(conninfo)}) {
            auto db = TracksDatabase::open(location);
            QRandomGenerator random(9);
            std::vector<ImportedTrack> first, second;
            for (int i = 0; i < 28; ++i)
                first.push_back(trackOf(randomLine(random, 40, 0.002), QStringLiteral("osm"), i));
            // Across the edge of two blocks of a rebuild (lon 39.375 is a tile edge of level 7), and past
            // Web Mercator's northern edge (clamped into its top row).
            first.push_back(
                trackOf({{39.37, 43.5}, {39.38, 43.51}, {39.36, 43.52}}, QStringLiteral("osm"), 28));
            first.push_back(trackOf({{40.0, 86.0}, {40.1, 87.5}}, QStringLiteral("osm"), 29));
            for (int i = 0; i < 10; ++i) // half of them the same lines from another source: merges
                second.push_back(
                    i % 2 ? trackOf(randomLine(random, 40, 0.002), QStringLiteral("ttrails"), 100 + i) : [&] {
                        ImportedTrack t = first[size_t(i)];
                        t.sourceId = QStringLiteral("ttrails");
                        return t;
                    }());
            TrackImporter(*db, TrackSourceList::demo(), kNow - 3000LL * 86400 * kMicrosPerSecond)
                .importBatch(QStringLiteral("r"), QStringLiteral("osm"), first);
            const TrackImportReport merged =
                TrackImporter(*db, TrackSourceList::demo(), kNow)
                    .importBatch(QStringLiteral("r"), QStringLiteral("ttrails"), second);
            QCOMPARE(merged.merged, 5);
            const auto afterImport = storedTiles(*db);
            QVERIFY(!afterImport.empty());
            TaskFeedback feedback;
            QVERIFY(TrackOverview::rebuild(*db, feedback) > 0);
            QVERIFY2(storedTiles(*db) == afterImport, qPrintable(location.displayName()));

            // Retention of the first batch (older): what stays is the second batch's five new tracks.
            TracksRetention retention(*db, 7);
            const TracksRetentionReport r = retention.run(kNow - 1000LL * 86400 * kMicrosPerSecond, feedback);
            QCOMPARE(r.deleted.size(), size_t(30));
            const auto afterRetention = storedTiles(*db);
            QVERIFY(TrackOverview::rebuild(*db, feedback) > 0);
            QVERIFY2(storedTiles(*db) == afterRetention, qPrintable(location.displayName()));
            qint64 most = 0;
            for (const auto& [key, counts] : afterRetention)
                for (qint32 c : counts)
                    most = std::max<qint64>(most, c);
            QVERIFY(most >= 1);
            // The view's read: the tiles of a level that cover a box.
            const TrackBox box{39, 43, 41, 45};
            QVERIFY(!TrackOverview::read(*db, box, 10).empty());
        }
    }
};

QTEST_GUILESS_MAIN(TrackDensityTest)
#include "test_trackdensity.moc"
