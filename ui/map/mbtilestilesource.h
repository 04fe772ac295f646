#pragma once

#include "mbtilesreader.h"
#include "tilesource.h"

#include <atomic>
#include <memory>

namespace tidemark::ui {

// Raster tiles from a local MBTiles file, read by MbTilesReader (bounded, read-only, tables only). Nothing
// but the cheapest checks happens on the GUI thread: the metadata is read as a job on Qt's shared thread
// pool, then opened() or openFailed() is emitted; tiles are read as jobs too, each opening its own
// connection, a newer request superseding (and interrupting) the jobs of older ones, and the GUI thread only
// receives decoded images (TileImage: PNG, JPEG or WebP). A tile that cannot be read fails with a reason
// naming the file.
class MbTilesTileSource : public TileSource {
    Q_OBJECT
  public:
    // Throws tidemark::Error (Connection) naming the file when it does not exist, is empty, is not an SQLite
    // file or is shorter than its header says (MbTilesReader::fileProblem); then reads the metadata off the
    // GUI thread: openFailed() with MbTilesReader's reason (no metadata or tiles table, a view or virtual
    // table, more rows or longer values than the caps, a statement past its budget, a format that is not
    // raster, a zoom that is not a whole number or minzoom above maxzoom), else opened(). Zoom levels outside
    // 0–22 are clamped, with a warning.
    explicit MbTilesTileSource(const QString& path, QObject* parent = nullptr);
    // A source on metadata already read: open at once.
    MbTilesTileSource(const QString& path, const MbTilesMetadata& metadata, QObject* parent = nullptr);
    ~MbTilesTileSource() override;

    bool isOpening() const override { return m_state == State::Opening; }
    bool hasFailed() const { return m_state == State::Failed; }
    int minZoom() const override { return m_metadata.minZoom; }
    int maxZoom() const override { return m_metadata.maxZoom; }
    QString attribution() const override { return m_metadata.attribution; }
    QString name() const { return m_metadata.name; }
    QStringList warnings() const override { return m_metadata.warnings; }
    void request(const QList<TileKey>& keys) override; // ignored until opened
    std::shared_ptr<TileSource> twin() const override;

    // The MBTiles tile_row of an XYZ key.
    static int tmsRow(const TileKey& key) { return MbTilesReader::tmsRow(key.z, key.y); }

  private:
    enum class State { Opening, Open, Failed };
    void finishOpening(const MbTilesMetadata& metadata, const QString& problem);
    void deliver(const TileKey& key, const QImage& image, const QString& problem);

    QString m_path;
    MbTilesMetadata m_metadata;
    State m_state = State::Opening;
    std::shared_ptr<std::atomic<quint64>> m_generation = std::make_shared<std::atomic<quint64>>(0);
};

} // namespace tidemark::ui
