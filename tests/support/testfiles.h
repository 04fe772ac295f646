#pragma once

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QMap>
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

// Every file of `folder` (hidden ones too) with the SHA-256 of its bytes: what "left as it was" compares.
inline QMap<QString, QByteArray> folderDigests(const QString& folder) {
    QMap<QString, QByteArray> digests;
    const QDir dir(folder);
    for (const QString& name : dir.entryList(QDir::Files | QDir::Hidden | QDir::System))
        digests.insert(name,
                       QCryptographicHash::hash(readFile(dir.filePath(name)), QCryptographicHash::Sha256));
    return digests;
}

} // namespace tidemark::test
