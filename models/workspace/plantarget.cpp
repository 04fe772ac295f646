#include "plantarget.h"

#include "error.h"
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
    const QString id = db.storeId();
    if (id.isEmpty())
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("the tracks store %1 has no store id yet, which a plan needs to tell it from "
                           "another store: run tracks init on it (it adds the id and changes no track)")
                .arg(db.describe()));
    target.insert(QStringLiteral("store_id"), id);
    return target;
}

} // namespace tidemark
