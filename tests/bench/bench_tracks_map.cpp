// Frame time of the tracks workbench's map layer (TracksLayer: lines simplified per zoom, culled by their
// boxes, vertices on one pixel dropped, 1 px strokes) with 2,000 and 100,000 tracks of about 1,240 points in
// view, at the zoom that shows them all and two closer ones, next to a plain QPainter polyline of every
// stored point of the same tracks in the same run. Also the time to simplify and project them (what a view
// change costs before the frame). Goal: a frame of 2,000 tracks well under 30 ms; 100,000 usable.
//
// With --store DIR COUNT: COUNT such rides in a tracks file DIR/map-COUNT.sqlite (generated once and reused;
// a million takes about 20 GB), its density overview rebuilt (time, tiles, bytes), then the workbench's view
// at three zooms (the whole area, 4 and 8 levels closer): the map's load (TracksViewLoader::loadMap: the
// overview's tiles, or the lines where a view holds at most 600 tracks), the frame of TracksLayer, and the
// table's page; then the same after tracks migrate into PostGIS (TIDEMARK_TEST_PG's server, else a private
// cluster). Goal (issue 25): at a million tracks, any zoom, the view loads in <= 100 ms and draws in <= 30
// ms.
#include "freshpostgisstore.h"
#include "freshtracksfile.h"
#include "mapviewport.h"
#include "spatialitedatabase.h"
#include "taskfeedback.h"
#include "trackimporter.h"
#include "trackoverview.h"
#include "tracksimplifier.h"
#include "trackslayer.h"
#include "tracksmigratejob.h"
#include "tracksviewloader.h"
#include "webmercator.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QRandomGenerator>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace tidemark;
using namespace tidemark::ui;

