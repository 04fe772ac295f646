// Plans that are applied exactly (spec/operations.md): a dry run with units lists every slice with rows and
// its context's digest; an apply runs exactly those slices, re-checked in their transactions.
#include "error.h"
#include "inmemorypositionstore.h"
#include "pgconnection.h"
#include "positionsplanunits.h"
#include "roundhistory.h"
#include "roundjob.h"
#include "taskfeedback.h"
#include "thinninground.h"
#include "thinningtestdata.h"

#include <QJsonArray>
#include <QTest>
#include <algorithm>
#include <map>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

using Status = PlanUnitOutcome::Status;

QString idText(const QUuid& id) {
    return id.toString(QUuid::WithoutBraces);
}

long long countRows(PgConnection& db, const QString& where = QStringLiteral("true"),
                    const std::vector<PgParam>& params = {}) {
    return db.exec(QStringLiteral("SELECT count(*) FROM mower_positions WHERE ") + where, params)
        .toLong(0, 0);
}

// Random tracks, some cut into sessions (slices next to each other, a context apart, far apart: batches).
std::vector<MowerTrack> mixedTracks(std::uint32_t seed, int count) {
    std::vector<MowerTrack> tracks = test::someTracks(seed, count, 1200);
    for (std::size_t i = 0; i < tracks.size(); i += 2)
        tracks[i] = test::inSessions(tracks[i], seed * 31 + std::uint32_t(i));
    return tracks;
}

// A "now" whose cutoff lies 5 days after the tracks' start: most sessions' slices are pending.
Micros nowFor(const PositionSettings& s) {
    return test::kRandomTracksBase + 5 * kMicrosPerDay + s.detailWindow();
}

PositionsPlanUnits planOf(PgConnection& db, const PositionSettings& settings, Micros now) {
    RoundOptions o = test::roundAt(now);
    o.dryRun = true;
    o.collectUnits = true;
    const RoundReport dry = ThinningRound(db, settings).run(o);
    return dry.units;
}

RoundReport apply(PgConnection& db, const PositionSettings& settings, Micros now,
                  const PositionsPlanUnits& units, const std::function<void(const SliceEvent&)>& onSlice = {},
                  TaskFeedback* control = nullptr) {
    RoundOptions o = test::roundAt(now);
    o.plan = &units;
    o.onSlice = onSlice;
    o.control = control;
    return ThinningRound(db, settings).run(o);
}

// The survivors of every mower equal keep_set's (the in-memory store) thinned to `cutoff`.
void expectLikeKeepSet(PgConnection& db, const std::vector<MowerTrack>& tracks, Micros cutoff,
                       const PositionSettings& settings) {
    InMemoryPositionStore store(tracks);
    store.thinUntil(cutoff, settings);
    for (std::size_t k = 0; k < tracks.size(); ++k) {
        const auto rows = test::tableRows(db, tracks[k].mowerId);
        const auto& expected = store.tracks()[k].rows;
        QCOMPARE(rows.size(), expected.size());
        for (std::size_t i = 0; i < rows.size(); ++i)
            QCOMPARE(rows[i].observedAt, expected[i].observedAt);
    }
}

} // namespace

class TestPositionsApply : public QObject {
    Q_OBJECT

