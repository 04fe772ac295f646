// Plans applied exactly (spec/operations.md): the dry run lists what a run takes, action for action; apply
// does exactly a plan's actions, re-checked after their locks; a changed range is stale and untouched while
// the others go on; what became eligible since is not touched; a cancelled apply finishes on the next.
#include "archivestore.h"
#include "error.h"
#include "kudosplanunits.h"
#include "kudossums.h"
#include "kudostestdata.h"
#include "kudosvalues.h"
#include "pgconnection.h"
#include "retentionjob.h"
#include "taskfeedback.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::kudos;
using namespace tidemark::test;

namespace {

QString keyOf(const RetentionAction& a) {
    return QStringLiteral("%1 %2 [%3, %4) %5 -> %6")
        .arg(datasetName(a.entry.dataset), a.entry.partition, formatIsoTimestamp(a.entry.lo),
             formatIsoTimestamp(a.entry.hi), a.entry.state, a.to);
}

QStringList keysOf(const std::vector<RetentionAction>& actions) {
    QStringList keys;
    for (const RetentionAction& a : actions)
        keys << keyOf(a);
    return keys;
}

QStringList keysOf(const std::vector<RetentionStepResult>& done) {
    QStringList keys;
    for (const RetentionStepResult& s : done)
        keys << keyOf(s.action);
    return keys;
}

RetentionReport dryRun(PgConnection& db, archive::ArchiveStore* store, Micros now, bool units = true) {
    RetentionOptions options = kudosRehearsal();
    options.dryRun = true;
    options.collectUnits = units;
    return RetentionJob(db, store, kudosTestSettings(), options).run(now);
}

RetentionReport apply(PgConnection& db, archive::ArchiveStore* store, const KudosPlanUnits& plan, Micros now,
                      TaskFeedback& feedback, RetentionOptions options = kudosRehearsal()) {
    options.plan = plan;
    options.planSha256 = QStringLiteral("feedc0de");
    return RetentionJob(db, store, kudosTestSettings(), options).run(now, feedback);
}

RetentionReport apply(PgConnection& db, archive::ArchiveStore* store, const KudosPlanUnits& plan,
                      Micros now) {
    TaskFeedback feedback;
    return apply(db, store, plan, now, feedback);
}

QStringList outcomesOf(const RetentionReport& report) {
    QStringList list;
    for (const PlanUnitOutcome& o : report.unitOutcomes)
        list << PlanUnitOutcome::statusName(o.status);
    return list;
}

QString stateOf(PgConnection& db, const CatalogEntry& e) {
    return db
        .exec(QStringLiteral(
                  "SELECT state FROM kudos_retention_catalog WHERE dataset = $1 AND lo = $2::timestamp"
                  " AND hi = $3::timestamp"),
              {datasetName(e.dataset), utcParam(e.lo), utcParam(e.hi)})
        .text(0, 0);
}

// The plan's first action of `dataset` going to `to`.
const PlannedAction& firstOf(const KudosPlanUnits& plan, RetentionDataset dataset, const QString& to,
                             int skip = 0) {
    for (const PlannedAction& p : plan.actions)
        if (p.action.entry.dataset == dataset && p.action.to == to && skip-- == 0)
            return p;
    throw Error(Error::Kind::Failed, QStringLiteral("no such action in the plan"));
}

} // namespace

class TestKudosApply : public QObject {
    Q_OBJECT

