#include "geodesy.h"
#include "positionsgenerator.h"

#include <QSet>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <map>

using namespace tidemark;
using namespace tidemark::demo;
using positions::PositionRow;

namespace {
const Micros kEnd = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

PositionsGeneratorOptions options(quint64 seed = 20261130) {
    PositionsGeneratorOptions o;
    o.seed = seed;
    o.end = kEnd;
    return o;
}

bool moving(const PositionRow& r) {
    return r.speedMps > 0.1f;
}

double median(std::vector<double> v) {
    if (v.empty())
        return std::nan("");
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
} // namespace

class TestPositionsGenerator : public QObject {
    Q_OBJECT

  private:
    GeneratedMower m_mower; // mower 0 of the default seed, shared by the shape tests

  private slots:
    void initTestCase() { m_mower = PositionsGenerator(options()).generate(0); }

    void sameSeedSameOutput() {
        const GeneratedMower again = PositionsGenerator(options()).generate(0);
        QCOMPARE(again.track.mowerId, m_mower.track.mowerId);
        QCOMPARE(again.track.rows.size(), m_mower.track.rows.size());
        for (size_t i = 0; i < again.track.rows.size(); ++i) {
            const PositionRow& a = again.track.rows[i];
            const PositionRow& b = m_mower.track.rows[i];
            if (a.observedAt != b.observedAt || a.lat != b.lat || a.lon != b.lon ||
                a.bladesOn != b.bladesOn || a.rtkFix != b.rtkFix || a.wifiRssi != b.wifiRssi ||
                a.mnetRssi != b.mnetRssi)
                QFAIL(qPrintable(QStringLiteral("row %1 differs between two runs of one seed").arg(i)));
        }
        QCOMPARE(again.history.size(), m_mower.history.size());
        QCOMPARE(again.track.errorInstants, m_mower.track.errorInstants);
    }

    void otherSeedOtherOutput() {
        const GeneratedMower other = PositionsGenerator(options(7)).generate(0);
        QVERIFY(other.track.mowerId != m_mower.track.mowerId);
        QVERIFY(other.track.rows.size() != m_mower.track.rows.size() ||
                other.track.rows[100].lat != m_mower.track.rows[100].lat);
    }

    void mowersAreDistinctPlaces() {
        const PositionsGenerator generator(options());
        const GeneratedMower second = generator.generate(1);
        QVERIFY(second.track.mowerId != m_mower.track.mowerId);
        const double d = positions::distanceMetres(second.track.rows[0].lat, second.track.rows[0].lon,
                                                   m_mower.track.rows[0].lat, m_mower.track.rows[0].lon);
        QVERIFY2(d > 1000, qPrintable(QString::number(d)));
    }

    void rowsCoverTheRangeInOrder() {
        const auto& rows = m_mower.track.rows;
        QVERIFY(!rows.empty());
        const Micros start = kEnd - 120 * kMicrosPerDay;
        QVERIFY(rows.front().observedAt >= start);
        QVERIFY(rows.back().observedAt < kEnd);
        for (size_t i = 1; i < rows.size(); ++i)
            QVERIFY(rows[i].observedAt > rows[i - 1].observedAt);
        // A month of data lies beyond a 90-day detail window.
        const Micros cutoff = kEnd - 90 * kMicrosPerDay;
        const auto beyond = std::count_if(rows.begin(), rows.end(),
                                          [&](const PositionRow& r) { return r.observedAt < cutoff; });
        QVERIFY(rows.front().observedAt < start + kMicrosPerDay);
        QVERIFY(beyond > 50000);
    }

    void sampleIntervalsWhileMoving() {
        const auto& rows = m_mower.track.rows;
        qint64 pairs = 0, upToThree = 0;
        for (size_t i = 1; i < rows.size(); ++i) {
            if (!moving(rows[i - 1]) || !moving(rows[i]))
                continue;
            const Micros dt = rows[i].observedAt - rows[i - 1].observedAt;
            if (dt > 120 * kMicrosPerSecond)
                continue; // a silence
            ++pairs;
            QVERIFY2(dt >= kMicrosPerSecond && dt <= 20 * kMicrosPerSecond,
                     qPrintable(formatIsoTimestamp(rows[i].observedAt)));
            upToThree += dt <= 3 * kMicrosPerSecond;
        }
        QVERIFY(pairs > 100000);
        QVERIFY(upToThree > pairs * 8 / 10);
        QVERIFY(upToThree < pairs); // not all: longer intervals exist too
    }

