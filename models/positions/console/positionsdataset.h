#pragma once

#include "error.h"
#include "positionsettings.h"
#include "timestamp.h"

#include <QObject>
#include <functional>

namespace tidemark {
class TaskManager;
}

namespace tidemark::positions {

class MowerSummaryModel;
class RoundHistoryModel;

// The positions dataset as the console holds it: its connection, its settings (read from the environment,
// or the error that names the bad one), the clock of every age decision, and the two models filled by
// tasks: the per-mower summary (the Positions dock and the workbench share it) and the round history.
// Not a widget; the workbench and the docks observe it.
class PositionsDataset : public QObject {
    Q_OBJECT
  public:
    explicit PositionsDataset(TaskManager* tasks, QObject* parent = nullptr);
    ~PositionsDataset() override;

    TaskManager* tasks() const { return m_tasks; }
    MowerSummaryModel* mowers() const { return m_mowers; }
    RoundHistoryModel* history() const { return m_history; }

    // "" disconnects. A new connection reloads the summary and the history. `displayName` names the server
    // in task titles (never a password).
    void setConnection(const QString& conninfo, const QString& displayName = {});
    const QString& conninfo() const { return m_conninfo; }
    bool isConnected() const { return !m_conninfo.isEmpty(); }
    void reload();
    void reloadHistory();
    bool isLoading() const { return m_loading; }

    const PositionSettings& settings() const { return m_settings; }
    void setSettings(const PositionSettings& settings); // valid settings; clears a settings error
    // Why the environment's settings were refused ("" when they are valid): rounds are refused until then.
    const QString& settingsError() const { return m_settingsError; }
    void setSettingsError(const QString& message);

    void setClock(std::function<Micros()> clock); // tests; default nowMicros
    Micros now() const { return m_clock ? m_clock() : nowMicros(); }

  signals:
    void connectionChanged(const QString& conninfo);
    void loadingStarted();
    void loaded(); // the summary model holds the current figures
    void loadFailed(const tidemark::Error& error);
    void historyLoaded();
    void historyFailed(const QString& message);
    void settingsChanged();

  private:
    TaskManager* m_tasks;
    MowerSummaryModel* m_mowers;
    RoundHistoryModel* m_history;
    QString m_conninfo;
    QString m_displayName;
    PositionSettings m_settings;
    QString m_settingsError;
    std::function<Micros()> m_clock;
    int m_generation = 0;
    bool m_loading = false;
};

} // namespace tidemark::positions
