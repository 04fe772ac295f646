// The density overviews of a PostGIS store (every track's, track_density, and each activity's,
// track_density_activity): TracksDatabase's tile reads and writes.
#include "postgistracksdatabase.h"

#include "pgconnection.h"

#include <QtEndian>

namespace tidemark::tracks {

namespace {

qint32 binaryInt32(const PgResult& r, int row, int col) {
    return qFromBigEndian<qint32>(reinterpret_cast<const uchar*>(r.raw(row, col)));
}

// Tile keys as the three integer arrays an unnest() of them takes.
struct TileKeyArrays {
    QStringList zooms, xs, ys;
    void add(const DensityTileKey& key) {
        zooms << QString::number(key.zoom);
        xs << QString::number(key.x);
        ys << QString::number(key.y);
    }
    bool isEmpty() const { return zooms.isEmpty(); }
    std::vector<PgParam> params() const { return {pgPlainArray(zooms), pgPlainArray(xs), pgPlainArray(ys)}; }
};

// The table of a layer, and the condition (on the parameter `parameter`) that picks its rows: an activity's
// overview is the rows of that activity in track_density_activity.
QString tableOf(const DensityLayer& layer) {
    return layer ? QStringLiteral("track_density_activity") : QStringLiteral("track_density");
}

QString layerCondition(const DensityLayer& layer, const QString& alias, int parameter) {
    return layer ? QStringLiteral(" AND %1activity = $%2").arg(alias).arg(parameter) : QString();
}

} // namespace

std::vector<std::pair<DensityTileKey, QByteArray>>
PostgisTracksDatabase::densityTiles(const DensityLayer& layer, int zoom, int minX, int minY, int maxX,
                                    int maxY) {
    std::vector<PgParam> params{zoom, minX, maxX, minY, maxY};
    if (layer)
        params.emplace_back(*layer);
    const PgResult r =
        m_db->exec(QStringLiteral("SELECT tile_x, tile_y, pixels FROM %1 WHERE zoom = $1"
                                  " AND tile_x BETWEEN $2 AND $3 AND tile_y BETWEEN $4 AND $5%2"
                                  " ORDER BY tile_x, tile_y")
                       .arg(tableOf(layer), layerCondition(layer, QString(), 6)),
                   params, PgConnection::Format::Binary);
    std::vector<std::pair<DensityTileKey, QByteArray>> tiles;
    for (int i = 0; i < r.rows(); ++i)
        tiles.emplace_back(DensityTileKey{zoom, binaryInt32(r, i, 0), binaryInt32(r, i, 1)},
                           QByteArray(r.raw(i, 2), r.length(i, 2)));
    return tiles;
}

std::vector<std::pair<DensityTileKey, QByteArray>>
PostgisTracksDatabase::densityTilesOf(const DensityLayer& layer, const std::vector<DensityTileKey>& keys) {
    if (keys.empty())
        return {};
    // Read to be updated: a tile's new bytes are computed from these, so two writers must not both read the
    // old ones (the second would overwrite the first's counts). Held until this transaction ends.
    // The lock and the read in one round trip: the read's snapshot is taken when it starts, after the lock.
    TileKeyArrays wanted;
    for (const DensityTileKey& key : keys)
        wanted.add(key);
    std::vector<PgParam> params = wanted.params();
    if (layer)
        params.emplace_back(*layer);
    std::vector<PgStatement> statements;
    statements.push_back({QStringLiteral("SELECT pg_advisory_xact_lock($1)"), {kDensityLockKey}});
    statements.push_back(
        {QStringLiteral("SELECT d.zoom, d.tile_x, d.tile_y, d.pixels FROM %1 d"
                        " JOIN unnest($1::integer[], $2::integer[], $3::integer[]) AS k(zoom, tile_x, tile_y)"
                        " USING (zoom, tile_x, tile_y) WHERE true%2")
             .arg(tableOf(layer), layerCondition(layer, QStringLiteral("d."), 4)),
         params,
         {},
         true});
    const PgResult r = lastAfterDeferred(std::move(statements));
    std::vector<std::pair<DensityTileKey, QByteArray>> tiles;
    for (int i = 0; i < r.rows(); ++i)
        tiles.emplace_back(DensityTileKey{binaryInt32(r, i, 0), binaryInt32(r, i, 1), binaryInt32(r, i, 2)},
                           QByteArray(r.raw(i, 3), r.length(i, 3)));
    return tiles;
}

void PostgisTracksDatabase::writeDensityTiles(
    const DensityLayer& layer, const std::vector<std::pair<DensityTileKey, QByteArray>>& tiles) {
    // Two statements for the whole slice: the tiles written, then the tiles emptied.
    TileKeyArrays written, gone;
    QStringList hex;
    for (const auto& [key, pixels] : tiles) {
        if (pixels.isEmpty()) {
            gone.add(key);
        } else {
            written.add(key);
            hex << QString::fromLatin1(pixels.toHex());
        }
    }
    if (!written.isEmpty()) {
        std::vector<PgParam> params = written.params();
        params.emplace_back(pgPlainArray(hex));
        if (layer) {
            params.emplace_back(*layer);
            deferWrite(
                {QStringLiteral(
                     "INSERT INTO track_density_activity (activity, zoom, tile_x, tile_y, pixels)"
                     " SELECT $5::text, zoom, tile_x, tile_y, decode(pixels, 'hex')"
                     " FROM unnest($1::integer[], $2::integer[], $3::integer[], $4::text[])"
                     " AS t(zoom, tile_x, tile_y, pixels)"
                     " ON CONFLICT (activity, zoom, tile_x, tile_y) DO UPDATE SET pixels = EXCLUDED.pixels"),
                 params});
        } else {
            deferWrite(
                {QStringLiteral("INSERT INTO track_density (zoom, tile_x, tile_y, pixels)"
                                " SELECT zoom, tile_x, tile_y, decode(pixels, 'hex')"
                                " FROM unnest($1::integer[], $2::integer[], $3::integer[], $4::text[])"
                                " AS t(zoom, tile_x, tile_y, pixels)"
                                " ON CONFLICT (zoom, tile_x, tile_y) DO UPDATE SET pixels = EXCLUDED.pixels"),
                 params});
        }
    }
    if (!gone.isEmpty()) {
        std::vector<PgParam> params = gone.params();
        if (layer)
            params.emplace_back(*layer);
        deferWrite({QStringLiteral("DELETE FROM %1 d USING unnest($1::integer[], $2::integer[],"
                                   " $3::integer[]) AS k(zoom, tile_x, tile_y)"
                                   " WHERE (d.zoom, d.tile_x, d.tile_y) = (k.zoom, k.tile_x, k.tile_y)%2")
                        .arg(tableOf(layer), layerCondition(layer, QStringLiteral("d."), 4)),
                    params});
    }
}

void PostgisTracksDatabase::clearDensity() {
    // A rebuild: the importers' and retention's updates wait until it commits (see densityTilesOf).
    execAfterDeferred({QStringLiteral("SELECT pg_advisory_xact_lock($1)"), {kDensityLockKey}});
    m_db->exec(QStringLiteral("DELETE FROM track_density"));
    m_db->exec(QStringLiteral("DELETE FROM track_density_activity"));
}

} // namespace tidemark::tracks
