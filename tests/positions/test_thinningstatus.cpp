#include "pgconnection.h"
#include "positionsettings.h"
#include "sliceplanner.h"
#include "testpostgres.h"
#include "thinningstatus.h"
#include "thinningtestdata.h"

#include <QTest>
#include <map>
#include <random>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

// What ThinningStatus should say, computed independently: one plain GROUP BY over every row.
struct Expected {
    long long rows = 0;
    Micros oldest = 0;
    Micros newest = 0;
};

std::map<QUuid, Expected> groupBy(PgConnection& db) {
    const PgResult r = db.exec(QStringLiteral(
        "SELECT mower_id::text, count(*), (extract(epoch FROM min(observed_at)) * 1000000)::bigint,"
        " (extract(epoch FROM max(observed_at)) * 1000000)::bigint FROM mower_positions GROUP BY mower_id"));
    std::map<QUuid, Expected> out;
    for (int i = 0; i < r.rows(); ++i)
        out[QUuid::fromString(r.text(i, 0))] = {r.toLong(i, 1), r.toLong(i, 2), r.toLong(i, 3)};
    return out;
}

// Random mowers: random counts, spans and gaps (many tiny mowers among large ones), random watermarks.
void insertRandomFleet(PgConnection& db, std::uint32_t seed) {
    std::mt19937 rng(seed);
    const int mowers = std::uniform_int_distribution<int>(1, 60)(rng);
    for (int m = 0; m < mowers; ++m) {
        const QString id = QUuid::createUuidV5(QUuid(), QStringLiteral("%1/%2").arg(seed).arg(m))
                               .toString(QUuid::WithoutBraces);
        const int rows = std::uniform_int_distribution<int>(1, 400)(rng);
        const long long step = std::uniform_int_distribution<long long>(1, 86400LL * 1000000)(rng);
        const Micros start = test::kRandomTracksBase +
                             std::uniform_int_distribution<long long>(-100, 100)(rng) * kMicrosPerDay +
                             std::uniform_int_distribution<long long>(0, 999999)(rng);
        db.exec(
            QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                           " SELECT $1::uuid, $2::timestamptz + make_interval(secs => g * $3::float8 / 1e6),"
                           " 52.0, 13.0, g % 2 = 0 FROM generate_series(0, $4::int - 1) g"),
            {id, formatIsoTimestamp(start), double(step), rows});
        if (rng() % 3 == 0)
            db.exec(QStringLiteral("INSERT INTO mower_positions_thinning VALUES ($1::uuid, $2::timestamptz)"),
                    {id, formatIsoTimestamp(start + kMicrosPerHour)});
    }
}

} // namespace

class TestThinningStatus : public QObject {
    Q_OBJECT
  private slots:
    // The skip scan and index probes give every mower, its ends and (exactly counted) rows as a GROUP BY.
    void skipScanEqualsGroupBy() {
        const PositionSettings settings;
        const Micros cutoff = test::kRandomTracksBase;
        for (std::uint32_t seed = 1; seed <= 12; ++seed) {
            auto db = test::freshPositionsDatabase(QStringLiteral("status_prop_%1").arg(seed));
            insertRandomFleet(*db, seed);
            const std::map<QUuid, Expected> expected = groupBy(*db);
            for (RowCounting counting : {RowCounting::Exact, RowCounting::Estimate}) {
                const auto status = ThinningStatus::query(*db, cutoff, counting);
                const long long watermarksWithoutRows =
                    db->exec(
                          QStringLiteral("SELECT count(*) FROM mower_positions_thinning w WHERE NOT EXISTS"
                                         " (SELECT 1 FROM mower_positions p WHERE p.mower_id = w.mower_id)"))
                        .toLong(0, 0);
                QCOMPARE(status.size(), expected.size() + std::size_t(watermarksWithoutRows));
                for (const MowerThinningStatus& s : status) {
                    const auto it = expected.find(s.mowerId);
                    QVERIFY(it != expected.end());
                    QCOMPARE(s.oldest.value_or(-1), it->second.oldest);
                    QCOMPARE(s.newest.value_or(-1), it->second.newest);
                    // A table this small is sampled whole: the "estimate" is the count and says so.
                    QCOMPARE(s.rows, it->second.rows);
                    QVERIFY(!s.rowsEstimated);
                    QCOMPARE(s.slicesPending, SlicePlanner::pendingSlices(s.watermark, s.oldest, cutoff));
                    QCOMPARE(ThinningStatus::exactRows(*db, s.mowerId), it->second.rows);
                }
            }
        }
    }

    // A table larger than the sample: rows are estimates, flagged, near the truth in total, never 0 for a
    // mower that has rows; an exact count of one mower is the count.
    void estimatesAreFlagged() {
        auto db = test::freshPositionsDatabase(QStringLiteral("status_estimate"));
        test::insertTracks(*db, test::someTracks(5, 40, 3000));
        db->exec(QStringLiteral("ANALYZE mower_positions"));
        const std::map<QUuid, Expected> expected = groupBy(*db);
        long long total = 0;
        for (const auto& [id, e] : expected)
            total += e.rows;
        QVERIFY(total > 20000);
        const auto status = ThinningStatus::query(*db, test::kRandomTracksBase, RowCounting::Estimate, 2000);
        QCOMPARE(status.size(), expected.size());
        long long estimatedTotal = 0;
        for (const MowerThinningStatus& s : status) {
            QVERIFY(s.rowsEstimated);
            QVERIFY(s.rows > 0);
            estimatedTotal += s.rows;
        }
        QVERIFY2(estimatedTotal > total / 3 && estimatedTotal < total * 3,
                 qPrintable(QStringLiteral("%1 vs %2").arg(estimatedTotal).arg(total)));
        QCOMPARE(ThinningStatus::exactRows(*db, status.front().mowerId),
                 expected.at(status.front().mowerId).rows);
        for (const MowerThinningStatus& s :
             ThinningStatus::query(*db, test::kRandomTracksBase, RowCounting::None))
            QCOMPARE(s.rows, -1LL);
    }

    // The status query never reads the table sequentially, even where the planner would like to.
    void planHasNoSeqScan() {
        auto db = test::freshPositionsDatabase(QStringLiteral("status_plan"));
        test::insertTracks(*db, test::someTracks(9, 60, 2000));
        db->exec(QStringLiteral("ANALYZE mower_positions"));
        const PgResult plan = db->exec(QStringLiteral("EXPLAIN ") + ThinningStatus::endsSql());
        QString text;
        for (int i = 0; i < plan.rows(); ++i)
            text += plan.text(i, 0) + QLatin1Char('\n');
        QVERIFY2(text.contains(QStringLiteral("mower_positions")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Seq Scan on mower_positions ")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Seq Scan on mower_positions\n")), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestThinningStatus)
#include "test_thinningstatus.moc"
