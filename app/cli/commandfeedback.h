#pragma once

#include "stopsignals.h"
#include "terminalprogress.h"

#include "taskfeedback.h"

namespace tidemark::cli {

class CliContext;

// The feedback a long command gives its job: the task's token, shown by the terminal's progress line, and
// cancelled by the first SIGTERM or SIGINT (StopSignals) so that the job stops after its unit in flight.
class CommandFeedback : public TaskFeedback {
  public:
    explicit CommandFeedback(CliContext& ctx) : m_progress(ctx, *this), m_stop(*this) {}
    // Clears the progress line before the result is printed.
    void finishProgress() { m_progress.finish(); }

  private:
    TerminalProgress m_progress;
    StopSignals::Scope m_stop;
};

} // namespace tidemark::cli
