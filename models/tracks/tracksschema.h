#pragma once

#include "schemamigrator.h"

namespace tidemark::tracks {

// The tracks dataset's schema on a SpatiaLite file: resources/sql/tracks/ and its tables (applied by
// TracksMigrator).
DatasetSchema tracksSchema();
// The same dataset on PostgreSQL: resources/sql/tracks-postgis/, which needs the postgis extension (applied
// by SchemaMigrator: tracks init --db, schema migrate --dataset tracks --db).
DatasetSchema tracksPostgisSchema();

} // namespace tidemark::tracks
