// The main window's docks and where it stands, kept between sessions: the dataset docks and the Jobs dock,
// the placement on the screen, the saved layout and the last connections (MainWindow's second file).
#include "mainwindow.h"

#include "connectionprofilestore.h"
#include "datasetpanel.h"
#include "jobpanel.h"
#include "kudostablesummarymodel.h"
#include "mowersummarymodel.h"
#include "trackssummarymodel.h"
#include "windowplacement.h"

#include <QAction>
#include <QCloseEvent>
#include <QDockWidget>
#include <QGuiApplication>
#include <QMenu>
#include <QScreen>
#include <QSettings>
#include <QTabWidget>

namespace tidemark::ui {

namespace {
using Dataset = WorkspaceSession::Dataset;
// The window's layout as closeEvent saves it (QSettings of the application; a test sets its own names).
constexpr const char* kGeometryKey = "window/geometry";
constexpr const char* kNormalGeometryKey = "window/normalGeometry"; // the QRect the restore judges by
constexpr const char* kStateKey = "window/state";
constexpr const char* kWorkbenchKey = "window/workbench";
constexpr const char* kClosedDocksKey = "window/closedDocks";
constexpr const char* kLastDemoKey = "connections/lastDemo"; // the demo's folder when it was the workspace
constexpr int kLayoutVersion = 2;                            // of saveState(): raise when the docks change
constexpr int kJobsDockHeight = 180; // the Jobs dock's list on a roomy screen; a small one gets the strip
} // namespace

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
        addDockWidget(Qt::TopDockWidgetArea, dock, Qt::Horizontal);
        dock->installEventFilter(this); // its close button: the user closed it
        m_panels[slot(dataset)] = panel;
        m_docks[slot(dataset)] = dock;
        connect(panel, &DatasetPanel::reloadRequested, this, [this, dataset] { m_session->reload(dataset); });
        return dock;
    };
    QDockWidget* positions = addPanel(WorkspaceSession::Dataset::Positions, m_session->positionsModel(),
                                      positions::MowerSummaryModel::SortRole, QStringLiteral("positions"));
    QDockWidget* kudos = addPanel(WorkspaceSession::Dataset::Kudos, m_session->kudosModel(),
                                  kudos::KudosTableSummaryModel::SortRole, QStringLiteral("kudos"));
    QDockWidget* tracks = addPanel(WorkspaceSession::Dataset::Tracks, m_session->tracksModel(),
                                   tracks::TracksSummaryModel::SortRole, QStringLiteral("tracks"));
    // The workbench takes the room: the dataset panels share one line above it (one shows at a time, with
    // its workbench, folded to its summary).
    tabifyDockWidget(positions, kudos);
    tabifyDockWidget(kudos, tracks);
    positions->raise();

    m_jobPanel = new JobPanel(jobs(), this);
    m_jobsDock = new QDockWidget(tr("Jobs"), this);
    m_jobsDock->setObjectName(QStringLiteral("jobsDock"));
    m_jobsDock->setWidget(m_jobPanel);
    addDockWidget(Qt::BottomDockWidgetArea, m_jobsDock);
    resizeDocks({m_jobsDock}, {kJobsDockHeight}, Qt::Vertical);
}

QRect MainWindow::availableGeometry(const QRect& around) const {
    QScreen* screen = around.isValid() ? QGuiApplication::screenAt(around.center()) : nullptr;
    if (!screen)
        screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    return screen ? screen->availableGeometry() : QRect();
}

void MainWindow::placeOnScreen() {
    const QRect available = availableGeometry({});
    if (!available.isValid())
        return;
    const WindowPlacement placement = WindowPlacement::firstStart(available);
    setGeometry(placement.geometry);
    if (placement.maximized)
        setWindowState(windowState() | Qt::WindowMaximized);
    sizeDocksForScreen();
}

// On a small screen the Jobs dock starts as its strip; it unfolds when dragged taller.
void MainWindow::sizeDocksForScreen() {
    const bool small = availableGeometry(geometry()).height() < WindowPlacement::kRoomyHeight;
    resizeDocks({m_jobsDock}, {small ? m_jobPanel->stripHeight() : kJobsDockHeight}, Qt::Vertical);
}

