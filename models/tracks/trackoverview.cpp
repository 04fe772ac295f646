#include "trackoverview.h"

#include "tracksdatabase.h"
#include "tracksstore.h"
#include "trackssummary.h"

#include "webmercator.h"

#include "error.h"
#include "taskfeedback.h"

#include <algorithm>
#include <map>

namespace tidemark::tracks {

namespace {

Error outOfStep(TracksDatabase& db, const DensityLayer& layer, const DensityTileKey& key,
                const QString& why) {
    return Error(
        Error::Kind::Failed,
        QStringLiteral("%1: the density overview's tile %2/%3/%4%5 %6; rebuild it with tidemark-cli tracks "
                       "init --rebuild-overview (the tracks are unharmed)")
            .arg(db.describe())
            .arg(key.zoom)
            .arg(key.x)
            .arg(key.y)
            .arg(layer ? QStringLiteral(" of the activity %1").arg(*layer) : QString())
            .arg(why));
}

// Collects encoded tiles and writes them kTilesPerWrite to a statement, so that one statement's parameters
// stay a few megabytes.
class TileWriter {
  public:
    TileWriter(TracksDatabase& db, DensityLayer layer) : m_db(db), m_layer(std::move(layer)) {}
    void add(const DensityTileKey& key, QByteArray bytes) {
        m_tiles.emplace_back(key, std::move(bytes));
        if (m_tiles.size() == kTilesPerWrite)
            flush();
    }
    void flush() {
        if (!m_tiles.empty())
            m_db.writeDensityTiles(m_layer, m_tiles);
        m_tiles.clear();
    }

