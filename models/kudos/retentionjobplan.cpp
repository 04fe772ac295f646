// The kudos retention job's dry run: every action the run would take, in its order, with its rows and the
// digest of the rows it reads when asked (RetentionJob's third file).
#include "retentionjob.h"

#include "pgconnection.h"
#include "rangedigest.h"
#include "taskfeedback.h"

#include <QHash>

namespace tidemark::kudos {

QString RetentionJob::unappliedRefusal(const RetentionAction& action) {
    const bool drop = action.to == QLatin1String("dropped");
    if (!drop && action.to != QLatin1String("rolled_up") && action.to != QLatin1String("checkpointed"))
        return {};
    // The partial index of the unapplied rows answers this without reading the partition.
    const PgResult r =
        drop ? m_db.exec(QStringLiteral("SELECT count(*) FROM %1 WHERE NOT applied")
                             .arg(pgQuoteIdentifier(action.entry.partition)))
             : m_db.exec(
                   QStringLiteral("SELECT count(*) FROM %1 WHERE NOT applied AND created >= $1::timestamp"
                                  " AND created < $2::timestamp")
                       .arg(pgQuoteIdentifier(action.entry.partition)),
                   {utcParam(action.entry.lo), utcParam(action.entry.hi)});
    const qint64 unapplied = r.toLong(0, 0);
    if (unapplied == 0)
        return {};
    return QStringLiteral("%1 holds %2 unapplied row(s): the projector has not consumed them")
        .arg(action.entry.partition)
        .arg(unapplied);
}

void RetentionJob::planDryRun(const std::vector<CatalogEntry>& entries, Micros now, int maxActions,
                              TaskFeedback& feedback, RetentionReport& report) {
    const RetentionRunPlan run = planRun(
        entries, m_settings, now, [this](const RetentionAction& a) { return unappliedRefusal(a); },
        m_store != nullptr, report.alerts);
    report.remaining = run.actions;
    if (maxActions > 0 && report.remaining.size() > size_t(maxActions))
        report.remaining.resize(size_t(maxActions));
    for (RetentionAlert stop : run.stops) {
        stop.cause = RetentionAlert::Cause::UnappliedRows;
        report.alerts.push_back(stop);
    }
    if (!m_options.collectUnits)
        return;

    // Each range is read once, whatever number of its actions the run takes: all its rows and those not
    // quarantined (what a roll-up leaves) in one scan.
    QHash<QString, RangeDigest::Range> read;
    RangeDigest digests(m_db);
    const auto rangeOf = [&](const CatalogEntry& e) -> const RangeDigest::Range& {
        const QString key =
            datasetName(e.dataset) + QString::number(e.lo) + QLatin1Char('/') + QString::number(e.hi);
        auto at = read.find(key);
        if (at == read.end()) {
            feedback.reportProgress(double(read.size()) / double(report.remaining.size() + 1),
                                    QStringLiteral("digest %1").arg(e.describe()));
            if (!feedback.checkpoint())
                throw Error(Error::Kind::Cancelled, QStringLiteral("the plan was cancelled"));
            at = read.insert(key, digests.range(e.dataset, e.partition, e.lo, e.hi));
        }
        return *at;
    };
    for (const RetentionAction& a : report.remaining) {
        PlannedAction planned;
        planned.action = a;
        const bool kept = RangeDigest::readsKeptRows(a);
        RowsDigest d;
        if (a.to == QLatin1String("dropped")) {
            // The drop reads the whole partition table: the sum of its ranges' digests.
            for (const CatalogEntry& e : entries)
                if (e.dataset == a.entry.dataset && e.partition == a.entry.partition &&
                    e.state != QLatin1String("dropped") && (a.entry.subrange || e.sameKey(a.entry)))
                    d += kept ? rangeOf(e).kept : rangeOf(e).all;
            planned.rows = d.rows;
        } else {
            const RangeDigest::Range& r = rangeOf(a.entry);
            d = kept ? r.kept : r.all;
            // A roll-up folds the rows that are not quarantined (it moves the others unchanged).
            planned.rows = a.to == QLatin1String("rolled_up") ? r.kept.rows : d.rows;
        }
        planned.digest = d.text();
        report.units.actions.push_back(std::move(planned));
    }
}

} // namespace tidemark::kudos
