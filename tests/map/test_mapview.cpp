#include "basemap.h"
#include "lawntrack.h"
#include "maplayermodel.h"
#include "maprenderer.h"
#include "mapview.h"
#include "markerlayer.h"
#include "rasterlayer.h"
#include "tracklayer.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QWheelEvent>
#include <cmath>

using namespace tidemark;
using namespace tidemark::ui;

namespace {

const QGeoCoordinate kLawn(52.3702, 4.8952);

double pixelDistance(const QPointF& a, const QPointF& b) {
    return std::hypot(a.x() - b.x(), a.y() - b.y());
}

void sendWheel(QWidget* widget, const QPointF& pos, int angleY) {
    QWheelEvent event(pos, widget->mapToGlobal(pos), QPoint(), QPoint(0, angleY), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
}

void sendDragMove(QWidget* widget, const QPointF& pos) {
    QMouseEvent event(QEvent::MouseMove, pos, widget->mapToGlobal(pos), Qt::NoButton, Qt::LeftButton,
                      Qt::NoModifier);
    QApplication::sendEvent(widget, &event);
}

// A coverage-like heatmap: cells of 0.5 m over the lawn, a gradient with a hole.
std::shared_ptr<GeoRaster> makeRaster(const QGeoRectangle& bounds) {
    auto raster = std::make_shared<GeoRaster>();
    raster->bounds = bounds;
    raster->image = QImage(120, 80, QImage::Format_ARGB32_Premultiplied);
    for (int y = 0; y < raster->image.height(); ++y)
        for (int x = 0; x < raster->image.width(); ++x) {
            const bool hole = std::hypot(x - 80, y - 30) < 12;
            const int level = (x * 255) / raster->image.width();
            raster->image.setPixelColor(x, y,
                                        hole ? QColor(0, 0, 0, 0) : QColor(255 - level, 200, level, 255));
        }
    return raster;
}

QString screenshotPath(const QString& name) {
    const QString dir = QStringLiteral(TIDEMARK_BINARY_DIR "/screenshots");
    QDir().mkpath(dir);
    return dir + QStringLiteral("/map-") + name + QStringLiteral(".png");
}

int countColour(const QImage& image, const QColor& colour, int tolerance = 0) {
    int count = 0;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y)
        for (int x = 0; x < rgb.width(); ++x) {
            const QColor c = rgb.pixelColor(x, y);
            if (std::abs(c.red() - colour.red()) <= tolerance &&
                std::abs(c.green() - colour.green()) <= tolerance &&
                std::abs(c.blue() - colour.blue()) <= tolerance)
                ++count;
        }
    return count;
}

// Records which thread rendered it.
class ThreadProbeLayer : public MapLayer {
  public:
    ThreadProbeLayer() : MapLayer(QStringLiteral("probe")) {}
    QString explanation() const override { return QStringLiteral("records its render thread"); }
    QList<LegendEntry> legend() const override { return {}; }
    QGeoRectangle extent() const override { return {}; }
    LayerRenderFunction renderFunction() const override {
        return [thread = m_thread](QImage&, const MapViewport&, const std::atomic<bool>&) {
            thread->store(QThread::currentThread());
        };
    }
    QThread* renderThread() const { return m_thread->load(); }

  private:
    std::shared_ptr<std::atomic<QThread*>> m_thread = std::make_shared<std::atomic<QThread*>>(nullptr);
};

} // namespace

class TestMapView : public QObject {
    Q_OBJECT
  private slots:
    void init() {
        m_view = std::make_unique<MapView>();
        m_view->resize(800, 600);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        m_view->setView(kLawn, 18);
    }
    void cleanup() { m_view.reset(); }

    void wheelZoomsAroundTheCursor() {
        QSignalSpy changed(m_view.get(), &MapView::viewChanged);
        const QPointF cursor(200, 150);
        const QGeoCoordinate under = m_view->coordinateAt(cursor);
        sendWheel(m_view.get(), cursor, 120);
        QCOMPARE(m_view->zoom(), 18.5);
        QVERIFY(pixelDistance(m_view->positionOf(under), cursor) < 1e-6);
        sendWheel(m_view.get(), QPointF(650, 420), -240);
        QCOMPARE(m_view->zoom(), 17.5);
        QCOMPARE(changed.count(), 2);
        QVERIFY(m_view->center() != kLawn); // zooming off-centre moves the centre
    }

