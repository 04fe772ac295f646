#include "archiveinitjob.h"

#include "archivestore.h"
#include "archiveurl.h"
#include "archiveverifyjob.h"
#include "error.h"
#include "pgconnection.h"
#include "s3store.h"
#include "taskfeedback.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryFile>
#include <QUuid>
#include <cerrno>
#include <cstring>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tidemark::archive {

namespace {

QString errnoText(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

bool isFolder(const QString& path, int* error) {
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0) {
        *error = errno;
        return false;
    }
    *error = S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
    return *error == 0;
}

// Makes the archive's folder (0700) when it is missing and its parent exists; whether it made it.
bool makeArchiveFolder(const QString& folder) {
    int error = 0;
    if (isFolder(folder, &error))
        return false;
    if (error != ENOENT)
        throw Error(Error::Kind::Connection,
                    QStringLiteral("archive folder %1 cannot be used: %2").arg(folder, errnoText(error)));
    const QString parent = QFileInfo(folder).path();
    if (!isFolder(parent, &error))
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("archive init: the parent folder %1 of %2 %3 (a typo, or a NAS not mounted); "
                           "archive init creates the archive's own folder only, never its parents")
                .arg(parent, folder,
                     error == ENOENT ? QStringLiteral("does not exist")
                                     : QStringLiteral("cannot be used (%1)").arg(errnoText(error))));
    if (::mkdir(QFile::encodeName(folder).constData(), 0700) != 0) {
        if (errno == EEXIST && isFolder(folder, &error))
            return false; // another init made it meanwhile
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot create archive folder %1: %2").arg(folder, errnoText(errno)));
    }
    return true;
}

QString osUser() {
    if (const passwd* pw = ::getpwuid(::geteuid()); pw && pw->pw_name)
        return QString::fromLocal8Bit(pw->pw_name);
    return QStringLiteral("uid %1").arg(::geteuid());
}

ArchiveMarker newMarker(PgConnection* db, qint64 adopted) {
    ArchiveMarker marker;
    marker.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    marker.osUser = osUser();
    marker.adoptedObjects = adopted;
    if (!db) {
        marker.createdAt = nowMicros();
        return marker;
    }
    marker.createdAt = db->serverNow();
    marker.database = ArchiveMarker::Database::of(*db);
    return marker;
}

// Publishes the marker write-once; false when another one is there (written meanwhile).
bool publishMarker(ArchiveStore& store, const ArchiveMarker& marker) {
    QTemporaryFile file;
    const QByteArray json = marker.toJson();
    if (!file.open() || file.write(json) != json.size() || !file.flush())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot write the archive marker to a temporary file: %1")
                        .arg(file.errorString()));
    try {
        store.putFile(QLatin1String(ArchiveMarker::kKey), file.fileName());
    } catch (const Error& e) {
        if (e.kind() == Error::Kind::Refused)
            return false;
        throw;
    }
    return true;
}

void init(const ArchiveInitRequest& request, ArchiveStore& store, ArchiveInitReport& report,
          TaskFeedback& feedback) {
    if (const std::optional<ArchiveMarker> found = readArchiveMarker(store, report.url)) {
        report.alreadyInitialised = true;
        report.marker = *found;
        return;
    }
    std::unique_ptr<PgConnection> db;
    if (!request.conninfo.isEmpty())
        db = PgConnection::open(request.conninfo, QStringLiteral("tidemark archive init"));

    ArchiveVerifyRequest verify;
    verify.layout = request.layout;
    verify.limits = request.limits;
    verify.all = true;
    const ArchiveVerifyReport verified = ArchiveVerifyJob::run(store, verify, feedback);
    report.objects = verified.planned;
    if (verified.cancelled) {
        report.cancelled = true;
        return;
    }
    for (const ArchiveObjectCheck& check : verified.objects)
        if (!check.result.ok)
            report.failures.push_back({check.key, check.result.problems});
    if (report.refused())
        return;

    const ArchiveMarker marker = newMarker(db.get(), report.objects);
    if (publishMarker(store, marker)) {
        report.marker = marker;
        return;
    }
    const std::optional<ArchiveMarker> other = readArchiveMarker(store, report.url);
    if (!other)
        throw Error(Error::Kind::Failed, QStringLiteral("the archive marker %1 could not be written in %2")
                                             .arg(QLatin1String(ArchiveMarker::kKey), report.archive));
    report.alreadyInitialised = true;
    report.marker = *other;
}

} // namespace

QString ArchiveInitReport::refusal() const {
    constexpr int kNamed = 5;
    QStringList keys;
    for (size_t i = 0; i < failures.size() && i < kNamed; ++i)
        keys << failures[i].key;
    if (failures.size() > kNamed)
        keys << QStringLiteral("and %1 more").arg(failures.size() - kNamed);
    return QStringLiteral("archive init refused: %1 of the %2 object(s) in %3 do not verify against their "
                          "manifests (%4); no marker written")
        .arg(failures.size())
        .arg(objects)
        .arg(archive, keys.join(QStringLiteral(", ")));
}

ArchiveInitReport ArchiveInitJob::run(const ArchiveInitRequest& request, TaskFeedback& feedback) {
    const ArchiveLocation location = ArchiveLocation::parse(request.archiveUrl);
    ArchiveInitReport report;
    report.url = location.url;
    if (!location.s3)
        report.folderCreated = makeArchiveFolder(location.folder);
    try {
        const std::unique_ptr<ArchiveStore> store = openUncheckedArchiveStore(location);
        report.archive = store->describe();
        if (location.s3 && !static_cast<S3Store&>(*store).bucketExists())
            throw Error(Error::Kind::Refused,
                        QStringLiteral("archive init: the bucket %1 does not exist at %2; create it first "
                                       "(Tidemark creates no bucket)")
                            .arg(location.s3->bucket, location.s3->endpoint));
        init(request, *store, report, feedback);
    } catch (...) {
        if (report.folderCreated)
            ::rmdir(QFile::encodeName(location.folder).constData());
        throw;
    }
    if (report.folderCreated && (report.cancelled || report.refused()))
        report.folderCreated = ::rmdir(QFile::encodeName(location.folder).constData()) != 0;
    return report;
}

} // namespace tidemark::archive
