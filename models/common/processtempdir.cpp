#include "processtempdir.h"

#include "privatefiles.h"
#include "processidentity.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <sys/stat.h>
#include <unistd.h>

namespace tidemark {

namespace {

// "tidemark-<kind>-<pid>-XXXXXX" (mkdtemp's six characters).
const QRegularExpression& folderName() {
    static const QRegularExpression name(QStringLiteral("^tidemark-([a-z]+)-([0-9]{1,10})-[A-Za-z0-9]{6}$"));
    return name;
}

// A folder of this user, not a symbolic link.
bool ownFolder(const QString& path) {
    struct stat st {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISDIR(st.st_mode) &&
           st.st_uid == ::geteuid();
}

// Calls `take(path, kind, pid)` for each folder of the form under `base`.
template <typename Take> void forEachFolder(const QString& base, Take take) {
    const QStringList names = QDir(base).entryList(QStringList{QStringLiteral("tidemark-*")},
                                                   QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
    for (const QString& name : names) {
        const QRegularExpressionMatch m = folderName().match(name);
        if (m.hasMatch())
            take(QDir(base).filePath(name), m.captured(1), m.captured(2).toLongLong());
    }
}

} // namespace

ProcessTempDir::ProcessTempDir(const QString& base, const QString& kind)
    : m_path(privatefiles::makeTempDir(
          QDir(base).filePath(QStringLiteral("tidemark-%1-%2-XXXXXX").arg(kind).arg(::getpid())), ::geteuid(),
          ::getegid())) {}

ProcessTempDir::~ProcessTempDir() {
    try {
        privatefiles::removeTree(m_path);
    } catch (...) {
        // A folder that cannot be removed now is removed by the next run of its kind.
    }
}

int ProcessTempDir::removeAbandoned(const QString& base, const QString& kind) {
    int removed = 0;
    forEachFolder(base, [&](const QString& path, const QString& folderKind, qint64 pid) {
        if (folderKind != kind || processidentity::running(pid) || !ownFolder(path))
            return;
        try {
            privatefiles::removeTree(path);
            ++removed;
        } catch (...) {
        }
    });
    return removed;
}

void ProcessTempDir::removeOwn(const QString& base) {
    const qint64 self = ::getpid();
    forEachFolder(base, [&](const QString& path, const QString&, qint64 pid) {
        if (pid != self || !ownFolder(path))
            return;
        try {
            privatefiles::removeTree(path);
        } catch (...) {
        }
    });
}

} // namespace tidemark
