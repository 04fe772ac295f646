#pragma once

#include "roundhistory.h"

#include <QWidget>

namespace tidemark::ui {

// The recorded rounds as a small bar chart (QPainter): per round, rows scanned (grey) with the deleted part
// (red) on a shared scale, dry runs hatched, and the seconds it took written above.
class RoundHistoryChart : public QWidget {
    Q_OBJECT
  public:
    explicit RoundHistoryChart(QWidget* parent = nullptr);
    void setEntries(std::vector<positions::RoundHistoryEntry> entries);
    QSize sizeHint() const override { return {360, 160}; }
    QSize minimumSizeHint() const override { return {200, 100}; }

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    std::vector<positions::RoundHistoryEntry> m_entries;
};

} // namespace tidemark::ui
