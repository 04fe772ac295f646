#include "archivefixtures.h"
#include "archivestore.h"
#include "clirunner.h"
#include "kudosdataset.h"
#include "kudostestdata.h"
#include "pgconnection.h"
#include "retentioncatalog.h"
#include "retentionjob.h"
#include "taskfeedback.h"
#include "taskmanager.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::kudos;
using namespace tidemark::test;

namespace {

// The kudos dataset as the console holds it, on its own copy of the swapped test database.
struct Console {
    TaskManager tasks;
    KudosDataset dataset{&tasks};

    Console(const QString& conninfo, const QString& archiveUrl, Micros now = kudosAllEligible()) {
        dataset.setClock([now] { return now; }, true);
        dataset.setSettings(kudosTestSettings());
        QSignalSpy loaded(&dataset, &KudosDataset::loaded);
        dataset.setConnection(conninfo, archiveUrl);
        if (!loaded.wait(120000))
            qFatal("the kudos dataset did not load");
    }
    RetentionReport round(bool oneStep, bool dryRun) {
        QSignalSpy finished(&dataset, &KudosDataset::roundFinished);
        if (!dataset.startRound(oneStep, dryRun) || !finished.wait(180000))
            qFatal("the kudos round did not finish");
        return dataset.lastReport();
    }
};

// "dataset partition from -> to" of an action, as both front ends name it.
QString actionOf(const QJsonObject& a) {
    return QStringLiteral("%1 %2 %3 %4 -> %5")
        .arg(a.value(QStringLiteral("dataset")).toString(), a.value(QStringLiteral("partition")).toString(),
             a.value(QStringLiteral("lo")).toString(), a.value(QStringLiteral("from")).toString(),
             a.value(QStringLiteral("to")).toString());
}
QString actionOf(const RetentionAction& a) {
    return QStringLiteral("%1 %2 %3 %4 -> %5")
        .arg(datasetName(a.entry.dataset), a.entry.partition, formatIsoTimestamp(a.entry.lo), a.entry.state,
             a.to);
}

QStringList cliActions(const QJsonObject& json, const QString& key) {
    QStringList out;
    for (const QJsonValue& v : json.value(key).toArray()) {
        const QJsonObject o = v.toObject();
        out << actionOf(o) + (key == QLatin1String("done")
                                  ? QStringLiteral(" %1 rows=%2")
                                        .arg(o.value(QStringLiteral("state")).toString())
                                        .arg(o.value(QStringLiteral("rows")).toInteger())
                                  : QString());
    }
    return out;
}
QStringList jobDone(const RetentionReport& report) {
    QStringList out;
    for (const RetentionStepResult& s : report.done)
        out << actionOf(s.action) + QStringLiteral(" %1 rows=%2").arg(s.state).arg(s.rows);
    return out;
}
QStringList jobRemaining(const RetentionReport& report) {
    QStringList out;
    for (const RetentionAction& a : report.remaining)
        out << actionOf(a);
    return out;
}

void applyAll(const QString& conninfo) {
    auto db = openKudos(conninfo);
    db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
    db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
}

} // namespace

// The kudos jobs run by both front ends: `tidemark-cli kudos retain | reconcile` as a process and the
// console's KudosDataset (a real TaskManager) on copies of the same data give the same report; a cancel
// during one step stops at its next unit and reports what was committed.
class TestKudosJobs : public QObject {
    Q_OBJECT

    static QJsonObject json(const CliRun& run) { return QJsonDocument::fromJson(run.out.toUtf8()).object(); }

