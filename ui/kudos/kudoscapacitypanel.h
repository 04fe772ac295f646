#pragma once

#include "kudosforecast.h"
#include "kudosstatus.h"

#include <QWidget>

class QLabel;
class QPushButton;

namespace tidemark::kudos {
class KudosDataset;
}

namespace tidemark::ui {

class TimeChart;

// The kudos workbench's Capacity area: the online rows per week of both tables (bars), and the archive's use
// per tier over its archived weeks (history solid) projected at the newest weeks' compressed growth (dashed)
// against its budget, with the date it is reached. What the dataset's load knows is shown at once (the
// ranges' rows online, the catalog's archived objects and their sizes, the budgets); the forecast
// (KudosForecastJob, the CLI's too, a task) adds the rates, the projections and the steady state when it is
// computed.
class KudosCapacityPanel : public QWidget {
    Q_OBJECT
  public:
    explicit KudosCapacityPanel(kudos::KudosDataset* dataset, QWidget* parent = nullptr);

    void forecast();
    TimeChart* rowsChart() const { return m_rows; }
    TimeChart* archiveChart() const { return m_archive; }
    QString figuresText() const;

  private:
    void showKnown(const kudos::KudosStatus& status);
    void clear();
    void show(const kudos::KudosForecast& f);
    void showArchive(const kudos::KudosForecast& f);

    kudos::KudosDataset* m_dataset;
    QPushButton* m_run;
    TimeChart* m_rows;
    TimeChart* m_archive;
    QLabel* m_figures;
};

} // namespace tidemark::ui
