#pragma once

#include "kudosstatus.h"

#include <QWidget>

class QLabel;
class QProgressBar;

namespace tidemark::ui {

// The Budget area: the archive store and, per tier (currency/, statistics/), the bytes used against the
// tier's budget (KUDOS_ARCHIVE_BUDGET_*; 0 = no budget).
class BudgetPanel : public QWidget {
    Q_OBJECT
  public:
    explicit BudgetPanel(QWidget* parent = nullptr);
    void showStatus(const kudos::KudosStatus& status);
    QString tierText(kudos::RetentionDataset dataset) const;
    QString archiveText() const;

  private:
    QLabel* m_archive;
    QProgressBar* m_bars[2];
    QLabel* m_texts[2];
};

} // namespace tidemark::ui
