#pragma once

#include "maplayer.h"
#include "trackoverview.h"
#include "tracksstore.h"

#include <QImage>

#include <QSet>
#include <memory>
#include <vector>

namespace tidemark::ui {

// The tracks in view as simplified lines, coloured by activity; the tracks of the retention preview drawn
// over them in magenta and the selected one on top in black. The lines are projected to the Web Mercator
// unit square once, when they arrive; a frame only scales, skips lines off screen and vertices that fall on
// the pixel of the one before, and draws 1 px strokes. At the far zooms the layer draws the store's density
// overview instead (TrackOverview's tiles: every track in view, however many, as pixels shaded by how many
// tracks pass), each tile one image scaled to the view.
class TracksLayer : public MapLayer {
    Q_OBJECT
  public:
    struct Lines {
        struct Line {
            qint64 id = 0;
            int colour = 0; // index into colours
            std::size_t first = 0, count = 0;
            double minX = 0, minY = 0, maxX = 0, maxY = 0; // unit square
        };
        std::vector<Line> lines;
        std::vector<QPointF> unit;
        QList<QColor> colours;
        QGeoRectangle extent;
    };

    TracksLayer();

    void setTracks(const std::shared_ptr<const std::vector<tracks::SimplifiedTrack>>& tracks);
    // The density overview's tiles in view (drawn under any lines); empty: none.
    void setDensity(const std::shared_ptr<const std::vector<tracks::DensityTile>>& tiles);
    struct DensityImage {
        tracks::DensityTileKey key;
        QImage image;
    };
    std::shared_ptr<const std::vector<DensityImage>> density() const { return m_density; }
    // The colour of a pixel that `count` tracks pass, of at most `most` in view (0: transparent).
    static QRgb densityColour(qint32 count, qint32 most);
    void setHighlighted(const QSet<qint64>& ids); // the retention preview
    void setSelected(qint64 id);                  // 0: none
    qint64 selected() const { return m_selected; }
    std::shared_ptr<const Lines> lines() const { return m_lines; }
    // The id of the line passing within `pixels` of a screen point, 0 when none (clicks on the map).
    qint64 lineAt(const MapViewport& viewport, const QPointF& screen, double pixels = 4) const;

    static QColor colourOf(const QString& activity);

    QString explanation() const override;
    QList<LegendEntry> legend() const override;
    QGeoRectangle extent() const override;
    LayerRenderFunction renderFunction() const override;

  private:
    std::shared_ptr<const Lines> m_lines;
    std::shared_ptr<const std::vector<DensityImage>> m_density =
        std::make_shared<std::vector<DensityImage>>();
    QStringList m_activities; // of the colours, in order
    std::shared_ptr<const QSet<qint64>> m_highlighted;
    qint64 m_selected = 0;
};

} // namespace tidemark::ui
