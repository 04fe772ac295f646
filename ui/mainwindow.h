#pragma once

#include "retentionplan.h"
#include "workbench.h"
#include "workspaceconnections.h"
#include "workspacesession.h"

#include <QJsonObject>
#include <QMainWindow>
#include <array>
#include <memory>
#include <vector>

class QAbstractButton;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;
class QTabWidget;

namespace tidemark {
class ConnectionProfileStore;
class TaskListModel;
class TaskManager;
} // namespace tidemark

namespace tidemark::ui {

class BaseMapSwitch;
class DatasetPanel;
class FittingLabel;
class HelpWindow;
class JobPanel;
class DisputeWorkbench;
class HomeWorkbench;
class KudosWorkbench;
class TracksWorkbench;
class PositionsWorkbench;
class MapView;

// The console: a workbench per dataset in the central area (tabs: positions, kudos, archive and disputes,
// tracks), the workspace in docks (a panel per dataset with its connection and summary, shown with its
// workbench; the Jobs dock of the one task manager, always), menus (connect, demo workspace, the docks, base
// map, the Workbench commands with their shortcuts, language, the guides (F1), about) and a status bar. It
// shows models; the WorkspaceSession and its datasets start every task. Its layout, the workbench in front
// and the last connections (without secrets) are saved on close and restored by restoreLayout() /
// reconnectLast().
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    // The Workbench menu's commands: each clicks the matching button of the workbench in front (disabled
    // when that workbench has none, or it is disabled).
    using Command = WorkbenchCommand;
    static constexpr int kCommandCount = kWorkbenchCommandCount;

