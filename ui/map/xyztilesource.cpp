#include "xyztilesource.h"

#include "displayformat.h"
#include "error.h"
#include "tileimage.h"

#include <QDir>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkDiskCache>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>

#ifndef TIDEMARK_VERSION
#define TIDEMARK_VERSION "0"
#endif

namespace tidemark::ui {

namespace {

struct TemplateParts {
    QString scheme;    // lower case
    QString authority; // without user info
    QString rest;      // path, without query and fragment
    QString host() const {
        if (authority.startsWith(QLatin1Char('[')))
            return authority.mid(1, authority.indexOf(QLatin1Char(']')) - 1).toLower();
        return authority.section(QLatin1Char(':'), 0, 0).toLower();
    }
};

// Split by hand rather than by QUrl: a template's braces ({s}.tiles.example.org) are not a valid host.
TemplateParts partsOf(const QString& text) {
    TemplateParts parts;
    const int schemeEnd = text.indexOf(QLatin1String("://"));
    int pos = 0;
    if (schemeEnd > 0) {
        parts.scheme = text.left(schemeEnd).toLower();
        pos = schemeEnd + 3;
        int end = pos;
        while (end < text.size() && text[end] != QLatin1Char('/') && text[end] != QLatin1Char('?') &&
               text[end] != QLatin1Char('#'))
            ++end;
        parts.authority = text.mid(pos, end - pos);
        const int at = parts.authority.lastIndexOf(QLatin1Char('@'));
        if (at >= 0)
            parts.authority = parts.authority.mid(at + 1);
        pos = end;
    }
    int end = pos;
    while (end < text.size() && text[end] != QLatin1Char('?') && text[end] != QLatin1Char('#'))
        ++end;
    parts.rest = text.mid(pos, end - pos);
    return parts;
}

bool isThisMachine(const QString& host) {
    return host == QLatin1String("localhost") || host == QLatin1String("127.0.0.1") ||
           host == QLatin1String("::1");
}

} // namespace

QString XyzTileSource::withoutSecrets(const QString& urlTemplate) {
    const TemplateParts parts = partsOf(urlTemplate.trimmed());
    if (parts.scheme.isEmpty())
        return parts.rest;
    return urlTemplate.trimmed().left(parts.scheme.size()) + QLatin1String("://") + parts.authority +
           parts.rest;
}

bool XyzTileSource::isAllowedUrl(const QUrl& url) {
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("https"))
        return true;
    return scheme == QLatin1String("http") && isThisMachine(url.host().toLower());
}

XyzTileSource::XyzTileSource(QNetworkAccessManager* network, const Options& options, QObject* parent)
    : TileSource(parent), m_network(network), m_options(options) {
    const QString& t = options.urlTemplate;
    const QString shown = withoutSecrets(t);
    if (!t.contains(QLatin1String("{z}")) || !t.contains(QLatin1String("{x}")) ||
        !t.contains(QLatin1String("{y}")))
        throw Error(Error::Kind::Settings,
                    QStringLiteral("tile URL template %1 lacks {z}, {x} or {y}").arg(shown));
    const TemplateParts parts = partsOf(t.trimmed());
    if (parts.scheme != QLatin1String("https") && parts.scheme != QLatin1String("http"))
        throw Error(Error::Kind::Settings, QStringLiteral("tile URL template %1 is not http(s)").arg(shown));
    if (parts.scheme == QLatin1String("http") && !isThisMachine(parts.host()))
        throw Error(Error::Kind::Settings,
                    QStringLiteral("tile URL template %1 is plain http to another machine; use https (plain "
                                   "http only to localhost, 127.0.0.1 or ::1)")
                        .arg(shown));
    if (!network)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("tile source %1 has no network access manager").arg(shown));
    if (m_options.maxConcurrentRequests < 1)
        m_options.maxConcurrentRequests = 1;
    if (m_options.maxTileBytes < 1)
        m_options.maxTileBytes = TileImage::kMaxBytes;
}

