#include "archivestore.h"
#include "archiveurl.h"
#include "error.h"
#include "kudospartitions.h"
#include "kudossums.h"
#include "kudostestdata.h"
#include "kudosvalues.h"
#include "ledgercheckpoint.h"
#include "ledgerstatements.h"
#include "pgconnection.h"
#include "reconciliation.h"
#include "retentioncatalog.h"
#include "retentionjob.h"
#include "settingsreader.h"
#include "statrollup.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <map>

using namespace tidemark;
using namespace tidemark::kudos;
using namespace tidemark::test;

namespace {

struct SimulatedCrash {};

} // namespace

class TestKudosRetention : public QObject {
    Q_OBJECT

  private slots:
    void aWindowBelowThirtyDaysNamesTheSetting() {
        for (const char* name :
             {"KUDOS_RETENTION_CURRENCY_WINDOW_DAYS", "KUDOS_RETENTION_STATS_WINDOW_DAYS"}) {
            try {
                KudosSettings::read(SettingsReader({{QLatin1String(name), QStringLiteral("29")}}));
                QFAIL("a 29-day window was accepted");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::Settings);
                QVERIFY2(e.message().startsWith(QLatin1String(name)), qPrintable(e.message()));
            }
        }
        QCOMPARE(KudosSettings::read(SettingsReader({{QStringLiteral("KUDOS_RETENTION_STATS_WINDOW_DAYS"),
                                                      QStringLiteral("30")}}))
                     .statsWindowDays,
                 30);
    }

    void theFirstPartitionIsCataloguedInSubranges() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_catalog")));
        RetentionCatalog catalog(*db);
        const auto missing = catalog.missing(listAllPartitions(*db), kudosTestSettings());
        QCOMPARE(catalog.add(missing), int(missing.size()));
        QVERIFY(catalog.missing(listAllPartitions(*db), kudosTestSettings()).empty());
        const Micros oldest =
            db->exec(
                  QStringLiteral("SELECT %1 FROM kudos_ledger").arg(microsOf(QStringLiteral("min(created)"))))
                .toLong(0, 0);
        std::vector<CatalogEntry> subranges;
        for (const CatalogEntry& e : catalog.entries())
            if (e.dataset == RetentionDataset::Currency && e.subrange)
                subranges.push_back(e);
        QVERIFY(subranges.size() >= size_t(kKudosWeeks));
        QVERIFY(subranges.front().lo <= oldest && oldest < subranges.front().hi);
        QCOMPARE(subranges.back().hi, kudosBoundary());
        for (size_t i = 0; i < subranges.size(); ++i) {
            QCOMPARE(subranges[i].hi - subranges[i].lo, 7 * kMicrosPerDay);
            QCOMPARE(subranges[i].partition, QStringLiteral("kudos_ledger_initial"));
            QCOMPARE(subranges[i].state, QStringLiteral("pending"));
            if (i > 0)
                QCOMPARE(subranges[i].lo, subranges[i - 1].hi);
        }
    }

    // The rollup against an independent fold in C++ of the rows read one by one; quarantined rows move
    // unchanged; a second rollup of the same source replaces the first.
    void rollupsEqualThePartitionAndMoveQuarantine() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_rollup")));
        applyEverything(*db);
        const Micros lo = kudosBoundary() - 14 * kMicrosPerDay;
        const Micros hi = kudosBoundary() - 7 * kMicrosPerDay;
        db->exec(
            QStringLiteral("UPDATE kudos_stat_events SET quarantined = true, quarantine_reason = 'test'"
                           " WHERE id IN (SELECT id FROM kudos_stat_events WHERE created >= $1::timestamp"
                           " AND created < $2::timestamp ORDER BY id LIMIT 7)"),
            {utcParam(lo), utcParam(hi)});
        const QString rowText =
            QStringLiteral("SELECT id, created, event_id, entry_type, user_id, worker_user_id,"
                           " worker_id, team_id, job_id, wp_type, amount, unit, stat_action, record,"
                           " detail, applied, quarantined, quarantine_reason FROM %1"
                           " WHERE quarantined AND created >= $1::timestamp AND created < $2::timestamp"
                           " ORDER BY id");
        const auto rowsOf = [&](const QString& table) {
            QStringList rows;
            const PgResult r = db->exec(rowText.arg(table), {utcParam(lo), utcParam(hi)});
            for (int i = 0; i < r.rows(); ++i) {
                QStringList cells;
                for (int c = 0; c < r.columns(); ++c)
                    cells << (r.isNull(i, c) ? QStringLiteral("NULL") : r.text(i, c));
                rows << cells.join(QLatin1Char('|'));
            }
            return rows;
        };
        const QStringList quarantinedBefore = rowsOf(QStringLiteral("kudos_stat_events"));
        QVERIFY(quarantinedBefore.size() >= 7); // the generator quarantines a few rows of its own

        // The independent fold: every non-quarantined row of the range, keyed by day and attribution.
        struct Fold {
            qint64 sum = 0, rows = 0, lowest = 0, highest = 0;
            QString newest;
        };
        QHash<QString, Fold> expected;
        const PgResult rows = db->exec(
            QStringLiteral(
                "SELECT created::date::text, concat_ws('|', entry_type, unit, coalesce(stat_action, '~'),"
                " coalesce(record, '~'), coalesce(wp_type, '~'), coalesce(user_id::text, '~'),"
                " coalesce(worker_id::text, '~'), coalesce(worker_user_id::text, '~'),"
                " coalesce(team_id::text, '~')), amount::text, created::text FROM kudos_stat_events"
                " WHERE created >= $1::timestamp AND created < $2::timestamp AND NOT quarantined"),
            {utcParam(lo), utcParam(hi)});
        QVERIFY(rows.rows() > 1000);
        for (int i = 0; i < rows.rows(); ++i) {
            Fold& f = expected[rows.text(i, 0) + QLatin1Char('|') + rows.text(i, 1)];
            const qint64 amount = centsFromText(rows.text(i, 2));
            f.lowest = f.rows == 0 ? amount : std::min(f.lowest, amount);
            f.highest = f.rows == 0 ? amount : std::max(f.highest, amount);
            f.sum += amount;
            ++f.rows;
            f.newest = std::max(f.newest, rows.text(i, 3));
        }

        for (int attempt = 0; attempt < 2; ++attempt) {
            db->exec(QStringLiteral("BEGIN"));
            const RollupResult result = StatRollup(*db).rollUp(QStringLiteral("kudos_stat_events_initial"),
                                                               lo, hi, kudosAllEligible());
            db->exec(QStringLiteral("COMMIT"));
            QCOMPARE(result.rows, qint64(rows.rows()));
            QCOMPARE(result.quarantined, attempt == 0 ? qint64(quarantinedBefore.size()) : 0);
            const PgResult written = db->exec(QStringLiteral(
                "SELECT day::text, concat_ws('|', entry_type, unit, coalesce(stat_action, '~'), "
                "coalesce(record, '~'),"
                " coalesce(wp_type, '~'), coalesce(user_id::text, '~'), coalesce(worker_id::text, '~'),"
                " coalesce(worker_user_id::text, '~'), coalesce(team_id::text, '~')), amount_sum::text, "
                "row_count,"
                " amount_min::text, amount_max::text, created_max::text FROM kudos_stat_rollups"));
            QCOMPARE(written.rows(), int(expected.size()));
            for (int i = 0; i < written.rows(); ++i) {
                const QString key = written.text(i, 0) + QLatin1Char('|') + written.text(i, 1);
                QVERIFY2(expected.contains(key), qPrintable(key));
                const Fold& f = expected[key];
                QCOMPARE(centsFromText(written.text(i, 2)), f.sum);
                QCOMPARE(written.toLong(i, 3), f.rows);
                QCOMPARE(centsFromText(written.text(i, 4)), f.lowest);
                QCOMPARE(centsFromText(written.text(i, 5)), f.highest);
                QCOMPARE(written.text(i, 6), f.newest);
            }
        }
        QCOMPARE(rowsOf(QStringLiteral("kudos_stat_quarantine")), quarantinedBefore);
        QVERIFY(rowsOf(QStringLiteral("kudos_stat_events")).isEmpty());
    }

    void aRangeWithAnUnappliedRowIsNotRolledUpOrCheckpointed() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_unapplied")));
        // The generator leaves its last hours unapplied: they are in the week before kudosEnd().
        const Micros lo = kudosEnd() - 7 * kMicrosPerDay;
        const Micros hi = kudosEnd();
        QVERIFY(db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger WHERE NOT applied")).toLong(0, 0) >
                0);
        db->exec(QStringLiteral("BEGIN"));
        QVERIFY_THROWS_EXCEPTION(Error, StatRollup(*db).rollUp(QStringLiteral("kudos_stat_events_initial"),
                                                               lo, kudosBoundary(), kudosAllEligible()));
        db->rollbackQuietly();
        db->exec(QStringLiteral("UPDATE kudos_checkpoint_state SET boundary = $1::timestamp"),
                 {utcParam(lo)});
        db->exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ"));
        try {
            LedgerCheckpoint(*db).checkpoint(QStringLiteral("kudos_ledger_initial"), lo, hi);
            QFAIL("a range with unapplied rows was checkpointed");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY2(e.message().contains(QLatin1String("unapplied")), qPrintable(e.message()));
        }
        db->rollbackQuietly();
    }

    // A whole round: every range of the first partition reaches `dropped`, nothing is lost: checkpoint plus
    // tail equals the all-time sums, statistic totals survive in rollups, the statement equals the rows.
    void aFullRoundKeepsEverySum() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_round")));
        applyEverything(*db);
        const Sums currency = allTimeCurrency(*db);
        const Sums statistics = statisticTotals(*db);
        const QString statementBefore = statementOf(*db, 7);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        const RetentionReport report =
            RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).run(kudosAllEligible());
        QVERIFY2(report.alerts.empty(),
                 report.alerts.empty() ? "" : qPrintable(report.alerts.front().message));
        QVERIFY(report.remaining.empty());
        QVERIFY(!db->relationExists(QStringLiteral("kudos_ledger_initial")));
        QVERIFY(!db->relationExists(QStringLiteral("kudos_stat_events_initial")));
        QCOMPARE(
            db->exec(QStringLiteral("SELECT count(*) FROM kudos_retention_catalog WHERE kind = 'subrange'"
                                    " AND state <> 'dropped'"))
                .toLong(0, 0),
            0);
        QCOMPARE(withoutZeros(checkpointPlusTail(*db)), withoutZeros(currency));
        QCOMPARE(statisticTotals(*db), statistics);
        QCOMPARE(statementOf(*db, 7), statementBefore);
        // A second run finds nothing to do.
        const RetentionReport again =
            RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).run(kudosAllEligible());
        QVERIFY(again.done.empty());
    }

    // Drift that existed when the checkpoints were taken stays visible after the rows are gone, against a
    // legacy snapshot (taken before any checkpoint) and against a new one.
    void driftAtCheckpointTimeIsStillReported() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_drift")));
        applyEverything(*db);
        const auto before = Reconciliation(*db, true).run(std::nullopt, kudosAllEligible());
        QVERIFY(before.snapshot.has_value());
        db->exec(QStringLiteral("UPDATE users SET kudos = kudos + 5 WHERE id = 3"));
        const auto drifted = Reconciliation(*db, true).run(std::nullopt, kudosAllEligible());
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).run(kudosAllEligible());
        QVERIFY(!db->relationExists(QStringLiteral("kudos_ledger_initial")));
        const auto after = Reconciliation(*db, true).run(std::nullopt, kudosAllEligible());
        QCOMPARE(after.usersDrifting, drifted.usersDrifting);
        QCOMPARE(after.totalDrift, drifted.totalDrift);
        bool found = false;
        for (const ReconciliationDrift& d : after.drifting)
            if (d.userId == 3) {
                found = true;
                QCOMPARE(d.actualBalance - d.expectedBalance, [&] {
                    for (const ReconciliationDrift& b : before.drifting)
                        if (b.userId == 3)
                            return b.actualBalance - b.expectedBalance;
                    return qint64(0);
                }() + 500);
            }
        QVERIFY(found);
    }

    void anUnappliedRowIsAnIncidentAndStopsItsRange() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_incident")));
        db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true"));
        const qint64 unapplied =
            db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger WHERE NOT applied")).toLong(0, 0);
        QVERIFY(unapplied > 0);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        const RetentionReport report =
            RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).run(kudosAllEligible());
        QCOMPARE(report.incidents.size(), size_t(1));
        QCOMPARE(report.incidents.front().rows, unapplied);
        QCOMPARE(report.incidents.front().dataset, RetentionDataset::Currency);
        bool alerted = false;
        for (const RetentionAlert& a : report.alerts)
            alerted = alerted || (a.dataset == RetentionDataset::Currency &&
                                  a.cause == RetentionAlert::Cause::UnappliedRows);
        QVERIFY(alerted);
        QVERIFY(db->relationExists(QStringLiteral("kudos_ledger_initial")));
        QVERIFY(!db->relationExists(QStringLiteral("kudos_stat_events_initial"))); // statistics went on
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger WHERE NOT applied")).toLong(0, 0),
                 unapplied);
    }

    // The manifest disappears after verification: the drop re-checks and refuses; the partition stays.
    void theDropIsRefusedWhileTheManifestCannotBeChecked() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_manifest")));
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        RetentionOptions options = kudosRehearsal();
        bool removed = false;
        options.onCommit = [&](const RetentionAction& action, FaultPoint point) {
            if (!removed && point == FaultPoint::AfterCommit && action.to == QLatin1String("verified") &&
                action.entry.hi == kudosBoundary()) {
                for (const auto& object : store->list(QStringLiteral("currency/")))
                    if (object.key.endsWith(QLatin1String(".manifest.json")) && !removed)
                        removed = QFile::remove(dir.filePath(object.key));
            }
        };
        const RetentionReport report =
            RetentionJob(*db, store.get(), kudosTestSettings(), options).run(kudosAllEligible());
        QVERIFY(removed);
        QVERIFY(db->relationExists(QStringLiteral("kudos_ledger_initial")));
        bool alerted = false;
        for (const RetentionAlert& a : report.alerts)
            alerted = alerted || (a.dataset == RetentionDataset::Currency &&
                                  a.cause == RetentionAlert::Cause::VerificationFailed &&
                                  a.message.contains(QLatin1String("manifest")));
        QVERIFY(alerted);
    }

    void anUploadOverBudgetStopsOnlyItsTier() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_budget")));
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        KudosSettings settings = kudosTestSettings();
        settings.currencyBudgetBytes = 2000;
        const RetentionReport report =
            RetentionJob(*db, store.get(), settings, kudosRehearsal()).run(kudosAllEligible());
        bool alerted = false;
        for (const RetentionAlert& a : report.alerts)
            alerted = alerted || (a.dataset == RetentionDataset::Currency &&
                                  a.cause == RetentionAlert::Cause::OverBudget &&
                                  a.message.contains(QLatin1String("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES")));
        QVERIFY(alerted);
        QVERIFY(store->list(QStringLiteral("currency/")).empty());
        QVERIFY(db->relationExists(QStringLiteral("kudos_ledger_initial")));
        QVERIFY(!db->relationExists(QStringLiteral("kudos_stat_events_initial")));
        QVERIFY(!store->list(QStringLiteral("statistics/")).empty());
    }

    // Without a reachable archive: statistics roll up, currency waits, and writes and the projector go on
    // while the job holds its transactions open.
    void anUnavailableArchiveLeavesWritesProjectionAndRollups() {
        const QString conninfo = swappedKudosDatabase(QStringLiteral("kudos_noarchive"));
        auto db = openKudos(conninfo);
        db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true"));
        auto writer = openKudos(conninfo);
        writer->exec(QStringLiteral("SET statement_timeout = '3s'"));
        int writes = 0;
        RetentionOptions options = kudosRehearsal();
        options.onCommit = [&](const RetentionAction&, FaultPoint point) {
            if (point != FaultPoint::BeforeCommit)
                return;
            writer->exec(
                QStringLiteral("INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, amount,"
                               " applied) VALUES ($1::timestamp, gen_random_uuid(), 'AWARD', 1, 1, false)"),
                {utcParam(kudosAllEligible())});
            writer->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
            ++writes;
        };
        RetentionJob job(*db, nullptr, kudosTestSettings(), options);
        job.setStoreProblem(QStringLiteral("s3://test: connection refused"));
        const RetentionReport report = job.run(kudosAllEligible());
        QVERIFY(writes > 0);
        QCOMPARE(db->exec(QStringLiteral(
                              "SELECT count(*) FROM kudos_retention_catalog WHERE dataset = 'statistics'"
                              " AND kind = 'subrange' AND state <> 'rolled_up'"))
                     .toLong(0, 0),
                 0);
        QCOMPARE(
            db->exec(QStringLiteral("SELECT count(*) FROM kudos_retention_catalog WHERE dataset = 'currency'"
                                    " AND state <> 'pending'"))
                .toLong(0, 0),
            0);
        QVERIFY(!report.alerts.empty());
        for (const RetentionAlert& a : report.alerts)
            QVERIFY(a.retryable());
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger WHERE NOT applied")).toLong(0, 0),
                 0);
    }

    // A second job started while the first works (from inside its transaction) finds the lock taken and
    // does nothing; the first finishes.
    void twoJobsAtOnceOneWorks() {
        const QString conninfo = swappedKudosDatabase(QStringLiteral("kudos_twojobs"));
        auto db = openKudos(conninfo);
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        auto otherDb = openKudos(conninfo);
        std::optional<RetentionReport> second;
        RetentionOptions options = kudosRehearsal();
        options.onCommit = [&](const RetentionAction&, FaultPoint point) {
            if (!second && point == FaultPoint::BeforeCommit)
                second = RetentionJob(*otherDb, store.get(), kudosTestSettings(), kudosRehearsal())
                             .run(kudosAllEligible());
        };
        const RetentionReport first =
            RetentionJob(*db, store.get(), kudosTestSettings(), options).run(kudosAllEligible());
        QVERIFY(second.has_value());
        QVERIFY(second->lockBusy);
        QVERIFY(second->done.empty());
        QVERIFY(!first.lockBusy);
        QVERIFY(first.remaining.empty());
        QVERIFY(!db->relationExists(QStringLiteral("kudos_ledger_initial")));
    }

    // The process dies around every state change in turn, once before its commit and once after (and a drop
    // also between its detach and its DROP); a new job resumes each time. The sums never change and nothing
    // is dropped before its replacement is complete.
    void aCrashAtEveryTransitionResumes() {
        const QString conninfo = swappedKudosDatabase(QStringLiteral("kudos_faults"));
        Sums currency, statistics;
        {
            auto db = openKudos(conninfo);
            applyEverything(*db);
            currency = withoutZeros(allTimeCurrency(*db));
            statistics = statisticTotals(*db);
        }
        QTemporaryDir dir;
        int crashes = 0;
        int commitCrashes = 0; // alternates the point, so that each action dies once before and once after
        QSet<QString> crashedAt;
        for (int round = 0; round < 400; ++round) {
            auto db = openKudos(conninfo);
            auto store = directoryArchive(dir);
            const FaultPoint point =
                commitCrashes % 2 == 0 ? FaultPoint::BeforeCommit : FaultPoint::AfterCommit;
            RetentionOptions options = kudosRehearsal();
            options.onCommit = [&](const RetentionAction& action, FaultPoint at) {
                // Each drop also dies once right after its detach.
                const bool firstDetach =
                    at == FaultPoint::AfterDetach &&
                    !crashedAt.contains(QStringLiteral("detached ") + action.entry.partition);
                if (firstDetach)
                    crashedAt.insert(QStringLiteral("detached ") + action.entry.partition);
                if (at != point && !firstDetach)
                    return;
                commitCrashes += firstDetach ? 0 : 1;
                crashedAt.insert(action.to + (at == FaultPoint::BeforeCommit  ? QStringLiteral(" before")
                                              : at == FaultPoint::AfterCommit ? QStringLiteral(" after")
                                                                              : QStringLiteral(" detached")));
                throw SimulatedCrash{};
            };
            bool crashed = false;
            try {
                RetentionJob(*db, store.get(), kudosTestSettings(), options).run(kudosAllEligible());
            } catch (const SimulatedCrash&) {
                crashed = true;
                ++crashes;
            }
            db.reset(); // the process is gone: its open transaction and its session lock with it
            auto check = openKudos(conninfo);
            QCOMPARE(withoutZeros(checkpointPlusTail(*check)), currency);
            QCOMPARE(statisticTotals(*check), statistics);
            // Nothing dropped early: a dropped range has its replacement (and currency its verified object).
            const PgResult dropped = check->exec(QStringLiteral(
                "SELECT dataset, count(*) FILTER (WHERE archive_key IS NULL AND dataset = 'currency') FROM"
                " kudos_retention_catalog WHERE state = 'dropped' GROUP BY 1"));
            for (int i = 0; i < dropped.rows(); ++i)
                QCOMPARE(dropped.toLong(i, 1), 0);
            if (!crashed)
                break;
        }
        auto db = openKudos(conninfo);
        QVERIFY(!db->relationExists(QStringLiteral("kudos_ledger_initial")));
        QVERIFY(!db->relationExists(QStringLiteral("kudos_stat_events_initial")));
        for (const QString& to :
             {QStringLiteral("rolled_up"), QStringLiteral("dumped"), QStringLiteral("checkpointed"),
              QStringLiteral("stated"), QStringLiteral("exported"), QStringLiteral("verified"),
              QStringLiteral("dropped")})
            for (const QString& when : {QStringLiteral(" before"), QStringLiteral(" after")})
                QVERIFY2(crashedAt.contains(to + when), qPrintable(to + when));
        QVERIFY(crashedAt.contains(QStringLiteral("dropped detached"))); // between the detach and the DROP
        QVERIFY(crashedAt.contains(QStringLiteral("detached kudos_ledger_initial")));
        QVERIFY(crashedAt.contains(QStringLiteral("detached kudos_stat_events_initial")));
        QVERIFY(crashes > 20);
        qInfo("%d crashes, each resumed", crashes);
    }

    // Checkpoints rebuilt from the rows still online keep the sums and raise the generation; a snapshot taken
    // before is refused, a new one is accepted.
    void aRebuildRaisesTheGenerationAndRefusesOlderSnapshots() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_rebuild")));
        applyEverything(*db);
        const Sums currency = withoutZeros(allTimeCurrency(*db));
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        RetentionJob job(*db, store.get(), kudosTestSettings(), kudosRehearsal());
        for (int i = 0; i < 6; ++i) // a few ranges checkpointed and stated, none dropped
            job.step(kudosAllEligible());
        QVERIFY(db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger_checkpoints")).toLong(0, 0) > 0);
        const QUuid before = Reconciliation(*db, true).takeSnapshot(kudosAllEligible());
        const PgResult boundary =
            db->exec(QStringLiteral("SELECT boundary::text FROM kudos_checkpoint_state"));
        QCOMPARE(LedgerCheckpoint(*db).rebuild(), 1);
        QCOMPARE(db->exec(QStringLiteral("SELECT boundary::text FROM kudos_checkpoint_state")).text(0, 0),
                 boundary.text(0, 0));
        QCOMPARE(withoutZeros(checkpointPlusTail(*db)), currency);
        try {
            Reconciliation(*db, true).run(before, kudosAllEligible());
            QFAIL("a snapshot from before the rebuild was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
        }
        const QUuid after = Reconciliation(*db, true).takeSnapshot(kudosAllEligible());
        QCOMPARE(Reconciliation(*db, true).run(after, kudosAllEligible()).usersDrifting, 0);
    }

    void aDryRunChangesNothing() {
        auto db = openKudos(swappedKudosDatabase(QStringLiteral("kudos_dryrun")));
        RetentionOptions options = kudosRehearsal();
        options.dryRun = true;
        const RetentionReport report =
            RetentionJob(*db, nullptr, kudosTestSettings(), options).run(kudosAllEligible());
        QVERIFY(!report.remaining.empty());
        QVERIFY(report.done.empty());
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM kudos_retention_catalog")).toLong(0, 0), 0);
    }

  private:
    static QString statementOf(PgConnection& db, int user) {
        QStringList lines;
        for (const StatementLine& l : LedgerStatements(db).statement(user, std::nullopt, std::nullopt))
            lines << QStringLiteral("%1 %2 %3 %4 %5")
                         .arg(formatIsoTimestamp(l.day), l.entryType)
                         .arg(l.escrow)
                         .arg(l.amountCents)
                         .arg(l.rows);
        return lines.join(QLatin1Char('\n'));
    }
};

QTEST_GUILESS_MAIN(TestKudosRetention)
#include "test_kudosretention.moc"
