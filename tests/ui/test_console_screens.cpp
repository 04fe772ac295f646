#include "barfigure.h"
#include "datasetpanel.h"
#include "demoworkspace.h"
#include "disputeworkbench.h"
#include "fittinglabel.h"
#include "homeworkbench.h"
#include "jobpanel.h"
#include "kudosdataset.h"
#include "kudosroundpanel.h"
#include "kudosworkbench.h"
#include "mainwindow.h"
#include "mapview.h"
#include "partitionstatusmodel.h"
#include "positionsworkbench.h"
#include "previewpanel.h"
#include "readability.h"
#include "roundpanel.h"
#include "screenshots.h"
#include "tasklistmodel.h"
#include "tracksdataset.h"
#include "tracksworkbench.h"
#include "translationinstaller.h"
#include "windowplacement.h"

#include <QDockWidget>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <memory>

using namespace tidemark;
using Dataset = tidemark::WorkspaceSession::Dataset;

namespace {

// What "nothing overlaps" means for Qt layouts: every widget shown gets at least the room its layout needs
// (squeezed below it, children are drawn over each other or cut), and every splitter pane is open.
QStringList squeezed(const QWidget* root) {
    QStringList problems;
    const auto check = [&](const QWidget* w) {
        if (!w->isVisible())
            return;
        if (const QLayout* layout = w->layout(); layout && !w->inherits("QScrollArea")) {
            const QSize need = layout->minimumSize();
            if (w->width() + 1 < need.width() || w->height() + 1 < need.height())
                problems << QStringLiteral("%1 is %2×%3, its layout needs %4×%5")
                                .arg(test::widgetName(w))
                                .arg(w->width())
                                .arg(w->height())
                                .arg(need.width())
                                .arg(need.height());
        }
        if (const auto* splitter = qobject_cast<const QSplitter*>(w))
            for (int i = 0; i < splitter->count(); ++i)
                if (splitter->widget(i)->isVisibleTo(splitter) && splitter->sizes().value(i) == 0)
                    problems
                        << QStringLiteral("%1: pane %2 is collapsed").arg(test::widgetName(splitter)).arg(i);
    };
    check(root);
    for (const QWidget* w : root->findChildren<QWidget*>())
        check(w);
    return problems;
}

// Rows a table shows at once: the viewport's height over a row's (the first row's when there is one).
double rowsShown(const QTableView* table) {
    const int row = table->model() && table->model()->rowCount() > 0
                        ? table->rowHeight(0)
                        : table->verticalHeader()->defaultSectionSize();
    return row > 0 ? double(table->viewport()->height()) / row : 0;
}

// Brings the tabs holding `w` to the front, as an operator's click on each would.
void bringForward(QWidget* w) {
    for (QWidget* p = w; p; p = p->parentWidget())
        if (auto* tabs = qobject_cast<QTabWidget*>(p))
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->widget(i)->isAncestorOf(w) || tabs->widget(i) == w)
                    tabs->setCurrentIndex(i);
}

} // namespace

// A chart that prints "now" over its month, as the kudos timeline once did.
class OverprintingChart : public QWidget {
    Q_OBJECT
  public:
    using QWidget::QWidget;
    Q_INVOKABLE QList<QPair<QString, QRect>> drawnLabels() const {
        return {{QStringLiteral("now"), QRect(10, 5, 30, 12)},
                {QStringLiteral("Dec 2026"), QRect(20, 5, 60, 12)}};
    }
};

