#pragma once

#include "workspaceconnections.h"
#include "workspacesession.h"

#include <QMainWindow>
#include <array>
#include <memory>

class QActionGroup;
class QLabel;
class QMenu;
class QNetworkAccessManager;
class QTabWidget;

namespace tidemark {
class ConnectionProfileStore;
class TaskListModel;
class TaskManager;
} // namespace tidemark

namespace tidemark::ui {

class DatasetPanel;
class JobPanel;
class DisputeWorkbench;
class KudosWorkbench;
class TracksWorkbench;
class PositionsWorkbench;
class MapView;

// The console: a workbench per dataset in the central area (tabs: positions, kudos, archive and disputes,
// tracks), the workspace in docks (a panel per dataset with its connection and summary, the Jobs dock of the
// one task manager), menus (connect, demo workspace, base map, language, about) and a status bar. It shows
// models; the WorkspaceSession and its datasets start every task.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
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
    // True when the map shows every visible layer at its current view (screenshots wait for it).
    bool isMapIdle() const;
    QMenu* fileMenu() const { return m_fileMenu; }

    void connectTo(const WorkspaceConnections& connections);
    // The map's base layer: "" the neutral grid, an XYZ URL template, or an MBTiles file (BaseMapSpec).
    // Both maps (positions and tracks) show it. Remembered in the settings, a template without its query and
    // user info (an API key stays in memory). Returns "" or, when it cannot be used, the reason (also shown
    // in the status bar). At start the base map is TIDEMARK_TILES_URL when set (never saved), else the
    // remembered one.
    QString setBaseMap(const QString& spec);
    QString baseMap() const { return m_baseMap; }
    void openDemoWorkspace(const QString& root);

    // Where "Open demo workspace" puts the demo (default: DemoWorkspace::defaultRoot(), or
    // TIDEMARK_DEMO_DIR).
    void setDemoRoot(const QString& root) { m_demoRoot = root; }

  signals:
    // Every connected dataset finished loading; ok when none failed (for --screenshot and tests).
    void workspaceSettled(bool ok);

  protected:
    void closeEvent(QCloseEvent* event) override;

  private:
    void createMenus();
    void createDocks();
    void showConnectDialog();
    void showAbout();
    void chooseLanguage(const QString& lang);
    void updateStatus();
    void bindSession();
    void connectWorkbench();
    void settleWhenReady();
    QString applyBaseMap(const QString& spec, bool remember);

    TaskManager* m_tasks;
    QTabWidget* m_workbenches = nullptr;
    WorkspaceSession* m_session;
    std::unique_ptr<ConnectionProfileStore> m_profiles;
    std::array<DatasetPanel*, WorkspaceSession::kDatasetCount> m_panels{};
    JobPanel* m_jobPanel = nullptr;
    MapView* m_positionsMap = nullptr;
    PositionsWorkbench* m_positionsWorkbench = nullptr;
    KudosWorkbench* m_kudosWorkbench = nullptr;
    DisputeWorkbench* m_disputeWorkbench = nullptr;
    TracksWorkbench* m_tracksWorkbench = nullptr;
    // workspaceSettled waits for the session's loads and, with the workbench, its first mower and preview.
    bool m_sessionSettled = true;
    bool m_sessionOk = true;
    bool m_workbenchPending = false;
    bool m_workbenchOk = true;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QActionGroup* m_languageGroup = nullptr;
    QLabel* m_connectionLabel = nullptr;
    QLabel* m_jobsLabel = nullptr;
    QString m_demoRoot;
    QString m_baseMap;
    QNetworkAccessManager* m_network = nullptr;
};

} // namespace tidemark::ui
