#include "trackdensity.h"

#include "gridline.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tidemark::tracks {

namespace {

constexpr double kMaxLatitude = 85.0511287798066;

// A point in the Web Mercator unit square (projected once, then scaled to each level).
struct Unit {
    double x, y;
};

Unit unitOf(const LonLat& p) {
    const double clamped = std::clamp(p.lat, -kMaxLatitude, kMaxLatitude) * M_PI / 180.0;
    return {(p.lon + 180.0) / 360.0, 0.5 - std::asinh(std::tan(clamped)) / (2 * M_PI)};
}

// The global pixel of a unit point at `zoom` (the world is 256·2^zoom pixels square).
std::pair<qint64, qint64> pixelOf(const Unit& u, int zoom) {
    const double size = TrackDensity::kTileSize * std::ldexp(1.0, zoom);
    const qint64 last = static_cast<qint64>(size) - 1;
    return {std::clamp<qint64>(static_cast<qint64>(std::floor(u.x * size)), 0, last),
            std::clamp<qint64>(static_cast<qint64>(std::floor(u.y * size)), 0, last)};
}

std::vector<qint64> pixelsOfUnits(const std::vector<Unit>& units, int zoom);

template <typename Point> std::vector<LonLat> lonLats(const std::vector<Point>& points) {
    std::vector<LonLat> out;
    out.reserve(points.size());
    for (const Point& p : points)
        out.push_back({p.lon, p.lat});
    return out;
}

void appendVarint(QByteArray* out, quint64 value) {
    while (value >= 0x80) {
        out->append(static_cast<char>((value & 0x7F) | 0x80));
        value >>= 7;
    }
    out->append(static_cast<char>(value));
}

bool readVarint(const QByteArray& in, qsizetype* at, quint64* value) {
    *value = 0;
    for (int shift = 0; shift < 35; shift += 7) { // at most 5 bytes: every value fits 32 bits
        if (*at >= in.size())
            return false;
        const quint8 byte = static_cast<quint8>(in[(*at)++]);
        *value |= quint64(byte & 0x7F) << shift;
        if (!(byte & 0x80))
            return true;
    }
    return false;
}

} // namespace

std::vector<qint64> TrackDensity::pixelsOf(const std::vector<LonLat>& points, int zoom) {
    std::vector<Unit> units;
    units.reserve(points.size());
    for (const LonLat& p : points)
        units.push_back(unitOf(p));
    return pixelsOfUnits(units, zoom);
}

namespace {

std::vector<qint64> pixelsOfUnits(const std::vector<Unit>& units, int zoom) {
    const qint64 size = qint64(TrackDensity::kTileSize) << zoom;
    std::vector<qint64> pixels;
    if (units.empty())
        return pixels;
    auto [x0, y0] = pixelOf(units[0], zoom);
    pixels.push_back(y0 * size + x0);
    for (size_t i = 1; i < units.size(); ++i) {
        const auto [x1, y1] = pixelOf(units[i], zoom);
        if (x1 == x0 && y1 == y0)
            continue;
        forEachGridCell(x0, y0, x1, y1, [&](qint64 x, qint64 y) {
            pixels.push_back(y * size + x);
            return true;
        });
        x0 = x1;
        y0 = y1;
    }
    std::sort(pixels.begin(), pixels.end());
    pixels.erase(std::unique(pixels.begin(), pixels.end()), pixels.end());
    return pixels;
}

} // namespace

void TrackDensity::add(const std::vector<LonLat>& points, int sign, DensityDeltas* deltas) {
    std::vector<Unit> units;
    units.reserve(points.size());
    for (const LonLat& p : points)
        units.push_back(unitOf(p));
    for (int zoom = 0; zoom <= kMaxZoom; ++zoom) {
        const qint64 size = qint64(kTileSize) << zoom;
        std::vector<DensityChange>* tile = nullptr;
        DensityTileKey current{-1, -1, -1};
        for (const qint64 pixel : pixelsOfUnits(units, zoom)) {
            const qint64 x = pixel % size, y = pixel / size;
            const DensityTileKey key{zoom, static_cast<int>(x / kTileSize), static_cast<int>(y / kTileSize)};
            if (!tile || key != current) {
                tile = &deltas->tiles[key];
                current = key;
            }
            tile->push_back({static_cast<quint16>((y % kTileSize) * kTileSize + x % kTileSize), sign});
            ++deltas->changes;
        }
    }
}

void TrackDensity::add(const std::vector<TrackPoint>& points, int sign, DensityDeltas* deltas) {
    add(lonLats(points), sign, deltas);
}

QByteArray TrackDensity::encode(const DensityCounts& counts) {
    QByteArray out;
    qint64 previous = -1;
    for (int i = 0; i < kPixels && i < static_cast<int>(counts.size()); ++i) {
        if (counts[static_cast<size_t>(i)] == 0)
            continue;
        appendVarint(&out, static_cast<quint64>(i - previous - 1));
        appendVarint(&out, static_cast<quint64>(counts[static_cast<size_t>(i)]));
        previous = i;
    }
    return out;
}

std::optional<DensityCounts> TrackDensity::decode(const QByteArray& bytes) {
    DensityCounts counts(kPixels, 0);
    qsizetype at = 0;
    qint64 pixel = -1;
    while (at < bytes.size()) {
        quint64 gap = 0, count = 0;
        if (!readVarint(bytes, &at, &gap) || !readVarint(bytes, &at, &count))
            return std::nullopt;
        pixel += static_cast<qint64>(gap) + 1;
        if (pixel >= kPixels || count == 0 || count > 0x7FFFFFFF)
            return std::nullopt;
        counts[static_cast<size_t>(pixel)] = static_cast<qint32>(count);
    }
    return counts;
}

DensityCounts DensityDeltas::dense(const std::vector<DensityChange>& changes) {
    DensityCounts counts(TrackDensity::kPixels, 0);
    for (const DensityChange& c : changes)
        counts[c.pixel] += c.delta;
    return counts;
}

std::optional<DensityCounts> TrackDensity::combine(const DensityCounts& stored,
                                                   const std::vector<DensityChange>& changes) {
    DensityCounts out = stored;
    out.resize(kPixels, 0);
    for (const DensityChange& c : changes) {
        // Only the changed pixels can leave the range: checked as they change.
        const qint64 value = qint64(out[c.pixel]) + c.delta;
        if (value > 0x7FFFFFFF)
            return std::nullopt;
        out[c.pixel] = static_cast<qint32>(value);
    }
    for (const DensityChange& c : changes)
        if (out[c.pixel] < 0) // a pixel's changes may go below zero and back: only the end counts
            return std::nullopt;
    return out;
}

} // namespace tidemark::tracks
