#pragma once

#include "sqlitefile.h"

#include <QByteArray>
#include <QDeadlineTimer>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace tidemark {
class Error;
}

namespace tidemark::ui {

// What the map takes from an MBTiles file's metadata.
struct MbTilesMetadata {
    QString name;
    QString attribution;
    QString format = QStringLiteral("png");
    int minZoom = 0;
    int maxZoom = 22;
    QStringList warnings; // a zoom level clamped into 0–22, naming the file
};

// The reading of an MBTiles file (SQLite: metadata(name, value) and tiles(zoom_level, tile_column, tile_row,
// tile_data), rows counted from the south), bounded in memory and time whatever its bytes:
// - opened through SqliteFile read-only (hardened; nothing created beside it, WAL mode included);
// - `metadata` and `tiles` must be tables of the file: a view or a virtual table is refused, since its SQL
//   is the file's own and may never end (a recursive view); the deduplicated layout, `tiles` a view over
//   the tables `map` (zoom_level, tile_column, tile_row, tile_id) and `images` (tile_id, tile_data), is read
//   from those two tables with a join of ours;
// - every statement stops after kStepBudget steps of SQLite's virtual machine or kStatementSeconds;
// - the metadata is read forward, at most kMaxMetadataRows rows of at most kMaxValueBytes a name or value;
// - a tile of more than kMaxTileBytes is refused unread, and no value SQLite reads may pass kMaxSqliteValue.
// Qt Core and SQLite only (a fuzzer links it); one thread, like SqliteFile. Errors are tidemark::Error naming
// the file: Connection for a file that cannot be used, Settings for a format or zoom level the map cannot
// use, Cancelled when `cancelled` returned true.
class MbTilesReader {
  public:
    static constexpr int kMaxMetadataRows = 1000;
    static constexpr qint64 kMaxValueBytes = 64 * 1024;
    static constexpr qint64 kMaxTileBytes = 1024 * 1024;
    static constexpr int kMaxSqliteValue = 2 * 1024 * 1024;
    static constexpr qint64 kStepBudget = 10'000'000;
    static constexpr int kStatementSeconds = 10;
    static constexpr int kLowestZoom = 0;
    static constexpr int kHighestZoom = 22;

    // What is wrong with the file without opening it as a database (no such file, empty, not SQLite,
    // truncated): the message naming it, or empty. Reads at most its first 100 bytes.
    static QString fileProblem(const QString& path);
    // The MBTiles tile_row of XYZ row y at zoom z.
    static int tmsRow(int z, int y) { return (1 << z) - 1 - y; }

    // Opens the file and checks its two tables. `cancelled`, when given, is asked between steps of every
    // statement (another thread may make it true).
    explicit MbTilesReader(const QString& path, std::function<bool()> cancelled = {});

    // The steps of SQLite's machine a statement may take from now on (kStepBudget unless changed).
    void setStepBudget(qint64 steps) { m_stepBudget = steps; }

    MbTilesMetadata readMetadata();
    // The bytes of XYZ tile z/x/y, or nothing when the file has no such tile.
    std::optional<QByteArray> readTile(int z, int x, int y);

  private:
    // The object's type in the file's schema ("table", "view", "virtual"), empty when it has none.
    QString tableType(const QString& name);
    void refuseUnlessTable(const QString& name, const QString& type);
    // Runs one statement's work with a fresh step budget, its errors made into messages naming the file.
    template <typename Work> auto bounded(const QString& what, Work&& work) -> decltype(work());
    bool interrupt();
    // An SqliteStatement's message without its "SQLite <file>: " (ours name the file already).
    QString reasonOf(const Error& error) const;
    static SqliteFile opened(const QString& path);

    QString m_path;
    std::function<bool()> m_cancelled;
    SqliteFile m_file;
    std::optional<SqliteStatement> m_tile; // prepared once, for every tile
    qint64 m_stepBudget = kStepBudget;
    qint64 m_stepsLeft = kStepBudget;
    QDeadlineTimer m_deadline;
    bool m_outOfBudget = false;
    bool m_wasCancelled = false;
};

} // namespace tidemark::ui