XyzTileSource::~XyzTileSource() {
    const auto replies = m_inFlight.values();
    m_inFlight.clear();
    for (QNetworkReply* reply : replies) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

std::shared_ptr<TileSource> XyzTileSource::twin() const {
    return std::make_shared<XyzTileSource>(m_network, m_options);
}

QString XyzTileSource::userAgent(const QString& contact) {
    const QString who = contact.isEmpty() ? QStringLiteral("https://github.com/tidemark") : contact;
    return QStringLiteral("Tidemark/%1 (+%2)").arg(QLatin1String(TIDEMARK_VERSION), who);
}

void XyzTileSource::installDiskCache(QNetworkAccessManager& network, const QString& directory,
                                     qint64 maximumBytes) {
    // Cached replies keep their URLs, API keys included: the folder is the user's alone.
    QDir().mkpath(directory);
    QFile::setPermissions(directory, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    auto* cache = new QNetworkDiskCache(&network);
    cache->setCacheDirectory(directory);
    cache->setMaximumCacheSize(maximumBytes);
    network.setCache(cache);
}

QString XyzTileSource::tileUrl(const TileKey& key) const {
    QString url = m_options.urlTemplate;
    url.replace(QLatin1String("{z}"), QString::number(key.z));
    url.replace(QLatin1String("{x}"), QString::number(key.x));
    url.replace(QLatin1String("{y}"), QString::number(key.y));
    return url;
}

void XyzTileSource::request(const QList<TileKey>& keys) {
    // Abandon what the view no longer shows.
    for (auto it = m_inFlight.begin(); it != m_inFlight.end();) {
        if (keys.contains(it.key())) {
            ++it;
            continue;
        }
        QNetworkReply* reply = it.value();
        it = m_inFlight.erase(it);
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    m_queue.clear();
    for (const TileKey& key : keys)
        if (!m_inFlight.contains(key) && key.z >= m_options.minZoom && key.z <= m_options.maxZoom)
            m_queue.append(key);
    startQueued();
}

void XyzTileSource::startQueued() {
    if (!m_network)
        return;
    while (!m_queue.isEmpty() && m_inFlight.size() < m_options.maxConcurrentRequests) {
        const TileKey key = m_queue.takeFirst();
        QNetworkRequest request{QUrl(tileUrl(key))};
        request.setHeader(QNetworkRequest::UserAgentHeader, userAgent(m_options.contact));
        request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::PreferCache);
        // Every redirect is checked here against the template's rule (plain http only to this machine).
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                             QNetworkRequest::UserVerifiedRedirectPolicy);
        request.setTransferTimeout(m_options.timeoutMs);
        QNetworkReply* reply = m_network->get(request);
        reply->setProperty("tidemarkTile", QVariant::fromValue(key));
        m_inFlight.insert(key, reply);
        connect(reply, &QNetworkReply::redirected, this, [this, reply](const QUrl& target) {
            const QUrl resolved = reply->request().url().resolved(target);
            if (isAllowedUrl(resolved))
                emit reply->redirectAllowed();
            else
                refuse(reply, QStringLiteral("%1: redirected to %2, which is neither https nor this machine")
                                  .arg(shownUrl(reply), withoutSecrets(resolved.toString())));
        });
        connect(reply, &QNetworkReply::metaDataChanged, this, [this, reply] {
            bool ok = false;
            const qint64 declared = reply->header(QNetworkRequest::ContentLengthHeader).toLongLong(&ok);
            if (ok && declared > m_options.maxTileBytes)
                refuse(reply,
                       QStringLiteral("%1: refused unread, %2 bytes are more than a tile may have (%3)")
                           .arg(shownUrl(reply))
                           .arg(declared)
                           .arg(sizeLimit()));
        });
        connect(reply, &QNetworkReply::downloadProgress, this, [this, reply](qint64 received, qint64) {
            if (received > m_options.maxTileBytes)
                refuse(reply, QStringLiteral("%1: aborted after %2 bytes, more than a tile may have (%3)")
                                  .arg(shownUrl(reply))
                                  .arg(received)
                                  .arg(sizeLimit()));
        });
        connect(reply, &QNetworkReply::finished, this, [this, reply] { finished(reply); });
    }
}

QString XyzTileSource::sizeLimit() const {
    return display::size(m_options.maxTileBytes);
}

QString XyzTileSource::shownUrl(const QNetworkReply* reply) const {
    // The tile's own URL (not where a redirect led), without the template's query or user info.
    return reply->request().url().toString(QUrl::RemoveQuery | QUrl::RemoveUserInfo | QUrl::RemoveFragment);
}

void XyzTileSource::refuse(QNetworkReply* reply, const QString& reason) {
    const TileKey key = reply->property("tidemarkTile").value<TileKey>();
    if (m_inFlight.value(key) != reply)
        return;
    m_inFlight.remove(key);
    reply->disconnect(this);
    reply->abort();
    reply->deleteLater();
    emit tileFailed(key, reason);
    startQueued();
}

void XyzTileSource::finished(QNetworkReply* reply) {
    reply->deleteLater();
    const TileKey key = reply->property("tidemarkTile").value<TileKey>();
    if (m_inFlight.value(key) != reply)
        return; // abandoned or refused
    m_inFlight.remove(key);
    if (reply->error() != QNetworkReply::NoError) {
        emit tileFailed(key, QStringLiteral("%1: %2").arg(shownUrl(reply), reply->errorString()));
    } else if (reply->bytesAvailable() > m_options.maxTileBytes) {
        emit tileFailed(key, QStringLiteral("%1: refused unread, %2 bytes are more than a tile may have (%3)")
                                 .arg(shownUrl(reply))
                                 .arg(reply->bytesAvailable())
                                 .arg(sizeLimit()));
    } else {
        QString why;
        const QImage image = TileImage::decode(reply->readAll(), &why);
        if (image.isNull()) {
            const QString type = reply->header(QNetworkRequest::ContentTypeHeader).toString();
            emit tileFailed(key,
                            QStringLiteral("%1: %2%3")
                                .arg(shownUrl(reply), why,
                                     type.isEmpty() ? QString() : QStringLiteral(", sent as %1").arg(type)));
        } else {
            emit tileReady(key, image);
        }
    }
    startQueued();
}

} // namespace tidemark::ui
