// Frame time of the map's track layer with 1 M raw rows at three zoom levels, rendered into an image the way
// a render job does (TrackPainter: pixel decimation, 1 px lines and points), next to a naive renderer that
// draws every in-view segment and point, in the same run. Goal: ≤ 30 ms per frame at every zoom.
#include "lawntrack.h"
#include "mapviewport.h"
#include "trackpainter.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string_view>
#include <vector>

using namespace tidemark;
using namespace tidemark::ui;

namespace {

constexpr int kRuns = 11;
const QSize kFrame(1280, 800);

// Every segment and point inside the image, no decimation: what the decimation saves.
void paintNaive(QPainter& painter, const MapViewport& viewport, const TrackPoints& track) {
    const double scale = viewport.worldSize();
    const QPointF origin = viewport.topLeftUnit() * scale;
    const double w = viewport.size().width(), h = viewport.size().height();
    std::vector<QLineF> lines;
    std::vector<std::vector<QPointF>> points(static_cast<size_t>(track.classes.size()));
    QPointF previous;
    for (size_t i = 0; i < track.size(); ++i) {
        const QPointF p(track.unitX[i] * scale - origin.x(), track.unitY[i] * scale - origin.y());
        const bool inside = p.x() >= 0 && p.x() < w && p.y() >= 0 && p.y() < h;
        if (i > 0 &&
            (inside || (previous.x() >= 0 && previous.x() < w && previous.y() >= 0 && previous.y() < h)))
            lines.emplace_back(previous, p);
        if (inside)
            points[track.classIndex[i]].push_back(p);
        previous = p;
    }
    painter.setPen(QPen(QColor(90, 90, 100, 150), 1));
    painter.drawLines(lines.data(), static_cast<int>(lines.size()));
    for (size_t c = 0; c < points.size(); ++c) {
        painter.setPen(QPen(track.classes[static_cast<int>(c)].colour, 1));
        painter.drawPoints(points[c].data(), static_cast<int>(points[c].size()));
    }
}

double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// A frame as a render job makes it: a fresh transparent image, then the layer drawn into it. Returns the
// median thread CPU time and the median wall time: this machine is shared, so wall time includes waiting for
// a core.
template <typename Paint> std::pair<double, double> timeFrames(Paint paint) {
    std::vector<double> cpu, wall;
    for (int run = 0; run < kRuns; ++run) {
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = threadCpuMs();
        QImage image(kFrame, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        paint(image);
        cpu.push_back(threadCpuMs() - cpuStart);
        wall.push_back(timer.nsecsElapsed() / 1e6);
    }
    std::sort(cpu.begin(), cpu.end());
    std::sort(wall.begin(), wall.end());
    return {cpu[cpu.size() / 2], wall[wall.size() / 2]};
}

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);

    constexpr std::size_t kRows = 1000000;
    QElapsedTimer build;
    build.start();
    const test::LawnTrack lawn;
    const auto track = lawn.generate(kRows);
    std::printf(
        "bench_map: %zu rows (60 x 40 m lawn, lanes 0.22 m, 0.35 m steps), built in %.0f ms; frame %dx%d, "
        "median of %d runs\n",
        track->size(), build.nsecsElapsed() / 1e6, kFrame.width(), kFrame.height(), kRuns);

    const QGeoCoordinate centre(lawn.centreLatitude, lawn.centreLongitude);
    MapViewport whole = MapViewport::centredOn(centre, 0, kFrame);
    {
        // Fit the lawn with a 24 px margin, as MapView::fitTo does.
        const QPointF a =
            whole.unitToScreen(QPointF(*std::min_element(track->unitX.begin(), track->unitX.end()),
                                       *std::min_element(track->unitY.begin(), track->unitY.end())));
        const QPointF b =
            whole.unitToScreen(QPointF(*std::max_element(track->unitX.begin(), track->unitX.end()),
                                       *std::max_element(track->unitY.begin(), track->unitY.end())));
        const double zoom = std::log2(
            std::min((kFrame.width() - 48) / (b.x() - a.x()), (kFrame.height() - 48) / (b.y() - a.y())));
        whole = whole.withZoom(zoom);
    }
    struct Level {
        const char* name;
        MapViewport viewport;
    };
    const Level levels[] = {
        {"whole lawn", whole},
        {"lane level", MapViewport::centredOn(centre, 23, kFrame)},
        {"far out", MapViewport::centredOn(centre, 12, kFrame)},
    };

    std::printf("times: median thread CPU ms (median wall ms)\n");
    std::printf("%-11s %6s %9s %10s %10s %15s %15s %7s\n", "zoom", "level", "m/px", "segments", "points",
                "decimated", "naive", "ratio");
    bool allWithinGoal = true;
    const std::atomic<bool> notCancelled{false};
    for (const Level& level : levels) {
        TrackPainter::Stats stats;
        const auto [decimated, decimatedWall] = timeFrames([&](QImage& image) {
            stats = TrackPainter::paint(image, level.viewport, *track, TrackPainter::Style(), notCancelled);
        });
        const auto [naive, naiveWall] = timeFrames([&](QImage& image) {
            QPainter painter(&image);
            paintNaive(painter, level.viewport, *track);
        });
        std::printf("%-11s %6.2f %9.4f %10zu %10zu %7.1f (%5.1f) %7.1f (%5.1f) %6.1fx\n", level.name,
                    level.viewport.zoom(), level.viewport.metresPerPixel(), stats.pathSegments, stats.points,
                    decimated, decimatedWall, naive, naiveWall, naive / decimated);
        allWithinGoal = allWithinGoal && decimated <= 30.0;
    }
    // Where the time goes at the densest level.
    for (const auto& [label, path, points] :
         {std::tuple{"path only", true, false}, std::tuple{"points only", false, true},
          std::tuple{"loop only", false, false}, std::tuple{"empty frame", false, false}}) {
        TrackPainter::Style style;
        style.drawPath = path;
        style.drawPoints = points;
        const bool empty = std::string_view(label) == "empty frame";
        const auto [ms, msWall] = timeFrames([&](QImage& image) {
            if (!empty)
                TrackPainter::paint(image, levels[0].viewport, *track, style, notCancelled);
        });
        std::printf("whole lawn, %-11s %7.1f (%5.1f) ms\n", label, ms, msWall);
    }
    std::printf("goal <= 30 ms per frame at every zoom (thread CPU time): %s\n",
                allWithinGoal ? "met" : "NOT met");
    return 0;
}
