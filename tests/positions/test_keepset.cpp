#include "geodesy.h"
#include "inmemorypositionstore.h"
#include "keepset.h"
#include "sliceplanner.h"
#include "thinningtestdata.h"
#include "thinningwindow.h"

#include <QDateTime>
#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

const Micros kT0 = Micros(1767225600) * kMicrosPerSecond; // 2026-01-01T00:00:00Z, on every grid

PositionRow at(Micros t, double lat, double lon, bool blades = false, int rtk = 2) {
    PositionRow r;
    r.observedAt = t;
    r.lat = lat;
    r.lon = lon;
    r.bladesOn = blades;
    r.rtkFix = static_cast<std::int8_t>(rtk);
    return r;
}

// Moves (lat, lon) by metres north and east.
void move(double& lat, double& lon, double north, double east) {
    lat += north / 111195.0;
    lon += east / (111195.0 * std::cos(lat * kRadiansPerDegree));
}

KeepReasons reasonsAt(const std::vector<KeptRow>& kept, std::size_t index) {
    for (const KeptRow& k : kept)
        if (k.index == index)
            return k.reasons;
    return 0;
}

Micros micros(const char* iso) {
    return parseIsoTimestamp(QString::fromLatin1(iso));
}

} // namespace

class TestKeepSet : public QObject {
    Q_OBJECT
  private slots:
    void reasonsText() {
        QCOMPARE(keepReasonsText(0), QString());
        QCOMPARE(keepReasonsText(reasonBit(KeepReason::Bin)), QStringLiteral("bin"));
        QCOMPARE(keepReasonsText(63), QStringLiteral("bin|gap|blades|rtk|turn|error"));
        QCOMPARE(keepReasonsText(reasonBit(KeepReason::Error) | reasonBit(KeepReason::Gap)),
                 QStringLiteral("gap|error"));
    }

    // Standing rows every 10 s: only bin starts (idle 300 s) survive, plus the ends of the context.
    void binRuleIdleAndActive() {
        PositionSettings settings;
        std::vector<PositionRow> rows;
        for (int i = 0; i < 120; ++i)
            rows.push_back(at(kT0 + i * 10 * kMicrosPerSecond, 52.5, 13.4, i >= 60));
        const auto kept =
            keepSet(rows, {}, settings, kT0 + 5 * kMicrosPerMinute, kT0 + 15 * kMicrosPerMinute);
        std::vector<std::size_t> binRows;
        for (const KeptRow& k : kept)
            if (hasReason(k.reasons, KeepReason::Bin))
                binRows.push_back(k.index);
        // Idle bins start at 5 min (row 30); blades on from row 60 (10 min): 30 s bins at rows 60, 63, ...
        const std::vector<std::size_t> expected = {30, 60, 63, 66, 69, 72, 75, 78, 81, 84, 87};
        QCOMPARE(binRows, expected);
        QCOMPARE(reasonsAt(kept, 60),
                 KeepReasons(reasonBit(KeepReason::Bin) | reasonBit(KeepReason::Blades)));
        QCOMPARE(reasonsAt(kept, 59), reasonBit(KeepReason::Blades));
    }

    // Exactly 1 m from prev keeps the idle width; just over 1 m switches to the active width.
    void movedExactlyOneMetre() {
        PositionSettings settings;
        // At the equator R·Δφ is fine-grained enough to hit 1 m exactly.
        const double lat0 = 0.0;
        double lat1 = 1.0 / (kEarthRadiusMetres * kRadiansPerDegree);
        while (distanceMetres(lat0, 13.4, lat1, 13.4) > 1.0)
            lat1 = std::nextafter(lat1, 0.0);
        while (distanceMetres(lat0, 13.4, lat1, 13.4) < 1.0)
            lat1 = std::nextafter(lat1, 90.0);
        QCOMPARE(distanceMetres(lat0, 13.4, lat1, 13.4), 1.0);
        for (bool over : {false, true}) {
            const double lat = over ? std::nextafter(lat1, 90.0) : lat1;
            // Rows at 0 s and 40 s: different 30 s bins, same 300 s bin.
            std::vector<PositionRow> rows = {at(kT0 + 10 * kMicrosPerSecond, lat0, 13.4),
                                             at(kT0 + 40 * kMicrosPerSecond, lat, 13.4),
                                             at(kT0 + 50 * kMicrosPerSecond, lat, 13.4)};
            const auto kept = keepSet(rows, {}, settings, kT0, kT0 + 5 * kMicrosPerMinute);
            QCOMPARE(hasReason(reasonsAt(kept, 1), KeepReason::Bin), over);
        }
    }

