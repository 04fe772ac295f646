#include "mainwindow.h"

#include "aboutdialog.h"
#include "connectdialog.h"
#include "connectionprofilestore.h"
#include "datasetpanel.h"
#include "demoworkspace.h"
#include "disputeworkbench.h"
#include "homeworkbench.h"
#include "kudosdataset.h"
#include "kudosworkbench.h"
#include "positionsdataset.h"
#include "taskmanager.h"
#include "tracksdataset.h"
#include "tracksworkbench.h"
#include "translationinstaller.h"
#include "workbenchnames.h"

#include "basemapspec.h"
#include "basemapswitch.h"
#include "error.h"
#include "kudosroundpanel.h"
#include "mapview.h"
#include "positionsworkbench.h"
#include "previewpanel.h"
#include "roundpanel.h"

#include <QAbstractButton>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <algorithm>
#include <optional>
#include <utility>

namespace tidemark::ui {

namespace {
using Dataset = WorkspaceSession::Dataset;
using workbenchnames::kDatasets;
constexpr quint64 kDemoSeed = 20261130;
constexpr const char* kBaseMapKey = "map/base";
} // namespace

MainWindow::MainWindow(const WorkspaceSettings& settings, QWidget* parent)
    : QMainWindow(parent), m_tasks(new TaskManager(this)), m_session(new WorkspaceSession(m_tasks, this)),
      m_profiles(std::make_unique<ConnectionProfileStore>()),
      m_demoRoot(demo::DemoWorkspace::defaultRoot(settings.demoDir)) {
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("Tidemark"));
    m_session->setSettings(settings);
    // One workbench per dataset: positions, kudos, archive and disputes, tracks.
    m_workbenches = new QTabWidget(this);
    m_workbenches->setObjectName(QStringLiteral("workbenches"));
    m_workbenches->setDocumentMode(true);
    // The home first: the retention plan of every dataset connected (spec/operations.md).
    m_homeWorkbench = new HomeWorkbench(m_tasks, m_workbenches);
    m_workbenches->addTab(m_homeWorkbench, tr("Home"));
    m_positionsWorkbench = new PositionsWorkbench(m_session->positions(), m_workbenches);
    m_positionsWorkbench->setObjectName(QStringLiteral("positionsWorkbench"));
    m_workbenches->addTab(m_positionsWorkbench,
                          WorkspaceSession::datasetName(WorkspaceSession::Dataset::Positions));
    m_kudosWorkbench = new KudosWorkbench(m_session->kudos(), m_workbenches);
    m_kudosWorkbench->setObjectName(QStringLiteral("kudosWorkbench"));
    m_workbenches->addTab(m_kudosWorkbench, WorkspaceSession::datasetName(WorkspaceSession::Dataset::Kudos));
    m_disputeWorkbench = new DisputeWorkbench(m_session->disputes(), m_workbenches);
    m_disputeWorkbench->setObjectName(QStringLiteral("disputeWorkbench"));
    m_workbenches->addTab(m_disputeWorkbench, tr("Archive && disputes"));
    m_tracksWorkbench = new TracksWorkbench(m_session->tracksData(), m_workbenches);
    m_tracksWorkbench->setObjectName(QStringLiteral("tracksWorkbench"));
    m_workbenches->addTab(m_tracksWorkbench,
                          WorkspaceSession::datasetName(WorkspaceSession::Dataset::Tracks));
    m_positionsMap = m_positionsWorkbench->map();
    setCentralWidget(m_workbenches);
    connectWorkbench();
    connectHome();
    m_positionsMap->setObjectName(QStringLiteral("map"));
    createDocks();
    createMenus();
    bindSession();
    connect(m_workbenches, &QTabWidget::currentChanged, this, [this] {
        followWorkbench();
        updateCommands();
    });
    followWorkbench();
    updateCommands();

