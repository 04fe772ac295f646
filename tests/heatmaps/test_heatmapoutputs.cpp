#include "heatmaptestdata.h"

#include "coveragecheck.h"
#include "heatmapgeojsonwriter.h"
#include "heatmapimagewriter.h"
#include "signallayers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;

namespace {
const HeatmapPlane kPlane(59.9, 10.7);
}

class TestHeatmapOutputs : public QObject {
    Q_OBJECT
  private slots:
    // One polygon per row run; its corners go back to the run's cell edges through the plane.
    void geoJsonMergesRowRuns() {
        HeatmapCellSet cells;
        cells.insertRun(0, 0, 9);
        cells.insertRun(0, 12, 12);
        cells.insertRun(1, 250, 260); // across a tile edge: still one run
        cells.insertRun(-3, -5, -1);
        HeatmapGeoJsonWriter writer(kPlane);
        writer.addCells(QStringLiteral("before"), cells, 0.1);
        QCOMPARE(writer.featureCount(), 4);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(writer.toJson(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonArray features = doc.object().value(QStringLiteral("features")).toArray();
        QCOMPARE(features.size(), 4);
        int cellSum = 0;
        for (const QJsonValue& f : features)
            cellSum += f[QStringLiteral("properties")][QStringLiteral("cells")].toInt();
        QCOMPARE(std::int64_t(cellSum), cells.count());
        // The run (1, 250..260): x from 25.0 to 26.1 m, y from 0.1 to 0.2 m; ring SW, SE, NE, NW, SW.
        const QJsonObject wide = features[3].toObject(); // rows ascending: -3, 0, 0, 1
        QCOMPARE(wide[QStringLiteral("properties")][QStringLiteral("cells")].toInt(), 11);
        const QJsonArray ring = wide[QStringLiteral("geometry")][QStringLiteral("coordinates")][0].toArray();
        QCOMPARE(ring.size(), 5);
        QCOMPARE(ring[0], ring[4]);
        const auto corner = [&](int k) {
            return kPlane.project(ring[k][1].toDouble(), ring[k][0].toDouble());
        };
        QVERIFY(std::abs(corner(0).x - 25.0) < 1e-4 && std::abs(corner(0).y - 0.1) < 1e-4);
        QVERIFY(std::abs(corner(2).x - 26.1) < 1e-4 && std::abs(corner(2).y - 0.2) < 1e-4);
    }

    void geoJsonSignalCellsWithNulls() {
        test::PlaneTrackBuilder b(kPlane, 0);
        PositionRow& a = b.add(1, 1, false);
        a.wifiRssi = -55;
        PositionRow& c = b.add(3, 1, false);
        c.rtkFix = -1;
        const SignalLayers signal = SignalLayers::build(b.rows(), kPlane, 2.0);
        HeatmapGeoJsonWriter writer(kPlane);
        writer.setMower(kPlane, QStringLiteral("m-1"));
        writer.addSignal(signal);
        const QJsonArray features =
            QJsonDocument::fromJson(writer.toJson()).object()[QStringLiteral("features")].toArray();
        QCOMPARE(features.size(), 2);
        const QJsonObject p0 = features[0][QStringLiteral("properties")].toObject();
        QCOMPARE(p0[QStringLiteral("mower_id")].toString(), QStringLiteral("m-1"));
        QCOMPARE(p0[QStringLiteral("layer")].toString(), QStringLiteral("signal"));
        QCOMPARE(p0[QStringLiteral("wifi_median_dbm")].toDouble(), -55.0);
        QCOMPARE(p0[QStringLiteral("rtk_fixed_share")].toDouble(), 1.0);
        QVERIFY(p0[QStringLiteral("mnet_median_dbm")].isNull());
        QVERIFY(features[1][QStringLiteral("properties")][QStringLiteral("rtk_fixed_share")].isNull());
    }

    // Images share one north-up frame: a cell's pixel is at (i − iMin, jMax − j).
    void imagesShareOneFrame() {
        CoverageCheckLayers layers;
        layers.plane = kPlane;
        layers.before.insertRun(0, 0, 19);
        layers.before.insertRun(9, 0, 19);
        layers.after = layers.before;
        layers.after.insert(5, 5);
        layers.gained.insert(5, 5);
        layers.lost.insertRun(9, 0, 4);
        test::PlaneTrackBuilder b(kPlane, 0);
        b.add(0.05, 0.05, false).rtkFix = 0; // signal cell (0, 0) of 2 m = 20 × 20 coverage cells, share 0
        const SignalLayers signal = SignalLayers::build(b.rows(), kPlane, 2.0);
        const HeatmapImageWriter writer(HeatmapImageWriter::extentOf(layers, signal, 0.1), 0.1);
        QCOMPARE(writer.size(), QSize(20, 20));
        const QImage before = writer.coverage(layers.before, qRgba(0, 255, 0, 255));
        QCOMPARE(before.pixel(0, 19), qRgba(0, 255, 0, 255)); // cell (0, 0): bottom-left
        QCOMPARE(before.pixel(0, 10), qRgba(0, 255, 0, 255)); // cell (0, 9)
        QCOMPARE(qAlpha(before.pixel(0, 0)), 0);              // cell (0, 19): nothing
        const QImage diff = writer.difference(layers.before, layers.lost, layers.gained);
        QCOMPARE(qRed(diff.pixel(2, 10)), 220);  // lost: red
        QCOMPARE(qBlue(diff.pixel(5, 14)), 230); // gained: blue
        QCOMPARE(qRed(diff.pixel(10, 10)), 150); // kept: grey
        const QImage rtk = writer.signal(signal, HeatmapImageWriter::SignalKind::Rtk);
        QVERIFY(qRed(rtk.pixel(0, 0)) > 150 &&
                qGreen(rtk.pixel(0, 0)) < 60); // share 0: red, over the whole cell
        QVERIFY(qRed(rtk.pixel(19, 19)) > 150);
        QCOMPARE(qAlpha(writer.signal(signal, HeatmapImageWriter::SignalKind::Wifi).pixel(0, 0)), 0);

        QTemporaryDir dir;
        const QStringList files = writer.writeAll(dir.filePath(QStringLiteral("png")), layers, signal);
        QCOMPARE(files.size(), 7);
        QImage read(files.first());
        QCOMPARE(read.size(), QSize(20, 20));
    }

    void largeExtentsAreScaledDown() {
        HeatmapCellSet cells;
        cells.insert(0, 0);
        cells.insert(100000, 3);
        HeatmapImageWriter writer(cells.bounds(), 0.1, 1000);
        QCOMPARE(writer.cellsPerPixel(), 101);
        QCOMPARE(writer.size(), QSize(991, 1));
        const QImage image = writer.coverage(cells, qRgba(0, 0, 0, 255));
        QCOMPARE(qAlpha(image.pixel(0, 0)), 255);
        QCOMPARE(qAlpha(image.pixel(990, 0)), 255);
        QCOMPARE(qAlpha(image.pixel(500, 0)), 0);
    }
};

QTEST_GUILESS_MAIN(TestHeatmapOutputs)
#include "test_heatmapoutputs.moc"
