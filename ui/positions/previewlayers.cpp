#include "previewlayers.h"

#include "map/maplayermodel.h"
#include "map/markerlayer.h"
#include "map/rasterlayer.h"
#include "map/tracklayer.h"
#include "positions/heatmapimagewriter.h"

#include <QCoreApplication>

namespace tidemark::ui {

using namespace tidemark::positions;

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("PreviewLayers", text);
}

const QColor kRemoved(235, 95, 80);
const QColor kNotThinned(150, 150, 160);

QList<TrackPoints::PointClass> survivorClasses() {
    return {{QColor(50, 110, 220), tr("kept: time bin")},
            {QColor(240, 150, 20), tr("kept: gap")},
            {QColor(150, 70, 200), tr("kept: blades on/off")},
            {QColor(0, 160, 160), tr("kept: rtk change")},
            {QColor(40, 170, 60), tr("kept: turn")},
            {QColor(20, 20, 20), tr("kept: error")},
            {kNotThinned, tr("left alone (detail window or already thinned)")}};
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
            {QColor::fromHsvF(1.0f / 6, 0.9f, 0.9f), tr("between")},
            {QColor::fromHsvF(1.0f / 3, 0.9f, 0.9f), high}};
}

} // namespace

PreviewLayers::PreviewLayers(MapLayerModel* model) {
    m_mnet = std::make_shared<RasterLayer>(tr("mnet signal"),
                                           tr("Median mobile network RSSI per signal cell of the range."));
    m_wifi = std::make_shared<RasterLayer>(tr("wifi signal"),
                                           tr("Median wifi RSSI per signal cell of the range."));
    m_rtk = std::make_shared<RasterLayer>(tr("rtk fix"),
                                          tr("Share of rows with a fixed RTK solution per signal cell."));
    m_before = std::make_shared<RasterLayer>(tr("coverage before"),
                                             tr("Cells the raw rows cover (swath, normal join limits)."));
    m_after = std::make_shared<RasterLayer>(
        tr("coverage after"), tr("Cells the survivors cover with the wider join of thinned rows."));
    m_difference = std::make_shared<RasterLayer>(
        tr("coverage difference"), tr("Cells the thinning loses (red) or gains (blue); grey is unchanged."));
    m_raw = std::make_shared<TrackLayer>(tr("raw track"),
                                         tr("Every row of the range as the table holds it, with its path."));
    m_removed = std::make_shared<TrackLayer>(tr("removed rows"), tr("Rows a round would delete."));
    m_survivors = std::make_shared<TrackLayer>(tr("survivors by reason"),
                                               tr("Rows a round keeps, coloured by their main reason."));
    m_marker = std::make_shared<MarkerLayer>(tr("picked row"), tr("The row shown in the inspector."));

    m_before->setLegend({{QColor(60, 170, 90), tr("covered")}});
    m_after->setLegend({{QColor(60, 110, 220), tr("covered")}});
    m_difference->setLegend({{QColor(150, 150, 150), tr("unchanged")},
                             {QColor(220, 40, 40), tr("lost")},
                             {QColor(40, 90, 230), tr("gained")}});
    m_rtk->setLegend(signalLegend(tr("no fix"), tr("fixed")));
    m_wifi->setLegend(signalLegend(tr("−100 dBm"), tr("−40 dBm")));
    m_mnet->setLegend(signalLegend(tr("−100 dBm"), tr("−40 dBm")));

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
    raw->classes = {{QColor(90, 90, 100), tr("raw row")}};
    survivors->classes = survivorClasses();
    removed->classes = {{kRemoved, tr("removed")}};
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
