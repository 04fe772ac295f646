#include "clirunner.h"
#include "error.h"
#include "inmemorypositionstore.h"
#include "metricsfilecheck.h"
#include "pgconnection.h"
#include "schemamigrator.h"
#include "taskfeedback.h"
#include "testpostgres.h"
#include "thinninground.h"
#include "thinningtestdata.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <set>
#include <thread>

#include <signal.h>

using namespace tidemark;
using namespace tidemark::positions;

// Rounds against faults (spec/positions.md, "Safety"): a clock ahead of the server, a watermark moved by
// another writer, bad rows, lock and statement timeouts, a pause past the window's end, the round's
// connection or process killed after every step of a slice, a late writer inside a slice, and the age
// delete's limits. Each compares the table with the pure rules (InMemoryPositionStore) where rows survive.
namespace {

const PositionSettings kSettings;

Micros nowFor() {
    return test::kRandomTracksBase + 30 * kMicrosPerHour + kSettings.detailWindow();
}

QString idText(const QUuid& id) {
    return id.toString(QUuid::WithoutBraces);
}

long long count(PgConnection& db, const QString& sql, const std::vector<PgParam>& params = {}) {
    return db.exec(sql, params).toLong(0, 0);
}

Micros serverNow(PgConnection& db) {
    return db.exec(QStringLiteral("SELECT (extract(epoch FROM now()) * 1000000)::bigint")).toLong(0, 0);
}

} // namespace

class TestRoundFaults : public QObject {
    Q_OBJECT

    // The table holds exactly what the pure rules leave (rows lost or left over both fail), mower by mower.
    // Returns the rows that differ, for the fault matrix.
    long long differenceFromStore(PgConnection& db, const InMemoryPositionStore& store) {
        long long differ = 0;
        for (const MowerTrack& expected : store.tracks()) {
            std::set<Micros> want, have;
            for (const PositionRow& r : expected.rows)
                want.insert(r.observedAt);
            for (const PositionRow& r : test::tableRows(db, expected.mowerId))
                have.insert(r.observedAt);
            for (Micros t : want)
                differ += have.count(t) ? 0 : 1;
            for (Micros t : have)
                differ += want.count(t) ? 0 : 1;
        }
        return differ;
    }

    // Ten random mowers and eight long ones, inserted: a round of the CLI long enough to be stopped in its
    // middle, at fleetNow().
    static Micros fleetNow() {
        return test::kRandomTracksBase + 20 * kMicrosPerHour + kSettings.detailWindow();
    }
    static std::vector<MowerTrack> fleetForAProcess(PgConnection& db, std::uint32_t seed) {
        std::vector<MowerTrack> tracks = test::someTracks(seed, 10, 3000);
        for (std::uint32_t k = 0; k < 8; ++k)
            tracks.push_back(test::longTrack(seed + 1 + k));
        test::insertTracks(db, tracks);
        return tracks;
    }

    void expectLikeStore(PgConnection& db, const std::vector<MowerTrack>& tracks, Micros now) {
        InMemoryPositionStore store(tracks);
        store.thinUntil(kSettings.thinningCutoff(now), kSettings);
        QCOMPARE(differenceFromStore(db, store), 0LL);
    }

