#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

namespace tidemark::test {

// A test's input file read whole; qFatal when it cannot be read (a test without its data proves nothing).
inline QByteArray readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// Writes `bytes` as the whole of `path` (replacing it); qFatal when it cannot. Returns the path.
inline QString writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

} // namespace tidemark::test
