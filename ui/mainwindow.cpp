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

#include "basemapspec.h"
#include "basemapswitch.h"
#include "error.h"
#include "fittinglabel.h"
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
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QUrl>
#include <algorithm>
#include <optional>
#include <utility>

namespace tidemark::ui {

namespace {
using Dataset = WorkspaceSession::Dataset;
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
    // The workbenches: the home first (the retention plan of every dataset connected, spec/operations.md),
    // then positions, kudos, archive and disputes, tracks.
    m_workbenches = new QTabWidget(this);
    m_workbenches->setObjectName(QStringLiteral("workbenches"));
    m_workbenches->setDocumentMode(true);
    addWorkbench(m_homeWorkbench = new HomeWorkbench(m_session->home(), m_workbenches),
                 QStringLiteral("homeWorkbench"));
    addWorkbench(m_positionsWorkbench = new PositionsWorkbench(m_session->positions(), m_workbenches),
                 QStringLiteral("positionsWorkbench"));
    addWorkbench(m_kudosWorkbench = new KudosWorkbench(m_session->kudos(), m_workbenches),
                 QStringLiteral("kudosWorkbench"));
    addWorkbench(m_disputeWorkbench = new DisputeWorkbench(m_session->disputes(), m_workbenches),
                 QStringLiteral("disputeWorkbench"));
    addWorkbench(m_tracksWorkbench = new TracksWorkbench(m_session->tracksData(), m_workbenches),
                 QStringLiteral("tracksWorkbench"));
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

    m_connectionLabel = new FittingLabel(this);
    m_connectionLabel->setObjectName(QStringLiteral("connectionStatus"));
    m_jobsLabel = new QLabel(this);
    statusBar()->addWidget(m_connectionLabel, 1);
    statusBar()->addPermanentWidget(m_jobsLabel);
    connect(jobs(), &TaskListModel::runningCountChanged, this, &MainWindow::updateStatus);
    updateStatus();
    // The size tests and offscreen runs see; the console places itself on its screen (placeOnScreen,
    // restoreLayout).
    resize(1680, 1020);
    std::vector<MapView*> maps;
    for (Workbench* workbench : m_workbenchList)
        if (workbench->map())
            maps.push_back(workbench->map());
    m_baseMaps = new BaseMapSwitch(maps, this);
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
        m_homeWorkbench->setOpening(tr("Starting the demo workspace"));
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
        m_homeWorkbench->setOpening(QString());
    });
    connect(m_session, &WorkspaceSession::demoFailed, this, [this] {
        m_demoStarting = false;
        m_homeWorkbench->setOpening(QString());
    });
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
    // After any round the plan is out of date; a dry run changed nothing the plan reads (its history row is
    // not a round's last run), and replanning after it would repeat its work.
    const auto replan = [this] { m_homeWorkbench->refresh(); };
    connect(m_session->positions(), &positions::PositionsDataset::roundFinished, this,
            [replan](const positions::RoundReport& report) {
                if (!report.dryRun)
                    replan();
            });
    connect(m_session->kudos(), &kudos::KudosDataset::roundFinished, this,
            [replan](const kudos::RetentionReport& report) {
                if (!report.dryRun)
                    replan();
            });
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
    Workbench* workbench = workbenchFor(dataset);
    if (!workbench)
        return;
    m_workbenches->setCurrentWidget(workbench->widget());
    if (!target.isEmpty())
        workbench->openAt(target);
}

void MainWindow::addWorkbench(Workbench* workbench, const QString& objectName) {
    workbench->widget()->setObjectName(objectName);
    m_workbenches->addTab(workbench->widget(), workbench->title());
    m_workbenchList.push_back(workbench);
}

Workbench* MainWindow::workbenchAt(const QWidget* widget) const {
    for (Workbench* workbench : m_workbenchList)
        if (widget && workbench->widget() == widget)
            return workbench;
    return nullptr;
}

Workbench* MainWindow::workbenchFor(Dataset dataset) const {
    for (Workbench* workbench : m_workbenchList)
        if (workbench->workspaceDataset() == dataset)
            return workbench;
    return nullptr;
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

namespace {
// A connection as the status bar shows it when the whole one does not fit: a socket folder is "socket", a
// file its name.
QString shortConnection(const QString& conninfo) {
    const QString whole = ConnectionProfileStore::describe(conninfo);
    static const QRegularExpression socketFolder(QStringLiteral("^/[^:]*"));
    return QString(whole).replace(socketFolder, QStringLiteral("socket"));
}
QString shortArchive(const QString& url) {
    const QUrl parsed(url);
    if (parsed.isLocalFile())
        return MainWindow::tr("directory %1").arg(QFileInfo(parsed.toLocalFile()).fileName());
    return url;
}
} // namespace

void MainWindow::updateStatus() {
    const WorkspaceConnections& c = m_session->connections();
    QStringList whole, brief;
    const auto add = [&](const QString& form, const QString& full, const QString& shortened) {
        whole << form.arg(full);
        brief << form.arg(shortened);
    };
    if (!c.positionsConninfo.isEmpty())
        add(tr("positions: %1"), ConnectionProfileStore::describe(c.positionsConninfo),
            shortConnection(c.positionsConninfo));
    if (!c.kudosConninfo.isEmpty())
        add(tr("kudos: %1"), ConnectionProfileStore::describe(c.kudosConninfo),
            shortConnection(c.kudosConninfo));
    if (!c.tracksConninfo.isEmpty())
        add(tr("tracks: %1"), ConnectionProfileStore::describe(c.tracksConninfo),
            shortConnection(c.tracksConninfo));
    else if (!c.tracksPath.isEmpty())
        add(tr("tracks: %1"), c.tracksPath, QFileInfo(c.tracksPath).fileName());
    if (!c.archiveUrl.isEmpty())
        add(tr("archive: %1"), c.archiveUrl, shortArchive(c.archiveUrl));
    if (whole.isEmpty())
        m_connectionLabel->setForms({tr("Not connected")});
    else
        m_connectionLabel->setForms(
            {whole.join(QStringLiteral("   ·   ")), brief.join(QStringLiteral("  ·  "))});
    m_connectionLabel->setToolTip(whole.join(QLatin1Char('\n')));
    const int running = jobs()->runningCount();
    m_jobsLabel->setText(running == 0 ? tr("No jobs running") : tr("%n job(s) running", "", running));
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::EnabledChange && !m_commandsPending) {
        // Buttons change in bursts (a panel's state): the commands follow once the burst is over.
        m_commandsPending = true;
        QMetaObject::invokeMethod(this, &MainWindow::updateCommands, Qt::QueuedConnection);
    } else if (event->type() == QEvent::Close) {
        for (Dataset dataset : kWorkspaceDatasets)
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
