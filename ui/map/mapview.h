#pragma once

#include "mapviewport.h"

#include <QGeoCoordinate>
#include <QGeoRectangle>
#include <QTimer>
#include <QWidget>
#include <functional>
#include <memory>

class QAction;
class QLabel;
class QToolButton;

namespace tidemark::ui {

class BaseMap;
class MapLayerModel;
class MapRenderer;
class TileSource;

// The map widget: a base map (grid or tiles), the layers of its MapLayerModel rendered off the GUI thread,
// a scale bar and a readout of the coordinate under the cursor. Pan by dragging or with the arrow keys, zoom
// with the wheel (around the cursor), + and − or a double click.
//
// Typical use: build a TrackPoints (classes with colours and labels) once, give it to a TrackLayer and add
// the layer with layers()->addLayer(); heatmaps go in RasterLayers, the picked row in a MarkerLayer; show
// layers() in a list for the legend; fitToLayers(); connect clicked() for identify. For tiles, give
// setTileSource() an XyzTileSource on the app's QNetworkAccessManager (installDiskCache() once) or an
// MbTilesTileSource; without one the neutral grid is shown.
class MapView : public QWidget {
    Q_OBJECT
  public:
    // Settle times: layers are re-rendered once the view has been still this long, tiles requested later.
    static constexpr int kRenderSettleMs = 40;
    static constexpr int kTileSettleMs = 250;
    static constexpr double kWheelZoomPerNotch = 0.5;

    explicit MapView(QWidget* parent = nullptr);
    ~MapView() override;

    MapLayerModel* layers() const { return m_layers; }
    BaseMap* baseMap() const { return m_baseMap; }
    MapRenderer* renderer() const { return m_renderer; }
    void setTileSource(std::shared_ptr<TileSource> source); // nullptr: the neutral grid

    MapViewport viewport() const { return m_viewport; }
    QGeoCoordinate center() const { return m_viewport.centre(); }
    double zoom() const { return m_viewport.zoom(); }
    QGeoCoordinate coordinateAt(const QPointF& widgetPos) const { return m_viewport.toGeo(widgetPos); }
    QPointF positionOf(const QGeoCoordinate& coordinate) const { return m_viewport.toScreen(coordinate); }

    void setCenter(const QGeoCoordinate& centre);
    void setZoom(double zoom);
    void setView(const QGeoCoordinate& centre, double zoom);
    void zoomAround(const QPointF& widgetPos, double zoom);
    void panBy(const QPointF& pixels);
    void fitTo(const QGeoRectangle& area, int marginPixels = 24);
    void fitToLayers(int marginPixels = 24); // the visible layers' data

    // Zoom to fit, the one of every map: an action (Ctrl+0) shown as a button in the map's top left corner.
    // A workbench adds the action to itself (addAction) so its key works wherever the focus is in it. It fits
    // the visible layers unless setZoomToFit() names what the whole of the map's data is (tracks: what the
    // filters leave of the store, more than the layers hold).
    QAction* zoomToFitAction() const { return m_zoomToFit; }
    QToolButton* zoomToFitButton() const { return m_zoomToFitButton; }
    void setZoomToFit(std::function<void()> fit);
    void zoomToFit();

    // True when no render is scheduled or running: the picture shows every visible layer at this view.
    bool isRenderingIdle() const;
    void renderNow(); // skip the settle delay (tests, screenshots)

  signals:
    void viewChanged(const QGeoCoordinate& centre, double zoom);
    void clicked(const QGeoCoordinate& coordinate);
    void cursorCoordinateChanged(const QGeoCoordinate& coordinate); // invalid when the cursor leaves
    void renderingFinished();

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;

  private:
    void setViewport(const MapViewport& viewport);
    void scheduleRender();
    void startRender();
    void showCursorCoordinate(const QPointF& widgetPos);
    void placeReadout();
    void paintAttribution(QPainter& painter) const;

    MapViewport m_viewport;
    MapLayerModel* m_layers;
    BaseMap* m_baseMap;
    MapRenderer* m_renderer;
    QLabel* m_readout;
    QAction* m_zoomToFit;
    QToolButton* m_zoomToFitButton;
    std::function<void()> m_fit; // what zoom to fit does; empty: fitToLayers()
    QTimer m_renderTimer;
    QTimer m_tileTimer;

    bool m_pressed = false;
    bool m_dragging = false;
    QPointF m_pressPos;
    MapViewport m_pressViewport;
};

} // namespace tidemark::ui