  private slots:
    void unitsRoundTripThroughJson() {
        PositionsPlanUnits units;
        units.ageDelete = PlannedAgeDelete{test::kRandomTracksBase + 7, 12345};
        units.slices.push_back({QUuid::createUuid(), test::kRandomTracksBase,
                                test::kRandomTracksBase + kMaxSlice, 21600, 20000,
                                QStringLiteral("0123456789abcdef0123456789abcdef")});
        units.slices.push_back({QUuid::createUuid(), test::kRandomTracksBase + 1, test::kRandomTracksBase + 2,
                                1, 0, QStringLiteral("d")});
        const QJsonObject json = units.toJson();
        QCOMPARE(json.value(QStringLiteral("age_delete")).toObject().value(QStringLiteral("rows")).toInt(),
                 12345);
        const QJsonObject first = json.value(QStringLiteral("slices")).toArray().at(0).toObject();
        for (const char* key : {"mower_id", "from", "to", "rows_scanned", "rows_deleted", "digest"})
            QVERIFY2(first.contains(QLatin1String(key)), key);
        QCOMPARE(PositionsPlanUnits::fromJson(json), units);
        PositionsPlanUnits none;
        QVERIFY(none.toJson().value(QStringLiteral("age_delete")).isNull());
        QCOMPARE(PositionsPlanUnits::fromJson(none.toJson()), none);

        QJsonObject bad = json;
        QJsonArray slices = bad.value(QStringLiteral("slices")).toArray();
        QJsonObject second = slices.at(1).toObject();
        second.insert(QStringLiteral("from"), QStringLiteral("yesterday"));
        slices.replace(1, second);
        bad.insert(QStringLiteral("slices"), slices);
        try {
            PositionsPlanUnits::fromJson(bad);
            QFAIL("a bad from was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Usage);
            QVERIFY2(e.message().contains(QStringLiteral("units.slices[1].from")), qPrintable(e.message()));
        }
        bad = json;
        bad.remove(QStringLiteral("age_delete"));
        QVERIFY_THROWS_EXCEPTION(Error, PositionsPlanUnits::fromJson(bad));
    }

    // Random tracks (batches included): the plan's slices and figures are the real round's, slice by slice,
    // and applying it leaves keep_set's survivors; a second apply finds every slice done.
    void applyEqualsThePlanAndKeepSet_data() {
        QTest::addColumn<bool>("sessions");
        QTest::newRow("sessions and batches") << true;
        QTest::newRow("contiguous tracks") << false;
    }
    void applyEqualsThePlanAndKeepSet() {
        QFETCH(bool, sessions);
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("apply_exact"), &info);
        auto twin = test::freshPositionsDatabase(QStringLiteral("apply_exact_twin"));
        const auto tracks = sessions ? mixedTracks(71, 24) : test::someTracks(17, 10);
        test::insertTracks(*db, tracks);
        test::insertTracks(*twin, tracks);
        const PositionSettings settings;
        // Contiguous tracks: the cutoff 30 h after their start, inside many of them.
        const Micros now = sessions ? nowFor(settings)
                                    : test::kRandomTracksBase + 30 * kMicrosPerHour + settings.detailWindow();
        const long long before = countRows(*db);
        const PositionsPlanUnits units = planOf(*db, settings, now);
        QCOMPARE(countRows(*db), before);
        QVERIFY(units.slices.size() > (sessions ? 40u : 8u));

        std::vector<PlannedSlice> real;
        RoundOptions round = test::roundAt(now);
        int batches = 0;
        round.onBatch = [&](PgConnection&, const std::vector<SliceRange>&) { ++batches; };
        round.onSlice = [&](const SliceEvent& e) {
            if (e.scanned > 0)
                real.push_back({e.mowerId, e.range.begin, e.range.end, e.scanned, e.deleted, {}});
        };
        QVERIFY(ThinningRound(*twin, settings).run(round).complete);
        QVERIFY(batches > 3 || !sessions);
        QCOMPARE(real.size(), units.slices.size());
        for (std::size_t i = 0; i < real.size(); ++i) {
            real[i].digest = units.slices[i].digest;
            QCOMPARE(units.slices[i], real[i]);
        }

        int appliedBatches = 0;
        RoundOptions o = test::roundAt(now);
        o.plan = &units;
        o.jobs = 2;
        o.workerConninfo = info;
        o.onBatch = [&](PgConnection&, const std::vector<SliceRange>&) { ++appliedBatches; };
        std::map<std::pair<QUuid, Micros>, long long> deleted;
        o.onSlice = [&](const SliceEvent& e) { deleted[{e.mowerId, e.range.begin}] = e.deleted; };
        const RoundReport applied = ThinningRound(*db, settings).run(o);
        QCOMPARE(applied.unitOutcomes.size(), units.slices.size());
        for (const PlanUnitOutcome& out : applied.unitOutcomes)
            QVERIFY2(out.status == Status::Applied, qPrintable(out.detail));
        QVERIFY(appliedBatches > 3 || !sessions);
        QCOMPARE(applied.verdict(), RoundVerdict::Done);
        for (const PlannedSlice& s : units.slices)
            QCOMPARE(deleted.at({s.mowerId, s.from}), s.rowsDeleted);
        expectLikeKeepSet(*db, tracks, settings.thinningCutoff(now), settings);

        const RoundReport again = apply(*db, settings, now, units);
        QVERIFY(std::all_of(again.unitOutcomes.begin(), again.unitOutcomes.end(),
                            [](const PlanUnitOutcome& out) { return out.status == Status::Done; }));
        QCOMPARE(again.deleted, 0LL);
    }

