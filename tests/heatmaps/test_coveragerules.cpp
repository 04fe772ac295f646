#include "heatmaptestdata.h"

#include "coveragecheck.h"
#include "coveragejoin.h"
#include "coveragelayer.h"
#include "heatmaplayers.h"
#include "signallayers.h"

#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;
using tidemark::test::PlaneTrackBuilder;

namespace {

const HeatmapPlane kPlane(47.1, 8.3);
constexpr Micros kNow = 1796083200LL * kMicrosPerSecond; // 2026-12-01T00:00:00Z
const PositionSettings kSettings;                        // the spec's defaults
const Micros kDetailEdge = kNow - kSettings.detailWindow();

// Two blades-on rows `dt` apart and `metres` apart along x, the first at t0.
std::vector<PositionRow> pair(Micros t0, Micros dt, double metres) {
    PlaneTrackBuilder b(kPlane, t0);
    b.add(5, 5);
    b.add(5 + metres, 5, true, dt);
    return b.rows();
}

CoverageLayer::Stats statsOf(const std::vector<PositionRow>& rows, const CoverageJoin& join) {
    return CoverageLayer::build(rows, kPlane, join, 0.1, 0.25).stats();
}

} // namespace

class TestCoverageRules : public QObject {
    Q_OBJECT
  private slots:
    void joinLimitsFollowSettings() {
        const CoverageJoin j = CoverageJoin::agedAt(kSettings, kNow);
        QCOMPARE(j.normalMicros, 30 * kMicrosPerSecond);
        QCOMPARE(j.normalMetres, 10.0);
        QCOMPARE(j.wideMicros, 65 * kMicrosPerSecond);
        QVERIFY(std::abs(j.wideMetres - 21.6667) < 1e-3);
        QCOMPARE(j.wideBefore, kDetailEdge);
        PositionSettings s;
        s.heatmapJoinSeconds = 90; // already wider than 2·active + 5: the normal limits stay
        const CoverageJoin k = CoverageJoin::agedAt(s, kNow);
        QCOMPARE(k.wideMicros, 90 * kMicrosPerSecond);
        QCOMPARE(k.wideMetres, 10.0);
    }

    void normalJoinBoundaries() {
        const CoverageJoin j = CoverageJoin::normal(kSettings);
        const Micros old = kDetailEdge - 10 * kMicrosPerDay; // old rows: the normal join ignores age
        QCOMPARE(statsOf(pair(old, 30 * kMicrosPerSecond, 5), j).segments, 1);
        QCOMPARE(statsOf(pair(old, 30 * kMicrosPerSecond + 1, 5), j).discs, 2);
        QCOMPARE(statsOf(pair(old, 10 * kMicrosPerSecond, 9.99), j).segments, 1);
        QCOMPARE(statsOf(pair(old, 10 * kMicrosPerSecond, 10.01), j).discs, 2);
    }

    // The wider join applies only when the older row of a pair is older than now − detail_days.
    void widerJoinOnlyBeyondDetailWindow() {
        const CoverageJoin j = CoverageJoin::agedAt(kSettings, kNow);
        const Micros s50 = 50 * kMicrosPerSecond;
        QCOMPARE(statsOf(pair(kDetailEdge - kMicrosPerDay, s50, 15), j).segments, 1);
        QCOMPARE(statsOf(pair(kDetailEdge - 1, s50, 15), j).segments, 1);
        const auto atEdge = statsOf(pair(kDetailEdge, s50, 15), j); // not older: normal limits
        QCOMPARE(atEdge.segments, 0);
        QCOMPARE(atEdge.discs, 2);
        QCOMPARE(statsOf(pair(kDetailEdge + kMicrosPerDay, s50, 15), j).discs, 2);
        // The pair's age is its older row's: a pair straddling the edge is joined wide.
        QCOMPARE(statsOf(pair(kDetailEdge - 20 * kMicrosPerSecond, s50, 15), j).segments, 1);
        // Wide limits: 65 s and 21.67 m, inclusive.
        const Micros old = kDetailEdge - kMicrosPerDay;
        QCOMPARE(statsOf(pair(old, 65 * kMicrosPerSecond, 5), j).segments, 1);
        QCOMPARE(statsOf(pair(old, 65 * kMicrosPerSecond + 1, 5), j).discs, 2);
        QCOMPARE(statsOf(pair(old, 60 * kMicrosPerSecond, 21.6), j).segments, 1);
        QCOMPARE(statsOf(pair(old, 60 * kMicrosPerSecond, 21.7), j).discs, 2);
    }

