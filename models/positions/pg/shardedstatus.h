#pragma once

#include "thinningstatus.h"

#include <QHash>

namespace tidemark::positions {

// ThinningStatus on a Citus cluster (spec/positions.md, "On a distributed engine"). A coordinator refuses the
// one-server skip scan (a recursive CTE without a filter on mower_id), so each shard of mower_positions is
// read on its worker, one statement per node: a chain of index probes (no recursive CTE) finds up to
// kProbesPerCall mowers of each shard per call with each mower's ends, and calls repeat only for the shards
// that have more. The watermarks are one coordinator query; the row sample is a block sample of each shard.
class ShardedStatus {
  public:
    static constexpr int kProbesPerCall = 48;

    // Every mower with rows or a watermark, in mower_id order, with its ends, watermark and node
    // (rows and slicesPending are left to the caller).
    static std::vector<MowerThinningStatus> mowers(PgConnection& db);
    // Rows per mower from a block sample of about sampleRows rows over all shards (exact when it covers
    // them).
    static QHash<QUuid, long long> sampledRows(PgConnection& db, long long sampleRows, bool& estimated);
    // The shard command that lists up to kProbesPerCall mowers after `after` ("" from the first) with their
    // ends, as JSON; {shard} stands for the shard.
    static QString probeCommand(const QString& after);
};

} // namespace tidemark::positions
