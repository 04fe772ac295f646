#include "mapview.h"

#include "basemap.h"
#include "displayformat.h"
#include "maplayermodel.h"
#include "maprenderer.h"
#include "scalebar.h"
#include "tilesource.h"
#include "webmercator.h"

#include <QAction>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QToolButton>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace tidemark::ui {

namespace {
constexpr int kDragThreshold = 4; // pixels a press may move and still be a click
constexpr int kOverlayMargin = 8;
} // namespace

MapView::MapView(QWidget* parent)
    : QWidget(parent), m_layers(new MapLayerModel(this)), m_baseMap(new BaseMap(this)),
      m_renderer(new MapRenderer(this)), m_readout(new QLabel(this)),
      m_zoomToFit(new QAction(tr("Zoom to fit"), this)), m_zoomToFitButton(new QToolButton(this)) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(120, 90);
    m_viewport = MapViewport({0.5, 0.5}, 1, size());

    m_readout->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_readout->setStyleSheet(
        QStringLiteral("QLabel { background: rgba(255,255,255,200); color: #282828; padding: 2px 6px; }"));
    m_readout->hide();

    m_zoomToFit->setObjectName(QStringLiteral("zoomToFitAction"));
    m_zoomToFit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_zoomToFit->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_zoomToFit->setToolTip(tr("Show all of the map's data (%1)")
                                .arg(m_zoomToFit->shortcut().toString(QKeySequence::NativeText)));
    addAction(m_zoomToFit); // the key works on the map alone too
    connect(m_zoomToFit, &QAction::triggered, this, &MapView::zoomToFit);
    m_zoomToFitButton->setObjectName(QStringLiteral("zoomToFitButton"));
    m_zoomToFitButton->setDefaultAction(m_zoomToFit);
    m_zoomToFitButton->setCursor(Qt::ArrowCursor);
    m_zoomToFitButton->adjustSize();
    m_zoomToFitButton->move(kOverlayMargin, kOverlayMargin);

    m_renderTimer.setSingleShot(true);
    m_renderTimer.setInterval(kRenderSettleMs);
    connect(&m_renderTimer, &QTimer::timeout, this, &MapView::startRender);
    m_tileTimer.setSingleShot(true);
    m_tileTimer.setInterval(kTileSettleMs);
    connect(&m_tileTimer, &QTimer::timeout, this, [this] { m_baseMap->requestTiles(m_viewport); });

    connect(m_renderer, &MapRenderer::imageReady, this, qOverload<>(&QWidget::update));
    connect(m_renderer, &MapRenderer::idle, this, [this] {
        if (isRenderingIdle())
            emit renderingFinished();
    });
    connect(m_baseMap, &BaseMap::tilesChanged, this, qOverload<>(&QWidget::update));
    connect(m_baseMap, &BaseMap::sourceOpened, &m_tileTimer, qOverload<>(&QTimer::start));
    connect(m_layers, &MapLayerModel::layersChanged, this, [this] {
        scheduleRender();
        update();
    });
    connect(m_layers, &MapLayerModel::rowsAboutToBeRemoved, this,
            [this](const QModelIndex&, int first, int last) {
                for (int row = first; row <= last; ++row)
                    m_renderer->forget(m_layers->layerAt(row));
            });
}

MapView::~MapView() = default;

void MapView::setTileSource(std::shared_ptr<TileSource> source) {
    m_baseMap->setSource(std::move(source));
    m_tileTimer.start();
}

void MapView::setCenter(const QGeoCoordinate& centre) {
    if (centre.isValid())
        setViewport(MapViewport::centredOn(centre, m_viewport.zoom(), size()));
}

namespace {
double viewZoom(double zoom) {
    return std::clamp(zoom, MapViewport::kMinZoom, MapViewport::kMaxZoom);
}
} // namespace

void MapView::setZoom(double zoom) {
    setViewport(m_viewport.withZoom(viewZoom(zoom)));
}

void MapView::setView(const QGeoCoordinate& centre, double zoom) {
    if (centre.isValid())
        setViewport(MapViewport::centredOn(centre, viewZoom(zoom), size()));
}

void MapView::zoomAround(const QPointF& widgetPos, double zoom) {
    setViewport(m_viewport.zoomedAround(widgetPos, viewZoom(zoom)));
}

void MapView::panBy(const QPointF& pixels) {
    setViewport(m_viewport.pannedBy(pixels));
}

void MapView::fitTo(const QGeoRectangle& area, int marginPixels) {
    if (!area.isValid())
        return;
    const QPointF topLeft = WebMercator::toUnit(area.topLeft().longitude(), area.topLeft().latitude());
    const QPointF bottomRight =
        WebMercator::toUnit(area.bottomRight().longitude(), area.bottomRight().latitude());
    const double width = std::max(1, this->width() - 2 * marginPixels);
    const double height = std::max(1, this->height() - 2 * marginPixels);
    const double zoom = std::min(WebMercator::zoomToFit(area, width, height), 21.0);
    setViewport(MapViewport((topLeft + bottomRight) / 2, zoom, size()));
}

void MapView::fitToLayers(int marginPixels) {
    QGeoRectangle area;
    for (const auto& layer : m_layers->drawingOrder()) {
        const QGeoRectangle extent = layer->extent();
        if (!layer->isVisible() || !extent.isValid())
            continue;
        area = area.isValid() ? area.united(extent) : extent;
    }
    fitTo(area, marginPixels);
}

void MapView::setZoomToFit(std::function<void()> fit) {
    m_fit = std::move(fit);
}