    void bladesOffBreaksTheSwath() {
        PlaneTrackBuilder b(kPlane, kNow - kMicrosPerDay);
        b.add(1, 1);
        b.add(1.3, 1);
        b.add(1.6, 1, false); // blades off between: no join across it, even 1 s apart
        b.add(1.9, 1);
        b.add(5, 5, false);
        const CoverageLayer layer =
            CoverageLayer::build(b.rows(), kPlane, CoverageJoin::normal(kSettings), 0.1, 0.25);
        QCOMPARE(layer.stats().bladesOnRows, 3);
        QCOMPARE(layer.stats().segments, 1);
        QCOMPARE(layer.stats().discs, 1);
        // The blades-off rows draw nothing: nothing around (5, 5) nor at (1.6, 1) beyond the first swath's
        // reach.
        QVERIFY(!layer.cells().contains(50, 50));
        QVERIFY(layer.cells().contains(19, 10)); // the disc at (1.9, 1): cell centre (1.95, 1.05)
        QVERIFY(
            !layer.cells().contains(16, 10)); // (1.65, 1.05): 0.25 from the segment's end, 0.25 from the disc
    }

    void emptyAndBladesOffOnly() {
        QCOMPARE(CoverageLayer::build({}, kPlane, CoverageJoin{}, 0.1, 0.25).cells().count(), 0);
        PlaneTrackBuilder b(kPlane, kNow);
        b.add(1, 1, false);
        b.add(2, 1, false);
        QCOMPARE(CoverageLayer::build(b.rows(), kPlane, CoverageJoin{}, 0.1, 0.25).cells().count(), 0);
    }

    void originIsSouthWestCornerOfRawRows() {
        PlaneTrackBuilder b(kPlane, kNow);
        b.add(10, 3);
        b.add(2, 8);
        b.add(7, -4);
        const HeatmapPlane p = HeatmapPlane::southWestOf(b.rows());
        QCOMPARE(p.originLat(), b.rows()[2].lat);
        QCOMPARE(p.originLon(), b.rows()[1].lon);
        for (const PositionRow& r : b.rows()) {
            const PlanePoint q = p.project(r.lat, r.lon);
            QVERIFY(q.x >= 0 && q.y >= 0);
            const auto [lat, lon] = p.unproject(q.x, q.y);
            QVERIFY(std::abs(lat - r.lat) < 1e-12 && std::abs(lon - r.lon) < 1e-12);
        }
    }

    // Hand-made signal cells of 2 m: medians (odd and even counts), fixed shares, NULLs ignored, negative
    // cells.
    void signalLayersOnHandMadeCells() {
        PlaneTrackBuilder b(kPlane, kNow);
        auto at = [&](double x, double y, int rtk, int wifi, int mnet) {
            PositionRow& r = b.add(x, y, false);
            r.rtkFix = std::int8_t(rtk);
            r.wifiRssi = wifi == 0 ? PositionRow::kNoRssi : std::int16_t(wifi);
            r.mnetRssi = mnet == 0 ? PositionRow::kNoRssi : std::int16_t(mnet);
        };
        // cell (0, 0): rtk 2, 2, 1, NULL → 2 of 3; wifi -50, -70, NULL, -60 → -60; mnet -80, -91 → -85.5
        at(0.5, 0.5, 2, -50, -80);
        at(1.5, 0.5, 2, -70, 0);
        at(0.5, 1.5, 1, 0, -91);
        at(1.9, 1.9, -1, -60, 0);
        // cell (1, 0): only NULLs → row counted, no share, no medians
        at(2.5, 0.5, -1, 0, 0);
        // cell (-1, -1): one float row, wifi -40 -40 -90 -41 → (-41 + -40) / 2
        at(-0.5, -0.5, 1, -40, 0);
        at(-0.5, -1.5, 0, -40, 0);
        at(-1.5, -0.5, 0, -90, 0);
        at(-1.5, -1.5, 0, -41, 0);
        const SignalLayers layers = SignalLayers::build(b.rows(), kPlane, 2.0);
        QCOMPARE(layers.cells().size(), std::size_t(3));
        QCOMPARE(layers.cells().front().i, -1); // sorted by j, then i

        const SignalCell* c = layers.find(0, 0);
        QVERIFY(c);
        QCOMPARE(c->rows, 4);
        QCOMPARE(c->rtkRows, 3);
        QCOMPARE(*c->fixedShare, 2.0 / 3.0);
        QCOMPARE(*c->wifiMedian, -60.0);
        QCOMPARE(*c->mnetMedian, -85.5);

        const SignalCell* empty = layers.find(1, 0);
        QVERIFY(empty);
        QCOMPARE(empty->rows, 1);
        QVERIFY(!empty->fixedShare && !empty->wifiMedian && !empty->mnetMedian);

        const SignalCell* neg = layers.find(-1, -1);
        QVERIFY(neg);
        QCOMPARE(*neg->fixedShare, 0.0);
        QCOMPARE(*neg->wifiMedian, -40.5);
        QVERIFY(!neg->mnetMedian);
        QVERIFY(!layers.find(5, 5));
    }

