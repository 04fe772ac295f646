#pragma once

#include "error.h"
#include "positionsdataset.h"
#include "positionsettings.h"
#include "previewresult.h"
#include "rangeverifier.h"
#include "roundjob.h"
#include "workbench.h"

#include <QGeoCoordinate>
#include <QUuid>
#include <QWidget>
#include <functional>
#include <memory>

class QDateTimeEdit;
class QLabel;
class QListView;
class QSplitter;
class QTableView;
class QTabWidget;

namespace tidemark::positions {
class MowerSummaryModel;
class RoundHistoryModel;
} // namespace tidemark::positions

namespace tidemark::ui {

class MapLayerModel;
class MapView;
class PositionsCapacityPanel;
class PreviewLayers;
struct PreviewLayerData;
class PreviewPanel;
class RoundPanel;
class VerifyPanel;

// The positions console: the mowers with their rows, oldest row, watermark and slices pending; a
// time range; the map with its layer list (legend); and three areas: Preview (keep_set on the range as a
// round would run it, with its layers and the coverage check), Rounds (run, dry run, pause, resume, cancel,
// progress, window and budget, history chart), Verify (the range after a round against the preview) and
// Capacity (the forecast and the what-if).
// It shows the PositionsDataset (the mower summary it shares with the Positions dock, the round history, the
// settings and the clock) and starts nothing itself: previews, rounds, verifies and exact counts are the
// dataset's (tasks of its TaskManager, so they show in the Jobs dock and pause or cancel from there too),
// and the dataset decides what follows a round; the workbench shows what the dataset's signals say.
class PositionsWorkbench : public QWidget, public Workbench {
    Q_OBJECT
  public:
    explicit PositionsWorkbench(positions::PositionsDataset* dataset, QWidget* parent = nullptr);
    ~PositionsWorkbench() override;

    // The Workbench interface (the main window's).
    QWidget* widget() override { return this; }
    QString title() const override;
    std::optional<WorkspaceDataset> workspaceDataset() const override { return WorkspaceDataset::Positions; }
    std::vector<QAbstractButton*> commandButtons(WorkbenchCommand command) const override;
    QString helpPage() const override { return QStringLiteral("positions.md"); }
    void openAt(const QString& mowerId) override { selectMower(mowerId); }

    // The API of the main window.
    void setConnection(const QString& positionsConninfo); // the dataset's; loads the mowers, then previews
    bool selectMower(const QString& mowerId);             // false when the mower is not (yet) listed
    // An opened plan's slices of one mower, [from, to): previewed on the map (what they keep and remove).
    void showPlannedRange(const QString& mowerId, Micros from, Micros to);
    void preview();

    void setSettings(const positions::PositionSettings& settings); // the dataset's
    void setClock(std::function<Micros()> clock);                  // the dataset's; tests
    void setRange(Micros from, Micros to);
    void setRangeLastWeek();           // the last 7 days of the selected mower's data
    void setRangeBeforeDetailWindow(); // the week just older than the detail window
    Micros rangeFrom() const;
    Micros rangeTo() const;
    QUuid selectedMower() const { return m_mower; }

    // Counts one mower's rows exactly (a task) in place of its estimate; a double-click on Rows does this.
    void countRowsExactly(int row);
    // A round; Run (not a dry run) while the dataset holds a plan applies it after the operator confirms
    // its counts (a QMessageBox named "applyPlanConfirmation").
    void runRound(bool dryRun);
    bool confirmPlan();
    void pauseRound();
    void resumeRound();
    void cancelRound();
    // Reloads the range of the last preview and compares; after a round that thinned, this runs by itself
    // (without switching to the Verify area).
    void verify(bool showArea = true);
    void cancelPreview();
    void pickAt(const QGeoCoordinate& coordinate); // what a click on the map does

    const positions::PreviewResult* previewResult() const { return m_preview.get(); }
    const positions::RoundReport& lastRoundReport() const { return m_dataset->lastRoundReport(); }
    const positions::RangeVerification& lastVerification() const { return m_dataset->lastVerification(); }
    long pickedRow() const { return m_picked; }
    MapView* map() const override { return m_map; }
    QTableView* mowerTable() const { return m_mowerTable; }
    MapLayerModel* layers() const;
    PreviewLayers* previewLayers() const { return m_previewLayers.get(); }
    positions::PositionsDataset* dataset() const override { return m_dataset; }
    positions::MowerSummaryModel* mowers() const;
    positions::RoundHistoryModel* history() const;
    PreviewPanel* previewPanel() const { return m_previewPanel; }
    RoundPanel* roundPanel() const { return m_roundPanel; }
    VerifyPanel* verifyPanel() const { return m_verifyPanel; }
    PositionsCapacityPanel* capacityPanel() const { return m_capacityPanel; }
    QTabWidget* areas() const { return m_areas; }
    bool isPreviewRunning() const { return m_dataset->isPreviewRunning(); }
    bool isRoundRunning() const { return m_dataset->isRoundRunning(); }
    int previewTask() const { return m_dataset->previewTask(); } // the TaskManager's id, 0 when none
    int roundTask() const { return m_dataset->roundTask(); }
    int verifyTask() const { return m_dataset->verifyTask(); }

  signals:
    void mowersLoaded(int count);
    void mowerPreviewLoaded(const QString& mowerId); // a mower and its preview are on screen
    void previewFailed(const tidemark::Error& error);
    void roundProgressed(long long slicesDone, long long slicesTotal);
    void roundFinished(bool succeeded);
    void verifyFinished(bool equal);
    void failed(const tidemark::Error& error);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void clearShown();
    void showMowers();
    void mowerRowChanged(int row);
    void settingsChanged();
    void connectPreview();
    void connectRound();
    void connectVerify();
    void showPreview(std::shared_ptr<const positions::PreviewResult> result, const PreviewLayerData& layers);
    void fitMowerList();
    Micros now() const;

    positions::PositionsDataset* m_dataset;
    QUuid m_mower;
    QString m_requestedMower;
    bool m_rangeChosen = false; // the operator (or a test) set the range: a new mower keeps it
    std::shared_ptr<const positions::PreviewResult> m_preview; // the one on screen
    long m_picked = -1;

    QLabel* m_settingsBanner;
    QTableView* m_mowerTable;
    QDateTimeEdit* m_from;
    QDateTimeEdit* m_to;
    QLabel* m_rangeNote;
    QListView* m_layerList;
    QLabel* m_layerExplanation;
    MapView* m_map;
    std::unique_ptr<PreviewLayers> m_previewLayers;
    QTabWidget* m_areas;
    QSplitter* m_mapSplit; // the map above the areas
    bool m_splitMoved = false;
    PreviewPanel* m_previewPanel;
    RoundPanel* m_roundPanel;
    VerifyPanel* m_verifyPanel;
    PositionsCapacityPanel* m_capacityPanel;
};

} // namespace tidemark::ui