  private:
    static constexpr size_t kTilesPerWrite = 500;
    TracksDatabase& m_db;
    DensityLayer m_layer;
    std::vector<std::pair<DensityTileKey, QByteArray>> m_tiles;
};

// Adds one overview's changes to its stored tiles.
void applyTo(TracksDatabase& db, const DensityLayer& layer, const DensityDeltas& deltas) {
    if (deltas.isEmpty())
        return;
    std::vector<DensityTileKey> keys;
    keys.reserve(deltas.tiles.size());
    for (const auto& [key, changes] : deltas.tiles)
        keys.push_back(key);
    std::map<DensityTileKey, QByteArray> stored;
    for (auto& [key, bytes] : db.densityTilesOf(layer, keys))
        stored.emplace(key, std::move(bytes));
    TileWriter writer(db, layer);
    for (const auto& [key, changes] : deltas.tiles) {
        DensitySparse pixels;
        if (const auto found = stored.find(key); found != stored.end()) {
            std::optional<DensitySparse> decoded = TrackDensity::decodeSparse(found->second);
            if (!decoded)
                throw outOfStep(db, layer, key, QStringLiteral("cannot be read"));
            pixels = std::move(*decoded);
        }
        const std::optional<DensitySparse> sum = TrackDensity::combine(pixels, changes);
        if (!sum)
            throw outOfStep(db, layer, key, QStringLiteral("would count fewer than no tracks"));
        writer.add(key, TrackDensity::encode(*sum));
    }
    writer.flush();
}

} // namespace

void TrackOverview::apply(TracksDatabase& db, const ActivityDensityDeltas& deltas) {
    if (deltas.isEmpty())
        return;
    applyTo(db, std::nullopt, deltas.total());
    for (const auto& [activity, changes] : deltas.activities)
        applyTo(db, activity, changes);
}

namespace {

// A rebuild's memory is bounded by blocks: the tiles of levels kBlockLevel and finer lie each inside one
// tile of kBlockLevel (a block), so they are counted block by block from the tracks that meet it (at most
// 1 + 4 + ... + 4^5 = 1,365 dense tiles, 350 MB); the coarser levels (at most 5,461 tiles, in practice the
// area's) are counted for the whole rebuild, each track once, in the block of its first vertex.
constexpr int kBlockLevel = 7;

using DenseTiles = std::map<DensityTileKey, DensityCounts>;

void addTo(DenseTiles* tiles, const DensityTileKey& key, const std::vector<DensityChange>& changes) {
    DensityCounts& counts = (*tiles)[key];
    if (counts.empty())
        counts.assign(TrackDensity::kPixels, 0);
    for (const DensityChange& c : changes)
        counts[c.pixel] += c.delta;
}

void writeAll(TracksDatabase& db, const DensityLayer& layer, const DenseTiles& tiles) {
    TileWriter writer(db, layer);
    for (const auto& [key, counts] : tiles)
        writer.add(key, TrackDensity::encode(counts));
    writer.flush();
}

// The tile's area, a little wider, so that every track with a pixel in it meets the box.
TrackBox boxOf(int level, int x, int y) {
    const double tiles = std::ldexp(1.0, level), margin = 1e-9;
    const QGeoCoordinate topLeft = WebMercator::fromUnit(QPointF(x / tiles, y / tiles));
    const QGeoCoordinate bottomRight = WebMercator::fromUnit(QPointF((x + 1) / tiles, (y + 1) / tiles));
    // The edge rows also hold the points past Web Mercator's latitudes (counted in them, clamped).
    const double north = y == 0 ? 90.0 : topLeft.latitude() + margin;
    const double south = y + 1 == int(tiles) ? -90.0 : bottomRight.latitude() - margin;
    return {topLeft.longitude() - margin, south, bottomRight.longitude() + margin, north};
}

// The blocks that any track's box meets, found down the tile pyramid by the spatial index.
void findBlocks(TracksDatabase& db, int level, int x, int y, std::vector<std::pair<int, int>>* blocks) {
    if (db.countInBoxUpTo(boxOf(level, x, y), 1) == 0)
        return;
    if (level == kBlockLevel) {
        blocks->emplace_back(x, y);
        return;
    }
    for (int dy = 0; dy < 2; ++dy)
        for (int dx = 0; dx < 2; ++dx)
            findBlocks(db, level + 1, 2 * x + dx, 2 * y + dy, blocks);
}

// Counts one overview (every track's, or one activity's) block by block from its tracks; the tiles written,
// or -1 when cancelled.
qint64 rebuildLayer(TracksDatabase& db, const DensityLayer& layer,
                    const std::vector<std::pair<int, int>>& blocks, TaskFeedback& feedback, qint64* seen) {
    DenseTiles coarse;
    qint64 written = 0;
    for (const std::pair<int, int>& block : blocks) {
        const int blockX = block.first, blockY = block.second; // named: a lambda captures them
        DenseTiles fine;
        bool cancelled = false;
        TracksQuery query;
        query.box = boxOf(kBlockLevel, blockX, blockY);
        if (layer)
            query.activities = {*layer};
        db.scanBox(query, true, [&](BoxRow& track) {
            if (cancelled || ((*seen)++ % 500 == 0 && !feedback.checkpoint())) {
                cancelled = true;
                return;
            }
            if (track.points.empty())
                return;
            const bool owned = TrackDensity::tileOf(track.points[0].lon, track.points[0].lat, kBlockLevel) ==
                               std::pair(blockX, blockY);
            DensityDeltas one;
            TrackDensity::add(track.points, 1, &one);
            for (const auto& [key, changes] : one.tiles) {
                const int shift = key.zoom - kBlockLevel;
                if (shift < 0) {
                    if (owned)
                        addTo(&coarse, key, changes);
                } else if ((key.x >> shift) == blockX && (key.y >> shift) == blockY) {
                    addTo(&fine, key, changes);
                }
            }
        });
        if (cancelled)
            return -1;
        writeAll(db, layer, fine);
        written += static_cast<qint64>(fine.size());
    }
    writeAll(db, layer, coarse);
    return written + static_cast<qint64>(coarse.size());
}

} // namespace

qint64 TrackOverview::rebuild(TracksDatabase& db, TaskFeedback& feedback) {
    db.beginWrite();
    try {
        db.clearDensity();
        std::vector<std::pair<int, int>> blocks;
        findBlocks(db, 0, 0, 0, &blocks);
        // Every track's overview, then each activity's from its tracks alone (the activity's index).
        std::vector<DensityLayer> layers{std::nullopt};
        for (const TracksSummary& activity : db.summariesByActivity())
            layers.emplace_back(activity.activityType);
        qint64 written = 0, seen = 0;
        for (const DensityLayer& layer : layers) {
            const qint64 tiles = rebuildLayer(db, layer, blocks, feedback, &seen);
            if (tiles < 0) {
                db.rollbackWrite();
                return -1;
            }
            written += tiles;
        }
        db.commitWrite();
        return written;
    } catch (const Error&) {
        db.rollbackWrite();
        throw;
    }
}

std::vector<DensityTile> TrackOverview::read(TracksDatabase& db, const TrackBox& box, int level,
                                             const QStringList& activities) {
    level = std::clamp(level, 0, TrackDensity::kMaxZoom);
    const auto [minX, minY] = TrackDensity::tileOf(box.minLon, box.maxLat, level);
    const auto [maxX, maxY] = TrackDensity::tileOf(box.maxLon, box.minLat, level);
    std::vector<DensityLayer> layers;
    if (activities.isEmpty())
        layers.emplace_back(std::nullopt);
    for (const QString& activity : activities)
        layers.emplace_back(activity);
    std::map<DensityTileKey, DensityCounts> sum;
    for (const DensityLayer& layer : layers)
        for (auto& [key, bytes] : db.densityTiles(layer, level, minX, minY, maxX, maxY)) {
            const std::optional<DensitySparse> pixels = TrackDensity::decodeSparse(bytes);
            if (!pixels)
                throw outOfStep(db, layer, key, QStringLiteral("cannot be read"));
            DensityCounts& counts = sum[key];
            if (counts.empty())
                counts.assign(TrackDensity::kPixels, 0);
            for (const DensityPixel& p : *pixels)
                counts[p.pixel] += p.count;
        }
    std::vector<DensityTile> tiles;
    tiles.reserve(sum.size());
    for (auto& [key, counts] : sum)
        tiles.push_back({key, std::move(counts)});
    return tiles;
}

} // namespace tidemark::tracks
