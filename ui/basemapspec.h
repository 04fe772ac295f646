#pragma once

#include <QString>
#include <memory>

class QNetworkAccessManager;

namespace tidemark::ui {

class TileSource;

// What the operator chose as the map's base layer, as one string: empty for the neutral grid, an XYZ URL
// template (with {z}, {x} and {y}) for raster tiles, anything else the path of a local MBTiles file.
//
// A template's query and user info are where tile services put API keys: they are used for the session but
// never saved (forSettings()). The operator who wants the key at every start provides it in the environment,
// TIDEMARK_TILES_URL, which is read at start and never saved either.
struct BaseMapSpec {
    static constexpr const char* kEnvironmentVariable = "TIDEMARK_TILES_URL";

    // Throws tidemark::Error naming the template or file when it cannot be used; nullptr for the grid.
    static std::shared_ptr<TileSource> open(const QString& spec, QNetworkAccessManager* network);
    static bool isTemplate(const QString& spec);
    // What may be written to the settings: a template without its query, fragment and user info; a file path
    // or the grid as it is.
    static QString forSettings(const QString& spec);
};

} // namespace tidemark::ui
