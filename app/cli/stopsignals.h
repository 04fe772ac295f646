#pragma once

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::cli {

// SIGTERM (systemd's stop) and SIGINT (Ctrl+C) for tidemark-cli. install() blocks both in the main thread
// before any other thread exists, so every thread inherits the mask and no library call is ever interrupted;
// one thread of its own takes them with sigwait(2).
//
// While a Scope lives (a long command's job), the first signal cancels the scope's feedback: the job ends or
// rolls back its unit in flight, records what was done, removes its temporary files and returns a cancelled
// report, which the command prints as for a cancel and exits 75. A second signal, or a unit still running
// kGraceSeconds after the first, ends the process at once with 75 (the unit in flight rolls back on the
// server; the process's temporary folders are removed first): the systemd units' TimeoutStopSec is above it.
// Before the first scope (nothing started yet, or a short command) a signal ends the process at once with 75;
// after the last scope the command finishes printing its report and exits 75.
class StopSignals {
  public:
    static constexpr int kGraceSeconds = 30;

    static void install();
    // The first stop signal's number, 0 when none came.
    static int received();
    // "SIGTERM", "SIGINT".
    static const char* name(int signal);

    class Scope {
      public:
        explicit Scope(TaskFeedback& feedback);
        ~Scope();
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;
    };
};

} // namespace tidemark::cli
