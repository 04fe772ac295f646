#pragma once

#include <QLabel>

namespace tidemark::kudos {
struct DrillCoverage;
}

namespace tidemark::ui {

// How much of the archive the restore drills have proven lately, in one line ("Drills: 2 of 3 object(s)
// proven within 35 days · 1 not proven · last passed 2026-12-03 07:40"), green when every object is proven;
// the tooltip says what proven means and names the oldest proof.
class DrillCoverageLabel : public QLabel {
    Q_OBJECT
  public:
    explicit DrillCoverageLabel(QWidget* parent = nullptr);
    void showCoverage(const kudos::DrillCoverage& coverage);
};

} // namespace tidemark::ui
