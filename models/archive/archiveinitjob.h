#pragma once

#include "archivelayout.h"
#include "archivemarker.h"
#include "archivereadlimits.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::archive {

struct ArchiveInitRequest {
    QString archiveUrl;   // file:///folder or s3://bucket/prefix?…, as ArchiveLocation::parse takes it
    ArchiveLayout layout; // the datasets and tiers the manifests of objects already there may name
    ArchiveReadLimits limits;
    // Not empty: created_at is that server's clock and created_by.database names it; else this machine's
    // clock and null.
    QString conninfo;
};

// An object already there that does not verify against its manifest (or an entry that is no object).
struct ArchiveInitFailure {
    QString key;
    QStringList problems;
};

struct ArchiveInitReport {
    QString archive;                          // the store as describe() names it
    QString url;                              // the URL as messages show it
    bool folderCreated = false;               // file://: the folder was made (0700)
    bool alreadyInitialised = false;          // a marker was there (or another init wrote one meanwhile)
    bool cancelled = false;                   // stopped while verifying; nothing written
    int objects = 0;                          // entries found before the marker was written
    std::vector<ArchiveInitFailure> failures; // not empty: refused, nothing written
    ArchiveMarker marker;                     // the one written, or the one found

    bool refused() const { return !failures.empty(); }
    // One line for an Error(Refused): how many failed and the first few keys.
    QString refusal() const;
};

// `tidemark-cli archive init` and the demo's archive: makes a folder or an S3 prefix a Tidemark archive by
// writing its ArchiveMarker, the only writer of one.
// - file://: the folder is created (0700) only when its parent exists; a missing parent (a typo, a NAS not
//   mounted) is Error(Refused) naming it. A path that is not a folder is Error(Connection).
// - s3://: the bucket must exist (Error(Refused) naming it otherwise); Tidemark creates no bucket.
// - A marker already there: alreadyInitialised with that marker, nothing written (a marker that cannot be
//   used is Error(Refused), as openArchiveStore refuses it).
// - Objects already there (an archive an earlier Tidemark wrote): every entry of the listing is verified
//   against its manifest (ArchiveVerifyJob, without a database); unless every one verifies, the report lists
//   the failures and nothing is written. Else the marker records them as adopted_objects.
// - The marker is published write-once (putFile): of two concurrent inits one writes it, the other reports
//   alreadyInitialised with the winner's marker.
// A folder this call created is removed again when it fails. The feedback is checked between objects and at
// every chunk: a cancel writes nothing.
class ArchiveInitJob {
  public:
    static ArchiveInitReport run(const ArchiveInitRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::archive
