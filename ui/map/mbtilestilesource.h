#pragma once

#include "tilesource.h"

#include <atomic>
#include <memory>

namespace tidemark::ui {

// Raster tiles from a local MBTiles file (SQLite: metadata + tiles(zoom_level, tile_column, tile_row,
// tile_data), rows counted from the south, TMS style). Reads run as jobs on Qt's shared thread pool, each
// job opening its own named read-only connection; a newer request supersedes the jobs of older ones, and the
// GUI thread only receives decoded images (TileImage: PNG, JPEG or WebP). A tile that cannot be read fails
// with a reason naming the file.
class MbTilesTileSource : public TileSource {
    Q_OBJECT
  public:
    // Reads the metadata; throws tidemark::Error naming the file: (Connection) when it cannot be opened, is
    // not an SQLite database, is shorter than its header says (truncated) or lacks the metadata or tiles
    // table; (Settings) when its format is not a raster image format or its minzoom/maxzoom are not whole
    // numbers or minzoom is above maxzoom. Zoom levels outside 0–22 are clamped, with a warning.
    explicit MbTilesTileSource(const QString& path, QObject* parent = nullptr);
    ~MbTilesTileSource() override;

    int minZoom() const override { return m_minZoom; }
    int maxZoom() const override { return m_maxZoom; }
    QString attribution() const override { return m_attribution; }
    QString name() const { return m_name; }
    QStringList warnings() const override { return m_warnings; }
    void request(const QList<TileKey>& keys) override;

    // The MBTiles tile_row of an XYZ key.
    static int tmsRow(const TileKey& key) { return (1 << key.z) - 1 - key.y; }

  private:
    void deliver(quint64 generation, const TileKey& key, const QImage& image, const QString& problem);

    QString m_path;
    QString m_name;
    QString m_attribution;
    QStringList m_warnings;
    int m_minZoom = 0;
    int m_maxZoom = 22;
    std::shared_ptr<std::atomic<quint64>> m_generation = std::make_shared<std::atomic<quint64>>(0);
};

} // namespace tidemark::ui
