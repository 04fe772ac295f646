#pragma once

#include "taskfeedback.h"

#include <QString>
#include <functional>

namespace tidemark {

// One long operation as the TaskManager runs it: values in (captured by `work`), progress out through the
// TaskFeedback, a value or a tidemark::Error at the end. `work` runs on a pool thread and opens its own
// connections; `summarize` runs on the GUI thread and gives the one-line result the Jobs dock shows.
template <typename T> struct Task {
    QString title;
    bool pausable = false; // pauses hold at the work's checkpoints
    // A job returns its report after a cancel (what it committed before it stopped): the TaskManager hands
    // that value to onSuccess and lists the task as Cancelled. Otherwise (a load) a cancelled task's value
    // is dropped and onFailure gets Error::Kind::Cancelled.
    bool reportsCancel = false;
    std::function<T(TaskFeedback&)> work;
    std::function<QString(const T&)> summarize;
};

} // namespace tidemark
