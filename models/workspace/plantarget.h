#pragma once

#include "trackslocation.h"

#include <QJsonObject>

namespace tidemark::tracks {
class TracksDatabase;
}

namespace tidemark {

// The identity of a tracks store for a plan: a file's {"kind": "sqlite", "store_id", "path"} (the id is kept
// in the file, so a copy is the same store wherever it lies), a PostGIS store's planfile::postgresTarget with
// "kind": "postgis" and its "store_id". A store without an id (made before version 3, never migrated since)
// is refused (Error Refused): run tracks init.
QJsonObject tracksPlanTarget(const tracks::TracksLocation& store, tracks::TracksDatabase& db);

} // namespace tidemark
