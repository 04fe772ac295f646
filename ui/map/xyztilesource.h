#pragma once

#include "tilesource.h"

#include <QHash>
#include <QPointer>

class QNetworkAccessManager;
class QNetworkReply;
class QUrl;

namespace tidemark::ui {

// Raster tiles from an XYZ URL template such as https://tile.example.org/{z}/{x}/{y}.png, over the app's
// QNetworkAccessManager (give it a QNetworkDiskCache with installDiskCache()). Every request carries an
// identifying User-Agent; TLS verification is Qt's default and is never relaxed. A few requests at a time,
// each with a transfer timeout, aborted when the view no longer needs its tile.
//
// What a tile server may send is bounded: plain http only to this machine (localhost, 127.0.0.1, ::1), for
// the template and every redirect; at most Options::maxTileBytes (1 MiB), checked on the declared length and
// on the bytes as they arrive, the reply aborted unread past it; only PNG, JPEG and WebP decoded (TileImage).
// A template's query and user info (where API keys live) appear in no message.
class XyzTileSource : public TileSource {
    Q_OBJECT
  public:
    struct Options {
        QString urlTemplate;
        QString contact;     // URL or e-mail for the User-Agent, so a tile operator can reach us
        QString attribution; // e.g. "© OpenStreetMap contributors"
        int minZoom = 0;
        int maxZoom = 19;
        int timeoutMs = 15000;
        int maxConcurrentRequests = 4;
        qint64 maxTileBytes = 1024 * 1024;
    };

    // Throws tidemark::Error (Settings) for a template without {z}, {x} and {y}, not https, or plain http to
    // another machine.
    XyzTileSource(QNetworkAccessManager* network, const Options& options, QObject* parent = nullptr);
    ~XyzTileSource() override;

    static QString userAgent(const QString& contact);
    // The template (or URL) without its user info, query and fragment: what may be shown or saved.
    static QString withoutSecrets(const QString& urlTemplate);
    // https anywhere, or http to localhost, 127.0.0.1 or ::1.
    static bool isAllowedUrl(const QUrl& url);
    static void installDiskCache(QNetworkAccessManager& network, const QString& directory,
                                 qint64 maximumBytes = 200LL * 1024 * 1024);

    int minZoom() const override { return m_options.minZoom; }
    int maxZoom() const override { return m_options.maxZoom; }
    QString attribution() const override { return m_options.attribution; }
    void request(const QList<TileKey>& keys) override;
    std::shared_ptr<TileSource> twin() const override;

    int requestsInFlight() const { return static_cast<int>(m_inFlight.size()); }
    QString tileUrl(const TileKey& key) const;

  private:
    void startQueued();
    void finished(QNetworkReply* reply);
    // Aborts a reply still in flight and reports its tile as failed.
    void refuse(QNetworkReply* reply, const QString& reason);
    QString shownUrl(const QNetworkReply* reply) const;
    QString sizeLimit() const;

    QPointer<QNetworkAccessManager> m_network;
    Options m_options;
    QList<TileKey> m_queue;
    QHash<TileKey, QNetworkReply*> m_inFlight;
};

} // namespace tidemark::ui
