#pragma once

#include "importedtrack.h"
#include "tracksimplifier.h"

#include <QByteArray>
#include <QString>
#include <QtGlobal>
#include <map>
#include <optional>
#include <vector>

namespace tidemark::tracks {

// One tile of the density overview: Web Mercator tile (x, y) of a zoom level.
struct DensityTileKey {
    int zoom = 0;
    int x = 0;
    int y = 0;
    auto operator<=>(const DensityTileKey&) const = default;
};

// Which overview a tile is of: every track's (nullopt), or one activity's.
using DensityLayer = std::optional<QString>;

// The pixels of one tile, row by row (y * 256 + x): how many tracks pass through each.
using DensityCounts = std::vector<qint32>;

// One pixel's change: a track added (+1) or deleted (-1) there.
struct DensityChange {
    quint16 pixel = 0; // y * 256 + x within its tile
    qint32 delta = 0;
};

// One stored pixel: how many tracks pass through it (above zero; the pixels of a tile ascending).
struct DensityPixel {
    quint16 pixel = 0;
    qint32 count = 0;
    bool operator==(const DensityPixel&) const = default;
};
using DensitySparse = std::vector<DensityPixel>;

// Changes to the overview of an import batch or a retention batch, per tile, before they are written: sparse
// (a track brings about a thousand), so that the memory is the tracks' pixels, not the tiles'.
struct DensityDeltas {
    std::map<DensityTileKey, std::vector<DensityChange>> tiles;
    qint64 changes = 0; // over all tiles
    bool isEmpty() const { return tiles.empty(); }
    // The changes of one tile summed into its pixels.
    static DensityCounts dense(const std::vector<DensityChange>& changes);
};

// The changes of a batch per activity (the overview is kept per activity as well as for every track: the map
// draws the density of the activities its filter leaves). The whole overview's changes are the sum of the
// activities'.
struct ActivityDensityDeltas {
    std::map<QString, DensityDeltas> activities;
    qint64 changes = 0; // over all activities' tiles
    bool isEmpty() const { return activities.empty(); }
    // Adds `sign` for each pixel the track of `activity` passes through (TrackDensity::add).
    template <typename Point> void add(const QString& activity, const std::vector<Point>& points, int sign);
    // Every activity's changes together: the changes of the whole overview.
    DensityDeltas total() const;
};

// The stored overview that draws a million tracks at the map's far zooms: for every zoom level 0 to kMaxZoom,
// 256-pixel Web Mercator tiles whose pixels count the tracks passing through them (a track counts once in a
// pixel, whatever its points there). A line is rasterised between consecutive points (Bresenham over the
// zoom's global pixels), so a track shows unbroken at every level. The counts are exact integers, added by
// import and taken away by retention, so the overview is always the one a rebuild from the tracks would
// make. A rule: values in, values out.
class TrackDensity {
  public:
    static constexpr int kTileSize = 256;
    static constexpr int kPixels = kTileSize * kTileSize;
    static constexpr int kMaxZoom = 12; // beyond: the levels' pixels are finer than a track's GPS noise

    // Adds `sign` (+1 for an import, -1 for a deletion) for each pixel `points` pass through, at every level.
    static void add(const std::vector<LonLat>& points, int sign, DensityDeltas* deltas);
    static void add(const std::vector<TrackPoint>& points, int sign, DensityDeltas* deltas);
    // The global pixels (y * 256·2^zoom + x) one line passes through at `zoom`, ascending, each once.
    static std::vector<qint64> pixelsOf(const std::vector<LonLat>& points, int zoom);
    // The tile of `level` a point falls in, as (x, y).
    static std::pair<int, int> tileOf(double lon, double lat, int level);

    // A tile's stored form: the non-zero pixels as (gap from the previous non-zero pixel, count) varint
    // pairs.
    static QByteArray encode(const DensityCounts& counts);
    static QByteArray encode(const DensitySparse& pixels);
    // Reads a stored tile; nothing for bytes that are not one (truncated, a pixel past the tile, a count that
    // is not positive or above 2^31): the reader is bounded by the tile's 65,536 pixels.
    static std::optional<DensitySparse> decodeSparse(const QByteArray& bytes);
    static std::optional<DensityCounts> decode(const QByteArray& bytes);
    // `stored` with `changes`, in time of the stored and the changed pixels (not the tile's 65,536); nothing
    // when a pixel would fall below zero (the overview is out of step with the tracks: rebuild it) or pass
    // 2^31 - 1.
    static std::optional<DensitySparse> combine(const DensitySparse& stored,
                                                std::vector<DensityChange> changes);
};

template <typename Point>
void ActivityDensityDeltas::add(const QString& activity, const std::vector<Point>& points, int sign) {
    DensityDeltas& deltas = activities[activity];
    const qint64 before = deltas.changes;
    TrackDensity::add(points, sign, &deltas);
    changes += deltas.changes - before;
}

} // namespace tidemark::tracks