    void medianOfOddAndEvenCounts() {
        std::vector<std::int16_t> v{-70, -50, -60};
        QCOMPARE(*SignalLayers::median(v), -60.0);
        v = {-1, -3, -2, -4};
        QCOMPARE(*SignalLayers::median(v), -2.5);
        v = {};
        QVERIFY(!SignalLayers::median(v));
    }

    // Straight lanes older than the detail window, thinned by hand to what the rules keep on them (the first
    // row of every 30 s bin and the lane ends, where the track turns): with the wider join the coverage
    // equals the raw coverage to the cell; with the normal join it falls apart into discs.
    void straightLanesHandThinned() {
        const Micros start = kDetailEdge - 20 * kMicrosPerDay;
        const auto raw = test::boustrophedon(kPlane, start, 3, 3, 30, 40);
        std::vector<PositionRow> kept;
        for (std::size_t k = 0; k < raw.size(); ++k) {
            const bool laneEnd =
                k + 1 == raw.size() || k == 0 || raw[k].lat != raw[k - 1].lat || raw[k].lat != raw[k + 1].lat;
            const bool binStart =
                k == 0 || floorDiv(raw[k].observedAt - kBinAnchor, 30 * kMicrosPerSecond) !=
                              floorDiv(raw[k - 1].observedAt - kBinAnchor, 30 * kMicrosPerSecond);
            if (laneEnd || binStart)
                kept.push_back(raw[k]);
        }
        QVERIFY(kept.size() * 10 < raw.size());
        CoverageCheckLayers layers;
        const CoverageCheck c = checkCoverage(raw, kept, kNow, kSettings, &layers);
        QCOMPARE(c.cellsLost, 0);
        QCOMPARE(c.cellsGained, 0);
        QVERIFY(layers.before == layers.after);
        QCOMPARE(c.ratio, 1.0);
        QCOMPARE(c.verdictText(), QStringLiteral("pass"));
        QVERIFY2(c.narrowRatio < 0.5, qPrintable(QString::number(c.narrowRatio)));
        QCOMPARE(c.cellsLostNarrow,
                 c.cellsBefore - c.cellsAfterNarrow + layers.afterNarrow.minus(layers.before).count());
    }

    // The default range is the last 7 days; the layers see only the rows inside it, and old pairs join wide.
    void layersOverDefaultRange() {
        PlaneTrackBuilder b(kPlane, kNow - 8 * kMicrosPerDay);
        b.add(1, 1); // 8 days old: outside the default range
        b.wait(kMicrosPerDay + kMicrosPerHour);
        b.add(3, 3).wifiRssi = -70; // inside
        b.add(3.3, 3, true, 10 * kMicrosPerSecond).wifiRssi = -50;
        b.add(30, 30, false, kMicrosPerHour);
        PositionRow late = b.rows().back();
        late.observedAt = kNow; // at now: outside [now − 7 d, now)
        b.rows().push_back(late);
        const HeatmapRange range = HeatmapRange::lastDays(kNow);
        QCOMPARE(range.from, kNow - 7 * kMicrosPerDay);
        QCOMPARE(range.select(b.rows()).size(), std::size_t(3));
        const HeatmapLayers layers = HeatmapLayers::build(b.rows(), range, kNow, kSettings);
        QCOMPARE(layers.coverage.stats().bladesOnRows, 2);
        QCOMPARE(layers.coverage.stats().segments, 1);
        QCOMPARE(layers.signal.cells().size(), std::size_t(2)); // (3, 3) and (30, 30) in 2 m cells
        QCOMPARE(layers.plane.originLat(), b.rows()[1].lat);
        const SignalCell* c = layers.signal.find(0, 0);
        QVERIFY(c);
        QCOMPARE(*c->wifiMedian, -60.0);
        const HeatmapRange inverted{kNow, kNow - 1};
        QCOMPARE(inverted.select(b.rows()).size(), std::size_t(0));

        // An old range joins 50 s / 15 m pairs wide; the same pair inside the detail window does not.
        const auto old = pair(kDetailEdge - 3 * kMicrosPerDay, 50 * kMicrosPerSecond, 15);
        const HeatmapRange oldRange{kDetailEdge - 4 * kMicrosPerDay, kDetailEdge};
        QCOMPARE(HeatmapLayers::build(old, oldRange, kNow, kSettings).coverage.stats().segments, 1);
        const auto recent = pair(kNow - 3 * kMicrosPerDay, 50 * kMicrosPerSecond, 15);
        QCOMPARE(HeatmapLayers::build(recent, HeatmapRange::lastDays(kNow), kNow, kSettings)
                     .coverage.stats()
                     .discs,
                 2);
    }

