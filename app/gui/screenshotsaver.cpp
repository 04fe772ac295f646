#include "screenshotsaver.h"

#include "displayformat.h"

#include "datasetpanel.h"
#include "mainwindow.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPixmap>
#include <QTimer>
#include <cstdio>

namespace tidemark::app {

namespace {
void fail(const QString& message) {
    std::fprintf(stderr, "tidemark: %s\n", qPrintable(message));
    QCoreApplication::exit(1);
}
} // namespace

ScreenshotSaver::ScreenshotSaver(ui::MainWindow* window, QString path, int timeoutSeconds, QObject* parent)
    : QObject(parent), m_window(window), m_path(std::move(path)), m_timeout(new QTimer(this)) {
    m_timeout->setSingleShot(true);
    m_timeout->setInterval(timeoutSeconds * 1000);
    connect(m_timeout, &QTimer::timeout, this, [this, timeoutSeconds] {
        if (m_done)
            return;
        m_done = true;
        fail(tr("screenshot: the panels did not finish loading within %1")
                 .arg(display::duration(timeoutSeconds)));
    });
    connect(window, &ui::MainWindow::workspaceSettled, this, &ScreenshotSaver::settled);
    m_timeout->start();
}

void ScreenshotSaver::saveWhenShown() {
    QTimer::singleShot(300, this, [this] { save(true); });
}

void ScreenshotSaver::settled(bool ok) {
    // Let the views lay out the freshly loaded rows and the map finish its off-thread frame (at most ~5 s).
    auto* poll = new QTimer(this);
    poll->setInterval(100);
    connect(poll, &QTimer::timeout, this, [this, poll, ok, polls = 0]() mutable {
        if (++polls < 3 || (!m_window->isMapIdle() && polls < 50))
            return;
        poll->deleteLater();
        save(ok);
    });
    poll->start();
}

void ScreenshotSaver::save(bool ok) {
    if (m_done)
        return;
    m_done = true;
    m_timeout->stop();
    const QFileInfo target(m_path);
    QDir().mkpath(target.absolutePath());
    const QPixmap pixmap = m_window->grab();
    if (pixmap.isNull() || !pixmap.save(target.absoluteFilePath(), "PNG")) {
        fail(tr("screenshot: cannot write %1").arg(target.absoluteFilePath()));
        return;
    }
    if (!ok) {
        QStringList failures;
        using Dataset = tidemark::WorkspaceSession::Dataset;
        for (Dataset dataset : {Dataset::Positions, Dataset::Kudos, Dataset::Tracks})
            if (m_window->panel(dataset)->state() == ui::DatasetPanel::State::Failed)
                failures << tidemark::WorkspaceSession::datasetName(dataset) + QStringLiteral(": ") +
                                m_window->panel(dataset)->messageText();
        fail(tr("screenshot saved to %1, but loading failed: %2")
                 .arg(target.absoluteFilePath(),
                      failures.isEmpty() ? tr("demo workspace") : failures.join(QStringLiteral("; "))));
        return;
    }
    std::printf("%s\n", qPrintable(target.absoluteFilePath()));
    QCoreApplication::exit(0);
}

} // namespace tidemark::app
