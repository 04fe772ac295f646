#include "mainwindow.h"

#include "aboutdialog.h"
#include "connectdialog.h"
#include "connectionprofilestore.h"
#include "datasetpanel.h"
#include "demo/demoworkspace.h"
#include "joblistmodel.h"
#include "jobpanel.h"
#include "jobrunner.h"
#include "kudos/kudostablesummarymodel.h"
#include "positions/mowersummarymodel.h"
#include "tracks/trackssummarymodel.h"
#include "translationinstaller.h"

#ifdef TIDEMARK_HAVE_POSITIONS_WORKBENCH
#include "positionsworkbench.h"
#endif
#ifdef TIDEMARK_HAVE_MAP
#include "map/maplayermodel.h"
#include "map/mapview.h"
#include "map/tracklayer.h"

#include <QGeoRectangle>
#else
#include "mapplaceholder.h"
#endif

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace tidemark::ui {

namespace {
constexpr quint64 kDemoSeed = 20261130;
int slot(WorkspaceSession::Dataset dataset) {
    return static_cast<int>(dataset);
}
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_jobs(new JobListModel(this)), m_runner(new JobRunner(m_jobs, this)),
      m_session(new WorkspaceSession(m_runner, this)), m_profiles(std::make_unique<ConnectionProfileStore>()),
      m_demoRoot(demo::DemoWorkspace::defaultRoot()) {
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("Tidemark"));
#if defined(TIDEMARK_HAVE_POSITIONS_WORKBENCH)
    m_workbench = new PositionsWorkbench(this);
    m_workbench->setObjectName(QStringLiteral("positionsWorkbench"));
    m_map = m_workbench->map();
    setCentralWidget(m_workbench);
    connectWorkbench();
#else
#ifdef TIDEMARK_HAVE_MAP
    m_map = new MapView(this);
#else
    m_map = new MapPlaceholder(this);
#endif
    setCentralWidget(m_map);
#endif
    m_map->setObjectName(QStringLiteral("map"));
    createDocks();
    createMenus();
    bindSession();

    m_connectionLabel = new QLabel(this);
    m_connectionLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_jobsLabel = new QLabel(this);
    statusBar()->addWidget(m_connectionLabel, 1);
    statusBar()->addPermanentWidget(m_jobsLabel);
    connect(m_jobs, &JobListModel::runningCountChanged, this, &MainWindow::updateStatus);
    updateStatus();
    resize(m_workbench ? QSize(1680, 1020) : QSize(1400, 900));
}

MainWindow::~MainWindow() = default;

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
    if (m_workbench) {
        // The positions console takes the room: the dataset panels share one narrower column.
        tabifyDockWidget(kudos, tracks);
        kudos->raise();
        resizeDocks({positions, kudos}, {580, 580}, Qt::Horizontal);
        resizeDocks({positions, kudos}, {380, 320}, Qt::Vertical);
    } else {
        resizeDocks({positions, kudos, tracks}, {680, 680, 680}, Qt::Horizontal);
        resizeDocks({positions, kudos, tracks}, {320, 300, 200}, Qt::Vertical);
    }

    m_jobPanel = new JobPanel(m_jobs, this);
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
                                          : c.tracksPath);
        panel(dataset)->setLoading();
    });
    connect(m_session, &WorkspaceSession::loaded, this, [this](Dataset dataset, const QString& summary) {
        panel(dataset)->setLoaded(summary);
        if (dataset == Dataset::Tracks)
            showTracksExtent();
    });
    connect(m_session, &WorkspaceSession::loadFailed, this,
            [this](Dataset dataset, const QString& message) { panel(dataset)->setFailed(message); });
    connect(m_session, &WorkspaceSession::demoStarting, this, [this](const QString&) {
        for (DatasetPanel* p : m_panels)
            p->setNotConnected(tr("Starting the demo workspace… The first start generates its data "
                                  "and takes about a minute."));
        statusBar()->showMessage(tr("Starting the demo workspace…"));
    });
    connect(m_session, &WorkspaceSession::demoFailed, this, [this](const QString& message) {
        for (DatasetPanel* p : m_panels)
            p->setFailed(tr("The demo workspace did not start: %1").arg(message));
        statusBar()->showMessage(tr("The demo workspace did not start"), 10000);
    });
    connect(m_session, &WorkspaceSession::connectionsChanged, this, &MainWindow::updateStatus);
    connect(m_session, &WorkspaceSession::connectionsChanged, statusBar(), &QStatusBar::clearMessage);
    connect(m_session, &WorkspaceSession::connectionsChanged, this, [this](const WorkspaceConnections& c) {
        if (m_workbench && !c.positionsConninfo.isEmpty()) {
            m_workbenchPending = true;
            m_workbenchOk = true;
            m_workbench->setConnection(c.positionsConninfo);
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
#ifdef TIDEMARK_HAVE_MAP
    return static_cast<const MapView*>(m_map)->isRenderingIdle();
#else
    return true;
#endif
}

void MainWindow::connectWorkbench() {
#if defined(TIDEMARK_HAVE_POSITIONS_WORKBENCH)
    const auto done = [this](bool ok) {
        if (!m_workbenchPending)
            return;
        m_workbenchPending = false;
        m_workbenchOk = ok;
        settleWhenReady();
    };
    connect(m_workbench, &PositionsWorkbench::mowerPreviewLoaded, this, [done] { done(true); });
    connect(m_workbench, &PositionsWorkbench::previewFailed, this, [done] { done(false); });
    connect(m_workbench, &PositionsWorkbench::failed, this, [done] { done(false); });
    connect(m_workbench, &PositionsWorkbench::mowersLoaded, this, [done](int count) {
        if (count == 0)
            done(true); // nothing to preview
    });
#endif
}

void MainWindow::settleWhenReady() {
    if (m_sessionSettled && !m_workbenchPending)
        emit workspaceSettled(m_sessionOk && m_workbenchOk);
}

void MainWindow::showTracksExtent() {
    if (m_workbench)
        return; // the map belongs to the positions console, fitted to the mower it shows
#ifdef TIDEMARK_HAVE_MAP
    // Until the datasets have layers of their own, the map outlines where the tracks lie.
    const auto& rows = m_session->tracksModel()->summaries();
    if (rows.empty() || rows.front().tracks <= 0)
        return;
    const tracks::TracksSummary& all = rows.front();
    auto outline = std::make_shared<TrackPoints>();
    outline->classes = {{QColor(31, 122, 153), tr("Tracks extent")}};
    for (const auto& [lon, lat] : {std::pair{all.minLon, all.minLat},
                                   {all.maxLon, all.minLat},
                                   {all.maxLon, all.maxLat},
                                   {all.minLon, all.maxLat},
                                   {all.minLon, all.minLat}})
        outline->append(lon, lat, 0);
    auto* map = static_cast<MapView*>(m_map);
    if (!m_tracksExtentLayer) {
        m_tracksExtentLayer =
            std::make_shared<TrackLayer>(tr("Tracks extent"), tr("The area covered by the tracks database"));
        TrackPainter::Style style;
        style.pathColour = QColor(31, 122, 153);
        m_tracksExtentLayer->setStyle(style);
        map->layers()->addLayer(m_tracksExtentLayer);
    }
    m_tracksExtentLayer->setPoints(outline);
    map->fitTo(outline->extent, 48);
#endif
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
    if (!c.tracksPath.isEmpty())
        parts << tr("tracks: %1").arg(c.tracksPath);
    if (!c.archiveUrl.isEmpty())
        parts << tr("archive: %1").arg(c.archiveUrl);
    m_connectionLabel->setText(parts.isEmpty() ? tr("Not connected") : parts.join(QStringLiteral("   ·   ")));
    m_connectionLabel->setToolTip(parts.join(QLatin1Char('\n')));
    const int running = m_jobs->runningCount();
    m_jobsLabel->setText(running == 0 ? tr("No jobs running") : tr("%n job(s) running", "", running));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    m_runner->cancelAll();
    event->accept();
}

} // namespace tidemark::ui
