#pragma once

#include "maplayer.h"
#include "trackpainter.h"
#include "trackpoints.h"

#include <memory>

namespace tidemark::ui {

// Many track points (millions) coloured by class, optionally joined by the path; decimated to pixels.
class TrackLayer : public MapLayer {
    Q_OBJECT
  public:
    TrackLayer(const QString& name, const QString& explanation, QObject* parent = nullptr);

    void setPoints(std::shared_ptr<const TrackPoints> points);
    std::shared_ptr<const TrackPoints> points() const { return m_points; }
    void setStyle(const TrackPainter::Style& style);

    QString explanation() const override { return m_explanation; }
    QList<LegendEntry> legend() const override;
    QGeoRectangle extent() const override;
    LayerRenderFunction renderFunction() const override;

  private:
    QString m_explanation;
    std::shared_ptr<const TrackPoints> m_points;
    TrackPainter::Style m_style;
};

} // namespace tidemark::ui
