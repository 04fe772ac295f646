#pragma once

#include <QDir>
#include <QString>
#include <QWidget>

namespace tidemark::test {

// Screenshots of the console land in <build>/screenshots, where people (and the lead) look at them.
inline QString saveScreenshot(QWidget* widget, const QString& name) {
    const QString dir = QStringLiteral(TIDEMARK_BINARY_DIR "/screenshots");
    QDir().mkpath(dir);
    const QString path = dir + QLatin1Char('/') + name;
    return widget->grab().save(path, "PNG") ? path : QString();
}

} // namespace tidemark::test
