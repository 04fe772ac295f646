#pragma once

#include "rangeverifier.h"

#include <QWidget>

class QLabel;
class QPushButton;

namespace tidemark::ui {

// The Verify area: after a round, reload the previewed range and show whether what is left equals what the
// preview said, row for row, with a clear verdict.
class VerifyPanel : public QWidget {
    Q_OBJECT
  public:
    explicit VerifyPanel(QWidget* parent = nullptr);
    void setAvailable(bool available);
    void setRunning(bool running);
    void showVerification(const positions::RangeVerification& v);
    void showError(const QString& message);
    void clear(); // nothing verified: the dataset's source changed
    QString verdictText() const;
    QPushButton* verifyButton() const { return m_verify; }

  signals:
    void verifyRequested();

  private:
    QPushButton* m_verify;
    QLabel* m_verdict;
    QLabel* m_details;
};

} // namespace tidemark::ui
