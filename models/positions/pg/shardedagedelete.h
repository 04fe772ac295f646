#pragma once

#include "citusshards.h"

#include <QString>
#include <set>
#include <vector>

namespace tidemark::positions {

// The round's table-wide work on a Citus cluster, shard by shard on the workers (a coordinator cannot send
// a ctid batch over a distributed table): the age delete's bounded batches, one statement per node, and
// the first ANALYZE of shards never analysed.
class ShardedAgeDelete {
  public:
    explicit ShardedAgeDelete(PgConnection& db);

    struct Batch {
        long long deleted = 0;
        bool more = false; // a shard may hold more rows of the window
    };
    // At most `batch` rows of [low, high) over all shards, each node's shards in one transaction on that
    // node. A window's calls go on until `more` is false; each call deletes a row or finds a shard empty.
    Batch run(const QString& low, const QString& high, long long batch);
    void analyzeNeverAnalyzed();

  private:
    PgConnection& m_db;
    std::vector<ShardPlacement> m_shards;
    QString m_window;                  // the window the exhausted shards belong to
    std::set<std::size_t> m_exhausted; // shards without a row left in m_window
};

} // namespace tidemark::positions
