#pragma once

#include <QMenu>

namespace tidemark::ui {

// What Drill… drills, as the operator chooses it: the objects selected in the dispute's table, a sample of
// the job's default size (the never drilled and the longest undrilled first), or every object of the
// catalog. Each choice is an action that says how many objects it takes; `chosen` names the one triggered.
class DrillChoiceMenu : public QMenu {
    Q_OBJECT
  public:
    enum class Choice { Selected, Sample, All };

    explicit DrillChoiceMenu(QWidget* parent = nullptr);
    // The counts the actions name: the selected objects (none: that action is disabled), the sample's size
    // and the catalog's objects (-1: not known yet).
    void setCounts(int selected, int sample, int catalog);
    QAction* action(Choice choice) const;

  signals:
    void chosen(tidemark::ui::DrillChoiceMenu::Choice choice);

  private:
    QAction* m_selected;
    QAction* m_sample;
    QAction* m_all;
};

} // namespace tidemark::ui
