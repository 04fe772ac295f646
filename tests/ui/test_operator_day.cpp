// An operator's day on the demo, driven through the real console (offscreen and under Xvfb): connect, read
// the Home, preview a mower's week and run and verify a round, a kudos dry run then the run with the same
// actions, filter and import tracks, each Capacity; then an unreachable server, a wrong database and a file
// that is not a tracks store, after each of which no panel shows the earlier data. It asserts on what the
// widgets show and saves screenshots/operator-day-<step>.png. The demo is its own (in a temporary folder):
// the day changes it.
#include "datasetpanel.h"
#include "demoworkspace.h"
#include "homecard.h"
#include "homeworkbench.h"
#include "kudoscapacitypanel.h"
#include "kudosdataset.h"
#include "kudosroundpanel.h"
#include "kudostablesummarymodel.h"
#include "kudosworkbench.h"
#include "mainwindow.h"
#include "mapview.h"
#include "mowersummarymodel.h"
#include "positionscapacitypanel.h"
#include "positionsdataset.h"
#include "positionsworkbench.h"
#include "previewlayers.h"
#include "previewpanel.h"
#include "roundhistorychart.h"
#include "roundpanel.h"
#include "screenshots.h"
#include "tracklayer.h"
#include "trackpoints.h"
#include "trackscapacitypanel.h"
#include "tracksdataset.h"
#include "trackslayer.h"
#include "trackssummarymodel.h"
#include "tracksworkbench.h"
#include "translationinstaller.h"
#include "verifypanel.h"

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QGeoRectangle>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace tidemark;
using Dataset = WorkspaceSession::Dataset;

namespace {

constexpr int kWait = 240000;

// Accepts the next confirmation box (the positions Run's "apply the dry run" question).
void acceptNextConfirmation(QString* text) {
    QTimer::singleShot(0, [text] {
        QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()), 20000);
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        *text = box->text();
        box->button(QMessageBox::Yes) ? box->button(QMessageBox::Yes)->click() : box->accept();
    });
}

} // namespace

class TestOperatorDay : public QObject {
    Q_OBJECT
  private:
    QTemporaryDir m_dir;
    QString m_root;
    std::unique_ptr<ui::MainWindow> m_window;
    ui::TranslationInstaller m_english;

