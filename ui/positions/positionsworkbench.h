#pragma once

#include "positions/positionsettings.h"
#include "positions/previewresult.h"
#include "positions/rangeverifier.h"
#include "positions/roundjob.h"

#include <QGeoCoordinate>
#include <QThreadPool>
#include <QUuid>
#include <QWidget>
#include <functional>
#include <memory>

class QDateTimeEdit;
class QLabel;
class QListView;
class QTableView;
class QTabWidget;

namespace tidemark {
class JobControl;
}
namespace tidemark::positions {
class MowerEligibilityModel;
class RoundHistoryModel;
} // namespace tidemark::positions

namespace tidemark::ui {

class MapLayerModel;
class MapView;
class PreviewLayers;
struct PreviewLayerData;
class PreviewPanel;
class RoundPanel;
class VerifyPanel;

// The positions console: the mowers with their rows, oldest row, watermark and rows eligible for thinning; a
// time range; the map with its layer list (legend); and three areas: Preview (keep_set on the range as a
// round would run it, with its layers and the coverage check), Rounds (run, dry run, pause, resume, cancel,
// progress, window and budget, history chart) and Verify (the range after a round against the preview).
// Every database access runs in a job on the workbench's own thread pool.
class PositionsWorkbench : public QWidget {
    Q_OBJECT
  public:
    explicit PositionsWorkbench(QWidget* parent = nullptr);
    ~PositionsWorkbench() override; // cancels the jobs and waits for them

    // The API of the main window.
    void setConnection(const QString& positionsConninfo); // loads the mowers, then previews the first one
    bool selectMower(const QString& mowerId);             // false when the mower is not (yet) listed
    void preview();

    void setSettings(const positions::PositionSettings& settings);
    void setClock(std::function<Micros()> clock); // tests; default nowMicros
    void setRange(Micros from, Micros to);
    void setRangeLastWeek();           // the last 7 days of the selected mower's data
    void setRangeBeforeDetailWindow(); // the week just older than the detail window
    Micros rangeFrom() const;
    Micros rangeTo() const;
    QUuid selectedMower() const { return m_mower; }

    void runRound(bool dryRun);
    void pauseRound();
    void resumeRound();
    void cancelRound();
    // Reloads the range of the last preview and compares; after a round that thinned, this runs by itself
    // (without switching to the Verify area).
    void verify(bool showArea = true);
    void cancelPreview();
    void pickAt(const QGeoCoordinate& coordinate); // what a click on the map does

    const positions::PreviewResult* previewResult() const { return m_preview.get(); }
    const positions::RoundReport& lastRoundReport() const { return m_lastReport; }
    const positions::RangeVerification& lastVerification() const { return m_lastVerification; }
    long pickedRow() const { return m_picked; }
    MapView* map() const { return m_map; }
    MapLayerModel* layers() const;
    PreviewLayers* previewLayers() const { return m_previewLayers.get(); }
    positions::MowerEligibilityModel* mowers() const { return m_mowers; }
    positions::RoundHistoryModel* history() const { return m_history; }
    PreviewPanel* previewPanel() const { return m_previewPanel; }
    RoundPanel* roundPanel() const { return m_roundPanel; }
    VerifyPanel* verifyPanel() const { return m_verifyPanel; }
    QTabWidget* areas() const { return m_areas; }
    bool isPreviewRunning() const { return m_previewRunning; }
    bool isRoundRunning() const { return m_roundControl != nullptr; }

  signals:
    void mowersLoaded(int count);
    void mowerPreviewLoaded(const QString& mowerId); // a mower and its preview are on screen
    void previewFailed(const QString& message);
    void roundProgressed(long long slicesDone, long long slicesTotal);
    void roundFinished(bool succeeded);
    void verifyFinished(bool equal);
    void failed(const QString& message);

  private:
    void loadMowers();
    void loadHistory();
    void mowerRowChanged(int row);
    void showPreview(std::shared_ptr<positions::PreviewResult> result, const PreviewLayerData& layers);
    Micros now() const { return m_clock ? m_clock() : nowMicros(); }

    QString m_conninfo;
    positions::PositionSettings m_settings;
    std::function<Micros()> m_clock;
    QThreadPool m_pool;
    QUuid m_mower;
    QString m_requestedMower;
    bool m_previewAfterLoad = true;
    std::shared_ptr<positions::PreviewResult> m_preview;
    std::shared_ptr<JobControl> m_previewControl;
    std::shared_ptr<JobControl> m_roundControl;
    bool m_previewRunning = false;
    int m_previewGeneration = 0;
    long m_picked = -1;
    positions::RoundReport m_lastReport;
    positions::RangeVerification m_lastVerification;

    positions::MowerEligibilityModel* m_mowers;
    positions::RoundHistoryModel* m_history;
    QTableView* m_mowerTable;
    QDateTimeEdit* m_from;
    QDateTimeEdit* m_to;
    QLabel* m_rangeNote;
    QListView* m_layerList;
    QLabel* m_layerExplanation;
    MapView* m_map;
    std::unique_ptr<PreviewLayers> m_previewLayers;
    QTabWidget* m_areas;
    PreviewPanel* m_previewPanel;
    RoundPanel* m_roundPanel;
    VerifyPanel* m_verifyPanel;
};

} // namespace tidemark::ui
