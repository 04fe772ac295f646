#include "heatmaptestdata.h"

#include "coveragejoin.h"
#include "coveragelayer.h"

#include <QRandomGenerator>
#include <QTest>

#include <numbers>

using namespace tidemark;
using namespace tidemark::positions;
using tidemark::test::DenseCoverageReference;
using tidemark::test::PlaneTrackBuilder;

namespace {

constexpr double kPi = std::numbers::pi;
const HeatmapPlane kPlane(52.5, 13.4);
constexpr Micros kStart = 1767225600LL * kMicrosPerSecond; // 2026-01-01

// Area of the lens where two discs of radius r with centres d apart overlap.
double lens(double r, double d) {
    if (d >= 2 * r)
        return 0;
    return 2 * r * r * std::acos(d / (2 * r)) - (d / 2) * std::sqrt(4 * r * r - d * d);
}

// A joiner that never refuses, for shapes whose geometry is the point of the test.
CoverageJoin joinEverything() {
    CoverageJoin j;
    j.normalMicros = j.wideMicros = std::numeric_limits<Micros>::max() / 2;
    j.normalMetres = j.wideMetres = 1e9;
    return j;
}

double relativeError(double measured, double exact) {
    return std::abs(measured - exact) / exact;
}

} // namespace

class TestCoverageRaster : public QObject {
    Q_OBJECT
  private slots:
    void cellSetRunsAcrossTilesAndNegativeCells() {
        HeatmapCellSet s;
        s.insertRun(-1, -300, 300); // crosses tiles -2, -1, 0, 1 in x and lies in tile row -1
        s.insertRun(255, 250, 260); // last row of tile row 0, across the tile edge at 256
        s.insert(5, 256);
        QCOMPARE(s.count(), 601 + 11 + 1);
        QVERIFY(s.contains(-300, -1));
        QVERIFY(s.contains(300, -1));
        QVERIFY(!s.contains(301, -1));
        QVERIFY(!s.contains(-301, -1));
        QVERIFY(s.contains(255, 255) && s.contains(256, 255));
        QVERIFY(!s.contains(5, 255));
        QVERIFY(s.contains(5, 256));
        std::vector<std::array<int, 3>> runs;
        s.forEachRun([&](std::int32_t j, std::int32_t i0, std::int32_t i1) { runs.push_back({j, i0, i1}); });
        const std::vector<std::array<int, 3>> expected = {{-1, -300, 300}, {255, 250, 260}, {256, 5, 5}};
        QCOMPARE(runs, expected);
        const auto b = s.bounds();
        QCOMPARE(b.iMin, -300);
        QCOMPARE(b.iMax, 300);
        QCOMPARE(b.jMin, -1);
        QCOMPARE(b.jMax, 256);
    }

    void cellSetDifferenceAndEquality() {
        HeatmapCellSet a, b;
        a.insertRun(10, 0, 99);
        b.insertRun(10, 50, 149);
        b.insert(1000, -1000);
        QCOMPARE(a.minus(b).count(), 50);
        QCOMPARE(b.minus(a).count(), 51);
        QVERIFY(!(a == b));
        HeatmapCellSet c = a;
        QVERIFY(c == a);
        c.insertRun(10, 20, 30); // already there
        QVERIFY(c == a);
        QVERIFY(a.minus(a).empty());
        QCOMPARE(a.minus(a).tileCount(), std::size_t(0));
    }

    // The tiled stamper against the dense reference on random tracks, cell for cell, including negative
    // cells, tile edges, broken joins, discs, blades-off rows and several cell and swath sizes.
    void matchesDenseReferenceOnRandomTracks() {
        QRandomGenerator rng(4242);
        int compared = 0;
        std::int64_t cellsCompared = 0;
        for (int track = 0; track < 150; ++track) {
            const double cell = std::array{0.1, 0.07, 0.25, 0.033}[track % 4];
            const double swath = std::array{0.25, 0.6, 0.25, 0.1}[track % 4];
            PlaneTrackBuilder b(kPlane, kStart);
            double x = rng.bounded(60.0) - 30, y = rng.bounded(60.0) - 30, heading = rng.bounded(2 * kPi);
            const int n = 50 + int(rng.bounded(400));
            for (int k = 0; k < n; ++k) {
                heading += rng.bounded(1.0) < 0.1 ? rng.bounded(2 * kPi) : (rng.bounded(0.4) - 0.2);
                const double step = rng.bounded(1.0) < 0.05 ? rng.bounded(15.0) : rng.bounded(0.8);
                x += step * std::sin(heading);
                y += step * std::cos(heading);
                const Micros dt =
                    (rng.bounded(1.0) < 0.05 ? 1 + rng.bounded(60) : 1 + rng.bounded(5)) * kMicrosPerSecond;
                b.add(x, y, rng.bounded(1.0) > 0.08, dt);
            }
            CoverageJoin join;
            join.normalMicros = 30 * kMicrosPerSecond;
            join.normalMetres = 10;
            const auto& rows = b.rows();
            const CoverageLayer layer = CoverageLayer::build(rows, kPlane, join, cell, swath);
            const auto dense = DenseCoverageReference::cells(
                rows, kPlane,
                [](const PositionRow& p, const PositionRow& q) {
                    return q.observedAt - p.observedAt <= 30 * kMicrosPerSecond &&
                           distanceMetres(p.lat, p.lon, q.lat, q.lon) <= 10;
                },
                cell, swath);
            QCOMPARE(layer.cells().count(), std::int64_t(dense.size()));
            for (const auto& c : dense)
                if (!layer.cells().contains(c.i, c.j))
                    QFAIL(qPrintable(
                        QStringLiteral("track %1: cell (%2, %3) missing").arg(track).arg(c.i).arg(c.j)));
            cellsCompared += std::int64_t(dense.size());
            ++compared;
        }
        QCOMPARE(compared, 150);
        QVERIFY(cellsCompared > 100000);
    }

