#include "trackslocation.h"

#include "error.h"
#include "pgconnection.h"

#include <QFileInfo>

namespace tidemark::tracks {

QString TracksLocation::displayName() const {
    if (!isPostgis())
        return QFileInfo(sqlitePath).fileName();
    QString host = QStringLiteral("localhost"), port, dbname;
    try {
        for (const auto& [key, value] : PgConnection::parseConninfo(conninfo)) {
            if (key == QLatin1String("host") ||
                (key == QLatin1String("hostaddr") && host == QLatin1String("localhost")))
                host = value;
            else if (key == QLatin1String("port"))
                port = value;
            else if (key == QLatin1String("dbname"))
                dbname = value;
        }
    } catch (const Error&) {
        return QStringLiteral("PostGIS"); // not a connection string: said when it is opened
    }
    return QStringLiteral("%1 on %2%3")
        .arg(dbname.isEmpty() ? QStringLiteral("PostGIS") : dbname, host,
             port.isEmpty() ? QString() : QLatin1Char(':') + port);
}

QString TracksLocation::option() const {
    // Never the connection string itself: it may hold a password.
    return isPostgis() ? QStringLiteral("--db CONNINFO") : QStringLiteral("--sqlite %1").arg(sqlitePath);
}

} // namespace tidemark::tracks
