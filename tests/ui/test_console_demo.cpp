#include "datasetpanel.h"
#include "demoworkspace.h"
#include "kudosdataset.h"
#include "kudostablesummarymodel.h"
#include "kudosworkbench.h"
#include "mainwindow.h"
#include "maplayermodel.h"
#include "mapview.h"
#include "mowersummarymodel.h"
#include "partitionstatusmodel.h"
#include "positionsworkbench.h"
#include "previewresult.h"
#include "screenshots.h"
#include "tasklistmodel.h"
#include "thinningstatus.h"
#include "tracksdataset.h"
#include "trackssummarymodel.h"
#include "trackstablemodel.h"
#include "tracksworkbench.h"
#include "translationinstaller.h"

#include <QGeoRectangle>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <memory>

using namespace tidemark;
using Dataset = tidemark::WorkspaceSession::Dataset;

// The console on the demo workspace that the ctest fixture `demo` brought up in <build>/test-demo.
class TestConsoleDemo : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TidemarkTest"));
        // Its own settings file: test_console's runs write theirs at the same time.
        QCoreApplication::setApplicationName(QStringLiteral("TidemarkDemoTest") +
                                             qEnvironmentVariable("TIDEMARK_TEST_RUN"));
        QVERIFY(m_english.install(QStringLiteral("en"))); // as the console does: English plural forms
        m_status = demo::DemoWorkspace(m_root).status();
        // Never start a cluster of our own: without the fixture nothing would stop it.
        QVERIFY2(m_status.initialized && m_status.running,
                 "the demo fixture (demo_workspace_up) has not brought up test-demo");
    }

    void cleanupTestCase() { m_window.reset(); }

    void opensOnTheDemoWorkspace() {
        openSharedWindow();
        if (QTest::currentTestFailed())
            return;
        ui::MainWindow& window = *m_window;

        const auto* mowers = window.session()->positionsModel();
        QCOMPARE(mowers->rowCount(), 8);
        // Rows are estimated on a table of millions (no full scan on connect), flagged, and close.
        const qint64 rows = count(QStringLiteral("positions"), QStringLiteral("mower_positions"));
        const bool estimated = std::any_of(mowers->mowers().begin(), mowers->mowers().end(),
                                           [](const auto& m) { return m.rowsEstimated; });
        if (estimated)
            QVERIFY2(std::abs(double(mowers->totalRows() - rows)) < 0.1 * double(rows),
                     qPrintable(QStringLiteral("%1 vs %2").arg(mowers->totalRows()).arg(rows)));
        else
            QCOMPARE(mowers->totalRows(), rows);
        // The dock's summary marks an estimated total as the table marks each mower's.
        const QString summary = window.panel(tidemark::WorkspaceSession::Dataset::Positions)->summaryText();
        QVERIFY2(summary.contains(QStringLiteral("≈ ")) == estimated, qPrintable(summary));
        QVERIFY(rows < 2 * positions::ThinningStatus::kDefaultSampleRows ||
                mowers->mowers().front().rowsEstimated);
        for (const auto& mower : mowers->mowers())
            QVERIFY(mower.oldest < mower.newest);
        const auto* kudos = window.session()->kudosModel();
        QVERIFY(kudos->rowCount() >= 4);
        for (const auto& table : kudos->tables())
            if (table.table == QLatin1String("kudos_ledger"))
                QCOMPARE(table.rows, count(QStringLiteral("kudos"), QStringLiteral("kudos_ledger")));
        QCOMPARE(window.session()->tracksModel()->totalTracks(),
                 count(QStringLiteral("tracks"), QStringLiteral("tracks")));
        QVERIFY(window.session()->tracksModel()->totalTracks() > 0);

        // The dock and the workbench show one summary model, loaded once; the workbench opened on the week
        // before the detail window, and the Jobs dock lists its preview.
        QCOMPARE(window.positionsWorkbench()->mowers(), window.session()->positionsModel());
        int summaryLoads = 0;
        for (int row = 0; row < window.jobs()->rowCount(); ++row)
            summaryLoads += window.jobs()->title(row).startsWith(QStringLiteral("Load the mowers")) ? 1 : 0;
        QCOMPARE(summaryLoads, 1);
        QVERIFY(window.positionsWorkbench()->previewResult()->removed > 0);

        QTRY_VERIFY_WITH_TIMEOUT(window.isMapIdle(), 10000); // the map has drawn the tracks' extent
        const QString path = tidemark::test::saveScreenshot(&window, QStringLiteral("console-demo.png"));
        QVERIFY(!path.isEmpty());
        qInfo("screenshot: %s", qPrintable(path));
    }

    // The Kudos tab next to Positions: the demo's swapped tables with eligible ranges to retire.
    void showsTheKudosWorkbench() {
        openSharedWindow();
        if (QTest::currentTestFailed())
            return;
        ui::MainWindow& window = *m_window;
        kudos::KudosDataset* dataset = window.session()->kudos();
        QTRY_VERIFY_WITH_TIMEOUT(!dataset->isLoading() && dataset->partitions()->rowCount() > 0, 60000);
        QCOMPARE(dataset->archiveUrl(), window.session()->connections().archiveUrl);
        int eligible = 0;
        for (const auto& s : dataset->partitions()->statuses())
            eligible += dataset->partitions()->isEligiblePending(s) ? 1 : 0;
        QVERIFY(eligible > 0);
        window.workbenches()->setCurrentWidget(window.kudosWorkbench());
        QTest::qWait(200);
        const QString path =
            tidemark::test::saveScreenshot(&window, QStringLiteral("console-demo-kudos.png"));
        QVERIFY(!path.isEmpty());
        qInfo("screenshot: %s", qPrintable(path));
    }

    // The Tracks tab opens the demo's tracks file on its whole extent: every track is in view, on the map.
    void showsTheTracksWorkbench() {
        openSharedWindow();
        if (QTest::currentTestFailed())
            return;
        ui::MainWindow& window = *m_window;
        tracks::TracksDataset* dataset = window.session()->tracksData();
        QVERIFY(dataset->isOpen());
        window.workbenches()->setCurrentWidget(window.tracksWorkbench());
        const qint64 tracks = count(QStringLiteral("tracks"), QStringLiteral("tracks"));
        QTRY_VERIFY_WITH_TIMEOUT(dataset->hasData() && dataset->data().page.matching == tracks, 60000);
        // More tracks in view than a view draws as lines: the map shows every one as the density overview.
        QVERIFY(tracks > tracks::TracksViewData::kMaxLinesOnMap);
        QVERIFY(!dataset->data().map.geometry);
        QVERIFY(dataset->data().map.density && !dataset->data().map.density->empty());
        QVERIFY(dataset->table()->rowCount() > 0);
        // The map was hidden in its tab when the file loaded; shown, it fits the file's extent.
        const tracks::TracksExtent& extent = dataset->fileFacts().extent;
        const QGeoRectangle visible = window.tracksWorkbench()->map()->viewport().visibleArea();
        QVERIFY(visible.contains(
            QGeoCoordinate((extent.minLat + extent.maxLat) / 2, (extent.minLon + extent.maxLon) / 2)));
        QVERIFY2(visible.width() < 3 * (extent.maxLon - extent.minLon),
                 qPrintable(QStringLiteral("the map shows %1 degrees for %2 of tracks")
                                .arg(visible.width())
                                .arg(extent.maxLon - extent.minLon)));
        // The load of the fitted view (not the first one, of the whole world) is what the map shows.
        QTRY_VERIFY_WITH_TIMEOUT(dataset->data().view.zoom == dataset->view().zoom &&
                                     dataset->view().zoom > 3 && window.jobs()->runningCount() == 0,
                                 60000);
        QTRY_VERIFY_WITH_TIMEOUT(window.tracksWorkbench()->map()->isRenderingIdle(), 10000);
        const QString path =
            tidemark::test::saveScreenshot(&window, QStringLiteral("console-demo-tracks.png"));
        QVERIFY(!path.isEmpty());
        qInfo("screenshot: %s", qPrintable(path));
    }

    // Closing the console while a preview runs cancels it; nothing reaches a destroyed widget. The shared
    // window's last use.
    void closesWhileAPreviewRuns() {
        openSharedWindow();
        if (QTest::currentTestFailed())
            return;
        m_window->positionsWorkbench()->preview();
        QVERIFY(m_window->positionsWorkbench()->isPreviewRunning());
        m_window.reset();
        QCoreApplication::processEvents();
    }

    void opensInRussian() {
        ui::TranslationInstaller translations;
        QVERIFY(translations.install(QStringLiteral("ru")));
        ui::MainWindow window;
        window.show();
        QSignalSpy settled(&window, &ui::MainWindow::workspaceSettled);
        window.openDemoWorkspace(m_root);
        QVERIFY(settled.wait(240000));
        QCOMPARE(settled.first().first().toBool(), true);
        QVERIFY2(window.panel(Dataset::Positions)->summaryText().contains(QStringLiteral("косил")),
                 qPrintable(window.panel(Dataset::Positions)->summaryText()));
        // Every map layer of the positions console is named and explained in Russian.
        const QAbstractItemModel* layers = window.positionsMap()->layers();
        QVERIFY(layers->rowCount() > 5);
        const QRegularExpression cyrillic(QStringLiteral("[а-яА-Я]"));
        for (int row = 0; row < layers->rowCount(); ++row) {
            const QModelIndex index = layers->index(row, 0);
            QVERIFY2(index.data().toString().contains(cyrillic), qPrintable(index.data().toString()));
            const QString explanation = index.data(ui::MapLayerModel::ExplanationRole).toString();
            QVERIFY2(explanation.contains(cyrillic), qPrintable(explanation));
            const QRegularExpression level(QStringLiteral("^[−0-9 ]+(dBm|дБм)$"));
            for (const QString& label : index.data(ui::MapLayerModel::LegendLabelsRole).toStringList())
                QVERIFY2(label.contains(cyrillic) || level.match(label).hasMatch(), qPrintable(label));
        }
        QTRY_VERIFY_WITH_TIMEOUT(window.isMapIdle(), 10000);
        QVERIFY(!tidemark::test::saveScreenshot(&window, QStringLiteral("console-demo-ru.png")).isEmpty());
    }

  private:
    // The window on the demo that the tests before opensInRussian share (opening the demo is most of their
    // time), opened by the first of them.
    void openSharedWindow() {
        if (m_window)
            return;
        m_window = std::make_unique<ui::MainWindow>();
        m_window->show();
        QSignalSpy settled(m_window.get(), &ui::MainWindow::workspaceSettled);
        m_window->openDemoWorkspace(m_root); // the fixture's workspace: up() only makes sure it runs
        QVERIFY(settled.wait(240000));
        QCOMPARE(settled.first().first().toBool(), true);
    }
    std::unique_ptr<ui::MainWindow> m_window;
    ui::TranslationInstaller m_english;
    qint64 count(const QString& dataset, const QString& table) const {
        for (const auto& row : m_status.counts)
            if (row.dataset == dataset && row.table == table)
                return row.rows;
        return -1;
    }
    QString m_root = QStringLiteral(TIDEMARK_BINARY_DIR "/test-demo");
    demo::DemoWorkspace::Status m_status;
};

QTEST_MAIN(TestConsoleDemo)
#include "test_console_demo.moc"
