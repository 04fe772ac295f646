#pragma once

#include "kudosrehearsal.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace tidemark {
class Error;
struct TaskProgress;
} // namespace tidemark

namespace tidemark::kudos {
class KudosDataset;
}

namespace tidemark::ui {

// The kudos workbench's Rehearse…: says what a rehearsal does to the copy, asks for the database's name (as
// --copy does: Rehearse stays disabled until it equals the connected database's), the lock limit and the
// archive, runs the dataset's rehearsal task (its progress here and in the Jobs dock), then shows the report
// as a read-only page under its verdict ("Go" or "Not yet") and the verdicts' reasons; Save… writes the page
// as text, or the report's JSON to a .json file. A failure shows as its message, nothing else.
class RehearsalDialog : public QDialog {
    Q_OBJECT
  public:
    explicit RehearsalDialog(kudos::KudosDataset* dataset, QWidget* parent = nullptr);

    QLineEdit* copyNameEdit() const { return m_copyName; }
    // Milliseconds; KUDOS_REHEARSAL_MAX_LOCK_MS (the dataset's settings) until the operator changes it.
    QSpinBox* lockLimitBox() const { return m_lockLimit; }
    QRadioButton* scratchArchiveButton() const { return m_scratch; }
    QRadioButton* workspaceArchiveButton() const { return m_workspace; }
    QPushButton* rehearseButton() const { return m_rehearse; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* saveButton() const { return m_save; }

    QString hintText() const;     // why Rehearse is disabled ("" when it is not)
    QString progressText() const; // the task's stage
    int progressValue() const;    // of 1000
    QString verdictText() const;  // "Go", "Not yet" ("" before a report)
    QString reasonsText() const;  // the verdicts and their reasons, as plain text
    QString pageText() const;     // the report's page
    QString messageText() const;  // a failure's message, or where Save… wrote, as plain text
    bool hasReport() const { return m_hasReport; }

  public slots:
    // Starts the rehearsal with what the dialog holds (nothing when Rehearse is disabled).
    void rehearse();
    // Writes the shown report to `path` (JSON when it ends in .json); Save… calls it with the chosen file.
    bool saveTo(const QString& path);

  private:
    void updateState(); // the hint and the buttons from the dataset's state and the typed name
    void showProgress(const TaskProgress& progress);
    void showReport(const kudos::KudosRehearsalReport& report);
    void showError(const Error& error);
    void clearResult();
    void askWhereToSave();

    kudos::KudosDataset* m_dataset;
    kudos::KudosRehearsalReport m_report;
    bool m_hasReport = false;
    QLabel* m_intro;
    QLineEdit* m_copyName;
    QSpinBox* m_lockLimit;
    QRadioButton* m_scratch;
    QRadioButton* m_workspace;
    QLabel* m_hint;
    QProgressBar* m_progress;
    QLabel* m_progressText;
    QLabel* m_verdict;
    QLabel* m_reasons;
    QPlainTextEdit* m_page;
    QLabel* m_message; // a failure, or where Save… wrote
    QPushButton* m_rehearse;
    QPushButton* m_cancel;
    QPushButton* m_save;
    QPushButton* m_close;
};

} // namespace tidemark::ui
