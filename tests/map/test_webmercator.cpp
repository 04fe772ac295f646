#include "webmercator.h"

#include <QRandomGenerator>
#include <QTest>
#include <cmath>

using namespace tidemark;

class TestWebMercator : public QObject {
    Q_OBJECT
  private slots:
    void knownValues() {
        QCOMPARE(WebMercator::worldSize(0), 256.0);
        QCOMPARE(WebMercator::worldSize(3), 2048.0);
        QCOMPARE(WebMercator::toWorld(0, 0, 0), QPointF(128, 128));
        QCOMPARE(WebMercator::toWorld(-180, 0, 1), QPointF(0, 256));
        QVERIFY(std::abs(WebMercator::toWorld(180, WebMercator::kMaxLatitude, 0).y()) < 1e-6);
        QVERIFY(std::abs(WebMercator::toWorld(180, -WebMercator::kMaxLatitude, 0).y() - 256) < 1e-6);
        // Berlin is in slippy-map tile 550/335 at zoom 10 (OSM wiki formula, computed independently).
        const QPointF berlin = WebMercator::toWorld(QGeoCoordinate(52.52, 13.405), 10);
        QVERIFY2(std::abs(berlin.x() - 140833.22311) < 1e-4, qPrintable(QString::number(berlin.x(), 'f', 6)));
        QVERIFY2(std::abs(berlin.y() - 85971.47767) < 1e-4, qPrintable(QString::number(berlin.y(), 'f', 6)));
        QCOMPARE(int(berlin.x() / 256), 550);
        QCOMPARE(int(berlin.y() / 256), 335);
        // Latitudes beyond the projection's limit are clamped, not NaN.
        QVERIFY(std::abs(WebMercator::toWorld(0, 89.9, 0).y()) < 1e-6);
    }
    void groundResolution() {
        QVERIFY(std::abs(WebMercator::groundResolution(0, 0) - 156543.03392804) < 1e-6);
        QVERIFY(std::abs(WebMercator::groundResolution(60, 1) - 156543.03392804 / 4) < 1e-6);
        // Fractional zoom: half a level is a factor √2.
        QVERIFY(std::abs(WebMercator::groundResolution(0, 10.5) * std::sqrt(2.0) -
                         WebMercator::groundResolution(0, 10)) < 1e-9);
    }
    void roundTrips() {
        auto* rng = QRandomGenerator::global();
        for (int i = 0; i < 20000; ++i) {
            const double lat = rng->bounded(170.0) - 85.0;
            const double lon = rng->bounded(360.0) - 180.0;
            const double zoom = rng->bounded(25.0);
            const QGeoCoordinate back = WebMercator::toGeo(WebMercator::toWorld(lon, lat, zoom), zoom);
            QVERIFY2(std::abs(back.latitude() - lat) < 1e-9 && std::abs(back.longitude() - lon) < 1e-9,
                     qPrintable(QStringLiteral("%1,%2 z%3").arg(lat).arg(lon).arg(zoom)));
        }
    }
    void zoomToFit() {
        const QGeoRectangle whole(QGeoCoordinate(WebMercator::kMaxLatitude, -180),
                                  QGeoCoordinate(-WebMercator::kMaxLatitude, 180));
        QVERIFY(std::abs(WebMercator::zoomToFit(whole, 512, 512) - 1) < 1e-9);
        QVERIFY(std::abs(WebMercator::zoomToFit(whole, 512, 256) - 0) < 1e-9); // height limits
        const QGeoRectangle lawn(QGeoCoordinate(52.0004, 4.9995), QGeoCoordinate(51.9996, 5.0005));
        const double zoom = WebMercator::zoomToFit(lawn, 800, 600);
        const QPointF a = WebMercator::toWorld(lawn.topLeft(), zoom);
        const QPointF b = WebMercator::toWorld(lawn.bottomRight(), zoom);
        QVERIFY(b.x() - a.x() <= 800 + 1e-6 && b.y() - a.y() <= 600 + 1e-6);
        QVERIFY(std::abs(b.x() - a.x() - 800) < 1e-6 || std::abs(b.y() - a.y() - 600) < 1e-6);
    }
};

QTEST_GUILESS_MAIN(TestWebMercator)
#include "test_webmercator.moc"
