#include "trackdensity.h"

#include "gridline.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tidemark::tracks {

namespace {

constexpr double kMaxLatitude = 85.0511287798066;

// A point in the Web Mercator unit square.
struct Unit {
    double x, y;
};

template <typename Point> Unit unitOf(const Point& p) {
    const double clamped = std::clamp(p.lat, -kMaxLatitude, kMaxLatitude) * M_PI / 180.0;
    return {(p.lon + 180.0) / 360.0, 0.5 - std::asinh(std::tan(clamped)) / (2 * M_PI)};
}

// A global pixel (x, y) of one level.
struct Pixel {
    qint64 x, y;
    bool operator==(const Pixel&) const = default;
};

// The global pixel of a unit point at `zoom` (the world is 256·2^zoom pixels square).
Pixel pixelOf(const Unit& u, int zoom) {
    const double size = TrackDensity::kTileSize * std::ldexp(1.0, zoom);
    const qint64 last = static_cast<qint64>(size) - 1;
    return {std::clamp<qint64>(static_cast<qint64>(std::floor(u.x * size)), 0, last),
            std::clamp<qint64>(static_cast<qint64>(std::floor(u.y * size)), 0, last)};
}

// The vertices' pixels at the finest level. A coarser level's pixel of a vertex is this one shifted right
// (scaling by a power of two is exact, and floor(floor(a) / 2^k) = floor(a / 2^k)), so each point is
// projected once for all the levels.
template <typename Point> std::vector<Pixel> finestPixels(const std::vector<Point>& points) {
    std::vector<Pixel> out;
    out.reserve(points.size());
    for (const Point& p : points)
        out.push_back(pixelOf(unitOf(p), TrackDensity::kMaxZoom));
    return out;
}

// The line through the vertices' pixels at `zoom` (Bresenham between consecutive distinct ones), ascending
// by y * size + x, each once; `out` is reused between levels.
void rasterise(const std::vector<Pixel>& finest, int zoom, std::vector<qint64>* out) {
    out->clear();
    if (finest.empty())
        return;
    const int shift = TrackDensity::kMaxZoom - zoom;
    const qint64 size = qint64(TrackDensity::kTileSize) << zoom;
    Pixel from{finest[0].x >> shift, finest[0].y >> shift};
    out->push_back(from.y * size + from.x);
    for (size_t i = 1; i < finest.size(); ++i) {
        const Pixel to{finest[i].x >> shift, finest[i].y >> shift};
        if (to == from)
            continue;
        forEachGridCell(from.x, from.y, to.x, to.y, [&](qint64 x, qint64 y) {
            out->push_back(y * size + x);
            return true;
        });
        from = to;
    }
    std::sort(out->begin(), out->end());
    out->erase(std::unique(out->begin(), out->end()), out->end());
}

template <typename Point> void addLine(const std::vector<Point>& points, int sign, DensityDeltas* deltas) {
    const std::vector<Pixel> finest = finestPixels(points);
    std::vector<qint64> pixels;
    for (int zoom = 0; zoom <= TrackDensity::kMaxZoom; ++zoom) {
        const qint64 size = qint64(TrackDensity::kTileSize) << zoom;
        rasterise(finest, zoom, &pixels);
        std::vector<DensityChange>* tile = nullptr;
        DensityTileKey current{-1, -1, -1};
        for (const qint64 pixel : pixels) {
            const qint64 x = pixel % size, y = pixel / size;
            const DensityTileKey key{zoom, static_cast<int>(x / TrackDensity::kTileSize),
                                     static_cast<int>(y / TrackDensity::kTileSize)};
            if (!tile || key != current) {
                tile = &deltas->tiles[key];
                current = key;
            }
            tile->push_back({static_cast<quint16>((y % TrackDensity::kTileSize) * TrackDensity::kTileSize +
                                                  x % TrackDensity::kTileSize),
                             sign});
            ++deltas->changes;
        }
    }
}

// Writes `value` at `at` (room for ten bytes), returns the byte after it.
char* putVarint(char* at, quint64 value) {
    while (value >= 0x80) {
        *at++ = static_cast<char>((value & 0x7F) | 0x80);
        value >>= 7;
    }
    *at++ = static_cast<char>(value);
    return at;
}

// Reads a varint of at most five bytes from [*at, end); false when it is longer or cut off.
bool readVarint(const uchar** at, const uchar* end, quint64* value) {
    *value = 0;
    for (int shift = 0; shift < 35; shift += 7) { // every value fits 32 bits
        if (*at == end)
            return false;
        const uchar byte = *(*at)++;
        *value |= quint64(byte & 0x7F) << shift;
        if (!(byte & 0x80))
            return true;
    }
    return false;
}

} // namespace

