#pragma once

#include "roundhistory.h"
#include "timechart.h"

namespace tidemark::ui {

// The recorded rounds on the console's TimeChart: per round, at its start, a bar of the rows it scanned, the
// deleted part (red) under the kept part (grey); dry runs are a hatched series of their own. The tooltip
// gives the seconds it took and how it ended.
class RoundHistoryChart : public TimeChart {
    Q_OBJECT
  public:
    explicit RoundHistoryChart(QWidget* parent = nullptr);
    void setEntries(std::vector<positions::RoundHistoryEntry> entries);
    QSize sizeHint() const override { return {360, 160}; }
    QSize minimumSizeHint() const override { return {200, 100}; }

    // The bars of these rounds: one series of the real rounds, one of the dry runs (left out when empty).
    static std::vector<TimeSeries> seriesOf(const std::vector<positions::RoundHistoryEntry>& entries);
};

} // namespace tidemark::ui
