#include "previewlayers.h"

#include "heatmapimagewriter.h"
#include "maplayermodel.h"
#include "markerlayer.h"
#include "rasterlayer.h"
#include "tracklayer.h"

#include <QCoreApplication>

namespace tidemark::ui {

using namespace tidemark::positions;

namespace {

// Every string of this file is in the translation context tidemark::ui::PreviewLayers, written out in full
// so that lupdate and the runtime agree on it (free functions and both classes share it).

const QColor kRemoved(235, 95, 80);
const QColor kNotThinned(150, 150, 160);

QList<TrackPoints::PointClass> survivorClasses() {
    return {
        {QColor(50, 110, 220), QCoreApplication::translate("tidemark::ui::PreviewLayers", "kept: time bin")},
        {QColor(240, 150, 20), QCoreApplication::translate("tidemark::ui::PreviewLayers", "kept: gap")},
        {QColor(150, 70, 200),
         QCoreApplication::translate("tidemark::ui::PreviewLayers", "kept: blades on/off")},
        {QColor(0, 160, 160), QCoreApplication::translate("tidemark::ui::PreviewLayers", "kept: rtk change")},
        {QColor(40, 170, 60), QCoreApplication::translate("tidemark::ui::PreviewLayers", "kept: turn")},
        {QColor(20, 20, 20), QCoreApplication::translate("tidemark::ui::PreviewLayers", "kept: error")},
        {kNotThinned, QCoreApplication::translate("tidemark::ui::PreviewLayers",
                                                  "left alone (detail window or already thinned)")}};
}

// A cell image of the writer's frame placed on the map: its top-left cell corner and its size in cells.
std::shared_ptr<GeoRaster> placed(const QImage& image, const HeatmapPlane& plane,
                                  const HeatmapCellSet::Bounds& extent, double cell, int cellsPerPixel) {
    auto raster = std::make_shared<GeoRaster>();
    raster->image = image;
    const double left = double(extent.iMin) * cell;
    const double top = double(extent.jMax + 1) * cell;
    const double right = left + double(image.width()) * cellsPerPixel * cell;
    const double bottom = top - double(image.height()) * cellsPerPixel * cell;
    const auto [latTop, lonLeft] = plane.unproject(left, top);
    const auto [latBottom, lonRight] = plane.unproject(right, bottom);
    raster->bounds = QGeoRectangle(QGeoCoordinate(latTop, lonLeft), QGeoCoordinate(latBottom, lonRight));
    return raster;
}

QList<LegendEntry> signalLegend(const QString& low, const QString& high) {
    return {{QColor::fromHsvF(0, 0.9f, 0.9f), low},
            {QColor::fromHsvF(1.0f / 6, 0.9f, 0.9f),
             QCoreApplication::translate("tidemark::ui::PreviewLayers", "between")},
            {QColor::fromHsvF(1.0f / 3, 0.9f, 0.9f), high}};
}

} // namespace

PreviewLayers::PreviewLayers(MapLayerModel* model) {
    m_mnet = std::make_shared<RasterLayer>(
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "mnet signal"),
        QCoreApplication::translate("tidemark::ui::PreviewLayers",
                                    "Median mobile network RSSI per signal cell of the range."));
    m_wifi = std::make_shared<RasterLayer>(
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "wifi signal"),
        QCoreApplication::translate("tidemark::ui::PreviewLayers",
                                    "Median wifi RSSI per signal cell of the range."));
    m_rtk = std::make_shared<RasterLayer>(
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "rtk fix"),
        QCoreApplication::translate("tidemark::ui::PreviewLayers",
                                    "Share of rows with a fixed RTK solution per signal cell."));
    m_before = std::make_shared<RasterLayer>(
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "coverage before"),
        QCoreApplication::translate("tidemark::ui::PreviewLayers",
                                    "Cells the raw rows cover (swath, normal join limits)."));
    m_after = std::make_shared<RasterLayer>(
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "coverage after"),
        QCoreApplication::translate("tidemark::ui::PreviewLayers",
                                    "Cells the survivors cover with the wider join of thinned rows."));
    m_difference = std::make_shared<RasterLayer>(
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "coverage difference"),
        QCoreApplication::translate("tidemark::ui::PreviewLayers",
                                    "Cells the thinning loses (red) or gains (blue); grey is unchanged."));
    m_raw = std::make_shared<TrackLayer>(
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "raw track"),
        QCoreApplication::translate("tidemark::ui::PreviewLayers",
                                    "Every row of the range as the table holds it, with its path."));
    m_removed = std::make_shared<TrackLayer>(
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "removed rows"),
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "Rows a round would delete."));
    m_survivors = std::make_shared<TrackLayer>(
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "survivors by reason"),
        QCoreApplication::translate("tidemark::ui::PreviewLayers",
                                    "Rows a round keeps, coloured by their main reason."));
    m_marker = std::make_shared<MarkerLayer>(
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "picked row"),
        QCoreApplication::translate("tidemark::ui::PreviewLayers", "The row shown in the inspector."));

    m_before->setLegend(
        {{QColor(60, 170, 90), QCoreApplication::translate("tidemark::ui::PreviewLayers", "covered")}});
    m_after->setLegend(
        {{QColor(60, 110, 220), QCoreApplication::translate("tidemark::ui::PreviewLayers", "covered")}});
    m_difference->setLegend(
        {{QColor(150, 150, 150), QCoreApplication::translate("tidemark::ui::PreviewLayers", "unchanged")},
         {QColor(220, 40, 40), QCoreApplication::translate("tidemark::ui::PreviewLayers", "lost")},
         {QColor(40, 90, 230), QCoreApplication::translate("tidemark::ui::PreviewLayers", "gained")}});
    m_rtk->setLegend(signalLegend(QCoreApplication::translate("tidemark::ui::PreviewLayers", "no fix"),
                                  QCoreApplication::translate("tidemark::ui::PreviewLayers", "fixed")));
    m_wifi->setLegend(signalLegend(QCoreApplication::translate("tidemark::ui::PreviewLayers", "−100 dBm"),
                                   QCoreApplication::translate("tidemark::ui::PreviewLayers", "−40 dBm")));
    m_mnet->setLegend(signalLegend(QCoreApplication::translate("tidemark::ui::PreviewLayers", "−100 dBm"),
                                   QCoreApplication::translate("tidemark::ui::PreviewLayers", "−40 dBm")));

    TrackPainter::Style pointsOnly;
    pointsOnly.drawPath = false;
    m_survivors->setStyle(pointsOnly);
    m_removed->setStyle(pointsOnly);
    TrackPainter::Style path;
    path.drawPoints = true;
    path.pathColour = QColor(110, 110, 120, 140);
    m_raw->setStyle(path);

    for (const auto& layer : {m_mnet, m_wifi, m_rtk, m_before, m_after, m_difference})
        layer->setVisible(false);
    m_raw->setVisible(false);
    for (const std::shared_ptr<MapLayer>& layer : std::initializer_list<std::shared_ptr<MapLayer>>{
             m_mnet, m_wifi, m_rtk, m_before, m_after, m_difference, m_raw, m_removed, m_survivors, m_marker})
        model->addLayer(layer, 0);
}