  private slots:
    // The defect: the dry run listed each range's next step only, while the run took every eligible range's
    // whole chain. Now it lists exactly what the run then does, in its order, on the demo's kudos data with
    // everything applied, with the generator's unapplied tail (a dataset stops there), and without an
    // archive.
    void theDryRunListsWhatTheRunTakes() {
        for (int variant = 0; variant < 3; ++variant) {
            auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_apply_dry%1").arg(variant)));
            if (variant != 1)
                applyEverything(*db);
            QTemporaryDir dir;
            auto store = variant == 2 ? nullptr : directoryArchive(dir);
            const RetentionReport dry = dryRun(*db, store.get(), kudosAllEligible(), false);
            const RetentionReport run =
                RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).run(kudosAllEligible());
            QVERIFY(!run.done.empty());
            QCOMPARE(keysOf(dry.remaining), keysOf(run.done));
            // The generator's unapplied tail stops both where the run stops.
            const auto unapplied = [](const RetentionReport& r) {
                return std::count_if(r.alerts.begin(), r.alerts.end(), [](const RetentionAlert& a) {
                    return a.cause == RetentionAlert::Cause::UnappliedRows;
                });
            };
            QCOMPARE(unapplied(dry), unapplied(run));
            QCOMPARE(unapplied(run) > 0, variant == 1);
        }
    }

    // Random catalogs: a seeded number of single steps at a seeded clock, then a dry run and the run at a
    // later clock take the same actions.
    void theDryRunListsWhatTheRunTakesOnRandomCatalogs() {
        for (quint32 seed = 1; seed <= 3; ++seed) {
            QRandomGenerator random(seed);
            auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_apply_random%1").arg(seed)));
            if (seed != 2)
                applyEverything(*db);
            QTemporaryDir dir;
            auto store = directoryArchive(dir);
            const Micros first = kudosAllEligible() - random.bounded(3) * 7 * kMicrosPerDay;
            const int steps = random.bounded(12);
            for (int i = 0; i < steps; ++i)
                RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).step(first);
            const Micros later = first + random.bounded(3) * 7 * kMicrosPerDay;
            const RetentionReport dry = dryRun(*db, store.get(), later);
            const RetentionReport run =
                RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).run(later);
            QCOMPARE(keysOf(dry.remaining), keysOf(run.done));
            QCOMPARE(dry.units.actions.size(), dry.remaining.size());
        }
    }

    // Apply a whole plan: the run's actions are the plan's one for one, with the plan's rows; every digest
    // held; the apply is recorded with the plan's sha256.
    void applyEqualsThePlan() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_apply_all")));
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        const RetentionReport dry = dryRun(*db, store.get(), kudosAllEligible());
        const KudosPlanUnits plan = KudosPlanUnits::fromJson(dry.units.toJson());
        QVERIFY(plan.actions.size() > 10);
        const RetentionReport applied = apply(*db, store.get(), plan, kudosAllEligible());
        QCOMPARE(outcomesOf(applied), QStringList(plan.actions.size(), QStringLiteral("applied")));
        QCOMPARE(applied.exitCode(), 0);
        QCOMPARE(keysOf(applied.done), keysOf(dry.remaining));
        for (size_t i = 0; i < plan.actions.size(); ++i)
            QCOMPARE(applied.done[i].rows, plan.actions[i].rows);
        QCOMPARE(db->exec(QStringLiteral("SELECT plan_sha256, applied, stale, left_over, exit_code"
                                         " FROM kudos_retention_applies"))
                     .text(0, 0),
                 QStringLiteral("feedc0de"));
        QVERIFY(!db->relationExists(QStringLiteral("kudos_ledger_initial")));
        // Again: every action is done already.
        const RetentionReport again = apply(*db, store.get(), plan, kudosAllEligible());
        QCOMPARE(outcomesOf(again), QStringList(plan.actions.size(), QStringLiteral("done")));
        QVERIFY(again.done.empty());
    }

    // Ranges changed after the plan (a row inserted, updated, deleted; a catalog state moved back): those
    // actions are stale and their ranges untouched, later actions of the same range stale behind them, and
    // the other ranges applied.
    void aChangedRangeIsStaleAndTheOthersGoOn() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_apply_stale")));
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        // One statistics range rolled up before the plan, so that its dump starts from rolled_up.
        RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).step(kudosAllEligible());
        const KudosPlanUnits plan = dryRun(*db, store.get(), kudosAllEligible()).units;
        const PlannedAction moved = firstOf(plan, RetentionDataset::Statistics, QStringLiteral("dumped"));
        QCOMPARE(moved.action.entry.state, QStringLiteral("rolled_up"));
        const PlannedAction inserted =
            firstOf(plan, RetentionDataset::Statistics, QStringLiteral("rolled_up"));
        const PlannedAction updated =
            firstOf(plan, RetentionDataset::Statistics, QStringLiteral("rolled_up"), 1);
        const PlannedAction deleted =
            firstOf(plan, RetentionDataset::Currency, QStringLiteral("checkpointed"));
        const auto range = [](const PlannedAction& p) {
            return std::vector<PgParam>{utcParam(p.action.entry.lo), utcParam(p.action.entry.hi)};
        };
        db->exec(
            QStringLiteral("INSERT INTO kudos_stat_events (created, event_id, entry_type, user_id,"
                           " worker_user_id, worker_id, team_id, job_id, wp_type, amount, unit, stat_action,"
                           " record, detail, applied) SELECT created + interval '1 second',"
                           " gen_random_uuid(), entry_type, user_id, worker_user_id, worker_id, team_id,"
                           " job_id, wp_type, amount, unit, stat_action, record, detail, true"
                           " FROM kudos_stat_events WHERE created >= $1::timestamp"
                           " AND created < $2::timestamp LIMIT 1"),
            range(inserted));
        db->exec(QStringLiteral(
                     "UPDATE kudos_stat_events SET amount = amount + 1 WHERE id = (SELECT min(id)"
                     " FROM kudos_stat_events WHERE created >= $1::timestamp AND created < $2::timestamp)"),
                 range(updated));
        db->exec(QStringLiteral("DELETE FROM kudos_ledger WHERE id = (SELECT max(id) FROM kudos_ledger"
                                " WHERE created >= $1::timestamp AND created < $2::timestamp)"),
                 range(deleted));
        db->exec(
            QStringLiteral("UPDATE kudos_retention_catalog SET state = 'pending' WHERE dataset = 'statistics'"
                           " AND lo = $1::timestamp AND hi = $2::timestamp"),
            range(moved));

        const RetentionReport applied = apply(*db, store.get(), plan, kudosAllEligible());
        QCOMPARE(applied.exitCode(), 1);
        QHash<QString, QString> detailOf;
        for (const PlanUnitOutcome& o : applied.unitOutcomes)
            detailOf.insert(o.unit.value(QStringLiteral("action")).toString() +
                                o.unit.value(QStringLiteral("lo")).toString() +
                                o.unit.value(QStringLiteral("dataset")).toString(),
                            PlanUnitOutcome::statusName(o.status) + QLatin1Char(' ') + o.detail);
        const auto outcomeOf = [&](const PlannedAction& p) {
            return detailOf.value(PlannedAction::actionWord(p.action.to) +
                                  formatIsoTimestamp(p.action.entry.lo) +
                                  datasetName(p.action.entry.dataset));
        };
        QVERIFY2(outcomeOf(inserted).startsWith(QLatin1String("stale rows of the range changed")),
                 qPrintable(outcomeOf(inserted)));
        QVERIFY2(outcomeOf(updated).startsWith(QLatin1String("stale rows of the range changed")),
                 qPrintable(outcomeOf(updated)));
        QVERIFY2(outcomeOf(deleted).startsWith(QLatin1String("stale rows of the range changed")),
                 qPrintable(outcomeOf(deleted)));
        QVERIFY2(outcomeOf(moved).contains(QLatin1String("is pending, the plan's is rolled_up")),
                 qPrintable(outcomeOf(moved)));
        for (const PlannedAction* p : {&inserted, &updated, &deleted, &moved})
            QCOMPARE(stateOf(*db, p->action.entry), QStringLiteral("pending"));
        const PlannedAction dumpAfter =
            firstOf(plan, RetentionDataset::Statistics, QStringLiteral("dumped"), 1);
        const QString behind = outcomeOf(dumpAfter);
        // Statistics ranges other than the changed ones were rolled up and dumped.
        int appliedStatistics = 0;
        for (size_t i = 0; i < plan.actions.size(); ++i)
            if (plan.actions[i].action.entry.dataset == RetentionDataset::Statistics &&
                applied.unitOutcomes[i].status == PlanUnitOutcome::Status::Applied)
                ++appliedStatistics;
        QVERIFY2(appliedStatistics >= 2, qPrintable(behind));
        bool staleBehind = false;
        for (const PlanUnitOutcome& o : applied.unitOutcomes)
            staleBehind = staleBehind || o.detail == QLatin1String("after a stale action of this range");
        QVERIFY(staleBehind);
        // The first partitions are not dropped: their ranges are not all ready.
        QVERIFY(db->relationExists(QStringLiteral("kudos_ledger_initial")));
        QVERIFY(db->relationExists(QStringLiteral("kudos_stat_events_initial")));
    }

    // A plan made early lists the ranges eligible then; applied later, it touches nothing that became
    // eligible since. A plan whose ranges the server's clock has not reached is stale without a rehearsal.
    void whatBecameEligibleSinceIsNotTouched() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_apply_later")));
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        const Micros early = kudosAllEligible() - 14 * kMicrosPerDay;
        const KudosPlanUnits plan = dryRun(*db, store.get(), early).units;
        QVERIFY(!plan.actions.empty());
        const RetentionReport applied = apply(*db, store.get(), plan, kudosAllEligible());
        QCOMPARE(outcomesOf(applied), QStringList(plan.actions.size(), QStringLiteral("applied")));
        const RetentionReport rest = dryRun(*db, store.get(), kudosAllEligible(), false);
        QVERIFY(!rest.remaining.empty());
        for (const RetentionAction& a : rest.remaining)
            if (a.to != QLatin1String("dropped"))
                QVERIFY2(a.entry.hi > early - 30 * kMicrosPerDay, qPrintable(keyOf(a)));
        QVERIFY(db->relationExists(QStringLiteral("kudos_ledger_initial")));

        // By the server's clock nothing of a plan made at the rehearsal's clock is eligible.
        const KudosPlanUnits ahead = dryRun(*db, store.get(), kudosAllEligible()).units;
        TaskFeedback feedback;
        const RetentionReport refused = apply(*db, store.get(), ahead, db->serverNow(), feedback, {});
        QCOMPARE(outcomesOf(refused), QStringList(ahead.actions.size(), QStringLiteral("stale")));
        QVERIFY2(refused.unitOutcomes.front().detail.startsWith(
                     QLatin1String("not eligible by the server's clock")),
                 qPrintable(refused.unitOutcomes.front().detail));
        QCOMPARE(keysOf(dryRun(*db, store.get(), kudosAllEligible(), false).remaining),
                 keysOf(rest.remaining));
    }

    // An apply cancelled after a few actions leaves the rest (exit 75); run again, it reports those done and
    // applies the rest.
    void aCancelledApplyFinishesOnTheNext() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_apply_cancel")));
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        const KudosPlanUnits plan = dryRun(*db, store.get(), kudosAllEligible()).units;
        TaskFeedback feedback;
        int commits = 0;
        RetentionOptions options = kudosRehearsal();
        options.onCommit = [&](const RetentionAction&, FaultPoint point) {
            if (point == FaultPoint::AfterCommit && ++commits == 3)
                feedback.cancel();
        };
        const RetentionReport first = apply(*db, store.get(), plan, kudosAllEligible(), feedback, options);
        QCOMPARE(first.exitCode(), 75);
        QCOMPARE(first.count(PlanUnitOutcome::Status::Applied), 3);
        QCOMPARE(first.count(PlanUnitOutcome::Status::Left), int(plan.actions.size()) - 3);
        const RetentionReport second = apply(*db, store.get(), plan, kudosAllEligible());
        QStringList expected(3, QStringLiteral("done"));
        expected += QStringList(plan.actions.size() - 3, QStringLiteral("applied"));
        QCOMPARE(outcomesOf(second), expected);
        QCOMPARE(second.exitCode(), 0);
    }

    // A plan cut down to one sub-range of the first partition and the partition's drop (an edited plan, a
    // rehearsal's one range): the drop would remove every other sub-range's rows with it. The catalog lacks
    // their rows, so "every sub-range is ready" held of the one it had; now the drop is stale until the
    // catalog holds all of them, and the partition stays attached with every row.
    void aDropWithoutEverySubrangeInTheCatalogIsStale() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_apply_subset")));
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        const KudosPlanUnits plan = dryRun(*db, store.get(), kudosAllEligible()).units;
        const PlannedAction drop = firstOf(plan, RetentionDataset::Currency, QStringLiteral("dropped"));
        QVERIFY(drop.action.entry.subrange);
        KudosPlanUnits subset; // the drop's own sub-range's chain, and the drop as planned
        for (const PlannedAction& p : plan.actions)
            if (p.action.entry.sameKey(drop.action.entry))
                subset.actions.push_back(p);
        QCOMPARE(subset.actions.back().action.to, QStringLiteral("dropped"));
        const qint64 rows = db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger")).toLong(0, 0);
        const RetentionReport report = apply(*db, store.get(), subset, kudosAllEligible());
        QVERIFY2(outcomesOf(report).last() == QLatin1String("stale"),
                 qPrintable(report.unitOutcomes.back().detail));
        QVERIFY2(report.unitOutcomes.back().detail.contains(QLatin1String("sub-range")),
                 qPrintable(report.unitOutcomes.back().detail));
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger")).toLong(0, 0), rows);
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhrelid = "
                                         "'kudos_ledger_initial'::regclass"))
                     .toLong(0, 0),
                 1);
    }

    void unitsRoundTripAsJson() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_apply_json")));
        applyEverything(*db);
        const KudosPlanUnits plan = dryRun(*db, nullptr, kudosAllEligible()).units;
        QVERIFY(!plan.actions.empty());
        const QJsonObject json = plan.toJson();
        const QJsonObject first = json.value(QStringLiteral("actions")).toArray().first().toObject();
        QCOMPARE(first.keys(),
                 (QStringList{QStringLiteral("action"), QStringLiteral("dataset"), QStringLiteral("digest"),
                              QStringLiteral("hi"), QStringLiteral("lo"), QStringLiteral("rows"),
                              QStringLiteral("state"), QStringLiteral("table")}));
        const QByteArray text = QJsonDocument(json).toJson();
        QCOMPARE(KudosPlanUnits::fromJson(QJsonDocument::fromJson(text).object()).toJson(), json);
        for (const QString& key : first.keys()) {
            QJsonObject bad = first;
            bad.insert(key, QJsonValue(QStringLiteral("x")));
            if (key == QLatin1String("table") || key == QLatin1String("digest"))
                bad.remove(key);
            try {
                KudosPlanUnits::fromJson({{QStringLiteral("actions"), QJsonArray{bad}}});
                QFAIL(qPrintable(key));
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::Usage);
                QVERIFY2(e.message().contains(QStringLiteral("units.actions[0].") + key),
                         qPrintable(e.message()));
            }
        }
        QVERIFY(kudosPlanSettings(kudosTestSettings())
                    .contains(QStringLiteral("KUDOS_RETENTION_CURRENCY_WINDOW_DAYS")));
    }
};

QTEST_GUILESS_MAIN(TestKudosApply)
#include "test_kudosapply.moc"
