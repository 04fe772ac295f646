#include "privatefiles.h"

#include "error.h"
#include "filedescriptor.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tidemark::privatefiles {

namespace {

QByteArray encode(const QString& path) {
    return QFile::encodeName(path);
}

QString lastError() {
    return QString::fromLocal8Bit(std::strerror(errno));
}

[[noreturn]] void fail(const QString& what, const QString& path) {
    const int error = errno;
    const QString reason = QString::fromLocal8Bit(std::strerror(error));
    if (error == ELOOP)
        throw Error(Error::Kind::Refused,
                    QStringLiteral("refusing to %1 %2: it is a symbolic link").arg(what, path));
    throw Error(Error::Kind::Failed, QStringLiteral("cannot %1 %2: %3").arg(what, path, reason));
}

void writeAll(int fd, const QByteArray& content, const QString& path) {
    const char* data = content.constData();
    qsizetype left = content.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, data, size_t(left));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            fail(QStringLiteral("write"), path);
        }
        data += n;
        left -= n;
    }
}

// Deletes what is in the open folder `dirFd`, descending only into real folders.
void removeContents(int dirFd, const QString& path) {
    const int listFd = ::dup(dirFd);
    if (listFd < 0)
        fail(QStringLiteral("read"), path);
    DIR* dir = ::fdopendir(listFd);
    if (!dir) {
        ::close(listFd);
        fail(QStringLiteral("read"), path);
    }
    QList<QByteArray> names;
    while (const dirent* entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (name != "." && name != "..")
            names << name;
    }
    ::closedir(dir);
    for (const QByteArray& name : names) {
        const QString child = path + QLatin1Char('/') + QFile::decodeName(name);
        struct stat st {};
        if (::fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno == ENOENT)
                continue;
            fail(QStringLiteral("remove"), child);
        }
        if (S_ISDIR(st.st_mode)) {
            FileDescriptor sub(
                ::openat(dirFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (sub.get() < 0)
                fail(QStringLiteral("remove"), child);
            removeContents(sub.get(), child);
            if (::unlinkat(dirFd, name.constData(), AT_REMOVEDIR) != 0 && errno != ENOENT)
                fail(QStringLiteral("remove"), child);
        } else if (::unlinkat(dirFd, name.constData(), 0) != 0 && errno != ENOENT) {
            fail(QStringLiteral("remove"), child);
        }
    }
}

QString octal(mode_t mode) {
    return QStringLiteral("%1").arg(uint(mode & 07777), 4, 8, QLatin1Char('0'));
}

} // namespace

void createExclusive(const QString& path, const QByteArray& content, uid_t owner, gid_t group) {
    FileDescriptor fd(
        ::open(encode(path).constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (fd.get() < 0)
        fail(QStringLiteral("create"), path);
    if (owner != uid_t(-1) && ::fchown(fd.get(), owner, group) != 0) {
        ::unlink(encode(path).constData());
        fail(QStringLiteral("hand over"), path);
    }
    try {
        writeAll(fd.get(), content, path);
    } catch (...) {
        ::unlink(encode(path).constData());
        throw;
    }
    if (::close(fd.release()) != 0) {
        ::unlink(encode(path).constData());
        fail(QStringLiteral("write"), path);
    }
}

void replace(const QString& path, const QByteArray& content) {
    const QFileInfo info(path);
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    QString suffix;
    for (int i = 0; i < 10; ++i)
        suffix += QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof alphabet - 1))]);
    const QString temp =
        info.path() + QStringLiteral("/.") + info.fileName() + QStringLiteral(".new-") + suffix;
    createExclusive(temp, content);
    if (::rename(encode(temp).constData(), encode(path).constData()) != 0) {
        const QString reason = lastError();
        ::unlink(encode(temp).constData());
        throw Error(Error::Kind::Failed, QStringLiteral("cannot write %1: %2").arg(path, reason));
    }
}

void append(const QString& path, const QByteArray& content) {
    FileDescriptor fd(::open(encode(path).constData(), O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC));
    if (fd.get() < 0)
        fail(QStringLiteral("write"), path);
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("refusing to write %1: not a regular file").arg(path));
    writeAll(fd.get(), content, path);
}

