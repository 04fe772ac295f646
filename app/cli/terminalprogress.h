#pragma once

#include "taskfeedback.h"

#include <QElapsedTimer>

namespace tidemark::cli {

class CliContext;

// The CLI's view of a task's progress: one line on standard error, rewritten in place, when standard error
// is a terminal; nothing when it is piped or with --json, so scripts and timers see only the result.
class TerminalProgress {
  public:
    // Installs itself as `feedback`'s sink (when shown); keep it alive while the task runs.
    TerminalProgress(CliContext& ctx, TaskFeedback& feedback);
    ~TerminalProgress();
    // Clears the progress line before the result is printed.
    void finish();

    // Whether a terminal would show the line (standard error is a TTY and no --json).
    static bool shownFor(const CliContext& ctx);
    // The line for `progress`, at most `width` characters.
    static QString line(const TaskProgress& progress, int width);

  private:
    void show(const TaskProgress& progress);
    CliContext& m_ctx;
    QElapsedTimer m_sinceLast;
    bool m_active = false;
    bool m_drawn = false;
};

} // namespace tidemark::cli