    void dragPans() {
        const QPoint start(400, 300);
        const QGeoCoordinate grabbed = m_view->coordinateAt(start);
        QTest::mousePress(m_view.get(), Qt::LeftButton, {}, start);
        sendDragMove(m_view.get(), QPointF(450, 320));
        sendDragMove(m_view.get(), QPointF(500, 350));
        QTest::mouseRelease(m_view.get(), Qt::LeftButton, {}, QPoint(500, 350));
        QCOMPARE(m_view->zoom(), 18.0);
        QVERIFY(pixelDistance(m_view->positionOf(grabbed), QPointF(500, 350)) < 1e-6);
        // The centre moved up-left by the drag: west and north of where it was.
        QVERIFY(m_view->center().longitude() < kLawn.longitude());
        QVERIFY(m_view->center().latitude() > kLawn.latitude());
    }

    void clickReportsTheCoordinate() {
        QSignalSpy clicks(m_view.get(), &MapView::clicked);
        const QPoint at(123, 456);
        const QGeoCoordinate expected = m_view->coordinateAt(at);
        QTest::mouseClick(m_view.get(), Qt::LeftButton, {}, at);
        QCOMPARE(clicks.count(), 1);
        const auto coordinate = clicks.at(0).at(0).value<QGeoCoordinate>();
        QCOMPARE(coordinate, expected);
        QCOMPARE(m_view->center(), kLawn); // a click does not pan
    }

    void doubleClickZoomsIn() {
        const QPoint at(600, 200);
        const QGeoCoordinate under = m_view->coordinateAt(at);
        QTest::mouseDClick(m_view.get(), Qt::LeftButton, {}, at);
        QCOMPARE(m_view->zoom(), 19.0);
        QVERIFY(pixelDistance(m_view->positionOf(under), at) < 1e-6);
    }

    void keysPanAndZoom() {
        const QPointF middle(400, 300);
        QTest::keyClick(m_view.get(), Qt::Key_Left);
        QVERIFY(pixelDistance(m_view->positionOf(kLawn), middle + QPointF(200, 0)) < 1e-6);
        QTest::keyClick(m_view.get(), Qt::Key_Right);
        QTest::keyClick(m_view.get(), Qt::Key_Down);
        QVERIFY(pixelDistance(m_view->positionOf(kLawn), middle + QPointF(0, -150)) < 1e-6);
        QTest::keyClick(m_view.get(), Qt::Key_Up);
        QVERIFY(pixelDistance(m_view->positionOf(kLawn), middle) < 1e-6);
        QTest::keyClick(m_view.get(), Qt::Key_Plus);
        QCOMPARE(m_view->zoom(), 19.0);
        QTest::keyClick(m_view.get(), Qt::Key_Minus);
        QTest::keyClick(m_view.get(), Qt::Key_Minus);
        QCOMPARE(m_view->zoom(), 17.0);
        QVERIFY(pixelDistance(m_view->positionOf(kLawn), middle) < 1e-6);
    }

