#include "mbtilestilesource.h"

#include "error.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPointer>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QThreadPool>
#include <QUuid>

namespace tidemark::ui {

namespace {

// A uniquely named read-only connection that is removed when the scope ends.
class ReadOnlyConnection {
  public:
    explicit ReadOnlyConnection(const QString& path)
        : m_name(QStringLiteral("tidemark-mbtiles-") + QUuid::createUuid().toString(QUuid::WithoutBraces)) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        m_open = QFileInfo(path).isFile() && db.open();
        if (!m_open)
            m_error = db.lastError().text();
    }
    ~ReadOnlyConnection() {
        { QSqlDatabase::database(m_name, false).close(); }
        QSqlDatabase::removeDatabase(m_name);
    }
    bool isOpen() const { return m_open; }
    QString error() const { return m_error; }
    QSqlDatabase database() const { return QSqlDatabase::database(m_name, false); }

  private:
    QString m_name;
    bool m_open = false;
    QString m_error;
};

} // namespace

MbTilesTileSource::MbTilesTileSource(const QString& path, QObject* parent)
    : TileSource(parent), m_path(path) {
    ReadOnlyConnection connection(path);
    if (!connection.isOpen())
        throw Error(Error::Kind::Connection, QStringLiteral("MBTiles file %1 cannot be opened").arg(path));
    QSqlQuery metadata(connection.database());
    if (!metadata.exec(QStringLiteral("SELECT name, value FROM metadata")))
        throw Error(Error::Kind::Connection,
                    QStringLiteral("MBTiles file %1 has no metadata table").arg(path));
    QString format = QStringLiteral("png");
    while (metadata.next()) {
        const QString key = metadata.value(0).toString();
        const QString value = metadata.value(1).toString();
        if (key == QLatin1String("name"))
            m_name = value;
        else if (key == QLatin1String("format"))
            format = value;
        else if (key == QLatin1String("attribution"))
            m_attribution = value;
        else if (key == QLatin1String("minzoom"))
            m_minZoom = value.toInt();
        else if (key == QLatin1String("maxzoom"))
            m_maxZoom = value.toInt();
    }
    if (format != QLatin1String("png") && format != QLatin1String("jpg") && format != QLatin1String("jpeg") &&
        format != QLatin1String("webp"))
        throw Error(Error::Kind::Settings,
                    QStringLiteral("MBTiles file %1 holds %2 tiles; only raster tiles are supported")
                        .arg(path, format));
    QSqlQuery probe(connection.database());
    if (!probe.exec(QStringLiteral("SELECT 1 FROM tiles LIMIT 1")))
        throw Error(Error::Kind::Connection, QStringLiteral("MBTiles file %1 has no tiles table").arg(path));
}

MbTilesTileSource::~MbTilesTileSource() {
    m_generation->fetch_add(1); // running jobs stop at their next tile
}

void MbTilesTileSource::request(const QList<TileKey>& keys) {
    const quint64 generation = m_generation->fetch_add(1) + 1; // older jobs are superseded
    QList<TileKey> wanted;
    for (const TileKey& key : keys)
        if (key.z >= m_minZoom && key.z <= m_maxZoom)
            wanted.append(key);
    if (wanted.isEmpty())
        return;
    QPointer<MbTilesTileSource> self(this);
    QThreadPool::globalInstance()->start([self, path = m_path, wanted, generation, current = m_generation] {
        ReadOnlyConnection connection(path);
        if (!connection.isOpen())
            return;
        QSqlQuery query(connection.database());
        query.setForwardOnly(true);
        query.prepare(QStringLiteral(
            "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?"));
        for (const TileKey& key : wanted) {
            if (current->load() != generation)
                return;
            query.bindValue(0, key.z);
            query.bindValue(1, key.x);
            query.bindValue(2, tmsRow(key));
            QImage image;
            bool found = false;
            if (query.exec() && query.next()) {
                image = QImage::fromData(query.value(0).toByteArray());
                found = !image.isNull();
            }
            query.finish();
            // Posted through the application object, which outlives the source; the source may be gone.
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [self, generation, key, image, found] {
                    if (self)
                        self->deliver(generation, key, image, found);
                },
                Qt::QueuedConnection);
        }
    });
}

void MbTilesTileSource::deliver(quint64 generation, const TileKey& key, const QImage& image, bool found) {
    Q_UNUSED(generation); // a tile read for an older view is still a good tile
    if (found)
        emit tileReady(key, image);
    else
        emit tileFailed(key, QStringLiteral("MBTiles file %1 has no tile %2/%3/%4")
                                 .arg(m_path)
                                 .arg(key.z)
                                 .arg(key.x)
                                 .arg(key.y));
}

} // namespace tidemark::ui
