#include "archiveurl.h"

#include "directorystore.h"
#include "error.h"
#include "s3store.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTimeZone>
#include <QUrl>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>

namespace tidemark::archive {

namespace {

const char* const kSetting = "TIDEMARK_ARCHIVE_URL";
const char* const kForms = "file:///absolute/folder or s3://bucket/prefix?endpoint=URL&region=NAME";

[[noreturn]] void badUrl(const QString& url, const QString& why) {
    throw Error(Error::Kind::Settings, QStringLiteral("%1 '%2' %3; expected %4")
                                           .arg(QLatin1String(kSetting), url, why, QLatin1String(kForms)));
}

[[noreturn]] void refuseMissing(const ArchiveLocation& location, const QString& cause) {
    throw Error(Error::Kind::Refused,
                QStringLiteral("no Tidemark archive at %1: not mounted, or run archive init (%2)")
                    .arg(location.url, cause));
}

QString rangeBound(Micros t) {
    const QDateTime time = QDateTime::fromMSecsSinceEpoch(floorDiv(t, 1000), Qt::UTC);
    if (t % kMicrosPerDay == 0)
        return time.toString(QStringLiteral("yyyyMMdd"));
    const Micros fraction = t - floorToStep(t, kMicrosPerSecond);
    QString text = time.toString(QStringLiteral("yyyyMMdd'T'HHmmss"));
    if (fraction != 0)
        text += QStringLiteral(".%1").arg(fraction, 6, 10, QLatin1Char('0'));
    return text + QLatin1Char('Z');
}

std::optional<Micros> parseRangeBound(const QString& text) {
    static const QRegularExpression form(QStringLiteral("^(\\d{8})(?:T(\\d{6})(?:\\.(\\d{6}))?Z)?$"));
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const QString wall =
        m.captured(2).isEmpty() ? m.captured(1) + QStringLiteral("000000") : m.captured(1) + m.captured(2);
    QDateTime time = QDateTime::fromString(wall, QStringLiteral("yyyyMMddHHmmss"));
    if (!time.isValid())
        return std::nullopt;
    time.setTimeZone(QTimeZone::utc());
    return time.toMSecsSinceEpoch() * 1000 + m.captured(3).toLongLong();
}

} // namespace

ArchiveLocation ArchiveLocation::parse(const QString& url) {
    ArchiveLocation location;
    if (url.startsWith(QLatin1String("s3://"))) {
        location.s3 = S3Location::parse(url, QLatin1String(kSetting));
        location.url = url;
        return location;
    }
    if (!url.startsWith(QLatin1String("file://")))
        badUrl(url, QStringLiteral("is not a file:// or s3:// URL"));
    const QUrl parsed(url, QUrl::StrictMode);
    if (!parsed.isValid())
        badUrl(url, QStringLiteral("is not a valid URL (%1)").arg(parsed.errorString()));
    if (!parsed.host().isEmpty())
        badUrl(url, QStringLiteral("names a host; a local folder is file:///path"));
    if (parsed.hasQuery() || parsed.hasFragment())
        badUrl(url, QStringLiteral("has a query or fragment"));
    location.folder = QDir::cleanPath(parsed.toLocalFile());
    if (!QDir::isAbsolutePath(location.folder) || location.folder == QLatin1String("/"))
        badUrl(url, QStringLiteral("does not name an absolute folder"));
    location.url = QStringLiteral("file://") + location.folder;
    return location;
}

std::unique_ptr<ArchiveStore> openUncheckedArchiveStore(const ArchiveLocation& location) {
    if (location.s3) // the URL is checked before the credentials are looked for
        return std::make_unique<S3Store>(*location.s3, S3Credentials::fromEnvironment());
    return std::make_unique<DirectoryStore>(location.folder);
}

std::optional<ArchiveMarker> readArchiveMarker(ArchiveStore& store, const QString& where) {
    const QString key = QLatin1String(ArchiveMarker::kKey);
    QByteArray bytes;
    try {
        if (!store.exists(key))
            return std::nullopt;
        bytes = store.readAll(key, ArchiveMarker::kMaxBytes);
    } catch (const Error& e) {
        if (e.kind() == Error::Kind::Connection || e.kind() == Error::Kind::Cancelled)
            throw;
        // A link where the marker should be, a marker larger than any marker, one gone since the look-up.
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("the archive marker %1 of %2 cannot be used: %3").arg(key, where, e.message()));
    }
    return ArchiveMarker::parse(bytes, where);
}

