#include "directorystore.h"

#include "error.h"
#include "filedescriptor.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRandomGenerator>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tidemark::archive {

namespace {

constexpr qint64 kChunk = 1024 * 1024;

QString errnoText(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

void fsyncFolder(const QString& folder) {
    FileDescriptor fd(::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (fd.get() < 0 || ::fsync(fd.get()) != 0)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot sync archive folder %1: %2").arg(folder, errnoText(errno)));
}

bool isTemporaryName(const QString& name) {
    return name.startsWith(QLatin1Char('.'));
}

} // namespace

DirectoryStore::DirectoryStore(QString root) : m_root(QDir::cleanPath(std::move(root))) {}

QString DirectoryStore::describe() const {
    return QStringLiteral("directory %1").arg(m_root);
}

void DirectoryStore::checkKey(const QString& key) {
    const auto refuse = [&](const QString& why) {
        throw Error(Error::Kind::Usage, QStringLiteral("archive key '%1' %2").arg(key, why));
    };
    if (key.isEmpty())
        refuse(QStringLiteral("is empty"));
    if (key.startsWith(QLatin1Char('/')))
        refuse(QStringLiteral("is absolute"));
    if (key.contains(QLatin1Char('\\')) || key.contains(QChar(0)))
        refuse(QStringLiteral("holds a backslash or a NUL"));
    for (const QString& part : key.split(QLatin1Char('/'))) {
        if (part == QLatin1String(".."))
            refuse(QStringLiteral("climbs out with '..'"));
        if (part.isEmpty() || part.startsWith(QLatin1Char('.')))
            refuse(QStringLiteral("has an empty or dot-led component"));
    }
}

void DirectoryStore::checkRoot() const {
    const QFileInfo info(m_root);
    if (!info.isDir())
        throw Error(
            Error::Kind::Connection,
            QStringLiteral("archive folder %1 cannot be reached (missing or not a folder)").arg(m_root));
}

QString DirectoryStore::pathOf(const QString& key) const {
    checkKey(key);
    checkRoot();
    return m_root + QLatin1Char('/') + key;
}

bool DirectoryStore::exists(const QString& key) {
    const QString path = pathOf(key);
    struct stat st {};
    if (::lstat(QFile::encodeName(path).constData(), &st) == 0)
        return S_ISREG(st.st_mode);
    if (errno == ENOENT || errno == ENOTDIR)
        return false;
    throw Error(Error::Kind::Connection,
                QStringLiteral("cannot look up %1 in %2: %3").arg(key, describe(), errnoText(errno)));
}

QList<ArchiveObjectInfo> DirectoryStore::list(const QString& prefix) {
    checkRoot();
    // Walk only the deepest folder the prefix names in full.
    const qsizetype slash = prefix.lastIndexOf(QLatin1Char('/'));
    const QString folderKey = slash > 0 ? prefix.left(slash) : QString();
    if (!folderKey.isEmpty())
        checkKey(folderKey);
    const QString start = folderKey.isEmpty() ? m_root : m_root + QLatin1Char('/') + folderKey;
    QList<ArchiveObjectInfo> objects;
    if (!QFileInfo(start).isDir())
        return objects;
    QDirIterator it(start, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        const QFileInfo info = it.fileInfo();
        if (isTemporaryName(info.fileName()))
            continue;
        const QString key = info.filePath().mid(m_root.size() + 1);
        if (key.startsWith(prefix) && !key.startsWith(QLatin1Char('.')) && !key.contains(QLatin1String("/.")))
            objects.append({key, info.size()});
    }
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

void DirectoryStore::makeFolders(const QString& key) const {
    QString folder = m_root;
    const QStringList parts = key.split(QLatin1Char('/'));
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        const QString parent = folder;
        folder += QLatin1Char('/') + parts[i];
        if (::mkdir(QFile::encodeName(folder).constData(), 0700) == 0) {
            fsyncFolder(parent);
        } else if (errno != EEXIST) {
            throw Error(Error::Kind::Failed,
                        QStringLiteral("cannot create archive folder %1: %2").arg(folder, errnoText(errno)));
        }
    }
}

void DirectoryStore::putFile(const QString& key, const QString& localPath) {
    const QString target = pathOf(key);
    if (exists(key))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("archive object %1 already exists in %2; objects are written once")
                        .arg(key, describe()));
    FileDescriptor source(::open(QFile::encodeName(localPath).constData(), O_RDONLY | O_CLOEXEC));
    if (source.get() < 0)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot read %1 to archive it: %2").arg(localPath, errnoText(errno)));
    makeFolders(key);

    const QFileInfo targetInfo(target);
    const QString folder = targetInfo.path();
    const QString temporary = QStringLiteral("%1/.%2.tmp-%3-%4")
                                  .arg(folder, targetInfo.fileName())
                                  .arg(::getpid())
                                  .arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
    const QByteArray temporaryName = QFile::encodeName(temporary);
    FileDescriptor out(::open(temporaryName.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
    if (out.get() < 0)
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("cannot create %1 in %2: %3").arg(temporary, describe(), errnoText(errno)));
    // From here on the temporary file goes away whatever happens.
    struct Remove {
        QByteArray name;
        ~Remove() {
            if (!name.isEmpty())
                ::unlink(name.constData());
        }
    } remove{temporaryName};

    QByteArray buffer(kChunk, Qt::Uninitialized);
    for (;;) {
        const ssize_t got = ::read(source.get(), buffer.data(), static_cast<size_t>(buffer.size()));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            throw Error(Error::Kind::Failed,
                        QStringLiteral("cannot read %1: %2").arg(localPath, errnoText(errno)));
        if (got == 0)
            break;
        for (ssize_t written = 0; written < got;) {
            const ssize_t n =
                ::write(out.get(), buffer.constData() + written, static_cast<size_t>(got - written));
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                throw Error(Error::Kind::Failed,
                            QStringLiteral("cannot write %1: %2").arg(temporary, errnoText(errno)));
            written += n;
        }
    }
    if (::fsync(out.get()) != 0 || ::close(out.release()) != 0)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot sync %1: %2").arg(temporary, errnoText(errno)));
    // link(2) fails with EEXIST instead of replacing: the write-once guarantee against a concurrent writer.
    if (::link(temporaryName.constData(), QFile::encodeName(target).constData()) != 0) {
        const int error = errno;
        if (error == EEXIST)
            throw Error(Error::Kind::Refused,
                        QStringLiteral("archive object %1 already exists in %2; objects are written once")
                            .arg(key, describe()));
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot publish %1 in %2: %3").arg(key, describe(), errnoText(error)));
    }
    ::unlink(temporaryName.constData());
    remove.name.clear();
    fsyncFolder(folder);
}

void DirectoryStore::read(const QString& key, const Sink& sink) {
    const QString path = pathOf(key);
    FileDescriptor in(::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC));
    if (in.get() < 0) {
        const int error = errno;
        throw Error(Error::Kind::Failed,
                    error == ENOENT
                        ? QStringLiteral("archive object %1 is not in %2").arg(key, describe())
                        : QStringLiteral("cannot read %1 in %2: %3").arg(key, describe(), errnoText(error)));
    }
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