  private slots:
    // A clock more than 5 minutes ahead of the server's now() is refused before anything is touched; an
    // earlier clock runs; the override runs and is in the report.
    void clockAheadOfTheServerIsRefused() {
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_clock"));
        const auto tracks = test::someTracks(31, 5);
        test::insertTracks(*db, tracks);
        const long long rows = count(*db, QStringLiteral("SELECT count(*) FROM mower_positions"));
        const Micros server = serverNow(*db);
        const Micros ahead = server + 6 * kMicrosPerMinute;
        try {
            ThinningRound(*db, kSettings).run(test::roundAt(ahead));
            QFAIL("a clock 6 min ahead of the server was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY2(e.message().contains(formatIsoTimestamp(ahead)), qPrintable(e.message()));
            QVERIFY2(e.message().contains(QStringLiteral("now() ") + formatIsoTimestamp(server).left(16)),
                     qPrintable(e.message()));
        }
        RoundOptions dry = test::roundAt(ahead);
        dry.dryRun = true;
        QVERIFY_THROWS_EXCEPTION(Error, ThinningRound(*db, kSettings).run(dry));
        QCOMPARE(count(*db, QStringLiteral("SELECT count(*) FROM mower_positions")), rows);
        QCOMPARE(count(*db, QStringLiteral("SELECT count(*) FROM mower_positions_thinning")), 0LL);

        // Four minutes ahead is inside the limit (and thins every old slice of the 2025 tracks).
        const RoundReport near =
            ThinningRound(*db, kSettings).run(test::roundAt(server + 4 * kMicrosPerMinute));
        QVERIFY(!near.clockOverride);
        QVERIFY(near.clockAheadSeconds > 200 && near.clockAheadSeconds < 260);
        // A clock in the past only does less.
        QVERIFY(!ThinningRound(*db, kSettings).run(test::roundAt(nowFor())).clockOverride);
        RoundOptions overridden = test::roundAt(server + kMicrosPerDay);
        overridden.allowClockAhead = true;
        const RoundReport forced = ThinningRound(*db, kSettings).run(overridden);
        QVERIFY(forced.clockOverride);
        QVERIFY(forced.infoLine().contains(QStringLiteral("clock_override=true")));
    }

    // Another writer moves the watermark while a slice runs: the slice rolls back (its rows stay), the
    // mower is reported and skipped, the other mowers are thinned. Also for a mower's first watermark.
    void watermarkMovedByAnotherWriterRollsTheSliceBack() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_watermark"), &info);
        const MowerTrack moved = test::longTrack(32);
        MowerTrack first = test::longTrack(33);
        for (PositionRow& r : first.rows)
            r.observedAt += 7 * kMicrosPerSecond;
        std::vector<MowerTrack> tracks = test::someTracks(34, 4);
        tracks.push_back(moved);
        tracks.push_back(first);
        test::insertTracks(*db, tracks);
        auto other = PgConnection::open(info);
        const Micros now = test::kRandomTracksBase + 20 * kMicrosPerHour + kSettings.detailWindow();
        RoundOptions options = test::roundAt(now);
        int slicesOfMoved = 0;
        SliceRange conflicted, firstSlice;
        options.onStep = [&](PgConnection&, const SliceRange& slice, SliceStep step) {
            if (step != SliceStep::Deleted)
                return;
            if (slice.mowerId == moved.mowerId && ++slicesOfMoved == 2) {
                conflicted = slice;
                // Five minutes later, computed here: a Citus coordinator refuses a stable expression of a
                // column (timestamptz + interval) in an UPDATE.
                const std::optional<Micros> was = test::watermarkOf(*other, slice.mowerId);
                QVERIFY(was);
                other->exec(
                    QStringLiteral("UPDATE mower_positions_thinning SET thinned_until = $2 WHERE mower_id"
                                   " = $1"),
                    {idText(slice.mowerId), formatIsoTimestamp(*was + 5 * kMicrosPerMinute)});
            }
            if (slice.mowerId == first.mowerId && firstSlice.mowerId.isNull()) {
                firstSlice = slice;
                other->exec(QStringLiteral("INSERT INTO mower_positions_thinning VALUES ($1, $2)"),
                            {idText(slice.mowerId), formatIsoTimestamp(slice.begin)});
            }
        };
        const RoundReport report = ThinningRound(*db, kSettings).run(options);
        QCOMPARE(report.failures.size(), std::size_t(2));
        QVERIFY(!report.complete);
        for (const MowerFailure& f : report.failures)
            QVERIFY2(f.reason.contains(QStringLiteral("another writer moved the watermark")),
                     qPrintable(f.reason));
        // The conflicted slice and everything after it are as inserted; the first slice committed.
        long long fromConflict = 0;
        for (const PositionRow& r : moved.rows)
            fromConflict += r.observedAt >= conflicted.begin;
        QCOMPARE(count(*db,
                       QStringLiteral(
                           "SELECT count(*) FROM mower_positions WHERE mower_id = $1 AND observed_at >= $2"),
                       {idText(moved.mowerId), formatIsoTimestamp(conflicted.begin)}),
                 fromConflict);
        QVERIFY(count(*db, QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = $1"),
                      {idText(moved.mowerId)}) < static_cast<long long>(moved.rows.size()));
        QCOMPARE(test::watermarkOf(*db, moved.mowerId),
                 std::optional<Micros>(conflicted.begin + 5 * kMicrosPerMinute));
        QCOMPARE(count(*db, QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = $1"),
                       {idText(first.mowerId)}),
                 static_cast<long long>(first.rows.size()));
        QCOMPARE(test::watermarkOf(*db, first.mowerId), std::optional<Micros>(firstSlice.begin));
        // The four others are thinned as the rules say.
        expectLikeStore(*db, std::vector<MowerTrack>(tracks.begin(), tracks.begin() + 4), now);
    }