    // Property: a dry run (planned reads, batches counted by one statement) gives every slice the counts the
    // round's delete then finds, on random tracks, with and without an age delete in front of the slices;
    // its batches are counted the way the round thins them.
    void dryRunCountsEqualTheRoundSliceForSlice_data() {
        QTest::addColumn<std::uint32_t>("seed");
        QTest::addColumn<int>("retentionDays");
        QTest::newRow("seed 5") << 5u << 0;
        QTest::newRow("seed 9, age delete") << 9u << PositionSettings{}.detailDays + 3;
        QTest::newRow("seed 13, age delete") << 13u << PositionSettings{}.detailDays + 4;
    }
    void dryRunCountsEqualTheRoundSliceForSlice() {
        QFETCH(std::uint32_t, seed);
        QFETCH(int, retentionDays);
        auto db = test::freshPositionsDatabase(QStringLiteral("dry_exact"));
        const auto tracks = mixedTracks(seed, 16);
        test::insertTracks(*db, tracks);
        PositionSettings settings;
        settings.retentionDays = retentionDays;
        const Micros now = nowFor(settings);
        using Key = std::pair<QUuid, Micros>;
        const auto collect = [](std::map<Key, std::pair<long long, long long>>& into, int& batches) {
            RoundOptions o;
            o.onBatch = [&batches](PgConnection&, const std::vector<SliceRange>&) { ++batches; };
            o.onSlice = [&into](const SliceEvent& e) {
                if (e.scanned > 0)
                    into[{e.mowerId, e.range.begin}] = {e.scanned, e.deleted};
            };
            return o;
        };
        std::map<Key, std::pair<long long, long long>> dry, real;
        int dryBatches = 0, realBatches = 0;
        RoundOptions d = collect(dry, dryBatches);
        d.now = now;
        d.ignoreWindow = true;
        d.dryRun = true;
        const RoundReport dryReport = ThinningRound(*db, settings).run(d);
        QCOMPARE(dryReport.failures.size(), std::size_t(0));
        RoundOptions r = collect(real, realBatches);
        r.now = now;
        r.ignoreWindow = true;
        const RoundReport realReport = ThinningRound(*db, settings).run(r);
        QVERIFY(realReport.complete);
        QCOMPARE(dryReport.ageDeleted, realReport.ageDeleted);
        QVERIFY(retentionDays == 0 || realReport.ageDeleted > 0);
        // The batches are the round's where no age delete precedes them (with one, the dry run reads the rows
        // ahead before it).
        QVERIFY(dryBatches > 0);
        if (retentionDays == 0)
            QCOMPARE(dryBatches, realBatches);
        QCOMPARE(dry.size(), real.size());
        for (const auto& [key, counts] : real)
            QCOMPARE(dry.at(key), counts);
        QCOMPARE(dryReport.scanned, realReport.scanned);
        QCOMPARE(dryReport.deleted, realReport.deleted);
        QCOMPARE(dryReport.slices, realReport.slices);
    }

