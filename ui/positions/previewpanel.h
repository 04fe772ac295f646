#pragma once

#include "previewresult.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace tidemark::ui {

// The Preview area: start and cancel the preview job, its progress, the kept / removed counts, the counts
// per reason, the coverage check's verdict, and the row picked on the map with why it is kept or removed.
class PreviewPanel : public QWidget {
    Q_OBJECT
  public:
    explicit PreviewPanel(QWidget* parent = nullptr);

    void setRunning(bool running);
    void setProgress(double fraction, const QString& message);
    void showResult(const positions::PreviewResult& result);
    void showRow(const positions::PreviewResult& result, long index);
    void showError(const QString& message);
    // No preview: the dataset's source changed (nothing of another database stays).
    void clear();
    QString summaryText() const;
    QString rowText() const;
    QPushButton* previewButton() const { return m_preview; }
    QPushButton* cancelButton() const { return m_cancel; }

  signals:
    void previewRequested();
    void cancelRequested();

  private:
    static QString verdictLabel(const positions::CoverageCheck& check);
    QPushButton* m_preview;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_summary;
    void clearRow();
    QLabel* m_row;
};

} // namespace tidemark::ui
