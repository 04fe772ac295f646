// The kudos retention job's apply: exactly the actions of a plan, in its order, each re-checked after its
// locks in the transaction that changes it (RetentionJob's fourth file; spec/operations.md, "Plans that are
// applied exactly").
#include "retentionjob.h"

#include "kudospartitions.h"
#include "pgconnection.h"
#include "rangedigest.h"
#include "retentionstop.h"
#include "taskfeedback.h"

#include <QHash>
#include <QSet>
#include <algorithm>

namespace tidemark::kudos {

namespace {

// The order of the states; dumped and dump_failed are one step (a drop starts from either).
int rankOf(RetentionDataset dataset, const QString& state) {
    if (dataset == RetentionDataset::Statistics && state == QLatin1String("dump_failed"))
        return 2;
    if (dataset == RetentionDataset::Statistics && state == QLatin1String("dropped"))
        return 3;
    return int(statesOf(dataset).indexOf(state));
}

QString rangeKey(const CatalogEntry& e) {
    return datasetName(e.dataset) + QString::number(e.lo) + QLatin1Char('/') + QString::number(e.hi);
}

bool needsArchive(const RetentionAction& a) {
    return a.entry.dataset == RetentionDataset::Currency || a.to == QLatin1String("dumped");
}

qint64 rowsOfDigest(const QString& digest) {
    return digest.section(QLatin1Char(':'), 0, 0).toLongLong();
}

PlanUnitOutcome outcome(const PlannedAction& planned, PlanUnitOutcome::Status status, const QString& detail) {
    return {status, planned.toJson(), detail};
}

} // namespace

void RetentionJob::recheckPlanned(const RetentionAction& action) {
    if (!m_planned)
        return;
    const CatalogEntry& e = action.entry;
    const PgResult row =
        m_db.exec(QStringLiteral("SELECT state FROM kudos_retention_catalog WHERE dataset = $1"
                                 " AND lo = $2::timestamp AND hi = $3::timestamp FOR UPDATE"),
                  {datasetName(e.dataset), utcParam(e.lo), utcParam(e.hi)});
    if (row.rows() == 0)
        throw StalePlanAction(QStringLiteral("the catalog no longer holds the range"));
    if (row.text(0, 0) != e.state)
        throw StalePlanAction(QStringLiteral("the catalog state of the range is %1, the plan's is %2")
                                  .arg(row.text(0, 0), m_planned->action.entry.state));
    const RowsDigest now = RangeDigest(m_db).of(action);
    if (now.text() != m_planned->digest)
        throw StalePlanAction(
            QStringLiteral("rows of the range changed since the plan (%1 row(s) then, %2 now)")
                .arg(rowsOfDigest(m_planned->digest))
                .arg(now.rows));
}

void RetentionJob::recheckPlannedAlone(const RetentionAction& action) {
    if (!m_planned)
        return;
    beginTransaction("REPEATABLE READ");
    recheckPlanned(action);
    m_transaction.reset(); // read only: rolled back
}

void RetentionJob::applyPlan(Micros now, TaskFeedback& feedback, RetentionReport& report) {
    const KudosPlanUnits& plan = *m_options.plan;
    RetentionCatalog catalog(m_db);
    // The plan's ranges whose catalog rows its dry run only counted: added (pending), and no other.
    std::vector<CatalogEntry> add;
    for (const CatalogEntry& e : catalog.missing(listAllPartitions(m_db), m_settings))
        if (std::any_of(plan.actions.begin(), plan.actions.end(),
                        [&](const PlannedAction& p) { return p.action.entry.sameKey(e); }))
            add.push_back(e);
    report.catalogRowsAdded = catalog.add(add);

    // Ages by the server's clock, unless a rehearsal allows the job's clock ahead of it.
    const Micros clock = m_options.allowClockAhead ? now : report.serverNow;
    QSet<QString> staleRanges;
    QHash<QString, QString> leftRanges;
    QHash<int, QString> stopped; // by dataset: why its retention stopped in this apply
    QString leftAll;             // a cancel: every action not begun is left
    const size_t total = plan.actions.size();
    for (size_t i = 0; i < total; ++i) {
        const PlannedAction& planned = plan.actions[i];
        const CatalogEntry& e = planned.action.entry;
        const QString key = rangeKey(e);
        PlanUnitOutcome out;
        if (!leftAll.isEmpty()) {
            out = outcome(planned, PlanUnitOutcome::Status::Left, leftAll);
        } else if (stopped.contains(int(e.dataset))) {
            out = outcome(planned, PlanUnitOutcome::Status::Left, stopped.value(int(e.dataset)));
        } else if (staleRanges.contains(key)) {
            out = outcome(planned, PlanUnitOutcome::Status::Stale,
                          QStringLiteral("after a stale action of this range"));
        } else if (leftRanges.contains(key)) {
            out = outcome(planned, PlanUnitOutcome::Status::Left,
                          QStringLiteral("after a left action of this range: %1").arg(leftRanges.value(key)));
        } else {
            feedback.reportProgress(double(i) / double(total),
                                    QStringLiteral("%1 %2").arg(planned.action.verb(), e.describe()));
            if (!feedback.checkpoint()) {
                report.cancelled = true;
                leftAll = QStringLiteral("cancelled before it began");
                out = outcome(planned, PlanUnitOutcome::Status::Left, leftAll);
            } else {
                const size_t alerts = report.alerts.size();
                out = applyOne(planned, now, clock, feedback, report);
                if (out.status == PlanUnitOutcome::Status::Stale)
                    staleRanges.insert(key);
                if (out.status == PlanUnitOutcome::Status::Left) {
                    leftRanges.insert(key, out.detail);
                    if (report.cancelled)
                        leftAll = QStringLiteral("cancelled before it began");
                    else if (report.alerts.size() > alerts && report.alerts.back().stopsRetention())
                        stopped.insert(int(e.dataset),
                                       QStringLiteral("%1 retention stopped: %2")
                                           .arg(datasetName(e.dataset), report.alerts.back().message));
                }
            }
        }
        report.unitOutcomes.push_back(std::move(out));
    }
}

PlanUnitOutcome RetentionJob::applyOne(const PlannedAction& planned, Micros now, Micros clock,
                                       TaskFeedback& feedback, RetentionReport& report) {
    const CatalogEntry& p = planned.action.entry;
    RetentionCatalog catalog(m_db);
    const std::optional<CatalogEntry> current = catalog.entry(p.dataset, p.lo, p.hi);
    if (!current)
        return outcome(planned, PlanUnitOutcome::Status::Stale,
                       QStringLiteral("the catalog holds no such range"));
    if (current->partition != p.partition)
        return outcome(
            planned, PlanUnitOutcome::Status::Stale,
            QStringLiteral("the range is in %1 now, not in %2").arg(current->partition, p.partition));
    const int was = rankOf(p.dataset, p.state);
    const int is = rankOf(p.dataset, current->state);
    if (is > was)
        return outcome(planned, PlanUnitOutcome::Status::Done,
                       QStringLiteral("the catalog state is already %1").arg(current->state));
    if (is < was)
        return outcome(planned, PlanUnitOutcome::Status::Stale,
                       QStringLiteral("the catalog state of the range is %1, the plan's is %2")
                           .arg(current->state, p.state));
    const Micros window =
        p.dataset == RetentionDataset::Currency ? m_settings.currencyWindow() : m_settings.statsWindow();
    if (p.hi > clock - window)
        return outcome(
            planned, PlanUnitOutcome::Status::Stale,
            QStringLiteral("not eligible by the server's clock: the range ends at %1, after %2 (%3 "
                           "minus the window)")
                .arg(formatIsoTimestamp(p.hi), formatIsoTimestamp(clock - window),
                     formatIsoTimestamp(clock)));
    const RetentionAction action{*current, planned.action.to};
    if (action.to == QLatin1String("dropped"))
        for (const CatalogEntry& e : catalog.entries())
            if (e.dataset == p.dataset && e.partition == p.partition && e.state != QLatin1String("dropped") &&
                (p.subrange || e.sameKey(p)) && (!isReadyToDrop(e.dataset, e.state) || e.hi > clock - window))
                return outcome(planned, PlanUnitOutcome::Status::Stale,
                               QStringLiteral("%1 is %2, not ready to drop with the partition")
                                   .arg(e.describe(), e.state));
    // The first partition drops with all its sub-ranges: a plan cut down to some of them (the catalog holds
    // only the rows the plan added) must not take the others' rows with it.
    if (action.to == QLatin1String("dropped") && p.subrange) {
        std::vector<KudosPartition> partition;
        for (const KudosPartition& k : listAllPartitions(m_db))
            if (k.name == p.partition)
                partition.push_back(k);
        const std::vector<CatalogEntry> missing = catalog.missing(partition, m_settings);
        if (!missing.empty())
            return outcome(
                planned, PlanUnitOutcome::Status::Stale,
                QStringLiteral("the catalog does not hold %1 sub-range(s) of %2 yet (the first: %3); "
                               "the partition drops only with every sub-range replaced")
                    .arg(missing.size())
                    .arg(p.partition, missing.front().describe()));
    }
    if (!m_store && needsArchive(action))
        return outcome(planned, PlanUnitOutcome::Status::Left,
                       QStringLiteral("the archive is not reachable (%1)")
                           .arg(m_storeProblem.isEmpty() ? QStringLiteral("no archive") : m_storeProblem));

    m_planned = &planned;
    PlanUnitOutcome out;
    try {
        RetentionStepResult result = execute(action, now, feedback);
        out = outcome(planned, PlanUnitOutcome::Status::Applied, result.detail);
        report.done.push_back(std::move(result));
    } catch (const StalePlanAction& stale) {
        m_transaction.reset();
        m_db.rollbackQuietly();
        out = outcome(planned, PlanUnitOutcome::Status::Stale, stale.message());
    } catch (const Error& error) {
        m_transaction.reset();
        m_db.rollbackQuietly();
        if (error.kind() == Error::Kind::Cancelled) {
            report.cancelled = true;
            out = outcome(planned, PlanUnitOutcome::Status::Left,
                          QStringLiteral("cancelled: %1").arg(error.message()));
        } else {
            report.alerts.push_back(
                {action.entry.dataset, alertCauseOf(error, action),
                 QStringLiteral("%1 %2: %3").arg(action.verb(), action.entry.describe(), error.message())});
            catalog.setError(action.entry, error.message());
            out = outcome(planned, PlanUnitOutcome::Status::Left, error.message());
        }
    }
    m_planned = nullptr;
    return out;
}

void RetentionJob::recordApply(RetentionReport& report) {
    try {
        m_db.exec(
            QStringLiteral("INSERT INTO kudos_retention_applies (plan_sha256, started_at, applied, done,"
                           " stale, left_over, exit_code) VALUES ($1, $2::timestamp, $3, $4, $5, $6, $7)"),
            {report.planSha256, utcParam(report.serverNow), report.count(PlanUnitOutcome::Status::Applied),
             report.count(PlanUnitOutcome::Status::Done), report.count(PlanUnitOutcome::Status::Stale),
             report.count(PlanUnitOutcome::Status::Left), report.exitCode()});
    } catch (const Error& error) {
        report.warnings << QStringLiteral(
                               "the apply of plan %1 was not recorded in kudos_retention_applies: %2")
                               .arg(report.planSha256, error.message());
    }
}

} // namespace tidemark::kudos
