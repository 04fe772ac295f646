#include "kudosforecast.h"

#include "retentionjob.h"

#include <QSet>
#include <algorithm>
#include <cmath>

namespace tidemark::kudos {

namespace {

constexpr Micros kWeek = 7 * kMicrosPerDay;

// A measured range: [lo, hi) and what it holds.
struct Sample {
    Micros lo = 0;
    Micros hi = 0;
    double value = 0; // rows or bytes
    double rows = 0;
};

// The newest samples (by hi) until they cover KudosForecast::kMeasuredWeeks weeks, or all of them.
struct Measured {
    double weeks = 0;
    double value = 0;
    double rows = 0;
    bool empty() const { return weeks <= 0; }
    double perWeek() const { return value / weeks; }
};

Measured measureNewest(std::vector<Sample> samples) {
    std::sort(samples.begin(), samples.end(), [](const Sample& a, const Sample& b) { return a.hi > b.hi; });
    Measured m;
    for (const Sample& s : samples) {
        if (m.weeks >= KudosForecast::kMeasuredWeeks)
            break;
        m.weeks += double(s.hi - s.lo) / double(kWeek);
        m.value += s.value;
        m.rows += s.rows;
    }
    return m;
}

QString budgetSetting(RetentionDataset dataset) {
    return dataset == RetentionDataset::Currency ? QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES")
                                                 : QStringLiteral("KUDOS_ARCHIVE_BUDGET_STATISTICS_BYTES");
}

qint64 budgetOf(const KudosSettings& settings, RetentionDataset dataset) {
    return dataset == RetentionDataset::Currency ? settings.currencyBudgetBytes
                                                 : settings.statisticsBudgetBytes;
}

KudosForecast::Table tableOf(const KudosForecastFacts& facts, RetentionDataset dataset) {
    KudosForecast::Table t;
    t.dataset = dataset;
    t.table = datasetTable(dataset);
    const KudosSettings& settings = facts.settings;
    t.onlineDays =
        (dataset == RetentionDataset::Currency ? settings.currencyWindowDays : settings.statsWindowDays) +
        settings.partitionDays;
    QHash<QString, qint64> partitionRows;
    QHash<QString, int> partitionRanges;
    for (const PartitionStatus& r : facts.ranges)
        if (r.dataset == dataset && r.online) {
            partitionRows[r.partition] += r.rows;
            ++partitionRanges[r.partition];
        }
    for (auto it = partitionRows.cbegin(); it != partitionRows.cend(); ++it)
        t.bytes += facts.partitionBytes.value(it.key());
    std::vector<Sample> rows, bytes;
    for (const PartitionStatus& r : facts.ranges) {
        if (r.dataset != dataset || !r.online)
            continue;
        KudosForecast::Week w;
        w.partition = r.partition;
        w.lo = r.lo;
        w.hi = r.hi;
        w.subrange = r.subrange;
        w.rows = r.rows;
        const qint64 partitionBytes = facts.partitionBytes.value(r.partition);
        if (r.subrange) {
            const qint64 all = partitionRows.value(r.partition);
            w.bytes = all > 0 ? qint64(std::llround(double(partitionBytes) * double(r.rows) / double(all)))
                              : partitionBytes / std::max(1, partitionRanges.value(r.partition));
            w.bytesEstimated = true;
        } else {
            w.bytes = partitionBytes;
        }
        w.complete = r.hi <= facts.now;
        t.rows += r.rows;
        if (w.complete) {
            rows.push_back({w.lo, w.hi, double(w.rows), double(w.rows)});
            bytes.push_back({w.lo, w.hi, double(w.bytes), double(w.rows)});
        }
        t.weeks.push_back(w);
    }
    std::sort(t.weeks.begin(), t.weeks.end(),
              [](const KudosForecast::Week& a, const KudosForecast::Week& b) { return a.lo < b.lo; });
    const Measured rowRate = measureNewest(rows);
    if (rowRate.empty()) {
        t.rateReason = QStringLiteral("no complete week of %1 online yet: no growth measured").arg(t.table);
        t.steadyStateReason = t.rateReason;
        return t;
    }
    t.weeksMeasured = rowRate.weeks;
    t.rowsPerWeek = rowRate.perWeek();
    t.bytesPerWeek = measureNewest(bytes).perWeek();
    if (*t.rowsPerWeek <= 0) {
        t.steadyStateReason = QStringLiteral("no growth: %1 holds no row in its newest %2 complete week(s)")
                                  .arg(t.table, QString::number(rowRate.weeks, 'g', 3));
        return t;
    }
    t.steadyStateRows = qint64(std::llround(*t.rowsPerWeek * t.onlineDays / 7.0));
    t.steadyStateBytes = qint64(std::llround(double(*t.steadyStateRows) * double(t.bytes) / double(t.rows)));
    return t;
}

KudosForecast::Tier tierOf(const KudosForecastFacts& facts, RetentionDataset dataset) {
    KudosForecast::Tier t;
    t.dataset = dataset;
    for (const KudosForecastFacts::TierUse& use : facts.tiers)
        if (use.dataset == dataset) {
            t.usedBytes = use.usedBytes;
            t.manifestProblems = use.manifestProblems;
        }
    std::vector<KudosForecastFacts::ArchivedObject> objects;
    for (const KudosForecastFacts::ArchivedObject& o : facts.archived)
        if (o.dataset == dataset)
            objects.push_back(o);
    std::sort(objects.begin(), objects.end(),
              [](const KudosForecastFacts::ArchivedObject& a, const KudosForecastFacts::ArchivedObject& b) {
                  return a.createdFrom != b.createdFrom ? a.createdFrom < b.createdFrom : a.key < b.key;
              });
    std::vector<Sample> samples;
    qint64 cumulative = 0;
    for (const KudosForecastFacts::ArchivedObject& o : objects) {
        cumulative += o.objectBytes;
        t.history.push_back({o.key, o.createdFrom, o.createdTo, o.rows, o.objectBytes, cumulative});
        samples.push_back({o.createdFrom, o.createdTo, double(o.objectBytes), double(o.rows)});
    }
    t.objects = int(objects.size());
    const qint64 budget = budgetOf(facts.settings, dataset);
    if (budget > 0)
        t.budgetBytes = budget;
    const Measured growth = measureNewest(samples);
    if (growth.empty()) {
        t.bytesPerWeekReason = QStringLiteral("no archived object in the %1 tier yet: no growth measured")
                                   .arg(datasetName(dataset));
    } else {
        t.weeksMeasured = growth.weeks;
        t.bytesPerWeek = growth.perWeek();
        if (growth.rows > 0)
            t.bytesPerRow = growth.value / growth.rows;
    }

    if (budget <= 0) {
        t.budgetReachedReason = QStringLiteral("no budget (%1 is 0)").arg(budgetSetting(dataset));
    } else if (t.usedBytes >= budget) {
        t.overBudget = true;
        t.budgetReachedReason =
            QStringLiteral("already at or over the budget: the tier holds %1 bytes of %2 = %3;"
                           " its next upload is refused")
                .arg(t.usedBytes)
                .arg(budgetSetting(dataset))
                .arg(budget);
    } else if (!t.bytesPerWeek) {
        t.budgetReachedReason = t.bytesPerWeekReason;
    } else if (*t.bytesPerWeek <= 0) {
        t.budgetReachedReason = QStringLiteral("no growth: the newest archived objects hold no bytes");
    } else {
        const double weeks = double(budget - t.usedBytes) / *t.bytesPerWeek;
        if (weeks * 7 > KudosForecast::kHorizonYears * 365.25)
            t.budgetReachedReason = QStringLiteral("not within %1 years at %2 bytes a week")
                                        .arg(KudosForecast::kHorizonYears)
                                        .arg(qint64(std::llround(*t.bytesPerWeek)));
        else
            t.budgetReachedOn = facts.now + Micros(std::llround(weeks * double(kWeek)));
    }
    return t;
}

KudosForecast::Rollups rollupsOf(const KudosForecastFacts& facts) {
    KudosForecast::Rollups r;
    r.bytes = facts.rollupBytes;
    std::vector<KudosForecastFacts::RollupSource> sources = facts.rollupSources;
    std::sort(sources.begin(), sources.end(),
              [](const KudosForecastFacts::RollupSource& a, const KudosForecastFacts::RollupSource& b) {
                  return a.lo < b.lo;
              });
    std::vector<Sample> samples;
    for (const KudosForecastFacts::RollupSource& s : sources) {
        r.rows += s.rows;
        r.history.push_back({s.lo, s.hi, s.rows, r.rows});
        samples.push_back({s.lo, s.hi, double(s.rows), double(s.rows)});
    }
    const Measured growth = measureNewest(samples);
    if (growth.empty()) {
        r.reason = QStringLiteral("no statistic range rolled up yet: no growth measured");
        return r;
    }
    r.weeksMeasured = growth.weeks;
    r.rowsPerWeek = growth.perWeek();
    if (r.rows > 0)
        r.bytesPerWeek = *r.rowsPerWeek * double(r.bytes) / double(r.rows);
    return r;
}

// The next run: RetentionJob::planRun on the catalog, stopped where the run would stop (unapplied rows, an
// upload over the budget by the estimate), with what each step would move.
void planNextRun(const KudosForecastFacts& facts, KudosForecast& f) {
    QHash<QString, const PartitionStatus*> rangeAt;
    for (const PartitionStatus& r : facts.ranges)
        rangeAt.insert(KudosForecastFacts::rangeKey(r.dataset, r.lo, r.hi), &r);
    const auto rangeOf = [&](const CatalogEntry& e) {
        return rangeAt.value(KudosForecastFacts::rangeKey(e.dataset, e.lo, e.hi), nullptr);
    };
    const auto group = [&](const CatalogEntry& e) {
        std::vector<const PartitionStatus*> list;
        for (const PartitionStatus& r : facts.ranges)
            if (r.dataset == e.dataset && r.online &&
                (e.subrange ? r.partition == e.partition : (r.lo == e.lo && r.hi == e.hi)))
                list.push_back(&r);
        return list;
    };
    const auto tierOfDataset = [&](RetentionDataset d) -> const KudosForecast::Tier& {
        return f.tiers[d == RetentionDataset::Currency ? 0 : 1];
    };
    const auto estimate = [&](RetentionDataset d, qint64 rows) -> std::optional<qint64> {
        const KudosForecast::Tier& tier = tierOfDataset(d);
        if (!tier.bytesPerRow)
            return std::nullopt;
        return qint64(std::llround(*tier.bytesPerRow * double(rows)));
    };
    const auto onlineRows = [](const PartitionStatus* r, bool statistics) {
        return r ? r->rows - (statistics ? r->quarantined : 0) : 0;
    };
    qint64 planned[2] = {0, 0}; // bytes the run's uploads add to each tier so far (currency, statistics)
    QSet<QString> redone; // ranges the plan rolls up or checkpoints again (their catalog counts are stale)
    const auto rowsOf = [&](const RetentionAction& a) -> qint64 {
        const bool statistics = a.entry.dataset == RetentionDataset::Statistics;
        const PartitionStatus* r = rangeOf(a.entry);
        const QString key = KudosForecastFacts::rangeKey(a.entry.dataset, a.entry.lo, a.entry.hi);
        if (a.to == QLatin1String("dropped")) {
            qint64 rows = 0;
            for (const PartitionStatus* g : group(a.entry))
                rows += onlineRows(g, statistics);
            return rows;
        }
        // A dump and a statement report the count the rollup or the checkpoint recorded.
        if ((a.to == QLatin1String("dumped") || a.to == QLatin1String("stated")) && a.entry.rowCount &&
            !redone.contains(key))
            return *a.entry.rowCount;
        return onlineRows(r, statistics);
    };
    const auto refused = [&](const RetentionAction& a) -> QString {
        qint64 unapplied = 0;
        if (a.to == QLatin1String("rolled_up") || a.to == QLatin1String("checkpointed")) {
            if (const PartitionStatus* r = rangeOf(a.entry))
                unapplied = r->unapplied;
        } else if (a.to == QLatin1String("dropped")) {
            for (const PartitionStatus* g : group(a.entry))
                unapplied += g->unapplied;
        }
        if (unapplied > 0)
            return QStringLiteral("%1 unapplied row(s): the projector has not consumed them").arg(unapplied);
        if (a.to == QLatin1String("exported") || a.to == QLatin1String("dumped")) {
            const qint64 budget = budgetOf(facts.settings, a.entry.dataset);
            const std::optional<qint64> bytes = estimate(a.entry.dataset, rowsOf(a));
            qint64& more = planned[a.entry.dataset == RetentionDataset::Currency ? 0 : 1];
            const qint64 used = tierOfDataset(a.entry.dataset).usedBytes + more;
            if (budget > 0 && bytes && used + *bytes > budget)
                return QStringLiteral(
                           "its upload (about %1 bytes by the tier's measured bytes per row) would take"
                           " the %2 tier (%3 bytes) over %4 = %5")
                    .arg(*bytes)
                    .arg(datasetName(a.entry.dataset))
                    .arg(used)
                    .arg(budgetSetting(a.entry.dataset))
                    .arg(budget);
            more += bytes.value_or(0);
        }
        if (a.to == QLatin1String("rolled_up") || a.to == QLatin1String("checkpointed"))
            redone.insert(KudosForecastFacts::rangeKey(a.entry.dataset, a.entry.lo, a.entry.hi));
        return {};
    };
    const RetentionRunPlan run = RetentionJob::planRun(facts.entries, facts.settings, facts.now, refused);
    for (const RetentionAction& a : run.actions) {
        KudosForecast::Action step;
        step.action = a;
        step.rows = rowsOf(a);
        const QString key = KudosForecastFacts::rangeKey(a.entry.dataset, a.entry.lo, a.entry.hi);
        KudosForecast::NextRun& next =
            f.tables[a.entry.dataset == RetentionDataset::Currency ? 0 : 1].nextRun;
        if (a.to == QLatin1String("rolled_up")) {
            if (facts.rollupRowsOfRange.contains(key))
                step.rollupRows = facts.rollupRowsOfRange.value(key);
            ++next.rangesRolledUp;
            next.rowsRolledUp += step.rows;
            next.rollupRowsAdded += step.rollupRows.value_or(0);
        } else if (a.to == QLatin1String("exported") || a.to == QLatin1String("dumped")) {
            step.bytes = estimate(a.entry.dataset, step.rows);
            ++next.rangesArchived;
            next.rowsArchived += step.rows;
            if (step.bytes)
                next.bytesArchived = next.bytesArchived.value_or(0) + *step.bytes;
        } else if (a.to == QLatin1String("dropped")) {
            ++next.partitionsDropped;
            next.rowsDropped += step.rows;
        }
        f.nextRun.push_back(step);
    }
    f.nextRunStops = run.stops;
    for (const RetentionAlert& stop : run.stops)
        f.tables[stop.dataset == RetentionDataset::Currency ? 0 : 1].nextRun.stoppedBy = stop.message;
    for (KudosForecast::Table& t : f.tables) {
        const bool uploads = t.nextRun.rangesArchived > 0;
        if (uploads && budgetOf(facts.settings, t.dataset) > 0 && !tierOfDataset(t.dataset).bytesPerRow)
            f.warnings << QStringLiteral(
                              "the %1 tier has a budget but no archived object to measure: whether the "
                              "next run's uploads fit is not forecast")
                              .arg(datasetName(t.dataset));
    }
}

} // namespace

QString KudosForecastFacts::rangeKey(RetentionDataset dataset, Micros lo, Micros hi) {
    return QStringLiteral("%1/%2/%3").arg(datasetName(dataset)).arg(lo).arg(hi);
}

KudosForecast KudosForecast::compute(const KudosForecastFacts& facts) {
    KudosForecast f;
    f.now = facts.now;
    f.serverNow = facts.serverNow;
    f.clockAheadSeconds = double(facts.now - facts.serverNow) / double(kMicrosPerSecond);
    f.archive = facts.archive;
    f.manifestsRead = facts.manifestsRead;
    f.warnings = facts.warnings;
    for (RetentionDataset dataset : {RetentionDataset::Currency, RetentionDataset::Statistics}) {
        f.tables.push_back(tableOf(facts, dataset));
        f.tiers.push_back(tierOf(facts, dataset));
    }
    f.rollups = rollupsOf(facts);

    QStringList missing;
    qint64 rows = 0, bytes = 0;
    for (const Table& t : f.tables) {
        if (!t.steadyStateRows || !t.steadyStateBytes) {
            missing << QStringLiteral("%1: %2").arg(t.table, t.steadyStateReason);
            continue;
        }
        rows += *t.steadyStateRows;
        bytes += *t.steadyStateBytes;
    }
    if (missing.isEmpty()) {
        f.online.rows = rows;
        f.online.bytes = bytes;
    } else {
        f.online.reason = missing.join(QStringLiteral("; "));
    }

    planNextRun(facts, f);
    if (f.clockAheadSeconds > 300)
        f.warnings << QStringLiteral(
                          "the forecast's clock %1 is %2 min ahead of the server's now() %3: a run at it "
                          "is a rehearsal (kudos retain --allow-clock-ahead)")
                          .arg(formatIsoTimestamp(facts.now),
                               QString::number(f.clockAheadSeconds / 60, 'f', 1),
                               formatIsoTimestamp(facts.serverNow));
    for (const Tier& t : f.tiers)
        if (t.manifestProblems > 0)
            f.warnings << QStringLiteral(
                              "%1 entr(ies) of the %2 tier have no sound manifest and are not measured "
                              "(tidemark-cli archive verify --all names them)")
                              .arg(t.manifestProblems)
                              .arg(datasetName(t.dataset));
    return f;
}

} // namespace tidemark::kudos
