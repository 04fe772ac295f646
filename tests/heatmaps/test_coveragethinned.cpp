// The coverage check on rows thinned by the real rules (InMemoryPositionStore): straight lanes, and every
// mower of the demo data over every 7-day range older than the detail window.
#include "heatmaptestdata.h"

#include "coveragecheck.h"
#include "inmemorypositionstore.h"
#include "positionsgenerator.h"

#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

constexpr Micros kNow = 1796083200LL * kMicrosPerSecond; // 2026-12-01T00:00:00Z
const PositionSettings kSettings;

std::vector<PositionRow> inRange(const std::vector<PositionRow>& rows, Micros from, Micros to) {
    std::vector<PositionRow> out;
    for (const PositionRow& r : rows)
        if (r.observedAt >= from && r.observedAt < to)
            out.push_back(r);
    return out;
}

MowerTrack thinned(const MowerTrack& track, Micros now) {
    InMemoryPositionStore store({track});
    store.thinUntil(kSettings.thinningCutoff(now), kSettings);
    return store.tracks().front();
}

} // namespace

class TestCoverageThinned : public QObject {
    Q_OBJECT
  private slots:
    // Straight lanes at 1 Hz with U-turns, older than the detail window, thinned by the rules: the coverage
    // of the survivors with the wider join equals the raw coverage to the cell.
    void straightLanesThinnedEqualRaw_data() {
        QTest::addColumn<double>("step");
        QTest::addColumn<double>("length");
        QTest::addColumn<int>("lanes");
        QTest::newRow("0.35 m at 1 Hz, 30 m lanes") << 0.35 << 30.0 << 60;
        QTest::newRow("0.35 m at 1 Hz, 60 m lanes") << 0.35 << 60.0 << 40;
        QTest::newRow("0.25 m at 1 Hz, 12 m lanes") << 0.25 << 12.0 << 80;
        QTest::newRow("0.5 m at 1 Hz, 40 m lanes") << 0.5 << 40.0 << 30;
    }
    void straightLanesThinnedEqualRaw() {
        QFETCH(double, step);
        QFETCH(double, length);
        QFETCH(int, lanes);
        const HeatmapPlane plane(51.2, 6.8);
        const Micros start = kNow - 120 * kMicrosPerDay + 7 * kMicrosPerSecond;
        MowerTrack track;
        track.mowerId = QUuid::createUuidV5(QUuid(), QStringLiteral("lanes"));
        track.rows = test::boustrophedon(plane, start, 2, 2, length, lanes, 0.22, step);
        const MowerTrack kept = thinned(track, kNow);
        QVERIFY(kept.rows.size() * 5 < track.rows.size());
        CoverageCheckLayers layers;
        const CoverageCheck c = checkCoverage(track.rows, kept.rows, kNow, kSettings, &layers);
        qInfo("%s: rows %lld -> %lld, area %.2f m2 -> %.2f m2 (wider join), %.2f m2 (normal join, %.1f %% "
              "lost)",
              QTest::currentDataTag(), qlonglong(c.rowsBefore), qlonglong(c.rowsAfter), c.areaBefore,
              c.areaAfter, c.areaAfterNarrow, 100 * (1 - c.narrowRatio));
        QCOMPARE(c.cellsLost, 0);
        QCOMPARE(c.cellsGained, 0);
        QVERIFY(layers.before == layers.after);
        if (step * 30 > kSettings.heatmapJoinMetres) // kept rows a bin apart are beyond the normal join
            QVERIFY(c.narrowRatio < 0.9);
    }

