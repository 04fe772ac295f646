#pragma once

#include "kudossettings.h"
#include "partitionstatusloader.h"
#include "retentionreport.h"

#include <QHash>
#include <QMetaType>
#include <QStringList>
#include <optional>
#include <vector>

namespace tidemark::kudos {

// The measurements the kudos forecast is computed from, as KudosForecastJob reads them in one READ ONLY
// transaction and from the archive's listing and manifests (a test hands them in directly).
struct KudosForecastFacts {
    Micros now = 0;
    Micros serverNow = 0;
    KudosSettings settings;
    QString archive; // the store as it describes itself
    // The catalog as the retention job's housekeeping would leave it (withMissing), for the next run's plan.
    std::vector<CatalogEntry> entries;
    // Every range of both tables with its live counts (PartitionStatusLoader).
    std::vector<PartitionStatus> ranges;
    // pg_total_relation_size of every partition that exists, by name.
    QHash<QString, qint64> partitionBytes;
    // kudos_stat_rollups: its rows per source range, and its size.
    struct RollupSource {
        Micros lo = 0;
        Micros hi = 0;
        qint64 rows = 0;
    };
    std::vector<RollupSource> rollupSources;
    qint64 rollupBytes = 0;
    // The rollup rows a rollup of each eligible pending statistic range would write now (its distinct days
    // and keys of the non-quarantined rows), by rangeKey().
    QHash<QString, qint64> rollupRowsOfRange;
    // The archive: each object with a sound manifest, and per tier what the budget check counts.
    struct ArchivedObject {
        RetentionDataset dataset = RetentionDataset::Currency;
        QString key;
        Micros createdFrom = 0;
        Micros createdTo = 0;
        qint64 rows = 0;
        qint64 objectBytes = 0; // the manifest's object_bytes
    };
    std::vector<ArchivedObject> archived;
    struct TierUse {
        RetentionDataset dataset = RetentionDataset::Currency;
        qint64 usedBytes = 0;     // ArchiveStore::usedBytes("<tier>/"), as the budget check counts it
        int manifestProblems = 0; // listed entries without a sound manifest (not measured)
    };
    std::vector<TierUse> tiers;
    int manifestsRead = 0;
    QStringList warnings; // what the measurement could not do as asked (an archive folder that is not there)

    static QString rangeKey(RetentionDataset dataset, Micros lo, Micros hi);
};

// The read-only capacity forecast of the kudos dataset (spec/operations.md, "Forecasts"). Every figure is
// recomputable from the facts; a figure that cannot be computed is empty with a reason, never a division by
// zero or a date past the horizon.
struct KudosForecast {
    // How many of the newest archived weeks (tiers), complete online weeks (tables) and rollup sources the
    // rates are measured on; all of them when fewer.
    static constexpr int kMeasuredWeeks = 8;
    // A budget not reached within this many years has no date (the reason says so).
    static constexpr int kHorizonYears = 100;

    // One range of a table online: a weekly partition, or a sub-range of the first partition.
    struct Week {
        QString partition;
        Micros lo = 0;
        Micros hi = 0;
        bool subrange = false;
        qint64 rows = 0;
        qint64 bytes = 0;            // the partition's total relation size
        bool bytesEstimated = false; // a sub-range: its share of the first partition by rows
        bool complete = false;       // hi <= now
    };
    // What the next retention run would do to one dataset, if every step succeeded.
    struct NextRun {
        int rangesRolledUp = 0;
        qint64 rowsRolledUp = 0;
        qint64 rollupRowsAdded = 0;
        int rangesArchived = 0; // exported (currency) or dumped (statistics)
        qint64 rowsArchived = 0;
        std::optional<qint64> bytesArchived; // estimated: rows × the tier's measured bytes per row
        int partitionsDropped = 0;
        qint64 rowsDropped = 0;
        QString stoppedBy; // why the run would stop this dataset; "" when it would not
    };
    struct Table {
        RetentionDataset dataset = RetentionDataset::Currency;
        QString table;
        qint64 rows = 0;  // online now
        qint64 bytes = 0; // every partition, indexes and TOAST included
        std::vector<Week> weeks;
        double weeksMeasured = 0; // the weeks the rates are measured on (their ranges' length / 7 days)
        std::optional<double> rowsPerWeek;
        std::optional<double> bytesPerWeek;
        QString rateReason;
        int onlineDays = 0; // the longest a row stays online: the window plus the partition width
        std::optional<qint64> steadyStateRows;
        std::optional<qint64> steadyStateBytes;
        QString steadyStateReason;
        NextRun nextRun;
    };
    // One archived object of a tier in the order of its created range, with the tier's total so far.
    struct ArchivedWeek {
        QString key;
        Micros lo = 0;
        Micros hi = 0;
        qint64 rows = 0;
        qint64 bytes = 0;
        qint64 cumulativeBytes = 0;
    };
    struct Tier {
        RetentionDataset dataset = RetentionDataset::Currency;
        qint64 usedBytes = 0;
        std::optional<qint64> budgetBytes; // empty: no budget (the setting is 0)
        int objects = 0;
        int manifestProblems = 0;
        double weeksMeasured = 0;
        std::optional<double> bytesPerWeek;
        QString bytesPerWeekReason;
        std::optional<double>
            bytesPerRow; // of the measured objects: what the next run's bytes are estimated by
        std::optional<Micros> budgetReachedOn;
        QString budgetReachedReason;
        bool overBudget = false; // used >= budget: the next upload is refused
        std::vector<ArchivedWeek> history;
    };
    struct RollupSourceWeek {
        Micros lo = 0;
        Micros hi = 0;
        qint64 rows = 0;
        qint64 cumulativeRows = 0;
    };
    struct Rollups {
        qint64 rows = 0;
        qint64 bytes = 0;
        double weeksMeasured = 0;
        std::optional<double> rowsPerWeek;
        std::optional<double> bytesPerWeek; // rows a week × the table's bytes per row
        QString reason;
        std::vector<RollupSourceWeek> history;
    };
    // One action of the next run with what it would move.
    struct Action {
        RetentionAction action;
        qint64 rows = 0;                  // as the run's step reports them
        std::optional<qint64> bytes;      // exports and dumps: estimated
        std::optional<qint64> rollupRows; // rollups: exact
    };
    struct SteadyState {
        std::optional<qint64> rows;
        std::optional<qint64> bytes;
        QString reason;
    };

    Micros now = 0;
    Micros serverNow = 0;
    double clockAheadSeconds = 0;
    QString archive;
    int manifestsRead = 0;
    std::vector<Table> tables; // kudos_ledger, kudos_stat_events
    std::vector<Tier> tiers;   // currency, statistics
    Rollups rollups;
    SteadyState online; // both tables together (rollups have no retention and are not in it)
    std::vector<Action> nextRun;
    std::vector<RetentionAlert> nextRunStops;
    QStringList warnings;
    bool cancelled = false; // stopped by the feedback before it was complete: nothing else is set

    // Pure: the forecast of these facts.
    static KudosForecast compute(const KudosForecastFacts& facts);
};

} // namespace tidemark::kudos

Q_DECLARE_METATYPE(tidemark::kudos::KudosForecast)
