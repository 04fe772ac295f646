#pragma once

#include "schemamigrator.h"

namespace tidemark::positions {

// The positions dataset's schema as the migrator takes it: resources/sql/positions/ and its tables.
DatasetSchema positionsSchema();

} // namespace tidemark::positions
