#pragma once

#include "tilesource.h"

#include <QHash>
#include <QPointer>

class QNetworkAccessManager;
class QNetworkReply;

namespace tidemark::ui {

// Raster tiles from an XYZ URL template such as https://tile.example.org/{z}/{x}/{y}.png, over the app's
// QNetworkAccessManager (give it a QNetworkDiskCache with installDiskCache()). Every request carries an
// identifying User-Agent; TLS verification is Qt's default and is never relaxed. A few requests at a time,
// each with a transfer timeout, aborted when the view no longer needs its tile.
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
    };

    // Throws tidemark::Error (Settings) for a template without {z}, {x} and {y} or not http(s).
    XyzTileSource(QNetworkAccessManager* network, const Options& options, QObject* parent = nullptr);
    ~XyzTileSource() override;

    static QString userAgent(const QString& contact);
    static void installDiskCache(QNetworkAccessManager& network, const QString& directory,
                                 qint64 maximumBytes = 200LL * 1024 * 1024);

    int minZoom() const override { return m_options.minZoom; }
    int maxZoom() const override { return m_options.maxZoom; }
    QString attribution() const override { return m_options.attribution; }
    void request(const QList<TileKey>& keys) override;

    int requestsInFlight() const { return static_cast<int>(m_inFlight.size()); }
    QString tileUrl(const TileKey& key) const;

  private:
    void startQueued();
    void finished(QNetworkReply* reply);

    QPointer<QNetworkAccessManager> m_network;
    Options m_options;
    QList<TileKey> m_queue;
    QHash<TileKey, QNetworkReply*> m_inFlight;
};

} // namespace tidemark::ui
