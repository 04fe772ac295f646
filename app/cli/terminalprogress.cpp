#include "terminalprogress.h"

#include "clicontext.h"

#include <cstdio>
#include <sys/ioctl.h>
#include <unistd.h>

namespace tidemark::cli {

namespace {
int terminalWidth() {
    winsize size{};
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 20)
        return size.ws_col;
    return 80;
}
} // namespace

TerminalProgress::TerminalProgress(CliContext& ctx, TaskFeedback& feedback) : m_ctx(ctx) {
    m_active = shownFor(ctx);
    if (m_active)
        feedback.setSink([this](const TaskProgress& progress) { show(progress); });
}

TerminalProgress::~TerminalProgress() {
    finish();
}

bool TerminalProgress::shownFor(const CliContext& ctx) {
    return !ctx.json() && isatty(STDERR_FILENO) == 1;
}

QString TerminalProgress::line(const TaskProgress& progress, int width) {
    const double fraction = progress.fraction();
    QString text = fraction >= 0 ? QStringLiteral("[%1%] ").arg(qRound(fraction * 100), 3) : QString();
    text += progress.describe();
    if (text.size() > width - 1)
        text = text.left(width - 2) + QChar(0x2026);
    return text;
}

void TerminalProgress::show(const TaskProgress& progress) {
    // At most ten lines a second; the last report of a stage may be skipped, the result follows anyway.
    if (m_sinceLast.isValid() && m_sinceLast.elapsed() < 100)
        return;
    m_sinceLast.start();
    m_ctx.err() << "\r\033[K" << line(progress, terminalWidth());
    m_ctx.err().flush();
    m_drawn = true;
}

void TerminalProgress::finish() {
    if (!m_drawn)
        return;
    m_ctx.err() << "\r\033[K";
    m_ctx.err().flush();
    m_drawn = false;
}

} // namespace tidemark::cli
