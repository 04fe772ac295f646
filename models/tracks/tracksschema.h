#pragma once

#include "schemamigrator.h"

namespace tidemark::tracks {

// The tracks dataset's schema: resources/sql/tracks/ and its tables (applied to SQLite by TracksMigrator).
DatasetSchema tracksSchema();

} // namespace tidemark::tracks
