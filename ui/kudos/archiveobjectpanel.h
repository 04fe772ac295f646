#pragma once

#include "coveringobjectmodel.h"

#include <QWidget>

class QTextBrowser;

namespace tidemark::ui {

// One archive object of a dispute: its manifest (fields and the JSON as stored), the user's totals in it,
// the last verification and the last restore drill, each with its first problems.
class ArchiveObjectPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ArchiveObjectPanel(QWidget* parent = nullptr);
    void showObject(const kudos::CoveringObject* object,
                    const kudos::CoveringObjectModel::Verification& verification, int userId, bool restored);
    QString text() const; // what the panel shows, as plain text (tests)

  private:
    static QString drillText(const kudos::CoveringObject& object);

    QTextBrowser* m_view;
};

} // namespace tidemark::ui
