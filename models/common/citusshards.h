#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace tidemark {

class PgConnection;

// A Citus coordinator as the connected database sees it: the extension's version and its active primary
// nodes (the workers, plus the coordinator when it is registered too).
struct CitusCluster {
    QString version;
    int nodes = 0;
    int workers = 0;
    // "Citus 12.1-1, 3 nodes (2 workers)"
    QString describe() const;
    // nullopt when the database has no citus extension.
    static std::optional<CitusCluster> of(PgConnection& db);
};

// One shard of a distributed table and where it lives.
struct ShardPlacement {
    long long shardId = 0;
    QString shardName; // schema-qualified, quoted as an identifier where it needs it
    QString node;
    int port = 0;
};

// Statements that a coordinator cannot plan over a distributed table (a skip scan, a ctid batch, a sample)
// run on each shard's worker instead, each shard's in its own connection and transaction there, all in
// parallel (Citus's master_run_on_worker).
class CitusShards {
  public:
    // The shards of `table` in shard id order, with the node of their first active placement.
    static std::vector<ShardPlacement> of(PgConnection& db, const QString& table);
    // Runs commands[i] on placements[i]'s node; each must return one value (or a command tag). Returns the
    // values in order; throws Error(Failed) naming the shard and the worker's message when one fails.
    static QStringList run(PgConnection& db, const std::vector<ShardPlacement>& placements,
                           const QStringList& commands);
    // `command` with {shard} replaced by the shard's name.
    static QString forShard(const QString& command, const ShardPlacement& shard);
    // `command` with {shard} replaced by each shard's name, run on every shard.
    static QStringList runOnEach(PgConnection& db, const std::vector<ShardPlacement>& placements,
                                 const QString& command);
};

} // namespace tidemark
