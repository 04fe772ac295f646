#pragma once

#include "kudossettings.h"
#include "partitionswapreport.h"
#include "retentionfaultpoint.h"
#include "retentionreport.h"

#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// A writer inserting into a table while a step runs (the swap, a drop), as the application's writers do: each
// insert in its own transaction, rolled back, so the copy keeps none of them. Its slowest insert is the
// exclusive lock as a writer sees it.
struct WriterProbeResult {
    QString table;
    qint64 inserts = 0;
    double slowestMillis = 0;
    double medianMillis = 0;
    QString error; // the writer failed (its inserts up to then count)
};

// The partition swap measured on the copy (nothing measured when the copy was partitioned already).
struct RehearsalSwap {
    bool measured = false;
    Micros boundary = 0;
    SwapReport swap;
    WriterProbeResult writer;
};

// One eligible range of one dataset through the steps the job takes for it, and the restore of its object.
struct RehearsalRange {
    RetentionDataset dataset = RetentionDataset::Currency;
    QString partition;
    Micros lo = 0;
    Micros hi = 0;
    qint64 rows = 0;
    std::vector<RetentionStepResult> steps; // in the order they ran
    QString failure;                        // a step failed or stopped: why (the chain ended there)
    QString objectKey;                      // the exported or dumped object ("" when none)
    qint64 contentBytes = 0;                // its uncompressed CSV (the manifest's content_bytes)
    qint64 objectBytes = 0;                 // its compressed bytes
    // The drop: measured when the chain reached it; else why not (the first partition drops once every
    // sub-range is verified, one window after the swap).
    bool dropped = false;
    double dropLockSeconds = 0;
    WriterProbeResult dropWriter;
    QString dropNotReached;
    // The object restored into a PostgreSQL table and into a SQLite file (verified first; rows equal).
    qint64 restoredTableRows = -1; // -1: not restored
    double restoreTableSeconds = 0;
    qint64 restoredSqliteRows = -1;
    double restoreSqliteSeconds = 0;
    QString restoreProblem;

    const RetentionStepResult* step(const QString& to) const; // the step that moved the range to `to`
    double rate(const QString& to) const;                     // rows per second of that step (0: none)
    double exportMegabytesPerSecond() const;                  // CSV bytes per second of the export or dump
    double verifyMegabytesPerSecond() const;                  // CSV bytes per second of the verification
    double compressedBytesPerRow() const;
    bool verified() const;      // the chain reached verified (currency) or dumped (statistics)
    bool restoredEqual() const; // both restores loaded exactly the range's rows
};

// EXPLAIN of one of the application's reads, before or after the swap.
struct RehearsalQueryPlan {
    QString name;              // "unapplied queue", "a user's recent rows", "reconciliation's tail"
    QString when;              // "before the swap" | "after the swap"
    QString sql;               // as explained, its parameters written in
    QStringList plan;          // EXPLAIN's text lines
    int partitions = 0;        // partitions the table has (1: the heap before the swap)
    int partitionsScanned = 0; // of them in the plan
    // The read names a range of created: the partitions that overlap it (the others must be pruned); -1 for a
    // read without a bound (the queue reads every partition through its partial index).
    int partitionsInRange = -1;
    bool boundedByCreated() const { return partitionsInRange >= 0; }
    bool pruned() const { return boundedByCreated() && partitionsScanned <= partitionsInRange; }
};

// What the measured rates make of the whole backlog and of the weeks after it, per dataset.
struct RehearsalProjection {
    RetentionDataset dataset = RetentionDataset::Currency;
    qint64 backlogRows = 0;          // rows older than the dataset's window at the rehearsal's clock
    double backlogHours = -1;        // at the measured seconds per row of its chain; -1 unknown
    qint64 rowsPerWeek = 0;          // the last four weeks' rows / 4
    double archiveBytesPerWeek = -1; // at the measured compressed bytes per row; -1 unknown
    qint64 backlogArchiveBytes = -1;
    qint64 tierBytesNow = 0;               // what the archive's tier holds now
    qint64 budgetBytes = 0;                // 0: no budget set
    std::optional<Micros> budgetReachedAt; // when the tier reaches the budget at these rates
};

// The record's measure, its verdict and why.
struct RehearsalVerdict {
    QString
        measure; // "swap_lock", "rollup_export_throughput", "checkpoint_cost", "query_plans", "restore_time"
    QString wording; // the decision record's words
    bool go = false;
    QString why;
};

struct KudosRehearsalRequest {
    QString conninfo;   // the restored copy
    QString copyName;   // --copy: must equal the connected database's name
    QString archiveUrl; // "": a scratch archive of the rehearsal's own, initialised and removed after
    KudosSettings settings;
    double maxLockMillis = 1000; // KUDOS_REHEARSAL_MAX_LOCK_MS (KudosSettings::rehearsalMaxLockMillis)
    Micros now = 0;              // the rehearsal's clock; ahead of the server's is allowed (a copy)
    // Where the scratch archive and restore files go (a private folder of the run's own under it); "":
    // $TMPDIR.
    QString scratchBase;
    // Called around the commit of each action of the ranges' chains (RetentionOptions::onCommit): a test
    // changes the archive between two actions with it.
    std::function<void(const RetentionAction&, FaultPoint)> onCommit;

    // Throws Error(Usage): no copy named, a lock limit not above 0.
    void validate() const;
};

struct KudosRehearsalReport {
    QString database; // the copy as connected
    QString archive;  // the archive written to, as described
    bool scratchArchive = true;
    Micros now = 0;
    Micros serverNow = 0;
    double maxLockMillis = 0;
    RehearsalSwap swap;
    std::vector<RehearsalRange> ranges; // one per dataset with an eligible range
    std::vector<RehearsalQueryPlan> plans;
    std::vector<RehearsalProjection> projections;
    std::vector<RehearsalVerdict> verdicts;
    QStringList changes; // what the rehearsal changed on the copy, in words
    QStringList warnings;
    bool cancelled = false;
    double seconds = 0;

    bool go() const; // every verdict go (and not cancelled)
    // 0 go, 1 not yet, 75 cancelled.
    int exitCode() const;
    QJsonObject toJson() const;
    QString toText() const; // the report as the CLI prints it and the console shows and saves it
};

// `tidemark-cli kudos rehearse` and the kudos workbench's Rehearse…: on a restored copy, what production
// will run, measured (spec: the kudos decision record's rehearsal). Refuses (Error(Refused), nothing done) a
// --copy other than the connected database, a database with other client sessions, and an --archive whose
// marker was not made for this copy. Then: the swap with a concurrent writer (when not partitioned yet), the
// application's reads explained before and after it, the first eligible range of each dataset through its
// chain (an apply of exactly those actions) with a writer during a drop, the range's object restored into a
// table and a SQLite file, the projections and the verdicts. The scratch archive and files are removed at the
// end, also on a failure or a cancel (between steps).
class KudosRehearsalJob {
  public:
    static KudosRehearsalReport run(const KudosRehearsalRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::kudos

Q_DECLARE_METATYPE(tidemark::kudos::KudosRehearsalReport)
