#pragma once

#include "archivedrillhistory.h"
#include "kudossettings.h"
#include "requestlimit.h"

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// What to drill: the objects `keys` names, or a sample chosen as chooseDrillObjects orders them from the
// objects the archive lists and the catalog records (in `tier` only, when set).
struct ArchiveDrillRequest {
    static constexpr RequestLimit kSample{"--sample", 1, 100000, "objects", "all"};
    static constexpr int kDefaultSample = 10;
    static constexpr int kAllObjects = -1; // `sample` for every object

    QString conninfo;            // the kudos database (its statements and rollups, where drills are recorded)
    QString archiveUrl;          // as openArchiveStore takes it; empty: Error(Settings)
    KudosSettings settings;      // the archive's read limits and KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS
    QStringList keys;            // object keys; empty: a sample
    int sample = kDefaultSample; // objects of a sample, within kSample, or kAllObjects
    std::optional<quint64> seed; // of the sample's random part; default: the server's day number
    QString tier;                // "currency", "statistics" or "" for both
    // Where the scratch SQLite files go: a folder of this user's, made 0700 when missing; "": a private
    // folder of the run's own in $TMPDIR (ProcessTempDir), removed at its end.
    QString scratchFolder;
    QString metricsPath; // the textfile the run's metrics are added to; "" none

    // Throws Error(Usage) naming the option: a sample neither within kSample nor kAllObjects, a tier other
    // than currency, statistics or "".
    void validate() const;
};

// One object's drill.
struct ArchiveDrillResult {
    DrillRecord record;       // as recorded in kudos_archive_drills
    QString dataset;          // "currency" or "statistics" (the key's tier)
    QString replacement;      // what it was compared with: "kudos_ledger_daily", "kudos_stat_rollups …"
    qint64 contentBytes = 0;  // uncompressed CSV bytes restored
    qint64 linesCompared = 0; // the replacement's lines
    std::optional<qint64> catalogRows; // the catalog's row count of the object's range
    // The restore's verification of the object (its first step): true when it passed (whatever the
    // comparison found after it), false when it refused the object, nullopt when it did not get that far.
    std::optional<bool> verified;
};

struct ArchiveDrillReport {
    QString archive; // the store as describe() names it
    quint64 seed = 0;
    int candidates = 0; // objects there were to choose from (a sample), or the keys named
    int planned = 0;    // objects chosen
    std::vector<ArchiveDrillResult> results; // recorded, in order
    bool cancelled = false;
    QString stoppedAt; // after a cancel: the object whose drill it stopped (nothing recorded for it)
    // Scratch folders (or, in a folder the request names, files) of killed runs removed first.
    int staleScratchRemoved = 0;
    double seconds = 0;
    QStringList warnings;

    int passed() const;
    int failed() const;
    bool ok() const { return failed() == 0 && !cancelled; }
    qint64 rows() const;
    qint64 contentBytes() const;
    // 1 when an object failed, 75 when stopped (a cancel or SIGTERM) before its end, else 0.
    int exitCode() const { return failed() > 0 ? 1 : cancelled ? 75 : 0; }
};

// The restore drill of spec/kudos.md, the same for `tidemark-cli archive drill` and the console: opens the
// database (the kudos schema is required) and the store on its own thread, removes the scratch files a
// killed run left, chooses the objects, and for each one restores it (ArchiveRestorer::restoreIntoSqlite:
// verified first, every row checked again) into a new private scratch SQLite file, recomputes from the
// restored rows the sums its replacement holds (currency: per user, account, entry type and day against
// kudos_ledger_daily; statistics: per day Σ and rows against the rollups of its source), compares the rows
// with the catalog's count, records the result in kudos_archive_drills and removes the scratch file (also on
// a failure or a cancel). Pause and cancel take effect between objects and at every chunk of a read; a
// cancelled object records nothing. A store or server that cannot be reached throws Error(Connection)
// (exit 75) and records nothing for the object it was on; every other problem is that object's failure. A
// request that does not validate throws Error(Usage) before anything is opened.
// Adds the run's metrics to request.metricsPath (a file it cannot write is a warning).
class ArchiveDrillJob {
  public:
    static ArchiveDrillReport run(const ArchiveDrillRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::kudos

Q_DECLARE_METATYPE(tidemark::kudos::ArchiveDrillReport)
