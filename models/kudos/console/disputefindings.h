#pragma once

#include "archivemanifest.h"
#include "ledgerstatements.h"

#include <QString>
#include <optional>
#include <vector>

namespace tidemark::kudos {

// What an operator investigates: one user's currency rows in [from, to) (whole UTC days in the console).
struct DisputeQuery {
    int userId = 0;
    Micros from = 0;
    Micros to = 0;
    bool operator==(const DisputeQuery&) const = default;
};

// An archive object of the ledger whose range meets the query's: its manifest (when readable), the user's
// control totals in it and whether its partition is still online.
struct CoveringObject {
    QString key;
    qint64 bytes = 0;
    bool hasObject = false;
    bool hasManifest = false;
    std::optional<archive::ArchiveManifest> manifest;
    QString manifestProblem;
    archive::ControlTotal user; // the user's rows and sums in the manifest (zeros when none)
    bool partitionOnline = false;
};

struct DisputeFindings {
    DisputeQuery query;
    std::vector<StatementLine> statement; // daily, from kudos_ledger_daily and the online ledger
    std::vector<CoveringObject> objects;  // sorted by key
    QString archive;                      // the store as describe() names it, "" when none is configured
    QString archiveProblem;               // why the objects could not be listed ("" when they were)
};

} // namespace tidemark::kudos
