#include "archiveurl.h"

#include "directorystore.h"
#include "error.h"
#include "s3store.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
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

// Creates the folder and any missing parents, each 0700.
void makeFolder(const QString& folder) {
    if (QFileInfo(folder).isDir())
        return;
    const QString parent = QFileInfo(folder).path();
    if (parent != folder)
        makeFolder(parent);
    if (::mkdir(QFile::encodeName(folder).constData(), 0700) != 0 && errno != EEXIST)
        throw Error(Error::Kind::Connection, QStringLiteral("cannot create archive folder %1: %2")
                                                 .arg(folder, QString::fromLocal8Bit(std::strerror(errno))));
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

std::unique_ptr<ArchiveStore> openArchiveStore(const QString& url) {
    if (url.startsWith(QLatin1String("s3://"))) {
        // The URL is checked before the credentials are looked for.
        S3Location location = S3Location::parse(url, QLatin1String(kSetting));
        return std::make_unique<S3Store>(std::move(location), S3Credentials::fromEnvironment());
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
    const QString folder = QDir::cleanPath(parsed.toLocalFile());
    if (!QDir::isAbsolutePath(folder) || folder == QLatin1String("/"))
        badUrl(url, QStringLiteral("does not name an absolute folder"));
    if (QFileInfo::exists(folder) && !QFileInfo(folder).isDir())
        throw Error(
            Error::Kind::Connection,
            QStringLiteral("archive folder %1 (%2) is not a folder").arg(folder, QLatin1String(kSetting)));
    makeFolder(folder);
    return std::make_unique<DirectoryStore>(folder);
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
