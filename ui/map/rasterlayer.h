#pragma once

#include "maplayer.h"

#include <QImage>
#include <memory>

namespace tidemark::ui {

// An image whose corners are geo coordinates; its rows and columns are spaced evenly in Web Mercator,
// which for a lawn-sized area is the local metre grid of a heatmap.
struct GeoRaster {
    QImage image;
    QGeoRectangle bounds;
};

// Coverage and signal heatmaps: drawn scaled with nearest-neighbour sampling so cells stay crisp.
class RasterLayer : public MapLayer {
    Q_OBJECT
  public:
    RasterLayer(const QString& name, const QString& explanation, QObject* parent = nullptr);

    void setRaster(std::shared_ptr<const GeoRaster> raster);
    void setLegend(const QList<LegendEntry>& legend);
    void setOpacity(double opacity);

    QString explanation() const override { return m_explanation; }
    QList<LegendEntry> legend() const override { return m_legend; }
    QGeoRectangle extent() const override;
    LayerRenderFunction renderFunction() const override;

  private:
    QString m_explanation;
    QList<LegendEntry> m_legend;
    std::shared_ptr<const GeoRaster> m_raster;
    double m_opacity = 0.75;
};

} // namespace tidemark::ui
