#include "s3location.h"

#include "error.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace tidemark::archive {

namespace {

[[noreturn]] void bad(const QString& setting, const QString& url, const QString& why) {
    throw Error(
        Error::Kind::Settings,
        QStringLiteral("%1 '%2' %3; expected s3://bucket/prefix?endpoint=http://host:port&region=NAME")
            .arg(setting, url, why));
}

// The URL as messages quote it: without user information, which could be a secret put there by mistake.
QString shown(const QString& url) {
    const qsizetype scheme = url.indexOf(QLatin1String("://"));
    if (scheme < 0)
        return url;
    qsizetype end = scheme + 3;
    while (end < url.size() && url[end] != QLatin1Char('/') && url[end] != QLatin1Char('?') &&
           url[end] != QLatin1Char('#'))
        ++end;
    const qsizetype at = url.lastIndexOf(QLatin1Char('@'), end - 1);
    if (at < scheme)
        return url;
    return url.left(scheme + 3) + QStringLiteral("…@") + url.mid(at + 1);
}

} // namespace

S3Location S3Location::parse(const QString& text, const QString& setting) {
    const QString url = shown(text);
    const QUrl parsed(text, QUrl::StrictMode);
    if (!parsed.isValid() || parsed.scheme() != QLatin1String("s3"))
        bad(setting, url, QStringLiteral("is not a valid s3:// URL"));
    if (!parsed.userInfo().isEmpty() || parsed.port() != -1 || parsed.hasFragment())
        bad(setting, url,
            QStringLiteral("has credentials, a port or a fragment (credentials come from "
                           "AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or a 0600 file)"));
    S3Location location;
    location.bucket = parsed.host(QUrl::FullyEncoded);
    static const QRegularExpression bucketName(QStringLiteral("^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$"));
    if (!bucketName.match(location.bucket).hasMatch())
        bad(setting, url,
            QStringLiteral("names bucket '%1', which is not 3-63 of a-z 0-9 . -").arg(location.bucket));
    location.prefix = parsed.path(QUrl::FullyDecoded);
    while (location.prefix.startsWith(QLatin1Char('/')))
        location.prefix.remove(0, 1);
    while (location.prefix.endsWith(QLatin1Char('/')))
        location.prefix.chop(1);
    if (location.prefix.contains(QLatin1String("//")))
        bad(setting, url, QStringLiteral("has an empty path component"));

    const QUrlQuery query(parsed);
    for (const auto& [name, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (name == QLatin1String("endpoint") && location.endpoint.isEmpty())
            location.endpoint = value;
        else if (name == QLatin1String("region") && location.region.isEmpty())
            location.region = value;
        else
            bad(setting, url, QStringLiteral("has an unknown or repeated parameter '%1'").arg(name));
    }
    if (location.endpoint.isEmpty())
        bad(setting, url, QStringLiteral("has no endpoint= parameter"));
    if (location.region.isEmpty())
        bad(setting, url, QStringLiteral("has no region= parameter"));
    static const QRegularExpression regionName(QStringLiteral("^[a-z0-9-]+$"));
    if (!regionName.match(location.region).hasMatch())
        bad(setting, url, QStringLiteral("has region '%1', which is not a-z 0-9 -").arg(location.region));
    while (location.endpoint.endsWith(QLatin1Char('/')))
        location.endpoint.chop(1);
    const QUrl endpoint(location.endpoint, QUrl::StrictMode);
    if (!endpoint.isValid() ||
        (endpoint.scheme() != QLatin1String("http") && endpoint.scheme() != QLatin1String("https")) ||
        endpoint.host().isEmpty() || !endpoint.path().isEmpty() || endpoint.hasQuery() ||
        !endpoint.userInfo().isEmpty())
        bad(setting, url,
            QStringLiteral("has endpoint '%1', which is not http(s)://host[:port]").arg(location.endpoint));
    return location;
}

QString S3Location::describe() const {
    return QStringLiteral("s3://%1%2 at %3")
        .arg(bucket, prefix.isEmpty() ? QString() : QLatin1Char('/') + prefix, endpoint);
}

QString S3Location::objectName(const QString& key) const {
    return prefix.isEmpty() ? key : prefix + QLatin1Char('/') + key;
}

std::optional<QString> S3Location::keyOf(const QString& name) const {
    if (prefix.isEmpty())
        return name;
    if (!name.startsWith(prefix + QLatin1Char('/')))
        return std::nullopt;
    return name.mid(prefix.size() + 1);
}

} // namespace tidemark::archive