    // n parallel lanes of length L, spacing d < 2r: the union is the band L·((n−1)d + 2r) plus, at the two
    // ends, half of a column of n discs each (n·πr² − (n−1)·lens(d) for both halves together).
    void lanesAreaMatchesExactUnion_data() {
        QTest::addColumn<double>("angle");
        QTest::addColumn<double>("offset");
        QTest::newRow("17 deg") << 17.0 << 0.013;
        QTest::newRow("33 deg") << 33.0 << 0.071;
        QTest::newRow("61 deg") << 61.0 << 0.042;
        QTest::newRow("104 deg") << 104.0 << 0.0;
    }
    void lanesAreaMatchesExactUnion() {
        QFETCH(double, angle);
        QFETCH(double, offset);
        const double r = 0.125, d = 0.22, length = 20;
        const int lanes = 50;
        const double a = angle * kPi / 180;
        PlaneTrackBuilder b(kPlane, kStart);
        for (int lane = 0; lane < lanes; ++lane) {
            b.wait(100 * kMicrosPerSecond); // no join between lanes
            for (int s = 0; s <= 40; ++s) {
                const double u = s * length / 40, v = lane * d;
                b.add(offset + u * std::cos(a) - v * std::sin(a), offset + u * std::sin(a) + v * std::cos(a));
            }
        }
        const CoverageLayer layer = CoverageLayer::build(b.rows(), kPlane, CoverageJoin{}, 0.1, 2 * r);
        QCOMPARE(layer.stats().discs, 0);
        const double exact =
            length * ((lanes - 1) * d + 2 * r) + lanes * kPi * r * r - (lanes - 1) * lens(r, d);
        QVERIFY2(
            relativeError(layer.areaSquareMetres(), exact) < 0.01,
            qPrintable(QStringLiteral("raster %1 m², exact %2 m²").arg(layer.areaSquareMetres()).arg(exact)));
    }

    void separatedDiscsAreaMatches() {
        QRandomGenerator rng(7);
        const double r = 0.125;
        PlaneTrackBuilder b(kPlane, kStart);
        for (int k = 0; k < 1000; ++k) // 40 × 25 grid, 1 m apart, random sub-cell offsets; 60 s apart: discs
            b.add((k % 40) + rng.bounded(0.01), (k / 40) + rng.bounded(0.01), true, 60 * kMicrosPerSecond);
        const CoverageLayer layer = CoverageLayer::build(b.rows(), kPlane, CoverageJoin{}, 0.01, 2 * r);
        QCOMPARE(layer.stats().discs, 1000);
        QCOMPARE(layer.stats().segments, 0);
        const double exact = 1000 * kPi * r * r;
        QVERIFY2(
            relativeError(layer.areaSquareMetres(), exact) < 0.01,
            qPrintable(QStringLiteral("raster %1 m², exact %2 m²").arg(layer.areaSquareMetres()).arg(exact)));
    }

    void obliqueCapsuleAreaMatches() {
        const double r = 0.125, length = 30, a = 23 * kPi / 180;
        PlaneTrackBuilder b(kPlane, kStart);
        b.add(1.0, 1.0);
        b.add(1.0 + length * std::cos(a), 1.0 + length * std::sin(a));
        const CoverageLayer layer = CoverageLayer::build(b.rows(), kPlane, joinEverything(), 0.01, 2 * r);
        QCOMPARE(layer.stats().segments, 1);
        const double exact = 2 * r * length + kPi * r * r;
        QVERIFY2(
            relativeError(layer.areaSquareMetres(), exact) < 0.01,
            qPrintable(QStringLiteral("raster %1 m², exact %2 m²").arg(layer.areaSquareMetres()).arg(exact)));
    }

    // Two capsules of length L meeting at a right angle: two bands 2rL, minus their r × r overlap, plus the
    // outer quarter disc at the corner and the two half discs at the free ends.
    void rightAngleCornerAreaMatches() {
        const double r = 0.125, length = 10, a = 40 * kPi / 180;
        PlaneTrackBuilder b(kPlane, kStart);
        const double cx = 5, cy = 2;
        b.add(cx + length * std::cos(a + kPi / 2), cy + length * std::sin(a + kPi / 2));
        b.add(cx, cy);
        b.add(cx + length * std::cos(a), cy + length * std::sin(a));
        const CoverageLayer layer = CoverageLayer::build(b.rows(), kPlane, joinEverything(), 0.01, 2 * r);
        const double exact = 4 * r * length - r * r + 1.25 * kPi * r * r;
        QVERIFY2(
            relativeError(layer.areaSquareMetres(), exact) < 0.01,
            qPrintable(QStringLiteral("raster %1 m², exact %2 m²").arg(layer.areaSquareMetres()).arg(exact)));
    }

    // A cell is covered when its centre is within swath/2 (inclusive), never by overlap alone.
    void cellCentreRule() {
        HeatmapCellSet cells;
        positions::SwathStamper stamper(cells, 0.1, 0.125);
        stamper.stampDisc(0.05, 0.05); // centre of cell (0, 0): its 4-neighbours' centres are 0.1 away
        QCOMPARE(cells.count(),
                 5); // the diagonal ones are 0.1414 away: outside although they overlap the disc
        QVERIFY(cells.contains(-1, 0) && cells.contains(1, 0) && cells.contains(0, -1) &&
                cells.contains(0, 1));
    }
};

QTEST_GUILESS_MAIN(TestCoverageRaster)
#include "test_coverageraster.moc"
