#include "retentionplan.h"

#include "displayformat.h"

namespace tidemark {

QString planDatasetName(WorkspaceDataset dataset) {
    switch (dataset) {
    case WorkspaceDataset::Positions:
        return QStringLiteral("positions");
    case WorkspaceDataset::Kudos:
        return QStringLiteral("kudos");
    case WorkspaceDataset::Tracks:
        return QStringLiteral("tracks");
    }
    return {};
}

namespace {

template <class Plan>
bool sectionFailed(const PlanSection<Plan>& section, WorkspaceDataset dataset,
                   std::vector<PlanAlert>& alerts) {
    if (section.configured && !section.unitsProblem.isEmpty())
        alerts.push_back(
            {dataset, QStringLiteral("%1: %2").arg(planDatasetName(dataset), section.unitsProblem), {}});
    if (!section.configured || section.error.isEmpty())
        return !section.configured;
    alerts.push_back({dataset, QStringLiteral("%1: %2").arg(planDatasetName(dataset), section.error), {}});
    return true;
}

} // namespace

// What needs a person: a dataset that could not be planned (its server or file is named), a mower a round
// would skip, a kudos incident, a range whose last step failed, or a retention alert (a tier stopped at its
// budget, an overdue drill, an unreachable archive, unapplied rows that stop a drop), a tracks file at or
// above ADR-005's 2 GB, a tracks import whose last run failed, a section that cannot be planned for an apply.
// A backlog, however long, is work, not an alert.
void RetentionPlan::collectAlerts() {
    alerts.clear();
    if (!sectionFailed(positions, WorkspaceDataset::Positions, alerts))
        for (const positions::MowerFailure& f : positions.plan.failures)
            alerts.push_back({WorkspaceDataset::Positions, QStringLiteral("positions: %1").arg(f.reason),
                              f.mowerId.isNull() ? QString() : f.mowerId.toString(QUuid::WithoutBraces)});
    if (!sectionFailed(kudos, WorkspaceDataset::Kudos, alerts)) {
        for (const kudos::RetentionIncident& i : kudos.plan.incidents)
            alerts.push_back(
                {WorkspaceDataset::Kudos,
                 i.kind == kudos::RetentionIncident::Kind::UnappliedRows
                     ? QStringLiteral("kudos: %1 holds %2 unapplied row(s) older than the window, the oldest "
                                      "from %3")
                           .arg(i.partition)
                           .arg(i.rows)
                           .arg(formatIsoTimestamp(i.oldest))
                     : QStringLiteral("kudos: %1 [%2, %3) was not dropped: its rows differ from their "
                                      "replacement (%4)")
                           .arg(i.partition, formatIsoTimestamp(i.lo), formatIsoTimestamp(i.hi), i.detail),
                 i.partition});
        for (const kudos::CatalogEntry& e : kudos.plan.failedSteps)
            alerts.push_back({WorkspaceDataset::Kudos,
                              QStringLiteral("kudos: the last step of %1 (from %2) failed: %3")
                                  .arg(e.describe(), e.state, e.error),
                              e.partition});
        for (const kudos::RetentionAlert& a : kudos.plan.alerts)
            alerts.push_back({WorkspaceDataset::Kudos,
                              QStringLiteral("kudos %1: %2").arg(kudos::datasetName(a.dataset), a.message),
                              {}});
    }
    if (!sectionFailed(tracks, WorkspaceDataset::Tracks, alerts)) {
        const TracksPlan& t = tracks.plan;
        if (t.aboveAlert && !t.postgis)
            alerts.push_back(
                {WorkspaceDataset::Tracks,
                 QStringLiteral("tracks: %1 is %2, at or above ADR-005's %3")
                     .arg(t.storeName, display::size(t.bytes), display::size(TracksPlan::kAlertBytes)),
                 {}});
        if (t.lastImport && (t.lastImport->status == QLatin1String("failed") ||
                             t.lastImport->status == QLatin1String("stopped")))
            alerts.push_back({WorkspaceDataset::Tracks,
                              QStringLiteral("tracks: the last import (%1, %2) %3: %4")
                                  .arg(t.lastImport->source, t.lastImport->startedAt,
                                       t.lastImport->status == QLatin1String("stopped")
                                           ? QStringLiteral("was stopped before its end")
                                           : QStringLiteral("failed"),
                                       t.lastImport->error),
                              {}});
    }
}

} // namespace tidemark
