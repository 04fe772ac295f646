#pragma once

#include "kudosplanunits.h"
#include "planunitoutcome.h"
#include "retentionaction.h"

#include <QStringList>
#include <vector>

namespace tidemark::kudos {

// An action that ran: what it moved, what it found, how long it took.
struct RetentionStepResult {
    RetentionAction action;
    QString state;    // where the entry ended up (e.g. dump_failed instead of dumped)
    qint64 rows = 0;  // rows folded, checkpointed, stated, exported, verified or dropped
    qint64 bytes = 0; // archive object size, when there is one
    double seconds = 0;
    QString detail;
};

// Something a person should look at: unapplied rows older than the window (the projector should have
// consumed them long ago; found anew on every run), or a range whose rows, under the drop's lock, differed
// from what replaced them (recorded in kudos_retention_incidents, open until the range is dropped).
struct RetentionIncident {
    enum class Kind { UnappliedRows, ReplacementMismatch } kind = Kind::UnappliedRows;
    RetentionDataset dataset = RetentionDataset::Currency;
    QString partition;
    qint64 rows = 0;   // unapplied rows
    Micros oldest = 0; // the oldest unapplied row
    // ReplacementMismatch: the range, what differed, when it was first recorded.
    Micros lo = 0;
    Micros hi = 0;
    QString detail;
    QByteArray difference; // jsonb text
    Micros recordedAt = 0;
};

// Why a dataset's retention stopped in this run (it resumes by itself on a later run once the cause is gone).
struct RetentionAlert {
    RetentionDataset dataset = RetentionDataset::Currency;
    enum class Cause {
        ArchiveUnavailable,
        OverBudget,
        VerificationFailed,
        UnappliedRows,
        ReplacementMismatch,
        DrillOverdue, // no restore drill passed lately (ArchiveDrillHistory::overdue): retention goes on
        Failed
    } cause = Cause::Failed;
    QString message;
    bool retryable() const { return cause == Cause::ArchiveUnavailable; }
    // Whether the dataset's retention waits for it: all but an overdue drill (and an unreachable archive,
    // which stops only what needs the archive).
    bool stopsRetention() const { return cause != Cause::ArchiveUnavailable && cause != Cause::DrillOverdue; }
};

struct RetentionReport {
    std::vector<RetentionStepResult> done;
    // What is still to do now: in a dry run, every action the run would take, in its order (each eligible
    // range's whole chain, up to where a dataset would stop: those stops are among the alerts).
    std::vector<RetentionAction> remaining;
    // A dry run with collectUnits: `remaining` with each action's rows and the digest of the rows it reads.
    KudosPlanUnits units;
    // An apply (a plan given): one outcome per action of the plan, in plan order, and the plan's sha256.
    std::vector<PlanUnitOutcome> unitOutcomes;
    QString planSha256;
    bool applied = false; // the report of an apply
    std::vector<RetentionIncident> incidents;
    std::vector<RetentionAlert> alerts;
    QStringList partitionsCreated;
    int catalogRowsAdded = 0;
    qint64 keysExpired = 0;
    bool lockBusy = false; // another job holds the retention lock; nothing was done
    // Stopped by the feedback between two actions or between the units of one (an object verified before a
    // drop, a chunk of an export): `done` holds what was committed, an interrupted action is rolled back.
    bool cancelled = false;
    Micros serverNow = 0;         // the database server's now() when the job began
    double clockAheadSeconds = 0; // how far the job's clock was ahead of it (negative: behind)
    bool clockOverride = false;   // more than 5 minutes ahead, run anyway (RetentionOptions::allowClockAhead)
    double dropLockSeconds = 0;   // the longest parent lock a drop held (detach: granted → commit)
    double dropCheckSeconds = 0;  // the drops' comparisons of their rows with the replacements, in all
    bool dryRun = false;
    // What a front end must show besides the alerts and incidents (a clock check overridden, metrics that
    // could not be written): the CLI prints them as warnings, the console shows them with the report.
    QStringList warnings;

    // The exit status of the run, as `tidemark-cli kudos retain` exits and its metrics record it: 75 (retry)
    // when another job held the lock, only the archive was unreachable or the run was cancelled (what it did
    // is committed, the rest waits), 1 when a dataset stopped for any other reason, 0 otherwise. An apply:
    // 1 when an action was stale or a dataset stopped for a reason other than the archive, else 75 when an
    // action was left (a cancel, the lock, the archive), else 0.
    int count(PlanUnitOutcome::Status status) const;
    int exitCode() const;
};

} // namespace tidemark::kudos
