#pragma once

#include <QDirIterator>
#include <QFile>
#include <QStringList>
#include <algorithm>
#include <functional>
#include <initializer_list>

namespace tidemark::test {

// The source checks' reader (header only; TIDEMARK_SOURCE_DIR comes from the test): every .h and .cpp under
// the source tree's `folders`, except those whose path ends with one of `allowed`, is given to `offence`,
// which says what is wrong with its text ("" when nothing is). Lists "path: offence" for each file it named,
// and a line of its own when fewer than `atLeast` files were read (a folder moved away).
inline QStringList scanSources(std::initializer_list<const char*> folders, const QStringList& allowed,
                               int atLeast, const std::function<QString(const QString& text)>& offence) {
    QStringList found;
    int scanned = 0;
    for (const char* folder : folders) {
        QDirIterator it(QStringLiteral(TIDEMARK_SOURCE_DIR) + QLatin1String(folder), {"*.h", "*.cpp"},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (std::any_of(allowed.begin(), allowed.end(),
                            [&](const QString& a) { return path.endsWith(a); }))
                continue;
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                return {path + QStringLiteral(": cannot be read")};
            ++scanned;
            if (const QString what = offence(QString::fromUtf8(f.readAll())); !what.isEmpty())
                found << path + QStringLiteral(": ") + what;
        }
    }
    if (scanned < atLeast)
        found << QStringLiteral("only %1 files were read under the folders").arg(scanned);
    return found;
}

} // namespace tidemark::test
