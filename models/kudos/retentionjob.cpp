#include "retentionjob.h"

#include "archivedrillhistory.h"
#include "archivestore.h"
#include "clockcheck.h"
#include "error.h"
#include "kudospartitions.h"
#include "ledgercheckpoint.h"
#include "ledgerstatements.h"
#include "lockingtransaction.h"
#include "partitiondrop.h"
#include "retentionstop.h"
#include "statrollup.h"
#include "taskfeedback.h"

#include <QElapsedTimer>
#include <QSet>
#include <algorithm>

namespace tidemark::kudos {

namespace {

// The state an entry moves to next (for a drop: "dropped").
QString nextState(const CatalogEntry& e) {
    const QString& s = e.state;
    if (e.dataset == RetentionDataset::Statistics) {
        if (s == QLatin1String("pending"))
            return QStringLiteral("rolled_up");
        if (s == QLatin1String("rolled_up"))
            return QStringLiteral("dumped");
        return QStringLiteral("dropped");
    }
    static const QStringList order = statesOf(RetentionDataset::Currency);
    const qsizetype at = order.indexOf(s);
    return at >= 0 && at + 1 < order.size() ? order.at(at + 1) : QStringLiteral("dropped");
}

} // namespace

RetentionAlert::Cause alertCauseOf(const Error& error, const RetentionAction& action) {
    if (error.kind() == Error::Kind::Connection && action.to != QLatin1String("rolled_up") &&
        action.to != QLatin1String("checkpointed") && action.to != QLatin1String("stated"))
        return RetentionAlert::Cause::ArchiveUnavailable;
    if (const auto* stop = dynamic_cast<const RetentionStop*>(&error)) {
        switch (stop->reason()) {
        case RetentionStop::Reason::OverBudget:
            return RetentionAlert::Cause::OverBudget;
        case RetentionStop::Reason::UnappliedRows:
            return RetentionAlert::Cause::UnappliedRows;
        case RetentionStop::Reason::ReplacementMismatch:
            return RetentionAlert::Cause::ReplacementMismatch;
        }
    }
    if (action.to == QLatin1String("verified") || action.to == QLatin1String("dropped"))
        return RetentionAlert::Cause::VerificationFailed;
    return RetentionAlert::Cause::Failed;
}

RetentionJob::RetentionJob(PgConnection& db, archive::ArchiveStore* store, KudosSettings settings,
                           RetentionOptions options)
    : m_db(db), m_store(store), m_settings(settings), m_options(std::move(options)) {}

RetentionJob::~RetentionJob() = default;

RetentionReport RetentionJob::step(Micros now, TaskFeedback& feedback) {
    return work(now, 1, feedback);
}

RetentionReport RetentionJob::run(Micros now, TaskFeedback& feedback) {
    return work(now, -1, feedback);
}

RetentionReport RetentionJob::step(Micros now) {
    TaskFeedback feedback;
    return step(now, feedback);
}

RetentionReport RetentionJob::run(Micros now) {
    TaskFeedback feedback;
    return run(now, feedback);
}

void RetentionJob::beginTransaction(const char* isolation) {
    m_transaction.emplace(m_db, lockTimeoutOptions(m_settings.lockTimeoutSeconds, QLatin1String(isolation)));
}

void RetentionJob::commit(const RetentionAction& action) {
    notify(action, FaultPoint::BeforeCommit);
    m_transaction->commit();
    notify(action, FaultPoint::AfterCommit);
}

void RetentionJob::notify(const RetentionAction& action, FaultPoint point) {
    if (m_options.onCommit)
        m_options.onCommit(action, point);
}

void RetentionJob::checkClock(Micros now, RetentionReport& report) {
    report.serverNow = m_db.serverNow();
    const ClockCheck clock{QStringLiteral("the kudos retention job's clock"), now,
                           QStringLiteral("the database server's now()"), report.serverNow};
    report.clockAheadSeconds = double(clock.ahead()) / kMicrosPerSecond;
    clock.require(
        m_options.allowClockAhead,
        QStringLiteral("idempotency keys would expire early (a retried transfer would debit twice), "
                       "rows written moments ago would count as incidents and ranges the server "
                       "has not reached would be dropped"),
        QStringLiteral("tidemark-cli kudos retain --allow-clock-ahead, for a rehearsal on a copy"));
    report.clockOverride = clock.tooFarAhead();
}

std::vector<CatalogEntry> RetentionJob::housekeeping(Micros now, RetentionReport& report) {
    if (!m_options.dryRun) {
        report.partitionsCreated = ensurePartitionsAhead(m_db, m_settings, now);
        // A key lives for the window by the server's clock, whatever the job's clock says.
        const Micros keyClock = std::min(now, report.serverNow);
        report.keysExpired = m_db.exec(QStringLiteral("SELECT kudos_expire_idempotency_keys($1::timestamp)"),
                                       {utcParam(keyClock - m_settings.currencyWindow())})
                                 .toLong(0, 0);
    }
    RetentionCatalog catalog(m_db);
    const auto missing = catalog.missing(listAllPartitions(m_db), m_settings);
    report.catalogRowsAdded = m_options.dryRun ? static_cast<int>(missing.size()) : catalog.add(missing);
    report.incidents = incidents(m_db, m_settings, now);
    return missing;
}

std::vector<RetentionIncident> RetentionJob::incidents(PgConnection& db, const KudosSettings& settings,
                                                       Micros now) {
    std::vector<RetentionIncident> list;
    for (RetentionDataset dataset : {RetentionDataset::Currency, RetentionDataset::Statistics}) {
        const Micros cutoff = now - (dataset == RetentionDataset::Currency ? settings.currencyWindow()
                                                                           : settings.statsWindow());
        const PgResult r = db.exec(QStringLiteral("SELECT tableoid::regclass::text, count(*), %1 FROM %2"
                                                  " WHERE NOT applied AND created < $1::timestamp GROUP BY 1"
                                                  " ORDER BY 3")
                                       .arg(microsOf(QStringLiteral("min(created)")), datasetTable(dataset)),
                                   {utcParam(cutoff)});
        for (int i = 0; i < r.rows(); ++i) {
            RetentionIncident incident;
            incident.dataset = dataset;
            incident.partition = r.text(i, 0);
            incident.rows = r.toLong(i, 1);
            incident.oldest = r.toLong(i, 2);
            list.push_back(incident);
        }
    }
    const PgResult recorded = db.exec(
        QStringLiteral("SELECT dataset, partition_name, %1, %2, detail, difference::text, %3"
                       " FROM kudos_retention_incidents WHERE resolved_at IS NULL ORDER BY dataset, lo")
            .arg(microsOf(QStringLiteral("lo")), microsOf(QStringLiteral("hi")),
                 microsOf(QStringLiteral("recorded_at"))));
    for (int i = 0; i < recorded.rows(); ++i) {
        RetentionIncident incident;
        incident.kind = RetentionIncident::Kind::ReplacementMismatch;
        incident.dataset = datasetFromName(recorded.text(i, 0));
        incident.partition = recorded.text(i, 1);
        incident.lo = recorded.toLong(i, 2);
        incident.hi = recorded.toLong(i, 3);
        incident.detail = recorded.text(i, 4);
        incident.difference = recorded.text(i, 5).toUtf8();
        incident.recordedAt = recorded.toLong(i, 6);
        list.push_back(incident);
    }
    return list;
}

namespace {

// The plan of RetentionJob::plan() on values: `archiveReachable` is whether the job has a store.
std::vector<RetentionAction> planActions(const std::vector<CatalogEntry>& entries,
                                         const KudosSettings& settings, Micros now,
                                         const std::vector<RetentionAlert>& alerts, bool archiveReachable,
                                         bool dryRun) {
    std::vector<RetentionAction> actions;
    for (RetentionDataset dataset : {RetentionDataset::Statistics, RetentionDataset::Currency}) {
        const bool stopped = std::any_of(alerts.begin(), alerts.end(), [&](const RetentionAlert& a) {
            return a.dataset == dataset && a.stopsRetention();
        });
        const bool archiveDown =
            !archiveReachable || std::any_of(alerts.begin(), alerts.end(), [&](const RetentionAlert& a) {
                return a.dataset == dataset && a.cause == RetentionAlert::Cause::ArchiveUnavailable;
            });
        if (stopped || (archiveDown && dataset == RetentionDataset::Currency && !dryRun))
            continue;
        std::vector<const CatalogEntry*> lane;
        for (const CatalogEntry& e : entries)
            if (e.dataset == dataset && e.state != QLatin1String("dropped"))
                lane.push_back(&e);
        const Micros limit = now - (dataset == RetentionDataset::Currency ? settings.currencyWindow()
                                                                          : settings.statsWindow());
        bool blockedAhead = false; // an earlier entry waits (e.g. for the archive): only rollups may go on
        for (size_t i = 0; i < lane.size(); ++i) {
            const CatalogEntry& e = *lane[i];
            if (e.hi > limit)
                break;
            if (isReadyToDrop(dataset, e.state)) {
                if (blockedAhead)
                    break;
                if (!e.subrange) {
                    actions.push_back({e, QStringLiteral("dropped")});
                    break;
                }
                // A sub-range: the partition's single DROP waits for all its sub-ranges.
                bool groupReady = true;
                for (const CatalogEntry* other : lane)
                    if (other->partition == e.partition &&
                        (other->hi > limit || !isReadyToDrop(dataset, other->state)))
                        groupReady = false;
                if (groupReady) {
                    actions.push_back({e, QStringLiteral("dropped")});
                    break;
                }
                continue;
            }
            const QString to = nextState(e);
            const bool needsArchive = to == QLatin1String("dumped") || to == QLatin1String("exported") ||
                                      to == QLatin1String("verified");
            if (needsArchive && archiveDown && !dryRun) {
                blockedAhead = true; // statistic dumps wait; later partitions may still roll up
                continue;
            }
            if (blockedAhead && to != QLatin1String("rolled_up"))
                continue;
            actions.push_back({e, to});
            if (!dryRun || !blockedAhead)
                break;
        }
    }
    std::stable_sort(actions.begin(), actions.end(), [](const RetentionAction& a, const RetentionAction& b) {
        return a.entry.lo < b.entry.lo;
    });
    return actions;
}

} // namespace

std::vector<RetentionAction> RetentionJob::plan(const std::vector<CatalogEntry>& entries, Micros now,
                                                const std::vector<RetentionAlert>& alerts) const {
    return planActions(entries, m_settings, now, alerts, m_store != nullptr, m_options.dryRun);
}

RetentionRunPlan RetentionJob::planRun(std::vector<CatalogEntry> entries, const KudosSettings& settings,
                                       Micros now,
                                       const std::function<QString(const RetentionAction&)>& refused,
                                       bool archiveReachable, const std::vector<RetentionAlert>& alerts) {
    RetentionRunPlan run;
    std::vector<RetentionAlert> seen = alerts; // the run's alerts and the stops found so far
    // Each action moves one entry one state on (a drop: its group to dropped), so this ends; the bound is a
    // guard against a plan that would not.
    const size_t bound = 8 * entries.size() + 8;
    while (run.actions.size() + run.stops.size() < bound) {
        const std::vector<RetentionAction> next =
            planActions(entries, settings, now, seen, archiveReachable, false);
        if (next.empty())
            break;
        const RetentionAction& action = next.front();
        const QString why = refused ? refused(action) : QString();
        if (!why.isEmpty()) {
            run.stops.push_back(
                {action.entry.dataset, RetentionAlert::Cause::Failed,
                 QStringLiteral("%1 %2: %3").arg(action.verb(), action.entry.describe(), why)});
            seen.push_back(run.stops.back());
            continue;
        }
        run.actions.push_back(action);
        const bool drop = action.to == QLatin1String("dropped");
        for (CatalogEntry& e : entries)
            if (e.dataset == action.entry.dataset && e.state != QLatin1String("dropped") &&
                (e.sameKey(action.entry) ||
                 (drop && action.entry.subrange && e.partition == action.entry.partition)))
                e.state = action.to;
    }
    return run;
}

RetentionReport RetentionJob::work(Micros now, int maxActions, TaskFeedback& feedback) {
    RetentionReport report;
    report.dryRun = m_options.dryRun;
    report.applied = m_options.plan.has_value() && !m_options.dryRun;
    report.planSha256 = m_options.planSha256;
    m_dropLockSeconds = m_dropCheckSeconds = 0;
    checkClock(now, report);
    std::optional<AdvisoryLockGuard> lock;
    if (!m_options.dryRun) {
        lock.emplace(m_db, kAdvisoryLock);
        if (!lock->held()) {
            report.lockBusy = true;
            return report;
        }
    }

    if (report.applied) {
        // Apply changes nothing the plan does not list: no partitions ahead, no key expiry, and only the
        // plan's own missing catalog rows (applyPlan); incidents and alerts are read as in a run.
        report.incidents = incidents(m_db, m_settings, now);
    }
    const std::vector<CatalogEntry> missing =
        report.applied ? std::vector<CatalogEntry>{} : housekeeping(now, report);
    if (!m_store)
        for (RetentionDataset dataset : {RetentionDataset::Currency, RetentionDataset::Statistics})
            report.alerts.push_back(
                {dataset, RetentionAlert::Cause::ArchiveUnavailable,
                 QStringLiteral("the archive is not reachable (%1): %2 wait")
                     .arg(m_storeProblem.isEmpty() ? QStringLiteral("no archive") : m_storeProblem,
                          dataset == RetentionDataset::Currency
                              ? QStringLiteral("currency retention and its drops")
                              : QStringLiteral("statistic dumps and drops"))});
    RetentionCatalog catalog(m_db);
    if (m_options.dryRun) {
        // The catalog as the housekeeping would have left it.
        try {
            planDryRun(withMissing(catalog.entries(), missing), now, maxActions, feedback, report);
        } catch (const Error& error) {
            if (error.kind() != Error::Kind::Cancelled)
                throw;
            report.cancelled = true;
            report.units = {};
        }
        return report;
    }
    if (report.applied) {
        applyPlan(now, feedback, report);
        for (RetentionAlert& overdue :
             ArchiveDrillHistory(m_db).overdue(m_settings, std::min(now, report.serverNow)))
            report.alerts.push_back(std::move(overdue));
        report.dropLockSeconds = m_dropLockSeconds;
        report.dropCheckSeconds = m_dropCheckSeconds;
        recordApply(report);
        return report;
    }
    for (int done = 0; maxActions < 0 || done < maxActions; ++done) {
        const std::vector<RetentionAction> next = plan(catalog.entries(), now, report.alerts);
        if (next.empty())
            break;
        feedback.reportProgress(
            double(done) / double(done + next.size()),
            QStringLiteral("%1 %2").arg(next.front().verb(), next.front().entry.describe()));
        if (!feedback.checkpoint()) {
            report.cancelled = true;
            break;
        }
        const RetentionAction& action = next.front();
        try {
            report.done.push_back(execute(action, now, feedback));
        } catch (const Error& error) {
            m_transaction.reset(); // rolls back what the action began
            m_db.rollbackQuietly();
            if (error.kind() == Error::Kind::Cancelled) {
                // Between two units of the action: nothing of it was committed, and nothing went wrong.
                report.cancelled = true;
                break;
            }
            const RetentionAlert alert{
                action.entry.dataset, alertCauseOf(error, action),
                QStringLiteral("%1 %2: %3").arg(action.verb(), action.entry.describe(), error.message())};
            report.alerts.push_back(alert);
            catalog.setError(action.entry, error.message());
        }
    }
    // Drills are their own job; here only whether one passed lately, by the earlier of the two clocks (a
    // rehearsal's clock ahead of the server would find every drill overdue).
    for (RetentionAlert& overdue :
         ArchiveDrillHistory(m_db).overdue(m_settings, std::min(now, report.serverNow)))
        report.alerts.push_back(std::move(overdue));
    report.remaining = plan(catalog.entries(), now, report.alerts);
    report.dropLockSeconds = m_dropLockSeconds;
    report.dropCheckSeconds = m_dropCheckSeconds;
    return report;
}

RetentionStepResult RetentionJob::execute(const RetentionAction& action, Micros now, TaskFeedback& feedback) {
    QElapsedTimer timer;
    timer.start();
    RetentionStepResult result;
    const QString& to = action.to;
    if (to == QLatin1String("rolled_up"))
        result = rollUp(action, now);
    else if (to == QLatin1String("dumped"))
        result = dump(action, now, feedback);
    else if (to == QLatin1String("checkpointed"))
        result = checkpoint(action);
    else if (to == QLatin1String("stated"))
        result = state(action);
    else if (to == QLatin1String("exported"))
        result = exportCurrency(action, now, feedback);
    else if (to == QLatin1String("verified"))
        result = verify(action, feedback);
    else
        result = drop(action, feedback);
    result.action = action;
    result.seconds = timer.nsecsElapsed() / 1e9;
    return result;
}

// Records the entry in its new state with the open transaction's work, commits, and says what was done.
RetentionStepResult RetentionJob::finish(const RetentionAction& action, const CatalogEntry& moved,
                                         qint64 rows, const QString& detail) {
    RetentionCatalog(m_db).advance(moved, action.entry.state);
    commit(action);
    RetentionStepResult result;
    result.state = moved.state;
    result.rows = rows;
    result.bytes = moved.objectBytes.value_or(0);
    result.detail = detail;
    return result;
}

RetentionStepResult RetentionJob::rollUp(const RetentionAction& action, Micros now) {
    // An apply reads its digest and does the work in one snapshot.
    beginTransaction(m_planned ? "REPEATABLE READ" : "READ COMMITTED");
    recheckPlanned(action);
    RollupResult rollup =
        StatRollup(m_db).rollUp(action.entry.partition, action.entry.lo, action.entry.hi, now);
    CatalogEntry e = action.entry;
    e.state = action.to;
    e.rowCount = rollup.rows;
    e.totals = rollup.totalsJson();
    return finish(action, e, rollup.rows,
                  QStringLiteral("%1 rollup rows, %2 quarantined rows moved")
                      .arg(rollup.rollupRows)
                      .arg(rollup.quarantined));
}

RetentionStepResult RetentionJob::checkpoint(const RetentionAction& action) {
    beginTransaction("REPEATABLE READ");
    recheckPlanned(action);
    const CheckpointResult cp =
        LedgerCheckpoint(m_db).checkpoint(action.entry.partition, action.entry.lo, action.entry.hi);
    CatalogEntry e = action.entry;
    e.state = action.to;
    e.rowCount = cp.rows;
    e.totals = cp.totalsJson();
    return finish(action, e, cp.rows, QStringLiteral("%1 user checkpoint(s)").arg(cp.users));
}

RetentionStepResult RetentionJob::state(const RetentionAction& action) {
    beginTransaction(m_planned ? "REPEATABLE READ" : "READ COMMITTED");
    recheckPlanned(action);
    const qint64 lines =
        LedgerStatements(m_db).write(action.entry.partition, action.entry.lo, action.entry.hi);
    CatalogEntry e = action.entry;
    e.state = action.to;
    return finish(action, e, e.rowCount.value_or(0), QStringLiteral("%1 statement line(s)").arg(lines));
}

RetentionStepResult RetentionJob::drop(const RetentionAction& action, TaskFeedback& feedback) {
    const RetentionDataset dataset = action.entry.dataset;
    std::vector<CatalogEntry> group;
    for (const CatalogEntry& e : RetentionCatalog(m_db).entries())
        if (e.dataset == dataset && e.partition == action.entry.partition &&
            e.state != QLatin1String("dropped") && (action.entry.subrange || e.sameKey(action.entry)))
            group.push_back(e);
    // Currency leaves only with a verified copy: each object is read back against its manifest right before
    // the drop, and the manifest is what the rows are compared with under the drop's lock.
    QHash<QString, archive::ArchiveManifest> manifests;
    if (dataset == RetentionDataset::Currency) {
        if (!m_store)
            throw Error(Error::Kind::Connection,
                        QStringLiteral("the archive is not reachable: %1").arg(m_storeProblem));
        for (const CatalogEntry& e : group) {
            feedback.reportProgress(double(manifests.size()) / double(group.size()),
                                    QStringLiteral("verify %1 before the drop").arg(e.archiveKey));
            if (!feedback.checkpoint())
                throw Error(Error::Kind::Cancelled,
                            QStringLiteral("cancelled before the drop of %1").arg(action.entry.partition));
            manifests.insert(e.archiveKey, checkArchived(e, false, feedback));
        }
    }
    PartitionDrop::Recheck recheck;
    if (m_planned)
        recheck = [this, &action] { recheckPlanned(action); };
    const DropOutcome outcome =
        PartitionDrop(m_db, m_settings.lockTimeoutSeconds)
            .run(
                group, manifests, [&](FaultPoint point) { notify(action, point); }, recheck);
    m_dropLockSeconds = std::max(m_dropLockSeconds, outcome.parentLockSeconds);
    m_dropCheckSeconds += outcome.checkSeconds;
    if (!outcome.mismatches.empty()) {
        QStringList problems;
        bool onlyUnapplied = true;
        for (const ReplacementMismatch& m : outcome.mismatches) {
            problems += m.problems;
            onlyUnapplied = onlyUnapplied && m.unapplied > 0 && m.problems.size() == 1;
        }
        throw RetentionStop(
            onlyUnapplied ? RetentionStop::Reason::UnappliedRows : RetentionStop::Reason::ReplacementMismatch,
            QStringLiteral(
                "%1 was not dropped: under the drop's lock its rows were not what replaced them (%2); "
                "%3")
                .arg(action.entry.partition, problems.join(QStringLiteral("; ")),
                     dataset == RetentionDataset::Statistics
                         ? QStringLiteral("the range goes back to pending and is rolled up again")
                         : QStringLiteral("it stays online as an incident until its rows equal the archived "
                                          "object again")));
    }
    RetentionStepResult result;
    result.state = QStringLiteral("dropped");
    result.rows = outcome.rows;
    result.detail = QStringLiteral("%1 dropped (%2 catalog range(s); the parent locked %3 ms)")
                        .arg(action.entry.partition)
                        .arg(group.size())
                        .arg(outcome.parentLockSeconds * 1000, 0, 'f', 1);
    return result;
}

} // namespace tidemark::kudos
