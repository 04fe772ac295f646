#include "citusshards.h"

#include "error.h"
#include "pgconnection.h"

namespace tidemark {

namespace {

// A text[] parameter: every element double-quoted, its quotes and backslashes escaped.
QString textArray(const QStringList& items) {
    QStringList quoted;
    quoted.reserve(items.size());
    for (QString item : items) {
        item.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
        item.replace(QLatin1Char('"'), QLatin1String("\\\""));
        quoted << QLatin1Char('"') + item + QLatin1Char('"');
    }
    return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
}

} // namespace

QString CitusCluster::describe() const {
    return QStringLiteral("Citus %1, %2 nodes (%3 workers)").arg(version).arg(nodes).arg(workers);
}

std::optional<CitusCluster> CitusCluster::of(PgConnection& db) {
    const PgResult ext =
        db.exec(QStringLiteral("SELECT extversion FROM pg_extension WHERE extname = 'citus'"));
    if (ext.rows() == 0)
        return std::nullopt;
    CitusCluster cluster;
    cluster.version = ext.text(0, 0);
    const PgResult nodes =
        db.exec(QStringLiteral("SELECT count(*), count(*) FILTER (WHERE groupid <> 0) FROM pg_dist_node"
                               " WHERE isactive AND noderole = 'primary'"));
    cluster.nodes = int(nodes.toLong(0, 0));
    cluster.workers = int(nodes.toLong(0, 1));
    return cluster;
}

std::vector<ShardPlacement> CitusShards::of(PgConnection& db, const QString& table) {
    const PgResult r = db.exec(
        QStringLiteral("SELECT s.shardid, shard_name(s.logicalrelid, s.shardid),"
                       " (SELECT p.nodename FROM pg_dist_shard_placement p WHERE p.shardid = s.shardid"
                       " AND p.shardstate = 1 ORDER BY p.placementid LIMIT 1),"
                       " (SELECT p.nodeport FROM pg_dist_shard_placement p WHERE p.shardid = s.shardid"
                       " AND p.shardstate = 1 ORDER BY p.placementid LIMIT 1)"
                       " FROM pg_dist_shard s WHERE s.logicalrelid = $1::regclass ORDER BY s.shardid"),
        {table});
    std::vector<ShardPlacement> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) {
        if (r.isNull(i, 2))
            throw Error(Error::Kind::Failed, QStringLiteral("shard %1 of %2 has no active placement on %3")
                                                 .arg(r.text(i, 1), table, db.describe()));
        out.push_back({r.toLong(i, 0), r.text(i, 1), r.text(i, 2), int(r.toLong(i, 3))});
    }
    return out;
}

QStringList CitusShards::run(PgConnection& db, const std::vector<ShardPlacement>& placements,
                             const QStringList& commands) {
    if (placements.size() != static_cast<std::size_t>(commands.size()))
        throw Error(Error::Kind::Failed, QStringLiteral("a command for each shard, not %1 for %2")
                                             .arg(commands.size())
                                             .arg(placements.size()));
    if (placements.empty())
        return {};
    QStringList nodes, ports;
    for (const ShardPlacement& p : placements) {
        nodes << p.node;
        ports << QString::number(p.port);
    }
    const PgResult r = db.exec(
        QStringLiteral("SELECT success, result FROM master_run_on_worker($1::text[], $2::int[], $3::text[], "
                       "true) WITH ORDINALITY ORDER BY ordinality"),
        {textArray(nodes), pgPlainArray(ports), textArray(commands)});
    QStringList out;
    for (int i = 0; i < r.rows(); ++i) {
        if (!r.toBool(i, 0))
            throw Error(Error::Kind::Failed,
                        QStringLiteral("on shard %1 (%2:%3): %4")
                            .arg(placements[std::size_t(i)].shardName, placements[std::size_t(i)].node)
                            .arg(placements[std::size_t(i)].port)
                            .arg(r.text(i, 1)));
        out << r.text(i, 1);
    }
    return out;
}

QString CitusShards::forShard(const QString& command, const ShardPlacement& shard) {
    return QString(command).replace(QStringLiteral("{shard}"), shard.shardName);
}

QStringList CitusShards::runOnEach(PgConnection& db, const std::vector<ShardPlacement>& placements,
                                   const QString& command) {
    QStringList commands;
    for (const ShardPlacement& p : placements)
        commands << forShard(command, p);
    return run(db, placements, commands);
}

} // namespace tidemark
