#include "xyztilesource.h"

#include "error.h"

#include <QDir>
#include <QNetworkAccessManager>
#include <QNetworkDiskCache>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>

#ifndef TIDEMARK_VERSION
#define TIDEMARK_VERSION "0"
#endif

namespace tidemark::ui {

XyzTileSource::XyzTileSource(QNetworkAccessManager* network, const Options& options, QObject* parent)
    : TileSource(parent), m_network(network), m_options(options) {
    const QString& t = options.urlTemplate;
    if (!t.contains(QLatin1String("{z}")) || !t.contains(QLatin1String("{x}")) ||
        !t.contains(QLatin1String("{y}")))
        throw Error(Error::Kind::Settings,
                    QStringLiteral("tile URL template %1 lacks {z}, {x} or {y}")
                        .arg(QUrl(t).toString(QUrl::RemoveQuery | QUrl::RemoveUserInfo)));
    const QString scheme = QUrl(t).scheme();
    if (scheme != QLatin1String("https") && scheme != QLatin1String("http"))
        throw Error(Error::Kind::Settings,
                    QStringLiteral("tile URL template %1 is not http(s)")
                        .arg(QUrl(t).toString(QUrl::RemoveQuery | QUrl::RemoveUserInfo)));
    if (!network)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("tile source %1 has no network access manager").arg(t));
    if (m_options.maxConcurrentRequests < 1)
        m_options.maxConcurrentRequests = 1;
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

QString XyzTileSource::userAgent(const QString& contact) {
    const QString who = contact.isEmpty() ? QStringLiteral("https://github.com/tidemark") : contact;
    return QStringLiteral("Tidemark/%1 (+%2)").arg(QLatin1String(TIDEMARK_VERSION), who);
}

void XyzTileSource::installDiskCache(QNetworkAccessManager& network, const QString& directory,
                                     qint64 maximumBytes) {
    QDir().mkpath(directory);
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
        request.setTransferTimeout(m_options.timeoutMs);
        QNetworkReply* reply = m_network->get(request);
        reply->setProperty("tidemarkTile", QVariant::fromValue(key));
        m_inFlight.insert(key, reply);
        connect(reply, &QNetworkReply::finished, this, [this, reply] { finished(reply); });
    }
}

void XyzTileSource::finished(QNetworkReply* reply) {
    reply->deleteLater();
    const TileKey key = reply->property("tidemarkTile").value<TileKey>();
    if (m_inFlight.value(key) != reply)
        return; // abandoned
    m_inFlight.remove(key);
    if (reply->error() != QNetworkReply::NoError) {
        emit tileFailed(
            key, QStringLiteral("%1: %2").arg(reply->url().toString(QUrl::RemoveQuery | QUrl::RemoveUserInfo),
                                              reply->errorString()));
    } else {
        const QImage image = QImage::fromData(reply->readAll());
        if (image.isNull())
            emit tileFailed(key, QStringLiteral("%1: not an image")
                                     .arg(reply->url().toString(QUrl::RemoveQuery | QUrl::RemoveUserInfo)));
        else
            emit tileReady(key, image);
    }
    startQueued();
}

} // namespace tidemark::ui
