#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace tidemark::kudos {
class DrillResultModel;
}

namespace tidemark::ui {

// The objects of the last restore drill, each with its result (passed, or failed and why) over the drill's
// one-line summary: where the operator reads what a drill found.
class DrillResultsView : public QWidget {
    Q_OBJECT
  public:
    explicit DrillResultsView(kudos::DrillResultModel* results, QWidget* parent = nullptr);
    void showSummary(const QString& summary, bool failed);
    void clear();
    QTableView* table() const { return m_table; }
    QString summaryText() const;

  private:
    QLabel* m_summary;
    QTableView* m_table;
};

} // namespace tidemark::ui