void MapView::zoomToFit() {
    if (m_fit)
        m_fit();
    else
        fitToLayers();
}

bool MapView::isRenderingIdle() const {
    return !m_renderTimer.isActive() && m_renderer->isIdle();
}

void MapView::renderNow() {
    m_renderTimer.stop();
    startRender();
}

void MapView::setViewport(const MapViewport& viewport) {
    if (viewport == m_viewport)
        return;
    m_viewport = viewport;
    update();
    scheduleRender();
    m_tileTimer.start(); // restarted by every change: no tile requests while the view keeps moving
    emit viewChanged(m_viewport.centre(), m_viewport.zoom());
}

void MapView::scheduleRender() {
    m_renderTimer.start();
}

void MapView::startRender() {
    m_renderer->render(m_viewport, m_layers->drawingOrder(), devicePixelRatioF());
    if (isRenderingIdle())
        emit renderingFinished();
}

void MapView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    m_baseMap->paint(painter, m_viewport);
    for (const auto& layer : m_layers->drawingOrder()) {
        if (!layer->isVisible())
            continue;
        const MapRenderer::LayerImage* image = m_renderer->image(layer.get());
        if (!image)
            continue;
        if (image->viewport == m_viewport) {
            painter.drawImage(0, 0, image->image);
            continue;
        }
        // The last image, shifted (and scaled) until the new one is ready.
        painter.save();
        painter.setTransform(m_viewport.transformFrom(image->viewport));
        painter.drawImage(0, 0, image->image);
        painter.restore();
    }
    const int maximumBar = std::clamp(width() / 5, 60, 160);
    ScaleBar::paint(painter, QPoint(width() - kOverlayMargin, height() - kOverlayMargin),
                    ScaleBar::choose(m_viewport.metresPerPixel(), maximumBar));
    paintAttribution(painter);
}

void MapView::paintAttribution(QPainter& painter) const {
    const TileSource* source = m_baseMap->source();
    if (!source || source->attribution().isEmpty())
        return;
    const QFontMetrics metrics(painter.font());
    const QString text = source->attribution();
    const QRect box(width() - metrics.horizontalAdvance(text) - 10, 0, metrics.horizontalAdvance(text) + 10,
                    metrics.height() + 4);
    painter.fillRect(box, QColor(255, 255, 255, 190));
    painter.setPen(QColor(60, 60, 60));
    painter.drawText(box, Qt::AlignCenter, text);
}

void MapView::resizeEvent(QResizeEvent*) {
    m_viewport = m_viewport.withSize(size());
    placeReadout();
    scheduleRender();
    m_tileTimer.start();
}

void MapView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_pressed = true;
    m_dragging = false;
    m_pressPos = event->position();
    m_pressViewport = m_viewport;
}

void MapView::mouseMoveEvent(QMouseEvent* event) {
    if (m_pressed && (event->buttons() & Qt::LeftButton)) {
        const QPointF delta = event->position() - m_pressPos;
        if (!m_dragging && delta.manhattanLength() >= kDragThreshold) {
            m_dragging = true;
            setCursor(Qt::ClosedHandCursor);
        }
        if (m_dragging)
            setViewport(m_pressViewport.pannedBy(delta));
    }
    showCursorCoordinate(event->position());
}

void MapView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !m_pressed)
        return QWidget::mouseReleaseEvent(event);
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        unsetCursor();
        setViewport(m_pressViewport.pannedBy(event->position() - m_pressPos));
    } else {
        emit clicked(m_viewport.toGeo(event->position()));
    }
}

void MapView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return QWidget::mouseDoubleClickEvent(event);
    zoomAround(event->position(), std::floor(m_viewport.zoom() + 1e-9) + 1);
}

void MapView::wheelEvent(QWheelEvent* event) {
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0)
        return QWidget::wheelEvent(event);
    zoomAround(event->position(), m_viewport.zoom() + notches * kWheelZoomPerNotch);
    event->accept();
}

void MapView::keyPressEvent(QKeyEvent* event) {
    const QPointF step(width() / 4.0, height() / 4.0);
    const QPointF middle(width() / 2.0, height() / 2.0);
    switch (event->key()) {
    case Qt::Key_Left:
        return panBy({step.x(), 0});
    case Qt::Key_Right:
        return panBy({-step.x(), 0});
    case Qt::Key_Up:
        return panBy({0, step.y()});
    case Qt::Key_Down:
        return panBy({0, -step.y()});
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        return zoomAround(middle, m_viewport.zoom() + 1);
    case Qt::Key_Minus:
        return zoomAround(middle, m_viewport.zoom() - 1);
    default:
        QWidget::keyPressEvent(event);
    }
}

void MapView::leaveEvent(QEvent* event) {
    m_readout->hide();

    emit cursorCoordinateChanged(QGeoCoordinate());
    QWidget::leaveEvent(event);
}

void MapView::showCursorCoordinate(const QPointF& widgetPos) {
    const QGeoCoordinate coordinate = m_viewport.toGeo(widgetPos);
    // Enough decimals to tell neighbouring pixels apart (1e-5° is about 1.1 m).
    const double degreesPerPixel = m_viewport.metresPerPixel() / 111320.0;
    const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(degreesPerPixel))), 2, 8);
    m_readout->setText(display::coordinate(coordinate.latitude(), coordinate.longitude(), decimals));
    m_readout->adjustSize();
    placeReadout();
    m_readout->show();
    emit cursorCoordinateChanged(coordinate);
}

void MapView::placeReadout() {
    m_readout->move(kOverlayMargin, height() - m_readout->height() - kOverlayMargin);
}

} // namespace tidemark::ui
