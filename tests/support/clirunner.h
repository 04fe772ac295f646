#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <functional>

namespace tidemark::test {

// What one run of the built tidemark-cli returned.
struct CliRun {
    int exitCode = -1; // -1: it did not finish within the timeout (or died of a signal)
    QString out;
    QString err;
};

// Runs TIDEMARK_BINARY_DIR/app/cli/tidemark-cli with `args`, the environment plus `env`, up to `timeoutMs`.
CliRun runCli(const QStringList& args, const QHash<QString, QString>& env = {}, int timeoutMs = 120000);

// tidemark-cli started in the background, for the tests that stop it with a signal at a chosen point: wait
// until the point is reached (waitUntil), signal it, and finish() tells how it ended and how long after the
// first signal. Killed (SIGKILL) when dropped still running.
class CliProcess {
  public:
    CliProcess(const QStringList& args, const QHash<QString, QString>& env = {});
    ~CliProcess();
    CliProcess(const CliProcess&) = delete;
    CliProcess& operator=(const CliProcess&) = delete;

    // Polls `reached` every `everyMs` up to `timeoutMs`; false when it never held (or the process ended
    // first).
    bool waitUntil(const std::function<bool()>& reached, int timeoutMs = 60000, int everyMs = 20);
    bool running() const { return m_process.state() != QProcess::NotRunning; }
    void signal(int signal);
    // Waits for the end, up to `timeoutMs`: the exit code (-1 when it died of a signal or is still running).
    CliRun finish(int timeoutMs = 120000);
    // Milliseconds from the first signal() to the end seen by finish(); -1 without a signal.
    double stopMilliseconds() const { return m_stopMs; }

  private:
    QProcess m_process;
    QElapsedTimer m_sinceSignal;
    double m_stopMs = -1;
};

} // namespace tidemark::test
