// The drop decided under its own lock (spec/kudos.md "The drop", "Clocks"), against a real PostgreSQL: a
// second session commits into a range while the drop waits for its lock, rows and flags arrive behind a
// rollup or a checkpoint, and the job's clock runs ahead of the server's. Nothing may leave unreplaced.
#include "archivestore.h"
#include "archiveurl.h"
#include "error.h"
#include "kudossums.h"
#include "kudostestdata.h"
#include "kudosvalues.h"
#include "pgconnection.h"
#include "reconciliation.h"
#include "retentioncatalog.h"
#include "retentionjob.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <future>
#include <thread>

using namespace tidemark;
using namespace tidemark::kudos;
using namespace tidemark::test;

namespace {

bool attached(PgConnection& db, const QString& partition) {
    return db.exec(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhrelid = to_regclass($1)"),
                   {partition})
               .toLong(0, 0) == 1;
}

std::vector<CatalogEntry> subranges(PgConnection& db, RetentionDataset dataset) {
    std::vector<CatalogEntry> list;
    for (const CatalogEntry& e : RetentionCatalog(db).entries())
        if (e.dataset == dataset && e.subrange)
            list.push_back(e);
    return list;
}

// A copy of the swapped kudos database with every row applied, a directory archive, and the retention job run
// on them as a rehearsal at kudosAllEligible().
struct Rehearsal {
    explicit Rehearsal(const QString& name)
        : conninfo(swappedKudosDatabase(name)), db(openKudos(conninfo)), store(directoryArchive(dir)) {
        applyEverything(*db);
    }
    RetentionReport step() {
        return RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).step(kudosAllEligible());
    }
    // Steps until the job's next action is the drop of `dataset`'s first partition; the other lane goes as
    // far as it gets meanwhile.
    void stepUntilDrop(RetentionDataset dataset) {
        RetentionOptions dry = kudosRehearsal();
        dry.dryRun = true;
        for (int i = 0; i < 200; ++i) {
            const RetentionReport plan =
                RetentionJob(*db, store.get(), kudosTestSettings(), dry).run(kudosAllEligible());
            QVERIFY(!plan.remaining.empty());
            const RetentionAction& next = plan.remaining.front();
            if (next.entry.dataset == dataset && next.to == QLatin1String("dropped"))
                return;
            const RetentionReport done = step();
            QVERIFY2(done.alerts.empty(), done.alerts.empty() ? "" : qPrintable(done.alerts.front().message));
        }
        QFAIL("the drop was never planned");
    }

    QString conninfo;
    std::unique_ptr<PgConnection> db;
    QTemporaryDir dir;
    std::unique_ptr<archive::ArchiveStore> store;
};

// A second session that commits a row into a range while the job waits for the drop's lock: it inserts in
// an open transaction, says so, waits until the job's backend waits for a lock, holds a moment longer (the
// job is now queued behind it) and commits. A real writer on its own connection and thread.
class ConcurrentWriter {
  public:
    ConcurrentWriter(QString conninfo, QString insert, std::vector<PgParam> params, int jobPid)
        : m_thread([this, conninfo, insert, params, jobPid] {
              try {
                  auto writer = openKudos(conninfo);
                  auto monitor = openKudos(conninfo);
                  writer->exec(QStringLiteral("BEGIN"));
                  m_id = writer->exec(insert, params).toLong(0, 0);
                  m_inserted.set_value();
                  QElapsedTimer waited;
                  waited.start();
                  while (waited.elapsed() < 20000) {
                      const PgResult waiting = monitor->exec(
                          QStringLiteral("SELECT count(*) FROM pg_locks WHERE pid = $1 AND NOT granted"),
                          {jobPid});
                      if (waiting.toLong(0, 0) > 0) {
                          m_jobWaited = true;
                          break;
                      }
                      std::this_thread::sleep_for(std::chrono::milliseconds(20));
                  }
                  std::this_thread::sleep_for(std::chrono::milliseconds(300));
                  writer->exec(QStringLiteral("COMMIT"));
              } catch (const Error& e) {
                  m_problem = e.message();
                  try {
                      m_inserted.set_value();
                  } catch (...) {
                  }
              }
          }) {
        m_inserted.get_future().wait();
    }
    ~ConcurrentWriter() { join(); }
    void join() {
        if (m_thread.joinable())
            m_thread.join();
    }
    qint64 id() const { return m_id; }
    bool jobWaited() const { return m_jobWaited; }
    const QString& problem() const { return m_problem; }

