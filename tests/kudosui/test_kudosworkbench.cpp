#include "archivefixtures.h"
#include "budgetpanel.h"
#include "kudoscapacitypanel.h"
#include "kudosdataset.h"
#include "kudosroundpanel.h"
#include "kudostestdata.h"
#include "kudosworkbench.h"
#include "kudosworkbenchfixture.h"
#include "partitionstatusmodel.h"
#include "partitiontimeline.h"
#include "pgconnection.h"
#include "quarantinemodel.h"
#include "reconciliationmodel.h"
#include "reconciliationpanel.h"
#include "retentioncatalog.h"
#include "retentionissuemodel.h"
#include "screenshots.h"
#include "taskmanager.h"
#include "timechart.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QMap>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace tidemark;
using tidemark::test::saveScreenshot;
using namespace tidemark::kudos;
using tidemark::ui::KudosRoundPanel;
using tidemark::ui::KudosWorkbench;

namespace {

// The workbench (kudosworkbenchfixture.h) with what these tests read back.
struct Console : test::KudosWorkbenchFixture {
    Console(const QString& name, const QString& archiveUrl)
        : KudosWorkbenchFixture(name, archiveUrl, QSize(1500, 900)) {}
    bool reload() {
        QSignalSpy loaded(&dataset, &KudosDataset::loaded);
        dataset.reload();
        return loaded.wait(60000);
    }
    // The catalog as "dataset lo hi" -> state.
    QMap<QString, QString> catalog() const {
        auto db = test::openKudos(conninfo);
        QMap<QString, QString> states;
        for (const CatalogEntry& e : RetentionCatalog(*db).entries())
            states.insert(QStringLiteral("%1 %2 %3").arg(datasetName(e.dataset)).arg(e.lo).arg(e.hi),
                          e.state);
        return states;
    }
    std::vector<CatalogEntry> entries() const {
        auto db = test::openKudos(conninfo);
        return RetentionCatalog(*db).entries();
    }
    int taskRow() const { return tasks.tasks()->rowOf(workbench.roundTask()); }
    // The projector has caught up: no unapplied row stops a rollup or a checkpoint.
    void applyAll() const {
        auto db = test::openKudos(conninfo);
        db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
        db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
    }
};

QString fileArchive(const QTemporaryDir& dir) {
    return test::initialisedArchiveFolder(dir.path() + QStringLiteral("/archive"));
}

} // namespace

class TestKudosWorkbench : public QObject {
    Q_OBJECT
  private slots:
    // Preview is a dry run whose plan the Round area lists; Run after it confirms the plan's counts and
    // applies it: the round's actions are the preview's, one for one. Run then is a round again.
    void previewThenRunAppliesThePlan() {
        QTemporaryDir dir;
        Console console(QStringLiteral("kudosui_preview"), fileArchive(dir));
        console.applyAll();
        const QMap<QString, QString> before = console.catalog();
        QSignalSpy finished(&console.workbench, &KudosWorkbench::roundFinished);
        QVERIFY(console.workbench.roundPanel()->previewButton()->isEnabled());
        QTest::mouseClick(console.workbench.roundPanel()->previewButton(), Qt::LeftButton);
        QVERIFY(finished.wait(120000));
        QVERIFY(console.dataset.preview().has_value());
        const KudosPlanUnits plan = *console.dataset.preview();
        QVERIFY(plan.actions.size() > 4);
        QCOMPARE(console.workbench.roundPanel()->planRows(), int(plan.actions.size()));
        QCOMPARE(console.catalog(), before); // a preview changes nothing
        // The dry run ended: its bar is full, the line says so, and its report says what a run would do.
        KudosRoundPanel* panel = console.workbench.roundPanel();
        QCOMPARE(panel->findChild<QProgressBar*>()->value(), panel->findChild<QProgressBar*>()->maximum());
        QVERIFY2(panel->progressText().contains(QStringLiteral("dry run is done")),
                 qPrintable(panel->progressText()));
        const QString dryReport = panel->reportText();
        QVERIFY2(dryReport.contains(QStringLiteral("would be added to the catalog")) &&
                     !dryReport.contains(QStringLiteral("range(s) added to the catalog")) &&
                     !dryReport.contains(QStringLiteral("action(s) done")),
                 qPrintable(dryReport));
        saveScreenshot(&console.workbench, QStringLiteral("kudos-workbench-preview"));

        QString question;
        console.workbench.setConfirmation([&](const QString& q) {
            question = q;
            return true;
        });
        finished.clear();
        QTest::mouseClick(console.workbench.roundPanel()->runButton(), Qt::LeftButton);
        QVERIFY(finished.wait(180000));
        QVERIFY2(question.contains(QStringLiteral("roll up")) && question.contains(QStringLiteral("drop")),
                 qPrintable(question));
        const RetentionReport& report = console.workbench.lastReport();
        QVERIFY(report.applied);
        QCOMPARE(report.unitOutcomes.size(), plan.actions.size());
        QCOMPARE(report.done.size(), plan.actions.size());
        for (size_t i = 0; i < plan.actions.size(); ++i) {
            QCOMPARE(report.done[i].action.entry.partition, plan.actions[i].action.entry.partition);
            QCOMPARE(report.done[i].action.entry.lo, plan.actions[i].action.entry.lo);
            QCOMPARE(report.done[i].action.to, plan.actions[i].action.to);
            QCOMPARE(report.unitOutcomes[i].status, PlanUnitOutcome::Status::Applied);
        }
        QVERIFY(!console.dataset.preview().has_value());
        QCOMPARE(console.workbench.roundPanel()->planRows(), 0);
    }