std::unique_ptr<ArchiveStore> openArchiveStore(const QString& url) {
    const ArchiveLocation location = ArchiveLocation::parse(url);
    if (!location.s3) {
        struct stat st {};
        if (::stat(QFile::encodeName(location.folder).constData(), &st) != 0) {
            const int error = errno;
            if (error == ENOENT)
                refuseMissing(location, QStringLiteral("the folder %1 does not exist").arg(location.folder));
            throw Error(Error::Kind::Connection,
                        QStringLiteral("archive folder %1 (%2) cannot be reached: %3")
                            .arg(location.folder, QLatin1String(kSetting),
                                 QString::fromLocal8Bit(std::strerror(error))));
        }
        if (!S_ISDIR(st.st_mode))
            throw Error(Error::Kind::Connection, QStringLiteral("archive folder %1 (%2) is not a folder")
                                                     .arg(location.folder, QLatin1String(kSetting)));
    }
    std::unique_ptr<ArchiveStore> store = openUncheckedArchiveStore(location);
    std::optional<ArchiveMarker> marker = readArchiveMarker(*store, location.url);
    if (!marker) {
        const QString key = QLatin1String(ArchiveMarker::kKey);
        if (!location.s3)
            refuseMissing(location,
                          QStringLiteral("the folder %1 exists but holds no %2").arg(location.folder, key));
        const S3Location& s3 = *location.s3;
        refuseMissing(location,
                      static_cast<S3Store&>(*store).bucketExists()
                          ? QStringLiteral("the bucket %1 holds no %2").arg(s3.bucket, s3.objectName(key))
                          : QStringLiteral("the bucket %1 does not exist at %2").arg(s3.bucket, s3.endpoint));
    }
    store->setMarker(std::move(*marker));
    return store;
}

QString archiveObjectKey(const ArchiveLayout& layout, const QString& tier, const QString& table,
                         const QString& partition, Micros lo, Micros hi) {
    static const QRegularExpression name(QStringLiteral("^[a-z0-9_]+$"));
    if (!layout.hasTier(tier))
        throw Error(Error::Kind::Usage,
                    QStringLiteral("archive tier '%1' is not %2").arg(tier, layout.expectedTiers()));
    for (const QString& part : {table, partition})
        if (!name.match(part).hasMatch())
            throw Error(Error::Kind::Usage,
                        QStringLiteral("'%1' is not a table or partition name for an archive key").arg(part));
    if (lo >= hi)
        throw Error(Error::Kind::Usage, QStringLiteral("archive range %1 .. %2 is empty")
                                            .arg(formatIsoTimestamp(lo), formatIsoTimestamp(hi)));
    return QStringLiteral("%1/%2/%3_%4_%5.csv.zst")
        .arg(tier, table, partition, rangeBound(lo), rangeBound(hi));
}

std::optional<std::pair<Micros, Micros>> archiveKeyRange(const QString& objectKey) {
    static const QLatin1String suffix(".csv.zst");
    if (!objectKey.endsWith(suffix))
        return std::nullopt;
    const QStringList parts = objectKey.left(objectKey.size() - suffix.size()).split(QLatin1Char('_'));
    if (parts.size() < 3)
        return std::nullopt;
    const std::optional<Micros> lo = parseRangeBound(parts.at(parts.size() - 2));
    const std::optional<Micros> hi = parseRangeBound(parts.last());
    if (!lo || !hi || *lo >= *hi)
        return std::nullopt;
    return std::make_pair(*lo, *hi);
}

QString manifestKeyFor(const QString& objectKey) {
    static const QLatin1String suffix(".csv.zst");
    if (!objectKey.endsWith(suffix) || objectKey.size() == suffix.size())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("archive key '%1' does not end with .csv.zst").arg(objectKey));
    return objectKey.left(objectKey.size() - suffix.size()) + QStringLiteral(".manifest.json");
}

QString manifestKeyDisagreement(const QString& objectKey, const ArchiveManifest& manifest,
                                const ArchiveLayout& layout) {
    if (manifest.partition != manifest.dataset &&
        !manifest.partition.startsWith(manifest.dataset + QLatin1Char('_')))
        return QStringLiteral("its manifest names partition %1, which is not %2 or a partition of it")
            .arg(manifest.partition, manifest.dataset);
    QString expected;
    try {
        expected = archiveObjectKey(layout, manifest.tier, manifest.dataset, manifest.partition,
                                    manifest.createdFrom, manifest.createdTo);
    } catch (const Error& e) {
        return QStringLiteral("its manifest names no key the exporter writes: %1").arg(e.message());
    }
    if (expected != objectKey)
        return QStringLiteral("the key does not agree with its manifest (tier %1, dataset %2, partition %3, "
                              "[%4, %5)), which is the manifest of %6")
            .arg(manifest.tier, manifest.dataset, manifest.partition,
                 formatIsoTimestamp(manifest.createdFrom), formatIsoTimestamp(manifest.createdTo), expected);
    return {};
}

} // namespace tidemark::archive