    void gapExactly120Seconds() {
        PositionSettings settings;
        std::vector<PositionRow> rows;
        Micros t = kT0 + kMicrosPerSecond;
        for (Micros dt : {Micros(0), 120 * kMicrosPerSecond, 10 * kMicrosPerSecond,
                          120 * kMicrosPerSecond + 1, 10 * kMicrosPerSecond, 10 * kMicrosPerSecond}) {
            t += dt;
            rows.push_back(at(t, 52.5, 13.4));
        }
        const auto kept = keepSet(rows, {}, settings, kT0, kT0 + kMicrosPerHour);
        QVERIFY(hasReason(reasonsAt(kept, 0), KeepReason::Gap));  // no prev
        QVERIFY(!hasReason(reasonsAt(kept, 1), KeepReason::Gap)); // exactly 120 s on both sides: no gap
        QVERIFY(hasReason(reasonsAt(kept, 2), KeepReason::Gap));  // 120 s + 1 µs after
        QVERIFY(hasReason(reasonsAt(kept, 3), KeepReason::Gap));
        QVERIFY(!hasReason(reasonsAt(kept, 4), KeepReason::Gap));
        QVERIFY(hasReason(reasonsAt(kept, 5), KeepReason::Gap)); // no next
    }

    void bladesRtkAndErrors() {
        PositionSettings settings;
        std::vector<PositionRow> rows;
        for (int i = 0; i < 10; ++i)
            rows.push_back(at(kT0 + (i + 1) * 5 * kMicrosPerSecond, 52.5, 13.4, i >= 5, i == 7 ? -1 : 2));
        const std::vector<Micros> errors = {rows[2].observedAt, rows[2].observedAt + 1};
        const auto kept = keepSet(rows, errors, settings, kT0, kT0 + kMicrosPerHour);
        QVERIFY(hasReason(reasonsAt(kept, 4), KeepReason::Blades));
        QVERIFY(hasReason(reasonsAt(kept, 5), KeepReason::Blades));
        QVERIFY(!hasReason(reasonsAt(kept, 3), KeepReason::Blades));
        QVERIFY(hasReason(reasonsAt(kept, 6), KeepReason::Rtk)); // next is NULL
        QVERIFY(hasReason(reasonsAt(kept, 7), KeepReason::Rtk));
        QVERIFY(hasReason(reasonsAt(kept, 8), KeepReason::Rtk));
        QVERIFY(!hasReason(reasonsAt(kept, 0), KeepReason::Rtk)); // no prev is no change
        QCOMPARE(reasonsAt(kept, 2), reasonBit(KeepReason::Error));
        QCOMPARE(reasonsAt(kept, 3), KeepReasons(0));
    }

