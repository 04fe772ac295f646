#include "mbtilesreader.h"

#include "displayformat.h"
#include "error.h"

#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <sqlite3.h>

namespace tidemark::ui {

namespace {

// A minzoom or maxzoom value: a whole number, clamped into 0–22 with a warning naming the file.
int zoomOf(const QString& path, const QString& key, const QString& value, QStringList& warnings) {
    bool ok = false;
    const double number = value.trimmed().toDouble(&ok);
    if (!ok || number != std::floor(number) || std::abs(number) > 1e6)
        throw Error(
            Error::Kind::Settings,
            QStringLiteral("MBTiles file %1: %2 \"%3\" is not a zoom level").arg(path, key, value.left(40)));
    const int zoom = static_cast<int>(number);
    const int clamped = std::clamp(zoom, MbTilesReader::kLowestZoom, MbTilesReader::kHighestZoom);
    if (clamped != zoom)
        warnings << QStringLiteral("MBTiles file %1: %2 %3 is outside %4–%5; using %6")
                        .arg(path, key)
                        .arg(zoom)
                        .arg(MbTilesReader::kLowestZoom)
                        .arg(MbTilesReader::kHighestZoom)
                        .arg(clamped);
    return clamped;
}

} // namespace

QString MbTilesReader::fileProblem(const QString& path) {
    const QFileInfo info(path);
    if (!info.isFile())
        return QStringLiteral("MBTiles file %1 cannot be read: no such file").arg(path);
    if (info.size() == 0)
        return QStringLiteral("MBTiles file %1 cannot be read: it is empty").arg(path);
    if (const QString problem = SqliteFile::headerProblem(path); !problem.isEmpty())
        return QStringLiteral("MBTiles file %1 cannot be read: %2").arg(path, problem);
    return {};
}

SqliteFile MbTilesReader::opened(const QString& path) {
    if (const QString problem = fileProblem(path); !problem.isEmpty())
        throw Error(Error::Kind::Connection, problem);
    return SqliteFile(path, SqliteFile::Mode::ReadOnly);
}

MbTilesReader::MbTilesReader(const QString& path, std::function<bool()> cancelled)
    : m_path(path), m_cancelled(std::move(cancelled)), m_file(opened(path)) {
    sqlite3_limit(m_file.handle(), SQLITE_LIMIT_LENGTH, kMaxSqliteValue);
    m_file.setProgressCheck([this] { return interrupt(); });
    refuseUnlessTable(QStringLiteral("metadata"), tableType(QStringLiteral("metadata")));
    // The deduplicated layout (mbutil's, TileMill's): `tiles` a view over `map` and `images`. The view's SQL
    // is the file's own, so it is not run: the two tables are read with a join of ours.
    const QString tilesType = tableType(QStringLiteral("tiles"));
    const bool deduplicated = tilesType == QLatin1String("view") &&
                              tableType(QStringLiteral("map")) == QLatin1String("table") &&
                              tableType(QStringLiteral("images")) == QLatin1String("table");
    if (!deduplicated)
        refuseUnlessTable(QStringLiteral("tiles"), tilesType);
    bounded(QStringLiteral("its tiles table"), [&] {
        try {
            m_tile.emplace(m_file.prepare(
                deduplicated
                    ? QStringLiteral(
                          "SELECT length(i.tile_data), CASE WHEN length(i.tile_data) <= ?4 THEN "
                          "i.tile_data END FROM map AS m JOIN images AS i ON i.tile_id = m.tile_id "
                          "WHERE m.zoom_level = ?1 AND m.tile_column = ?2 AND m.tile_row = ?3 LIMIT 1")
                    : QStringLiteral(
                          "SELECT length(tile_data), CASE WHEN length(tile_data) <= ?4 THEN tile_data END "
                          "FROM "
                          "tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3 LIMIT 1")));
        } catch (const Error& e) {
            if (e.kind() != Error::Kind::Schema)
                throw;
            throw Error(Error::Kind::Connection,
                        deduplicated
                            ? QStringLiteral("MBTiles file %1 has no map table of zoom_level, tile_column, "
                                             "tile_row and tile_id or no images table of tile_id and "
                                             "tile_data: %2")
                                  .arg(m_path, reasonOf(e))
                            : QStringLiteral("MBTiles file %1 has no tiles table of zoom_level, tile_column, "
                                             "tile_row and tile_data: %2")
                                  .arg(m_path, reasonOf(e)));
        }
    });
}

bool MbTilesReader::interrupt() {
    if (m_cancelled && m_cancelled()) {
        m_wasCancelled = true;
        return true;
    }
    m_stepsLeft -= SqliteFile::kProgressSteps;
    m_outOfBudget = m_stepsLeft < 0 || m_deadline.hasExpired();
    return m_outOfBudget;
}

template <typename Work> auto MbTilesReader::bounded(const QString& what, Work&& work) -> decltype(work()) {
    m_stepsLeft = m_stepBudget;
    m_deadline.setRemainingTime(kStatementSeconds * 1000);
    m_outOfBudget = false;
    try {
        return work();
    } catch (const Error& e) {
        if (!e.message().startsWith(QStringLiteral("SQLite %1: ").arg(m_path)))
            throw; // our own refusal
        if (m_wasCancelled)
            throw Error(Error::Kind::Cancelled,
                        QStringLiteral("MBTiles file %1: reading %2 was cancelled").arg(m_path, what));
        if (m_outOfBudget)
            throw Error(Error::Kind::Connection,
                        QStringLiteral("MBTiles file %1: reading %2 took more than %3 steps of SQLite or %4; "
                                       "refused (a damaged or hostile file?)")
                            .arg(m_path, what)
                            .arg(m_stepBudget)
                            .arg(display::duration(kStatementSeconds)));
        QString reason = reasonOf(e);
        if (reason == QLatin1String(sqlite3_errstr(SQLITE_TOOBIG)))
            reason += QStringLiteral(" (a value of more than %1)").arg(display::size(kMaxSqliteValue));
        throw Error(Error::Kind::Connection,
                    QStringLiteral("MBTiles file %1 cannot be read: %2, in %3").arg(m_path, reason, what));
    }
}

QString MbTilesReader::reasonOf(const Error& error) const {
    const QString prefix = QStringLiteral("SQLite %1: ").arg(m_path);
    const QString message = error.message();
    return message.startsWith(prefix) ? message.mid(prefix.size()) : message;
}

QString MbTilesReader::tableType(const QString& name) {
    return bounded(QStringLiteral("its schema"), [&] {
        SqliteStatement q =
            m_file.prepare(QStringLiteral("SELECT type FROM pragma_table_list(?1) WHERE schema = 'main'"));
        q.bind(1, name);
        return q.step() ? q.text(0) : QString();
    });
}

void MbTilesReader::refuseUnlessTable(const QString& name, const QString& type) {
    if (type.isEmpty())
        throw Error(Error::Kind::Connection,
                    QStringLiteral("MBTiles file %1 has no %2 table").arg(m_path, name));
    if (type == QLatin1String("table"))
        return;
    const QString what = type == QLatin1String("virtual") ? QStringLiteral("a virtual table")
                         : type == QLatin1String("view")  ? QStringLiteral("a view")
                                                          : QStringLiteral("a %1 table").arg(type);
    throw Error(
        Error::Kind::Connection,
        QStringLiteral("MBTiles file %1: its %2 is %3, not a table; refused (it would run the file's own "
                       "code, which may never end)")
            .arg(m_path, name, what));
}

MbTilesMetadata MbTilesReader::readMetadata() {
    MbTilesMetadata metadata;
    bounded(QStringLiteral("its metadata"), [&] {
        SqliteStatement q = m_file.prepare(QStringLiteral("SELECT name, value FROM metadata LIMIT ?1"));
        q.bind(1, kMaxMetadataRows + 1);
        int rows = 0;
        while (q.step()) {
            if (++rows > kMaxMetadataRows)
                throw Error(Error::Kind::Connection,
                            QStringLiteral("MBTiles file %1: its metadata has more than %2 rows; refused (a "
                                           "map's metadata has a few)")
                                .arg(m_path)
                                .arg(kMaxMetadataRows));
            const QByteArray name = q.blob(0);
            const QByteArray value = q.blob(1);
            if (name.size() > kMaxValueBytes || value.size() > kMaxValueBytes)
                throw Error(
                    Error::Kind::Connection,
                    QStringLiteral("MBTiles file %1: its metadata row %2 (\"%3\") holds %4 bytes, more "
                                   "than %5 a name or value may have; refused")
                        .arg(m_path)
                        .arg(rows)
                        .arg(QString::fromUtf8(name.left(40)))
                        .arg(std::max(name.size(), value.size()))
                        .arg(display::size(kMaxValueBytes)));
            const QString key = QString::fromUtf8(name);
            if (key == QLatin1String("name"))
                metadata.name = QString::fromUtf8(value);
            else if (key == QLatin1String("format"))
                metadata.format = QString::fromUtf8(value);
            else if (key == QLatin1String("attribution"))
                metadata.attribution = QString::fromUtf8(value);
            else if (key == QLatin1String("minzoom"))
                metadata.minZoom = zoomOf(m_path, key, QString::fromUtf8(value), metadata.warnings);
            else if (key == QLatin1String("maxzoom"))
                metadata.maxZoom = zoomOf(m_path, key, QString::fromUtf8(value), metadata.warnings);
        }
    });
    if (metadata.minZoom > metadata.maxZoom)
        throw Error(Error::Kind::Settings, QStringLiteral("MBTiles file %1: minzoom %2 is above maxzoom %3")
                                               .arg(m_path)
                                               .arg(metadata.minZoom)
                                               .arg(metadata.maxZoom));
    const QString& format = metadata.format;
    if (format != QLatin1String("png") && format != QLatin1String("jpg") && format != QLatin1String("jpeg") &&
        format != QLatin1String("webp"))
        throw Error(Error::Kind::Settings,
                    QStringLiteral("MBTiles file %1 holds %2 tiles; only raster tiles are supported")
                        .arg(m_path, format.left(40)));
    return metadata;
}

std::optional<QByteArray> MbTilesReader::readTile(int z, int x, int y) {
    if (z < kLowestZoom || z > kHighestZoom || x < 0 || y < 0 || x >= (1 << z) || y >= (1 << z))
        return std::nullopt;
    const QString tile = QStringLiteral("%1/%2/%3").arg(z).arg(x).arg(y);
    return bounded(QStringLiteral("tile %1").arg(tile), [&]() -> std::optional<QByteArray> {
        SqliteStatement& q = *m_tile;
        q.reset();
        q.bind(1, z).bind(2, x).bind(3, tmsRow(z, y)).bind(4, kMaxTileBytes);
        if (!q.step())
            return std::nullopt;
        const qint64 length = q.toInt64(0);
        QByteArray bytes = q.blob(1);
        q.reset(); // no read left open between tiles
        if (length > kMaxTileBytes || bytes.size() > kMaxTileBytes)
            throw Error(Error::Kind::Connection,
                        QStringLiteral("MBTiles file %1, tile %2: %3 bytes, more than a tile may have (%4); "
                                       "refused unread")
                            .arg(m_path, tile)
                            .arg(std::max<qint64>(length, bytes.size()))
                            .arg(display::size(kMaxTileBytes)));
        return bytes;
    });
}

} // namespace tidemark::ui
