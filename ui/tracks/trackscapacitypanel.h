#pragma once

#include "tracksforecast.h"

#include <QWidget>

class QLabel;
class QPushButton;

namespace tidemark::tracks {
class TracksDataset;
}

namespace tidemark::ui {

class TimeChart;

// The tracks workbench's Capacity area: the store's tracks and size as the file's facts hold them, at once;
// then the forecast: the store's size over time (the imports by day at the store's bytes
// a track, history solid) and its projection at the last 30 days' pace (dashed) against ADR-005's 2 GB, with
// the date it is reached and the retention's steady state; the forecast is the dataset's (TracksForecastJob,
// the CLI's too), a task.
class TracksCapacityPanel : public QWidget {
    Q_OBJECT
  public:
    explicit TracksCapacityPanel(tracks::TracksDataset* dataset, QWidget* parent = nullptr);

    void forecast();
    TimeChart* chart() const { return m_chart; }
    QString figuresText() const;

  private:
    static QString emptyText();
    void showKnown();
    void clear();
    void show(const tracks::TracksForecast& f);

    tracks::TracksDataset* m_dataset;
    QPushButton* m_run;
    TimeChart* m_chart;
    QLabel* m_figures;
};

} // namespace tidemark::ui