  private slots:
    // A dry run, one step, then the rest of the round: the same actions, rows, alerts and exit status.
    void retainGivesTheSameReportFromBothFrontEnds() {
        const QString cliDb = swappedKudosDatabase(QStringLiteral("kudosjobs_retain_cli"));
        const QString consoleDb = swappedKudosDatabase(QStringLiteral("kudosjobs_retain_console"));
        applyAll(cliDb);
        applyAll(consoleDb);
        QTemporaryDir cliArchive, consoleArchive;
        Console console(consoleDb, initialisedArchiveFolder(consoleArchive.path()));
        const QStringList common{QStringLiteral("kudos"),
                                 QStringLiteral("retain"),
                                 QStringLiteral("--db"),
                                 cliDb,
                                 QStringLiteral("--now"),
                                 formatIsoTimestamp(kudosAllEligible()),
                                 QStringLiteral("--archive"),
                                 initialisedArchiveFolder(cliArchive.path()),
                                 QStringLiteral("--allow-clock-ahead"),
                                 QStringLiteral("--json")};
        for (const QStringList& options : {QStringList{QStringLiteral("--dry-run")},
                                           QStringList{QStringLiteral("--once")}, QStringList{}}) {
            const CliRun run = runCli(common + options);
            const RetentionReport report = console.round(options.contains(QStringLiteral("--once")),
                                                         options.contains(QStringLiteral("--dry-run")));
            QVERIFY2(run.exitCode == report.exitCode(), qPrintable(run.err));
            const QJsonObject cli = json(run);
            QCOMPARE(cliActions(cli, QStringLiteral("done")), jobDone(report));
            QCOMPARE(cliActions(cli, QStringLiteral("remaining")), jobRemaining(report));
            QCOMPARE(cli.value(QStringLiteral("alerts")).toArray().size(), qsizetype(report.alerts.size()));
            QCOMPARE(cli.value(QStringLiteral("cancelled")).toBool(), report.cancelled);
            QCOMPARE(cli.value(QStringLiteral("dry_run")).toBool(), report.dryRun);
            QCOMPARE(cli.value(QStringLiteral("catalog_rows_added")).toInt(), report.catalogRowsAdded);
            if (options.isEmpty())
                QVERIFY(report.done.size() > 4);
            else if (options.contains(QStringLiteral("--once")))
                QCOMPARE(report.done.size(), std::size_t(1));
            else
                QVERIFY(report.done.empty() && !report.remaining.empty());
        }
    }

    // Without an archive both say so in the same words and exit "retry"; the rollups go on.
    void withoutAnArchiveBothWaitAlike() {
        const QString cliDb = swappedKudosDatabase(QStringLiteral("kudosjobs_noarchive_cli"));
        const QString consoleDb = swappedKudosDatabase(QStringLiteral("kudosjobs_noarchive_console"));
        applyAll(cliDb);
        applyAll(consoleDb);
        Console console(consoleDb, QString());
        const CliRun run = runCli({QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--db"),
                                   cliDb, QStringLiteral("--now"), formatIsoTimestamp(kudosAllEligible()),
                                   QStringLiteral("--allow-clock-ahead"), QStringLiteral("--json")},
                                  {{QStringLiteral("TIDEMARK_ARCHIVE_URL"), QString()}});
        const RetentionReport report = console.round(false, false);
        QCOMPARE(run.exitCode, 75);
        QCOMPARE(report.exitCode(), 75);
        QCOMPARE(cliActions(json(run), QStringLiteral("done")), jobDone(report));
        QStringList messages;
        for (const QJsonValue& v : json(run).value(QStringLiteral("alerts")).toArray())
            messages << v.toObject().value(QStringLiteral("message")).toString();
        QStringList consoleMessages;
        for (const RetentionAlert& a : report.alerts)
            consoleMessages << a.message;
        QCOMPARE(messages, consoleMessages);
        QVERIFY2(messages.join(QLatin1Char(' ')).contains(QLatin1String("no archive is configured")),
                 qPrintable(messages.join(QLatin1Char(' '))));
    }

