#include "citusshards.h"

#include "error.h"
#include "pgconnection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <functional>
#include <iterator>

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

// A node and the indexes of the placements on it, in their order.
struct NodeShards {
    QString node;
    int port = 0;
    std::vector<std::size_t> shards;
};

std::vector<NodeShards> byNode(const std::vector<ShardPlacement>& placements) {
    std::vector<NodeShards> nodes;
    for (std::size_t i = 0; i < placements.size(); ++i) {
        auto it = std::find_if(nodes.begin(), nodes.end(), [&](const NodeShards& n) {
            return n.node == placements[i].node && n.port == placements[i].port;
        });
        if (it == nodes.end()) {
            nodes.push_back({placements[i].node, placements[i].port, {}});
            it = std::prev(nodes.end());
        }
        it->shards.push_back(i);
    }
    return nodes;
}

QString described(const NodeShards& node, const std::vector<ShardPlacement>& placements) {
    QStringList names;
    for (const std::size_t i : node.shards)
        names << placements[i].shardName;
    return QStringLiteral("%1:%2 (shards %3)")
        .arg(node.node)
        .arg(node.port)
        .arg(names.join(QStringLiteral(", ")));
}

void requireOneEach(const std::vector<ShardPlacement>& placements, const QStringList& commands) {
    if (placements.size() != static_cast<std::size_t>(commands.size()))
        throw Error(Error::Kind::Failed, QStringLiteral("a command for each shard, not %1 for %2")
                                             .arg(commands.size())
                                             .arg(placements.size()));
}

// Runs statement(node) on each node of `placements`, the nodes in parallel; returns each node's one value.
QStringList perNode(PgConnection& db, const std::vector<ShardPlacement>& placements,
                    const std::vector<NodeShards>& nodes,
                    const std::function<QString(const NodeShards&)>& statement) {
    QStringList hosts, ports, statements;
    for (const NodeShards& node : nodes) {
        hosts << node.node;
        ports << QString::number(node.port);
        statements << statement(node);
    }
    const PgResult r = db.exec(
        QStringLiteral("SELECT success, result FROM master_run_on_worker($1::text[], $2::int[], $3::text[], "
                       "true) WITH ORDINALITY ORDER BY ordinality"),
        {textArray(hosts), pgPlainArray(ports), textArray(statements)});
    QStringList out;
    for (int k = 0; k < r.rows(); ++k) {
        if (!r.toBool(k, 0))
            throw Error(
                Error::Kind::Failed,
                QStringLiteral("on %1: %2").arg(described(nodes[std::size_t(k)], placements), r.text(k, 1)));
        out << r.text(k, 1);
    }
    return out;
}

// Each node's answer, a JSON array of a value per shard, put back in the placements' order.
QStringList scattered(const QStringList& answers, const std::vector<NodeShards>& nodes,
                      const std::vector<ShardPlacement>& placements) {
    QStringList out;
    out.resize(qsizetype(placements.size()));
    for (std::size_t k = 0; k < nodes.size(); ++k) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(answers[qsizetype(k)].toUtf8(), &error);
        const QJsonArray values = doc.array();
        if (error.error != QJsonParseError::NoError || !doc.isArray() ||
            values.size() != qsizetype(nodes[k].shards.size()))
            throw Error(Error::Kind::Failed,
                        QStringLiteral("%1 answered something else than a value per shard")
                            .arg(described(nodes[k], placements)));
        for (std::size_t j = 0; j < nodes[k].shards.size(); ++j)
            out[qsizetype(nodes[k].shards[j])] = values.at(qsizetype(j)).toString();
    }
    return out;
}

// One statement per node of `placements`, the nodes in parallel: `statement` makes it from the commands of
// the node's shards (commands[i] is placements[i]'s, in the placements' order) and it answers a JSON array of
// a value per shard; returns the values in the placements' order.
QStringList valuePerShard(PgConnection& db, const std::vector<ShardPlacement>& placements,
                          const QStringList& commands,
                          const std::function<QString(const QStringList&)>& statement) {
    requireOneEach(placements, commands);
    if (placements.empty())
        return {};
    const std::vector<NodeShards> nodes = byNode(placements);
    const QStringList answers = perNode(db, placements, nodes, [&](const NodeShards& node) {
        QStringList own;
        for (const std::size_t i : node.shards)
            own << commands[qsizetype(i)];
        return statement(own);
    });
    return scattered(answers, nodes, placements);
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

QStringList CitusShards::query(PgConnection& db, const std::vector<ShardPlacement>& placements,
                               const QStringList& queries) {
    // An ARRAY rather than json_build_array: a function takes at most 100 arguments, a node may hold more
    // shards.
    return valuePerShard(db, placements, queries, [](const QStringList& own) {
        QStringList values;
        for (const QString& q : own)
            values << QStringLiteral("(") + q + QStringLiteral(")::text");
        return QStringLiteral("SELECT array_to_json(ARRAY[") + values.join(QStringLiteral(", ")) +
               QStringLiteral("]::text[])::text");
    });
}

QStringList CitusShards::queryEach(PgConnection& db, const std::vector<ShardPlacement>& placements,
                                   const QString& query) {
    QStringList queries;
    for (const ShardPlacement& p : placements)
        queries << forShard(query, p);
    return CitusShards::query(db, placements, queries);
}

std::vector<long long> CitusShards::remove(PgConnection& db, const std::vector<ShardPlacement>& placements,
                                           const QStringList& deletes) {
    const QStringList counted = valuePerShard(db, placements, deletes, [](const QStringList& own) {
        QStringList ctes, counts;
        for (qsizetype j = 0; j < own.size(); ++j) {
            ctes << QStringLiteral("d%1 AS (%2)").arg(j).arg(own[j]);
            counts << QStringLiteral("(SELECT count(*) FROM d%1)::text").arg(j);
        }
        return QStringLiteral("WITH ") + ctes.join(QStringLiteral(", ")) +
               QStringLiteral(" SELECT array_to_json(ARRAY[") + counts.join(QStringLiteral(", ")) +
               QStringLiteral("])::text");
    });
    std::vector<long long> out;
    for (const QString& n : counted)
        out.push_back(n.toLongLong());
    return out;
}

void CitusShards::analyze(PgConnection& db, const std::vector<ShardPlacement>& placements) {
    if (placements.empty())
        return;
    perNode(db, placements, byNode(placements), [&](const NodeShards& node) {
        QStringList names;
        for (const std::size_t i : node.shards)
            names << placements[i].shardName;
        return QStringLiteral("ANALYZE ") + names.join(QStringLiteral(", "));
    });
}

QString CitusShards::forShard(const QString& command, const ShardPlacement& shard) {
    return QString(command).replace(QStringLiteral("{shard}"), shard.shardName);
}

} // namespace tidemark
