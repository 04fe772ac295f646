#pragma once

#include "workspaceconnections.h"

#include <QObject>
#include <array>

namespace tidemark::positions {
class MowerSummaryModel;
}
namespace tidemark::kudos {
class KudosTableSummaryModel;
}
namespace tidemark::tracks {
class TracksSummaryModel;
}

namespace tidemark::ui {

class JobRunner;

// The console's open workspace: its connections, the item models of the three datasets, and the background
// jobs that fill them (each job opens its own connection). Widgets observe it through signals.
class WorkspaceSession : public QObject {
    Q_OBJECT
  public:
    enum class Dataset { Positions, Kudos, Tracks };
    static constexpr int kDatasetCount = 3;

    explicit WorkspaceSession(JobRunner* jobs, QObject* parent = nullptr);
    ~WorkspaceSession() override;

    positions::MowerSummaryModel* positionsModel() const { return m_positions; }
    kudos::KudosTableSummaryModel* kudosModel() const { return m_kudos; }
    tracks::TracksSummaryModel* tracksModel() const { return m_tracks; }

    const WorkspaceConnections& connections() const { return m_connections; }
    // Replaces the connections and reloads every dataset.
    void setConnections(const WorkspaceConnections& connections);
    // Starts (creating and filling it the first time) the demo workspace in `root`, then connects to it.
    void openDemo(const QString& root, quint64 seed);
    void reload(Dataset dataset);
    void reloadAll();

    bool isBusy() const; // a load or the demo is in flight
    static QString datasetName(Dataset dataset);

  signals:
    void connectionsChanged(const tidemark::ui::WorkspaceConnections& connections);
    void notConnected(tidemark::ui::WorkspaceSession::Dataset dataset);
    void loadingStarted(tidemark::ui::WorkspaceSession::Dataset dataset);
    void loaded(tidemark::ui::WorkspaceSession::Dataset dataset, const QString& summary);
    void loadFailed(tidemark::ui::WorkspaceSession::Dataset dataset, const QString& message);
    void demoStarting(const QString& root);
    void demoFailed(const QString& message);
    // Every connected dataset has finished loading (or failing); ok when none failed.
    void settled(bool ok);

  private:
    void finishLoad(Dataset dataset, int generation, bool ok);
    void checkSettled();
    void loadPositions(int generation);
    void loadKudos(int generation);
    void loadTracks(int generation);

    JobRunner* m_jobs;
    WorkspaceConnections m_connections;
    positions::MowerSummaryModel* m_positions;
    kudos::KudosTableSummaryModel* m_kudos;
    tracks::TracksSummaryModel* m_tracks;
    std::array<int, kDatasetCount> m_generation{};
    std::array<bool, kDatasetCount> m_pending{};
    std::array<bool, kDatasetCount> m_failed{};
    bool m_demoPending = false;
    bool m_demoFailed = false;
};

} // namespace tidemark::ui