    m_connectionLabel = new QLabel(this);
    m_connectionLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_jobsLabel = new QLabel(this);
    statusBar()->addWidget(m_connectionLabel, 1);
    statusBar()->addPermanentWidget(m_jobsLabel);
    connect(jobs(), &TaskListModel::runningCountChanged, this, &MainWindow::updateStatus);
    updateStatus();
    // The size tests and offscreen runs see; the console places itself on its screen (placeOnScreen,
    // restoreLayout).
    resize(1680, 1020);
    m_baseMaps = new BaseMapSwitch({m_positionsMap, m_tracksWorkbench->map()}, this);
    connect(m_baseMaps, &BaseMapSwitch::changed, this,
            [this](const QString& spec, const QStringList& warnings) {
                m_baseMapFallback.clear();
                if (!warnings.isEmpty())
                    statusBar()->showMessage(warnings.join(QLatin1String("; ")), 15000);
                if (m_rememberBaseMap)
                    QSettings().setValue(QLatin1String(kBaseMapKey), BaseMapSpec::forSettings(spec));
            });
    connect(m_baseMaps, &BaseMapSwitch::refused, this, [this](const QString& spec, const QString& reason) {
        statusBar()->showMessage(tr("Base map not changed: %1").arg(reason), 15000);
        emit baseMapRefused(spec, reason);
        if (!m_baseMapFallback.isEmpty())
            applyBaseMap(std::exchange(m_baseMapFallback, {}), false);
    });
    const QString remembered = QSettings().value(QLatin1String(kBaseMapKey)).toString();
    if (settings.tilesUrl.isEmpty() || !applyBaseMap(settings.tilesUrl, false, remembered).isEmpty())
        applyBaseMap(remembered, false);
}

// The workbenches go first: they cancel their tasks through the task manager and the datasets they show.
MainWindow::~MainWindow() {
    m_workbenches->disconnect(this); // no docks to follow while the tabs go
    delete takeCentralWidget();
}

TaskListModel* MainWindow::jobs() const {
    return m_tasks->tasks();
}

DatasetPanel* MainWindow::panel(WorkspaceSession::Dataset dataset) const {
    return m_panels[slot(dataset)];
}

