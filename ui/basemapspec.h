#pragma once

#include <QString>
#include <memory>

class QNetworkAccessManager;

namespace tidemark::ui {

class TileSource;

// What the operator chose as the map's base layer, as one string: empty for the neutral grid, an XYZ URL
// template (with {z}, {x} and {y}) for raster tiles, anything else the path of a local MBTiles file.
struct BaseMapSpec {
    // Throws tidemark::Error naming the template or file when it cannot be used; nullptr for the grid.
    static std::shared_ptr<TileSource> open(const QString& spec, QNetworkAccessManager* network);
    static bool isTemplate(const QString& spec);
};

} // namespace tidemark::ui
