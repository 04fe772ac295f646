#pragma once

#include "positionsforecast.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace tidemark::positions {
class PositionsDataset;
}

namespace tidemark::ui {

class TimeChart;
class WhatIfForm;

// The positions workbench's Capacity area: what the dataset's load knows at once (the mowers, their rows, the
// slices pending), then the forecast (PositionsForecastJob through the dataset, as a task)
// plotted — the table's rows as the sample puts them, history solid, the projection by band dashed, the
// steady state as a limit — with its figures, and the what-if: change the bin widths or the join limits and
// judge the sampled mowers again, before any setting is edited.
class PositionsCapacityPanel : public QWidget {
    Q_OBJECT
  public:
    explicit PositionsCapacityPanel(positions::PositionsDataset* dataset, QWidget* parent = nullptr);

    void forecast(); // the configured settings, plus the what-if when the form differs from them
    WhatIfForm* whatIf() const { return m_whatIf; }
    TimeChart* chart() const { return m_chart; }
    QTableWidget* outcomes() const { return m_outcomes; }
    QString figuresText() const;
    static QString settingsText(const positions::PositionsWhatIf& whatIf); // the Settings cell

  private:
    void showKnown();
    void clear();
    void show(const positions::PositionsForecast& f);
    void showChart(const positions::PositionsForecast& f);
    void showOutcomes(const positions::PositionsForecast& f);
    void setRunning(bool running);

    positions::PositionsDataset* m_dataset;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QSpinBox* m_sample;
    QProgressBar* m_progress;
    TimeChart* m_chart;
    QLabel* m_figures;
    WhatIfForm* m_whatIf;
    QLabel* m_whatIfError;
    QTableWidget* m_outcomes;
};

} // namespace tidemark::ui