    // A row inserted, updated or deleted in one slice's context after the plan: that slice is stale and
    // untouched, the later slices of its mower are left, every other slice is applied.
    void aChangedContextMakesItsSliceStale_data() {
        QTest::addColumn<QString>("change");
        QTest::newRow("insert") << QStringLiteral("insert");
        QTest::newRow("update") << QStringLiteral("update");
        QTest::newRow("delete") << QStringLiteral("delete");
        QTest::newRow("error instant") << QStringLiteral("error");
    }
    void aChangedContextMakesItsSliceStale() {
        QFETCH(QString, change);
        auto db = test::freshPositionsDatabase(QStringLiteral("apply_stale"));
        const std::vector<MowerTrack> tracks = {test::longTrack(5), test::someTracks(9, 1, 1500)[0],
                                                test::inSessions(test::someTracks(13, 1, 1500)[0], 3)};
        test::insertTracks(*db, tracks);
        const PositionSettings settings;
        const Micros now = nowFor(settings);
        const PositionsPlanUnits units = planOf(*db, settings, now);
        // The long track's second slice (it has three or more).
        std::vector<std::size_t> longSlices;
        for (std::size_t i = 0; i < units.slices.size(); ++i)
            if (units.slices[i].mowerId == tracks[0].mowerId)
                longSlices.push_back(i);
        QVERIFY(longSlices.size() >= 3);
        const PlannedSlice target = units.slices[longSlices[1]];
        const QString mower = idText(target.mowerId);
        // In the slice, away from the contexts of its neighbours.
        const Micros at = target.from + kMicrosPerHour;
        const std::vector<PgParam> near{mower, formatIsoTimestamp(at)};
        if (change == QStringLiteral("insert"))
            db->exec(QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                                    " VALUES ($1, $2::timestamptz + interval '1 millisecond', 50, 8, false)"),
                     near);
        else if (change == QStringLiteral("update"))
            db->exec(QStringLiteral(
                         "UPDATE mower_positions SET wifi_rssi = -42 WHERE mower_id = $1 AND observed_at"
                         " = (SELECT min(observed_at) FROM mower_positions WHERE mower_id = $1 AND"
                         " observed_at >= $2::timestamptz)"),
                     near);
        else if (change == QStringLiteral("delete"))
            db->exec(
                QStringLiteral("DELETE FROM mower_positions WHERE mower_id = $1 AND observed_at = (SELECT"
                               " min(observed_at) FROM mower_positions WHERE mower_id = $1 AND observed_at >="
                               " $2::timestamptz + interval '1 hour')"),
                near);
        else
            db->exec(
                QStringLiteral("INSERT INTO mower_history (mower_id, observed_at, state, error_code) SELECT"
                               " $1, min(observed_at), 'error', 7 FROM mower_positions WHERE mower_id = $1"
                               " AND observed_at >= $2::timestamptz + interval '2 hours'"),
                near);
        const QString inSlice = QStringLiteral("mower_id = $1 AND observed_at >= $2 AND observed_at < $3");
        const std::vector<PgParam> sliceParams{mower, formatIsoTimestamp(target.from),
                                               formatIsoTimestamp(target.to)};
        const long long rowsBefore = countRows(*db, inSlice, sliceParams);

