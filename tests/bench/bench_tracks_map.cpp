// Frame time of the tracks workbench's map layer (TracksLayer: lines simplified per zoom, culled by their
// boxes, vertices on one pixel dropped, 1 px strokes) with 2,000 and 100,000 tracks of about 1,240 points in
// view, at the zoom that shows them all and two closer ones, next to a plain QPainter polyline of every
// stored point of the same tracks in the same run. Also the time to simplify and project them (what a view
// change costs before the frame). Goal: a frame of 2,000 tracks well under 30 ms; 100,000 usable.
#include "mapviewport.h"
#include "tracksimplifier.h"
#include "trackslayer.h"
#include "webmercator.h"

#include <QElapsedTimer>
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

// Rides of ~1,240 points (a point every ~8 m, turning gently) spread over an area that grows with the count,
// so that the density stays that of the demo's towns.
std::vector<std::vector<tracks::LonLat>> rides(int count, quint32 seed) {
    QRandomGenerator random(seed);
    const double side = 0.02 * std::sqrt(double(count)); // degrees
    std::vector<std::vector<tracks::LonLat>> all(static_cast<std::size_t>(count));
    for (auto& ride : all) {
        double lon = 37 + random.generateDouble() * side, lat = 55 + random.generateDouble() * side * 0.6;
        double heading = random.generateDouble() * 2 * M_PI;
        const int points = 1000 + random.bounded(480);
        ride.reserve(std::size_t(points));
        for (int i = 0; i < points; ++i) {
            heading += (random.generateDouble() - 0.5) * 0.4;
            lon += std::cos(heading) * 8 / 64000.0;
            lat += std::sin(heading) * 8 / 111000.0;
            ride.push_back({lon, lat});
        }
    }
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

} // namespace

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    measure(2000);
    measure(argc > 1 ? std::atoi(argv[1]) : 100000);
    return 0;
}
