#pragma once

#include "replacementcheck.h"
#include "retentionfaultpoint.h"

#include <functional>

namespace tidemark::kudos {

struct DropOutcome {
    bool dropped = false;
    qint64 rows = 0;                  // rows the DROP removed
    double parentLockSeconds = 0;     // the parent's ACCESS EXCLUSIVE lock: granted → commit of the detach
    double referencedLockSeconds = 0; // the referenced tables' (users) ACCESS EXCLUSIVE lock of the DROP
    double checkSeconds = 0;          // the comparisons with the replacement (ReplacementCheck)
    std::vector<ReplacementMismatch> mismatches; // not dropped: attached again, incidents recorded
};

// Drops one partition (the first partition once, for all its catalogued sub-ranges) only when its rows are
// what replaced them, decided under the drop's own lock (spec/kudos.md, "The drop"):
//  1. the partition is detached from its parent in a short transaction (the parent's ACCESS EXCLUSIVE lock
//     for milliseconds): from then on no row reaches it through the parent, and every writer that held the
//     parent has committed or rolled back;
//  2. in one transaction under the detached table's ACCESS EXCLUSIVE lock, ReplacementCheck compares its
//     rows with what was recorded when they were replaced; equal: the table is dropped and its catalog rows
//     move to `dropped` (and their open incidents are resolved) in that transaction;
//  3. different: the table is attached back (after a CHECK constraint that proves its bound, so that the
//     attach scans nothing), each differing range gets an open incident in kudos_retention_incidents with
//     the difference, and statistics ranges go back to `pending` (their rollup is rebuilt from the rows) in
//     the attach's transaction; currency ranges keep their state and wait for a person.
// A range with an open incident is compared first without any lock; while it still differs nothing is
// detached. A run that dies after the detach is resumed by the next: a catalogued partition found detached
// goes on from step 2. The parent is waited for under lock_timeout, the referenced tables in short waits.
class PartitionDrop {
  public:
    using Notify = std::function<void(FaultPoint)>;
    // An applied plan's re-check (RetentionJob::recheckPlanned): called before the detach and again in the
    // dropping transaction once the detached table is locked; it throws to refuse, and the table is then
    // attached back unchanged (no incident: the rows were not compared with their replacement).
    using Recheck = std::function<void()>;

    PartitionDrop(PgConnection& db, int lockTimeoutSeconds);
    // `group`: the catalog entries of one partition, ascending; `manifests`: for currency, the verified
    // manifest of each entry by its archive key.
    DropOutcome run(const std::vector<CatalogEntry>& group,
                    const QHash<QString, archive::ArchiveManifest>& manifests, const Notify& notify = {},
                    const Recheck& recheck = {});

  private:
    void detach(const std::vector<CatalogEntry>& group, DropOutcome& outcome);
    void dropChecked(const std::vector<CatalogEntry>& group,
                     const QHash<QString, archive::ArchiveManifest>& manifests, const Notify& notify,
                     const Recheck& recheck, DropOutcome& outcome);
    void attachBack(const std::vector<CatalogEntry>& group,
                    const std::vector<ReplacementMismatch>& mismatches);
    void recordMismatches(const std::vector<ReplacementMismatch>& mismatches);

    PgConnection& m_db;
    int m_lockTimeoutSeconds;
};

} // namespace tidemark::kudos