    void loadsTheRangesAndTheTimeline() {
        QTemporaryDir dir;
        Console console(QStringLiteral("kudosui_load"), fileArchive(dir));
        PartitionStatusModel* model = console.dataset.partitions();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model->rowCount() > 2);
        qint64 rows = 0;
        int eligible = 0;
        bool bothTables[2] = {false, false};
        for (const PartitionStatus& s : model->statuses()) {
            rows += s.rows;
            eligible += model->isEligiblePending(s) ? 1 : 0;
            bothTables[int(s.dataset)] = true;
        }
        QVERIFY(rows > 0);
        QVERIFY(eligible > 0);
        QVERIFY(bothTables[0] && bothTables[1]);
        QVERIFY2(console.workbench.summaryText().contains(QStringLiteral("eligible")),
                 qPrintable(console.workbench.summaryText()));
        // The eligible ones say so in the table, and every range has its block in the timeline.
        int eligibleShown = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            eligibleShown += model->index(row, PartitionStatusModel::EligibleColumn)
                                     .data()
                                     .toString()
                                     .contains(QStringLiteral("eligible"))
                                 ? 1
                                 : 0;
            QVERIFY(!console.workbench.timeline()->blockRect(row).isEmpty());
        }
        QVERIFY(eligibleShown >= eligible);
        // A click on a block selects its row in the table.
        const int row = model->rowCount() - 1;
        const QRectF block = console.workbench.timeline()->blockRect(row);
        QCOMPARE(console.workbench.timeline()->rowAt(block.center()), row);
        QTest::mouseClick(console.workbench.timeline(), Qt::LeftButton, {}, block.center().toPoint());
        QCOMPARE(console.workbench.selectedPartition(), row);
        // The archive answered: both tiers are measured (nothing archived yet, no budget).
        QVERIFY2(console.workbench.budgetPanel()
                     ->tierText(RetentionDataset::Currency)
                     .contains(QStringLiteral("no budget")),
                 qPrintable(console.workbench.budgetPanel()->tierText(RetentionDataset::Currency)));
        QVERIFY(!saveScreenshot(&console.workbench, QStringLiteral("kudos-workbench-before-round.png"))
                     .isEmpty());
    }

    // The disclosure is rendered from the settings the job reads.
    void showsTheDisclosureOfTheSettings() {
        TaskManager tasks;
        KudosDataset dataset(&tasks);
        KudosWorkbench workbench(&dataset);
        KudosSettings settings = test::kudosTestSettings();
        settings.currencyWindowDays = 45;
        settings.statsWindowDays = 61;
        dataset.setSettings(settings);
        const QString text = workbench.disclosure()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("45")) && text.contains(QStringLiteral("61")),
                 qPrintable(text));
        dataset.setSettingsError(QStringLiteral("KUDOS_RETENTION_CURRENCY_WINDOW_DAYS must be at least 30"));
        QVERIFY(!workbench.roundPanel()->runButton()->isEnabled());
    }

    // Without a kudos source (no connection, or one whose load failed) Preview, Run round and Step are
    // disabled, their tooltips saying why.
    void refusesRoundsWithoutASource() {
        TaskManager tasks;
        KudosDataset dataset(&tasks);
        KudosWorkbench workbench(&dataset);
        dataset.setSettings(test::kudosTestSettings());
        KudosRoundPanel* panel = workbench.roundPanel();
        const auto refused = [&](const QString& why) {
            for (QPushButton* button : {panel->previewButton(), panel->runButton(), panel->stepButton()})
                if (button->isEnabled() || !button->toolTip().contains(why))
                    return false;
            return true;
        };
        QVERIFY2(refused(QStringLiteral("not connected")), qPrintable(panel->runButton()->toolTip()));
        QSignalSpy failed(&dataset, &KudosDataset::loadFailed);
        dataset.setConnection(QStringLiteral("host=127.0.0.1 port=1 dbname=none connect_timeout=5"),
                              QString(), QStringLiteral("nowhere"));
        QVERIFY(failed.wait(30000));
        QVERIFY2(refused(QStringLiteral("did not load")), qPrintable(panel->runButton()->toolTip()));
    }

    // Step one partition moves exactly one catalog entry exactly one state on.
    void stepsOnePartition() {
        QTemporaryDir dir;
        Console console(QStringLiteral("kudosui_step"), fileArchive(dir));
        QSignalSpy finished(&console.workbench, &KudosWorkbench::roundFinished);
        for (int step = 0; step < 3; ++step) {
            const QMap<QString, QString> before = console.catalog();
            QTest::mouseClick(console.workbench.roundPanel()->stepButton(), Qt::LeftButton);
            QVERIFY(finished.wait(60000));
            QCOMPARE(finished.takeFirst().first().toBool(), true);
            QCOMPARE(console.workbench.lastReport().done.size(), std::size_t(1));
            int moved = 0;
            for (const CatalogEntry& e : console.entries()) {
                const QString key =
                    QStringLiteral("%1 %2 %3").arg(datasetName(e.dataset)).arg(e.lo).arg(e.hi);
                const QString was = before.value(key, QStringLiteral("pending"));
                if (was == e.state)
                    continue;
                ++moved;
                const QStringList order = statesOf(e.dataset);
                QVERIFY2(order.indexOf(e.state) == order.indexOf(was) + 1,
                         qPrintable(was + " -> " + e.state));
            }
            QCOMPARE(moved, 1);
            QCOMPARE(console.workbench.roundPanel()->doneCount(), 1);
        }
    }

    // Run round, pause, resume, finish: the first partition's ranges are dropped, in the database, the table
    // and the timeline.
    void runsAPausedAndResumedRound() {
        QTemporaryDir dir;
        Console console(QStringLiteral("kudosui_round"), fileArchive(dir));
        console.applyAll();
        QSignalSpy finished(&console.workbench, &KudosWorkbench::roundFinished);
        QTest::mouseClick(console.workbench.roundPanel()->runButton(), Qt::LeftButton);
        QVERIFY(console.workbench.isRoundRunning());
        QTest::mouseClick(console.workbench.roundPanel()->pauseButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(console.workbench.roundPanel()->state(), KudosRoundPanel::State::Paused,
                                  10000);
        QTRY_VERIFY_WITH_TIMEOUT(console.tasks.tasks()->isHeld(console.taskRow()), 60000);
        const QMap<QString, QString> held = console.catalog();
        QTest::qWait(300);
        QCOMPARE(console.catalog(), held); // nothing moves while held
        QVERIFY(held.values().count(QStringLiteral("dropped")) == 0);
        QVERIFY(console.workbench.roundPanel()->resumeButton()->isEnabled());
        QTest::mouseClick(console.workbench.roundPanel()->resumeButton(), Qt::LeftButton);
        QVERIFY(finished.wait(180000));
        QCOMPARE(finished.first().first().toBool(), true);
        const RetentionReport& report = console.workbench.lastReport();
        QVERIFY2(report.alerts.empty(),
                 report.alerts.empty() ? "" : qPrintable(report.alerts.front().message));
        QVERIFY(report.done.size() > 4);
        QVERIFY(console.workbench.roundPanel()->reportText().contains(QStringLiteral("action")));
        int subranges = 0;
        for (const CatalogEntry& e : console.entries())
            if (e.subrange) {
                ++subranges;
                QCOMPARE(e.state, QStringLiteral("dropped"));
            }
        QVERIFY(subranges >= 2);
        QVERIFY(console.reload());
        const PartitionStatusModel* model = console.dataset.partitions();
        int droppedShown = 0;
        for (int row = 0; row < model->rowCount(); ++row)
            if (model->at(row).subrange) {
                ++droppedShown;
                QCOMPARE(model->index(row, 0).data(PartitionStatusModel::PhaseRole).toInt(),
                         int(PartitionStatusModel::Phase::Dropped));
                QVERIFY(!console.workbench.timeline()->blockRect(row).isEmpty());
            }
        QCOMPARE(droppedShown, subranges);
        // The archive holds the currency exports now.
        QVERIFY2(!console.workbench.budgetPanel()
                      ->tierText(RetentionDataset::Currency)
                      .startsWith(QStringLiteral("0")),
                 qPrintable(console.workbench.budgetPanel()->tierText(RetentionDataset::Currency)));
        QVERIFY(
            !saveScreenshot(&console.workbench, QStringLiteral("kudos-workbench-after-round.png")).isEmpty());

        // The Capacity area after the round, before any forecast: the archived objects as the catalog
        // records them, counted and summed per tier, and the ranges' rows online, at once.
        console.workbench.areas()->setCurrentWidget(console.workbench.capacityPanel());
        int archivedCurrency = 0;
        for (const CatalogEntry& e : console.entries())
            if (e.dataset == RetentionDataset::Currency && !e.archiveKey.isEmpty())
                ++archivedCurrency;
        QVERIFY(archivedCurrency > 0);
        const ui::TimeChart* known = console.workbench.capacityPanel()->archiveChart();
        QVERIFY(!known->series().empty());
        QCOMPARE(known->series()[0].name, QStringLiteral("currency"));
        QCOMPARE(int(known->series()[0].points.size()), archivedCurrency);
        const QString knownText = console.workbench.capacityPanel()->figuresText();
        QVERIFY2(knownText.contains(QStringLiteral("currency tier: %1 object").arg(archivedCurrency)),
                 qPrintable(knownText));
        QVERIFY(!console.workbench.capacityPanel()->rowsChart()->series().empty());
        QVERIFY(!saveScreenshot(&console.workbench, QStringLiteral("kudos-capacity-known.png")).isEmpty());
        // Then the forecast: the archived weeks drawn per tier from their manifests, with the projection.
        QSignalSpy forecast(&console.dataset, &KudosDataset::forecastReady);
        console.workbench.capacityPanel()->forecast();
        QVERIFY(forecast.wait(60000));
        const KudosForecast& f = console.dataset.lastForecast();
        QVERIFY(f.manifestsRead > 0);
        const ui::TimeChart* rows = console.workbench.capacityPanel()->rowsChart();
        QCOMPARE(rows->series().size(), f.tables.size());
        QVERIFY(!rows->series()[0].points.empty());
        const ui::TimeChart* archive = console.workbench.capacityPanel()->archiveChart();
        QVERIFY(!archive->series().empty());
        QCOMPARE(archive->series()[0].points.size(), f.tiers[0].history.size());
        QVERIFY(!archive->series()[0].points.empty());
        QVERIFY2(console.workbench.capacityPanel()->figuresText().contains(QStringLiteral("currency tier")),
                 qPrintable(console.workbench.capacityPanel()->figuresText()));
        QVERIFY(!saveScreenshot(&console.workbench, QStringLiteral("kudos-capacity.png")).isEmpty());
    }

    // Cancel takes effect between two actions: what was committed stays, nothing half-done.
    void cancelsBetweenActions() {
        QTemporaryDir dir;
        Console console(QStringLiteral("kudosui_cancel"), fileArchive(dir));
        QSignalSpy finished(&console.workbench, &KudosWorkbench::roundFinished);
        console.workbench.runRound();
        console.workbench.pauseRound();
        QTRY_VERIFY_WITH_TIMEOUT(console.tasks.tasks()->isHeld(console.taskRow()), 60000);
        const QMap<QString, QString> held = console.catalog();
        QTest::mouseClick(console.workbench.roundPanel()->cancelButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(console.catalog(), held);
        for (const CatalogEntry& e : console.entries())
            QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
        QVERIFY2(console.workbench.roundPanel()->progressText().contains(QStringLiteral("Cancelled")),
                 qPrintable(console.workbench.roundPanel()->progressText()));
        QVERIFY(console.workbench.roundPanel()->runButton()->isEnabled());
    }

    void reconcilesAHandMadeDrift() {
        QTemporaryDir dir;
        Console console(QStringLiteral("kudosui_reconcile"), fileArchive(dir));
        QSignalSpy reconciled(&console.dataset, &KudosDataset::reconciled);
        QTest::mouseClick(console.workbench.reconciliationPanel()->snapshotButton(), Qt::LeftButton);
        QVERIFY(reconciled.wait(60000));
        const ReconciliationModel* model = console.dataset.reconciliation();
        QVERIFY(model->report().snapshot.has_value());
        QVERIFY(model->report().usersChecked > 0);
        int user = 0;
        {
            auto db = test::openKudos(console.conninfo);
            user = int(db->exec(QStringLiteral("SELECT min(id) FROM users")).toLong(0, 0));
            QCOMPARE(model->rowOfUser(user), -1);
            db->exec(QStringLiteral("UPDATE users SET kudos = kudos + 7 WHERE id = $1"), {user});
        }
        QTest::mouseClick(console.workbench.reconciliationPanel()->reconcileButton(), Qt::LeftButton);
        QVERIFY(reconciled.wait(60000));
        const int row = model->rowOfUser(user);
        QVERIFY(row >= 0);
        QCOMPARE(model->report().drifting[std::size_t(row)].drift, qint64(700));
        QCOMPARE(model->index(row, ReconciliationModel::DriftColumn).data().toString(),
                 QStringLiteral("7.00"));
        QCOMPARE(console.workbench.reconciliationPanel()->table()->model()->rowCount(), model->rowCount());
        QVERIFY2(console.workbench.reconciliationPanel()->summaryText().contains(QStringLiteral("drifting")),
                 qPrintable(console.workbench.reconciliationPanel()->summaryText()));
    }

    void listsTheQuarantine() {
        QTemporaryDir dir;
        Console console(QStringLiteral("kudosui_quarantine"), fileArchive(dir));
        qint64 expected = 0;
        {
            auto db = test::openKudos(console.conninfo);
            db->exec(QStringLiteral("UPDATE kudos_stat_events SET quarantined = true, quarantine_reason = "
                                    "'test: negative amount' WHERE id IN (SELECT id FROM kudos_stat_events "
                                    "ORDER BY id LIMIT 3)"));
            expected =
                db->exec(QStringLiteral("SELECT (SELECT count(*) FROM kudos_stat_events WHERE quarantined)"
                                        " + (SELECT count(*) FROM kudos_stat_quarantine)"))
                    .toLong(0, 0);
        }
        QVERIFY(console.reload());
        QuarantineModel* model = console.dataset.quarantine();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(qint64(model->rowCount()), std::min<qint64>(expected, 2000));
        int marked = 0;
        for (const QuarantineRow& r : model->rows())
            marked += r.reason == QLatin1String("test: negative amount") && r.online ? 1 : 0;
        QCOMPARE(marked, 3);
        QCOMPARE(console.workbench.quarantineTable()->model()->rowCount(), model->rowCount());
    }

    // An archive that cannot be reached: the load and the round say so, currency retention waits, statistic
    // rollups go on.
    void waitsForAnUnreachableArchive() {
        QTemporaryDir dir;
        QFile blocker(dir.filePath(QStringLiteral("not-a-folder")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        Console console(QStringLiteral("kudosui_noarchive"),
                        QStringLiteral("file://") + blocker.fileName() + QStringLiteral("/archive"));
        QVERIFY2(console.workbench.budgetPanel()->archiveText().contains(QStringLiteral("not reachable")),
                 qPrintable(console.workbench.budgetPanel()->archiveText()));
        QVERIFY(!console.dataset.issues()->alerts().empty());
        QSignalSpy finished(&console.workbench, &KudosWorkbench::roundFinished);
        console.workbench.runRound();
        QVERIFY(finished.wait(120000));
        const RetentionReport& report = console.workbench.lastReport();
        bool currencyAlert = false;
        for (const RetentionAlert& a : report.alerts)
            currencyAlert |= a.dataset == RetentionDataset::Currency &&
                             a.cause == RetentionAlert::Cause::ArchiveUnavailable;
        QVERIFY(currencyAlert);
        int rolledUp = 0;
        for (const CatalogEntry& e : console.entries()) {
            if (e.dataset == RetentionDataset::Currency)
                QCOMPARE(e.state, QStringLiteral("pending"));
            else
                QVERIFY2(e.state == QLatin1String("pending") || e.state == QLatin1String("rolled_up"),
                         qPrintable(e.state));
            rolledUp += e.state == QLatin1String("rolled_up") ? 1 : 0;
        }
        QVERIFY(rolledUp > 0);
        QVERIFY2(console.workbench.roundPanel()->reportText().contains(QStringLiteral("not reachable")),
                 qPrintable(console.workbench.roundPanel()->reportText()));
        QVERIFY(console.reload());
        const RetentionIssueModel* issues = console.dataset.issues();
        QVERIFY(issues->rowCount() >= 1);
        QVERIFY(issues->index(0, RetentionIssueModel::KindColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("archive")));
        QVERIFY(
            !saveScreenshot(&console.workbench, QStringLiteral("kudos-workbench-no-archive.png")).isEmpty());
    }

    // A folder without the archive's marker (an unmounted NAS's mount point): the panel says why in the
    // model's words, the round is refused whole, and nothing is written into the folder or the catalog.
    void refusesAnArchiveWithoutItsMarker() {
        QTemporaryDir dir;
        const QString mountPoint = dir.filePath(QStringLiteral("nas"));
        QVERIFY(QDir().mkdir(mountPoint));
        Console console(QStringLiteral("kudosui_nomarker"), QStringLiteral("file://") + mountPoint);
        const QString refusal =
            QStringLiteral("no Tidemark archive at file://%1: not mounted, or run archive init")
                .arg(mountPoint);
        QVERIFY2(console.workbench.budgetPanel()->archiveText().contains(refusal),
                 qPrintable(console.workbench.budgetPanel()->archiveText()));
        const QMap<QString, QString> before = console.catalog();
        QSignalSpy finished(&console.workbench, &KudosWorkbench::roundFinished);
        console.workbench.runRound();
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY2(console.workbench.roundPanel()->progressText().contains(refusal),
                 qPrintable(console.workbench.roundPanel()->progressText()));
        QCOMPARE(console.catalog(), before);
        QCOMPARE(QDir(mountPoint).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList());
        QVERIFY(
            !saveScreenshot(&console.workbench, QStringLiteral("kudos-workbench-archive-not-initialised.png"))
                 .isEmpty());
    }
};

QTEST_MAIN(TestKudosWorkbench)
#include "test_kudosworkbench.moc"