    void standingRowsWithJitter() {
        const auto& rows = m_mower.track.rows;
        qint64 standing = 0, jitterPairs = 0, identical = 0;
        for (size_t i = 1; i < rows.size(); ++i) {
            if (moving(rows[i]) || moving(rows[i - 1]) || rows[i].bladesOn)
                continue;
            ++standing;
            const double d =
                positions::distanceMetres(rows[i - 1].lat, rows[i - 1].lon, rows[i].lat, rows[i].lon);
            if (d < 0.1 && rows[i].rtkFix == 2 && rows[i - 1].rtkFix == 2) {
                ++jitterPairs;
                identical += d == 0;
                QVERIFY(rows[i].observedAt - rows[i - 1].observedAt >= 20 * kMicrosPerSecond);
            }
        }
        QVERIFY(standing > 50000);
        QVERIFY(jitterPairs > standing / 2);
        QCOMPARE(identical, 0); // cm-level jitter, never the same point twice
    }

    void transfersWithBladesOff() {
        // Between dock and lawn the mower drives at about 0.3 m/s with the blades off.
        int transfers = 0, mowing = 0;
        for (const PositionRow& r : m_mower.track.rows) {
            if (moving(r) && !r.bladesOn) {
                ++transfers;
                QVERIFY(std::fabs(r.speedMps - 0.3f) < 0.1f);
            }
            mowing += moving(r) && r.bladesOn;
        }
        QVERIFY(transfers > 1000);
        QVERIFY(mowing > 5 * transfers);
    }

    void errorInstantsAreRowInstants() {
        QSet<Micros> instants;
        for (const PositionRow& r : m_mower.track.rows)
            instants.insert(r.observedAt);
        QVERIFY(m_mower.track.errorInstants.size() >= 10);
        int errors = 0;
        for (const HistoryRow& h : m_mower.history) {
            QVERIFY2(instants.contains(h.observedAt), qPrintable(h.state));
            errors += h.errorCode.has_value();
        }
        QCOMPARE(static_cast<size_t>(errors), m_mower.track.errorInstants.size());
        QVERIFY(std::is_sorted(m_mower.track.errorInstants.begin(), m_mower.track.errorInstants.end()));
        QSet<QString> states;
        for (const HistoryRow& h : m_mower.history)
            states.insert(h.state);
        for (const char* s : {"leaving_dock", "mowing", "returning", "docked", "error", "rain_delay"})
            QVERIFY2(states.contains(QLatin1String(s)), s);
    }

    void gapsAndRainyDays() {
        const auto& rows = m_mower.track.rows;
        int gaps = 0, mowingGaps = 0;
        std::map<Micros, int> bladesPerDay;
        for (size_t i = 1; i < rows.size(); ++i) {
            if (rows[i].observedAt - rows[i - 1].observedAt > 120 * kMicrosPerSecond) {
                ++gaps;
                mowingGaps += rows[i].bladesOn && rows[i - 1].bladesOn;
            }
        }
        for (const PositionRow& r : rows)
            bladesPerDay[floorToStep(r.observedAt, kMicrosPerDay)] += r.bladesOn;
        const auto dry =
            std::count_if(bladesPerDay.begin(), bladesPerDay.end(), [](auto& p) { return p.second > 0; });
        QVERIFY(gaps > 20);
        QVERIFY(mowingGaps > 3);
        QVERIFY2(bladesPerDay.size() - dry >= 10, "rainy days without mowing");
        QVERIFY(dry >= 60);
    }

    void rtkFloatPatches() {
        const auto& rows = m_mower.track.rows;
        int floatRows = 0, longestRun = 0, run = 0;
        for (const PositionRow& r : rows) {
            run = (r.rtkFix == 1 && r.bladesOn) ? run + 1 : 0;
            floatRows += r.rtkFix == 1;
            longestRun = std::max(longestRun, run);
        }
        QVERIFY(floatRows > 500);
        QVERIFY(floatRows < static_cast<int>(rows.size()) / 4);
        QVERIFY(longestRun >= 10);
    }

