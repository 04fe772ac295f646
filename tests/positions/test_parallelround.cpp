#include "error.h"
#include "pgconnection.h"
#include "taskfeedback.h"
#include "testpostgres.h"
#include "thinninground.h"
#include "thinningtestdata.h"

#include <QTest>
#include <atomic>
#include <mutex>
#include <set>
#include <thread>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

Micros nowFor(const PositionSettings& s) {
    return test::kRandomTracksBase + 30 * kMicrosPerHour + s.detailWindow();
}

// Random mowers and a few long ones (several slices each): backlogs of different sizes.
std::vector<MowerTrack> fleet(std::uint32_t seed) {
    std::vector<MowerTrack> tracks = test::someTracks(seed, 30);
    for (std::uint32_t k = 0; k < 3; ++k)
        tracks.push_back(test::longTrack(seed * 10 + k));
    return tracks;
}

// Every row and watermark of the database, in order, as text.
QStringList tableState(PgConnection& db) {
    QStringList out;
    const PgResult rows = db.exec(QStringLiteral(
        "SELECT mower_id::text || ' ' || observed_at::text || ' ' || lat::text || ' ' || lon::text || ' ' ||"
        " blades_on::text FROM mower_positions ORDER BY mower_id, observed_at"));
    for (int i = 0; i < rows.rows(); ++i)
        out << rows.text(i, 0);
    const PgResult marks = db.exec(QStringLiteral(
        "SELECT mower_id::text || ' ' || thinned_until::text FROM mower_positions_thinning ORDER BY 1"));
    for (int i = 0; i < marks.rows(); ++i)
        out << marks.text(i, 0);
    return out;
}

RoundOptions withJobs(Micros now, int jobs, const QString& conninfo) {
    RoundOptions o = test::roundAt(now);
    o.jobs = jobs;
    o.workerConninfo = conninfo;
    return o;
}

} // namespace

class TestParallelRound : public QObject {
    Q_OBJECT
  private slots:
    // Two workers leave the table exactly as one does (rows and watermarks), and the report adds them up.
    void twoJobsEqualOneJobRowForRow() {
        const PositionSettings settings;
        const Micros now = nowFor(settings);
        for (std::uint32_t seed : {31u, 32u}) {
            const auto tracks = fleet(seed);
            QString oneInfo, twoInfo;
            auto one = test::freshPositionsDatabase(QStringLiteral("par_one_%1").arg(seed), &oneInfo);
            auto two = test::freshPositionsDatabase(QStringLiteral("par_two_%1").arg(seed), &twoInfo);
            test::insertTracks(*one, tracks);
            test::insertTracks(*two, tracks);
            QCOMPARE(tableState(*one), tableState(*two));
            const RoundReport a = ThinningRound(*one, settings).run(withJobs(now, 1, oneInfo));
            std::mutex threadsMutex;
            std::set<std::thread::id> threads;
            RoundOptions o = withJobs(now, 2, twoInfo);
            o.onSlice = [&](const SliceEvent&) {
                const std::lock_guard lock(threadsMutex);
                threads.insert(std::this_thread::get_id());
            };
            const RoundReport b = ThinningRound(*two, settings).run(o);
            QVERIFY(a.complete);
            QVERIFY(b.complete);
            QCOMPARE(threads.size(), std::size_t(2)); // both workers thinned
            QCOMPARE(b.mowers, a.mowers);
            QCOMPARE(b.slices, a.slices);
            QCOMPARE(b.scanned, a.scanned);
            QCOMPARE(b.deleted, a.deleted);
            long long perMowerDeleted = 0;
            for (const MowerRoundFigures& m : b.perMower)
                perMowerDeleted += m.deleted;
            QCOMPARE(perMowerDeleted, b.deleted);
            const QStringList afterOne = tableState(*one);
            QCOMPARE(tableState(*two), afterOne);
            test::expectThinnedLikeStore(*two, tracks, settings.thinningCutoff(now));
        }
    }

