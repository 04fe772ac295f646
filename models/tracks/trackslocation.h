#pragma once

#include <QMetaType>
#include <QString>

namespace tidemark::tracks {

// Where a tracks store is: a SpatiaLite file (--sqlite FILE, GPS_TRACKS_DB_PATH) or a PostgreSQL database
// with PostGIS (--db CONNINFO, GPS_TRACKS_DB_CONNINFO). Exactly one of the two is set for an open store.
struct TracksLocation {
    QString sqlitePath;
    QString conninfo;

    static TracksLocation file(const QString& path) { return {path, {}}; }
    static TracksLocation postgis(const QString& conninfo) { return {{}, conninfo}; }
    bool isPostgis() const { return !conninfo.isEmpty(); }
    bool isEmpty() const { return sqlitePath.isEmpty() && conninfo.isEmpty(); }
    // The file's path, or the connection string as given (an operator's own words, for titles and JSON;
    // messages of an open store use TracksDatabase::describe(), which never shows a password).
    QString text() const { return isPostgis() ? conninfo : sqlitePath; }
    // A short name for titles: the file's name, or "dbname on host:port" (never a password).
    QString displayName() const;
    // The option that names it in a command to run: "--sqlite FILE" or, literally, "--db CONNINFO".
    QString option() const;
    bool operator==(const TracksLocation& other) const {
        return sqlitePath == other.sqlitePath && conninfo == other.conninfo;
    }
    bool operator!=(const TracksLocation& other) const { return !(*this == other); }
};

} // namespace tidemark::tracks

Q_DECLARE_METATYPE(tidemark::tracks::TracksLocation)