std::optional<QByteArray> read(const QString& path) {
    FileDescriptor fd(::open(encode(path).constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    if (fd.get() < 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return std::nullopt;
        fail(QStringLiteral("read"), path);
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("refusing to read %1: not a regular file").arg(path));
    QByteArray content;
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            fail(QStringLiteral("read"), path);
        }
        if (n == 0)
            break;
        content.append(buffer, n);
    }
    return content;
}

void remove(const QString& path) {
    if (::unlink(encode(path).constData()) != 0 && errno != ENOENT)
        fail(QStringLiteral("remove"), path);
}

bool makeDir(const QString& path) {
    if (::mkdir(encode(path).constData(), 0700) == 0)
        return true;
    if (errno != EEXIST)
        fail(QStringLiteral("create the folder"), path);
    if (!ownDirExists(path))
        fail(QStringLiteral("create the folder"), path);
    return false;
}

bool ownDirExists(const QString& path) {
    struct stat st {};
    if (::lstat(encode(path).constData(), &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return false;
        fail(QStringLiteral("use"), path);
    }
    if (S_ISLNK(st.st_mode))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("refusing to use %1: it is a symbolic link").arg(path));
    if (!S_ISDIR(st.st_mode))
        throw Error(Error::Kind::Refused, QStringLiteral("refusing to use %1: it is not a folder").arg(path));
    if (st.st_uid != ::geteuid())
        throw Error(Error::Kind::Refused,
                    QStringLiteral("refusing to use %1: it belongs to another user (uid %2)")
                        .arg(path)
                        .arg(st.st_uid));
    return true;
}

void checkPrivateDir(const QString& path, uid_t owner) {
    struct stat st {};
    if (::lstat(encode(path).constData(), &st) != 0)
        throw Error(Error::Kind::Refused, QStringLiteral("refusing to use %1: %2").arg(path, lastError()));
    if (S_ISLNK(st.st_mode))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("refusing to use %1: it is a symbolic link").arg(path));
    if (!S_ISDIR(st.st_mode))
        throw Error(Error::Kind::Refused, QStringLiteral("refusing to use %1: it is not a folder").arg(path));
    if (st.st_uid != owner)
        throw Error(Error::Kind::Refused,
                    QStringLiteral("refusing to use %1: it belongs to uid %2, not uid %3")
                        .arg(path)
                        .arg(st.st_uid)
                        .arg(owner));
    if ((st.st_mode & 07777) != 0700)
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("refusing to use %1: its mode is %2, not 0700").arg(path, octal(st.st_mode)));
}

void handOverDir(const QString& path, uid_t owner, gid_t group) {
    FileDescriptor fd(::open(encode(path).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (fd.get() < 0)
        fail(QStringLiteral("open the folder"), path);
    if (::fchown(fd.get(), owner, group) != 0 || ::fchmod(fd.get(), 0700) != 0)
        fail(QStringLiteral("hand over the folder"), path);
}

QString makeTempDir(const QString& pattern, uid_t owner, gid_t group) {
    QByteArray name = encode(pattern);
    if (!::mkdtemp(name.data()))
        fail(QStringLiteral("create a private folder"), pattern);
    const QString path = QFile::decodeName(name);
    try {
        if (owner != ::geteuid())
            handOverDir(path, owner, group);
        checkPrivateDir(path, owner);
    } catch (...) {
        ::rmdir(name.constData());
        throw;
    }
    return path;
}

void removeTree(const QString& path) {
    FileDescriptor fd(::open(encode(path).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (fd.get() < 0) {
        if (errno == ENOENT)
            return;
        if (errno == ELOOP || errno == ENOTDIR) { // a link or a file: remove it, not what it points to
            remove(path);
            return;
        }
        fail(QStringLiteral("remove"), path);
    }
    removeContents(fd.get(), path);
    if (::rmdir(encode(path).constData()) != 0 && errno != ENOENT)
        fail(QStringLiteral("remove"), path);
}

} // namespace tidemark::privatefiles
