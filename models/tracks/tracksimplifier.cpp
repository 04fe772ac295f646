#include "tracksimplifier.h"

#include "webmercator.h"

#include <algorithm>
#include <utility>

namespace tidemark::tracks {

namespace {
struct Pixel {
    double x, y;
};

double squaredDistanceToSegment(const Pixel& p, const Pixel& a, const Pixel& b) {
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double length2 = dx * dx + dy * dy;
    double t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    const double ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y;
    return ex * ex + ey * ey;
}
} // namespace

TrackSimplifier::TrackSimplifier(int zoom, double tolerancePixels)
    : m_zoom(std::clamp(zoom, 0, 30)), m_tolerance(std::max(0.0, tolerancePixels)) {}

std::vector<int> TrackSimplifier::keptIndices(const std::vector<LonLat>& points) const {
    const int n = static_cast<int>(points.size());
    if (n <= 2) {
        std::vector<int> all(static_cast<size_t>(n));
        for (int i = 0; i < n; ++i)
            all[static_cast<size_t>(i)] = i;
        return all;
    }
    std::vector<Pixel> pixels(points.size());
    for (size_t i = 0; i < points.size(); ++i) {
        const QPointF world = WebMercator::toWorld(points[i].lon, points[i].lat, m_zoom);
        pixels[i] = {world.x(), world.y()};
    }
    std::vector<char> keep(points.size(), 0);
    keep.front() = keep.back() = 1;
    const double tolerance2 = m_tolerance * m_tolerance;
    std::vector<std::pair<int, int>> spans{{0, n - 1}};
    while (!spans.empty()) {
        const auto [first, last] = spans.back();
        spans.pop_back();
        double farthest2 = -1;
        int farthest = -1;
        for (int i = first + 1; i < last; ++i) {
            const double d2 = squaredDistanceToSegment(pixels[i], pixels[first], pixels[last]);
            if (d2 > farthest2) {
                farthest2 = d2;
                farthest = i;
            }
        }
        if (farthest < 0 || farthest2 <= tolerance2)
            continue;
        keep[static_cast<size_t>(farthest)] = 1;
        spans.push_back({first, farthest});
        spans.push_back({farthest, last});
    }
    std::vector<int> kept;
    for (int i = 0; i < n; ++i)
        if (keep[static_cast<size_t>(i)])
            kept.push_back(i);
    return kept;
}

std::vector<LonLat> TrackSimplifier::simplify(const std::vector<LonLat>& points) const {
    std::vector<LonLat> out;
    for (int i : keptIndices(points))
        out.push_back(points[static_cast<size_t>(i)]);
    return out;
}

} // namespace tidemark::tracks
