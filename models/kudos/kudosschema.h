#pragma once

#include "schemamigrator.h"

namespace tidemark::kudos {

// The kudos dataset's schema as the migrator takes it: resources/sql/kudos/ and its tables.
DatasetSchema kudosSchema();

} // namespace tidemark::kudos