    // 1 Hz lanes 0.22 m apart: the sideways steps are 0.11 m (noise), yet both lane ends are turns.
    void uTurnWithSubNoiseSidewaysSteps() {
        PositionSettings settings;
        std::vector<PositionRow> rows;
        double lat = 47.3, lon = 8.5;
        Micros t = kT0;
        for (int i = 0; i < 20; ++i, t += kMicrosPerSecond) {
            rows.push_back(at(t, lat, lon, true));
            move(lat, lon, 0.35, 0);
        }
        for (int i = 0; i < 2; ++i, t += kMicrosPerSecond) {
            rows.push_back(at(t, lat, lon, true));
            move(lat, lon, 0, 0.11);
        }
        for (int i = 0; i < 20; ++i, t += kMicrosPerSecond) {
            rows.push_back(at(t, lat, lon, true));
            move(lat, lon, -0.35, 0);
        }
        const auto kept = keepSet(rows, {}, settings, kT0, kT0 + kMicrosPerHour);
        std::vector<std::size_t> turns;
        for (const KeptRow& k : kept)
            if (hasReason(k.reasons, KeepReason::Turn))
                turns.push_back(k.index);
        QVERIFY2(!turns.empty(), "no turn at the lane end");
        for (std::size_t i : turns)
            QVERIFY2(i >= 18 && i <= 23, qPrintable(QStringLiteral("turn at row %1").arg(i)));
        // A straight lane has no turn in its middle.
        QVERIFY(!hasReason(reasonsAt(kept, 10), KeepReason::Turn));
    }

    // Turns at 25° to the last bit: the out heading is bisected to the two adjacent doubles where the
    // spec's exact bearing difference crosses 25°; keep_set must agree on both (strictly "more than").
    void turnAtTwentyFiveDegrees() {
        PositionSettings settings;
        const auto rowsFor = [](double angleDegrees) {
            std::vector<PositionRow> rows;
            double lat = 40.0, lon = -74.0;
            rows.push_back(at(kT0 + kMicrosPerSecond, lat, lon));
            move(lat, lon, 1.0, 0);
            rows.push_back(at(kT0 + 2 * kMicrosPerSecond, lat, lon));
            const double angle = angleDegrees * kRadiansPerDegree;
            move(lat, lon, std::cos(angle), std::sin(angle));
            rows.push_back(at(kT0 + 3 * kMicrosPerSecond, lat, lon));
            return rows;
        };
        const auto exactTurn = [](const std::vector<PositionRow>& rows) {
            const PlaneStep in = planeStep(rows[0].lat, rows[0].lon, rows[1].lat, rows[1].lon);
            const PlaneStep out = planeStep(rows[1].lat, rows[1].lon, rows[2].lat, rows[2].lon);
            return std::abs(normaliseAngle(stepBearing(out) - stepBearing(in))) > 25.0 * kRadiansPerDegree;
        };
        double lo = 24.0, hi = 26.0;
        QVERIFY(!exactTurn(rowsFor(lo)) && exactTurn(rowsFor(hi)));
        while (std::nextafter(lo, hi) < hi) {
            const double mid = lo + (hi - lo) / 2;
            if (mid == lo || mid == hi)
                break;
            (exactTurn(rowsFor(mid)) ? hi : lo) = mid;
        }
        for (double a : {lo, hi}) {
            const auto rows = rowsFor(a);
            const auto kept = keepSet(rows, {}, settings, kT0, kT0 + kMicrosPerHour);
            QCOMPARE(hasReason(reasonsAt(kept, 1), KeepReason::Turn), exactTurn(rows));
        }
        QVERIFY(!exactTurn(rowsFor(lo)));
        QVERIFY(exactTurn(rowsFor(hi)));
    }

    // Steps just under 0.3 m are noise: the heading comes from a row further back.
    void stepsJustUnderNoise() {
        PositionSettings settings;
        std::vector<PositionRow> rows;
        double lat = 52.5, lon = 13.4;
        Micros t = kT0 + kMicrosPerSecond;
        rows.push_back(at(t, lat, lon));
        move(lat, lon, 0.2999, 0);
        rows.push_back(at(t += kMicrosPerSecond, lat, lon));
        move(lat, lon, 0.2999, 0);
        rows.push_back(at(t += kMicrosPerSecond, lat, lon)); // row 2: p is row 0 (0.5998 m), not row 1
        move(lat, lon, 0, 0.2999);
        rows.push_back(at(t += kMicrosPerSecond, lat, lon));
        move(lat, lon, 0, 0.2999);
        rows.push_back(at(t += kMicrosPerSecond, lat, lon));
        KeepSet ks(settings);
        ks.setContext(rows);
        QCOMPARE(ks.turnPredecessor(2), 0L);
        QCOMPARE(ks.turnSuccessor(2), 4L);
        QCOMPARE(ks.turnPredecessor(1), -1L);
        const auto kept = ks.evaluate(rows, {}, kT0, kT0 + kMicrosPerHour);
        QVERIFY(hasReason(reasonsAt(kept, 2), KeepReason::Turn));  // 90° between 0 → 2 and 2 → 4
        QVERIFY(!hasReason(reasonsAt(kept, 1), KeepReason::Turn)); // no p at 0.3 m
    }

