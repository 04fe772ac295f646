#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace tidemark {
class TaskListModel;
}

namespace tidemark::ui {

// The Jobs dock: a one-line strip with the task it acts on (the selected one, else the newest that runs) and
// its pause, resume and cancel, above the task manager's list of tasks: running ones with their progress
// (stage, counts, rows, time left), finished ones with their one-line result. Dragged down to its strip, the
// dock hides the list and still shows the running task.
class JobPanel : public QWidget {
    Q_OBJECT
  public:
    explicit JobPanel(TaskListModel* jobs, QWidget* parent = nullptr);
    QTableView* view() const { return m_view; }
    QLabel* strip() const { return m_strip; }
    // The strip's text in full (the label elides it to its width).
    QString stripText() const { return m_stripText; }
    // The row the strip shows and the buttons act on: the selected row, else the newest active task (-1:
    // none).
    int targetRow() const;
    // The panel's height with only the strip (the dock's least useful height).
    int stripHeight() const;

  protected:
    void resizeEvent(QResizeEvent* event) override;

  private:
    void showTarget(); // the strip's text and the buttons, for targetRow()
    void showStripText();
    TaskListModel* m_jobs;
    QLabel* m_strip;
    QString m_stripText;
    QTableView* m_view;
    QPushButton* m_pause;
    QPushButton* m_resume;
    QPushButton* m_cancel;
};

} // namespace tidemark::ui