// Each dataset's dock shows while its workbench is in front, unless the user closed it; the Jobs dock is left
// alone.
void MainWindow::followWorkbench() {
    const Workbench* inFront = workbenchAt(m_workbenches->currentWidget());
    const std::optional<Dataset> front = inFront ? inFront->workspaceDataset() : std::nullopt;
    for (Dataset dataset : kWorkspaceDatasets) {
        QDockWidget* dock = m_docks[slot(dataset)];
        const bool show = front == dataset && !m_dockClosed[slot(dataset)];
        // Every workbench of a dataset shows its dock's rows, or a finer cut of them (the mowers; the kudos
        // tables' ranges and objects; the tracks' activities in the filter): the dock is their summary.
        m_panels[slot(dataset)]->setCompact(show);
        if (show == dock->isHidden())
            dock->setVisible(show);
        if (show)
            dock->raise();
    }
}

void MainWindow::setDockWanted(Dataset dataset, bool wanted) {
    m_dockClosed[slot(dataset)] = !wanted;
    m_dockToggles[slot(dataset)]->setChecked(wanted);
    const Workbench* inFront = workbenchAt(m_workbenches->currentWidget());
    if (wanted && (!inFront || inFront->workspaceDataset() != dataset) && workbenchFor(dataset))
        m_workbenches->setCurrentWidget(
            workbenchFor(dataset)->widget()); // followWorkbench() by currentChanged
    followWorkbench();
}

QMenu* MainWindow::createPopupMenu() {
    auto* menu = new QMenu(this);
    for (QAction* toggle : m_dockToggles)
        menu->addAction(toggle);
    menu->addAction(m_jobsDock->toggleViewAction());
    return menu;
}

void MainWindow::saveLayout() {
    QSettings settings;
    settings.setValue(QLatin1String(kGeometryKey), saveGeometry());
    settings.setValue(QLatin1String(kNormalGeometryKey), normalGeometry());
    settings.setValue(QLatin1String(kStateKey), saveState(kLayoutVersion));
    settings.setValue(QLatin1String(kWorkbenchKey), currentWorkbench());
    QStringList closed;
    for (Dataset dataset : kWorkspaceDatasets)
        if (m_dockClosed[slot(dataset)])
            closed << m_docks[slot(dataset)]->objectName();
    settings.setValue(QLatin1String(kClosedDocksKey), closed);
    // The demo is opened again (it may have been stopped); other connections are saved without secrets.
    settings.setValue(QLatin1String(kLastDemoKey), m_connectedToDemo ? m_demoRoot : QString());
    m_profiles->setLastConnections(m_connectedToDemo ? WorkspaceConnections() : m_session->connections());
    m_profiles->sync();
}

void MainWindow::restoreLayout() {
    QSettings settings;
    // The saved geometry comes back only while it fits the screen it would open on (not after a move from a
    // bigger screen, nor from a version that did not save the rectangle): else the window is placed anew.
    const QByteArray geometry = settings.value(QLatin1String(kGeometryKey)).toByteArray();
    const QRect normal = settings.value(QLatin1String(kNormalGeometryKey)).toRect();
    const bool restored = !geometry.isEmpty() && WindowPlacement::fits(normal, availableGeometry(normal)) &&
                          restoreGeometry(geometry);
    if (!restored)
        placeOnScreen();
    if (!restoreState(settings.value(QLatin1String(kStateKey)).toByteArray(), kLayoutVersion) && restored)
        sizeDocksForScreen(); // none saved, or an older layout's: the docks' defaults for this screen
    const QStringList closed = settings.value(QLatin1String(kClosedDocksKey)).toStringList();
    for (Dataset dataset : kWorkspaceDatasets) {
        m_dockClosed[slot(dataset)] = closed.contains(m_docks[slot(dataset)]->objectName());
        m_dockToggles[slot(dataset)]->setChecked(!m_dockClosed[slot(dataset)]);
    }
    showWorkbench(settings.value(QLatin1String(kWorkbenchKey)).toString());
    followWorkbench();
    updateCommands();
}

WorkspaceConnections MainWindow::lastConnections() const {
    return m_profiles->lastConnections();
}

bool MainWindow::reconnectLast() {
    const QString demo = QSettings().value(QLatin1String(kLastDemoKey)).toString();
    if (!demo.isEmpty()) {
        openDemoWorkspace(demo);
        return true;
    }
    WorkspaceConnections connections = lastConnections();
    if (connections.isEmpty())
        return false;
    // An archive URL given at start (TIDEMARK_ARCHIVE_URL, --archive) keeps the credentials the saved one
    // lost.
    if (!m_session->settings().archiveUrl.isEmpty())
        connections.archiveUrl = m_session->settings().archiveUrl;
    connectTo(connections);
    return true;
}

} // namespace tidemark::ui