    void signalFallsWithDistanceAndVaries() {
        const auto& rows = m_mower.track.rows;
        // The dock: where the mower stands most.
        const PositionRow* dock = nullptr;
        for (const PositionRow& r : rows)
            if (!moving(r) && !r.bladesOn && r.rtkFix == 2) {
                dock = &r;
                break;
            }
        QVERIFY(dock);
        std::vector<double> nearWifi, farWifi, mnet;
        for (const PositionRow& r : rows) {
            const double d = positions::distanceMetres(dock->lat, dock->lon, r.lat, r.lon);
            if (r.hasWifi())
                (d < 2 ? nearWifi : farWifi).push_back(d < 2 || d > 15 ? r.wifiRssi : std::nan(""));
            if (r.hasMnet() && r.bladesOn)
                mnet.push_back(r.mnetRssi);
        }
        farWifi.erase(std::remove_if(farWifi.begin(), farWifi.end(), [](double v) { return std::isnan(v); }),
                      farWifi.end());
        QVERIFY(!nearWifi.empty() && !farWifi.empty());
        QVERIFY2(median(farWifi) < median(nearWifi) - 5,
                 qPrintable(QStringLiteral("%1 %2").arg(median(farWifi)).arg(median(nearWifi))));
        std::sort(mnet.begin(), mnet.end());
        QVERIFY(mnet[mnet.size() * 9 / 10] - mnet[mnet.size() / 10] >= 6);
    }

    void laneSpacing() {
        // The first long mowing stretch, without the rows of RTK float patches (their noise is decimetres).
        const auto& rows = m_mower.track.rows;
        std::vector<const PositionRow*> run, stretch;
        for (size_t i = 0; i < rows.size() && run.size() < 2000; ++i) {
            if (rows[i].bladesOn && rows[i].rtkFix != 2)
                continue;
            const bool ok =
                rows[i].bladesOn &&
                (stretch.empty() || rows[i].observedAt - stretch.back()->observedAt <= 20 * kMicrosPerSecond);
            if (ok)
                stretch.push_back(&rows[i]);
            else
                stretch.clear();
            if (stretch.size() > run.size())
                run = stretch;
        }
        QVERIFY(run.size() >= 1000);
        // The lane axis from doubled step bearings (lanes run both ways).
        double c = 0, s = 0;
        for (size_t i = 1; i < run.size(); ++i) {
            const auto step =
                positions::planeStep(run[i - 1]->lat, run[i - 1]->lon, run[i]->lat, run[i]->lon);
            if (positions::stepDistance(step) > 0.25) {
                const double b = positions::stepBearing(step);
                c += std::cos(2 * b);
                s += std::sin(2 * b);
            }
        }
        const double axis = std::atan2(s, c) / 2;
        // Group rows moving along the axis into lanes; compare the lanes' sideways offsets.
        std::vector<double> laneOffsets, current;
        for (size_t i = 1; i < run.size(); ++i) {
            const auto step =
                positions::planeStep(run[i - 1]->lat, run[i - 1]->lon, run[i]->lat, run[i]->lon);
            const double d = positions::stepDistance(step);
            const double off = std::fabs(std::sin(positions::stepBearing(step) - axis));
            const auto fromOrigin = positions::planeStep(run[0]->lat, run[0]->lon, run[i]->lat, run[i]->lon);
            const double w = fromOrigin.dx * std::cos(axis) - fromOrigin.dy * std::sin(axis);
            if (d > 0.2 && off < 0.15) {
                current.push_back(w);
            } else if (!current.empty()) {
                if (current.size() >= 10)
                    laneOffsets.push_back(median(current));
                current.clear();
            }
        }
        QVERIFY(laneOffsets.size() >= 10);
        std::vector<double> spacing;
        for (size_t i = 1; i < laneOffsets.size(); ++i)
            spacing.push_back(std::fabs(laneOffsets[i] - laneOffsets[i - 1]));
        const double m = median(spacing);
        QVERIFY2(std::fabs(m - 0.22) < 0.02, qPrintable(QString::number(m)));
    }

    void totalVolume() {
        const PositionsGenerator generator(options());
        qint64 rows = 0, history = 0;
        for (int i = 0; i < generator.mowerCount(); ++i) {
            const GeneratedMower m = generator.generate(i);
            rows += static_cast<qint64>(m.track.rows.size());
            history += static_cast<qint64>(m.history.size());
        }
        qInfo("8 mowers x 120 days: %lld position rows, %lld history rows", rows, history);
        QVERIFY(rows >= 2'000'000 && rows <= 5'000'000);
    }
};

QTEST_GUILESS_MAIN(TestPositionsGenerator)
#include "test_positionsgenerator.moc"