    // Take a snapshot and reconcile, then a hand-made drift repaired: the same figures from both.
    void reconcileGivesTheSameReportFromBothFrontEnds() {
        const QString cliDb = swappedKudosDatabase(QStringLiteral("kudosjobs_reconcile_cli"));
        const QString consoleDb = swappedKudosDatabase(QStringLiteral("kudosjobs_reconcile_console"));
        Console console(consoleDb, QString(), kudosEnd());
        const QStringList common{QStringLiteral("kudos"),
                                 QStringLiteral("reconcile"),
                                 QStringLiteral("--db"),
                                 cliDb,
                                 QStringLiteral("--now"),
                                 formatIsoTimestamp(kudosEnd()),
                                 QStringLiteral("--allow-clock-ahead"),
                                 QStringLiteral("--json")};
        const auto reconcile = [&](const KudosReconcileOptions& options) {
            QSignalSpy done(&console.dataset, &KudosDataset::reconciled);
            console.dataset.reconcile(options);
            if (!done.wait(120000))
                qFatal("the reconciliation did not finish");
            return console.dataset.lastReconcile();
        };
        KudosReconcileOptions take;
        take.takeSnapshot = true;
        const CliRun first = runCli(common + QStringList{QStringLiteral("--take-snapshot")});
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        const KudosReconcileReport taken = reconcile(take);
        QVERIFY(taken.takenSnapshot.has_value());
        QCOMPARE(json(first).value(QStringLiteral("users_checked")).toInteger(),
                 taken.reconciliation.usersChecked);
        QVERIFY(taken.reconciliation.usersChecked > 0);
        for (const QString& db : {cliDb, consoleDb})
            openKudos(db)->exec(QStringLiteral("UPDATE users SET kudos = kudos + 5 WHERE id = 3"));
        KudosReconcileOptions repair;
        repair.apply = true;
        const CliRun applied = runCli(common + QStringList{QStringLiteral("--apply")});
        QVERIFY2(applied.exitCode == 0, qPrintable(applied.err));
        const KudosReconcileReport repaired = reconcile(repair);
        const QJsonObject cli = json(applied);
        QCOMPARE(cli.value(QStringLiteral("users_drifting")).toInteger(),
                 repaired.reconciliation.usersDrifting);
        QCOMPARE(repaired.reconciliation.usersDrifting, qint64(1));
        QCOMPARE(cli.value(QStringLiteral("total_drift")).toString(), QStringLiteral("5.00"));
        QCOMPARE(repaired.reconciliation.totalDrift, qint64(500));
        QVERIFY(repaired.applied.has_value());
        QCOMPARE(cli.value(QStringLiteral("repaired")).toInteger(), repaired.applied->repaired);
        QCOMPARE(repaired.applied->repaired, qint64(1));
        QCOMPARE(cli.value(QStringLiteral("cancelled")).toBool(), repaired.cancelled);
    }

    // A cancel while the objects of a drop are read back (one step, the units of its action) stops before
    // the drop: nothing of the action committed, no error recorded, the report says cancelled and holds what
    // was done before (here: nothing but the housekeeping).
    void aCancelDuringOneStepStopsAtItsNextUnit() {
        const QString conninfo = swappedKudosDatabase(QStringLiteral("kudosjobs_cancel"));
        applyAll(conninfo);
        QTemporaryDir dir;
        auto db = openKudos(conninfo);
        auto store = directoryArchive(dir);
        const auto states = [&] {
            QStringList out;
            for (const CatalogEntry& e : RetentionCatalog(*db).entries())
                out << QStringLiteral("%1 %2 %3 %4")
                           .arg(datasetName(e.dataset), e.partition)
                           .arg(e.lo)
                           .arg(e.state + (e.error.isEmpty() ? QString() : QStringLiteral(" error")));
            return out;
        };
        bool cancelled = false;
        for (int step = 0; step < 100 && !cancelled; ++step) {
            TaskFeedback feedback;
            feedback.setSink([&feedback](const TaskProgress& progress) {
                if (progress.stage.contains(QLatin1String("before the drop")))
                    feedback.cancel();
            });
            const QStringList before = states();
            const RetentionReport report =
                RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal())
                    .step(kudosAllEligible(), feedback);
            if (!feedback.isCancelled()) {
                QCOMPARE(report.done.size(), std::size_t(1));
                continue;
            }
            cancelled = true;
            QVERIFY(report.cancelled);
            QVERIFY(report.done.empty());
            QVERIFY(report.alerts.empty());
            QCOMPARE(states(), before);
            QCOMPARE(report.exitCode(), 75); // what it did is committed, the rest waits for the next run
        }
        QVERIFY(cancelled); // a currency drop was reached and cancelled
        // Run again without a cancel: the drop goes on from where it stopped.
        const RetentionReport again =
            RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).step(kudosAllEligible());
        QCOMPARE(again.done.size(), std::size_t(1));
        QCOMPARE(again.done.front().state, QStringLiteral("dropped"));
    }
};

QTEST_GUILESS_MAIN(TestKudosJobs)
#include "test_kudosjobs.moc"
