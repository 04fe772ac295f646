#include "error.h"
#include "inmemorypositionstore.h"
#include "pgconnection.h"
#include "schemamigrator.h"
#include "sliceplanner.h"
#include "taskfeedback.h"
#include "testpostgres.h"
#include "thinningmetrics.h"
#include "thinninground.h"
#include "thinningstatus.h"
#include "thinningtestdata.h"

#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <atomic>
#include <set>
#include <thread>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

// "now" such that the cutoff lies 30 h after the start of the random tracks (inside many of them).
PositionSettings defaultSettings() {
    return {};
}
Micros nowFor(const PositionSettings& s) {
    return test::kRandomTracksBase + 30 * kMicrosPerHour + s.detailWindow();
}

long long countRows(PgConnection& db, const QString& where = QStringLiteral("true"),
                    const std::vector<PgParam>& params = {}) {
    return db.exec(QStringLiteral("SELECT count(*) FROM mower_positions WHERE ") + where, params)
        .toLong(0, 0);
}

// Three ten-minute sessions of a long track, moved 3 and 7 days apart: a sparse mower.
MowerTrack sparseTrack(std::uint32_t seed) {
    const MowerTrack whole = test::longTrack(seed);
    MowerTrack sparse{whole.mowerId, {}, {}};
    const Micros start = whole.rows.front().observedAt;
    const struct {
        Micros from, shift;
    } sessions[] = {
        {0, 0}, {5 * kMicrosPerHour, 3 * kMicrosPerDay}, {10 * kMicrosPerHour, 7 * kMicrosPerDay}};
    for (const auto& s : sessions)
        for (PositionRow r : whole.rows)
            if (r.observedAt >= start + s.from && r.observedAt < start + s.from + 10 * kMicrosPerMinute) {
                r.observedAt += s.shift;
                sparse.rows.push_back(r);
            }
    return sparse;
}

// Another writer's rows of the mower, written now: three rows a second apart from `at`, standing, so that
// thinning their slice deletes the middle one (its neighbours are a second away in the same idle bin).
std::vector<PositionRow> writeRows(PgConnection& writer, const QUuid& mowerId, Micros at) {
    std::vector<PositionRow> rows;
    for (int k = 0; k < 3; ++k) {
        PositionRow row;
        row.observedAt = at + k * kMicrosPerSecond;
        row.lat = 52.5;
        row.lon = 13.4;
        writer.exec(
            QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                           " VALUES ($1, $2, $3, $4, false)"),
            {mowerId.toString(QUuid::WithoutBraces), formatIsoTimestamp(row.observedAt), row.lat, row.lon});
        rows.push_back(row);
    }
    return rows;
}

// A sparse mower (sparseTrack) in a fresh database, a round two days of slices after its last row, and a
// second connection for rows written while the round runs.
struct SparseRound {
    std::unique_ptr<PgConnection> db;
    std::unique_ptr<PgConnection> writer;
    MowerTrack track;
    PositionSettings settings;
    Micros cutoff = 0;
    RoundOptions options;
};
SparseRound sparseRound(const QString& name, std::uint32_t seed) {
    SparseRound r;
    QString info;
    r.db = test::freshPositionsDatabase(name, &info);
    r.track = sparseTrack(seed);
    test::insertTracks(*r.db, {r.track});
    r.settings = defaultSettings();
    const Micros now = r.track.rows.back().observedAt + 2 * kMicrosPerDay + r.settings.detailWindow();
    r.cutoff = r.settings.thinningCutoff(now);
    r.writer = PgConnection::open(info);
    r.options = test::roundAt(now);
    return r;
}

} // namespace

class TestThinningRound : public QObject {
    Q_OBJECT

