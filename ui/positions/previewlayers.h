#pragma once

#include "previewresult.h"
#include "rasterlayer.h"
#include "trackpoints.h"

#include <QGeoCoordinate>
#include <QMetaType>
#include <memory>

namespace tidemark::ui {

class MapLayerModel;
class MarkerLayer;
class RasterLayer;
class TrackLayer;

// What the preview's layers draw, built from a PreviewResult on any thread (a preview job builds it, so the
// GUI thread only swaps pointers even for millions of rows).
struct PreviewLayerData {
    std::shared_ptr<const TrackPoints> raw, survivors, removed;
    std::shared_ptr<const GeoRaster> before, after, difference, rtk, wifi, mnet;
    static PreviewLayerData build(const positions::PreviewResult& result);
};

// The preview's layers on the map, added once to a MapLayerModel and refilled for every preview: the raw
// track, the survivors coloured by their main reason, the removed rows, coverage before / after / difference
// and the rtk, wifi and mnet heatmaps, and a marker for the row picked by a click.
class PreviewLayers {
  public:
    explicit PreviewLayers(MapLayerModel* model);

    void show(const PreviewLayerData& data);
    void show(const positions::PreviewResult& result) { show(PreviewLayerData::build(result)); }
    void mark(const QGeoCoordinate& position);

    TrackLayer* raw() const { return m_raw.get(); }
    TrackLayer* survivors() const { return m_survivors.get(); }
    TrackLayer* removed() const { return m_removed.get(); }
    RasterLayer* coverageBefore() const { return m_before.get(); }
    RasterLayer* coverageAfter() const { return m_after.get(); }
    RasterLayer* coverageDifference() const { return m_difference.get(); }
    RasterLayer* rtk() const { return m_rtk.get(); }
    RasterLayer* wifi() const { return m_wifi.get(); }
    RasterLayer* mnet() const { return m_mnet.get(); }
    MarkerLayer* marker() const { return m_marker.get(); }

    // The class a survivor is drawn in: its most telling reason (error, turn, rtk, blades, gap, bin), or
    // "not thinned" for rows a round leaves alone.
    static int survivorClass(positions::RowFate fate, positions::KeepReasons reasons);

  private:
    std::shared_ptr<TrackLayer> m_raw, m_survivors, m_removed;
    std::shared_ptr<RasterLayer> m_before, m_after, m_difference, m_rtk, m_wifi, m_mnet;
    std::shared_ptr<MarkerLayer> m_marker;
};

} // namespace tidemark::ui

Q_DECLARE_METATYPE(tidemark::ui::PreviewLayerData)