    // The bounding-box search finds exactly the rows a linear scan finds, on standing jitter and moves.
    void turnSearchMatchesLinearScan() {
        PositionSettings settings;
        test::RandomTracks random(99);
        KeepSet ks(settings);
        long long checked = 0;
        for (int n = 0; n < 60; ++n) {
            const MowerTrack track = random.next(3000);
            const auto& rows = track.rows;
            ks.setContext(rows);
            for (std::size_t i = 0; i < rows.size(); i += 1 + i % 7) {
                long back = -1, forward = -1;
                for (std::size_t j = i; j-- > 0;)
                    if (distanceMetres(rows[j].lat, rows[j].lon, rows[i].lat, rows[i].lon) >=
                        kNoiseStepMetres) {
                        back = static_cast<long>(j);
                        break;
                    }
                for (std::size_t j = i + 1; j < rows.size(); ++j)
                    if (distanceMetres(rows[i].lat, rows[i].lon, rows[j].lat, rows[j].lon) >=
                        kNoiseStepMetres) {
                        forward = static_cast<long>(j);
                        break;
                    }
                QCOMPARE(ks.turnPredecessor(i), back);
                QCOMPARE(ks.turnSuccessor(i), forward);
                ++checked;
            }
        }
        QVERIFY(checked > 10000);
    }

    void slicesFromOldestRowOrWatermark() {
        const QUuid id = QUuid::createUuid();
        const Micros oldest = micros("2026-01-01T01:02:03.5Z");
        const Micros cutoff = micros("2026-01-02T00:00:00Z");
        const auto slices = SlicePlanner::plan(id, std::nullopt, oldest, cutoff);
        QCOMPARE(slices.size(), std::size_t(4));
        QCOMPARE(slices.front().begin, micros("2026-01-01T01:00:00Z"));
        QCOMPARE(slices[1].begin, micros("2026-01-01T07:00:00Z"));
        QCOMPARE(slices.back().begin, micros("2026-01-01T19:00:00Z"));
        QCOMPARE(slices.back().end, cutoff);
        for (std::size_t k = 0; k + 1 < slices.size(); ++k)
            QCOMPARE(slices[k].end, slices[k + 1].begin);
        QCOMPARE(SlicePlanner::pendingSlices(std::nullopt, oldest, cutoff), 4LL);
        const auto fromWatermark = SlicePlanner::plan(id, micros("2026-01-01T22:00:00Z"), oldest, cutoff);
        QCOMPARE(fromWatermark.size(), std::size_t(1));
        QCOMPARE(fromWatermark[0].begin, micros("2026-01-01T22:00:00Z"));
        QVERIFY(SlicePlanner::plan(id, cutoff, oldest, cutoff).empty());
        QVERIFY(SlicePlanner::plan(id, std::nullopt, std::nullopt, cutoff).empty());
        PositionSettings settings;
        QCOMPARE(settings.thinningCutoff(micros("2026-04-01T12:34:56Z")), micros("2026-01-01T12:30:00Z"));
    }

    void windowHours() {
        QVERIFY(ThinningWindow::hourInside(7, 3, 3));
        QVERIFY(ThinningWindow::hourInside(1, 1, 5));
        QVERIFY(!ThinningWindow::hourInside(5, 1, 5));
        QVERIFY(ThinningWindow::hourInside(23, 22, 2));
        QVERIFY(ThinningWindow::hourInside(1, 22, 2));
        QVERIFY(!ThinningWindow::hourInside(2, 22, 2));
        QVERIFY(!ThinningWindow::hourInside(12, 22, 2));
    }

