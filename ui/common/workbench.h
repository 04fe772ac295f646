#pragma once

#include "workspacedataset.h"

#include <QString>
#include <optional>
#include <vector>

class QAbstractButton;
class QWidget;

namespace tidemark {
class DatasetBase;
}

namespace tidemark::ui {

class MapView;

// The Workbench menu's commands: each clicks the matching button of the workbench in front.
enum class WorkbenchCommand { Reload, Preview, Run, Pause, Cancel };
inline constexpr int kWorkbenchCommandCount = 5;

// What the main window knows of a tab of its central area: the widget, its title, its dataset (whose dock
// shows with it), the buttons its commands click, its map, its help page, and how to open it at a target the
// Home names. The main window keeps a list of them and loops over it: a new workbench is one registration.
class Workbench {
  public:
    virtual ~Workbench() = default;

    virtual QWidget* widget() = 0;
    virtual QString title() const = 0;
    // The dataset whose dock shows with the workbench (none: the Home).
    virtual std::optional<WorkspaceDataset> workspaceDataset() const { return std::nullopt; }
    // The dataset it shows and calls (its tasks, its source).
    virtual DatasetBase* dataset() const = 0;
    // The buttons `command` clicks here, the first enabled one wins (Pause: pause, then resume). The dock's
    // Reload is the main window's; a workbench lists a Reload of its own only when it has one.
    virtual std::vector<QAbstractButton*> commandButtons(WorkbenchCommand command) const = 0;
    virtual MapView* map() const { return nullptr; }
    // The guide in docs/ that F1 shows for it, without the folder ("positions.md").
    virtual QString helpPage() const = 0;
    // Brings `target` into view: a mower id, a partition name (as the Home's alerts name them).
    virtual void openAt(const QString& target) { (void)target; }
};

} // namespace tidemark::ui