    // NaN and infinite coordinates and infinite instants fail only their mower, in SQL as in keep_set: the
    // table ends exactly as InMemoryPositionStore leaves the same tracks (which stops at the same slice).
    void badRowsFailOnlyTheirMower() {
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_badrows"));
        std::vector<MowerTrack> tracks = test::someTracks(35, 8, 3000);
        // Every row is older than the cutoff: each bad row lies in a slice the round reaches.
        const Micros now = test::kRandomTracksBase + 4 * kMicrosPerDay + kSettings.detailWindow();
        // Rows well inside the pending range: one NaN latitude, one infinite longitude.
        const std::size_t nanRow = tracks[1].rows.size() / 2, infRow = tracks[4].rows.size() / 3;
        test::insertTracks(*db, tracks);
        db->exec(
            QStringLiteral("UPDATE mower_positions SET lat = 'NaN' WHERE mower_id = $1 AND observed_at = $2"),
            {idText(tracks[1].mowerId), formatIsoTimestamp(tracks[1].rows[nanRow].observedAt)});
        db->exec(QStringLiteral("UPDATE mower_positions SET lon = '-Infinity' WHERE mower_id = $1 AND "
                                "observed_at = $2"),
                 {idText(tracks[4].mowerId), formatIsoTimestamp(tracks[4].rows[infRow].observedAt)});
        db->exec(
            QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on) VALUES"
                           " ($1, '-infinity', 1, 2, true), ($2, 'infinity', 1, 2, true)"),
            {idText(tracks[6].mowerId), idText(tracks[7].mowerId)});
        // In a mower's first slice, where the statement itself sees them: a NaN (its own check) and an
        // infinite latitude (PostgreSQL's cos() fails on it).
        db->exec(
            QStringLiteral("UPDATE mower_positions SET lon = 'NaN' WHERE mower_id = $1 AND observed_at = $2"),
            {idText(tracks[2].mowerId), formatIsoTimestamp(tracks[2].rows[5].observedAt)});
        db->exec(QStringLiteral(
                     "UPDATE mower_positions SET lat = 'Infinity' WHERE mower_id = $1 AND observed_at = $2"),
                 {idText(tracks[3].mowerId), formatIsoTimestamp(tracks[3].rows[7].observedAt)});
        tracks[1].rows[nanRow].lat = std::numeric_limits<double>::quiet_NaN();
        tracks[4].rows[infRow].lon = -std::numeric_limits<double>::infinity();
        tracks[2].rows[5].lon = std::numeric_limits<double>::quiet_NaN();
        tracks[3].rows[7].lat = std::numeric_limits<double>::infinity();
        RoundOptions dry = test::roundAt(now);
        dry.dryRun = true;
        const RoundReport dryReport = ThinningRound(*db, kSettings).run(dry);
        for (const MowerFailure& f : dryReport.failures)
            qInfo("dry run: %s", qPrintable(f.reason));
        QCOMPARE(dryReport.failures.size(), std::size_t(6));
        const RoundReport report = ThinningRound(*db, kSettings).run(test::roundAt(now));
        QCOMPARE(report.failures.size(), std::size_t(6));
        std::set<QUuid> failed;
        for (const MowerFailure& f : report.failures)
            failed.insert(f.mowerId);
        QCOMPARE(failed, (std::set<QUuid>{tracks[1].mowerId, tracks[2].mowerId, tracks[3].mowerId,
                                          tracks[4].mowerId, tracks[6].mowerId, tracks[7].mowerId}));
        const auto reasonOf = [&](const QUuid& id) {
            for (const MowerFailure& f : report.failures)
                if (f.mowerId == id)
                    return f;
            return MowerFailure{};
        };
        QCOMPARE(reasonOf(tracks[1].mowerId).rowAt, std::optional<Micros>(tracks[1].rows[nanRow].observedAt));
        QVERIFY2(reasonOf(tracks[1].mowerId).reason.contains(QStringLiteral("lat NaN")),
                 qPrintable(reasonOf(tracks[1].mowerId).reason));
        QVERIFY(reasonOf(tracks[4].mowerId).reason.contains(QStringLiteral("lon -Infinity")));
        QVERIFY(reasonOf(tracks[6].mowerId).reason.contains(QStringLiteral("a row at -infinity")));
        QVERIFY(reasonOf(tracks[7].mowerId).reason.contains(QStringLiteral("a row at infinity")));
        QVERIFY(reasonOf(tracks[2].mowerId).reason.contains(QStringLiteral("lon NaN")));
        QCOMPARE(reasonOf(tracks[3].mowerId).rowAt, std::optional<Micros>(tracks[3].rows[7].observedAt));
        QVERIFY(report.infoLine().contains(QStringLiteral("failed_mowers=6")));

        // keep_set stops at the same slice of the same mowers; the rows of 6 and 7 (not representable in C++:
        // their infinite rows) are untouched, so the store is given them unthinned.
        InMemoryPositionStore store(std::vector<MowerTrack>(tracks.begin(), tracks.begin() + 6));
        store.thinUntil(kSettings.thinningCutoff(now), kSettings);
        QCOMPARE(store.failures().size(), std::size_t(4));
        QCOMPARE(store.failures()[0].failure.rowAt, tracks[1].rows[nanRow].observedAt);
        QCOMPARE(store.watermark(1), test::watermarkOf(*db, tracks[1].mowerId));
        QCOMPARE(differenceFromStore(*db, store), 0LL);
        for (int k : {6, 7})
            QCOMPARE(count(*db, QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = $1"),
                           {idText(tracks[k].mowerId)}),
                     static_cast<long long>(tracks[k].rows.size()) + 1);
    }

    // A table lock held by someone else: the slice waits the lock timeout, rolls back and the round ends
    // with the interruption named; the next round finishes the work.
    void lockTimeoutEndsTheRoundCleanly() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_lock"), &info);
        const auto tracks = test::someTracks(36, 6);
        test::insertTracks(*db, tracks);
        db->exec(QStringLiteral("ANALYZE mower_positions"));
        PositionSettings settings = kSettings;
        settings.lockTimeoutSeconds = 1;
        auto holder = PgConnection::open(info);
        holder->exec(QStringLiteral("BEGIN"));
        holder->exec(QStringLiteral("LOCK TABLE mower_positions IN SHARE MODE"));
        QElapsedTimer timer;
        timer.start();
        const RoundReport stopped = ThinningRound(*db, settings).run(test::roundAt(nowFor()));
        const double noticed = timer.nsecsElapsed() / 1e9;
        QVERIFY2(stopped.interrupted.startsWith(QStringLiteral("lock timeout")),
                 qPrintable(stopped.interrupted));
        QCOMPARE(stopped.interruptedState, QByteArray("55P03"));
        QCOMPARE(stopped.slices, 0LL);
        QVERIFY(!stopped.complete);
        QVERIFY(stopped.slicesPending > 0);
        QCOMPARE(count(*db, QStringLiteral("SELECT count(*) FROM mower_positions_thinning")), 0LL);
        qInfo("lock noticed and round stopped after %.2f s (lock timeout 1 s)", noticed);
        holder->exec(QStringLiteral("ROLLBACK"));
        QVERIFY(ThinningRound(*db, settings).run(test::roundAt(nowFor())).complete);
        expectLikeStore(*db, tracks, nowFor());
    }

    // The statement timeout comes from the budget left: a slice that outlives it is cancelled and rolled
    // back. A deadlock or serialization failure takes the same way out.
    void statementTimeoutAndConflictsEndTheRoundCleanly() {
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_timeout"));
        const auto tracks = test::someTracks(37, 4);
        test::insertTracks(*db, tracks);
        RoundOptions slow = test::roundAt(nowFor());
        slow.budgetSeconds = 1;
        slow.onStep = [](PgConnection& c, const SliceRange&, SliceStep step) {
            if (step == SliceStep::Began)
                c.exec(QStringLiteral("SELECT pg_sleep(5)"));
        };
        const RoundReport timedOut = ThinningRound(*db, kSettings).run(slow);
        QVERIFY2(timedOut.interrupted.startsWith(QStringLiteral("statement timeout")),
                 qPrintable(timedOut.interrupted));
        QCOMPARE(timedOut.slices, 0LL);
        QCOMPARE(count(*db, QStringLiteral("SELECT count(*) FROM mower_positions_thinning")), 0LL);

        for (const char* state : {"40P01", "40001"}) {
            RoundOptions conflict = test::roundAt(nowFor());
            int slices = 0;
            long long done = 0, doneAtConflict = -1; // slices committed (runs of empty ones included)
            conflict.onSlice = [&](const SliceEvent& e) { done = e.slicesDone; };
            conflict.onStep = [&](PgConnection&, const SliceRange&, SliceStep step) {
                if (step == SliceStep::Deleted && ++slices == 2) {
                    doneAtConflict = done;
                    throw Error(Error::Kind::Failed, QStringLiteral("injected"), QByteArray(state));
                }
            };
            const RoundReport r = ThinningRound(*db, kSettings).run(conflict);
            QCOMPARE(r.interruptedState, QByteArray(state));
            QVERIFY(doneAtConflict >= 1);
            QCOMPARE(r.slices, doneAtConflict);
        }
        QVERIFY(ThinningRound(*db, kSettings).run(test::roundAt(nowFor())).complete);
        expectLikeStore(*db, tracks, nowFor());
    }

    // Paused inside the window, holding the lock (another runner skips); when the window closes during
    // the pause the round stops by itself and releases the lock.
    void pausePastTheWindowReleasesTheLock() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_pause"), &info);
        const auto tracks = test::someTracks(38, 10);
        test::insertTracks(*db, tracks);
        PositionSettings settings = kSettings;
        settings.windowStartHour = 1;
        settings.windowEndHour = 5;
        const Micros start =
            floorToStep(nowFor(), kMicrosPerDay) + 4 * kMicrosPerHour + 59 * kMicrosPerMinute;
        std::atomic<Micros> clock{start};
        TaskFeedback control;
        std::atomic<int> slices{0};
        std::atomic<double> heldFor{-1};
        RoundOptions options;
        options.now = start;
        options.control = &control;
        options.clock = [&] { return clock.load(); };
        options.onSlice = [&](const SliceEvent&) {
            if (++slices == 1)
                control.pause();
        };
        options.onPaused = [&](double seconds) { heldFor = seconds; };
        RoundReport report;
        std::thread runner([&] {
            auto c = PgConnection::open(info);
            report = ThinningRound(*c, settings).run(options);
        });
        QTRY_VERIFY_WITH_TIMEOUT(control.isHeld() && heldFor.load() >= 0, 30000);
        auto second = PgConnection::open(info);
        QVERIFY(ThinningRound(*second, settings).run(test::roundAt(start)).skippedLocked);
        clock = start + 2 * kMicrosPerMinute; // 05:01: the window has closed
        runner.join();
        QCOMPARE(slices.load(), 1);
        QVERIFY(report.windowClosed);
        QVERIFY(report.stoppedWhilePaused);
        QVERIFY(report.pausedSeconds > 0);
        QVERIFY(report.infoLine().contains(QStringLiteral("paused_seconds=")));
        QVERIFY(!ThinningRound(*second, settings).run(test::roundAt(start)).skippedLocked);
    }

    // The round's connection is killed after each step of a slice in turn (the first slice, and a later
    // one): the next round ends with exactly the survivors of an undisturbed round.
    void connectionKilledAfterEveryStep_data() {
        QTest::addColumn<int>("step");
        QTest::addColumn<int>("slice");
        const char* names[] = {"began", "deleted", "watermark moved", "committed"};
        for (int step = 0; step <= int(SliceStep::Committed); ++step)
            for (int slice : {1, 4})
                QTest::newRow(
                    qPrintable(QStringLiteral("%1, slice %2").arg(QLatin1String(names[step])).arg(slice)))
                    << step << slice;
    }
    void connectionKilledAfterEveryStep() {
        QFETCH(int, step);
        QFETCH(int, slice);
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_kill"), &info);
        std::vector<MowerTrack> tracks = test::someTracks(39, 6);
        tracks.push_back(test::longTrack(40));
        test::insertTracks(*db, tracks);
        const Micros now = test::kRandomTracksBase + 20 * kMicrosPerHour + kSettings.detailWindow();
        auto killer = PgConnection::open(info);
        auto runner = PgConnection::open(info);
        RoundOptions options = test::roundAt(now);
        int seen = 0;
        options.onStep = [&](PgConnection& c, const SliceRange&, SliceStep s) {
            if (int(s) == step && ++seen == slice) {
                killer->exec(QStringLiteral("SELECT pg_terminate_backend($1)"), {c.backendPid()});
                throw Error(Error::Kind::Connection, QStringLiteral("injected: connection killed"));
            }
        };
        QVERIFY_THROWS_EXCEPTION(Error, ThinningRound(*runner, kSettings).run(options));
        auto again = PgConnection::open(info);
        QTRY_VERIFY(!ThinningRound(*again, kSettings).run(test::roundAt(now)).skippedLocked);
        expectLikeStore(*db, tracks, now);
    }

    // Without a step hook a slice is two round trips: BEGIN, its statement and its watermark's move in one
    // flight, then COMMIT. A watermark moved by another writer before a slice's flight rolls that slice back
    // and skips its mower; the round's backend killed between two slices ends the round with a connection
    // error. Either way the next round ends with the survivors of an undisturbed one.
    void pipelinedSlicesKeepTheGuarantees() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_pipelined"), &info);
        const MowerTrack moved = test::longTrack(53);
        std::vector<MowerTrack> tracks = test::someTracks(54, 4);
        tracks.push_back(moved);
        test::insertTracks(*db, tracks);
        const Micros now = test::kRandomTracksBase + 20 * kMicrosPerHour + kSettings.detailWindow();
        auto other = PgConnection::open(info);
        RoundOptions options = test::roundAt(now);
        std::optional<Micros> movedTo;
        options.onSlice = [&](const SliceEvent& e) {
            if (e.mowerId != moved.mowerId || movedTo)
                return;
            movedTo = e.range.end + 5 * kMicrosPerMinute;
            other->exec(
                QStringLiteral("UPDATE mower_positions_thinning SET thinned_until = $2 WHERE mower_id = $1"),
                {idText(moved.mowerId), formatIsoTimestamp(*movedTo)});
        };
        const RoundReport report = ThinningRound(*db, kSettings).run(options);
        QVERIFY(movedTo.has_value());
        QCOMPARE(report.failures.size(), std::size_t(1));
        QVERIFY2(
            report.failures.front().reason.contains(QStringLiteral("another writer moved the watermark")),
            qPrintable(report.failures.front().reason));
        QCOMPARE(test::watermarkOf(*db, moved.mowerId), movedTo);
        expectLikeStore(*db, std::vector<MowerTrack>(tracks.begin(), tracks.begin() + 4), now);

        QString killInfo;
        auto killed = test::freshPositionsDatabase(QStringLiteral("faults_pipelined_kill"), &killInfo);
        test::insertTracks(*killed, tracks);
        auto runner = PgConnection::open(killInfo);
        auto killer = PgConnection::open(killInfo);
        RoundOptions killing = test::roundAt(now);
        int slices = 0;
        killing.onSlice = [&](const SliceEvent&) {
            if (++slices == 3)
                killer->exec(QStringLiteral("SELECT pg_terminate_backend($1)"), {runner->backendPid()});
        };
        bool stopped = false;
        try {
            stopped = !ThinningRound(*runner, kSettings).run(killing).complete;
        } catch (const Error& e) {
            stopped = true;
            QCOMPARE(e.kind(), Error::Kind::Connection);
        }
        QVERIFY(stopped);
        QCOMPARE(slices, 3);
        auto again = PgConnection::open(killInfo);
        QTRY_VERIFY(!ThinningRound(*again, kSettings).run(test::roundAt(now)).skippedLocked);
        expectLikeStore(*killed, tracks, now);
    }

    // tidemark-cli itself is killed (SIGKILL) in the middle of a round; the next run finishes exactly.
    void processKilledMidRound() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_sigkill"), &info);
        const std::vector<MowerTrack> tracks = fleetForAProcess(*db, 41);
        const Micros now = fleetNow();
        const QStringList args = {
            QStringLiteral("positions"), QStringLiteral("round"), QStringLiteral("--db"),           info,
            QStringLiteral("--now"),     formatIsoTimestamp(now), QStringLiteral("--ignore-window")};
        QProcess cli;
        cli.start(QStringLiteral(TIDEMARK_BINARY_DIR "/app/cli/tidemark-cli"), args);
        QVERIFY(cli.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(
            count(*db, QStringLiteral("SELECT count(*) FROM mower_positions_thinning")) >= 2, 60000);
        ::kill(static_cast<pid_t>(cli.processId()), SIGKILL);
        QVERIFY(cli.waitForFinished());
        QCOMPARE(cli.exitStatus(), QProcess::CrashExit);
        // The killed client's server process finishes its statement before it notices; until it exits it
        // holds the round's lock, and the next run skips (exit 0, "skipped_locked").
        const auto rerun = [&] {
            QProcess again;
            again.start(QStringLiteral(TIDEMARK_BINARY_DIR "/app/cli/tidemark-cli"),
                        args + QStringList{QStringLiteral("--json")});
            again.waitForFinished(120000);
            const QByteArray out = again.readAllStandardOutput();
            if (again.exitCode() != 0)
                qWarning("%s", again.readAllStandardError().constData());
            return again.exitCode() == 0 && out.contains("\"skipped_locked\":false");
        };
        QTRY_VERIFY_WITH_TIMEOUT(rerun(), 30000);
        expectLikeStore(*db, tracks, now);
    }

    // SIGTERM (systemd's stop) in the middle of a round, once and twice, and before the round started: the
    // slice in flight commits or rolls back whole, the history says cancelled, the metrics 75, the exit is
    // 75, nothing is left in $TMPDIR, and the next run finishes exactly as an uninterrupted round would.
    void sigtermStopsTheRoundAfterItsSlice() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_sigterm"), &info);
        const std::vector<MowerTrack> tracks = fleetForAProcess(*db, 43);
        const Micros now = fleetNow();
        QTemporaryDir tmp;
        const QString metrics = tmp.filePath(QStringLiteral("round.prom"));
        const QString scratch = tmp.filePath(QStringLiteral("tmp"));
        QVERIFY(QDir().mkdir(scratch));
        const QStringList args = {QStringLiteral("positions"),
                                  QStringLiteral("round"),
                                  QStringLiteral("--db"),
                                  info,
                                  QStringLiteral("--now"),
                                  formatIsoTimestamp(now),
                                  QStringLiteral("--ignore-window"),
                                  QStringLiteral("--metrics-file"),
                                  metrics};
        const QHash<QString, QString> env{{QStringLiteral("TMPDIR"), scratch}};
        const auto roundConnections = [&] {
            return count(*db, QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE application_name = "
                                             "'tidemark round' AND datname = current_database()"));
        };
        const auto thinned = [&] {
            return count(*db, QStringLiteral("SELECT count(*) FROM mower_positions_thinning"));
        };
        struct Stop {
            const char* name;
            long long afterWatermarks; // -1: as soon as the round is connected
            int signalCount;
        };
        for (const Stop& stop :
             {Stop{"mid-round", 2, 1}, Stop{"mid-round, twice", 6, 2}, Stop{"as it connects", -1, 1}}) {
            const long long before = thinned();
            test::CliProcess cli(args, env);
            if (stop.afterWatermarks >= 0)
                QVERIFY2(cli.waitUntil([&] { return thinned() >= before + stop.afterWatermarks; }),
                         stop.name);
            else
                QVERIFY2(cli.waitUntil([&] { return roundConnections() > 0; }, 60000, 2), stop.name);
            cli.signal(SIGSTOP); // held there, so that the round cannot end before the signal lands
            for (int i = 0; i < stop.signalCount; ++i)
                cli.signal(SIGTERM);
            cli.signal(SIGCONT);
            const test::CliRun run = cli.finish();
            qInfo("positions round, SIGTERM %s: exit %d after %.0f ms", stop.name, run.exitCode,
                  cli.stopMilliseconds());
            QVERIFY2(run.exitCode == 75,
                     qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(stop.name), run.err)));
            QVERIFY2(QDir(scratch).isEmpty(), stop.name);
            if (stop.afterWatermarks >= 0 && stop.signalCount == 1) {
                QVERIFY2(run.err.contains(QLatin1String("stopped by SIGTERM")), qPrintable(run.err));
                QVERIFY2(run.out.contains(QLatin1String("cancelled=true")), qPrintable(run.out));
                QCOMPARE(
                    count(*db, QStringLiteral("SELECT count(*) FROM tidemark_round_history WHERE cancelled")),
                    1LL);
                QCOMPARE(test::metricValue(test::readMetricsFile(metrics),
                                           QStringLiteral("tidemark_positions_round_last_exit_code")),
                         75.0);
            }
            // The server notices a client that ended at once when its statement ends; until then the next
            // round skips (the lock).
            QTRY_VERIFY_WITH_TIMEOUT(roundConnections() == 0, 30000);
        }
        const test::CliRun rest = test::runCli(args + QStringList{QStringLiteral("--json")}, env);
        QVERIFY2(rest.exitCode == 0, qPrintable(rest.err));
        QVERIFY2(rest.out.contains(QLatin1String("\"complete\":true")), qPrintable(rest.out));
        expectLikeStore(*db, tracks, now);
    }

    // A late replay writes rows into a slice while it is being thinned: they are not deleted (the slice's
    // statement did not see them), nor thinned later (behind the watermark); the age limit removes them.
    // A replayed row with the key of a row being deleted waits for the slice and lands after it.
    void lateWriterInsideASliceLosesNothing() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_replay"), &info);
        PositionSettings settings = kSettings;
        settings.retentionDays = 100;
        const MowerTrack track = test::longTrack(46);
        test::insertTracks(*db, {track});
        const Micros now = test::kRandomTracksBase + 20 * kMicrosPerHour + settings.detailWindow();
        auto writer = PgConnection::open(info);
        std::vector<Micros> replayed;
        std::thread sameKey;
        Micros sameKeyAt = 0;
        RoundOptions options = test::roundAt(now);
        int slices = 0;
        options.onStep = [&](PgConnection& round, const SliceRange& slice, SliceStep step) {
            if (step != SliceStep::Deleted || ++slices != 2)
                return;
            for (int i = 0; i < 40; ++i) {
                const Micros t = slice.begin + i * 7 * kMicrosPerSecond + 3;
                writer->exec(
                    QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                                   " VALUES ($1, $2, 1, 2, false)"),
                    {idText(track.mowerId), formatIsoTimestamp(t)});
                replayed.push_back(t);
            }
            // A row that this slice deletes: its transaction no longer sees it.
            for (sameKeyAt = slice.begin + 2 * kMicrosPerSecond;
                 count(round,
                       QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = $1 AND "
                                      "observed_at = $2"),
                       {idText(track.mowerId), formatIsoTimestamp(sameKeyAt)}) != 0;
                 sameKeyAt += 2 * kMicrosPerSecond) {
            }
            sameKey = std::thread([&, info] {
                auto w = PgConnection::open(info);
                w->exec(
                    QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                                   " VALUES ($1, $2, 1, 2, false) ON CONFLICT DO NOTHING"),
                    {idText(track.mowerId), formatIsoTimestamp(sameKeyAt)});
            });
        };
        const RoundReport report = ThinningRound(*db, settings).run(options);
        sameKey.join();
        QVERIFY(report.complete);
        const auto replayCount = [&] {
            return count(
                *db, QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = $1 AND lat = 1"),
                {idText(track.mowerId)});
        };
        QCOMPARE(replayCount(), 41LL);
        QVERIFY(!ThinningRound(*db, settings).run(test::roundAt(now)).didWork());
        QCOMPARE(replayCount(), 41LL);
        // Apart from the replay, the table is what the rules leave.
        db->exec(QStringLiteral("DELETE FROM mower_positions WHERE lat = 1"));
        expectLikeStore(*db, {track}, now);
        writer->exec(QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                                    " VALUES ($1, $2, 1, 2, false)"),
                     {idText(track.mowerId), formatIsoTimestamp(replayed.front())});
        const RoundReport aged = ThinningRound(*db, settings).run(test::roundAt(now + 110 * kMicrosPerDay));
        QVERIFY(aged.ageDeleted > 0);
        QCOMPARE(replayCount(), 0LL);
    }

    // The age delete stops between batches when the budget is spent or the window closes, and finds its
    // rows through the BRIN index; later rounds finish it.
    void ageDeleteStopsBetweenBatchesAndUsesBrin() {
        auto db = test::freshPositionsDatabase(QStringLiteral("faults_age"));
        PositionSettings settings = kSettings;
        settings.retentionDays = 100;
        settings.windowStartHour = 1;
        settings.windowEndHour = 5;
        // A backlog of 40,000 rows from 200 to 110 days before now, and young rows.
        const Micros now = floorToStep(nowFor(), kMicrosPerDay) + 4 * kMicrosPerHour + 59 * kMicrosPerMinute;
        MowerTrack old = test::someTracks(47, 1, 2)[0], young = test::someTracks(48, 1, 2)[0];
        old.rows.clear();
        old.errorInstants.clear();
        young.rows.clear();
        young.errorInstants.clear();
        for (int i = 0; i < 40000; ++i)
            old.rows.push_back({now - 200 * kMicrosPerDay + i * 194 * kMicrosPerSecond, 50, 8, false, 2});
        for (int i = 0; i < 1000; ++i)
            young.rows.push_back({now - 20 * kMicrosPerDay + i * kMicrosPerMinute, 50, 8, false, 2});
        test::insertTracks(*db, {old, young});
        db->exec(QStringLiteral("ANALYZE mower_positions"));
        const auto brinScans = [&] {
            return count(*db, QStringLiteral("SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = "
                                             "'brin_mower_positions_observed_at'"));
        };
        const long long scansBefore = brinScans();

        // Budget 10 s, each clock read 1 s later: the batches stop long before the backlog is gone.
        RoundOptions budget = test::roundAt(now);
        budget.ageDeleteBatch = 1000;
        budget.budgetSeconds = 10;
        Micros tick = now;
        budget.clock = [&] { return tick += kMicrosPerSecond; };
        const RoundReport spent = ThinningRound(*db, settings).run(budget);
        QVERIFY(spent.budgetExhausted);
        QVERIFY2(spent.ageDeleted > 0 && spent.ageDeleted <= 10 * 1000,
                 qPrintable(QString::number(spent.ageDeleted)));
        QCOMPARE(spent.slices, 0LL);

        // Inside the window at 04:59; the clock passes 05:00 after three batches.
        RoundOptions closing;
        closing.now = now;
        closing.ageDeleteBatch = 1000;
        int reads = 0;
        closing.clock = [&] { return now + (++reads > 3 ? 2 * kMicrosPerMinute : 0); };
        const RoundReport closed = ThinningRound(*db, settings).run(closing);
        QVERIFY(closed.windowClosed);
        QVERIFY(closed.ageDeleted > 0 && closed.ageDeleted <= 3 * 1000);

        RoundOptions rest = test::roundAt(now);
        rest.ageDeleteBatch = 1000;
        const RoundReport finished = ThinningRound(*db, settings).run(rest);
        QCOMPARE(spent.ageDeleted + closed.ageDeleted + finished.ageDeleted, 40000LL);
        QCOMPARE(count(*db, QStringLiteral("SELECT count(*) FROM mower_positions")), 1000LL);
        // Statistics reach the shared counters within a second or so of the transactions' ends.
        db->exec(QStringLiteral("SELECT pg_stat_force_next_flush()"));
        QTRY_VERIFY_WITH_TIMEOUT(
            (db->exec(QStringLiteral("SELECT pg_stat_clear_snapshot()")), brinScans() >= scansBefore + 40),
            10000);
    }
};

QTEST_GUILESS_MAIN(TestRoundFaults)
#include "test_roundfaults.moc"