    // Rows that arrived during the round (`arrived`) were thinned as a slice, not passed over (the middle one
    // is deleted), and the mower ends thinned as if they had been there all along.
    void expectArrivedRowsThinned(PgConnection& db, const MowerTrack& track,
                                  const std::vector<PositionRow>& arrived,
                                  const std::vector<SliceRange>& thinned, Micros cutoff) {
        QVERIFY(!arrived.empty());
        QVERIFY(std::any_of(thinned.begin(), thinned.end(), [&](const SliceRange& s) {
            return s.begin <= arrived.front().observedAt && arrived.front().observedAt < s.end;
        }));
        auto expected = track;
        for (const PositionRow& row : arrived) {
            const auto at = std::lower_bound(expected.rows.begin(), expected.rows.end(), row.observedAt,
                                             [](const PositionRow& r, Micros t) { return r.observedAt < t; });
            expected.rows.insert(at, row);
        }
        test::expectThinnedLikeStore(db, {expected}, cutoff);
        const auto rows = test::tableRows(db, track.mowerId);
        QVERIFY(std::none_of(rows.begin(), rows.end(),
                             [&](const PositionRow& r) { return r.observedAt == arrived[1].observedAt; }));
        QCOMPARE(test::watermarkOf(db, track.mowerId), std::optional<Micros>(cutoff));
    }

  private slots:
    void roundMatchesStoreAndSecondRoundIsIdle() {
        auto db = test::freshPositionsDatabase(QStringLiteral("round_idempotent"));
        const auto tracks = test::someTracks(11, 40);
        test::insertTracks(*db, tracks);
        const PositionSettings settings = defaultSettings();
        const Micros now = nowFor(settings);
        const RoundReport first = ThinningRound(*db, settings).run(test::roundAt(now));
        QVERIFY(first.complete);
        QVERIFY(first.slices > 0);
        QVERIFY(first.deleted > 0);
        QVERIFY(first.infoLine().contains(QStringLiteral("complete=true")));
        test::expectThinnedLikeStore(*db, tracks, settings.thinningCutoff(now));
        for (const MowerTrack& t : tracks)
            if (t.rows.front().observedAt < settings.thinningCutoff(now))
                QCOMPARE(test::watermarkOf(*db, t.mowerId),
                         std::optional<Micros>(settings.thinningCutoff(now)));

        const RoundReport second = ThinningRound(*db, settings).run(test::roundAt(now));
        QCOMPARE(second.slices, 0LL);
        QCOMPARE(second.deleted, 0LL);
        QVERIFY(second.complete);
        QVERIFY(!second.didWork());
        test::expectThinnedLikeStore(*db, tracks, settings.thinningCutoff(now));
    }