    // Counts the real minutes of a night inside a window, minute by minute.
    void dstNights_data() {
        QTest::addColumn<QString>("zone");
        QTest::addColumn<QString>("from");
        QTest::addColumn<int>("start");
        QTest::addColumn<int>("end");
        QTest::addColumn<int>("minutes");
        // Berlin spring 2026-03-29: 02:00 → 03:00. A window 1–5 has 3 real hours; 2–3 is never entered.
        QTest::newRow("Berlin spring 1-5") << "Europe/Berlin"
                                           << "2026-03-28T20:00:00Z" << 1 << 5 << 180;
        QTest::newRow("Berlin spring 2-3") << "Europe/Berlin"
                                           << "2026-03-28T20:00:00Z" << 2 << 3 << 0;
        // Berlin autumn 2026-10-25: 03:00 → 02:00. 1–5 has 5 real hours, 2–3 two.
        QTest::newRow("Berlin autumn 1-5") << "Europe/Berlin"
                                           << "2026-10-24T20:00:00Z" << 1 << 5 << 300;
        QTest::newRow("Berlin autumn 2-3") << "Europe/Berlin"
                                           << "2026-10-24T20:00:00Z" << 2 << 3 << 120;
        // New York spring 2026-03-08 02:00 → 03:00, autumn 2026-11-01 02:00 → 01:00; a wrapping window.
        QTest::newRow("New York spring 23-3") << "America/New_York"
                                              << "2026-03-08T00:00:00Z" << 23 << 3 << 180;
        QTest::newRow("New York autumn 23-3") << "America/New_York"
                                              << "2026-11-01T00:00:00Z" << 23 << 3 << 300;
        QTest::newRow("New York autumn 1-2") << "America/New_York"
                                             << "2026-11-01T00:00:00Z" << 1 << 2 << 120;
        QTest::newRow("UTC equal = always") << "UTC"
                                            << "2026-11-01T00:00:00Z" << 4 << 4 << 1440;
    }
    void dstNights() {
        QFETCH(QString, zone);
        QFETCH(QString, from);
        QFETCH(int, start);
        QFETCH(int, end);
        QFETCH(int, minutes);
        const QTimeZone tz(zone.toLatin1());
        QVERIFY(tz.isValid());
        const ThinningWindow window(start, end, tz);
        const Micros t0 = parseIsoTimestamp(from);
        int inside = 0;
        for (int m = 0; m < 24 * 60; ++m)
            inside += window.contains(t0 + m * kMicrosPerMinute) ? 1 : 0;
        QCOMPARE(inside, minutes);
    }

    // The store thins slice by slice; a second pass to the same cutoff finds nothing to do.
    void storeIsIdempotentAndLeavesRecentRows() {
        PositionSettings settings;
        test::RandomTracks random(5);
        std::vector<MowerTrack> tracks;
        for (int i = 0; i < 50; ++i)
            tracks.push_back(random.next(2000));
        const Micros cutoff = test::kRandomTracksBase + 30 * kMicrosPerHour;
        InMemoryPositionStore store(tracks);
        const auto first = store.thinUntil(cutoff, settings);
        QVERIFY(first.slices > 0);
        QVERIFY(first.deleted > 0);
        const auto second = store.thinUntil(cutoff, settings);
        QCOMPARE(second.slices, 0LL);
        QCOMPARE(second.deleted, 0LL);
        for (std::size_t k = 0; k < tracks.size(); ++k) {
            long long recentBefore = 0, recentAfter = 0;
            for (const PositionRow& r : tracks[k].rows)
                recentBefore += r.observedAt >= cutoff;
            for (std::size_t i = 0; i < store.tracks()[k].rows.size(); ++i) {
                const bool recent = store.tracks()[k].rows[i].observedAt >= cutoff;
                recentAfter += recent;
                QCOMPARE(store.reasons(k)[i] == 0, recent);
            }
            QCOMPARE(recentAfter, recentBefore);
        }
    }
};

QTEST_GUILESS_MAIN(TestKeepSet)
#include "test_keepset.moc"
