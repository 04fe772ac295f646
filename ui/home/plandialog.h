#pragma once

#include "planapplyjob.h"

#include <QDialog>
#include <QJsonObject>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace tidemark::ui {

// An opened plan file (Home ▸ Open plan…): where and when it was made, when it expires, its sha256, every
// unit of every dataset in a table; Apply applies it (the Home runs PlanApplyJob) and the table then shows
// each unit's outcome, the stale ones named with what differs.
class PlanDialog : public QDialog {
    Q_OBJECT
  public:
    PlanDialog(const QString& path, const QJsonObject& plan, QWidget* parent = nullptr);

    const QJsonObject& plan() const { return m_plan; }
    void setApplying(bool applying);
    void showReport(const PlanApplyReport& report);
    void showError(const QString& message);
    QTableWidget* units() const { return m_units; }
    QPushButton* applyButton() const { return m_apply; }
    bool ignoreWindow() const; // thin the positions slices outside the maintenance window too
    QString summaryText() const;

  signals:
    void applyRequested();

  private:
    QJsonObject m_plan;
    QLabel* m_header;
    QLabel* m_summary;
    QTableWidget* m_units;
    QPushButton* m_apply;
    QCheckBox* m_ignoreWindow;
};

} // namespace tidemark::ui
