#pragma once

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>

namespace tidemark::test {

inline QString readMetricsFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The value of one series in a Prometheus textfile, by its exact name with labels; -1 when absent.
inline double metricValue(const QString& text, const QString& series) {
    for (const QString& line : text.split(QLatin1Char('\n')))
        if (line.startsWith(series + QLatin1Char(' ')))
            return line.mid(series.size() + 1).toDouble();
    return -1;
}

// `promtool check metrics` on the file: empty when it accepts it, else what it said; "promtool is missing"
// when it is not installed (the prometheus package of scripts/debian-packages.txt).
inline QString promtoolProblems(const QString& path) {
    const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
    if (promtool.isEmpty())
        return QStringLiteral("promtool is missing (apt-get install prometheus)");
    QProcess p;
    p.setStandardInputFile(path);
    p.start(promtool, {QStringLiteral("check"), QStringLiteral("metrics")});
    if (!p.waitForFinished(30000))
        return QStringLiteral("promtool did not finish");
    return p.exitCode() == 0 ? QString()
                             : QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
}

} // namespace tidemark::test
