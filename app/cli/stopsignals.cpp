#include "stopsignals.h"

#include "processtempdir.h"
#include "taskfeedback.h"

#include <QDir>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <pthread.h>
#include <thread>
#include <unistd.h>

namespace tidemark::cli {

namespace {

std::atomic<int> g_first{0};
std::mutex g_mutex; // guards g_feedback against a scope ending while the signal's thread cancels it
TaskFeedback* g_feedback = nullptr;
bool g_longCommand = false; // a scope was opened: after it the command only prints its report

sigset_t stopSet() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    return set;
}

[[noreturn]] void endNow(int code) {
    std::fflush(stdout);
    ProcessTempDir::removeOwn(QDir::tempPath());
    ::_exit(code);
}

void say(const char* text) {
    std::fputs(text, stderr);
    std::fflush(stderr);
}

void watch() {
    const sigset_t set = stopSet();
    for (;;) {
        int signal = 0;
        if (g_first.load() == 0) {
            if (sigwait(&set, &signal) != 0)
                continue;
        } else {
            // After the first signal the unit in flight has its grace; then it is stopped as by a second.
            const timespec grace{StopSignals::kGraceSeconds, 0};
            signal = sigtimedwait(&set, nullptr, &grace);
            if (signal < 0 && errno == EINTR)
                continue;
            if (signal < 0) {
                std::fprintf(
                    stderr,
                    "tidemark-cli: still in its unit %d s after the stop signal: stopping at once; the "
                    "unit in flight rolls back\n",
                    StopSignals::kGraceSeconds);
                endNow(75);
            }
        }
        int expected = 0;
        if (!g_first.compare_exchange_strong(expected, signal)) {
            say("tidemark-cli: second stop signal: stopping at once; the unit in flight rolls back\n");
            endNow(75);
        }
        std::lock_guard lock(g_mutex);
        if (!g_feedback) {
            if (!g_longCommand)
                endNow(75); // nothing was started
            continue;       // the job is over; the command prints its report and exits 75
        }
        std::fprintf(stderr,
                     "tidemark-cli: %s: stopping after the unit in flight (send it again to stop at once)\n",
                     StopSignals::name(signal));
        std::fflush(stderr);
        g_feedback->cancel();
    }
}

} // namespace

void StopSignals::install() {
    const sigset_t set = stopSet();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    std::thread(watch).detach();
}

int StopSignals::received() {
    return g_first.load();
}

const char* StopSignals::name(int signal) {
    switch (signal) {
    case SIGTERM:
        return "SIGTERM";
    case SIGINT:
        return "SIGINT";
    default:
        return "a signal";
    }
}

StopSignals::Scope::Scope(TaskFeedback& feedback) {
    std::lock_guard lock(g_mutex);
    g_feedback = &feedback;
    g_longCommand = true;
    if (g_first.load() != 0) // a signal that came while the command prepared its job
        feedback.cancel();
}

StopSignals::Scope::~Scope() {
    std::lock_guard lock(g_mutex);
    g_feedback = nullptr;
}

} // namespace tidemark::cli