int PreviewLayers::survivorClass(RowFate fate, KeepReasons reasons) {
    if (fate != RowFate::Kept)
        return 6;
    for (int bit = 5; bit >= 0; --bit)
        if (reasons & (1u << bit))
            return bit;
    return 6;
}

PreviewLayerData PreviewLayerData::build(const PreviewResult& result) {
    auto raw = std::make_shared<TrackPoints>();
    auto survivors = std::make_shared<TrackPoints>();
    auto removed = std::make_shared<TrackPoints>();
    raw->classes = {
        {QColor(90, 90, 100), QCoreApplication::translate("tidemark::ui::PreviewLayers", "raw row")}};
    survivors->classes = survivorClasses();
    removed->classes = {{kRemoved, QCoreApplication::translate("tidemark::ui::PreviewLayers", "removed")}};
    raw->reserve(result.rows.size());
    survivors->reserve(std::size_t(result.kept));
    removed->reserve(std::size_t(result.removed));
    for (std::size_t i = 0; i < result.rows.size(); ++i) {
        const PositionRow& r = result.rows[i];
        raw->append(r.lon, r.lat, 0);
        if (result.fates[i] == RowFate::Removed)
            removed->append(r.lon, r.lat, 0);
        else
            survivors->append(r.lon, r.lat,
                              std::uint8_t(PreviewLayers::survivorClass(result.fates[i], result.reasons[i])));
    }
    PreviewLayerData data;
    data.raw = raw;
    data.survivors = survivors;
    data.removed = removed;

    const CoverageCheckLayers& layers = result.checkLayers;
    const double cell = result.check.cellMetres > 0 ? result.check.cellMetres : 0.1;
    const HeatmapCellSet::Bounds extent = HeatmapImageWriter::extentOf(layers, result.signal, cell);
    const HeatmapImageWriter writer(extent, cell, 2048);
    const auto place = [&](const QImage& image) -> std::shared_ptr<const GeoRaster> {
        return placed(image, layers.plane, extent.empty() ? HeatmapCellSet::Bounds{0, 0, 0, 0} : extent, cell,
                      writer.cellsPerPixel());
    };
    data.before = place(writer.coverage(layers.before, qRgba(60, 170, 90, 255)));
    data.after = place(writer.coverage(layers.after, qRgba(60, 110, 220, 255)));
    data.difference = place(writer.difference(layers.before, layers.lost, layers.gained));
    data.rtk = place(writer.signal(result.signal, HeatmapImageWriter::SignalKind::Rtk));
    data.wifi = place(writer.signal(result.signal, HeatmapImageWriter::SignalKind::Wifi));
    data.mnet = place(writer.signal(result.signal, HeatmapImageWriter::SignalKind::Mnet));
    return data;
}

void PreviewLayers::show(const PreviewLayerData& data) {
    m_raw->setPoints(data.raw);
    m_survivors->setPoints(data.survivors);
    m_removed->setPoints(data.removed);
    m_before->setRaster(data.before);
    m_after->setRaster(data.after);
    m_difference->setRaster(data.difference);
    m_rtk->setRaster(data.rtk);
    m_wifi->setRaster(data.wifi);
    m_mnet->setRaster(data.mnet);
    m_marker->setPosition(QGeoCoordinate());
}

void PreviewLayers::mark(const QGeoCoordinate& position) {
    m_marker->setPosition(position);
}

} // namespace tidemark::ui
