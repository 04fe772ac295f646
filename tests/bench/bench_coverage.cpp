// Coverage raster throughput and memory: the tiled stamper against the dense reference, side by side in one
// run. Synthetic 1 Hz mowing (0.35 m steps, lanes 0.22 m apart, 0.25 m swath), 0.1 m cells, one thread.
#include "../heatmaps/heatmaptestdata.h"

#include "coveragelayer.h"
#include "positionsettings.h"
#include "swathstamper.h"

#include <QFile>
#include <QTextStream>

#include <cstdio>
#include <ctime>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

constexpr Micros kStart = 1767225600LL * kMicrosPerSecond;

// Thread CPU time: the machine is shared, and wall time would count other processes' turns on the core.
class CpuTimer {
  public:
    void start() { m_start = now(); }
    double seconds() const { return now() - m_start; }

  private:
    static double now() {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
    }
    double m_start = 0;
};

long statusKb(const char* field) {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(int(qstrlen(field))).trimmed().split(' ').first().toLong();
    return -1;
}

// `passes` passes over a square lawn of `side` metres, then (optionally) the same on a second lawn far away.
std::vector<PositionRow> mowing(const HeatmapPlane& plane, std::size_t rows, double side, double farAway) {
    std::vector<PositionRow> out;
    out.reserve(rows);
    const int lanes = int(side / 0.22);
    Micros t = kStart;
    while (out.size() < rows) {
        const double ox = (farAway > 0 && out.size() >= rows / 2) ? farAway : 0;
        auto pass = test::boustrophedon(plane, t, ox + 1, 1, side, lanes);
        for (PositionRow& r : pass) {
            if (out.size() == rows)
                break;
            out.push_back(r);
        }
        t = out.back().observedAt + kMicrosPerHour;
    }
    return out;
}

struct Run {
    double seconds = 0;
    std::int64_t segments = 0;
    std::int64_t cells = 0;
    std::size_t bytes = 0;
};

Run tiled(const std::vector<PositionRow>& rows, const HeatmapPlane& plane, double cell = 0.1) {
    CpuTimer timer;
    timer.start();
    const CoverageLayer layer = CoverageLayer::build(rows, plane, CoverageJoin{}, cell, 0.25);
    Run r;
    r.seconds = timer.seconds();
    r.segments = layer.stats().segments + layer.stats().discs;
    r.cells = layer.cells().count();
    r.bytes = layer.cells().memoryBytes();
    return r;
}

Run dense(const std::vector<PositionRow>& rows, const HeatmapPlane& plane) {
    CpuTimer timer;
    timer.start();
    const CoverageJoin join;
    std::size_t bytes = 0;
    const auto cells = test::DenseCoverageReference::cells(
        rows, plane, [&join](const PositionRow& a, const PositionRow& b) { return join.joins(a, b); }, 0.1,
        0.25, &bytes);
    Run r;
    r.seconds = timer.seconds();
    r.cells = std::int64_t(cells.size());
    r.bytes = bytes;
    return r;
}

} // namespace

int main() {
    QTextStream out(stdout);
    const HeatmapPlane plane(47.0, 8.0);
    const std::size_t n = 1'000'000;
    const auto lawn = mowing(plane, n, 60, 0);
    const long baseKb = statusKb("VmHWM:");
    out << "bench_coverage: " << n
        << " rows, 1 Hz mowing on a 60 m lawn, 0.1 m cells, 0.25 m swath, one thread, thread CPU time\n";

    // Best of three for time; memory from the structures themselves and from VmHWM.
    Run t;
    for (int k = 0; k < 3; ++k) {
        const Run r = tiled(lawn, plane);
        if (k == 0 || r.seconds < t.seconds)
            t = r;
    }
    const long tiledHwm = statusKb("VmHWM:");
    out << QStringLiteral("tiled : %1 segments+discs in %2 s = %3 M segments/s; %4 cells; raster %5 MiB; "
                          "VmHWM +%6 MiB\n")
               .arg(t.segments)
               .arg(t.seconds, 0, 'f', 3)
               .arg(double(t.segments) / t.seconds / 1e6, 0, 'f', 2)
               .arg(t.cells)
               .arg(double(t.bytes) / 1048576, 0, 'f', 1)
               .arg(double(tiledHwm - baseKb) / 1024, 0, 'f', 1);
    out.flush();
    const Run d = dense(lawn, plane);
    const long denseHwm = statusKb("VmHWM:");
    out << QStringLiteral("dense : %1 cells in %2 s = %3 M segments/s; grid %4 MiB; VmHWM +%5 MiB\n")
               .arg(d.cells)
               .arg(d.seconds, 0, 'f', 3)
               .arg(double(t.segments) / d.seconds / 1e6, 0, 'f', 2)
               .arg(double(d.bytes) / 1048576, 0, 'f', 1)
               .arg(double(denseHwm - tiledHwm) / 1024, 0, 'f', 1);
    out << QStringLiteral("ratio : tiled is %1x the dense reference's speed; same cells: %2\n")
               .arg(d.seconds / t.seconds, 0, 'f', 2)
               .arg(d.cells == t.cells ? "yes" : "NO");
    out.flush();

    // The raster part alone: the same segments, already projected, stamped into a fresh cell set.
    {
        std::vector<PlanePoint> points;
        points.reserve(lawn.size());
        for (const PositionRow& r : lawn)
            points.push_back(plane.project(r.lat, r.lon));
        double best = 0;
        for (int k = 0; k < 3; ++k) {
            HeatmapCellSet cells;
            SwathStamper stamper(cells, 0.1, 0.125);
            CpuTimer timer;
            timer.start();
            for (std::size_t i = 1; i < points.size(); ++i)
                stamper.stampSegment(points[i - 1].x, points[i - 1].y, points[i].x, points[i].y);
            const double s = timer.seconds();
            best = k == 0 ? s : std::min(best, s);
        }
        out << QStringLiteral(
                   "stamp : stamping alone (projection and join decisions excluded): %1 M segments/s\n")
                   .arg(double(points.size() - 1) / best / 1e6, 0, 'f', 2);
        const Run fine = tiled(lawn, plane, 0.05);
        out << QStringLiteral("0.05 m: tiled %1 M segments/s, %2 cells, raster %3 MiB\n")
                   .arg(double(fine.segments) / fine.seconds / 1e6, 0, 'f', 2)
                   .arg(fine.cells)
                   .arg(double(fine.bytes) / 1048576, 0, 'f', 1);
        out.flush();
    }

    // Two lawns 5 km apart: the dense raster would be the whole bounding box.
    const auto split = mowing(plane, n, 60, 5000);
    const Run s = tiled(split, plane);
    const double denseCells = (5000.0 + 62) / 0.1 * (62 / 0.1);
    out << QStringLiteral(
               "split : two lawns 5 km apart: tiled %1 M segments/s, raster %2 MiB in %3 cells; a dense "
               "bounding-box raster would need %4 MiB at one byte per cell\n")
               .arg(double(s.segments) / s.seconds / 1e6, 0, 'f', 2)
               .arg(double(s.bytes) / 1048576, 0, 'f', 1)
               .arg(s.cells)
               .arg(denseCells / 1048576, 0, 'f', 0);
    out << QStringLiteral("peak  : VmHWM %1 MiB for the whole run (rows themselves: %2 MiB per million)\n")
               .arg(double(statusKb("VmHWM:")) / 1024, 0, 'f', 1)
               .arg(double(sizeof(PositionRow)) * 1e6 / 1048576, 0, 'f', 1);
    return t.cells == d.cells ? 0 : 1;
}
