// The tracks map under the workbench's filters, on a SpatiaLite file and a PostGIS store: a view filtered to
// an activity draws the density of that activity's tracks alone (equal to the overview of a store holding
// only them), and few filtered tracks in a view come as their lines whatever the tracks of other activities
// there.
#include "freshpostgisstore.h"
#include "freshtracksfile.h"

#include "trackdensity.h"
#include "trackimporter.h"
#include "trackoverview.h"
#include "tracksdatabase.h"
#include "tracksviewloader.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <map>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {

const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));
const TrackBox kWide{38, 42, 42, 46};
// More hikes than the map draws as lines, a few mountain-bike rides among them.
const int kHikes = int(TracksViewData::kMaxLinesOnMap) + 40;
const int kRides = 25;

ImportedTrack walk(QRandomGenerator& random, const QString& activity, const QString& source, int n) {
    ImportedTrack t;
    t.sourceId = source;
    t.externalUrl = QStringLiteral("https://%1.example/%2/%3").arg(source, activity).arg(n);
    t.name = QStringLiteral("%1 %2").arg(activity).arg(n);
    t.activityType = activity;
    double lon = 39.5 + random.generateDouble(), lat = 43.2 + random.generateDouble();
    for (int i = 0; i < 12; ++i) {
        t.points.push_back({lat, lon, std::nullopt});
        lon += (random.generateDouble() - 0.5) * 0.004;
        lat += (random.generateDouble() - 0.5) * 0.004;
    }
    return t;
}

struct Rides {
    std::vector<ImportedTrack> hikes, rides;
};

Rides makeRides() {
    QRandomGenerator random(46);
    Rides r;
    for (int i = 0; i < kHikes; ++i)
        r.hikes.push_back(walk(random, QStringLiteral("hike"), QStringLiteral("osm"), i));
    // Odd rides from ttrails, even ones from osm.
    for (int i = 0; i < kRides; ++i)
        r.rides.push_back(walk(random, QStringLiteral("mtb"),
                               i % 2 ? QStringLiteral("ttrails") : QStringLiteral("osm"), i));
    return r;
}

void importInto(TracksDatabase& db, const std::vector<ImportedTrack>& tracks) {
    std::map<QString, std::vector<ImportedTrack>> bySource;
    for (const ImportedTrack& t : tracks)
        bySource[t.sourceId].push_back(t);
    TrackImporter importer(db, TrackSourceList::demo(), kNow);
    for (const auto& [source, batch] : bySource)
        importer.importBatch(QStringLiteral("r"), source, batch);
}

std::map<DensityTileKey, DensityCounts> byKey(const std::vector<DensityTile>& tiles) {
    std::map<DensityTileKey, DensityCounts> out;
    for (const DensityTile& t : tiles)
        out[t.key] = t.counts;
    return out;
}

TracksView wideView(const QStringList& activities, const QStringList& sources = {}) {
    TracksView view;
    view.box = kWide;
    view.zoom = 7;
    view.activities = activities;
    view.sources = sources;
    return view;
}

} // namespace

class TracksMapFiltersTest : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    Rides m_rides = makeRides();
    std::vector<TracksLocation> m_mixed, m_hikesOnly;

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        const QString mixed = m_dir.filePath(QStringLiteral("mixed.sqlite"));
        const QString hikes = m_dir.filePath(QStringLiteral("hikes.sqlite"));
        test::freshTracksFile(mixed);
        test::freshTracksFile(hikes);
        m_mixed = {TracksLocation::file(mixed),
                   TracksLocation::postgis(test::freshPostgisStore(QStringLiteral("tmf_mixed")))};
        m_hikesOnly = {TracksLocation::file(hikes),
                       TracksLocation::postgis(test::freshPostgisStore(QStringLiteral("tmf_hikes")))};
        std::vector<ImportedTrack> all = m_rides.hikes;
        all.insert(all.end(), m_rides.rides.begin(), m_rides.rides.end());
        for (size_t i = 0; i < m_mixed.size(); ++i) {
            importInto(*TracksDatabase::open(m_mixed[i]), all);
            importInto(*TracksDatabase::open(m_hikesOnly[i]), m_rides.hikes);
        }
    }

    // Only hikes checked: the map's density is the hikes' own, the same as a store of nothing but them.
    void aFilteredDensityIsThatOfTheActivityAlone() {
        for (size_t i = 0; i < m_mixed.size(); ++i) {
            auto mixed = TracksDatabase::open(m_mixed[i], TracksDatabase::Access::ReadOnly);
            auto hikes = TracksDatabase::open(m_hikesOnly[i], TracksDatabase::Access::ReadOnly);
            const TracksViewMap data = TracksViewLoader::loadMap(*mixed, wideView({QStringLiteral("hike")}));
            QVERIFY2(data.density, qPrintable(m_mixed[i].displayName()));
            QVERIFY(!data.geometry || data.geometry->empty());
            const auto expected = byKey(TrackOverview::read(*hikes, kWide, data.densityLevel));
            QVERIFY(!expected.empty());
            QVERIFY2(byKey(*data.density) == expected, qPrintable(m_mixed[i].displayName()));
            QVERIFY(!data.densityOfEverySource);
            // A source filter on top: the overview keeps no sources apart, so the density is the hikes' of
            // every source, and the map says so.
            const TracksViewMap bySource = TracksViewLoader::loadMap(
                *mixed, wideView({QStringLiteral("hike")}, {QStringLiteral("osm")}));
            QVERIFY(bySource.density && bySource.densityOfEverySource);
            QVERIFY(byKey(*bySource.density) == expected);
            // Unfiltered, the density is every track's: more than the hikes'.
            const TracksViewMap all = TracksViewLoader::loadMap(*mixed, wideView({}));
            QVERIFY(all.density);
            QVERIFY(byKey(*all.density) != expected);
        }
    }

    // Only the rides checked: they are few in this view, so they come as lines, and only they, although the
    // view holds more tracks than the map draws as lines.
    void fewFilteredTracksComeAsLines() {
        for (const TracksLocation& location : m_mixed) {
            auto db = TracksDatabase::open(location, TracksDatabase::Access::ReadOnly);
            const TracksViewMap data = TracksViewLoader::loadMap(*db, wideView({QStringLiteral("mtb")}));
            QVERIFY2(data.geometry, qPrintable(location.displayName()));
            QVERIFY(!data.density);
            QCOMPARE(int(data.geometry->size()), kRides);
            for (const SimplifiedTrack& t : *data.geometry)
                QCOMPARE(t.activity, QStringLiteral("mtb"));
            // A source filter on top: exact, the rides of that source alone.
            const TracksViewMap fromTtrails = TracksViewLoader::loadMap(
                *db, wideView({QStringLiteral("mtb")}, {QStringLiteral("ttrails")}));
            QVERIFY(fromTtrails.geometry);
            QCOMPARE(int(fromTtrails.geometry->size()), kRides / 2);
            for (const SimplifiedTrack& t : *fromTtrails.geometry)
                QCOMPARE(t.sources, QStringList{QStringLiteral("ttrails")});
        }
    }
};

QTEST_GUILESS_MAIN(TracksMapFiltersTest)
#include "test_tracksmapfilters.moc"
