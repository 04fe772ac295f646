#pragma once

#include "error.h"
#include "workspaceconnections.h"
#include "workspacedataset.h"
#include "workspacesettings.h"

#include <QObject>
#include <array>

class QTimer;

namespace tidemark {
class HomePlan;
class TaskManager;
} // namespace tidemark
namespace tidemark::positions {
class MowerSummaryModel;
class PositionsDataset;
} // namespace tidemark::positions
namespace tidemark::kudos {
class DisputeCase;
class KudosDataset;
class KudosTableSummaryModel;
} // namespace tidemark::kudos
namespace tidemark::tracks {
class TracksDataset;
class TracksSummaryModel;
} // namespace tidemark::tracks

namespace tidemark {

// The console's open workspace, the registry of its datasets: the settings and connections they get, the
// datasets themselves (each loads its own summary, which the docks and the workbenches share), the demo
// workspace's start as a task, and the load state of each (followed from the datasets' signals). Widgets
// observe it through signals and start nothing themselves.
class WorkspaceSession : public QObject {
    Q_OBJECT
  public:
    using Dataset = WorkspaceDataset;
    static constexpr int kDatasetCount = 3;
    static constexpr int kEstimateAgeRefreshMs = 30000; // how often an estimate's age label is renewed

    explicit WorkspaceSession(TaskManager* tasks, QObject* parent = nullptr);
    ~WorkspaceSession() override;

    positions::PositionsDataset* positions() const { return m_positions; }
    positions::MowerSummaryModel* positionsModel() const;
    TaskManager* tasks() const { return m_tasks; }
    kudos::KudosTableSummaryModel* kudosModel() const; // the kudos dataset's
    // The kudos workbench's dataset: the kudos connection and the workspace's archive.
    kudos::KudosDataset* kudos() const { return m_kudosData; }
    // The dispute investigation on the kudos connection and the archive.
    kudos::DisputeCase* disputes() const { return m_disputes; }
    // The tracks workbench's dataset: the tracks file.
    tracks::TracksDataset* tracksData() const { return m_tracksData; }
    tracks::TracksSummaryModel* tracksModel() const;
    // The Home's dataset: the retention plan of these connections, and plan files.
    HomePlan* home() const { return m_home; }

    // The settings app/ read at start, handed to every dataset (before the first connection).
    void setSettings(const WorkspaceSettings& settings);
    const WorkspaceSettings& settings() const { return m_settings; }
    const WorkspaceConnections& connections() const { return m_connections; }
    // Replaces the connections (the Home's plan of the old ones is dropped) and reloads every dataset.
    void setConnections(const WorkspaceConnections& connections);
    // Starts (creating and filling it the first time) the demo workspace in `root`, then connects to it.
    void openDemo(const QString& root, quint64 seed);
    void reload(Dataset dataset);
    void reloadAll();

    bool isBusy() const; // a load or the demo is in flight
    static QString datasetName(Dataset dataset);

  signals:
    void connectionsChanged(const tidemark::WorkspaceConnections& connections);
    void notConnected(tidemark::WorkspaceSession::Dataset dataset);
    void loadingStarted(tidemark::WorkspaceSession::Dataset dataset);
    void loaded(tidemark::WorkspaceSession::Dataset dataset, const QString& summary);
    void loadFailed(tidemark::WorkspaceSession::Dataset dataset, const tidemark::Error& error);
    void demoStarting(const QString& root);
    void demoFailed(const tidemark::Error& error);
    // Every connected dataset has finished loading (or failing); ok when none failed.
    void settled(bool ok);

  private:
    void followLoad(Dataset dataset);
    void finishLoad(Dataset dataset, bool ok);
    void checkSettled();
    void bindPositions();
    void bindKudos();
    void bindTracks();
    QString positionsSummary() const; // the mowers, their rows (≈ and the estimate's age), the oldest row

    TaskManager* m_tasks;
    WorkspaceSettings m_settings;
    WorkspaceConnections m_connections;
    positions::PositionsDataset* m_positions;
    kudos::KudosDataset* m_kudosData;
    kudos::DisputeCase* m_disputes;
    tracks::TracksDataset* m_tracksData;
    HomePlan* m_home;
    std::array<bool, kDatasetCount> m_pending{};
    std::array<bool, kDatasetCount> m_failed{};
    bool m_demoPending = false;
    bool m_demoFailed = false;
    QTimer* m_estimateAge;
};

} // namespace tidemark
