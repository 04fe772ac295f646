#pragma once

#include "heatmapcellset.h"
#include "heatmapplane.h"
#include "signallayers.h"

#include <QByteArray>
#include <QString>

namespace tidemark::positions {

// Heatmap layers as one GeoJSON FeatureCollection (RFC 7946, lon/lat WGS 84) for other tools. Coverage cells
// are merged per row run: one rectangle polygon per maximal run of covered cells in a row, with properties
// {layer, cells}; signal cells are one polygon each with {layer: "signal", rows, rtk_fixed_share,
// wifi_median_dbm, mnet_median_dbm} (null where a value is missing). Corners go through the plane's exact
// inverse.
class HeatmapGeoJsonWriter {
  public:
    explicit HeatmapGeoJsonWriter(const HeatmapPlane& plane);

    // Features added from now on use this plane and carry {"mower_id": id} (several mowers in one file).
    void setMower(const HeatmapPlane& plane, const QString& mowerId);

    void addCells(const QString& layer, const HeatmapCellSet& cells, double cellMetres);
    void addSignal(const SignalLayers& signal);

    int featureCount() const { return m_features; }
    QByteArray toJson() const;
    // Throws Error(Failed) naming the file when it cannot be written.
    void write(const QString& path) const;

  private:
    void beginFeature(double x0, double y0, double x1, double y1);

    HeatmapPlane m_plane;
    QByteArray m_mowerProperty; // "" or "\"mower_id\":\"…\","
    QByteArray m_body;
    int m_features = 0;
};

} // namespace tidemark::positions
