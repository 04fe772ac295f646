#pragma once

#include "archivelayout.h"

namespace tidemark::kudos {

// The kudos archive: the two retention datasets' tables (kudos_ledger, kudos_stat_events) and their tiers
// (currency, statistics), as datasetTable and datasetName name them. What every kudos caller of the archive
// (the retention job, the dispute case, the CLI's archive commands) hands it.
archive::ArchiveLayout kudosArchiveLayout();

} // namespace tidemark::kudos
