#pragma once

#include "maplayer.h"

namespace tidemark::ui {

// A highlight marker (the point an identify click picked): two 1 px rings and a cross hair.
class MarkerLayer : public MapLayer {
    Q_OBJECT
  public:
    MarkerLayer(const QString& name, const QString& explanation, QObject* parent = nullptr);

    void setPosition(const QGeoCoordinate& position); // an invalid coordinate hides the marker
    QGeoCoordinate position() const { return m_position; }

    QString explanation() const override { return m_explanation; }
    QList<LegendEntry> legend() const override { return {{m_colour, name()}}; }
    QGeoRectangle extent() const override;
    LayerRenderFunction renderFunction() const override;

  private:
    QString m_explanation;
    QGeoCoordinate m_position;
    const QColor m_colour{230, 30, 160};
};

} // namespace tidemark::ui