  private:
    std::promise<void> m_inserted;
    std::atomic<qint64> m_id{0};
    std::atomic<bool> m_jobWaited{false};
    QString m_problem;
    std::thread m_thread;
};

const QString kLedgerInsert =
    QStringLiteral("INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, amount, applied)"
                   " VALUES ($1::timestamp, gen_random_uuid(), 'AWARD', 5, 7.25, true) RETURNING id");
const QString kStatisticInsert = QStringLiteral(
    "INSERT INTO kudos_stat_events (created, event_id, entry_type, user_id, amount, unit, stat_action,"
    " record, applied) VALUES ($1::timestamp, gen_random_uuid(), 'STAT_CONTRIBUTION', 5, 3.50, 'kudos',"
    " 'generated', 'user_kudos', true) RETURNING id");

QJsonObject openIncident(PgConnection& db, RetentionDataset dataset, const CatalogEntry& range) {
    const PgResult r =
        db.exec(QStringLiteral("SELECT difference::text FROM kudos_retention_incidents"
                               " WHERE resolved_at IS NULL AND dataset = $1 AND lo = $2::timestamp"
                               " AND hi = $3::timestamp"),
                {datasetName(dataset), utcParam(range.lo), utcParam(range.hi)});
    return r.rows() == 1 ? QJsonDocument::fromJson(r.text(0, 0).toUtf8()).object() : QJsonObject();
}

qint64 openIncidents(PgConnection& db) {
    return db.exec(QStringLiteral("SELECT count(*) FROM kudos_retention_incidents WHERE resolved_at IS NULL"))
        .toLong(0, 0);
}

bool alerted(const RetentionReport& report, RetentionDataset dataset, RetentionAlert::Cause cause) {
    for (const RetentionAlert& a : report.alerts)
        if (a.dataset == dataset && a.cause == cause)
            return true;
    return false;
}

Micros middleOf(const CatalogEntry& e) {
    return e.lo + (e.hi - e.lo) / 2;
}

} // namespace

class TestKudosDrop : public QObject {
    Q_OBJECT

