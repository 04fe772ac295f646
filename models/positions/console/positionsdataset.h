#pragma once

#include "datasetbase.h"
#include "error.h"
#include "positionsettings.h"
#include "positionsforecastjob.h"
#include "positionsplanunits.h"
#include "previewresult.h"
#include "rangeverifier.h"
#include "roundjob.h"
#include "timestamp.h"

#include <QObject>
#include <QPointer>
#include <QVariant>
#include <functional>
#include <memory>

namespace tidemark {
class TaskManager;
struct TaskProgress;
} // namespace tidemark

namespace tidemark::positions {

class MowerSummaryModel;
class RoundHistoryModel;

// What a plan does, as the console's confirmation states it.
struct PositionsPlanCounts {
    long long slices = 0;
    long long mowers = 0;
    long long rowsDeleted = 0; // by the slices
    long long ageRows = 0;     // by the age delete
};
PositionsPlanCounts planCounts(const PositionsPlanUnits& plan);

// The positions dataset as the console holds it: its connection, its settings (a value the console's wiring
// passes in, or the error that names the bad one), the clock of every age decision, the two models filled by
// tasks (the per-mower summary, which the Positions dock and the workbench share, and the round history), and
// every operation on the dataset as a task run by its DatasetBase: loads, previews, rounds (RoundJob, the
// CLI's round too), verifies and exact counts. It decides what follows an operation: a round reloads the
// summary and the history and, when it thinned, verifies the last preview's range. A new connection or a
// failed load empties every model, the last preview, forecast, plan and reports included. Not a widget;
// widgets call its methods and watch its signals.
class PositionsDataset : public DatasetBase {
    Q_OBJECT
  public:
    explicit PositionsDataset(TaskManager* tasks, QObject* parent = nullptr);

    MowerSummaryModel* mowers() const { return m_mowers; }
    RoundHistoryModel* history() const { return m_history; }

    // "" disconnects. A new connection reloads the summary and the history. `displayName` names the server
    // in task titles (never a password).
    void setConnection(const QString& conninfo, const QString& displayName = {});
    const QString& conninfo() const { return m_conninfo; }
    // The nodes of the Citus cluster the loaded tables are distributed on; 0 on one server or before a load.
    int citusNodes() const { return m_citusNodes; }
    bool isConnected() const { return !m_conninfo.isEmpty(); }
    void reload();
    void reloadHistory();
    bool isLoading() const { return m_loadSlot.busy(); }

    const PositionSettings& settings() const { return m_settings; }
    void setSettings(const PositionSettings& settings); // valid settings; clears a settings error

    // Counts one mower's rows exactly in place of its estimate.
    void countRowsExactly(const QUuid& mowerId);

    // A preview of [from, to) of one mower (the one running is cancelled first). `presentation`, when set,
    // runs on the preview's thread after it and its value comes with previewFinished (the workbench builds
    // its map layers there, so the GUI thread only swaps them in).
    void setPreviewPresentation(std::function<QVariant(const PreviewResult&)> presentation);
    void startPreview(const QUuid& mowerId, Micros from, Micros to);
    void cancelPreview();
    bool isPreviewRunning() const { return m_previewSlot.busy(); }
    int previewTask() const { return m_previewSlot.id; } // the TaskManager's id, 0 when none
    std::shared_ptr<const PreviewResult> lastPreview() const { return m_preview; }

    // A round with the options of `options` (dryRun, ignoreWindow, budgetSeconds, jobs); the dataset sets the
    // connection, the settings and the clock. False when refused (not connected, a round running, settings
    // refused: then roundFailed says why).
    bool startRound(const RoundRequest& options);
    void pauseRound();
    void resumeRound();
    void cancelRound();
    bool isRoundRunning() const { return m_roundSlot.busy(); }
    // The plan Run applies (spec/operations.md, "Plans that are applied exactly"): the units of the last dry
    // run on this connection that found something to do, or the positions units of an opened plan file
    // (setPlan); none after a new connection, after it was applied and after clearPlan(). A round with
    // options.plan applies it.
    const std::optional<PositionsPlanUnits>& plan() const { return m_plan; }
    const QString& planSource() const { return m_planSource; } // "the dry run of 14:02", "plan.json"
    void setPlan(PositionsPlanUnits units, const QString& source);
    void clearPlan();
    int roundTask() const { return m_roundSlot.id; }
    const RoundReport& lastRoundReport() const { return m_lastReport; }

    // Reloads the last preview's range and compares it with the preview's survivors row for row.
    void startVerify();
    int verifyTask() const { return m_verifySlot.id; }
    const RangeVerification& lastVerification() const { return m_lastVerification; }

    // The read-only forecast (PositionsForecastJob, the CLI's too) with these what-ifs on `sampleMowers`
    // mowers (nullopt: all); the one running is cancelled first. False when not connected or the settings
    // are refused.
    bool startForecast(std::vector<PositionsWhatIf> whatIf = {},
                       std::optional<int> sampleMowers = PositionsForecastRequest::kDefaultSample);
    void cancelForecast();
    int forecastTask() const { return m_forecastSlot.id; }
    const std::optional<PositionsForecast>& lastForecast() const { return m_forecast; }

  signals:
    void connectionChanged(const QString& conninfo);
    void loadingStarted();
    void loaded(); // the summary model holds the current figures
    void loadFailed(const tidemark::Error& error);
    void historyLoaded();
    void historyFailed(const tidemark::Error& error);
    void exactRowsFailed(const tidemark::Error& error);

    void previewStarted();
    void previewProgressed(double fraction, const QString& stage);
    void previewFinished(std::shared_ptr<const tidemark::positions::PreviewResult> result,
                         const QVariant& presentation);
    void previewCancelled();
    void previewFailed(const tidemark::Error& error);

    void roundStarted(bool dryRun);
    void roundProgressed(const tidemark::positions::RoundProgress& progress);
    void roundPausedChanged(bool paused); // from the Rounds area or the Jobs dock
    // The round's report, a cancelled round's too (report.cancelled: what it committed before).
    void roundFinished(const tidemark::positions::RoundReport& report);
    void roundFailed(const tidemark::Error& error);
    void planChanged();

    void verifyStarted();
    void verifyFinished(const tidemark::positions::RangeVerification& verification);
    void verifyFailed(const tidemark::Error& error);

    void forecastStarted();
    void forecastProgressed(double fraction, const QString& stage);
    void forecastFinished(const tidemark::positions::PositionsForecast& forecast);
    void forecastCancelled();
    void forecastFailed(const tidemark::Error& error);

  protected:
    void clearModels() override;
    void taskProgressed(int taskId, const TaskProgress& progress) override;
    void taskPaused(int taskId, bool paused) override;

  private:
    void roundEnded(const RoundReport& report);

    MowerSummaryModel* m_mowers;
    RoundHistoryModel* m_history;
    QString m_conninfo;
    int m_citusNodes = 0;
    PositionSettings m_settings;
    std::function<QVariant(const PreviewResult&)> m_presentation;
    TaskSlot m_loadSlot;
    TaskSlot m_historySlot;
    TaskSlot m_previewSlot;
    TaskSlot m_roundSlot;
    TaskSlot m_verifySlot;
    TaskSlot m_forecastSlot;
    std::optional<PositionsForecast> m_forecast;
    std::shared_ptr<const PreviewResult> m_preview;
    RoundReport m_lastReport;
    std::optional<PositionsPlanUnits> m_plan;
    QString m_planSource;
    bool m_applyingPlan = false;
    RangeVerification m_lastVerification;
};

} // namespace tidemark::positions
