#pragma once

#include <QDir>
#include <QString>
#include <QWidget>

namespace tidemark::test {

// Screenshots of GUI tests land in <build>/screenshots, where people look at them (header only: the GUI
// tests link Qt Widgets and define TIDEMARK_BINARY_DIR, the fixtures library does neither).
inline QString saveScreenshot(QWidget* widget, const QString& name) {
    const QString dir = QStringLiteral(TIDEMARK_BINARY_DIR "/screenshots");
    QDir().mkpath(dir);
    // The Xvfb run of a GUI test keeps its pictures beside the offscreen ones: name-xvfb.png.
    const QString run = qEnvironmentVariable("TIDEMARK_TEST_RUN");
    QString file = name;
    if (!run.isEmpty())
        file.insert(file.lastIndexOf(QLatin1Char('.')), QLatin1Char('-') + run);
    const QString path = dir + QLatin1Char('/') + file;
    return widget->grab().save(path, "PNG") ? path : QString();
}

} // namespace tidemark::test
