#pragma once

#include "coveringobjectmodel.h"

#include <QWidget>

class QTextBrowser;

namespace tidemark::ui {

// One archive object of a dispute: its manifest (fields and the JSON as stored), the user's totals in it,
// and the last verification with its problems.
class ArchiveObjectPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ArchiveObjectPanel(QWidget* parent = nullptr);
    void showObject(const kudos::CoveringObject* object,
                    const kudos::CoveringObjectModel::Verification& verification, int userId, bool restored);
    QString text() const; // what the panel shows, as plain text (tests)

  private:
    QTextBrowser* m_view;
};

} // namespace tidemark::ui
