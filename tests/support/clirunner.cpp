#include "clirunner.h"

#include <QThread>
#include <csignal>

namespace tidemark::test {

namespace {

QProcessEnvironment environmentWith(const QHash<QString, QString>& env) {
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        e.insert(it.key(), it.value());
    return e;
}

const QString kCli = QStringLiteral(TIDEMARK_BINARY_DIR "/app/cli/tidemark-cli");

} // namespace

CliRun runCli(const QStringList& args, const QHash<QString, QString>& env, int timeoutMs) {
    QProcess p;
    p.setProcessEnvironment(environmentWith(env));
    p.start(kCli, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

CliProcess::CliProcess(const QStringList& args, const QHash<QString, QString>& env) {
    m_process.setProcessEnvironment(environmentWith(env));
    m_process.start(kCli, args);
    m_process.waitForStarted();
}

CliProcess::~CliProcess() {
    if (running()) {
        m_process.kill();
        m_process.waitForFinished();
    }
}

bool CliProcess::waitUntil(const std::function<bool()>& reached, int timeoutMs, int everyMs) {
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < timeoutMs) {
        if (reached())
            return true;
        if (!running())
            return false;
        m_process.waitForFinished(everyMs); // also drains its output, so it never blocks on a full pipe
    }
    return false;
}

void CliProcess::signal(int signal) {
    if (!m_sinceSignal.isValid())
        m_sinceSignal.start();
    ::kill(static_cast<pid_t>(m_process.processId()), signal);
}

CliRun CliProcess::finish(int timeoutMs) {
    const bool ended = m_process.waitForFinished(timeoutMs);
    if (ended && m_sinceSignal.isValid())
        m_stopMs = double(m_sinceSignal.nsecsElapsed()) / 1e6;
    const bool exited = ended && m_process.exitStatus() == QProcess::NormalExit;
    return {exited ? m_process.exitCode() : -1, QString::fromUtf8(m_process.readAllStandardOutput()),
            QString::fromUtf8(m_process.readAllStandardError())};
}

} // namespace tidemark::test