    void cursorReadout() {
        QSignalSpy readout(m_view.get(), &MapView::cursorCoordinateChanged);
        QMouseEvent move(QEvent::MouseMove, QPointF(300, 200), m_view->mapToGlobal(QPointF(300, 200)),
                         Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(m_view.get(), &move);
        QCOMPARE(readout.count(), 1);
        const auto coordinate = readout.last().at(0).value<QGeoCoordinate>();
        QVERIFY(coordinate.isValid());
        QCOMPARE(coordinate, m_view->coordinateAt(QPointF(300, 200)));
    }

    void fitsToAnArea() {
        const QGeoRectangle area(QGeoCoordinate(52.40, 4.80), QGeoCoordinate(52.30, 5.00));
        m_view->fitTo(area, 20);
        const QPointF tl = m_view->positionOf(area.topLeft());
        const QPointF br = m_view->positionOf(area.bottomRight());
        QVERIFY(tl.x() >= 20 - 1e-6 && tl.y() >= 20 - 1e-6 && br.x() <= 780 + 1e-6 && br.y() <= 580 + 1e-6);
        // Tight: one side touches its margin, so a larger zoom would not fit.
        QVERIFY(std::abs(tl.x() - 20) < 1e-6 || std::abs(tl.y() - 20) < 1e-6);
        // Centred.
        QVERIFY(std::abs((tl.x() + br.x()) / 2 - 400) < 1e-6 && std::abs((tl.y() + br.y()) / 2 - 300) < 1e-6);
    }

    void fitsToLayerData() {
        auto track = std::make_shared<TrackLayer>(QStringLiteral("raw track"), QStringLiteral("every row"));
        track->setPoints(test::LawnTrack().generate(20000));
        m_view->layers()->addLayer(track);
        m_view->fitToLayers(10);
        const QGeoRectangle extent = track->extent();
        const QPointF tl = m_view->positionOf(extent.topLeft());
        const QPointF br = m_view->positionOf(extent.bottomRight());
        QVERIFY(tl.x() >= 10 - 1e-6 && tl.y() >= 10 - 1e-6 && br.x() <= 790 + 1e-6 && br.y() <= 590 + 1e-6);
        QVERIFY(m_view->zoom() > 19 && m_view->zoom() < 21); // a 60 m lawn in 780 px
    }

    void rendersOffThreadAndCachesLayers() {
        auto points = test::LawnTrack().generate(200000);
        auto track =
            std::make_shared<TrackLayer>(QStringLiteral("thinned"), QStringLiteral("survivors by reason"));
        track->setPoints(points);
        auto marker =
            std::make_shared<MarkerLayer>(QStringLiteral("selection"), QStringLiteral("picked row"));
        m_view->layers()->addLayer(track);
        m_view->layers()->addLayer(marker);
        m_view->fitToLayers();
        MapRenderer* renderer = m_view->renderer();
        QTRY_VERIFY(m_view->isRenderingIdle());
        const int afterFirstFrame = renderer->jobsStarted();
        QVERIFY(afterFirstFrame >= 2);
        const QImage first = m_view->grab().toImage();
        QVERIFY(countColour(first, points->classes[0].colour) > 500); // removed rows are drawn

        // Only the marker changes: the track's image is reused.
        marker->setPosition(kLawn);
        m_view->renderNow();
        QCOMPARE(renderer->jobsStarted(), afterFirstFrame + 1);
        QTRY_VERIFY(m_view->isRenderingIdle());

        // A pan shows the last image shifted before anything is rendered again.
        m_view->panBy(QPointF(60, 0));
        QVERIFY(!m_view->isRenderingIdle());
        QCOMPARE(renderer->jobsStarted(), afterFirstFrame + 1);
        const QImage shifted = m_view->grab().toImage();
        int matching = 0, compared = 0;
        for (int y = 100; y < 500; y += 3)
            for (int x = 100; x < 600; x += 3) {
                if (first.pixelColor(x, y) != points->classes[0].colour)
                    continue;
                ++compared;
                matching += shifted.pixelColor(x + 60, y) == points->classes[0].colour;
            }
        QVERIFY(compared > 50);
        QVERIFY2(matching > compared * 9 / 10,
                 qPrintable(QStringLiteral("%1/%2").arg(matching).arg(compared)));

        // A newer view supersedes a job that has not delivered yet.
        const int cancelledBefore = renderer->jobsCancelled();
        m_view->renderNow();
        m_view->panBy(QPointF(10, 0));
        m_view->renderNow();
        QVERIFY(renderer->jobsCancelled() >= cancelledBefore + 2);
        QTRY_VERIFY(m_view->isRenderingIdle());
        const auto* image = renderer->image(track.get());
        QVERIFY(image && image->viewport == m_view->viewport());
    }

    void rendersOnThePoolNotTheGuiThread() {
        auto probe = std::make_shared<ThreadProbeLayer>();
        m_view->layers()->addLayer(probe);
        m_view->renderNow();
        QTRY_VERIFY(m_view->isRenderingIdle());
        QVERIFY(probe->renderThread() != nullptr);
        QVERIFY(probe->renderThread() != QThread::currentThread());
    }

    void coalescesBurstsOfViewChanges() {
        auto track = std::make_shared<TrackLayer>(QStringLiteral("raw"), QStringLiteral("every row"));
        track->setPoints(test::LawnTrack().generate(20000));
        m_view->layers()->addLayer(track);
        m_view->renderNow();
        QTRY_VERIFY(m_view->isRenderingIdle());
        const int before = m_view->renderer()->jobsStarted();
        QSignalSpy finished(m_view.get(), &MapView::renderingFinished);
        for (int i = 0; i < 30; ++i) { // a drag delivers many moves before the view settles
            m_view->panBy(QPointF(3, 1));
            m_view->zoomAround(QPointF(300, 200), m_view->zoom() + 0.01);
        }
        QVERIFY(finished.wait(5000));
        QCOMPARE(m_view->renderer()->jobsStarted(), before + 1);
        QCOMPARE(m_view->renderer()->image(track.get())->viewport, m_view->viewport());
    }

    void rendersHiDpiImages() {
        MapRenderer renderer;
        auto track = std::make_shared<TrackLayer>(QStringLiteral("one fix"), QStringLiteral("a single row"));
        auto points = std::make_shared<TrackPoints>();
        points->classes = {{QColor(0, 0, 220), QStringLiteral("kept")}};
        points->append(kLawn.longitude(), kLawn.latitude(), 0);
        track->setPoints(points);
        const MapViewport viewport =
            MapViewport::centredOn(kLawn, 18, QSize(200, 100)).pannedBy(QPointF(30, 20));
        QSignalSpy idle(&renderer, &MapRenderer::idle);
        renderer.render(viewport, {track}, 2.0);
        QVERIFY(idle.wait(5000));
        const auto* image = renderer.image(track.get());
        QVERIFY(image);
        QCOMPARE(image->image.size(), QSize(400, 200));
        QCOMPARE(image->image.devicePixelRatio(), 2.0);
        QCOMPARE(image->viewport, viewport);
        const QPointF logical = viewport.toScreen(kLawn);
        const QPoint device(static_cast<int>(std::floor(logical.x() * 2)),
                            static_cast<int>(std::floor(logical.y() * 2)));
        QCOMPARE(image->image.pixelColor(device), QColor(0, 0, 220));
        // The same view at ratio 1 is a different image: rendered again.
        const int started = renderer.jobsStarted();
        renderer.render(viewport, {track}, 1.0);
        QCOMPARE(renderer.jobsStarted(), started + 1);
        QVERIFY(idle.wait(5000));
        QCOMPARE(renderer.image(track.get())->image.size(), QSize(200, 100));
    }

    // Marks and lines keep their size in logical pixels: at ratio 2 the marker covers twice the device pixels
    // across (four times the area), drawn at the device's resolution, not scaled up from ratio 1.
    void marksKeepTheirSizeOnHiDpi() {
        QCOMPARE(MapViewport::centredOn(kLawn, 18, QSize(200, 100)).pixelRatio(), 1.0);
        QCOMPARE(MapViewport::centredOn(kLawn, 18, QSize(200, 100)).forDevice(2).pixelRatio(), 2.0);
        MarkerLayer marker(QStringLiteral("picked"), QStringLiteral("the picked row"));
        marker.setPosition(kLawn);
        const auto extent = [&](double ratio) {
            const MapViewport device = MapViewport::centredOn(kLawn, 18, QSize(200, 100)).forDevice(ratio);
            QImage image(device.size(), QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::transparent);
            std::atomic<bool> cancelled{false};
            marker.renderFunction()(image, device, cancelled);
            QRect drawn;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    if (qAlpha(image.pixel(x, y)) > 0)
                        drawn |= QRect(x, y, 1, 1);
            return drawn;
        };
        const QRect one = extent(1.0), two = extent(2.0);
        QVERIFY(one.width() > 20);
        QVERIFY2(std::abs(two.width() - 2 * one.width()) <= 2 &&
                     std::abs(two.height() - 2 * one.height()) <= 2,
                 qPrintable(QStringLiteral("%1×%2 at 1, %3×%4 at 2")
                                .arg(one.width())
                                .arg(one.height())
                                .arg(two.width())
                                .arg(two.height())));
    }

    void hiddenLayersAreNotDrawn() {
        auto points = test::LawnTrack().generate(50000);
        auto track = std::make_shared<TrackLayer>(QStringLiteral("raw"), QStringLiteral("every row"));
        track->setPoints(points);
        m_view->layers()->addLayer(track);
        m_view->fitToLayers();
        m_view->renderNow();
        QTRY_VERIFY(m_view->isRenderingIdle());
        QVERIFY(countColour(m_view->grab().toImage(), points->classes[0].colour) > 100);
        QVERIFY(m_view->layers()->setData(m_view->layers()->index(0), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(!track->isVisible());
        QTRY_VERIFY(m_view->isRenderingIdle());
        QCOMPARE(countColour(m_view->grab().toImage(), points->classes[0].colour), 0);
    }

    void layerModel() {
        MapLayerModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto a = std::make_shared<TrackLayer>(QStringLiteral("a"), QStringLiteral("first"));
        auto b = std::make_shared<RasterLayer>(QStringLiteral("b"), QStringLiteral("second"));
        auto c = std::make_shared<MarkerLayer>(QStringLiteral("c"), QStringLiteral("third"));
        b->setLegend({{Qt::red, QStringLiteral("gap")}, {Qt::green, QStringLiteral("covered")}});
        model.addLayer(a);
        model.addLayer(b);
        model.addLayer(c);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.data(model.index(0)).toString(), QStringLiteral("c")); // newest on top
        QCOMPARE(model.data(model.index(1), Qt::ToolTipRole).toString(), QStringLiteral("second"));
        QCOMPARE(model.data(model.index(1), MapLayerModel::LegendLabelsRole).toStringList(),
                 QStringList({QStringLiteral("gap"), QStringLiteral("covered")}));
        QCOMPARE(model.data(model.index(1), MapLayerModel::LegendColoursRole).toList().size(), 2);
        QVERIFY(!model.data(model.index(1), Qt::DecorationRole).isNull());
        QCOMPARE(model.drawingOrder().front().get(), a.get()); // bottom first

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(model.setData(model.index(2), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(!a->isVisible());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.data(model.index(2), Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);

        QVERIFY(model.moveLayer(2, 0)); // a to the top
        QCOMPARE(model.layerAt(0), a.get());
        QCOMPARE(model.layerAt(1), c.get());
        QVERIFY(model.moveLayer(0, 2));
        QCOMPARE(model.layerAt(2), a.get());
        QVERIFY(!model.moveLayer(0, 3));
        model.removeLayer(c.get());
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.layerAt(0), b.get());
    }

    void screenshots() {
        test::LawnTrack sparse;
        sparse.laneMetres = 0.6;
        auto points = sparse.generate(8000);
        auto track =
            std::make_shared<TrackLayer>(QStringLiteral("survivors"), QStringLiteral("rows by reason"));
        track->setPoints(points);
        auto raster =
            std::make_shared<RasterLayer>(QStringLiteral("coverage"), QStringLiteral("coverage after"));
        raster->setRaster(makeRaster(points->extent));
        raster->setLegend({{QColor(255, 200, 0), QStringLiteral("covered")}});
        auto marker =
            std::make_shared<MarkerLayer>(QStringLiteral("selection"), QStringLiteral("picked row"));
        marker->setPosition(QGeoCoordinate(kLawn.latitude() + 0.00005, kLawn.longitude() + 0.0001));
        m_view->layers()->addLayer(raster);
        m_view->layers()->addLayer(track);
        m_view->layers()->addLayer(marker);

        auto shoot = [this](const QString& name) {
            m_view->renderNow();
            QTRY_VERIFY(m_view->isRenderingIdle());
            const QImage image = m_view->grab().toImage();
            QVERIFY(image.save(screenshotPath(name)));
        };
        raster->setVisible(false);
        m_view->fitToLayers();
        shoot(QStringLiteral("track"));
        raster->setVisible(true);
        track->setVisible(false);
        shoot(QStringLiteral("raster"));
        track->setVisible(true);
        shoot(QStringLiteral("layers"));
        m_view->setView(marker->position(), 22);
        shoot(QStringLiteral("lane-zoom"));
        track->setPoints(test::LawnTrack().generate(300000));
        m_view->fitToLayers();
        shoot(QStringLiteral("dense"));
        m_view->setView(marker->position(), 23);
        shoot(QStringLiteral("dense-lane-zoom"));
        m_view->setView(kLawn, 14);
        shoot(QStringLiteral("far"));
    }

  private:
    std::unique_ptr<MapView> m_view;
};

QTEST_MAIN(TestMapView)
#include "test_mapview.moc"
