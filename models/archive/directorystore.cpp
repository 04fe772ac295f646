#include "directorystore.h"

#include "error.h"
#include "filedescriptor.h"
#include "processidentity.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace tidemark::archive {

namespace {

constexpr qint64 kChunk = 1024 * 1024;

QString errnoText(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

void fsyncFolder(int folder, const QString& name) {
    if (::fsync(folder) != 0)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot sync archive folder %1: %2").arg(name, errnoText(errno)));
}

bool isTemporaryName(const QByteArray& name) {
    return name.startsWith('.');
}

// The names in the open folder `folder` but "." and "..", read through a descriptor of their own (the
// folder's stays where it is); nullopt (errno set) when it cannot be listed.
std::optional<QList<QByteArray>> entriesOf(int folder) {
    const int listing = ::dup(folder);
    DIR* dir = listing < 0 ? nullptr : ::fdopendir(listing);
    if (!dir) {
        const int error = errno;
        if (listing >= 0)
            ::close(listing);
        errno = error;
        return std::nullopt;
    }
    QList<QByteArray> names;
    while (const dirent* entry = ::readdir(dir))
        if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
            names.append(QByteArray(entry->d_name));
    ::closedir(dir);
    return names;
}

// Whether a writer's temporary file can no longer be published: its process (named with this machine's boot)
// is gone, or, written elsewhere or by an older Tidemark (".<name>.tmp-<pid>-<random>"), it was last written
// more than a day ago.
bool abandonedTemporary(const QByteArray& name, const struct stat& st) {
    static const QRegularExpression form(
        QStringLiteral("^\\..+\\.tmp-(?:([0-9a-f]{8})-)?([0-9]{1,10})-[0-9a-f]{16}$"));
    const QRegularExpressionMatch m = form.match(QString::fromLatin1(name));
    if (!m.hasMatch() || !S_ISREG(st.st_mode))
        return false;
    if (m.captured(1).toLatin1() == processidentity::bootId())
        return !processidentity::running(m.captured(2).toLongLong());
    return st.st_mtime < ::time(nullptr) - DirectoryStore::kAbandonedAfterSeconds;
}

// Copies the open file `from` (named `fromName` in messages) into the open file `to` (`toName`).
void copyFile(int from, const QString& fromName, int to, const QString& toName) {
    QByteArray buffer(kChunk, Qt::Uninitialized);
    for (;;) {
        const ssize_t got = ::read(from, buffer.data(), static_cast<size_t>(buffer.size()));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            throw Error(Error::Kind::Failed,
                        QStringLiteral("cannot read %1: %2").arg(fromName, errnoText(errno)));
        if (got == 0)
            return;
        for (ssize_t written = 0; written < got;) {
            const ssize_t n = ::write(to, buffer.constData() + written, static_cast<size_t>(got - written));
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                throw Error(Error::Kind::Failed,
                            QStringLiteral("cannot write %1: %2").arg(toName, errnoText(errno)));
            written += n;
        }
    }
}

// Whether `name` in the open folder is a symbolic link (after an open that refused to follow it).
bool isLink(int folder, const QByteArray& name) {
    struct stat st {};
    return ::fstatat(folder, name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
}

[[noreturn]] void refuseLink(const QString& key, const QString& path, const QString& describe) {
    throw Error(Error::Kind::Refused,
                QStringLiteral("archive key %1: %2 in %3 is a symbolic link; links are not followed")
                    .arg(key, path, describe));
}

} // namespace

DirectoryStore::DirectoryStore(QString root) : m_root(QDir::cleanPath(std::move(root))) {
    // The operator's link to the archive is resolved here, once; nothing below the root is ever followed.
    const QString canonical = QFileInfo(m_root).canonicalFilePath();
    if (!canonical.isEmpty())
        m_root = canonical;
    m_rootFolder = ::open(QFile::encodeName(m_root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

DirectoryStore::~DirectoryStore() {
    if (m_rootFolder >= 0)
        ::close(m_rootFolder);
}

QString DirectoryStore::describe() const {
    return QStringLiteral("directory %1").arg(m_root);
}

QString DirectoryStore::keyProblem(const QString& key) {
    if (key.isEmpty())
        return QStringLiteral("is empty");
    if (key.startsWith(QLatin1Char('/')))
        return QStringLiteral("is absolute");
    if (key.contains(QLatin1Char('\\')) || key.contains(QChar(0)))
        return QStringLiteral("holds a backslash or a NUL");
    for (const QString& part : key.split(QLatin1Char('/'))) {
        if (part == QLatin1String(".."))
            return QStringLiteral("climbs out with '..'");
        if (part.isEmpty() || part.startsWith(QLatin1Char('.')))
            return QStringLiteral("has an empty or dot-led component");
    }
    return {};
}

void DirectoryStore::checkKey(const QString& key) {
    const QString problem = keyProblem(key);
    if (!problem.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("archive key '%1' %2").arg(key, problem));
}

int DirectoryStore::openRoot() const {
    // "." of the folder opened at the start: the same folder (a descriptor of its own, so that a listing's
    // position is its own), never whatever is at the root's path now.
    const int fd = m_rootFolder < 0 ? -1 : ::openat(m_rootFolder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        throw Error(
            Error::Kind::Connection,
            QStringLiteral("archive folder %1 cannot be reached (missing or not a folder)").arg(m_root));
    return fd;
}

int DirectoryStore::openFolderOf(const QString& key, bool create) const {
    const QStringList parts = key.split(QLatin1Char('/'));
    int folder = openRoot();
    struct Close {
        int& fd;
        ~Close() {
            if (fd >= 0)
                ::close(fd);
        }
    } close{folder};
    QString path = m_root;
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        const QByteArray name = QFile::encodeName(parts[i]);
        const QString parent = path;
        path += QLatin1Char('/') + parts[i];
        if (create) {
            if (::mkdirat(folder, name.constData(), 0700) == 0)
                fsyncFolder(folder, parent);
            else if (errno != EEXIST)
                throw Error(
                    Error::Kind::Failed,
                    QStringLiteral("cannot create archive folder %1: %2").arg(path, errnoText(errno)));
        }
        const int next = ::openat(folder, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0) {
            const int error = errno;
            if (isLink(folder, name))
                refuseLink(key, parts.mid(0, i + 1).join(QLatin1Char('/')), describe());
            if ((error == ENOENT || error == ENOTDIR) && !create)
                return -1;
            throw Error(Error::Kind::Failed,
                        QStringLiteral("cannot open archive folder %1: %2").arg(path, errnoText(error)));
        }
        ::close(folder);
        folder = next;
    }
    const int opened = folder;
    folder = -1;
    return opened;
}

bool DirectoryStore::exists(const QString& key) {
    checkKey(key);
    FileDescriptor folder(openFolderOf(key, false));
    if (folder.get() < 0)
        return false;
    const QByteArray name = QFile::encodeName(key.section(QLatin1Char('/'), -1));
    struct stat st {};
    if (::fstatat(folder.get(), name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno == ENOENT)
            return false;
        throw Error(Error::Kind::Connection,
                    QStringLiteral("cannot look up %1 in %2: %3").arg(key, describe(), errnoText(errno)));
    }
    if (S_ISLNK(st.st_mode))
        refuseLink(key, key, describe());
    return S_ISREG(st.st_mode);
}

void DirectoryStore::list(int folder, const QString& folderKey, int depth, const QString& prefix,
                          QList<ArchiveObjectInfo>& objects) const {
    const auto add = [&](const QString& key, qint64 bytes, const QString& problem) {
        if (key.startsWith(prefix))
            objects.append({key, bytes, problem});
    };
    const std::optional<QList<QByteArray>> entries = entriesOf(folder);
    if (!entries)
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("cannot list archive folder %1/%2: %3").arg(m_root, folderKey, errnoText(errno)));
    for (const QByteArray& name : *entries) {
        if (isTemporaryName(name)) // the writers' temporary files
            continue;
        const QString decoded = QFile::decodeName(name);
        const QString key = folderKey.isEmpty() ? decoded : folderKey + QLatin1Char('/') + decoded;
        // An entry whose key neither starts with the prefix nor leads to it holds nothing listed.
        if (!key.startsWith(prefix) && !prefix.startsWith(key))
            continue;
        struct stat st {};
        if (::fstatat(folder, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno != ENOENT) // gone since the listing
                add(key, 0, QStringLiteral("cannot be looked up: %1").arg(errnoText(errno)));
            continue;
        }
        if (S_ISLNK(st.st_mode)) {
            add(key, 0, QStringLiteral("is a symbolic link; links are not followed"));
        } else if (QFile::encodeName(decoded) != name) {
            add(key, st.st_size, QStringLiteral("has a file name that is not UTF-8"));
        } else if (S_ISDIR(st.st_mode)) {
            if (depth >= kMaxListDepth) {
                add(key, 0,
                    QStringLiteral("is a folder nested deeper than %1; not listed").arg(kMaxListDepth));
                continue;
            }
            FileDescriptor sub(
                ::openat(folder, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (sub.get() < 0) {
                add(key, 0, QStringLiteral("cannot be opened: %1").arg(errnoText(errno)));
                continue;
            }
            list(sub.get(), key, depth + 1, prefix, objects);
        } else if (!S_ISREG(st.st_mode)) {
            add(key, 0, QStringLiteral("is not a regular file"));
        } else if (key == QLatin1String(ArchiveMarker::kKey)) {
            continue; // the archive's marker, not an object
        } else {
            add(key, st.st_size, keyProblem(key));
        }
    }
}

int DirectoryStore::removeAbandonedTemporaries(int folder, int depth) {
    const std::optional<QList<QByteArray>> entries = entriesOf(folder);
    if (!entries)
        return 0;
    int removed = 0;
    for (const QByteArray& name : *entries) {
        struct stat st {};
        if (::fstatat(folder, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (S_ISDIR(st.st_mode) && depth < kMaxListDepth) {
            const FileDescriptor sub(
                ::openat(folder, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (sub.get() >= 0)
                removed += removeAbandonedTemporaries(sub.get(), depth + 1);
        } else if (abandonedTemporary(name, st) && ::unlinkat(folder, name.constData(), 0) == 0) {
            ++removed;
        }
    }
    return removed;
}

int DirectoryStore::removeAbandonedTemporaries() {
    const FileDescriptor root(openRoot());
    return removeAbandonedTemporaries(root.get(), 0);
}

QList<ArchiveObjectInfo> DirectoryStore::list(const QString& prefix) {
    // Walk only the deepest folder the prefix names in full.
    const qsizetype slash = prefix.lastIndexOf(QLatin1Char('/'));
    const QString folderKey = slash > 0 ? prefix.left(slash) : QString();
    if (!folderKey.isEmpty())
        checkKey(folderKey);
    int start = -1;
    try {
        start = folderKey.isEmpty() ? openRoot() : openFolderOf(folderKey + QStringLiteral("/-"), false);
    } catch (const Error& e) {
        if (e.kind() != Error::Kind::Refused)
            throw;
        return {{folderKey, 0, QStringLiteral("is or lies below a symbolic link; links are not followed")}};
    }
    QList<ArchiveObjectInfo> objects;
    if (start < 0)
        return objects;
    const FileDescriptor folder(start);
    list(folder.get(), folderKey, folderKey.isEmpty() ? 0 : int(folderKey.count(QLatin1Char('/'))) + 1,
         prefix, objects);
    std::sort(objects.begin(), objects.end(),
              [](const ArchiveObjectInfo& a, const ArchiveObjectInfo& b) { return a.key < b.key; });
    return objects;
}

qint64 DirectoryStore::usedBytes(const QString& prefix) {
    qint64 bytes = 0;
    for (const ArchiveObjectInfo& object : list(prefix))
        bytes += object.bytes;
    return bytes;
}

void DirectoryStore::putFile(const QString& key, const QString& localPath) {
    put(key, localPath, false);
}

void DirectoryStore::publishFile(const QString& key, const QString& localPath) {
    put(key, localPath, true);
}

void DirectoryStore::put(const QString& key, const QString& localPath, bool mayLink) {
    if (exists(key)) // checks the key
        throw Error(Error::Kind::Refused,
                    QStringLiteral("archive object %1 already exists in %2; objects are written once")
                        .arg(key, describe()));
    FileDescriptor source(::open(QFile::encodeName(localPath).constData(), O_RDONLY | O_CLOEXEC));
    if (source.get() < 0)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot read %1 to archive it: %2").arg(localPath, errnoText(errno)));
    const FileDescriptor folder(openFolderOf(key, true));
    const QString fileName = key.section(QLatin1Char('/'), -1);
    const QString folderPath = QFileInfo(m_root + QLatin1Char('/') + key).path();
    const QString temporaryName =
        QStringLiteral(".%1.tmp-%2-%3-%4")
            .arg(fileName, QString::fromLatin1(processidentity::bootId()))
            .arg(::getpid())
            .arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
    const QString temporary = folderPath + QLatin1Char('/') + temporaryName;
    const QByteArray temporaryBytes = QFile::encodeName(temporaryName);
    // A regular file given up on the same filesystem becomes the temporary file itself: the inode opened
    // above, linked through /proc. Any failure to link it (another filesystem, a link limit) falls back to
    // the copy.
    struct stat sourceStat {};
    const bool linked =
        mayLink && ::fstat(source.get(), &sourceStat) == 0 && S_ISREG(sourceStat.st_mode) &&
        ::linkat(AT_FDCWD, QByteArray("/proc/self/fd/" + QByteArray::number(source.get())).constData(),
                 folder.get(), temporaryBytes.constData(), AT_SYMLINK_FOLLOW) == 0;
    FileDescriptor out(
        linked ? ::openat(folder.get(), temporaryBytes.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
               : ::openat(folder.get(), temporaryBytes.constData(),
                          O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (linked && out.get() < 0)
        ::unlinkat(folder.get(), temporaryBytes.constData(), 0);
    if (out.get() < 0)
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("cannot create %1 in %2: %3").arg(temporary, describe(), errnoText(errno)));
    // From here on the temporary file goes away whatever happens.
    struct Remove {
        int folder;
        QByteArray name;
        ~Remove() {
            if (!name.isEmpty())
                ::unlinkat(folder, name.constData(), 0);
        }
    } remove{folder.get(), temporaryBytes};

    if (!linked)
        copyFile(source.get(), localPath, out.get(), temporary);
    if (::fsync(out.get()) != 0 || ::close(out.release()) != 0)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot sync %1: %2").arg(temporary, errnoText(errno)));
    // linkat(2) fails with EEXIST instead of replacing (a link there included): the write-once guarantee
    // against a concurrent writer.
    if (::linkat(folder.get(), temporaryBytes.constData(), folder.get(),
                 QFile::encodeName(fileName).constData(), 0) != 0) {
        const int error = errno;
        if (error == EEXIST)
            throw Error(Error::Kind::Refused,
                        QStringLiteral("archive object %1 already exists in %2; objects are written once")
                            .arg(key, describe()));
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot publish %1 in %2: %3").arg(key, describe(), errnoText(error)));
    }
    ::unlinkat(folder.get(), temporaryBytes.constData(), 0);
    remove.name.clear();
    fsyncFolder(folder.get(), folderPath);
}

void DirectoryStore::read(const QString& key, const Sink& sink) {
    checkKey(key);
    const FileDescriptor folder(openFolderOf(key, false));
    const auto missing = [&] {
        return Error(Error::Kind::Failed,
                     QStringLiteral("archive object %1 is not in %2").arg(key, describe()));
    };
    if (folder.get() < 0)
        throw missing();
    const QByteArray name = QFile::encodeName(key.section(QLatin1Char('/'), -1));
    // O_NONBLOCK: a FIFO planted under the key must not block the open; it is refused just below.
    FileDescriptor in(
        ::openat(folder.get(), name.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    if (in.get() < 0) {
        const int error = errno;
        if (isLink(folder.get(), name))
            refuseLink(key, key, describe());
        if (error == ENOENT)
            throw missing();
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot read %1 in %2: %3").arg(key, describe(), errnoText(error)));
    }
    struct stat st {};
    if (::fstat(in.get(), &st) != 0 || !S_ISREG(st.st_mode))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("archive object %1 in %2 is not a regular file").arg(key, describe()));
    QByteArray buffer(kChunk, Qt::Uninitialized);
    for (;;) {
        const ssize_t got = ::read(in.get(), buffer.data(), static_cast<size_t>(buffer.size()));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            throw Error(Error::Kind::Failed,
                        QStringLiteral("cannot read %1 in %2: %3").arg(key, describe(), errnoText(errno)));
        if (got == 0)
            return;
        sink(buffer.constData(), static_cast<qint64>(got));
    }
}

} // namespace tidemark::archive