    // The runner's backend is killed after a slice's delete and before its commit: that slice is untouched
    // and the watermark stays; the next round completes the work exactly as an uninterrupted one would.
    void crashBeforeCommitLeavesSliceUntouched() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("round_crash"), &info);
        const MowerTrack track = test::longTrack(12); // spans several slices
        test::insertTracks(*db, {track});
        const PositionSettings settings = defaultSettings();
        const Micros now = test::kRandomTracksBase + 20 * kMicrosPerHour + settings.detailWindow();
        const long long before = countRows(*db);

        auto killer = PgConnection::open(info);
        auto runner = PgConnection::open(info);
        RoundOptions options = test::roundAt(now);
        int calls = 0;
        SliceRange crashed;
        options.onStep = [&](PgConnection& c, const SliceRange& slice, SliceStep step) {
            if (step != SliceStep::WatermarkMoved)
                return;
            if (++calls < 2)
                return;
            crashed = slice;
            killer->exec(QStringLiteral("SELECT pg_terminate_backend($1)"), {c.backendPid()});
            throw std::runtime_error("injected crash");
        };
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, ThinningRound(*runner, settings).run(options));
        QCOMPARE(test::watermarkOf(*db, track.mowerId), std::optional<Micros>(crashed.begin));
        // The crashed slice still has every row it had.
        const std::vector<PgParam> range = {formatIsoTimestamp(crashed.begin),
                                            formatIsoTimestamp(crashed.end)};
        long long original = 0;
        for (const PositionRow& r : track.rows)
            original += r.observedAt >= crashed.begin && r.observedAt < crashed.end;
        QCOMPARE(countRows(*db,
                           QStringLiteral("observed_at >= $1::timestamptz AND observed_at < $2::timestamptz"),
                           range),
                 original);
        QVERIFY(countRows(*db) < before); // the first slice did commit

        auto again = PgConnection::open(info);
        const RoundReport report = ThinningRound(*again, settings).run(test::roundAt(now));
        QVERIFY(report.complete);
        test::expectThinnedLikeStore(*db, {track}, settings.thinningCutoff(now));
    }

    // A writer inserting fresh positions during a round loses nothing and never waits on a lock.
    void concurrentWriterLosesNothing() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("round_writer"), &info);
        const auto tracks = test::someTracks(13, 60);
        test::insertTracks(*db, tracks);
        const PositionSettings settings = defaultSettings();
        const Micros now = nowFor(settings);
        std::atomic<bool> done{false};
        std::atomic<long long> inserted{0};
        QString writerError;
        std::thread writer([&] {
            try {
                auto w = PgConnection::open(info);
                w->exec(QStringLiteral("SET lock_timeout = '5s'"));
                Micros t = now;
                while (!done.load() || inserted.load() < 50) {
                    const QUuid& id =
                        tracks[static_cast<std::size_t>(inserted.load()) % tracks.size()].mowerId;
                    w->exec(QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, "
                                           "blades_on) VALUES ($1, $2, 1, 2, true)"),
                            {id.toString(QUuid::WithoutBraces), formatIsoTimestamp(t += 1000)});
                    ++inserted;
                }
            } catch (const std::exception& e) {
                writerError = QString::fromUtf8(e.what());
            }
        });
        RoundReport report;
        try {
            report = ThinningRound(*db, settings).run(test::roundAt(now));
        } catch (...) {
            done = true;
            writer.join();
            throw;
        }
        done = true;
        writer.join();
        QVERIFY2(writerError.isEmpty(), qPrintable(writerError));
        QVERIFY(report.complete);
        QCOMPARE(countRows(*db, QStringLiteral("observed_at >= $1::timestamptz"), {formatIsoTimestamp(now)}),
                 inserted.load());
        qInfo("%lld rows inserted during a round of %lld slices", inserted.load(), report.slices);
    }

    // Two runners at once: the first (paused between slices, holding the lock) works, the second skips.
    // Then pause / resume / cancel.
    void twoRunnersOneSkipsAndPauseResumeCancel() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("round_two"), &info);
        const auto tracks = test::someTracks(14, 20);
        test::insertTracks(*db, tracks);
        const PositionSettings settings = defaultSettings();
        const Micros now = nowFor(settings);

        TaskFeedback control;
        std::atomic<int> progressCalls{0};
        control.setSink([&](const TaskProgress&) {
            if (++progressCalls == 1)
                control.pause();
        });
        RoundReport first;
        std::thread runner([&] {
            auto c = PgConnection::open(info);
            RoundOptions o = test::roundAt(now);
            o.control = &control;
            first = ThinningRound(*c, settings).run(o);
        });
        QTRY_VERIFY_WITH_TIMEOUT(progressCalls.load() >= 1 && control.isPaused(), 60000);
        auto second = PgConnection::open(info);
        const RoundReport skipped = ThinningRound(*second, settings).run(test::roundAt(now));
        QVERIFY(skipped.skippedLocked);
        QCOMPARE(skipped.slices, 0LL);
        QCOMPARE(progressCalls.load(), 1); // still paused
        control.resume();
        runner.join();
        QVERIFY(first.complete);
        QVERIFY(!first.skippedLocked);
        test::expectThinnedLikeStore(*db, tracks, settings.thinningCutoff(now));
        // The lock is released: a later round runs (and finds nothing to do).
        QVERIFY(!ThinningRound(*second, settings).run(test::roundAt(now)).skippedLocked);

        // Cancel after the first slice of a fresh database.
        auto db2 = test::freshPositionsDatabase(QStringLiteral("round_cancel"));
        test::insertTracks(*db2, tracks);
        TaskFeedback cancel;
        cancel.setSink([&](const TaskProgress&) { cancel.cancel(); });
        RoundOptions o = test::roundAt(now);
        o.control = &cancel;
        const RoundReport cancelled = ThinningRound(*db2, settings).run(o);
        QVERIFY(cancelled.cancelled);
        QVERIFY(!cancelled.complete);
        QCOMPARE(cancelled.slices, 1LL);
        QCOMPARE(db2->exec(QStringLiteral("SELECT count(*) FROM mower_positions_thinning")).toLong(0, 0),
                 1LL);
    }

    // Rows that arrive behind a watermark are not thinned; the age delete removes them in time.
    void rowsBehindWatermarkAreLeftForAgeDelete() {
        auto db = test::freshPositionsDatabase(QStringLiteral("round_behind"));
        const auto tracks = test::someTracks(15, 10);
        test::insertTracks(*db, tracks);
        PositionSettings settings = defaultSettings();
        settings.retentionDays = 100;
        const Micros now = nowFor(settings);
        QVERIFY(ThinningRound(*db, settings).run(test::roundAt(now)).complete);
        const QUuid id = tracks[0].mowerId;
        const Micros watermark = *test::watermarkOf(*db, id);
        // A replay of 200 standing rows one second apart, well behind the watermark.
        for (int i = 0; i < 200; ++i)
            db->exec(QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, "
                                    "blades_on) VALUES ($1, $2, 1, 2, false)"
                                    " ON CONFLICT DO NOTHING"),
                     {id.toString(QUuid::WithoutBraces),
                      formatIsoTimestamp(watermark - 3 * kMicrosPerHour + i * kMicrosPerSecond + 7)});
        const long long behind =
            countRows(*db, QStringLiteral("mower_id = $1 AND lat = 1"), {id.toString(QUuid::WithoutBraces)});
        QCOMPARE(behind, 200LL);
        const RoundReport again = ThinningRound(*db, settings).run(test::roundAt(now));
        QCOMPARE(again.slices, 0LL);
        QCOMPARE(again.ageDeleted, 0LL);
        QCOMPARE(
            countRows(*db, QStringLiteral("mower_id = $1 AND lat = 1"), {id.toString(QUuid::WithoutBraces)}),
            behind);
        // Ten days later the retention limit (100 days) has passed them.
        const Micros later = watermark + 100 * kMicrosPerDay + 10 * kMicrosPerDay;
        const RoundReport aged = ThinningRound(*db, settings).run(test::roundAt(later));
        QVERIFY(aged.ageDeleted >= behind);
        QCOMPARE(
            countRows(*db, QStringLiteral("mower_id = $1 AND lat = 1"), {id.toString(QUuid::WithoutBraces)}),
            0LL);
    }

    void windowAndBudgetStopBetweenSlices() {
        auto db = test::freshPositionsDatabase(QStringLiteral("round_window"));
        const auto tracks = test::someTracks(16, 10);
        test::insertTracks(*db, tracks);
        PositionSettings settings = defaultSettings();
        settings.windowStartHour = 1;
        settings.windowEndHour = 5;
        const Micros noon = floorToStep(nowFor(settings), kMicrosPerDay) + 12 * kMicrosPerHour;
        RoundOptions outside;
        outside.now = noon;
        const RoundReport closed = ThinningRound(*db, settings).run(outside);
        QVERIFY(!closed.insideWindow);
        QCOMPARE(closed.slices, 0LL);
        QVERIFY(closed.slicesPending > 0);

        // Inside the window at 04:59:59; the clock passes 05:00 after the first slice.
        RoundOptions closing;
        closing.now = noon - 7 * kMicrosPerHour - kMicrosPerSecond;
        int ticks = 0;
        closing.clock = [&] {
            return closing.now + (ticks++ > 1 ? 2 * kMicrosPerSecond : 0);
        }; // start, slice 1, then later
        const RoundReport windowClosed = ThinningRound(*db, settings).run(closing);
        QVERIFY(windowClosed.insideWindow);
        QVERIFY(windowClosed.windowClosed);
        QCOMPARE(windowClosed.slices, 1LL);

        // Budget of 10 s; each slice "takes" 4 s: checked at 4 s and 8 s, stopped at 12 s. A slice's
        // transaction also moves over the empty slices before it (which order the random mower ids give), so
        // the transactions are counted: two, and the report's slices are what their events said.
        RoundOptions budget = test::roundAt(noon);
        budget.budgetSeconds = 10;
        int calls = 0;
        budget.clock = [&] { return noon + (calls++) * 4 * kMicrosPerSecond; };
        int transactions = 0;
        long long slicesDone = 0;
        budget.onSlice = [&](const SliceEvent& e) {
            ++transactions;
            slicesDone = e.slicesDone;
        };
        const RoundReport spent = ThinningRound(*db, settings).run(budget);
        QVERIFY(spent.budgetExhausted);
        QCOMPARE(transactions, 2);
        QCOMPARE(spent.slices, slicesDone);
        QVERIFY(!spent.complete);
    }

    void dryRunDeletesNothing() {
        auto db = test::freshPositionsDatabase(QStringLiteral("round_dry"));
        const auto tracks = test::someTracks(17, 10);
        test::insertTracks(*db, tracks);
        const PositionSettings settings = defaultSettings();
        const Micros now = nowFor(settings);
        const long long before = countRows(*db);
        RoundOptions o;
        o.now = now;
        o.dryRun = true;
        const RoundReport dry = ThinningRound(*db, settings).run(o);
        QVERIFY(dry.dryRun);
        QVERIFY(dry.deleted > 0);
        QVERIFY(!dry.perMower.empty());
        QCOMPARE(countRows(*db), before);
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM mower_positions_thinning")).toLong(0, 0), 0LL);
        // Each slice is counted on the table as the round will find it: the figures are the round's.
        const std::vector<MowerThinningStatus> status =
            ThinningStatus::query(*db, settings.thinningCutoff(now));
        long long pending = 0;
        for (const MowerThinningStatus& s : status) {
            pending += s.slicesPending;
            QVERIFY(s.rows > 0);
            QVERIFY(!s.watermark);
        }
        QCOMPARE(dry.slices, pending);
        const RoundReport real = ThinningRound(*db, settings).run(test::roundAt(now));
        QCOMPARE(real.scanned, dry.scanned);
        QCOMPARE(real.deleted, dry.deleted);
        for (const MowerThinningStatus& s : ThinningStatus::query(*db, settings.thinningCutoff(now)))
            QCOMPARE(s.slicesPending, 0LL);
    }

    // The round's per-slice events add up to its report, in a dry run and in a real round, and name every
    // slice of every mower in order.
    void sliceEventsAddUpToTheReport() {
        auto db = test::freshPositionsDatabase(QStringLiteral("round_events"));
        const auto tracks = test::someTracks(23, 12);
        test::insertTracks(*db, tracks);
        const PositionSettings settings = defaultSettings();
        const Micros now = nowFor(settings);
        for (const bool dryRun : {true, false}) {
            std::vector<SliceEvent> events;
            RoundOptions o = test::roundAt(now);
            o.dryRun = dryRun;
            o.onSlice = [&](const SliceEvent& e) { events.push_back(e); };
            const RoundReport report = ThinningRound(*db, settings).run(o);
            QVERIFY(report.complete);
            QVERIFY(report.slices > 3);
            QCOMPARE(events.back().slicesDone, report.slices);
            long long scanned = 0, deleted = 0, runs = 0;
            std::set<QUuid> mowers;
            for (std::size_t i = 0; i < events.size(); ++i) {
                const SliceEvent& e = events[i];
                scanned += e.scanned;
                deleted += e.deleted;
                mowers.insert(e.mowerId);
                QCOMPARE(e.dryRun, dryRun);
                QCOMPARE(e.slicesDone, (i > 0 ? events[i - 1].slicesDone : 0) + e.slices);
                QCOMPARE(e.slicesTotal, report.slices);
                QVERIFY(e.sliceOfMower >= 1 && e.sliceOfMower <= e.slicesOfMower);
                QVERIFY(e.deleted <= e.scanned);
                if (e.slices > 1) { // a run of slices without rows
                    QCOMPARE(e.scanned, 0LL);
                    ++runs;
                }
                if (i > 0 && events[i - 1].mowerId == e.mowerId)
                    QCOMPARE(e.sliceOfMower, events[i - 1].sliceOfMower + e.slices);
                else
                    QCOMPARE(e.sliceOfMower, e.slices);
                if (i + 1 == events.size() || events[i + 1].mowerId != e.mowerId)
                    QCOMPARE(e.sliceOfMower, e.slicesOfMower);
            }
            QCOMPARE(scanned, report.scanned);
            QCOMPARE(deleted, report.deleted);
            QCOMPARE(qint64(mowers.size()), report.mowers);
            QVERIFY(deleted > 0);
            QVERIFY(runs > 0); // the random tracks leave empty slices between them
            for (const MowerRoundFigures& m : report.perMower) {
                long long mowerScanned = 0, mowerDeleted = 0;
                for (const SliceEvent& e : events)
                    if (e.mowerId == m.mowerId) {
                        mowerScanned += e.scanned;
                        mowerDeleted += e.deleted;
                    }
                QCOMPARE(mowerScanned, m.scanned);
                QCOMPARE(mowerDeleted, m.deleted);
            }
        }
    }

    // A mower that mows ten minutes every few days: the slices between its sessions hold no row and are done
    // in one transaction a run; the survivors and the watermark are those of a slice-by-slice round.
    void slicesWithoutRowsAreDoneTogether() {
        auto db = test::freshPositionsDatabase(QStringLiteral("round_sparse"));
        const MowerTrack track = sparseTrack(51);
        test::insertTracks(*db, {track});
        const PositionSettings settings = defaultSettings();
        const Micros now = track.rows.back().observedAt + 2 * kMicrosPerDay + settings.detailWindow();
        const Micros cutoff = settings.thinningCutoff(now);
        const long long pending =
            SlicePlanner::pendingSlices(std::nullopt, track.rows.front().observedAt, cutoff);
        RoundOptions options = test::roundAt(now);
        int transactions = 0, deletes = 0;
        options.onStep = [&](PgConnection&, const SliceRange&, SliceStep step) {
            transactions += step == SliceStep::Began;
            deletes += step == SliceStep::Deleted;
        };
        const RoundReport report = ThinningRound(*db, settings).run(options);
        QVERIFY(report.complete);
        QCOMPARE(report.slices, pending);
        QVERIFY2(pending > 30, qPrintable(QString::number(pending)));
        // Three sessions, each one slice (two across a slice boundary) whose transaction also moves the
        // watermark over the empty slices before it, and one transaction for the empty slices after the last.
        QVERIFY2(transactions <= 7, qPrintable(QString::number(transactions)));
        QVERIFY(deletes >= 3);
        QVERIFY(report.deleted > 0);
        test::expectThinnedLikeStore(*db, {track}, cutoff);
        QCOMPARE(test::watermarkOf(*db, track.mowerId), std::optional<Micros>(cutoff));
    }

    // A row written into empty slices after the round looked for the mower's next row: the watermark does not
    // move over it; the round looks again and thins that row's slice. The empty slices before a slice with
    // rows (moved over in that slice's transaction), and the last ones (in a transaction of their own).
    void rowArrivingInEmptySlicesIsNotJumped_data() {
        QTest::addColumn<bool>("last");
        QTest::newRow("before a slice") << false;
        QTest::newRow("the last slices") << true;
    }
    void rowArrivingInEmptySlicesIsNotJumped() {
        QFETCH(bool, last);
        SparseRound r = sparseRound(QStringLiteral("round_sparse_arrival"), 52);
        auto& [db, writer, track, settings, cutoff, options] = r;
        std::vector<PositionRow> arrived;
        std::vector<SliceRange> thinned;
        options.onStep = [&](PgConnection&, const SliceRange& range, SliceStep step) {
            if (step == SliceStep::Deleted)
                thinned.push_back(range);
            if (step != SliceStep::Began || !arrived.empty())
                return;
            // The empty slices this transaction moves the watermark over.
            const std::optional<Micros> watermark = test::watermarkOf(*writer, track.mowerId);
            const Micros from = last ? range.begin : watermark.value_or(range.begin);
            const Micros to = last ? range.end : range.begin;
            if (to - from < 2 * kMaxSlice || (last && range.end != cutoff))
                return;
            arrived = writeRows(*writer, track.mowerId, from + (to - from) / 2 + 17 * kMicrosPerSecond);
        };
        const RoundReport report = ThinningRound(*db, settings).run(options);
        QVERIFY(report.complete);
        QVERIFY(report.failures.empty());
        expectArrivedRowsThinned(*db, track, arrived, thinned, cutoff);
    }

    // Mowers whose sessions lie hours or days apart (and some next to each other): their slices are thinned
    // in batches, one statement for several slices; the survivors, the counts and the watermarks are those of
    // a slice-by-slice round, and every slice is reported once.
    void sparseMowersAreThinnedInBatches() {
        auto db = test::freshPositionsDatabase(QStringLiteral("round_batches"));
        std::vector<MowerTrack> tracks;
        test::RandomTracks random(61);
        for (int i = 0; i < 30; ++i)
            tracks.push_back(test::inSessions(random.next(800), 6100u + static_cast<std::uint32_t>(i)));
        test::insertTracks(*db, tracks);
        const PositionSettings settings = defaultSettings();
        const Micros now = test::kRandomTracksBase + 5 * kMicrosPerDay + settings.detailWindow();
        const Micros cutoff = settings.thinningCutoff(now);
        RoundOptions options = test::roundAt(now);
        int batches = 0;
        std::size_t batched = 0;
        options.onBatch = [&](PgConnection&, const std::vector<SliceRange>& batch) {
            ++batches;
            batched += batch.size();
        };
        long long eventSlices = 0, eventDeleted = 0;
        options.onSlice = [&](const SliceEvent& e) {
            eventSlices += e.slices;
            eventDeleted += e.deleted;
        };
        const long long before = countRows(*db);
        const RoundReport report = ThinningRound(*db, settings).run(options);
        QVERIFY(report.complete);
        QVERIFY(report.failures.empty());
        QVERIFY2(batches > 20 && batched > 2 * std::size_t(batches), qPrintable(QString::number(batches)));
        QCOMPARE(eventSlices, report.slices);
        QCOMPARE(eventDeleted, report.deleted);
        QCOMPARE(countRows(*db), before - report.deleted);
        test::expectThinnedLikeStore(*db, tracks, cutoff);
        for (const MowerTrack& t : tracks)
            if (t.rows.front().observedAt < cutoff)
                QCOMPARE(test::watermarkOf(*db, t.mowerId), std::optional<Micros>(cutoff));
    }

    // A row written between two slices of a batch after the round found them, or after its last slice (whose
    // watermark goes on to the cutoff): the batch rolls back whole (its watermark would pass over the row);
    // the round goes on and thins that row's slice.
    // A row without a finite position in a batch's second slice: the batch rolls back, the first slice is
    // thinned alone, and the mower stops before the bad row's slice, which is named.
    // `after`: the rows arrive after the batch's last slice (its watermark goes on); `value`: the bad row's
    // latitude (cos(∞) fails the statement, a data exception, instead of reporting the row).
    void batchRollsBackForARowArrivedOrBad_data() {
        QTest::addColumn<bool>("bad");
        QTest::addColumn<bool>("after");
        QTest::addColumn<QString>("value");
        QTest::newRow("a row arrived between") << false << false << QString();
        QTest::newRow("a row arrived after") << false << true << QString();
        QTest::newRow("a NaN row") << true << false << QStringLiteral("NaN");
        QTest::newRow("an infinite row") << true << false << QStringLiteral("Infinity");
    }
    void batchRollsBackForARowArrivedOrBad() {
        QFETCH(bool, bad);
        QFETCH(bool, after);
        QFETCH(QString, value);
        SparseRound r = sparseRound(QStringLiteral("round_batch_faults"), 53);
        auto& [db, writer, track, settings, cutoff, options] = r;
        std::vector<PositionRow> arrived;
        std::vector<SliceRange> first;
        options.onBatch = [&](PgConnection&, const std::vector<SliceRange>& batch) {
            if (!first.empty())
                return;
            first = batch;
            const QString mower = track.mowerId.toString(QUuid::WithoutBraces);
            if (bad) {
                writer->exec(
                    QStringLiteral("UPDATE mower_positions SET lat = $3::float8 WHERE mower_id = $1 AND "
                                   "observed_at = (SELECT min(observed_at) FROM mower_positions WHERE "
                                   "mower_id = $1 AND observed_at >= $2)"),
                    {mower, formatIsoTimestamp(batch[1].begin), value});
                return;
            }
            arrived =
                writeRows(*writer, track.mowerId,
                          after ? batch.back().end + kMaxSlice + 17 * kMicrosPerSecond
                                : batch[0].end + (batch[1].begin - batch[0].end) / 2 + 17 * kMicrosPerSecond);
        };
        std::vector<SliceRange> thinned;
        options.onSlice = [&](const SliceEvent& e) { thinned.push_back(e.range); };
        const RoundReport report = ThinningRound(*db, settings).run(options);
        QVERIFY(first.size() >= 2);
        if (bad) {
            QCOMPARE(report.failures.size(), std::size_t(1));
            QVERIFY(report.failures[0].rowAt);
            QVERIFY(*report.failures[0].rowAt >= first[1].begin && *report.failures[0].rowAt < first[1].end);
            // Thinned up to the bad row's slice, as a slice-by-slice round would.
            QCOMPARE(test::watermarkOf(*db, track.mowerId), std::optional<Micros>(first[0].end));
            MowerTrack head{track.mowerId, {}, track.errorInstants};
            for (const PositionRow& r : track.rows)
                if (r.observedAt < first[0].end)
                    head.rows.push_back(r);
            InMemoryPositionStore store({head});
            store.thinUntil(first[0].end, settings);
            const auto rows = test::tableRows(*db, track.mowerId);
            std::size_t i = 0;
            for (; i < store.tracks()[0].rows.size(); ++i)
                QCOMPARE(rows[i].observedAt, store.tracks()[0].rows[i].observedAt);
            QCOMPARE(rows.size() - i, static_cast<std::size_t>(std::count_if(
                                          track.rows.begin(), track.rows.end(), [&](const PositionRow& r) {
                                              return r.observedAt >= first[0].end;
                                          })));
            return;
        }
        QVERIFY(report.complete);
        QVERIFY(report.failures.empty());
        expectArrivedRowsThinned(*db, track, arrived, thinned, cutoff);
    }

    void metricsInPrometheusText() {
        RoundReport r;
        r.ageDeleted = 5;
        r.scanned = 100;
        r.deleted = 90;
        r.slices = 3;
        r.deleteSeconds = 0.2;
        r.thinSeconds = 7;
        ThinningMetrics metrics;
        metrics.record(r);
        metrics.record(r);
        const QString text = metrics.textfile().prometheusText();
        QVERIFY(text.contains(QStringLiteral(
            "mowdeck_telemetry_retention_rows_deleted_total{table=\"mower_positions\"} 10\n")));
        QVERIFY(
            text.contains(QStringLiteral("mowdeck_telemetry_position_thinning_rows_scanned_total 200\n")));
        QVERIFY(
            text.contains(QStringLiteral("mowdeck_telemetry_position_thinning_rows_deleted_total 180\n")));
        QVERIFY(text.contains(
            QStringLiteral("mowdeck_telemetry_retention_round_seconds_bucket{kind=\"thin\",le=\"5\"} 0\n")));
        QVERIFY(text.contains(
            QStringLiteral("mowdeck_telemetry_retention_round_seconds_bucket{kind=\"thin\",le=\"15\"} 2\n")));
        QVERIFY(text.contains(
            QStringLiteral("mowdeck_telemetry_retention_round_seconds_count{kind=\"delete\"} 2\n")));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tidemark.prom"));
        metrics.textfile().writeTextfile(path);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(f.readAll()), text);
    }
};

QTEST_GUILESS_MAIN(TestThinningRound)
#include "test_thinninground.moc"
