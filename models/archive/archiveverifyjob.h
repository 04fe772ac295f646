#pragma once

#include "archivelayout.h"
#include "archivereadlimits.h"
#include "archiveverifier.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::archive {

class ArchiveStore;

// What to verify: the objects `keys` names, or with `all` every entry the archive lists under `prefix`.
struct ArchiveVerifyRequest {
    QString archiveUrl;   // as openArchiveStore takes it; empty: Error(Settings)
    ArchiveLayout layout; // the datasets and tiers the archive's manifests may name
    ArchiveReadLimits limits;
    QStringList keys; // object keys (relative to the archive URL), in this order; not with `all`
    bool all = false;
    QString prefix;   // with `all`: a tier and '/' (e.g. "currency/"), or "" for everything
    QString conninfo; // not empty: each object also against its partition while that is online
};

// One object as the job verified it.
struct ArchiveObjectCheck {
    QString key;
    VerifyResult result;           // result.cancelled: the cancel stopped its read (not counted as failed)
    bool onlineChecked = false;    // its partition was online and the rows were compared too
    bool partitionOffline = false; // a database was given, the partition is no longer online
};

struct ArchiveVerifyReport {
    QString archive;                         // the store as describe() names it
    int planned = 0;                         // objects the request named or the listing held
    std::vector<ArchiveObjectCheck> objects; // in order; after a cancel, those read before it
    int failed = 0;                          // objects with a problem
    bool cancelled = false;
    QStringList warnings;

    bool ok() const { return failed == 0 && !cancelled; }
    // The objects verified to the end (the one a cancel stopped not counted).
    int verified() const {
        return int(objects.size()) - (!objects.empty() && objects.back().result.cancelled ? 1 : 0);
    }
};

// Archive verification as a job, the same for `tidemark-cli archive verify` and the console's DisputeCase:
// opens the store (and the database with a conninfo) on its own thread, verifies the objects one after the
// other with ArchiveVerifier, each against its partition too when the database is given and the partition
// named by its manifest is still online. A bad entry of the listing (a stray name, a hostile key, a link)
// and any problem of one object is that object's failure and the run goes on; only an unreachable store or
// server throws (Error(Connection)). Progress: an ArchiveProgress at each chunk of each object. The feedback
// is checked between objects and at every chunk: a cancel stops there and the report (cancelled) lists what
// was verified, the object in progress last with its result.cancelled and the bytes read of it.
class ArchiveVerifyJob {
  public:
    static ArchiveVerifyReport run(const ArchiveVerifyRequest& request, TaskFeedback& feedback);
    // The same on a store already open (request.archiveUrl is not used): archive init verifies the objects
    // of a folder or prefix that is not an archive yet.
    static ArchiveVerifyReport run(ArchiveStore& store, const ArchiveVerifyRequest& request,
                                   TaskFeedback& feedback);
};

} // namespace tidemark::archive
