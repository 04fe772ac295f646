#include "mainwindow.h"

#include "aboutdialog.h"
#include "connectdialog.h"
#include "connectionprofilestore.h"
#include "datasetpanel.h"
#include "demoworkspace.h"
#include "disputeworkbench.h"
#include "jobpanel.h"
#include "kudostablesummarymodel.h"
#include "kudosworkbench.h"
#include "mowersummarymodel.h"
#include "positionsdataset.h"
#include "taskmanager.h"
#include "trackssummarymodel.h"
#include "tracksworkbench.h"
#include "translationinstaller.h"

#include "basemapspec.h"
#include "error.h"
#include "mapview.h"
#include "positionsworkbench.h"
#include "tilesource.h"
#include "xyztilesource.h"

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
#include <QNetworkAccessManager>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>

namespace tidemark::ui {

namespace {
constexpr quint64 kDemoSeed = 20261130;
constexpr const char* kBaseMapKey = "map/base";
int slot(WorkspaceSession::Dataset dataset) {
    return static_cast<int>(dataset);
}
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
    m_positionsMap->setObjectName(QStringLiteral("map"));
    createDocks();
    createMenus();
    bindSession();

    m_connectionLabel = new QLabel(this);
    m_connectionLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_jobsLabel = new QLabel(this);
    statusBar()->addWidget(m_connectionLabel, 1);
    statusBar()->addPermanentWidget(m_jobsLabel);
    connect(jobs(), &TaskListModel::runningCountChanged, this, &MainWindow::updateStatus);
    updateStatus();
    resize(1680, 1020);
    if (settings.tilesUrl.isEmpty() || !applyBaseMap(settings.tilesUrl, false).isEmpty())
        applyBaseMap(QSettings().value(QLatin1String(kBaseMapKey)).toString(), false);
}

// The workbenches go first: they cancel their tasks through the task manager and the datasets they show.
MainWindow::~MainWindow() {
    delete takeCentralWidget();
}

TaskListModel* MainWindow::jobs() const {
    return m_tasks->tasks();
}

DatasetPanel* MainWindow::panel(WorkspaceSession::Dataset dataset) const {
    return m_panels[slot(dataset)];
}

void MainWindow::createDocks() {
    setDockNestingEnabled(true);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    const auto addPanel = [this](WorkspaceSession::Dataset dataset, QAbstractItemModel* model, int sortRole,
                                 const QString& objectName) {
        auto* panel = new DatasetPanel(model, sortRole, this);
        panel->setObjectName(objectName + QStringLiteral("Panel"));
        auto* dock = new QDockWidget(WorkspaceSession::datasetName(dataset), this);
        dock->setObjectName(objectName + QStringLiteral("Dock"));
        dock->setWidget(panel);
        dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                          QDockWidget::DockWidgetClosable);
        addDockWidget(Qt::LeftDockWidgetArea, dock, Qt::Vertical);
        m_panels[slot(dataset)] = panel;
        connect(panel, &DatasetPanel::reloadRequested, this, [this, dataset] { m_session->reload(dataset); });
        return dock;
    };
    QDockWidget* positions = addPanel(WorkspaceSession::Dataset::Positions, m_session->positionsModel(),
                                      positions::MowerSummaryModel::SortRole, QStringLiteral("positions"));
    QDockWidget* kudos = addPanel(WorkspaceSession::Dataset::Kudos, m_session->kudosModel(),
                                  kudos::KudosTableSummaryModel::SortRole, QStringLiteral("kudos"));
    QDockWidget* tracks = addPanel(WorkspaceSession::Dataset::Tracks, m_session->tracksModel(),
                                   tracks::TracksSummaryModel::SortRole, QStringLiteral("tracks"));
    // The workbench takes the room: the dataset panels share one narrow column of tabs.
    tabifyDockWidget(positions, kudos);
    tabifyDockWidget(kudos, tracks);
    positions->raise();
    resizeDocks({positions}, {400}, Qt::Horizontal);

    m_jobPanel = new JobPanel(jobs(), this);
    auto* jobsDock = new QDockWidget(tr("Jobs"), this);
    jobsDock->setObjectName(QStringLiteral("jobsDock"));
    jobsDock->setWidget(m_jobPanel);
    addDockWidget(Qt::BottomDockWidgetArea, jobsDock);
    resizeDocks({jobsDock}, {180}, Qt::Vertical);
}

void MainWindow::createMenus() {
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    QAction* connectAction = m_fileMenu->addAction(tr("&Connect…"), this, &MainWindow::showConnectDialog);
    connectAction->setShortcut(QKeySequence::Open);
    m_fileMenu->addAction(tr("Open &demo workspace"), this, [this] { openDemoWorkspace(m_demoRoot); });
    QAction* reload = m_fileMenu->addAction(tr("&Reload all"), m_session, &WorkspaceSession::reloadAll);
    reload->setShortcut(QKeySequence::Refresh);
    m_fileMenu->addSeparator();
    QAction* quit = m_fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        m_viewMenu->addAction(dock->toggleViewAction());
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
            QLineEdit::Normal, m_baseMap, &ok);
        if (ok)
            setBaseMap(url);
    });
    baseMap->addAction(tr("&MBTiles file…"), this, [this] {
        const QString file =
            QFileDialog::getOpenFileName(this, tr("MBTiles file"), {}, tr("MBTiles (*.mbtiles)"));
        if (!file.isEmpty())
            setBaseMap(file);
    });

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
        settleWhenReady();
    });
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
    if (m_sessionSettled && !m_workbenchPending)
        emit workspaceSettled(m_sessionOk && m_workbenchOk);
}

QString MainWindow::setBaseMap(const QString& spec) {
    return applyBaseMap(spec, true);
}

QString MainWindow::applyBaseMap(const QString& spec, bool remember) {
    if (!m_network) {
        m_network = new QNetworkAccessManager(this);
        XyzTileSource::installDiskCache(*m_network,
                                        QStandardPaths::writableLocation(QStandardPaths::CacheLocation) +
                                            QStringLiteral("/tiles"));
    }
    try {
        std::shared_ptr<TileSource> source = BaseMapSpec::open(spec, m_network);
        const QStringList warnings = source ? source->warnings() : QStringList();
        m_positionsMap->setTileSource(std::move(source));
        m_tracksWorkbench->map()->setTileSource(BaseMapSpec::open(spec, m_network));
        if (!warnings.isEmpty())
            statusBar()->showMessage(warnings.join(QLatin1String("; ")), 15000);
    } catch (const Error& e) {
        statusBar()->showMessage(tr("Base map not changed: %1").arg(e.message()), 15000);
        return e.message();
    }
    m_baseMap = spec.trimmed();
    if (remember)
        QSettings().setValue(QLatin1String(kBaseMapKey), BaseMapSpec::forSettings(m_baseMap));
    return {};
}

void MainWindow::connectTo(const WorkspaceConnections& connections) {
    m_session->setConnections(connections);
}

void MainWindow::openDemoWorkspace(const QString& root) {
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

void MainWindow::closeEvent(QCloseEvent* event) {
    m_tasks->cancelAll();
    event->accept();
}

} // namespace tidemark::ui
