#pragma once

#include <QWidget>

class QPushButton;
class QTableView;

namespace tidemark::ui {

class JobListModel;

// The job panel: running jobs with their progress, finished ones with their one-line result; pause, resume
// and cancel for the selected job where it supports them.
class JobPanel : public QWidget {
    Q_OBJECT
  public:
    explicit JobPanel(JobListModel* jobs, QWidget* parent = nullptr);
    QTableView* view() const { return m_view; }

  private:
    int selectedRow() const;
    void updateButtons();
    JobListModel* m_jobs;
    QTableView* m_view;
    QPushButton* m_pause;
    QPushButton* m_resume;
    QPushButton* m_cancel;
};

} // namespace tidemark::ui
