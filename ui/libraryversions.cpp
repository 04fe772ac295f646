#include "libraryversions.h"

#include "pgconnection.h"

#include <QCoreApplication>
#include <curl/curl.h>
#include <sqlite3.h>
#include <zstd.h>

namespace tidemark::ui {

QString LibraryVersions::qt() {
    return QString::fromLatin1(qVersion());
}

QString LibraryVersions::libpq() {
    const int version = PgConnection::libraryVersion(); // e.g. 150010 = 15.10
    return QStringLiteral("%1.%2").arg(version / 10000).arg(version % 10000);
}

QString LibraryVersions::sqlite() {
    return QString::fromLatin1(sqlite3_libversion());
}

QString LibraryVersions::spatialite() {
    sqlite3* db = nullptr;
    QString version;
    if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK &&
        sqlite3_enable_load_extension(db, 1) == SQLITE_OK &&
        sqlite3_load_extension(db, "mod_spatialite", nullptr, nullptr) == SQLITE_OK) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT spatialite_version()", -1, &statement, nullptr) == SQLITE_OK &&
            sqlite3_step(statement) == SQLITE_ROW)
            version = QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(statement, 0)));
        sqlite3_finalize(statement);
    }
    sqlite3_close_v2(db);
    return version.isEmpty() ? QCoreApplication::translate("tidemark::ui::LibraryVersions", "not available")
                             : version;
}

QString LibraryVersions::zstd() {
    return QString::fromLatin1(ZSTD_versionString());
}

QString LibraryVersions::curl() {
    return QString::fromLatin1(curl_version_info(CURLVERSION_NOW)->version);
}

QList<QPair<QString, QString>> LibraryVersions::all() {
    return {{QStringLiteral("Qt"), qt()},         {QStringLiteral("libpq"), libpq()},
            {QStringLiteral("SQLite"), sqlite()}, {QStringLiteral("SpatiaLite"), spatialite()},
            {QStringLiteral("zstd"), zstd()},     {QStringLiteral("libcurl"), curl()}};
}

} // namespace tidemark::ui