    void checkArithmeticAndVerdicts() {
        const Micros start = kDetailEdge - 20 * kMicrosPerDay;
        const auto raw = test::boustrophedon(kPlane, start, 3, 3, 20, 30);
        // Half of the lanes survive: far more than 12 % lost.
        std::vector<PositionRow> half(raw.begin(), raw.begin() + std::ptrdiff_t(raw.size() / 2));
        CoverageCheckLayers layers;
        const CoverageCheck c = checkCoverage(raw, half, kNow, kSettings, &layers);
        QCOMPARE(c.verdictText(), QStringLiteral("fail"));
        QVERIFY(!c.passed());
        QCOMPARE(c.cellsBefore - c.cellsLost + c.cellsGained, c.cellsAfter);
        QCOMPARE(c.cellsLost, layers.lost.count());
        QVERIFY(c.deviation > 0.4 && c.deviation < 0.6);
        QCOMPARE(c.areaBefore, double(c.cellsBefore) * 0.01);
        QCOMPARE(c.rowsBefore, std::int64_t(raw.size()));
        QCOMPARE(c.rowsAfter, std::int64_t(half.size()));
        // A survivor outside the raw coverage is a gained cell.
        auto moved = raw;
        PlaneTrackBuilder extra(layers.plane, moved.back().observedAt + kMicrosPerHour);
        extra.add(100, 100);
        moved.push_back(extra.rows().front());
        const CoverageCheck g = checkCoverage(raw, moved, kNow, kSettings);
        QCOMPARE(g.cellsGained, 4); // a disc on a cell corner: the four centres 0.07 m away
        QCOMPARE(g.cellsLost, 0);
        QCOMPARE(g.verdictText(), QStringLiteral("pass"));
        // Nothing mowed: no coverage, not a failure.
        PlaneTrackBuilder idle(kPlane, start);
        idle.add(1, 1, false);
        const CoverageCheck none = checkCoverage(idle.rows(), idle.rows(), kNow, kSettings);
        QCOMPARE(none.verdictText(), QStringLiteral("no-coverage"));
        QVERIFY(none.passed());
        QVERIFY(!none.worstDay);
        // A range inside one UTC day: its worst day is the range itself.
        QCOMPARE(c.worstDay.value_or(-1), floorToStep(start, kMicrosPerDay));
        QCOMPARE(c.worstDayDeviation, c.deviation);
    }

    // The same lawn mowed on two days; the second day's survivors lose half of it. Over the range the first
    // day covers everything (the range passes); the worst day names the second, as its own check does.
    void worstDayBesideTheRange() {
        const Micros day1 = floorToStep(kDetailEdge - 20 * kMicrosPerDay, kMicrosPerDay) + 8 * kMicrosPerHour;
        const auto first = test::boustrophedon(kPlane, day1, 3, 3, 20, 30);
        const auto second = test::boustrophedon(kPlane, day1 + kMicrosPerDay, 3, 3, 20, 30);
        std::vector<PositionRow> raw = first, survivors = first;
        raw.insert(raw.end(), second.begin(), second.end());
        const std::vector<PositionRow> secondHalf(second.begin(),
                                                  second.begin() + std::ptrdiff_t(second.size() / 2));
        survivors.insert(survivors.end(), secondHalf.begin(), secondHalf.end());
        const CoverageCheck range = checkCoverage(raw, survivors, kNow, kSettings);
        const CoverageCheck alone = checkCoverage(second, secondHalf, kNow, kSettings);
        QCOMPARE(range.verdictText(), QStringLiteral("pass"));
        QVERIFY(range.deviation < 0.01);
        QCOMPARE(range.worstDay.value_or(-1), floorToStep(day1 + kMicrosPerDay, kMicrosPerDay));
        QCOMPARE(range.worstDayDeviation, alone.deviation);
        QVERIFY(range.worstDayDeviation > 0.4);
    }
};

QTEST_GUILESS_MAIN(TestCoverageRules)
#include "test_coveragerules.moc"
