#include "trackoverview.h"

#include "tracksdatabase.h"

#include "error.h"
#include "taskfeedback.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tidemark::tracks {

namespace {

Error outOfStep(TracksDatabase& db, const DensityTileKey& key, const QString& why) {
    return Error(
        Error::Kind::Failed,
        QStringLiteral("%1: the density overview's tile %2/%3/%4 %5; rebuild it with tidemark-cli tracks "
                       "init --rebuild-overview (the tracks are unharmed)")
            .arg(db.describe())
            .arg(key.zoom)
            .arg(key.x)
            .arg(key.y)
            .arg(why));
}

int tileOf(double unit, int level) {
    const int tiles = 1 << level;
    return std::clamp(static_cast<int>(std::floor(unit * tiles)), 0, tiles - 1);
}

double unitX(double lon) {
    return (lon + 180.0) / 360.0;
}

double unitY(double lat) {
    const double phi = std::clamp(lat, -85.0511287798066, 85.0511287798066) * M_PI / 180.0;
    return 0.5 - std::asinh(std::tan(phi)) / (2 * M_PI);
}

} // namespace

void TrackOverview::apply(TracksDatabase& db, const DensityDeltas& deltas) {
    for (const auto& [key, changes] : deltas.tiles) {
        DensityCounts stored(TrackDensity::kPixels, 0);
        if (const std::optional<QByteArray> bytes = db.densityTile(key)) {
            std::optional<DensityCounts> decoded = TrackDensity::decode(*bytes);
            if (!decoded)
                throw outOfStep(db, key, QStringLiteral("cannot be read"));
            stored = std::move(*decoded);
        }
        const std::optional<DensityCounts> sum = TrackDensity::combine(stored, changes);
        if (!sum)
            throw outOfStep(db, key, QStringLiteral("would count fewer than no tracks"));
        db.writeDensityTile(key, TrackDensity::encode(*sum));
    }
}

qint64 TrackOverview::rebuild(TracksDatabase& db, TaskFeedback& feedback) {
    // Dense tiles here: the whole overview is written, so its memory is the area's tiles (256 KiB each).
    std::map<DensityTileKey, DensityCounts> all;
    bool cancelled = false;
    qint64 seen = 0;
    db.forEachLine({}, [&](qint64, std::vector<LonLat>& points) {
        if (cancelled || (seen++ % 500 == 0 && !feedback.checkpoint())) {
            cancelled = true;
            return;
        }
        DensityDeltas one;
        TrackDensity::add(points, 1, &one);
        for (const auto& [key, changes] : one.tiles) {
            DensityCounts& counts = all[key];
            if (counts.empty())
                counts.assign(TrackDensity::kPixels, 0);
            for (const DensityChange& c : changes)
                counts[c.pixel] += c.delta;
        }
    });
    if (cancelled)
        return -1;
    db.beginWrite();
    try {
        db.clearDensity();
        for (const auto& [key, counts] : all) {
            const QByteArray bytes = TrackDensity::encode(counts);
            if (!bytes.isEmpty())
                db.writeDensityTile(key, bytes);
        }
        db.commitWrite();
    } catch (const Error&) {
        db.rollbackWrite();
        throw;
    }
    return static_cast<qint64>(all.size());
}

std::vector<DensityTile> TrackOverview::read(TracksDatabase& db, const TrackBox& box, int level) {
    level = std::clamp(level, 0, TrackDensity::kMaxZoom);
    const int minX = tileOf(unitX(box.minLon), level), maxX = tileOf(unitX(box.maxLon), level);
    const int minY = tileOf(unitY(box.maxLat), level), maxY = tileOf(unitY(box.minLat), level);
    std::vector<DensityTile> tiles;
    for (auto& [key, bytes] : db.densityTiles(level, minX, minY, maxX, maxY)) {
        std::optional<DensityCounts> counts = TrackDensity::decode(bytes);
        if (!counts)
            throw outOfStep(db, key, QStringLiteral("cannot be read"));
        tiles.push_back({key, std::move(*counts)});
    }
    return tiles;
}

} // namespace tidemark::tracks