namespace {

constexpr int kRuns = 9;
const QSize kFrame(1280, 800);
const char* const kActivities[] = {"enduro", "mtb", "hike", "moto"};

// One ride of ~1,240 points (a point every ~8 m, turning gently) in an area that grows with the count of
// rides, so that the density stays that of the demo's towns.
std::vector<tracks::LonLat> ride(QRandomGenerator& random, int count) {
    const double side = 0.02 * std::sqrt(double(count)); // degrees
    double lon = 37 + random.generateDouble() * side, lat = 55 + random.generateDouble() * side * 0.6;
    double heading = random.generateDouble() * 2 * M_PI;
    const int points = 1000 + random.bounded(480);
    std::vector<tracks::LonLat> out;
    out.reserve(std::size_t(points));
    for (int i = 0; i < points; ++i) {
        heading += (random.generateDouble() - 0.5) * 0.4;
        lon += std::cos(heading) * 8 / 64000.0;
        lat += std::sin(heading) * 8 / 111000.0;
        out.push_back({lon, lat});
    }
    return out;
}

std::vector<std::vector<tracks::LonLat>> rides(int count, quint32 seed) {
    QRandomGenerator random(seed);
    std::vector<std::vector<tracks::LonLat>> all;
    all.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        all.push_back(ride(random, count));
    return all;
}

double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

template <typename Paint> std::pair<double, double> frameMs(const Paint& paint) {
    std::vector<double> cpu, wall;
    for (int run = 0; run < kRuns; ++run) {
        QImage image(kFrame, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QElapsedTimer timer;
        timer.start();
        const double before = threadCpuMs();
        paint(image);
        cpu.push_back(threadCpuMs() - before);
        wall.push_back(timer.nsecsElapsed() / 1e6);
    }
    std::sort(cpu.begin(), cpu.end());
    std::sort(wall.begin(), wall.end());
    return {cpu[cpu.size() / 2], wall[wall.size() / 2]};
}

void measure(int count) {
    const auto raw = rides(count, 7 + count);
    std::size_t stored = 0;
    double minLon = 180, maxLon = -180, minLat = 90, maxLat = -90;
    for (const auto& ride : raw) {
        stored += ride.size();
        for (const tracks::LonLat& p : ride) {
            minLon = std::min(minLon, p.lon);
            maxLon = std::max(maxLon, p.lon);
            minLat = std::min(minLat, p.lat);
            maxLat = std::max(maxLat, p.lat);
        }
    }
    const QGeoRectangle area(QGeoCoordinate(maxLat, minLon), QGeoCoordinate(minLat, maxLon));
    const double fitZoom = WebMercator::zoomToFit(area, kFrame.width(), kFrame.height());
    std::printf("%d tracks, %zu stored points\n", count, stored);
    for (const double zoom : {std::floor(fitZoom), std::floor(fitZoom) + 3, std::floor(fitZoom) + 6}) {
        const MapViewport viewport = MapViewport::centredOn(area.center(), zoom, kFrame);
        QElapsedTimer timer;
        timer.start();
        auto simplified = std::make_shared<std::vector<tracks::SimplifiedTrack>>();
        const tracks::TrackSimplifier simplifier(int(zoom), 1.0);
        for (std::size_t i = 0; i < raw.size(); ++i)
            simplified->push_back({qint64(i + 1),
                                   QString::fromLatin1(kActivities[i % 4]),
                                   {},
                                   simplifier.simplify(raw[i]),
                                   qint64(raw[i].size())});
        const double simplifyMs = timer.nsecsElapsed() / 1e6;
        timer.restart();
        TracksLayer layer;
        layer.setTracks(simplified);
        const double projectMs = timer.nsecsElapsed() / 1e6;
        std::size_t kept = 0;
        for (const auto& t : *simplified)
            kept += t.points.size();
        const LayerRenderFunction render = layer.renderFunction();
        const std::atomic<bool> cancelled{false};
        const auto [layerCpu, layerWall] =
            frameMs([&](QImage& image) { render(image, viewport, cancelled); });
        // Every stored point as one QPainter polyline per ride, 1 px, no simplification or decimation.
        const auto [plainCpu, plainWall] = frameMs([&](QImage& image) {
            QPainter painter(&image);
            painter.setPen(QPen(Qt::darkGreen, 0));
            QPolygonF line;
            for (const auto& ride : raw) {
                line.clear();
                for (const tracks::LonLat& p : ride)
                    line.append(viewport.unitToScreen(WebMercator::toUnit(p.lon, p.lat)));
                painter.drawPolyline(line);
            }
        });
        std::printf(
            "  zoom %4.1f: %zu points after simplification (%.1f %%); simplify %.0f ms, project %.0f ms; "
            "frame %.1f ms CPU (%.1f wall), plain QPainter of every point %.1f ms CPU (%.1f wall): "
            "%.1fx faster\n",
            zoom, kept, 100.0 * kept / stored, simplifyMs, projectMs, layerCpu, layerWall, plainCpu,
            plainWall, plainCpu / std::max(layerCpu, 0.01));
    }
}

double bestMs(int runs, const std::function<void()>& work) {
    double best = 1e300;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer timer;
        timer.start();
        work();
        best = std::min(best, timer.nsecsElapsed() / 1e6);
    }
    return best;
}

// COUNT rides imported into a new file in transactions of 10,000 (the overview rebuilt once afterwards).
void generateFile(const QString& path, int count) {
    auto db = test::freshTracksFile(path);
    QRandomGenerator random(11);
    QElapsedTimer timer;
    timer.start();
    constexpr int kChunk = 10000;
    for (int done = 0; done < count;) {
        tracks::TrackImporter importer(*db, tracks::TrackSourceList::demo(), nowMicros());
        importer.leaveOverviewToRebuild();
        db->beginWrite();
        for (int i = 0; i < kChunk && done < count; ++i, ++done) {
            tracks::ImportedTrack t;
            t.sourceId = QStringLiteral("osm");
            t.externalUrl = QStringLiteral("https://osm.example/%1").arg(done);
            t.name = QStringLiteral("ride %1").arg(done);
            t.activityType = QString::fromLatin1(kActivities[done % 4]);
            for (const tracks::LonLat& p : ride(random, count))
                t.points.push_back({p.lat, p.lon});
            importer.importOne(t);
        }
        db->commitWrite();
        db->checkpointWal();
        std::fprintf(stderr, "\r  %d / %d rides", done, count);
    }
    std::fprintf(stderr, "\n");
    std::printf("%d rides generated in %.0f s (%.0f rides/s), file %.0f MB\n", count,
                timer.nsecsElapsed() / 1e9, count / (timer.nsecsElapsed() / 1e9),
                QFileInfo(path).size() / 1048576.0);
    TaskFeedback feedback;
    timer.restart();
    const qint64 tiles = tracks::TrackOverview::rebuild(*db, feedback);
    db->checkpointWal();
    const qint64 bytes = db->scalar(QStringLiteral("SELECT sum(length(pixels)) FROM track_density"));
    std::printf("density overview rebuilt in %.1f s: %lld tiles, %.1f MB (%.2f %% of the file)\n",
                timer.nsecsElapsed() / 1e9, static_cast<long long>(tiles), bytes / 1048576.0,
                100.0 * bytes / QFileInfo(path).size());
}

// Saves the frames it measures as DIR/frame-<backend>-<zoom>.png (for a look, as an operator would).
void measureViews(tracks::TracksDatabase& db, const char* backend, const QString& dir) {
    tracks::TracksStore store(db);
    const tracks::TracksExtent e = store.extent();
    const QGeoRectangle area(QGeoCoordinate(e.maxLat, e.minLon), QGeoCoordinate(e.minLat, e.maxLon));
    const double fitZoom = std::floor(WebMercator::zoomToFit(area, kFrame.width(), kFrame.height()));
    for (const double zoom : {fitZoom, fitZoom + 4, fitZoom + 8}) {
        const MapViewport viewport = MapViewport::centredOn(area.center(), zoom, kFrame);
        const QGeoRectangle visible = viewport.visibleArea();
        tracks::TracksView view;
        view.box = {visible.topLeft().longitude(), visible.bottomRight().latitude(),
                    visible.bottomRight().longitude(), visible.topLeft().latitude()};
        view.zoom = int(zoom);
        tracks::TracksViewMap data;
        const double loadMs = bestMs(5, [&] { data = tracks::TracksViewLoader::loadMap(db, view); });
        TracksLayer layer;
        layer.setTracks(data.geometry);
        layer.setDensity(data.density);
        const LayerRenderFunction render = layer.renderFunction();
        const std::atomic<bool> cancelled{false};
        const auto [frameCpu, frameWall] =
            frameMs([&](QImage& image) { render(image, viewport, cancelled); });
        QImage frame(kFrame, QImage::Format_ARGB32_Premultiplied);
        frame.fill(Qt::white);
        render(frame, viewport, cancelled);
        frame.save(
            QDir(dir).filePath(QStringLiteral("frame-%1-%2.png").arg(QLatin1String(backend)).arg(int(zoom))));
        tracks::TracksPage page;
        const double pageMs = bestMs(1, [&] { page = store.tracksInBox(view.query()); });
        std::printf(
            "  %-10s zoom %4.1f: %s; map load %.1f ms, frame %.1f ms CPU (%.1f wall); the table's page of "
            "%lld tracks in view %.0f ms\n",
            backend, zoom,
            data.density ? qPrintable(QStringLiteral("the overview (level %1, %2 tiles)")
                                          .arg(data.densityLevel)
                                          .arg(data.density->size()))
                         : qPrintable(QStringLiteral("%1 lines").arg(data.geometry->size())),
            loadMs, frameCpu, frameWall, static_cast<long long>(page.matching), pageMs);
        std::fflush(stdout);
    }
}

void measureStore(const QString& dir, int count) {
    QDir().mkpath(dir);
    const QString path = QDir(dir).filePath(QStringLiteral("map-%1.sqlite").arg(count));
    {
        std::unique_ptr<tracks::SpatialiteDatabase> db;
        if (QFileInfo(path).isFile())
            db = tracks::SpatialiteDatabase::open(path);
        if (!db || db->trackCount() != count ||
            db->scalar(QStringLiteral("SELECT count(*) FROM track_density")) == 0) {
            db.reset();
            for (const QString& p : {path, path + QStringLiteral("-wal"), path + QStringLiteral("-shm")})
                QFile::remove(p);
            generateFile(path, count);
        } else {
            std::printf("%d rides: reusing %s (%.0f MB)\n", count, qPrintable(path),
                        QFileInfo(path).size() / 1048576.0);
        }
    }
    auto file = tracks::SpatialiteDatabase::open(path);
    measureViews(*file, "SpatiaLite", dir);

    const QString conninfo = test::freshPostgisStore(QStringLiteral("bench_map_%1").arg(count));
    TaskFeedback feedback;
    QElapsedTimer timer;
    timer.start();
    const tracks::TracksMigrateReport moved = tracks::TracksMigrateJob::run({path, conninfo, 2000}, feedback);
    if (!moved.done())
        qFatal("migration not verified: %s", qPrintable(moved.mismatches.join(QLatin1Char('\n'))));
    auto postgis = tracks::TracksDatabase::open(tracks::TracksLocation::postgis(conninfo),
                                                tracks::TracksDatabase::Access::ReadOnly);
    std::printf("tracks migrate into PostGIS: %.0f s (%.0f tracks/s, verified), store %.0f MB\n",
                timer.nsecsElapsed() / 1e9, count / (timer.nsecsElapsed() / 1e9),
                postgis->storeBytes() / 1048576.0);
    measureViews(*postgis, "PostGIS", dir);
}

} // namespace

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    if (args.size() == 3 && args[0] == QLatin1String("--store")) {
        measureStore(args[1], args[2].toInt());
        return 0;
    }
    measure(2000);
    measure(argc > 1 ? std::atoi(argv[1]) : 100000);
    return 0;
}
