#pragma once

#include <QWidget>

class QPushButton;
class QTableView;

namespace tidemark {
class TaskListModel;
}

namespace tidemark::ui {

// The Jobs dock: the task manager's tasks, running ones with their progress (stage, counts, rows, time
// left), finished ones with their one-line result; pause, resume and cancel for the selected task where it
// supports them.
class JobPanel : public QWidget {
    Q_OBJECT
  public:
    explicit JobPanel(TaskListModel* jobs, QWidget* parent = nullptr);
    QTableView* view() const { return m_view; }

  private:
    int selectedRow() const;
    void updateButtons();
    TaskListModel* m_jobs;
    QTableView* m_view;
    QPushButton* m_pause;
    QPushButton* m_resume;
    QPushButton* m_cancel;
};

} // namespace tidemark::ui