void MainWindow::createMenus() {
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    QAction* connectAction = m_fileMenu->addAction(tr("&Connect…"), this, &MainWindow::showConnectDialog);
    connectAction->setShortcut(QKeySequence::Open);
    m_fileMenu->addAction(tr("Open &demo workspace"), this, [this] { openDemoWorkspace(m_demoRoot); });
    QAction* reload = m_fileMenu->addAction(tr("&Reload all"), m_session, &WorkspaceSession::reloadAll);
    reload->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5)); // F5 reloads the workbench in front
    m_fileMenu->addSeparator();
    QAction* quit = m_fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    // A dataset's dock shows with its workbench: its toggle says whether it does (checking it brings the
    // workbench to the front); the Jobs dock shows whatever is in front.
    for (Dataset dataset : kDatasets) {
        QAction* toggle = m_viewMenu->addAction(m_docks[slot(dataset)]->windowTitle());
        toggle->setCheckable(true);
        toggle->setChecked(true);
        toggle->setObjectName(m_docks[slot(dataset)]->objectName() + QStringLiteral("Toggle"));
        connect(toggle, &QAction::triggered, this,
                [this, dataset](bool checked) { setDockWanted(dataset, checked); });
        m_dockToggles[slot(dataset)] = toggle;
    }
    m_viewMenu->addAction(m_jobsDock->toggleViewAction());
    m_viewMenu->addSeparator();
    QMenu* baseMap = m_viewMenu->addMenu(tr("&Base map"));
    baseMap->setObjectName(QStringLiteral("baseMapMenu"));
    baseMap->addAction(tr("&Neutral grid (offline)"), this, [this] { setBaseMap({}); });
    baseMap->addAction(tr("&XYZ tiles…"), this, [this] {
        bool ok = false;
        const QString url = QInputDialog::getText(
            this, tr("XYZ tiles"),
            tr("URL template with {z}, {x} and {y} (respect the tile server's usage policy). A key in its "
               "query is used for this session only, never saved; TIDEMARK_TILES_URL provides it at start:"),
            QLineEdit::Normal, this->baseMap(), &ok);
        if (ok)
            setBaseMap(url);
    });
    baseMap->addAction(tr("&MBTiles file…"), this, [this] {
        const QString file =
            QFileDialog::getOpenFileName(this, tr("MBTiles file"), {}, tr("MBTiles (*.mbtiles)"));
        if (!file.isEmpty())
            setBaseMap(file);
    });

    createCommands();

    QMenu* settings = menuBar()->addMenu(tr("&Settings"));
    settings->setObjectName(QStringLiteral("settingsMenu"));
    QMenu* language = settings->addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("languageMenu"));
    m_languageGroup = new QActionGroup(this);
    const QString saved = TranslationInstaller::savedLanguage();
    const auto addLanguage = [&](const QString& code, const QString& label) {
        QAction* action = language->addAction(label);
        action->setCheckable(true);
        action->setChecked(code == saved);
        action->setData(code);
        m_languageGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { chooseLanguage(code); });
    };
    addLanguage(QString(), tr("System language"));
    addLanguage(QStringLiteral("en"), QStringLiteral("English"));
    addLanguage(QStringLiteral("ru"), QStringLiteral("Русский"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    help->addAction(tr("&About Tidemark"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::bindSession() {
    using Dataset = WorkspaceSession::Dataset;
    connect(m_session, &WorkspaceSession::notConnected, this,
            [this](Dataset dataset) { panel(dataset)->setNotConnected({}); });
    connect(m_session, &WorkspaceSession::loadingStarted, this, [this](Dataset dataset) {
        const WorkspaceConnections& c = m_session->connections();
        panel(dataset)->setSource(
            dataset == Dataset::Positions ? ConnectionProfileStore::describe(c.positionsConninfo)
            : dataset == Dataset::Kudos   ? ConnectionProfileStore::describe(c.kudosConninfo)
            : c.tracksConninfo.isEmpty()  ? c.tracksPath
                                          : ConnectionProfileStore::describe(c.tracksConninfo));
        panel(dataset)->setLoading();
    });
    connect(m_session, &WorkspaceSession::loaded, this,
            [this](Dataset dataset, const QString& summary) { panel(dataset)->setLoaded(summary); });
    connect(m_session, &WorkspaceSession::loadFailed, this,
            [this](Dataset dataset, const Error& error) { panel(dataset)->setFailed(error.message()); });
    connect(m_session, &WorkspaceSession::demoStarting, this, [this](const QString&) {
        for (DatasetPanel* p : m_panels)
            p->setNotConnected(tr("Starting the demo workspace… The first start generates its data "
                                  "and takes about a minute."));
        statusBar()->showMessage(tr("Starting the demo workspace…"));
    });
    connect(m_session, &WorkspaceSession::demoFailed, this, [this](const Error& error) {
        for (DatasetPanel* p : m_panels)
            p->setFailed(tr("The demo workspace did not start: %1").arg(error.message()));
        statusBar()->showMessage(tr("The demo workspace did not start"), 10000);
    });
    connect(m_session, &WorkspaceSession::connectionsChanged, this, &MainWindow::updateStatus);
    connect(m_session, &WorkspaceSession::connectionsChanged, this, [this] {
        m_connectedToDemo = m_demoStarting; // the demo's start ends in these connections
        m_demoStarting = false;
    });
    connect(m_session, &WorkspaceSession::demoFailed, this, [this] { m_demoStarting = false; });
    connect(m_session, &WorkspaceSession::connectionsChanged, statusBar(), &QStatusBar::clearMessage);
    connect(m_session, &WorkspaceSession::connectionsChanged, this, [this](const WorkspaceConnections& c) {
        // The session connects the positions dataset; the workbench follows it to its first preview.
        if (!c.positionsConninfo.isEmpty()) {
            m_workbenchPending = true;
            m_workbenchOk = true;
        }
    });
    connect(m_session, &WorkspaceSession::loadingStarted, this, [this] { m_sessionSettled = false; });
    connect(m_session, &WorkspaceSession::demoStarting, this, [this] { m_sessionSettled = false; });
    connect(m_session, &WorkspaceSession::settled, this, [this](bool ok) {
        m_sessionSettled = true;
        m_sessionOk = ok;
        // The home's plan after every connect; a screenshot of the home waits for the exact one.
        if (!m_session->connections().isEmpty()) {
            m_homePending = m_workbenches->currentWidget() == m_homeWorkbench;
            m_homeWorkbench->refresh();
        }
        settleWhenReady();
    });
}

void MainWindow::connectHome() {
    m_homeWorkbench->setRequestSource([this] {
        RetentionPlanRequest request;
        request.connections = m_session->connections();
        request.settings = m_session->settings();
        request.now = m_session->positions()->now();
        request.machineNow = nowMicros();
        return request;
    });
    const auto homeDone = [this] {
        if (!m_homePending)
            return;
        m_homePending = false;
        settleWhenReady();
    };
    connect(m_homeWorkbench, &HomeWorkbench::planShown, this, [homeDone](bool quick) {
        if (!quick)
            homeDone();
    });
    connect(m_homeWorkbench, &HomeWorkbench::refreshFailed, this, homeDone);
    connect(m_homeWorkbench, &HomeWorkbench::openWorkbench, this, &MainWindow::openFromHome);
    // After any round the plan is out of date.
    const auto replan = [this] { m_homeWorkbench->refresh(); };
    connect(m_session->positions(), &positions::PositionsDataset::roundFinished, this, replan);
    connect(m_session->kudos(), &kudos::KudosDataset::roundFinished, this, replan);
    connect(m_session->tracksData(), &tracks::TracksDataset::retained, this, replan);
    // An opened plan's units are drawn on the workbenches' maps (mainwindowplan.cpp).
    connect(m_homeWorkbench, &HomeWorkbench::planOpened, this, &MainWindow::showOpenedPlan);
    // An applied plan file changed the datasets behind their workbenches' backs: they load again.
    connect(m_homeWorkbench, &HomeWorkbench::planApplied, this, [this] {
        if (m_session->positions()->isConnected())
            m_session->positions()->reload();
        m_session->kudos()->reload();
        m_session->tracksData()->reload();
    });
}

void MainWindow::openFromHome(WorkspaceDataset dataset, const QString& target) {
    switch (dataset) {
    case WorkspaceDataset::Positions:
        showWorkbench(m_positionsWorkbench->objectName());
        if (!target.isEmpty())
            m_positionsWorkbench->selectMower(target);
        break;
    case WorkspaceDataset::Kudos: {
        showWorkbench(m_kudosWorkbench->objectName());
        const QAbstractItemModel* model = m_kudosWorkbench->partitionTable()->model();
        for (int row = 0; !target.isEmpty() && model && row < model->rowCount(); ++row)
            for (int column = 0; column < model->columnCount(); ++column)
                if (model->index(row, column).data().toString() == target) {
                    m_kudosWorkbench->selectPartition(row);
                    return;
                }
        break;
    }
    case WorkspaceDataset::Tracks:
        showWorkbench(m_tracksWorkbench->objectName());
        break;
    }
}

bool MainWindow::isMapIdle() const {
    return m_positionsMap->isRenderingIdle();
}

void MainWindow::connectWorkbench() {
    const auto done = [this](bool ok) {
        if (!m_workbenchPending)
            return;
        m_workbenchPending = false;
        m_workbenchOk = ok;
        settleWhenReady();
    };
    connect(m_positionsWorkbench, &PositionsWorkbench::mowerPreviewLoaded, this, [done] { done(true); });
    connect(m_positionsWorkbench, &PositionsWorkbench::previewFailed, this, [done] { done(false); });
    connect(m_positionsWorkbench, &PositionsWorkbench::failed, this, [done] { done(false); });
    connect(m_positionsWorkbench, &PositionsWorkbench::mowersLoaded, this, [done](int count) {
        if (count == 0)
            done(true); // nothing to preview
    });
}

void MainWindow::settleWhenReady() {
    if (m_sessionSettled && !m_workbenchPending && !m_homePending)
        emit workspaceSettled(m_sessionOk && m_workbenchOk);
}

QString MainWindow::setBaseMap(const QString& spec) {
    return applyBaseMap(spec, true);
}

QString MainWindow::applyBaseMap(const QString& spec, bool remember, const QString& fallback) {
    m_rememberBaseMap = remember;
    m_baseMapFallback = fallback;
    const QString problem = m_baseMaps->choose(spec);
    if (!problem.isEmpty())
        statusBar()->showMessage(tr("Base map not changed: %1").arg(problem), 15000);
    return problem;
}

QString MainWindow::baseMap() const {
    return m_baseMaps->current();
}

void MainWindow::connectTo(const WorkspaceConnections& connections) {
    m_session->setConnections(connections);
}

void MainWindow::openDemoWorkspace(const QString& root) {
    m_demoRoot = root;
    m_demoStarting = true;
    m_session->openDemo(root, kDemoSeed);
}

void MainWindow::showConnectDialog() {
    ConnectDialog dialog(*m_profiles, m_session->connections(), this);
    if (dialog.exec() == QDialog::Accepted)
        m_session->setConnections(dialog.connections());
}

void MainWindow::showAbout() {
    AboutDialog about(this);
    about.exec();
}

void MainWindow::chooseLanguage(const QString& lang) {
    TranslationInstaller::saveLanguage(lang);
    QMessageBox::information(this, tr("Language"),
                             tr("The new language is used when Tidemark starts again."));
}

void MainWindow::updateStatus() {
    const WorkspaceConnections& c = m_session->connections();
    QStringList parts;
    if (!c.positionsConninfo.isEmpty())
        parts << tr("positions: %1").arg(ConnectionProfileStore::describe(c.positionsConninfo));
    if (!c.kudosConninfo.isEmpty())
        parts << tr("kudos: %1").arg(ConnectionProfileStore::describe(c.kudosConninfo));
    if (!c.tracksConninfo.isEmpty())
        parts << tr("tracks: %1").arg(ConnectionProfileStore::describe(c.tracksConninfo));
    else if (!c.tracksPath.isEmpty())
        parts << tr("tracks: %1").arg(c.tracksPath);
    if (!c.archiveUrl.isEmpty())
        parts << tr("archive: %1").arg(c.archiveUrl);
    m_connectionLabel->setText(parts.isEmpty() ? tr("Not connected") : parts.join(QStringLiteral("   ·   ")));
    m_connectionLabel->setToolTip(parts.join(QLatin1Char('\n')));
    const int running = jobs()->runningCount();
    m_jobsLabel->setText(running == 0 ? tr("No jobs running") : tr("%n job(s) running", "", running));
}

// Reload, Preview, Run, Pause (Resume while paused) and Cancel of the workbench in front: each clicks that
// workbench's own button (or its dock's Reload), so it does what the button does, asks what the button asks
// (the tracks' Delete them… asks first) and is enabled when the button is.
void MainWindow::createCommands() {
    m_workbenchMenu = menuBar()->addMenu(tr("&Workbench"));
    m_workbenchMenu->setObjectName(QStringLiteral("workbenchMenu"));
    const struct {
        Command command;
        QString text;
        QKeySequence keys;
        QString objectName;
        QString tip;
    } commands[] = {
        {Command::Reload, tr("&Reload"), QKeySequence(Qt::Key_F5), QStringLiteral("reloadAction"),
         tr("Load the dataset of the workbench in front again")},
        {Command::Preview, tr("&Preview"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P),
         QStringLiteral("previewAction"),
         tr("Preview what a round would do (positions: the preview; kudos: the dry run; tracks: the "
            "retention "
            "preview)")},
        {Command::Run, tr("R&un"), QKeySequence(Qt::CTRL | Qt::Key_Return), QStringLiteral("runAction"),
         tr("Run the workbench's round (tracks: delete the previewed tracks, after asking)")},
        {Command::Pause, tr("P&ause"), QKeySequence(Qt::CTRL | Qt::Key_Period), QStringLiteral("pauseAction"),
         tr("Pause the running round, or resume the paused one")},
        {Command::Cancel, tr("&Cancel"), QKeySequence(Qt::SHIFT | Qt::Key_Escape),
         QStringLiteral("cancelAction"), tr("Cancel the running round (positions: or the preview)")},
    };
    for (const auto& c : commands) {
        QAction* action = m_workbenchMenu->addAction(c.text);
        action->setObjectName(c.objectName);
        action->setShortcut(c.keys);
        action->setStatusTip(c.tip);
        action->setToolTip(c.tip);
        const Command command = c.command;
        connect(action, &QAction::triggered, this, [this, command] {
            if (QAbstractButton* button = commandTarget(command); button && button->isEnabled())
                button->click();
        });
        m_commands[int(command)] = action;
        if (command == Command::Reload)
            m_workbenchMenu->addSeparator();
    }
    // A command follows its buttons' enabled state on every workbench.
    for (int i = 0; i < m_workbenches->count(); ++i)
        for (int c = 0; c < kCommandCount; ++c)
            for (QAbstractButton* button : commandButtons(m_workbenches->widget(i), Command(c)))
                button->installEventFilter(this);
}

std::vector<QAbstractButton*> MainWindow::commandButtons(const QWidget* workbench, Command command) const {
    std::vector<QAbstractButton*> buttons;
    const auto datasetReload = [&](Dataset dataset) {
        if (command == Command::Reload)
            buttons.push_back(panel(dataset)->reloadButton());
    };
    if (workbench && workbench == m_positionsWorkbench) {
        datasetReload(Dataset::Positions);
        const RoundPanel* rounds = m_positionsWorkbench->roundPanel();
        const PreviewPanel* preview = m_positionsWorkbench->previewPanel();
        if (command == Command::Preview)
            buttons = {preview->previewButton()};
        else if (command == Command::Run)
            buttons = {rounds->runButton()};
        else if (command == Command::Pause)
            buttons = {rounds->pauseButton(), rounds->resumeButton()};
        else if (command == Command::Cancel)
            buttons = {rounds->cancelButton(), preview->cancelButton()};
    } else if (workbench && workbench == m_kudosWorkbench) {
        datasetReload(Dataset::Kudos);
        const KudosRoundPanel* rounds = m_kudosWorkbench->roundPanel();
        if (command == Command::Preview)
            buttons = {rounds->previewButton()}; // a dry run: the plan Run applies
        else if (command == Command::Run)
            buttons = {rounds->runButton()};
        else if (command == Command::Pause)
            buttons = {rounds->pauseButton(), rounds->resumeButton()};
        else if (command == Command::Cancel)
            buttons = {rounds->cancelButton()};
    } else if (workbench && workbench == m_disputeWorkbench) {
        datasetReload(Dataset::Kudos);
        if (command == Command::Cancel)
            buttons = {m_disputeWorkbench->cancelButton()}; // the restore's or the drill's
    } else if (workbench && workbench == m_homeWorkbench) {
        if (command == Command::Reload)
            buttons = {m_homeWorkbench->refreshButton()};
    } else if (workbench && workbench == m_tracksWorkbench) {
        datasetReload(Dataset::Tracks);
        if (command == Command::Preview)
            buttons = {m_tracksWorkbench->retentionPreviewButton()};
        else if (command == Command::Run)
            buttons = {m_tracksWorkbench->retainButton()};
    }
    buttons.erase(std::remove(buttons.begin(), buttons.end(), nullptr), buttons.end());
    return buttons;
}

QAbstractButton* MainWindow::commandTarget(Command command) const {
    const std::vector<QAbstractButton*> buttons = commandButtons(m_workbenches->currentWidget(), command);
    for (QAbstractButton* button : buttons)
        if (button->isEnabled())
            return button;
    return buttons.empty() ? nullptr : buttons.front();
}

void MainWindow::updateCommands() {
    m_commandsPending = false;
    for (int c = 0; c < kCommandCount; ++c) {
        QAbstractButton* target = commandTarget(Command(c));
        m_commands[c]->setEnabled(target && target->isEnabled());
    }
    // Pause resumes a paused round: it says so.
    const QAbstractButton* pause = commandTarget(Command::Pause);
    const std::vector<QAbstractButton*> pauses =
        commandButtons(m_workbenches->currentWidget(), Command::Pause);
    const bool resumes = pause && pauses.size() > 1 && pause == pauses[1] && pause->isEnabled();
    m_commands[int(Command::Pause)]->setText(resumes ? tr("Res&ume") : tr("P&ause"));
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::EnabledChange && !m_commandsPending) {
        // Buttons change in bursts (a panel's state): the commands follow once the burst is over.
        m_commandsPending = true;
        QMetaObject::invokeMethod(this, &MainWindow::updateCommands, Qt::QueuedConnection);
    } else if (event->type() == QEvent::Close) {
        for (Dataset dataset : kDatasets)
            if (watched == m_docks[slot(dataset)]) {
                m_dockClosed[slot(dataset)] = true; // closed by its button: stays closed for its workbench
                m_dockToggles[slot(dataset)]->setChecked(false);
            }
    }
    return QMainWindow::eventFilter(watched, event);
}

QString MainWindow::currentWorkbench() const {
    return m_workbenches->currentWidget() ? m_workbenches->currentWidget()->objectName() : QString();
}

bool MainWindow::showWorkbench(const QString& objectName) {
    for (int i = 0; i < m_workbenches->count(); ++i)
        if (m_workbenches->widget(i)->objectName() == objectName) {
            m_workbenches->setCurrentIndex(i);
            return true;
        }
    return false;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_remembersLayout)
        saveLayout();
    m_tasks->cancelAll();
    event->accept();
}

} // namespace tidemark::ui
