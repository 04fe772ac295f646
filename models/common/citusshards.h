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
// run on the shards' workers instead (Citus's master_run_on_worker): one statement per node holding the
// work of all its shards, the nodes in parallel, each in its own connection and transaction there. A
// connection per shard would cost the worker a backend start per shard and call (32 shards: two seconds).
class CitusShards {
  public:
    // The shards of `table` in shard id order, with the node of their first active placement.
    static std::vector<ShardPlacement> of(PgConnection& db, const QString& table);
    // Runs queries[i] (one row of one value) on placements[i]'s node and returns the values in order, as
    // text (a boolean as true/false, NULL as a null string). Throws Error(Failed) naming the node, its
    // shards and the worker's message when a node's statement fails.
    static QStringList query(PgConnection& db, const std::vector<ShardPlacement>& placements,
                             const QStringList& queries);
    // `query` with {shard} replaced by each shard's name, run for every shard.
    static QStringList queryEach(PgConnection& db, const std::vector<ShardPlacement>& placements,
                                 const QString& query);
    // Runs deletes[i] (a DELETE … RETURNING 1) on placements[i]'s node, a node's deletes as the
    // data-modifying CTEs of one statement; returns the rows each deleted.
    static std::vector<long long> remove(PgConnection& db, const std::vector<ShardPlacement>& placements,
                                         const QStringList& deletes);
    // ANALYZE of the shards, one statement per node.
    static void analyze(PgConnection& db, const std::vector<ShardPlacement>& placements);
    // `command` with {shard} replaced by the shard's name.
    static QString forShard(const QString& command, const ShardPlacement& shard);
};

} // namespace tidemark