        const RoundReport r = apply(*db, settings, now, units);
        QCOMPARE(r.verdict(), RoundVerdict::Failed);
        for (std::size_t i = 0; i < units.slices.size(); ++i) {
            const PlanUnitOutcome& out = r.unitOutcomes[i];
            if (i == longSlices[1]) {
                QCOMPARE(out.status, Status::Stale);
                QVERIFY2(out.detail.contains(QStringLiteral("context digest differs")),
                         qPrintable(out.detail));
            } else if (i > longSlices[1] && units.slices[i].mowerId == target.mowerId) {
                QCOMPARE(out.status, Status::Left);
                QCOMPARE(out.detail, QStringLiteral("after a stale slice of this mower"));
            } else {
                QVERIFY2(out.status == Status::Applied, qPrintable(out.detail));
            }
        }
        QCOMPARE(countRows(*db, inSlice, sliceParams), rowsBefore);
        QCOMPARE(test::watermarkOf(*db, target.mowerId), std::optional<Micros>(target.from));
    }

    // What became eligible after the plan (a later now; a mower whose rows arrived since) is not touched,
    // and the watermark stops at the last planned slice.
    void whatBecameEligibleSinceIsNotTouched() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("apply_since"), &info);
        const auto tracks = test::someTracks(23, 6);
        test::insertTracks(*db, tracks);
        const PositionSettings settings;
        const Micros now = test::kRandomTracksBase + 20 * kMicrosPerHour + settings.detailWindow();
        const PositionsPlanUnits units = planOf(*db, settings, now);
        QVERIFY(!units.slices.empty());
        const MowerTrack late = test::someTracks(29, 1)[0];
        test::insertTracks(*db, {late});
        const Micros cutoff = settings.thinningCutoff(now);
        const QString after = QStringLiteral("observed_at >= $1");
        const long long rowsAfter = countRows(*db, after, {formatIsoTimestamp(cutoff)});
        const long long lateRows = countRows(*db, QStringLiteral("mower_id = $1"), {idText(late.mowerId)});
        // Applied three days later (by the job, which records the plan): slices up to the new cutoff are
        // pending, but only the plan's are done.
        RoundRequest request;
        request.conninfo = info;
        request.settings = settings;
        request.now = now + 3 * kMicrosPerDay;
        request.ignoreWindow = true;
        request.plan = units;
        request.planSha256 = QStringLiteral("5ca1ab1e");
        TaskFeedback feedback;
        const RoundReport r = RoundJob::run(request, feedback);
        QCOMPARE(r.verdict(), RoundVerdict::Done);
        QCOMPARE(r.unitOutcomes.size(), units.slices.size());
        QCOMPARE(RoundHistory(*db).latest().back().planSha256, QStringLiteral("5ca1ab1e"));
        QVERIFY(r.infoLine().contains(QStringLiteral("plan_sha256=5ca1ab1e")));
        QCOMPARE(countRows(*db, after, {formatIsoTimestamp(cutoff)}), rowsAfter);
        QCOMPARE(countRows(*db, QStringLiteral("mower_id = $1"), {idText(late.mowerId)}), lateRows);
        QVERIFY(!test::watermarkOf(*db, late.mowerId));
        std::map<QUuid, Micros> lastEnd;
        for (const PlannedSlice& s : units.slices)
            lastEnd[s.mowerId] = s.to;
        for (const auto& [mower, end] : lastEnd)
            QCOMPARE(test::watermarkOf(*db, mower), std::optional<Micros>(end));
    }

    // A plan made with a clock ahead of the server (a rehearsal): its slices that the server's clock does not
    // yet make eligible are stale unless the apply allows the clock ahead too; the others are applied.
    void slicesNotEligibleByTheServersClockAreStale() {
        for (const bool allow : {false, true}) {
            auto db = test::freshPositionsDatabase(QStringLiteral("apply_clock"));
            const PositionSettings settings;
            const Micros server = db->serverNow();
            // Tracks from 40 h before the server's cutoff on: slices on both sides of it.
            std::vector<MowerTrack> tracks = test::someTracks(41, 6);
            const Micros shift =
                settings.thinningCutoff(server) - 40 * kMicrosPerHour - test::kRandomTracksBase;
            for (MowerTrack& t : tracks) {
                for (PositionRow& row : t.rows)
                    row.observedAt = floorToStep(row.observedAt + shift, 1000);
                for (Micros& e : t.errorInstants)
                    e = floorToStep(e + shift, 1000);
            }
            test::insertTracks(*db, tracks);
            RoundOptions rehearsal = test::roundAt(server + 3 * kMicrosPerDay);
            rehearsal.dryRun = true;
            rehearsal.collectUnits = true;
            rehearsal.allowClockAhead = true;
            const PositionsPlanUnits units = ThinningRound(*db, settings).run(rehearsal).units;
            const Micros serverCutoff = settings.thinningCutoff(db->serverNow());
            QVERIFY(std::any_of(units.slices.begin(), units.slices.end(),
                                [&](const PlannedSlice& p) { return p.to > serverCutoff; }));
            RoundOptions o = test::roundAt(server);
            o.plan = &units;
            o.allowClockAhead = allow;
            const RoundReport r = ThinningRound(*db, settings).run(o);
            std::map<QUuid, bool> staleSeen;
            for (std::size_t i = 0; i < units.slices.size(); ++i) {
                const PlannedSlice& p = units.slices[i];
                const PlanUnitOutcome& out = r.unitOutcomes[i];
                if (allow || p.to <= serverCutoff)
                    QVERIFY2(out.status == Status::Applied, qPrintable(out.detail));
                else if (!staleSeen[p.mowerId]) {
                    QCOMPARE(out.status, Status::Stale);
                    QVERIFY2(out.detail.contains(QStringLiteral("not eligible by the server's clock")),
                             qPrintable(out.detail));
                    staleSeen[p.mowerId] = true;
                } else
                    QCOMPARE(out.status, Status::Left);
            }
            QCOMPARE(r.verdict(), allow ? RoundVerdict::Done : RoundVerdict::Failed);
        }
    }

    // An apply cancelled half-way leaves the rest (verdict: retry); run again, the first ones are done and
    // the rest applied, and the survivors are keep_set's.
    void cancelledApplyFinishesWhenRunAgain() {
        auto db = test::freshPositionsDatabase(QStringLiteral("apply_cancel"));
        const auto tracks = mixedTracks(83, 10);
        test::insertTracks(*db, tracks);
        const PositionSettings settings;
        const Micros now = nowFor(settings);
        const PositionsPlanUnits units = planOf(*db, settings, now);
        QVERIFY(units.slices.size() > 10);
        TaskFeedback feedback;
        std::size_t seen = 0;
        const RoundReport first = apply(
            *db, settings, now, units,
            [&](const SliceEvent&) {
                if (++seen == units.slices.size() / 2)
                    feedback.cancel();
            },
            &feedback);
        QVERIFY(first.cancelled);
        QCOMPARE(first.verdict(), RoundVerdict::Retry);
        std::size_t applied = 0;
        for (const PlanUnitOutcome& o : first.unitOutcomes) {
            if (o.status == Status::Applied)
                ++applied;
            else
                QVERIFY2(o.status == Status::Left && o.detail == QStringLiteral("stopped: cancelled"),
                         qPrintable(o.detail));
        }
        QVERIFY(applied >= units.slices.size() / 2 && applied < units.slices.size());

        const RoundReport second = apply(*db, settings, now, units);
        QCOMPARE(second.verdict(), RoundVerdict::Done);
        for (std::size_t i = 0; i < units.slices.size(); ++i)
            QCOMPARE(second.unitOutcomes[i].status,
                     first.unitOutcomes[i].status == Status::Applied ? Status::Done : Status::Applied);
        expectLikeKeepSet(*db, tracks, settings.thinningCutoff(now), settings);
    }

    // Outside the window nothing is thinned, but an apply run again still tells what is already done: the
    // slices its watermarks passed are done, not left; the others wait for the window.
    void outsideTheWindowDoneSlicesAreDone() {
        auto db = test::freshPositionsDatabase(QStringLiteral("apply_window"));
        test::insertTracks(*db, mixedTracks(84, 4));
        const PositionSettings settings;
        const Micros now = nowFor(settings);
        const PositionsPlanUnits units = planOf(*db, settings, now);
        QVERIFY(units.slices.size() > 4);
        const std::size_t half = units.slices.size() / 2;
        PositionsPlanUnits firstHalf = units;
        firstHalf.slices.resize(half);
        firstHalf.ageDelete.reset();
        QCOMPARE(apply(*db, settings, now, firstHalf).verdict(), RoundVerdict::Done);

        RoundOptions outside = test::roundAt(now + 12 * kMicrosPerHour); // noon UTC; the window is 01–05
        outside.ignoreWindow = false;
        outside.plan = &units;
        const RoundReport report = ThinningRound(*db, settings).run(outside);
        QVERIFY(!report.insideWindow);
        const std::size_t offset = units.ageDelete ? 1 : 0;
        for (std::size_t i = 0; i < units.slices.size(); ++i) {
            const PlanUnitOutcome& o = report.unitOutcomes[offset + i];
            if (i < half)
                QVERIFY2(o.status == Status::Done, qPrintable(o.detail));
            else
                QVERIFY2(o.status == Status::Left && o.detail.contains(QStringLiteral("window")),
                         qPrintable(o.detail));
        }
        QCOMPARE(report.verdict(), RoundVerdict::Retry);
    }

    // The age delete as planned: rows before `before`, the slices judged without them; a row written before
    // `before` after the plan makes the age delete stale and deletes nothing before it.
    void ageDeleteIsPlannedAndRechecked() {
        for (const bool backfill : {false, true}) {
            auto db = test::freshPositionsDatabase(QStringLiteral("apply_age"));
            auto tracks = test::someTracks(37, 8);
            test::insertTracks(*db, tracks);
            PositionSettings settings;
            settings.retentionDays = settings.detailDays + 2;
            // The age limit falls in the middle of the longest track: its first slice's context starts
            // before.
            const MowerTrack& longest =
                *std::max_element(tracks.begin(), tracks.end(),
                                  [](const auto& a, const auto& b) { return a.rows.size() < b.rows.size(); });
            const Micros now =
                longest.rows[longest.rows.size() / 2].observedAt + 1 + settings.retentionDays * kMicrosPerDay;
            const Micros limit = now - settings.retentionDays * kMicrosPerDay;
            const PositionsPlanUnits units = planOf(*db, settings, now);
            QVERIFY(units.ageDelete);
            QCOMPARE(units.ageDelete->before, limit);
            QCOMPARE(units.ageDelete->rows,
                     countRows(*db, QStringLiteral("observed_at < $1"), {formatIsoTimestamp(limit)}));
            QVERIFY(units.ageDelete->rows > 0);
            if (backfill)
                db->exec(
                    QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                                   " VALUES ($1, $2, 50, 8, false)"),
                    {idText(QUuid::createUuid()), formatIsoTimestamp(limit - kMicrosPerDay)});
            const RoundReport r = apply(*db, settings, now, units);
            QCOMPARE(r.unitOutcomes.size(), units.slices.size() + 1);
            if (backfill) {
                QCOMPARE(r.unitOutcomes.front().status, Status::Stale);
                QVERIFY2(r.unitOutcomes.front().detail.contains(QStringLiteral("where the plan counted")),
                         qPrintable(r.unitOutcomes.front().detail));
                QCOMPARE(countRows(*db, QStringLiteral("observed_at < $1"), {formatIsoTimestamp(limit)}),
                         units.ageDelete->rows + 1);
                QCOMPARE(r.verdict(), RoundVerdict::Failed);
                continue;
            }
            for (const PlanUnitOutcome& o : r.unitOutcomes)
                QVERIFY2(o.status == Status::Applied, qPrintable(o.detail));
            for (MowerTrack& t : tracks)
                t.rows.erase(std::remove_if(t.rows.begin(), t.rows.end(),
                                            [&](const PositionRow& row) { return row.observedAt < limit; }),
                             t.rows.end());
            expectLikeKeepSet(*db, tracks, settings.thinningCutoff(now), settings);
        }
    }
};

QTEST_GUILESS_MAIN(TestPositionsApply)
#include "test_positionsapply.moc"
