#pragma once

#include "timestamp.h"

#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::positions {

// Where one mower's thinning stands.
struct MowerThinningStatus {
    QUuid mowerId;
    long long rows = -1;        // -1 when not counted
    bool rowsEstimated = false; // rows is an estimate (planner statistics and a bounded sample)
    std::optional<Micros> oldest;
    std::optional<Micros> newest;
    std::optional<Micros> watermark;
    long long slicesPending = 0;
    // Why the mower cannot be thinned until someone looks at it: a row observed at 'infinity' or
    // '-infinity', or an infinite watermark; empty when it can. oldest then names the oldest finite row.
    QString notAnInstant;
    // The Citus node that holds the mower's rows ("host:port"); empty on one server.
    QString node;
};

// How ThinningStatus::query counts rows.
enum class RowCounting {
    None,     // rows stay -1 (a round needs only oldest and watermark)
    Estimate, // the table's planner estimate shared out by a bounded block sample; exact when the sample
              // covers the whole table
    Exact,    // count(*) per mower: reads every row
};

// Per mower (every mower with rows or a watermark): rows, oldest and newest row, watermark, slices pending
// for `cutoff`. The mowers come from a skip scan of the primary key and each mower's ends from index probes,
// so without RowCounting::Exact no query reads the whole table. On a Citus cluster each shard is read so on
// its worker (ShardedStatus).
class ThinningStatus {
  public:
    static constexpr long long kDefaultSampleRows = 100000;

    static std::vector<MowerThinningStatus> query(PgConnection& db, Micros cutoff,
                                                  RowCounting counting = RowCounting::Estimate,
                                                  long long sampleRows = kDefaultSampleRows);
    // The exact row count of one mower (through the index).
    static long long exactRows(PgConnection& db, const QUuid& mowerId);
    // The SQL of query() without row counts (for EXPLAIN in tests).
    static QString endsSql();
    // The distinct mowers of mower_positions by a skip scan of the primary key (one index probe a mower):
    // "WITH RECURSIVE m AS (…)", whose rows are the mower ids and a last NULL.
    static QString mowersCte();
};

} // namespace tidemark::positions
