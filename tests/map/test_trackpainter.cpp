#include "lawntrack.h"
#include "trackpainter.h"

#include <QRandomGenerator>
#include <QTest>
#include <set>

using namespace tidemark;
using namespace tidemark::ui;

namespace {

const QSize kSize(320, 240);
const QGeoCoordinate kCentre(52.3702, 4.8952);

TrackPoints classesOnly() {
    TrackPoints track;
    track.classes = {{QColor(200, 0, 0), QStringLiteral("removed")},
                     {QColor(0, 150, 0), QStringLiteral("kept by bin")},
                     {QColor(0, 0, 220), QStringLiteral("kept by turn")}};
    return track;
}

QImage render(const TrackPoints& track, const MapViewport& viewport, TrackPainter::Style style,
              TrackPainter::Stats* stats = nullptr, bool cancel = false) {
    QImage image(viewport.size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    const std::atomic<bool> cancelled{cancel};
    const TrackPainter::Stats s = TrackPainter::paint(image, viewport, track, style, cancelled);
    if (stats)
        *stats = s;
    return image;
}

TrackPainter::Style pointsOnly() {
    TrackPainter::Style style;
    style.drawPath = false;
    style.markThreshold = 0;
    return style;
}

} // namespace

class TestTrackPainter : public QObject {
    Q_OBJECT
  private slots:
    // Points are exact: chunk skipping and collapsing give the same pixels as projecting every point.
    void pointsMatchAPerPointReference_data() {
        QTest::addColumn<double>("zoom");
        QTest::addColumn<QPointF>("offset");
        QTest::newRow("whole lawn") << 20.0 << QPointF(0, 0);
        QTest::newRow("lane level") << 24.0 << QPointF(1000, -600);
        QTest::newRow("edge of lawn") << 21.0 << QPointF(700, 0);
        QTest::newRow("far out") << 11.0 << QPointF(0, 0);
        QTest::newRow("off screen") << 20.0 << QPointF(5000, 0);
    }
    void pointsMatchAPerPointReference() {
        QFETCH(double, zoom);
        QFETCH(QPointF, offset);
        const auto track = test::LawnTrack().generate(60000, 3);
        const MapViewport viewport = MapViewport::centredOn(kCentre, zoom, kSize).pannedBy(-offset);
        const QImage image = render(*track, viewport, pointsOnly());

        std::vector<int> expected(static_cast<size_t>(kSize.width() * kSize.height()), -1);
        for (size_t i = 0; i < track->size(); ++i) {
            const QPointF p = viewport.unitToScreen(QPointF(track->unitX[i], track->unitY[i]));
            const int x = static_cast<int>(std::floor(p.x())), y = static_cast<int>(std::floor(p.y()));
            if (x < 0 || y < 0 || x >= kSize.width() || y >= kSize.height())
                continue;
            int& top = expected[static_cast<size_t>(y * kSize.width() + x)];
            top = std::max<int>(top, track->classIndex[i]);
        }
        int painted = 0;
        for (int y = 0; y < kSize.height(); ++y)
            for (int x = 0; x < kSize.width(); ++x) {
                const int c = expected[static_cast<size_t>(y * kSize.width() + x)];
                const QRgb want = c < 0 ? 0 : qPremultiply(track->classes[c].colour.rgba());
                QVERIFY2(image.pixel(x, y) == want, qPrintable(QStringLiteral("pixel %1,%2").arg(x).arg(y)));
                painted += c >= 0;
            }
        if (QByteArray(QTest::currentDataTag()) != "off screen")
            QVERIFY(painted > 0);
        else
            QCOMPARE(painted, 0);
    }

    void laterClassesWinAPixel() {
        TrackPoints track = classesOnly();
        track.append(kCentre.longitude(), kCentre.latitude(), 2);
        track.append(kCentre.longitude(), kCentre.latitude(), 0);
        const MapViewport viewport = MapViewport::centredOn(kCentre, 18, kSize);
        TrackPainter::Stats stats;
        const QImage image = render(track, viewport, pointsOnly(), &stats);
        const QPointF p = viewport.toScreen(kCentre);
        QCOMPARE(image.pixelColor(int(p.x()), int(p.y())), QColor(0, 0, 220));
        QCOMPARE(stats.points, size_t(1));
    }

    void decimatesToPixels() {
        TrackPoints track = classesOnly();
        QRandomGenerator rng(5);
        for (int i = 0; i < 50000; ++i) // 50 000 fixes within a few centimetres
            track.append(kCentre.longitude() + rng.bounded(1e-7), kCentre.latitude() + rng.bounded(1e-7),
                         static_cast<std::uint8_t>(i % 2));
        const MapViewport viewport = MapViewport::centredOn(kCentre, 16, kSize);
        TrackPainter::Stats stats;
        render(track, viewport, TrackPainter::Style(), &stats);
        QVERIFY(stats.points <= 4);
        QVERIFY2(stats.pathSegments <= 10, qPrintable(QString::number(stats.pathSegments)));
    }

    // Zoomed in far enough that both ends are kilometres off screen, a segment crossing the view still shows.
    void longSegmentsAreClippedNotLost() {
        TrackPoints track = classesOnly();
        track.append(kCentre.longitude() - 0.05, kCentre.latitude(), 0);
        track.append(kCentre.longitude() + 0.05, kCentre.latitude(), 0);
        track.append(kCentre.longitude() + 0.05, kCentre.latitude() + 0.05, 0); // off screen, not crossing
        const MapViewport viewport = MapViewport::centredOn(kCentre, 22, kSize);
        TrackPainter::Stats stats;
        TrackPainter::Style style;
        const QImage image = render(track, viewport, style, &stats);
        QCOMPARE(stats.pathSegments, size_t(1));
        QCOMPARE(stats.points, size_t(0));
        const int row = static_cast<int>(std::floor(viewport.toScreen(kCentre).y()));
        const QRgb path = qPremultiply(style.pathColour.rgba());
        for (int x = 0; x < kSize.width(); ++x)
            QVERIFY2(image.pixel(x, row) == path, qPrintable(QString::number(x)));
        QCOMPARE(image.pixel(5, row - 5), QRgb(0));
    }

    void plusMarksWhenSparse() {
        TrackPoints track = classesOnly();
        track.append(kCentre.longitude(), kCentre.latitude(), 1);
        const MapViewport viewport = MapViewport::centredOn(kCentre, 18, kSize);
        TrackPainter::Style style;
        const QImage image = render(track, viewport, style);
        const QPoint c(static_cast<int>(std::floor(viewport.toScreen(kCentre).x())),
                       static_cast<int>(std::floor(viewport.toScreen(kCentre).y())));
        for (const QPoint d : {QPoint(0, 0), QPoint(1, 0), QPoint(-1, 0), QPoint(0, 1), QPoint(0, -1)})
            QCOMPARE(image.pixelColor(c + d), QColor(0, 150, 0));
        QCOMPARE(image.pixel(c + QPoint(1, 1)), QRgb(0)); // a plus, not a square
    }

    void cancelledFramesLeaveTheImageAlone() {
        const auto track = test::LawnTrack().generate(10000);
        TrackPainter::Stats stats;
        const QImage image =
            render(*track, MapViewport::centredOn(kCentre, 20, kSize), TrackPainter::Style(), &stats, true);
        QVERIFY(stats.cancelled);
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                QCOMPARE(image.pixel(x, y), QRgb(0));
    }
};

QTEST_GUILESS_MAIN(TestTrackPainter)
#include "test_trackpainter.moc"