    // `settings`: read and validated at start by app/ (AppSettings), handed to the datasets.
    explicit MainWindow(const WorkspaceSettings& settings = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    WorkspaceSession* session() const { return m_session; }
    TaskListModel* jobs() const;
    QTabWidget* workbenches() const { return m_workbenches; }
    DatasetPanel* panel(WorkspaceSession::Dataset dataset) const;
    MapView* positionsMap() const { return m_positionsMap; }
    // The positions console in the central area.
    PositionsWorkbench* positionsWorkbench() const { return m_positionsWorkbench; }
    // The kudos console, the tab next to it.
    KudosWorkbench* kudosWorkbench() const { return m_kudosWorkbench; }
    // The dispute investigation on the kudos connection and the archive.
    DisputeWorkbench* disputeWorkbench() const { return m_disputeWorkbench; }
    TracksWorkbench* tracksWorkbench() const { return m_tracksWorkbench; }
    // The first tab: the retention plan of the datasets connected, refreshed after each connect and round.
    HomeWorkbench* homeWorkbench() const { return m_homeWorkbench; }
    // True when the map shows every visible layer at its current view (screenshots wait for it).
    bool isMapIdle() const;
    QMenu* fileMenu() const { return m_fileMenu; }
    QMenu* viewMenu() const { return m_viewMenu; }
    QMenu* workbenchMenu() const { return m_workbenchMenu; }
    // Shows `page` of the guides ("kudos.md") in the help window, made on first use and kept (F1: the
    // helpPage() of the workbench in front; Help ▸ Contents: index.md).
    void showHelp(const QString& page);
    HelpWindow* helpWindow() const { return m_helpWindow; } // nullptr until help was first shown
    QAction* commandAction(Command command) const { return m_commands[int(command)]; }
    // The button a command clicks on the workbench in front now (nullptr: the command is disabled there).
    QAbstractButton* commandTarget(Command command) const;

    // The dataset's dock (its DatasetPanel) and the Jobs dock.
    QDockWidget* dock(WorkspaceSession::Dataset dataset) const { return m_docks[slot(dataset)]; }
    QDockWidget* jobsDock() const { return m_jobsDock; }
    // The View menu's toggle of a dataset's dock: checked while the dock shows with its workbench.
    QAction* dockToggle(WorkspaceSession::Dataset dataset) const { return m_dockToggles[slot(dataset)]; }
    // Every tab of the central area, in order (the Workbench interface).
    const std::vector<Workbench*>& workbenchList() const { return m_workbenchList; }
    // The workbench in front by its objectName ("positionsWorkbench", "kudosWorkbench", "disputeWorkbench",
    // "tracksWorkbench"; tabs added later have their own), and bringing one to the front (false: no such
    // tab).
    QString currentWorkbench() const;
    bool showWorkbench(const QString& objectName);

    // Restores what closeEvent saved (QSettings): the geometry (while it fits the screen, else
    // placeOnScreen), the docks (saveState), the docks the user closed and the workbench in front. The
    // console calls it at start, except for --screenshot.
    void restoreLayout();
    // The first start's place (WindowPlacement::firstStart on the screen's available geometry), the Jobs dock
    // a strip on a small screen. --screenshot and restoreLayout() without a fitting saved geometry use it.
    void placeOnScreen();
    void saveLayout();
    // Whether closing saves the layout and the connections (false for --screenshot and most tests).
    void setRemembersLayout(bool remember) { m_remembersLayout = remember; }
    // Connects to the connections saved at the last close (no password: ~/.pgpass or a service file provide
    // it); false when none were saved.
    bool reconnectLast();
    WorkspaceConnections lastConnections() const;
    QMenu* createPopupMenu() override; // the View menu's dock toggles

    void connectTo(const WorkspaceConnections& connections);
    // The map's base layer: "" the neutral grid, an XYZ URL template, or an MBTiles file (BaseMapSpec).
    // Both maps (positions and tracks) show it. Remembered in the settings, a template without its query and
    // user info (an API key stays in memory). Returns "" or, when it cannot be used, the reason (also shown
    // in the status bar). An MBTiles file's metadata is read off the GUI thread: the base map changes once it
    // has been read, or stays as it was and baseMapRefused() is emitted (the reason in the status bar too).
    // At start the base map is TIDEMARK_TILES_URL when set (never saved), else the remembered one.
    QString setBaseMap(const QString& spec);
    QString baseMap() const; // the one shown
    void openDemoWorkspace(const QString& root);

    // Where "Open demo workspace" puts the demo (default: DemoWorkspace::defaultRoot(), or
    // TIDEMARK_DEMO_DIR).
    void setDemoRoot(const QString& root) { m_demoRoot = root; }

  signals:
    // Every connected dataset finished loading; ok when none failed (for --screenshot and tests).
    void workspaceSettled(bool ok);
    // A base map chosen by setBaseMap() (or at start) could not be used once its file was read.
    void baseMapRefused(const QString& spec, const QString& reason);

  protected:
    void closeEvent(QCloseEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    static int slot(WorkspaceSession::Dataset dataset) { return static_cast<int>(dataset); }
    // The available geometry of the screen under `around`'s centre (invalid: the window's screen).
    QRect availableGeometry(const QRect& around) const;
    void sizeDocksForScreen();
    void createMenus();
    void createDocks();
    void createCommands();
    // A tab of the central area: its widget named `objectName`.
    void addWorkbench(Workbench* workbench, const QString& objectName);
    Workbench* workbenchAt(const QWidget* widget) const; // nullptr: not a registered tab
    // The first workbench of `dataset` (positions, kudos, tracks: the disputes come after the kudos).
    Workbench* workbenchFor(WorkspaceSession::Dataset dataset) const;
    std::vector<QAbstractButton*> commandButtons(const QWidget* workbench, Command command) const;
    void updateCommands();
    void followWorkbench();
    void setDockWanted(WorkspaceSession::Dataset dataset, bool wanted);
    void showConnectDialog();
    void showAbout();
    void chooseLanguage(const QString& lang);
    void updateStatus();
    void bindSession();
    void connectWorkbench();
    void connectHome();
    void openFromHome(WorkspaceDataset dataset, const QString& target);
    // An opened plan file's units on the workbenches' maps: its tracks magenta on the tracks' map, the mower
    // with the most planned slices previewed over its first planned week.
    void showOpenedPlan(const QString& path, const QJsonObject& plan);
    void settleWhenReady();
    // `fallback`: what to show instead when `spec` is refused once read (at start: the remembered one).
    QString applyBaseMap(const QString& spec, bool remember, const QString& fallback = {});

    TaskManager* m_tasks;
    QTabWidget* m_workbenches = nullptr;
    WorkspaceSession* m_session;
    std::unique_ptr<ConnectionProfileStore> m_profiles;
    std::array<DatasetPanel*, WorkspaceSession::kDatasetCount> m_panels{};
    JobPanel* m_jobPanel = nullptr;
    std::array<QDockWidget*, WorkspaceSession::kDatasetCount> m_docks{};
    std::array<QAction*, WorkspaceSession::kDatasetCount> m_dockToggles{};
    std::array<bool, WorkspaceSession::kDatasetCount> m_dockClosed{}; // closed by the user
    bool m_followingWorkbench = false; // the docks are shown or hidden by followWorkbench, not the user
    QDockWidget* m_jobsDock = nullptr;
    std::array<QAction*, kCommandCount> m_commands{};
    bool m_commandsPending = false;
    bool m_remembersLayout = false;
    bool m_demoStarting = false;    // openDemoWorkspace until the demo's connections arrive
    bool m_connectedToDemo = false; // the connections are the demo's (m_demoRoot)
    MapView* m_positionsMap = nullptr;
    PositionsWorkbench* m_positionsWorkbench = nullptr;
    KudosWorkbench* m_kudosWorkbench = nullptr;
    DisputeWorkbench* m_disputeWorkbench = nullptr;
    TracksWorkbench* m_tracksWorkbench = nullptr;
    HomeWorkbench* m_homeWorkbench = nullptr;
    std::vector<Workbench*> m_workbenchList;
    // workspaceSettled waits for the session's loads and, with the workbench, its first mower and preview.
    bool m_sessionSettled = true;
    bool m_sessionOk = true;
    bool m_workbenchPending = false;
    bool m_workbenchOk = true;
    bool m_homePending = false; // the home is in front and its exact plan not shown yet
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_workbenchMenu = nullptr;
    QActionGroup* m_languageGroup = nullptr;
    HelpWindow* m_helpWindow = nullptr;
    FittingLabel* m_connectionLabel = nullptr;
    QLabel* m_jobsLabel = nullptr;
    QString m_demoRoot;
    BaseMapSwitch* m_baseMaps = nullptr;
    bool m_rememberBaseMap = false;
    QString m_baseMapFallback;
};

} // namespace tidemark::ui
