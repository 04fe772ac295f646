#pragma once

#include "pgconnection.h"
#include "schemamigrator.h"
#include "testpostgres.h"
#include "tracksschema.h"

#include <QString>

namespace tidemark::test {

// A new database `baseName` with the postgis extension and the tracks store migrated into it (tracks init
// --db); returns its conninfo. Without `withSchema`, only the extension; without `withPostgis`, a bare
// database.
inline QString freshPostgisStore(const QString& baseName, bool withSchema = true, bool withPostgis = true) {
    const QString conninfo = TestPostgres::createDatabase(baseName);
    auto db = PgConnection::open(conninfo, QStringLiteral("tidemark-test"));
    if (withPostgis)
        db->exec(QStringLiteral("CREATE EXTENSION postgis"));
    if (withPostgis && withSchema)
        SchemaMigrator(*db, tracks::tracksPostgisSchema()).migrate();
    return conninfo;
}

} // namespace tidemark::test
