#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace tidemark::kudos {
class ReconciliationModel;
}

namespace tidemark::ui {

// The Reconciliation area: Reconcile (against the newest balance snapshot), the totals and the drift per
// user.
class ReconciliationPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ReconciliationPanel(kudos::ReconciliationModel* model, QWidget* parent = nullptr);
    void setRunning(bool running);
    void showReport(); // the model's report
    void showError(const QString& message);
    QString summaryText() const;
    QPushButton* reconcileButton() const { return m_reconcile; }
    QPushButton* snapshotButton() const { return m_snapshot; }
    QTableView* table() const { return m_table; }

  signals:
    void reconcileRequested();
    void snapshotRequested();

  private:
    kudos::ReconciliationModel* m_model;
    QPushButton* m_reconcile;
    QPushButton* m_snapshot;
    QLabel* m_summary;
    QTableView* m_table;
};

} // namespace tidemark::ui