std::vector<qint64> TrackDensity::pixelsOf(const std::vector<LonLat>& points, int zoom) {
    std::vector<qint64> pixels;
    rasterise(finestPixels(points), zoom, &pixels);
    return pixels;
}

std::pair<int, int> TrackDensity::tileOf(double lon, double lat, int level) {
    const Pixel p = pixelOf(unitOf(LonLat{lon, lat}), level);
    return {static_cast<int>(p.x / kTileSize), static_cast<int>(p.y / kTileSize)};
}

void TrackDensity::add(const std::vector<LonLat>& points, int sign, DensityDeltas* deltas) {
    addLine(points, sign, deltas);
}

void TrackDensity::add(const std::vector<TrackPoint>& points, int sign, DensityDeltas* deltas) {
    addLine(points, sign, deltas);
}

QByteArray TrackDensity::encode(const DensityCounts& counts) {
    DensitySparse pixels;
    for (int i = 0; i < kPixels && i < static_cast<int>(counts.size()); ++i)
        if (counts[static_cast<size_t>(i)] != 0)
            pixels.push_back({static_cast<quint16>(i), counts[static_cast<size_t>(i)]});
    return encode(pixels);
}

QByteArray TrackDensity::encode(const DensitySparse& pixels) {
    // A gap below 2^16 takes at most three bytes, a count ten (five below 2^31).
    QByteArray out(static_cast<qsizetype>(pixels.size()) * 13, Qt::Uninitialized);
    char* at = out.data();
    qint64 previous = -1;
    for (const DensityPixel& p : pixels) {
        at = putVarint(at, static_cast<quint64>(p.pixel - previous - 1));
        at = putVarint(at, static_cast<quint64>(p.count));
        previous = p.pixel;
    }
    out.truncate(at - out.constData());
    return out;
}

std::optional<DensitySparse> TrackDensity::decodeSparse(const QByteArray& bytes) {
    DensitySparse pixels;
    pixels.reserve(static_cast<size_t>(std::min<qsizetype>(bytes.size() / 2, kPixels)));
    const uchar* at = reinterpret_cast<const uchar*>(bytes.constData());
    const uchar* const end = at + bytes.size();
    qint64 pixel = -1;
    while (at != end) {
        quint64 gap = 0, count = 0;
        if (!readVarint(&at, end, &gap) || !readVarint(&at, end, &count))
            return std::nullopt;
        if (gap >= kPixels) // also keeps the sum below from wrapping
            return std::nullopt;
        pixel += static_cast<qint64>(gap) + 1;
        if (pixel >= kPixels || count == 0 || count > 0x7FFFFFFF)
            return std::nullopt;
        pixels.push_back({static_cast<quint16>(pixel), static_cast<qint32>(count)});
    }
    return pixels;
}

std::optional<DensityCounts> TrackDensity::decode(const QByteArray& bytes) {
    const std::optional<DensitySparse> pixels = decodeSparse(bytes);
    if (!pixels)
        return std::nullopt;
    DensityCounts counts(kPixels, 0);
    for (const DensityPixel& p : *pixels)
        counts[p.pixel] = p.count;
    return counts;
}

DensityCounts DensityDeltas::dense(const std::vector<DensityChange>& changes) {
    DensityCounts counts(TrackDensity::kPixels, 0);
    for (const DensityChange& c : changes)
        counts[c.pixel] += c.delta;
    return counts;
}

DensityDeltas ActivityDensityDeltas::total() const {
    DensityDeltas total;
    for (const auto& [activity, deltas] : activities)
        for (const auto& [key, changes] : deltas.tiles) {
            std::vector<DensityChange>& tile = total.tiles[key];
            tile.insert(tile.end(), changes.begin(), changes.end());
            total.changes += static_cast<qint64>(changes.size());
        }
    return total;
}

std::optional<DensitySparse> TrackDensity::combine(const DensitySparse& stored,
                                                   std::vector<DensityChange> changes) {
    std::sort(changes.begin(), changes.end(),
              [](const DensityChange& a, const DensityChange& b) { return a.pixel < b.pixel; });
    DensitySparse out;
    out.reserve(stored.size() + changes.size());
    auto s = stored.begin();
    auto c = changes.begin();
    while (s != stored.end() || c != changes.end()) {
        const int pixel = c == changes.end()  ? s->pixel
                          : s == stored.end() ? c->pixel
                                              : std::min<int>(s->pixel, c->pixel);
        qint64 value = 0;
        if (s != stored.end() && s->pixel == pixel)
            value = (s++)->count;
        for (; c != changes.end() && c->pixel == pixel; ++c)
            value += c->delta; // may dip below zero and come back within one pixel's changes
        if (value < 0 || value > 0x7FFFFFFF)
            return std::nullopt;
        if (value > 0)
            out.push_back({static_cast<quint16>(pixel), static_cast<qint32>(value)});
    }
    return out;
}

} // namespace tidemark::tracks