  private slots:
    // For each sub-range of the first ledger partition: a writer commits an applied row into it while the
    // drop waits for the parent's lock. The drop compares under its lock, finds the row, drops nothing,
    // attaches the partition back and records an incident naming that range. Once the row is gone again
    // (the person's fix), the partition is dropped and the incidents are resolved.
    void aLedgerRowCommittedWhileTheDropWaitsIsNeverDropped() {
        Rehearsal r(QStringLiteral("kudosdrop_ledger"));
        auto& db = r.db;
        const QString& conninfo = r.conninfo;
        r.stepUntilDrop(RetentionDataset::Currency);
        const std::vector<CatalogEntry> ranges = subranges(*db, RetentionDataset::Currency);
        QVERIFY(ranges.size() >= size_t(kKudosWeeks));
        for (const CatalogEntry& range : ranges) {
            QVERIFY(range.state == QLatin1String("verified"));
            ConcurrentWriter writer(conninfo, kLedgerInsert, {utcParam(middleOf(range))}, db->backendPid());
            QVERIFY2(writer.problem().isEmpty(), qPrintable(writer.problem()));
            const RetentionReport report = r.step();
            writer.join();
            QVERIFY(writer.jobWaited()); // the job really waited behind the writer's transaction
            QVERIFY(report.done.empty());
            QVERIFY(alerted(report, RetentionDataset::Currency, RetentionAlert::Cause::ReplacementMismatch));
            QVERIFY(attached(*db, QStringLiteral("kudos_ledger_initial")));
            QCOMPARE(
                db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger WHERE id = $1"), {writer.id()})
                    .toLong(0, 0),
                1);
            const QJsonObject difference = openIncident(*db, RetentionDataset::Currency, range);
            QCOMPARE(difference.value(QStringLiteral("rows")).toInteger() -
                         difference.value(QStringLiteral("recorded_rows")).toInteger(),
                     1);
            QCOMPARE(difference.value(QStringLiteral("users_differing")).toInt(), 1);
            QCOMPARE(openIncidents(*db), qint64(&range - ranges.data() + 1)); // open until the drop
            // The state stays: a person resolves it. Here by removing the stray row.
            const auto entry = RetentionCatalog(*db).entry(RetentionDataset::Currency, range.lo, range.hi);
            QCOMPARE(entry->state, QStringLiteral("verified"));
            QVERIFY(!entry->error.isEmpty());
            db->exec(QStringLiteral("DELETE FROM kudos_ledger WHERE id = $1"), {writer.id()});
        }
        const RetentionReport last = r.step();
        QVERIFY2(last.alerts.empty(), last.alerts.empty() ? "" : qPrintable(last.alerts.front().message));
        QCOMPARE(last.done.size(), size_t(1));
        QCOMPARE(last.done.front().state, QStringLiteral("dropped"));
        QVERIFY(!db->relationExists(QStringLiteral("kudos_ledger_initial")));
        QCOMPARE(openIncidents(*db), 0);
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM kudos_retention_incidents")).toLong(0, 0),
                 qint64(ranges.size()));
    }

    // For each sub-range of the first statistics partition: a late statistic row committed while the drop
    // waits. The range goes back to pending, its rollup is rebuilt with the row, and the partition is dropped
    // only when every range equals its rollup again: the totals of rollups and quarantine hold every row.
    void aStatisticRowCommittedWhileTheDropWaitsIsRolledUpAgain() {
        Rehearsal r(QStringLiteral("kudosdrop_stats"));
        auto& db = r.db;
        const QString& conninfo = r.conninfo;
        Sums expected = statisticTotals(*db);
        r.stepUntilDrop(RetentionDataset::Statistics);
        const std::vector<CatalogEntry> ranges = subranges(*db, RetentionDataset::Statistics);
        for (const CatalogEntry& range : ranges) {
            ConcurrentWriter writer(conninfo, kStatisticInsert, {utcParam(middleOf(range))},
                                    db->backendPid());
            QVERIFY2(writer.problem().isEmpty(), qPrintable(writer.problem()));
            const RetentionReport report = r.step();
            writer.join();
            QVERIFY(writer.jobWaited());
            QVERIFY(
                alerted(report, RetentionDataset::Statistics, RetentionAlert::Cause::ReplacementMismatch));
            QVERIFY(attached(*db, QStringLiteral("kudos_stat_events_initial")));
            const QJsonObject difference = openIncident(*db, RetentionDataset::Statistics, range);
            QCOMPARE(difference.value(QStringLiteral("rows")).toInteger() -
                         difference.value(QStringLiteral("recorded_rows")).toInteger(),
                     1);
            QCOMPARE(
                difference.value(QStringLiteral("amount")).toString(),
                textFromCents(centsFromText(difference.value(QStringLiteral("recorded_amount")).toString()) +
                              350));
            QCOMPARE(RetentionCatalog(*db).entry(RetentionDataset::Statistics, range.lo, range.hi)->state,
                     QStringLiteral("pending"));
            expected[QStringLiteral("5")].first += 350;
            expected[QStringLiteral("5")].second += 1;
            r.stepUntilDrop(RetentionDataset::Statistics); // rolled up again, with the row
        }
        const RetentionReport last = r.step();
        QVERIFY2(last.alerts.empty(), last.alerts.empty() ? "" : qPrintable(last.alerts.front().message));
        QVERIFY(!db->relationExists(QStringLiteral("kudos_stat_events_initial")));
        QCOMPARE(statisticTotals(*db), expected);
        QCOMPARE(openIncidents(*db), 0);
    }

    // A row flagged quarantined after its range was rolled up (counted in the rollup, never moved to the
    // quarantine table): the drop refuses, the range is rolled up again, the row lands in quarantine.
    void aLateQuarantineFlagIsMovedBeforeTheDrop() {
        Rehearsal r(QStringLiteral("kudosdrop_quarantine"));
        auto& db = r.db;
        const Sums expected = statisticTotals(*db);
        r.stepUntilDrop(RetentionDataset::Statistics);
        const CatalogEntry range = subranges(*db, RetentionDataset::Statistics).front();
        const qint64 flagged =
            db->exec(
                  QStringLiteral("UPDATE kudos_stat_events SET quarantined = true, quarantine_reason = 'late'"
                                 " WHERE id = (SELECT min(id) FROM kudos_stat_events WHERE created >= "
                                 "$1::timestamp AND created < $2::timestamp) RETURNING id"),
                  {utcParam(range.lo), utcParam(range.hi)})
                .toLong(0, 0);
        const RetentionReport refused = r.step();
        QVERIFY(alerted(refused, RetentionDataset::Statistics, RetentionAlert::Cause::ReplacementMismatch));
        QCOMPARE(openIncident(*db, RetentionDataset::Statistics, range)
                     .value(QStringLiteral("quarantined"))
                     .toInt(),
                 1);
        QVERIFY(attached(*db, QStringLiteral("kudos_stat_events_initial")));
        r.stepUntilDrop(RetentionDataset::Statistics);
        const RetentionReport dropped = r.step();
        QVERIFY(dropped.alerts.empty());
        QVERIFY(!db->relationExists(QStringLiteral("kudos_stat_events_initial")));
        QCOMPARE(db->exec(QStringLiteral("SELECT quarantine_reason FROM kudos_stat_quarantine WHERE id = $1"),
                          {flagged})
                     .text(0, 0),
                 QStringLiteral("late"));
        QCOMPARE(statisticTotals(*db), expected);
    }

    // An amount changed after the object was verified: count and rows agree, the per-user totals do not.
    void aLedgerRowChangedAfterItsVerificationIsNeverDropped() {
        Rehearsal r(QStringLiteral("kudosdrop_changed"));
        auto& db = r.db;
        r.stepUntilDrop(RetentionDataset::Currency);
        const CatalogEntry range = subranges(*db, RetentionDataset::Currency).front();
        db->exec(QStringLiteral("UPDATE kudos_ledger SET amount = amount + 1 WHERE id = (SELECT min(id) FROM"
                                " kudos_ledger WHERE created >= $1::timestamp AND created < $2::timestamp)"),
                 {utcParam(range.lo), utcParam(range.hi)});
        const RetentionReport report = r.step();
        QVERIFY(alerted(report, RetentionDataset::Currency, RetentionAlert::Cause::ReplacementMismatch));
        const QJsonObject difference = openIncident(*db, RetentionDataset::Currency, range);
        QCOMPARE(difference.value(QStringLiteral("rows")).toInteger(),
                 difference.value(QStringLiteral("recorded_rows")).toInteger());
        QCOMPARE(difference.value(QStringLiteral("users_differing")).toInt(), 1);
        QVERIFY(attached(*db, QStringLiteral("kudos_ledger_initial")));
        // While it still differs, a later run detaches nothing and keeps the one incident.
        const RetentionReport again = r.step();
        QVERIFY(alerted(again, RetentionDataset::Currency, RetentionAlert::Cause::ReplacementMismatch));
        QCOMPARE(openIncidents(*db), 1);
        bool reported = false;
        for (const RetentionIncident& i : again.incidents)
            reported =
                reported || (i.kind == RetentionIncident::Kind::ReplacementMismatch && i.lo == range.lo);
        QVERIFY(reported);
    }

    // An existing row marked unapplied after its range was checkpointed: count, sums and the archived object
    // still agree; only the drop's unapplied check under its lock can see it, and it refuses.
    void aRowMadeUnappliedAfterTheCheckpointIsNeverDropped() {
        Rehearsal r(QStringLiteral("kudosdrop_unapplied"));
        auto& db = r.db;
        r.stepUntilDrop(RetentionDataset::Currency);
        const CatalogEntry range = subranges(*db, RetentionDataset::Currency).front();
        db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = false WHERE id = (SELECT max(id) FROM"
                                " kudos_ledger WHERE created >= $1::timestamp AND created < $2::timestamp)"),
                 {utcParam(range.lo), utcParam(range.hi)});
        const RetentionReport report = r.step();
        QVERIFY(report.done.empty());
        QVERIFY(alerted(report, RetentionDataset::Currency, RetentionAlert::Cause::UnappliedRows));
        QVERIFY(attached(*db, QStringLiteral("kudos_ledger_initial")));
        QCOMPARE(
            openIncident(*db, RetentionDataset::Currency, range).value(QStringLiteral("unapplied")).toInt(),
            1);
    }

    // An unapplied row written into a range after its checkpoint: the export counts one row more than the
    // checkpoint and stops; nothing is archived or dropped.
    void anUnappliedRowArrivingAfterTheCheckpointStopsTheExport() {
        Rehearsal r(QStringLiteral("kudosdrop_latecheckpoint"));
        auto& db = r.db;
        RetentionJob job(*db, r.store.get(), kudosTestSettings(), kudosRehearsal());
        std::optional<CatalogEntry> stated;
        for (int i = 0; i < 200 && !stated; ++i) {
            job.step(kudosAllEligible());
            for (const CatalogEntry& e : subranges(*db, RetentionDataset::Currency))
                if (e.state == QLatin1String("stated") && !stated)
                    stated = e;
        }
        QVERIFY(stated);
        db->exec(QStringLiteral("INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, amount,"
                                " applied) VALUES ($1::timestamp, gen_random_uuid(), 'AWARD', 5, 2, false)"),
                 {utcParam(middleOf(*stated))});
        const RetentionReport report = job.run(kudosAllEligible());
        bool stopped = false;
        for (const RetentionAlert& a : report.alerts)
            stopped = stopped || (a.dataset == RetentionDataset::Currency &&
                                  a.message.contains(QLatin1String("the checkpoint counted")));
        QVERIFY(stopped);
        QVERIFY(attached(*db, QStringLiteral("kudos_ledger_initial")));
        QCOMPARE(RetentionCatalog(*db).entry(RetentionDataset::Currency, stated->lo, stated->hi)->state,
                 QStringLiteral("stated"));
    }

    // RECONCILIATION postings (applied, as the projector leaves them) inside the ranges that are
    // checkpointed and dropped: the checkpoints leave them out, so checkpoint plus tail equals the all-time
    // sums, and reconciliation finds no drift against a legacy snapshot (taken before any checkpoint) nor
    // against one taken afterwards.
    void reconciliationPostingsInsideCheckpointedRangesAreLeftOut() {
        Rehearsal r(QStringLiteral("kudosdrop_reconciliation"));
        auto& db = r.db;
        // One posting per user in each of the three weeks, some in escrow; the users' balances follow them.
        db->exec(QStringLiteral(
                     "WITH p AS (SELECT u.id AS user_id, w AS week, (u.id % 5 = 0) AS escrow,"
                     "   ((u.id * 37 + w * 11) % 900 - 450) / 100.0 AS amount FROM users u, "
                     "generate_series(1, 3) w),"
                     " ins AS (INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, escrow, "
                     "amount, applied)"
                     "   SELECT $1::timestamp - week * interval '7 days' + interval '1 day' + user_id * "
                     "interval '1 minute',"
                     "   gen_random_uuid(), 'RECONCILIATION', user_id, escrow, amount, true FROM p RETURNING "
                     "user_id,"
                     "   escrow, amount)"
                     " UPDATE users u SET kudos = u.kudos + t.balance, evaluating_kudos = u.evaluating_kudos "
                     "+ t.escrow"
                     " FROM (SELECT user_id, coalesce(sum(amount) FILTER (WHERE NOT escrow), 0)::bigint AS "
                     "balance,"
                     "   coalesce(sum(amount) FILTER (WHERE escrow), 0)::int AS escrow FROM ins GROUP BY 1) t"
                     " WHERE u.id = t.user_id"),
                 {utcParam(kudosEnd())});
        QVERIFY(
            db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger WHERE entry_type = 'RECONCILIATION'"))
                .toLong(0, 0) >= 100);
        Reconciliation reconciliation(*db, true);
        const QUuid legacy = reconciliation.takeSnapshot(kudosEnd()); // before any checkpoint
        const Sums currency = withoutZeros(allTimeCurrency(*db));
        const RetentionReport report =
            RetentionJob(*db, r.store.get(), kudosTestSettings(), kudosRehearsal()).run(kudosAllEligible());
        QVERIFY2(report.alerts.empty(),
                 report.alerts.empty() ? "" : qPrintable(report.alerts.front().message));
        QVERIFY(!db->relationExists(QStringLiteral("kudos_ledger_initial")));
        QCOMPARE(withoutZeros(checkpointPlusTail(*db)), currency);
        QCOMPARE(reconciliation.run(legacy, kudosAllEligible()).usersDrifting, 0);
        const QUuid fresh = reconciliation.takeSnapshot(kudosAllEligible());
        QCOMPARE(reconciliation.run(fresh, kudosAllEligible()).usersDrifting, 0);
    }

    // A crash between the detach and the DROP leaves the partition detached with every row; the next job
    // compares and drops it.
    void aCrashAfterTheDetachIsResumed() {
        Rehearsal r(QStringLiteral("kudosdrop_crash"));
        auto& db = r.db;
        const QString& conninfo = r.conninfo;
        r.stepUntilDrop(RetentionDataset::Currency);
        const qint64 rows =
            db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger_initial")).toLong(0, 0);
        struct Crash {};
        RetentionOptions options = kudosRehearsal();
        options.onCommit = [](const RetentionAction&, FaultPoint point) {
            if (point == FaultPoint::AfterDetach)
                throw Crash{};
        };
        QVERIFY_THROWS_EXCEPTION(
            Crash, RetentionJob(*db, r.store.get(), kudosTestSettings(), options).step(kudosAllEligible()));
        db = openKudos(conninfo); // the process is gone
        QVERIFY(!attached(*db, QStringLiteral("kudos_ledger_initial")));
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger_initial")).toLong(0, 0), rows);
        const RetentionReport resumed = r.step();
        QVERIFY2(resumed.alerts.empty(),
                 resumed.alerts.empty() ? "" : qPrintable(resumed.alerts.front().message));
        QCOMPARE(resumed.done.size(), size_t(1));
        QCOMPARE(resumed.done.front().rows, rows);
        QVERIFY(!db->relationExists(QStringLiteral("kudos_ledger_initial")));
    }

    // A clock ahead of the server's, an hour and 400 days: refused before anything is done (no catalog row,
    // no partition, no key expired), naming both clocks. With the override it runs, and keys still expire by
    // the server's clock.
    void aClockAheadOfTheServerIsRefused() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudosdrop_clock")));
        const Micros server = db->serverNow();
        // A key written ten days ago by the server's clock: alive for twenty more days.
        db->exec(
            QStringLiteral("INSERT INTO kudos_idempotency_keys (event_id, kind, scope_key, payer_user_id,"
                           " recipient_user_id, amount, outcome, created) VALUES (gen_random_uuid(),"
                           " 'transfer', 'test:clock', 1, 2, 100, 'transferred', $1::timestamp)"),
            {utcParam(server - 10 * kMicrosPerDay)});
        const auto state = [&] {
            return db
                ->exec(QStringLiteral("SELECT (SELECT count(*) FROM kudos_retention_catalog),"
                                      " (SELECT count(*) FROM pg_inherits WHERE inhparent ="
                                      " 'kudos_ledger'::regclass), (SELECT count(*) FROM"
                                      " kudos_idempotency_keys WHERE scope_key = 'test:clock')"))
                .text(0, 0);
        };
        const QString before = state();
        for (const Micros ahead : {kMicrosPerHour, 400 * kMicrosPerDay}) {
            for (const bool dryRun : {false, true}) {
                RetentionOptions options;
                options.dryRun = dryRun;
                try {
                    RetentionJob(*db, nullptr, kudosTestSettings(), options).run(server + ahead);
                    QFAIL("a clock ahead of the server was accepted");
                } catch (const Error& e) {
                    QCOMPARE(e.kind(), Error::Kind::Refused);
                    QVERIFY2(e.message().contains(QLatin1String("database server's now()")) &&
                                 e.message().contains(formatIsoTimestamp(server + ahead)),
                             qPrintable(e.message()));
                }
            }
            try {
                Reconciliation(*db).takeSnapshot(server + ahead);
                QFAIL("reconciliation accepted a clock ahead of the server");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::Refused);
            }
        }
        QCOMPARE(state(), before);
        // Four minutes ahead is within the limit; 25 days ahead with the override expires no key the server
        // still keeps.
        RetentionJob(*db, nullptr, kudosTestSettings()).run(server + 4 * kMicrosPerMinute);
        const RetentionReport rehearsal = RetentionJob(*db, nullptr, kudosTestSettings(), kudosRehearsal())
                                              .run(server + 25 * kMicrosPerDay);
        QVERIFY(rehearsal.clockOverride);
        QVERIFY(rehearsal.clockAheadSeconds > 24 * 86400.0);
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM kudos_idempotency_keys WHERE scope_key ="
                                         " 'test:clock'"))
                     .toLong(0, 0),
                 1);
    }
};

QTEST_GUILESS_MAIN(TestKudosDrop)
#include "test_kudosdrop.moc"