    void snap(const QString& step) {
        QTest::qWait(100);
        QVERIFY(
            !test::saveScreenshot(m_window.get(), QStringLiteral("operator-day-%1.png").arg(step)).isEmpty());
    }
    ui::MainWindow& w() { return *m_window; }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TidemarkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("TidemarkOperatorDay") +
                                             qEnvironmentVariable("TIDEMARK_TEST_RUN"));
        QVERIFY(m_english.install(QStringLiteral("en")));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(m_dir.isValid());
        m_root = m_dir.filePath(QStringLiteral("demo"));
        m_window = std::make_unique<ui::MainWindow>();
        m_window->resize(1600, 1000);
        m_window->show();
    }

    void cleanupTestCase() {
        m_window.reset();
        demo::DemoWorkspace(m_root).purge();
    }

    void connectsAndReadsTheHome() {
        QSignalSpy settled(&w(), &ui::MainWindow::workspaceSettled);
        w().showWorkbench(QStringLiteral("homeWorkbench"));
        w().openDemoWorkspace(m_root);
        QVERIFY(settled.wait(kWait));
        QVERIFY(settled.last().first().toBool());
        ui::HomeWorkbench* home = w().homeWorkbench();
        QTRY_VERIFY_WITH_TIMEOUT(home->hasPlan() && !home->plan().quick && !home->isRefreshing(), kWait);
        // The kudos card's next run is the plan's whole list, as the run will take it.
        const RetentionPlan& plan = home->plan();
        QVERIFY(plan.kudos.ok());
        const int actions = int(plan.kudos.plan.actions.size());
        QVERIFY(actions > 2);
        const QString kudosCard = home->card(WorkspaceDataset::Kudos)->bodyText();
        QVERIFY2(kudosCard.contains(QStringLiteral("%1 step").arg(actions)), qPrintable(kudosCard));
        QVERIFY(!home->alertsHeading().isEmpty());
        snap(QStringLiteral("home"));
    }

    void previewsAMowersWeekAndRunsARound() {
        w().showWorkbench(QStringLiteral("positionsWorkbench"));
        ui::PositionsWorkbench* positions = w().positionsWorkbench();
        QTRY_VERIFY_WITH_TIMEOUT(positions->dataset()->lastPreview() != nullptr, kWait);
        QTRY_VERIFY(positions->previewPanel()->summaryText().contains(QStringLiteral("kept")));
        QVERIFY(positions->previewLayers()->survivors()->points() &&
                positions->previewLayers()->survivors()->points()->size() > 0);
        snap(QStringLiteral("positions-preview"));

        // The dry run is the plan Run applies, after a confirmation that states its counts; the demo's
        // maintenance window may be closed now, so the operator ignores it.
        positions->roundPanel()->ignoreWindowBox()->setChecked(true);
        QSignalSpy finished(positions, &ui::PositionsWorkbench::roundFinished);
        positions->roundPanel()->dryRunButton()->click();
        QVERIFY(finished.wait(kWait));
        QVERIFY(positions->dataset()->plan().has_value());
        const positions::PositionsPlanCounts counts = positions::planCounts(*positions->dataset()->plan());
        QString confirmation;
        acceptNextConfirmation(&confirmation);
        positions->roundPanel()->runButton()->click();
        QVERIFY(finished.wait(kWait));
        QVERIFY2(confirmation.contains(QLocale().toString(counts.slices)), qPrintable(confirmation));
        const positions::RoundReport& report = positions->dataset()->lastRoundReport();
        QVERIFY(!report.dryRun);
        QCOMPARE(report.slices, counts.slices);
        // The round thinned the previewed range: it is verified against the preview.
        QSignalSpy verified(positions, &ui::PositionsWorkbench::verifyFinished);
        if (positions->dataset()->verifyTask() == 0)
            positions->verify();
        QVERIFY(verified.wait(kWait));
        QVERIFY(!positions->verifyPanel()->verdictText().isEmpty());
        snap(QStringLiteral("positions-round"));
    }

    void runsTheKudosDryRunThenTheSameActions() {
        w().showWorkbench(QStringLiteral("kudosWorkbench"));
        ui::KudosWorkbench* kudos = w().kudosWorkbench();
        kudos->setConfirmation([](const QString&) { return true; });
        QSignalSpy finished(kudos->dataset(), &kudos::KudosDataset::roundFinished);
        kudos->preview();
        QVERIFY(finished.wait(kWait));
        QVERIFY(kudos->dataset()->preview().has_value());
        const int planned = int(kudos->dataset()->preview()->actions.size());
        QVERIFY(planned > 2);
        snap(QStringLiteral("kudos-dry-run"));
        kudos->runRound();
        QVERIFY(finished.wait(kWait));
        const kudos::RetentionReport& report = kudos->lastReport();
        QVERIFY(!report.dryRun);
        QCOMPARE(int(report.unitOutcomes.size()), planned);
        QCOMPARE(int(report.done.size()), planned);
        QVERIFY(kudos->roundPanel()->reportText().contains(QString::number(planned)));
        snap(QStringLiteral("kudos-run"));
    }

    void filtersAndImportsTracks() {
        w().showWorkbench(QStringLiteral("tracksWorkbench"));
        ui::TracksWorkbench* tracks = w().tracksWorkbench();
        QTRY_VERIFY_WITH_TIMEOUT(tracks->dataset()->hasData(), kWait);
        QSignalSpy loaded(tracks->dataset(), &tracks::TracksDataset::loaded);
        for (const QString& activity : tracks->dataset()->fileFacts().activities.keys())
            tracks->setActivityChecked(activity, activity == QStringLiteral("hike"));
        QTRY_VERIFY(!loaded.isEmpty());
        QTRY_VERIFY(!tracks->dataset()->isImporting());
        QVERIFY2(tracks->mapNoteText().contains(QStringLiteral("filtered")),
                 qPrintable(tracks->mapNoteText()));
        snap(QStringLiteral("tracks-filtered"));

        const QDir gpx(QStringLiteral(TIDEMARK_SOURCE_DIR "/tests/data/gpx"));
        const QStringList files = {gpx.filePath(QStringLiteral("Mojstrovka.gpx")),
                                   gpx.filePath(QStringLiteral("around-visnjan-with-car.gpx")),
                                   gpx.filePath(QStringLiteral("cerknicko-jezero-no-creator.gpx"))};
        for (const QString& file : files)
            QVERIFY2(QFile::exists(file), qPrintable(file));
        QSignalSpy imported(tracks->dataset(), &tracks::TracksDataset::imported);
        tracks->importFiles(files);
        QVERIFY(imported.wait(kWait));
        QVERIFY(tracks->dataset()->lastImport().totals().added +
                    tracks->dataset()->lastImport().totals().merged >
                0);
        // Their activity ("unknown", new to the store) comes checked beside the hikes, and the map is on
        // them.
        QTRY_VERIFY_WITH_TIMEOUT(tracks->dataset()->view().activities.contains(QStringLiteral("unknown")),
                                 kWait);
        QVERIFY(tracks->dataset()->view().activities.contains(QStringLiteral("hike")));
        const tracks::TrackBox extent = *tracks->dataset()->lastImport().totals().extent;
        const QGeoRectangle view = tracks->map()->viewport().visibleArea();
        QVERIFY(view.contains(
            QGeoCoordinate((extent.minLat + extent.maxLat) / 2, (extent.minLon + extent.maxLon) / 2)));
        // Drawn: the view on them loaded (lines, few tracks), its map rendered.
        QTRY_VERIFY_WITH_TIMEOUT(tracks->dataset()->runningTaskCount() == 0, kWait);
        QVERIFY(tracks->layer()->lines() && !tracks->layer()->lines()->lines.empty());
        tracks->map()->renderNow();
        QTRY_VERIFY_WITH_TIMEOUT(tracks->map()->isRenderingIdle(), 20000);
        snap(QStringLiteral("tracks-imported"));
    }

    void eachCapacityShowsWhatIsKnown() {
        QTRY_VERIFY(!w().positionsWorkbench()->capacityPanel()->figuresText().isEmpty());
        QTRY_VERIFY(!w().kudosWorkbench()->capacityPanel()->figuresText().isEmpty());
        QTRY_VERIFY(!w().tracksWorkbench()->capacityPanel()->figuresText().isEmpty());
        w().showWorkbench(QStringLiteral("kudosWorkbench"));
        w().kudosWorkbench()->areas()->setCurrentWidget(w().kudosWorkbench()->capacityPanel());
        snap(QStringLiteral("kudos-capacity"));
    }

    // An unreachable server, a wrong database, a file that is not a tracks store: each panel is emptied,
    // none keeps the demo's figures.
    void aFailedConnectionShowsNothingOfTheDemo() {
        const WorkspaceConnections demo = w().session()->connections();
        WorkspaceConnections bad = demo;
        bad.positionsConninfo = QStringLiteral("host=127.0.0.1 port=1 dbname=positions connect_timeout=2");
        bad.kudosConninfo = demo.kudosConninfo + QStringLiteral(" dbname=tidemark_no_such_database");
        const QString notes = m_dir.filePath(QStringLiteral("notes.sqlite"));
        QFile f(notes);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("these are notes, not tracks\n");
        f.close();
        bad.tracksPath = notes;
        QSignalSpy settled(&w(), &ui::MainWindow::workspaceSettled);
        w().connectTo(bad);
        QVERIFY(settled.wait(kWait));
        QCOMPARE(settled.last().first().toBool(), false);

        ui::PositionsWorkbench* positions = w().positionsWorkbench();
        QCOMPARE(w().session()->positionsModel()->rowCount(), 0);
        QVERIFY(!positions->dataset()->lastPreview());
        QVERIFY(!positions->previewLayers()->survivors()->points() ||
                positions->previewLayers()->survivors()->points()->size() == 0);
        QVERIFY(!positions->previewPanel()->summaryText().contains(QStringLiteral("kept")));
        QVERIFY(positions->capacityPanel()->figuresText().isEmpty());
        // The Rounds area: no history, no chart of the demo's rounds, no report of its round.
        for (const ui::TimeSeries& series : positions->roundPanel()->historyChart()->series())
            QVERIFY(series.points.empty());
        QVERIFY(!positions->roundPanel()->progressText().contains(QStringLiteral("976")) &&
                !positions->roundPanel()->progressText().contains(QStringLiteral("Round complete")));
        QVERIFY(w().panel(Dataset::Positions)->summaryText().isEmpty() ||
                !w().panel(Dataset::Positions)->summaryText().contains(QStringLiteral("mower")));

        QCOMPARE(w().session()->kudosModel()->rowCount(), 0);
        QVERIFY(w().kudosWorkbench()->capacityPanel()->figuresText().isEmpty());
        QVERIFY(!w().kudosWorkbench()->dataset()->preview());

        ui::TracksWorkbench* tracks = w().tracksWorkbench();
        QCOMPARE(w().session()->tracksModel()->rowCount(), 0);
        QVERIFY(!tracks->dataset()->hasData());
        QVERIFY(!tracks->layer()->lines() || tracks->layer()->lines()->lines.empty());
        QVERIFY(!tracks->layer()->density() || tracks->layer()->density()->empty());
        QVERIFY(tracks->capacityPanel()->figuresText().isEmpty());

        // The Home plans the new connections: none of the demo's plan is left.
        w().showWorkbench(QStringLiteral("homeWorkbench"));
        ui::HomeWorkbench* home = w().homeWorkbench();
        QTRY_VERIFY_WITH_TIMEOUT(!home->isRefreshing() && home->hasPlan(), kWait);
        QVERIFY(!home->plan().positions.ok());
        QVERIFY(!home->plan().kudos.ok());
        QVERIFY(!home->plan().tracks.ok());
        snap(QStringLiteral("failed-connection"));

        // Back on the demo, everything comes back from it.
        w().connectTo(demo);
        QVERIFY(settled.wait(kWait));
        QVERIFY(settled.last().first().toBool());
        QVERIFY(w().session()->positionsModel()->rowCount() > 0);
        snap(QStringLiteral("reconnected"));
    }
};

QTEST_MAIN(TestOperatorDay)
#include "test_operator_day.moc"
