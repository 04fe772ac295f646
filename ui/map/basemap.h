#pragma once

#include "mapviewport.h"
#include "tilesource.h"

#include <QCache>
#include <QDeadlineTimer>
#include <QHash>
#include <QImage>
#include <QObject>
#include <memory>

class QPainter;

namespace tidemark::ui {

// The bottom of the map: a neutral grid (always, so the map works offline) and, when a tile source is set,
// its tiles from an in-memory cache. Tiles are requested only by requestTiles(), which the view calls once it
// has settled, never while panning fast. Missing tiles borrow a scaled part of a cached parent tile.
class BaseMap : public QObject {
    Q_OBJECT
  public:
    static constexpr int kRetryFailedTileMs = 30000;

    explicit BaseMap(QObject* parent = nullptr);

    void setSource(std::shared_ptr<TileSource> source); // nullptr: the grid alone
    TileSource* source() const { return m_source.get(); }

    void paint(QPainter& painter, const MapViewport& viewport) const;
    void requestTiles(const MapViewport& viewport);

    int tileZoom(const MapViewport& viewport) const;
    QList<TileKey> visibleTiles(const MapViewport& viewport) const; // centre first
    int cachedTileCount() const { return static_cast<int>(m_tiles.count()); }
    bool hasTile(const TileKey& key) const { return m_tiles.contains(key); }

  signals:
    void tilesChanged();
    void tileFailed(const QString& reason);
    void sourceOpened(); // a source that was opening is open: the view asks for its tiles again

  private:
    void paintGrid(QPainter& painter, const MapViewport& viewport) const;
    bool paintTile(QPainter& painter, const MapViewport& viewport, const TileKey& key) const;

    std::shared_ptr<TileSource> m_source;
    QCache<TileKey, QImage> m_tiles{64 * 1024}; // cost in KiB: 64 MiB
    QHash<TileKey, QDeadlineTimer> m_failed;    // not asked for again until the deadline passes
};

} // namespace tidemark::ui
