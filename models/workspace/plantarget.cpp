#include "plantarget.h"

#include "pgconnection.h"
#include "planfile.h"
#include "tracksdatabase.h"

#include <QFileInfo>

namespace tidemark {

QJsonObject tracksPlanTarget(const tracks::TracksLocation& store, tracks::TracksDatabase& db) {
    QJsonObject target;
    if (store.isPostgis()) {
        auto pg = PgConnection::open(store.conninfo, QStringLiteral("tidemark plan"));
        target = planfile::postgresTarget(*pg);
        target.insert(QStringLiteral("kind"), QStringLiteral("postgis"));
    } else {
        target = {{QStringLiteral("kind"), QStringLiteral("sqlite")},
                  {QStringLiteral("path"), QFileInfo(store.sqlitePath).absoluteFilePath()}};
    }
    target.insert(QStringLiteral("store_id"), db.storeId());
    return target;
}

} // namespace tidemark