    // A cancel stops both workers between slices; what they committed stays consistent and the next round
    // finishes the work exactly.
    void cancelWithTwoWorkers() {
        const PositionSettings settings;
        const Micros now = nowFor(settings);
        const auto tracks = fleet(33);
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("par_cancel"), &info);
        test::insertTracks(*db, tracks);
        TaskFeedback cancel;
        cancel.setSink([&](const TaskProgress&) { cancel.cancel(); });
        RoundOptions o = withJobs(now, 2, info);
        o.control = &cancel;
        std::atomic<int> transactions{0}; // a transaction may also move over empty slices before its slice
        o.onSlice = [&](const SliceEvent&) { ++transactions; };
        const RoundReport cancelled = ThinningRound(*db, settings).run(o);
        QVERIFY(cancelled.cancelled);
        QVERIFY(!cancelled.complete);
        QVERIFY(transactions >= 1 && transactions <= 2); // each worker ends its slice at most
        QVERIFY(cancelled.slices >= transactions);
        QVERIFY(cancelled.slicesPending > 0);
        const RoundReport rest = ThinningRound(*db, settings).run(withJobs(now, 2, info));
        QVERIFY(rest.complete);
        QCOMPARE(rest.slices + cancelled.slices, cancelled.slices + cancelled.slicesPending);
        test::expectThinnedLikeStore(*db, tracks, settings.thinningCutoff(now));
    }

    // A pause holds both workers (no slice while paused), the round counts the pause once, and resumes.
    void pauseWithTwoWorkers() {
        const PositionSettings settings;
        const Micros now = nowFor(settings);
        const auto tracks = fleet(34);
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("par_pause"), &info);
        test::insertTracks(*db, tracks);
        TaskFeedback control;
        std::atomic<int> slices{0};
        RoundOptions o = withJobs(now, 2, info);
        o.control = &control;
        o.onSlice = [&](const SliceEvent&) {
            if (++slices == 1)
                control.pause();
        };
        RoundReport report;
        std::thread runner([&] { report = ThinningRound(*db, settings).run(o); });
        QTRY_VERIFY_WITH_TIMEOUT(control.isHeld(), 60000);
        QTest::qWait(1500); // both workers have reached the pause
        const int heldAt = slices.load();
        QVERIFY(heldAt <= 2);
        QTest::qWait(1500);
        QCOMPARE(slices.load(), heldAt); // no slice while paused
        control.resume();
        runner.join();
        QVERIFY(report.complete);
        QVERIFY(report.pausedSeconds >= 2.5);
        QVERIFY2(report.pausedSeconds < 4.5, qPrintable(QString::number(report.pausedSeconds))); // once
        test::expectThinnedLikeStore(*db, tracks, settings.thinningCutoff(now));
    }

    // The budget stops both workers; a round without a worker connection string is refused clearly.
    void budgetWithTwoWorkers() {
        PositionSettings settings;
        const Micros now = nowFor(settings);
        const auto tracks = fleet(35);
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("par_budget"), &info);
        test::insertTracks(*db, tracks);
        RoundOptions o = withJobs(now, 2, info);
        o.budgetSeconds = 10;
        std::atomic<int> calls{0};
        o.clock = [&] { return now + (calls++) * 4 * kMicrosPerSecond; }; // stops at the third check
        std::atomic<int> transactions{0}; // a transaction may also move over empty slices before its slice
        o.onSlice = [&](const SliceEvent&) { ++transactions; };
        const RoundReport spent = ThinningRound(*db, settings).run(o);
        QVERIFY(spent.budgetExhausted);
        QVERIFY(!spent.complete);
        QVERIFY(transactions >= 1 && transactions <= 3);
        QVERIFY(spent.slices >= transactions);

        RoundOptions noInfo = withJobs(now, 2, {});
        QVERIFY_THROWS_EXCEPTION(Error, ThinningRound(*db, settings).run(noInfo));
    }
};

QTEST_GUILESS_MAIN(TestParallelRound)
#include "test_parallelround.moc"
