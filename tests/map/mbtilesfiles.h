#pragma once

// MBTiles files for the map tests, written through SqliteFile (good ones, and ones that lack parts or hold
// hostile ones), and their sources opened as the console opens them.
#include "error.h"
#include "mbtilestilesource.h"
#include "sqlitefile.h"

#include <QBuffer>
#include <QColor>
#include <QFile>
#include <QImage>
#include <QList>
#include <QPair>
#include <QSignalSpy>
#include <QStringList>
#include <QTest>
#include <memory>

namespace tidemark::test {

inline QByteArray imageOf(const QColor& colour, const char* format) {
    QImage image(256, 256, QImage::Format_RGB32);
    image.fill(colour);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, format))
        qFatal("cannot write a %s image", format);
    return bytes;
}

inline QByteArray pngOf(const QColor& colour) {
    return imageOf(colour, "PNG");
}

// An SQLite file made by running statements (for MBTiles files that lack parts or hold hostile ones).
inline void createSqlite(const QString& path, const QStringList& statements) {
    QFile::remove(path);
    SqliteFile db(path, SqliteFile::Mode::Create);
    for (const QString& statement : statements)
        db.exec(statement);
}

// The colours of the four tiles of zoom 1 that createMbTiles writes, by XYZ key (x, y).
inline QColor mbTilesColour(int x, int y) {
    static const QColor colours[2][2] = {{QColor(220, 30, 30), QColor(30, 30, 220)},
                                         {QColor(30, 200, 30), QColor(200, 200, 30)}};
    return colours[x][y];
}

// A good MBTiles file: the metadata (name "test", attribution "test data") and the four tiles of zoom 1, each
// a solid PNG (mbTilesColour), under the unique index real files have.
inline void createMbTiles(const QString& path, const QString& format = QStringLiteral("png"),
                          const QString& minZoom = QStringLiteral("0"),
                          const QString& maxZoom = QStringLiteral("1")) {
    QFile::remove(path);
    SqliteFile db(path, SqliteFile::Mode::Create);
    db.exec(QStringLiteral("CREATE TABLE metadata (name text, value text)"));
    db.exec(QStringLiteral(
        "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)"));
    db.exec(QStringLiteral("CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)"));
    const QList<QPair<QString, QString>> metadata = {
        {QStringLiteral("name"), QStringLiteral("test")},
        {QStringLiteral("format"), format},
        {QStringLiteral("minzoom"), minZoom},
        {QStringLiteral("maxzoom"), maxZoom},
        {QStringLiteral("attribution"), QStringLiteral("test data")}};
    SqliteStatement insert = db.prepare(QStringLiteral("INSERT INTO metadata VALUES (?1, ?2)"));
    for (const auto& [key, value] : metadata) {
        insert.bind(1, key).bind(2, value).step();
        insert.reset();
    }
    // TMS rows count from the south: row 1 at zoom 1 is the northern half (XYZ y = 0).
    SqliteStatement tile = db.prepare(QStringLiteral("INSERT INTO tiles VALUES (1, ?1, ?2, ?3)"));
    for (int x = 0; x < 2; ++x)
        for (int y = 0; y < 2; ++y) {
            tile.bind(1, x).bind(2, 1 - y).bindBlob(3, pngOf(mbTilesColour(x, y))).step();
            tile.reset();
        }
}

// Why the source of `path` is refused: thrown at once (the cheap checks), or said by openFailed() once its
// metadata has been read off the GUI thread; empty when it opens.
inline QString refusalOf(const QString& path) {
    std::unique_ptr<ui::MbTilesTileSource> source;
    try {
        source = std::make_unique<ui::MbTilesTileSource>(path);
    } catch (const Error& e) {
        return e.message();
    }
    QSignalSpy opened(source.get(), &ui::TileSource::opened);
    QSignalSpy failed(source.get(), &ui::TileSource::openFailed);
    if (!QTest::qWaitFor([&] { return !opened.isEmpty() || !failed.isEmpty(); }, 20000))
        return QStringLiteral("still opening after 20 s");
    return failed.isEmpty() ? QString() : failed.first().first().toString();
}

// The source of `path` once it has opened; nullptr when it did not (the test then fails).
inline std::shared_ptr<ui::MbTilesTileSource> openedSource(const QString& path) {
    auto source = std::make_shared<ui::MbTilesTileSource>(path);
    QSignalSpy opened(source.get(), &ui::TileSource::opened);
    if (!source->isOpening() || !opened.wait(20000) || source->isOpening())
        return nullptr;
    return source;
}

} // namespace tidemark::test