    // Every mower of the demo data over every 7-day range older than the detail window: within 12 %, and the
    // normal join on the survivors loses far more.
    void demoMowersWithinTolerance() {
        demo::PositionsGeneratorOptions options;
        options.end = kNow;
        const demo::PositionsGenerator generator(options);
        const Micros detailEdge = kNow - kSettings.detailWindow();
        const Micros dataStart = kNow - Micros(options.days) * kMicrosPerDay;
        int checks = 0, failures = 0;
        double worst = 0, narrowLossSum = 0, narrowLossMin = 1;
        for (int m = 0; m < generator.mowerCount(); ++m) {
            const demo::GeneratedMower mower = generator.generate(m);
            const MowerTrack kept = thinned(mower.track, kNow);
            // Every 7-day range of whole days that ends before the detail window (sliding by a day).
            for (Micros from = floorToStep(dataStart, kMicrosPerDay); from + 7 * kMicrosPerDay <= detailEdge;
                 from += kMicrosPerDay) {
                const Micros to = from + 7 * kMicrosPerDay;
                const auto raw = inRange(mower.track.rows, from, to);
                const auto survivors = inRange(kept.rows, from, to);
                const CoverageCheck c = checkCoverage(raw, survivors, kNow, kSettings);
                if (c.verdict == CoverageCheck::Verdict::NoCoverage)
                    continue;
                ++checks;
                const double narrowLoss = 1 - c.narrowRatio;
                if (from % (7 * kMicrosPerDay) == floorToStep(dataStart, kMicrosPerDay) % (7 * kMicrosPerDay))
                    qInfo("%s %s: rows %7lld -> %6lld  area %8.2f -> %8.2f m2 (%+.2f %%, lost %lld gained "
                          "%lld cells)  "
                          "normal join %8.2f m2 (%.1f %% lost)  %s",
                          qPrintable(mower.name.left(24)), qPrintable(formatIsoTimestamp(from).left(10)),
                          qlonglong(c.rowsBefore), qlonglong(c.rowsAfter), c.areaBefore, c.areaAfter,
                          100 * (c.ratio - 1), qlonglong(c.cellsLost), qlonglong(c.cellsGained),
                          c.areaAfterNarrow, 100 * narrowLoss, qPrintable(c.verdictText()));
                worst = std::max(worst, c.deviation);
                narrowLossSum += narrowLoss;
                narrowLossMin = std::min(narrowLossMin, narrowLoss);
                if (!c.passed())
                    ++failures;
                // The normal join on the survivors loses several times what the wider join does.
                QVERIFY2(narrowLoss > 3 * c.deviation && narrowLoss > 0.0,
                         qPrintable(QStringLiteral("%1 from %2: normal join loses only %3 %%")
                                        .arg(mower.name, formatIsoTimestamp(from))
                                        .arg(100 * narrowLoss)));
            }
        }
        qInfo("demo: %d checks, worst deviation %.2f %% (limit 12 %%); the normal join on the survivors "
              "loses %.1f %% on "
              "average, at least %.1f %%",
              checks, 100 * worst, 100 * narrowLossSum / std::max(1, checks), 100 * narrowLossMin);
        QVERIFY(checks >= generator.mowerCount() * 10);
        QCOMPARE(failures, 0);
        QVERIFY(narrowLossSum / checks > 5 * worst);
    }

    // A week mows a lawn several times over, so its covered area saturates and hides much of what a join
    // loses. Single days show the rules more sharply; the wider join must hold there too.
    void demoDaysWithinTolerance() {
        demo::PositionsGeneratorOptions options;
        options.end = kNow;
        const demo::PositionsGenerator generator(options);
        const Micros detailEdge = kNow - kSettings.detailWindow();
        int days = 0, failures = 0;
        double worst = 0, narrowLossSum = 0;
        for (int m = 0; m < generator.mowerCount(); ++m) {
            const demo::GeneratedMower mower = generator.generate(m);
            const MowerTrack kept = thinned(mower.track, kNow);
            for (Micros from = floorToStep(kNow - Micros(options.days) * kMicrosPerDay, kMicrosPerDay);
                 from + kMicrosPerDay <= detailEdge; from += kMicrosPerDay) {
                const CoverageCheck c =
                    checkCoverage(inRange(mower.track.rows, from, from + kMicrosPerDay),
                                  inRange(kept.rows, from, from + kMicrosPerDay), kNow, kSettings);
                if (c.verdict == CoverageCheck::Verdict::NoCoverage)
                    continue;
                ++days;
                worst = std::max(worst, c.deviation);
                narrowLossSum += 1 - c.narrowRatio;
                if (!c.passed()) {
                    ++failures;
                    qWarning("%s %s: %.2f -> %.2f m2 (%.2f %%)", qPrintable(mower.name),
                             qPrintable(formatIsoTimestamp(from)), c.areaBefore, c.areaAfter,
                             100 * c.deviation);
                }
            }
        }
        qInfo("demo days: %d mowing days, worst deviation %.2f %%; the normal join on the survivors loses "
              "%.1f %% on average",
              days, 100 * worst, 100 * narrowLossSum / std::max(1, days));
        QVERIFY(days > 50);
        QCOMPARE(failures, 0);
        QVERIFY(narrowLossSum / days > 5 * worst);
    }
};

QTEST_GUILESS_MAIN(TestCoverageThinned)
#include "test_coveragethinned.moc"