// The console on the screen Xvfb gives it (TIDEMARK_TEST_RUN names it: 1280x720, 1920x1080, 2560x1440@2).
class TestConsoleScreens : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TidemarkTest"));
        // The runs of each screen go at once: each keeps its own settings file (one run's clear() would
        // otherwise land between another's save and restore).
        QCoreApplication::setApplicationName(QStringLiteral("TidemarkScreens") +
                                             qEnvironmentVariable("TIDEMARK_TEST_RUN"));
        QVERIFY(m_english.install(QStringLiteral("en")));
        QSettings().clear();
        m_available = QGuiApplication::primaryScreen()->availableGeometry();
        qInfo("screen: available %dx%d at scale %.1f", m_available.width(), m_available.height(),
              QGuiApplication::primaryScreen()->devicePixelRatio());
    }

    void cleanupTestCase() { m_demoWindow.reset(); }

    // The rule on rectangles, whatever the screen of this run.
    void placementRule() {
        const QRect laptop(0, 0, 1280, 720);
        QCOMPARE(ui::WindowPlacement::firstStart(laptop).maximized, true);
        QCOMPARE(ui::WindowPlacement::firstStart(laptop).geometry, laptop);
        const QRect desktop(0, 30, 1920, 1050);
        const ui::WindowPlacement roomy = ui::WindowPlacement::firstStart(desktop);
        QVERIFY(!roomy.maximized);
        QCOMPARE(roomy.geometry.size(), QSize(1728, 945));
        QCOMPARE(roomy.geometry.center(), desktop.center());
        QVERIFY(ui::WindowPlacement::fits(roomy.geometry, desktop));
        QVERIFY(!ui::WindowPlacement::fits(QRect(0, 0, 1680, 1020), laptop));
        QVERIFY(!ui::WindowPlacement::fits(QRect(), laptop));
        QVERIFY(!ui::WindowPlacement::fits(QRect(1000, 100, 400, 300), laptop)); // off its right edge
    }

    // The readability checks find what they are for: a label and a button narrower than their text, a column
    // narrower than its cells, a table that scrolls sideways, painted labels over each other.
    void readabilityChecksFindFaults() {
        QWidget window;
        window.resize(400, 300);
        auto* label = new QLabel(QStringLiteral("1,234,567 rows in kudos_ledger_2026w49"), &window);
        label->setGeometry(0, 0, 60, 20);
        auto* status = new ui::FittingLabel(&window);
        status->setGeometry(0, 270, 60, 20);
        status->setForms({QStringLiteral("archive: file:///var/lib/tidemark/archive"),
                          QStringLiteral("archive: directory archive")});
        auto* button = new QPushButton(QStringLiteral("Restore 12 objects"), &window);
        button->setGeometry(0, 30, 40, 24);
        QStandardItemModel model(3, 2);
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 2; ++c)
                model.setItem(
                    r, c, new QStandardItem(QStringLiteral("a rather long cell text %1").arg(r * 10 + c)));
        auto* table = new QTableView(&window);
        table->setModel(&model);
        table->setGeometry(0, 60, 200, 150);
        table->setColumnWidth(0, 50);
        table->setColumnWidth(1, 300);
        auto* figure = new ui::BarFigure(&window);
        figure->setFigure(QStringLiteral("Slices pending"),
                          {{QStringLiteral("now"), 1.0, QStringLiteral("1,200 slices")}});
        figure->setGeometry(0, 220, 30, 40);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QString texts = test::cutTexts(&window).join(QLatin1Char('\n'));
        QVERIFY2(texts.contains(QStringLiteral("1,234,567 rows")) &&
                     texts.contains(QStringLiteral("Restore 12")),
                 qPrintable(texts));
        const QString tables = test::cutTables(&window, true).join(QLatin1Char('\n'));
        QVERIFY2(tables.contains(QStringLiteral("scrolls sideways")) &&
                     tables.contains(QStringLiteral("column \"1\"")),
                 qPrintable(tables));
        auto* chart = new OverprintingChart(&window);
        chart->setGeometry(200, 220, 100, 40);
        chart->show();
        int charts = 0;
        const QString painted = test::overprintedLabels(&window, &charts).join(QLatin1Char('\n'));
        QCOMPARE(charts, 2);
        QVERIFY2(painted.contains(QStringLiteral("\"now\" lies outside")) &&
                     painted.contains(QStringLiteral("\"now\" and \"Dec 2026\" overlap")),
                 qPrintable(painted));
        delete chart;
        // Given room, the same widgets pass.
        label->setGeometry(0, 0, 390, 20);
        button->setGeometry(0, 30, 200, 24);
        status->setGeometry(0, 270, 390, 20);
        QVERIFY2(test::cutTexts(&window).isEmpty(),
                 qPrintable(test::cutTexts(&window).join(QLatin1Char('\n'))));
        figure->setGeometry(0, 220, 390, 60);
        QVERIFY(test::overprintedLabels(&window).isEmpty());
    }

    // A first start (nothing saved) opens inside the screen, and the window can be that small.
    void opensInsideTheScreen() {
        QSettings().clear();
        ui::MainWindow window;
        QStringList needs; // what each part needs, named in the failure
        for (int i = 0; i < window.workbenches()->count(); ++i)
            needs << QStringLiteral("%1 %2×%3")
                         .arg(window.workbenches()->widget(i)->objectName())
                         .arg(window.workbenches()->widget(i)->minimumSizeHint().width())
                         .arg(window.workbenches()->widget(i)->minimumSizeHint().height());
        for (QDockWidget* dock : window.findChildren<QDockWidget*>())
            needs << QStringLiteral("%1 %2×%3")
                         .arg(dock->objectName())
                         .arg(dock->minimumSizeHint().width())
                         .arg(dock->minimumSizeHint().height());
        QVERIFY2(window.minimumSizeHint().width() <= m_available.width() &&
                     window.minimumSizeHint().height() <= m_available.height(),
                 qPrintable(QStringLiteral("the window needs %1×%2: %3")
                                .arg(window.minimumSizeHint().width())
                                .arg(window.minimumSizeHint().height())
                                .arg(needs.join(QStringLiteral(", ")))));
        window.restoreLayout();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY2(m_available.contains(window.frameGeometry()), qPrintable(rect(window.frameGeometry())));
        QCOMPARE(window.isMaximized(), m_available.width() < ui::WindowPlacement::kRoomyWidth ||
                                           m_available.height() < ui::WindowPlacement::kRoomyHeight);
    }

    // A geometry saved on a bigger screen is not restored here (the window is placed as at a first start);
    // one that fits is.
    void restoresOnlyWhatFits() {
        QSettings().clear();
        {
            ui::MainWindow bigger;
            bigger.setGeometry(
                QRect(m_available.topLeft() + QPoint(40, 40), m_available.size() + QSize(640, 400)));
            bigger.saveLayout();
        }
        {
            ui::MainWindow window;
            window.restoreLayout();
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QTRY_VERIFY2(m_available.contains(window.frameGeometry()),
                         qPrintable(rect(window.frameGeometry())));
            // Not Qt's own fitting of the saved rectangle into the screen: the first start's size.
            QCOMPARE(window.geometry().size(), ui::WindowPlacement::firstStart(m_available).geometry.size());
        }
        const QRect fitting(m_available.topLeft() + QPoint(10, 10),
                            QSize(m_available.width() - 20, m_available.height() - 20));
        {
            ui::MainWindow saved;
            saved.setGeometry(fitting);
            saved.saveLayout();
        }
        ui::MainWindow window;
        window.restoreLayout();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Its size to the pixel; its place within the few pixels Qt moves a window without a window manager's
        // frame (it restores the frame's corner).
        QTRY_COMPARE(window.geometry().size(), fitting.size());
        QVERIFY2((window.geometry().topLeft() - fitting.topLeft()).manhattanLength() <= 24,
                 qPrintable(rect(window.geometry())));
        QVERIFY(!window.isMaximized());
        QSettings().clear();
    }

    // Each workbench on the demo, placed as at a first start: nothing squeezed, tables of eight rows or more,
    // the maps a third of the workbench, the main task's buttons shown whole; a screenshot of each.
    void eachWorkbenchFits() {
        openDemoWindowOnce();
        if (QTest::currentTestFailed())
            return;
        ui::MainWindow& window = *m_demoWindow;
        QVERIFY(m_available.contains(window.frameGeometry()));

        const auto workbenchChecks = [&](QWidget* workbench, const QString& name,
                                         const QList<QTableView*>& tables, ui::MapView* map,
                                         const QList<QPushButton*>& buttons) {
            window.workbenches()->setCurrentWidget(workbench);
            for (QTableView* table : tables)
                bringForward(table);
            for (QPushButton* button : buttons)
                bringForward(button);
            QTest::qWait(300);
            QVERIFY(!tidemark::test::saveScreenshot(&window, QStringLiteral("screen-%1.png").arg(name))
                         .isEmpty());
            const QStringList problems = squeezed(&window);
            QVERIFY2(problems.isEmpty(),
                     qPrintable(name + QStringLiteral(": ") + problems.join(QStringLiteral("; "))));
            const QStringList unreadable = readabilityProblems(&window, workbench);
            QVERIFY2(unreadable.isEmpty(),
                     qPrintable(name + QStringLiteral(": ") + unreadable.join(QStringLiteral("; "))));
            for (QTableView* table : tables) {
                bringForward(table);
                QVERIFY2(table->isVisible(), qPrintable(name + QStringLiteral(": a table is hidden")));
                QVERIFY2(rowsShown(table) >= 8.0, qPrintable(QStringLiteral("%1: %2 shows %3 rows")
                                                                 .arg(name, test::widgetName(table))
                                                                 .arg(rowsShown(table), 0, 'f', 1)));
            }
            if (map) {
                const QSize area = window.workbenches()->currentWidget()->size();
                const double share =
                    double(map->width()) * map->height() / (double(area.width()) * area.height());
                QVERIFY2(
                    share >= 1.0 / 3,
                    qPrintable(
                        QStringLiteral("%1: the map has %2 of the area").arg(name).arg(share, 0, 'f', 2)));
            }
            for (QPushButton* button : buttons) {
                bringForward(button);
                QVERIFY2(button->isVisible(), qPrintable(name + QStringLiteral(": ") + button->text()));
                const QRect inWindow(button->mapTo(&window, QPoint(0, 0)), button->size());
                QVERIFY2(window.rect().contains(inWindow) &&
                             button->width() >= button->minimumSizeHint().width(),
                         qPrintable(name + QStringLiteral(": ") + button->text() + QLatin1Char(' ') +
                                    rect(inWindow)));
            }
        };

        ui::PositionsWorkbench* positions = window.positionsWorkbench();
        window.workbenches()->setCurrentWidget(positions);
        QTRY_VERIFY_WITH_TIMEOUT(window.isMapIdle(), 20000);
        workbenchChecks(positions, QStringLiteral("positions"), {positions->mowerTable()}, positions->map(),
                        {positions->previewPanel()->previewButton()});
        // The positions dock is the workbench's mower list folded to its summary line.
        QVERIFY(window.dock(Dataset::Positions)->isVisible());
        QVERIFY(window.panel(Dataset::Positions)->isCompact());
        QVERIFY(!window.panel(Dataset::Positions)->showsTable());
        QVERIFY(window.dock(Dataset::Positions)->height() < 4 * window.fontMetrics().height() + 30);
        workbenchChecks(positions, QStringLiteral("positions-rounds"), {}, positions->map(),
                        {positions->roundPanel()->runButton()});
        bringForward(positions->previewPanel());

        ui::KudosWorkbench* kudos = window.kudosWorkbench();
        QTRY_VERIFY_WITH_TIMEOUT(kudos->partitionTable()->model()->rowCount() > 0, 60000);
        workbenchChecks(kudos, QStringLiteral("kudos"), {kudos->partitionTable()}, nullptr,
                        {kudos->roundPanel()->runButton()});

        ui::DisputeWorkbench* disputes = window.disputeWorkbench();
        workbenchChecks(disputes, QStringLiteral("disputes"),
                        {disputes->statementTable(), disputes->objectTable()}, nullptr,
                        {disputes->investigateButton(), disputes->restoreButton()});
        workbenchChecks(disputes, QStringLiteral("disputes-rows"), {disputes->rowTable()}, nullptr, {});

        ui::TracksWorkbench* tracks = window.tracksWorkbench();
        window.workbenches()->setCurrentWidget(tracks);
        QTRY_VERIFY_WITH_TIMEOUT(
            window.session()->tracksData()->hasData() && window.jobs()->runningCount() == 0, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(tracks->map()->isRenderingIdle(), 60000);
        workbenchChecks(tracks, QStringLiteral("tracks"), {tracks->table()}, tracks->map(), {});
        workbenchChecks(tracks, QStringLiteral("tracks-retention"), {}, tracks->map(),
                        {tracks->retentionPreviewButton(), tracks->retainButton()});

        // Every action's buttons stay in reach after it is used: a report growing below them never scrolls
        // them away (the positions Rounds page did after a dry run).
        const auto useThenCheck = [&](QWidget* workbench, QPushButton* used,
                                      const QList<QPushButton*>& buttons) {
            window.workbenches()->setCurrentWidget(workbench);
            bringForward(used);
            QTRY_VERIFY_WITH_TIMEOUT(used->isEnabled(), 60000);
            QTest::mouseClick(used, Qt::LeftButton);
            QTest::qWait(200);
            QTRY_VERIFY_WITH_TIMEOUT(window.jobs()->runningCount() == 0, 180000);
            QTest::qWait(300);
            for (QPushButton* button : buttons)
                QVERIFY2(
                    test::wholyVisible(button),
                    qPrintable(QStringLiteral("after %1: %2 is out of reach at %3 (visible %4)")
                                   .arg(used->text(), button->text(),
                                        rect(QRect(button->mapTo(&window, QPoint(0, 0)), button->size())),
                                        rect(test::visiblePart(button)))));
            const QStringList unreadable = readabilityProblems(&window, workbench);
            QVERIFY2(unreadable.isEmpty(), qPrintable(QStringLiteral("after %1: ").arg(used->text()) +
                                                      unreadable.join(QStringLiteral("; "))));
        };
        ui::RoundPanel* rounds = positions->roundPanel();
        useThenCheck(positions, positions->previewPanel()->previewButton(),
                     {positions->previewPanel()->previewButton()});
        useThenCheck(
            positions, rounds->dryRunButton(),
            {rounds->runButton(), rounds->dryRunButton(), rounds->pauseButton(), rounds->cancelButton()});
        QVERIFY(!tidemark::test::saveScreenshot(&window, QStringLiteral("screen-positions-after-dry-run.png"))
                     .isEmpty());
        ui::KudosRoundPanel* kudosRound = kudos->roundPanel();
        useThenCheck(kudos, kudosRound->previewButton(),
                     {kudosRound->previewButton(), kudosRound->runButton(), kudosRound->pauseButton()});
        QVERIFY(!tidemark::test::saveScreenshot(&window, QStringLiteral("screen-kudos-after-preview.png"))
                     .isEmpty());
        useThenCheck(tracks, tracks->retentionPreviewButton(),
                     {tracks->retentionPreviewButton(), tracks->retainButton()});

        window.workbenches()->setCurrentWidget(window.homeWorkbench());
        QTRY_VERIFY_WITH_TIMEOUT(window.homeWorkbench()->hasPlan() && !window.homeWorkbench()->isRefreshing(),
                                 120000);
        QTest::qWait(300);
        const QStringList homeUnreadable = readabilityProblems(&window, window.homeWorkbench());
        QVERIFY2(homeUnreadable.isEmpty(), qPrintable(homeUnreadable.join(QStringLiteral("; "))));
        int figures = 0;
        test::overprintedLabels(&window, &figures);
        QVERIFY2(figures >= 3, qPrintable(QStringLiteral("the home draws %1 figures").arg(figures)));
        QVERIFY2(squeezed(&window).isEmpty(), qPrintable(squeezed(&window).join(QStringLiteral("; "))));
        QVERIFY(!tidemark::test::saveScreenshot(&window, QStringLiteral("screen-home.png")).isEmpty());
    }

    // The Jobs dock dragged down to its strip: the list hides and the strip names the task that runs (in the
    // window of eachWorkbenchFits, its jobs over).
    void jobsDockShrinksToAStrip() {
        openDemoWindowOnce();
        if (QTest::currentTestFailed())
            return;
        ui::MainWindow& window = *m_demoWindow;
        window.workbenches()->setCurrentWidget(window.positionsWorkbench());
        window.resizeDocks({window.jobsDock()}, {1}, Qt::Vertical);
        auto* panel = qobject_cast<ui::JobPanel*>(window.jobsDock()->widget());
        QVERIFY(panel);
        QTRY_VERIFY(!panel->view()->isVisible());
        QVERIFY2(panel->height() <= panel->stripHeight() + 8,
                 qPrintable(QStringLiteral("%1 > %2").arg(panel->height()).arg(panel->stripHeight())));
        QVERIFY(panel->strip()->isVisible());
        QVERIFY(panel->stripText().startsWith(QStringLiteral("No jobs running")));

        window.positionsWorkbench()->preview();
        QVERIFY(window.positionsWorkbench()->isPreviewRunning());
        const int row = panel->targetRow();
        QVERIFY(row >= 0);
        QVERIFY(TaskListModel::isActive(window.jobs()->state(row)));
        QVERIFY2(panel->stripText().startsWith(window.jobs()->title(row)), qPrintable(panel->stripText()));
        QVERIFY(!tidemark::test::saveScreenshot(&window, QStringLiteral("screen-jobs-strip.png")).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(window.jobs()->runningCount() == 0, 120000);
        // Dragged taller again, the list comes back.
        window.resizeDocks({window.jobsDock()}, {200}, Qt::Vertical);
        QTRY_VERIFY2(
            panel->view()->isVisible(),
            qPrintable(QStringLiteral("the jobs dock is %1 px high; the workbenches need %2 of their %3 (%4)")
                           .arg(window.jobsDock()->height())
                           .arg(window.workbenches()->minimumSizeHint().height())
                           .arg(window.workbenches()->height())
                           .arg(workbenchHeights(window))));
    }

  private:
    static QString workbenchHeights(ui::MainWindow& window) {
        QStringList needs;
        for (int i = 0; i < window.workbenches()->count(); ++i)
            needs << QStringLiteral("%1 %2")
                         .arg(window.workbenches()->widget(i)->objectName())
                         .arg(window.workbenches()->widget(i)->minimumSizeHint().height());
        for (QTabWidget* tabs : window.kudosWorkbench()->findChildren<QTabWidget*>())
            for (int i = 0; i < tabs->count(); ++i)
                needs << QStringLiteral("kudos [%1] %2")
                             .arg(tabs->tabText(i))
                             .arg(tabs->widget(i)->minimumSizeHint().height());
        return needs.join(QStringLiteral(", "));
    }

    // The texts of the window with `workbench` in front, and of every tab inside the workbench in turn: no
    // label, button, table cell or header cut, no painted labels over each other; on a 1920 px screen no
    // table scrolls sideways. The tabs are put back as they were.
    QStringList readabilityProblems(QWidget* window, QWidget* workbench) {
        const bool wide = m_available.width() >= 1900;
        QStringList problems;
        const auto check = [&](const QString& where) {
            QCoreApplication::processEvents();
            for (const QString& p :
                 test::cutTexts(window) + test::cutTables(window, wide) + test::overprintedLabels(window))
                problems << where + p;
        };
        check(QString());
        for (QTabWidget* tabs : workbench->findChildren<QTabWidget*>()) {
            if (!tabs->isVisible())
                continue;
            const int was = tabs->currentIndex();
            for (int i = 0; i < tabs->count(); ++i) {
                if (i == was)
                    continue;
                tabs->setCurrentIndex(i);
                QTest::qWait(50);
                check(QStringLiteral("[%1] ").arg(tabs->tabText(i)));
            }
            tabs->setCurrentIndex(was);
        }
        problems.removeDuplicates();
        return problems;
    }

    // The demo's window, opened as at a first start by the first test function that asks for it and kept for
    // the others (opening the demo is most of these tests' time).
    void openDemoWindowOnce() {
        if (!m_demoWindow) {
            m_demoWindow = std::make_unique<ui::MainWindow>();
            openDemoAsAtFirstStart(*m_demoWindow);
        }
        QTRY_VERIFY_WITH_TIMEOUT(m_demoWindow->jobs()->runningCount() == 0, 120000);
    }
    // The window placed as at a first start (nothing saved), shown, on the demo with its loads over.
    void openDemoAsAtFirstStart(ui::MainWindow& window) {
        QSettings().clear();
        window.placeOnScreen();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy settled(&window, &ui::MainWindow::workspaceSettled);
        window.openDemoWorkspace(m_root);
        QVERIFY(settled.wait(240000));
        QTRY_VERIFY_WITH_TIMEOUT(window.jobs()->runningCount() == 0, 120000);
    }
    static QString rect(const QRect& r) {
        return QStringLiteral("%1,%2 %3×%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
    }
    ui::TranslationInstaller m_english;
    QRect m_available;
    QString m_root = QStringLiteral(TIDEMARK_BINARY_DIR "/test-demo");
    std::unique_ptr<ui::MainWindow> m_demoWindow;
};

QTEST_MAIN(TestConsoleScreens)
#include "test_console_screens.moc"
