#pragma once

#include "archivedrillhistory.h"
#include "archivemanifest.h"
#include "kudosuserlookup.h"
#include "ledgerstatements.h"

#include <QString>
#include <map>
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
// control totals in it, whether its partition is still online and its last restore drill.
struct CoveringObject {
    QString key;
    qint64 bytes = 0;
    bool hasObject = false;
    bool hasManifest = false;
    std::optional<archive::ArchiveManifest> manifest;
    QString manifestProblem;
    archive::ControlTotal user; // the user's rows and sums in the manifest (zeros when none)
    bool partitionOnline = false;
    std::optional<DrillRecord> lastDrill; // the newest row of kudos_archive_drills for the key
};

// The restore drills as kudos_archive_drills records them (ArchiveDrillHistory): the last drill of each key
// that has one and how much of the catalog's objects the drills have proven lately.
struct DisputeDrills {
    std::map<QString, DrillRecord> last;
    DrillCoverage coverage;
};

struct DisputeFindings {
    DisputeQuery query;
    std::optional<KudosUser> user;        // the users row, when the user was given as typed (by name)
    std::vector<StatementLine> statement; // daily, from kudos_ledger_daily and the online ledger
    std::vector<CoveringObject> objects;  // sorted by key
    QString archive;                      // the store as describe() names it, "" when none is configured
    QString archiveProblem;               // why the objects could not be listed ("" when they were)
    DrillCoverage drillCoverage;          // over every object of the catalog, not only the listed ones
};

} // namespace tidemark::kudos
