#include "mbtilestilesource.h"

#include "error.h"
#include "tileimage.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QThreadPool>
#include <QUuid>
#include <algorithm>
#include <cmath>
#include <optional>

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

constexpr int kLowestZoom = 0;
constexpr int kHighestZoom = 22;

quint32 bigEndian(const QByteArray& bytes, int offset, int size) {
    quint32 value = 0;
    for (int i = 0; i < size; ++i)
        value = (value << 8) | static_cast<unsigned char>(bytes[offset + i]);
    return value;
}

// What is wrong with the file as an SQLite database, from its 100-byte header alone: not one (random bytes,
// an empty file, another format) or shorter than the size its header records (a copy cut short). Empty when
// it looks whole. https://www.sqlite.org/fileformat2.html#the_database_header
QString sqliteHeaderProblem(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot be read: %1").arg(file.errorString());
    const QByteArray header = file.read(100);
    if (header.size() < 100 || !header.startsWith(QByteArrayLiteral("SQLite format 3\0")))
        return QStringLiteral("is not an SQLite database");
    quint32 pageSize = bigEndian(header, 16, 2);
    if (pageSize == 1)
        pageSize = 65536;
    const quint32 pages = bigEndian(header, 28, 4);
    const bool pagesValid = pages != 0 && bigEndian(header, 24, 4) == bigEndian(header, 92, 4);
    if (pagesValid && file.size() < qint64(pages) * pageSize)
        return QStringLiteral("is truncated: %1 bytes of the %2 its header records")
            .arg(file.size())
            .arg(qint64(pages) * pageSize);
    return {};
}

// A minzoom or maxzoom value: a whole number, clamped into 0–22 with a warning naming the file.
int zoomOf(const QString& path, const QString& key, const QString& value, QStringList& warnings) {
    bool ok = false;
    const double number = value.trimmed().toDouble(&ok);
    if (!ok || number != std::floor(number) || std::abs(number) > 1e6)
        throw Error(
            Error::Kind::Settings,
            QStringLiteral("MBTiles file %1: %2 \"%3\" is not a zoom level").arg(path, key, value.left(40)));
    const int zoom = static_cast<int>(number);
    const int clamped = std::clamp(zoom, kLowestZoom, kHighestZoom);
    if (clamped != zoom)
        warnings << QStringLiteral("MBTiles file %1: %2 %3 is outside %4–%5; using %6")
                        .arg(path, key)
                        .arg(zoom)
                        .arg(kLowestZoom)
                        .arg(kHighestZoom)
                        .arg(clamped);
    return clamped;
}

} // namespace

MbTilesTileSource::MbTilesTileSource(const QString& path, QObject* parent)
    : TileSource(parent), m_path(path) {
    if (!QFileInfo(path).isFile())
        throw Error(Error::Kind::Connection,
                    QStringLiteral("MBTiles file %1 cannot be opened: no such file").arg(path));
    if (const QString problem = sqliteHeaderProblem(path); !problem.isEmpty())
        throw Error(Error::Kind::Connection, QStringLiteral("MBTiles file %1 %2").arg(path, problem));
    ReadOnlyConnection connection(path);
    if (!connection.isOpen())
        throw Error(Error::Kind::Connection,
                    QStringLiteral("MBTiles file %1 cannot be opened: %2").arg(path, connection.error()));
    const auto hasTable = [&](const QString& name) {
        QSqlQuery q(connection.database());
        q.prepare(QStringLiteral("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?"));
        q.addBindValue(name);
        if (!q.exec())
            throw Error(Error::Kind::Connection,
                        QStringLiteral("MBTiles file %1 cannot be read: %2").arg(path, q.lastError().text()));
        return q.next();
    };
    if (!hasTable(QStringLiteral("metadata")))
        throw Error(Error::Kind::Connection,
                    QStringLiteral("MBTiles file %1 has no metadata table").arg(path));
    if (!hasTable(QStringLiteral("tiles")))
        throw Error(Error::Kind::Connection, QStringLiteral("MBTiles file %1 has no tiles table").arg(path));
    QSqlQuery metadata(connection.database());
    if (!metadata.exec(QStringLiteral("SELECT name, value FROM metadata")))
        throw Error(Error::Kind::Connection,
                    QStringLiteral("MBTiles file %1 has no usable metadata table: %2")
                        .arg(path, metadata.lastError().text()));
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
            m_minZoom = zoomOf(path, key, value, m_warnings);
        else if (key == QLatin1String("maxzoom"))
            m_maxZoom = zoomOf(path, key, value, m_warnings);
    }
    if (m_minZoom > m_maxZoom)
        throw Error(Error::Kind::Settings, QStringLiteral("MBTiles file %1: minzoom %2 is above maxzoom %3")
                                               .arg(path)
                                               .arg(m_minZoom)
                                               .arg(m_maxZoom));
    if (format != QLatin1String("png") && format != QLatin1String("jpg") && format != QLatin1String("jpeg") &&
        format != QLatin1String("webp"))
        throw Error(Error::Kind::Settings,
                    QStringLiteral("MBTiles file %1 holds %2 tiles; only raster tiles are supported")
                        .arg(path, format));
    QSqlQuery probe(connection.database());
    if (!probe.exec(QStringLiteral("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles LIMIT 1")))
        throw Error(
            Error::Kind::Connection,
            QStringLiteral("MBTiles file %1 has no tiles table of zoom_level, tile_column, tile_row and "
                           "tile_data: %2")
                .arg(path, probe.lastError().text()));
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
        // Posted through the application object, which outlives the source; the source may be gone.
        const auto post = [&](const TileKey& key, const QImage& image, const QString& problem) {
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [self, generation, key, image, problem] {
                    if (self)
                        self->deliver(generation, key, image, problem);
                },
                Qt::QueuedConnection);
        };
        // A file that went away or changed since it was opened: every tile asked for fails, naming it.
        QString unreadable;
        if (!QFileInfo(path).isFile())
            unreadable = QStringLiteral("no such file");
        else
            unreadable = sqliteHeaderProblem(path);
        std::optional<ReadOnlyConnection> connection;
        if (unreadable.isEmpty()) {
            connection.emplace(path);
            if (!connection->isOpen())
                unreadable = connection->error();
        }
        if (!unreadable.isEmpty()) {
            for (const TileKey& key : wanted)
                post(key, {}, QStringLiteral("MBTiles file %1 cannot be read: %2").arg(path, unreadable));
            return;
        }
        QSqlQuery query(connection->database());
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
            QString problem;
            if (!query.exec()) {
                problem =
                    QStringLiteral("MBTiles file %1 cannot be read: %2").arg(path, query.lastError().text());
            } else if (!query.next()) {
                problem = QStringLiteral("MBTiles file %1 has no tile %2/%3/%4")
                              .arg(path)
                              .arg(key.z)
                              .arg(key.x)
                              .arg(key.y);
            } else {
                QString why;
                image = TileImage::decode(query.value(0).toByteArray(), &why);
                if (image.isNull())
                    problem = QStringLiteral("MBTiles file %1, tile %2/%3/%4: %5")
                                  .arg(path)
                                  .arg(key.z)
                                  .arg(key.x)
                                  .arg(key.y)
                                  .arg(why);
            }
            query.finish();
            post(key, image, problem);
        }
    });
}

void MbTilesTileSource::deliver(quint64 generation, const TileKey& key, const QImage& image,
                                const QString& problem) {
    Q_UNUSED(generation); // a tile read for an older view is still a good tile
    if (problem.isEmpty())
        emit tileReady(key, image);
    else
        emit tileFailed(key, problem);
}

} // namespace tidemark::ui
