#pragma once

#include "workspaceconnections.h"
#include "workspacesession.h"

#include <QMainWindow>
#include <array>
#include <memory>

class QActionGroup;
class QLabel;
class QMenu;

namespace tidemark::ui {

class ConnectionProfileStore;
class DatasetPanel;
class JobListModel;
class JobPanel;
class JobRunner;
class PositionsWorkbench;
class TrackLayer;

// The console: a panel per dataset (positions, kudos, tracks) in docks around the map, the job panel below,
// menus (connect, demo workspace, language, about) and a status bar. It shows models and starts jobs; the
// WorkspaceSession does the loading.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    WorkspaceSession* session() const { return m_session; }
    JobListModel* jobs() const { return m_jobs; }
    DatasetPanel* panel(WorkspaceSession::Dataset dataset) const;
    QWidget* mapArea() const { return m_map; }
    // The positions console in the central area when it is built in (issue 5), else nullptr.
    PositionsWorkbench* positionsWorkbench() const { return m_workbench; }
    // True when the map shows every visible layer at its current view (screenshots wait for it).
    bool isMapIdle() const;
    QMenu* fileMenu() const { return m_fileMenu; }

    void connectTo(const WorkspaceConnections& connections);
    void openDemoWorkspace(const QString& root);

    // Where "Open demo workspace" puts the demo (default: DemoWorkspace::defaultRoot()).
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
    void showTracksExtent();
    void connectWorkbench();
    void settleWhenReady();

    JobListModel* m_jobs;
    JobRunner* m_runner;
    WorkspaceSession* m_session;
    std::unique_ptr<ConnectionProfileStore> m_profiles;
    std::array<DatasetPanel*, WorkspaceSession::kDatasetCount> m_panels{};
    JobPanel* m_jobPanel = nullptr;
    QWidget* m_map = nullptr;
    PositionsWorkbench* m_workbench = nullptr;
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
    std::shared_ptr<TrackLayer> m_tracksExtentLayer; // on the map, when the map module is built in
};

} // namespace tidemark::ui
