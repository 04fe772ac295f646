#include "shardedstatus.h"

#include "citusshards.h"
#include "error.h"
#include "pgconnection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>
#include <map>

namespace tidemark::positions {

namespace {

QJsonDocument parsed(const QString& text, const ShardPlacement& shard) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        throw Error(Error::Kind::Failed, QStringLiteral("shard %1 answered something that is not JSON: %2")
                                             .arg(shard.shardName, error.errorString()));
    return doc;
}

std::optional<Micros> micros(const QJsonValue& v) {
    if (v.isNull() || v.isUndefined())
        return std::nullopt;
    return v.toString().toLongLong();
}

// The end of a mower's finite rows on the shard, through the primary key.
QString endProbe(const QString& aggregate) {
    return QStringLiteral("(SELECT (extract(epoch FROM ") + aggregate +
           QStringLiteral("(p.observed_at)) * 1000000)::bigint::text FROM {shard} p WHERE p.mower_id = ids.id"
                          " AND p.observed_at > '-infinity' AND p.observed_at < 'infinity')");
}

} // namespace

QString ShardedStatus::probeCommand(const QString& after) {
    // A chain of probes through the primary key, each the next mower after the one before (NULL past the
    // shard's last); each a materialized CTE of its own, planned alone: as joins, dozens of lateral probes
    // cost the planner more memory than a worker has. PostgreSQL 15 has no min(uuid).
    QStringList probes{QStringLiteral("p1 AS MATERIALIZED (SELECT (SELECT mower_id FROM {shard}") +
                       (after.isEmpty()
                            ? QString()
                            : QStringLiteral(" WHERE mower_id > '") + after + QStringLiteral("'::uuid")) +
                       QStringLiteral(" ORDER BY mower_id LIMIT 1) AS id)")};
    QStringList ids{QStringLiteral("(SELECT id FROM p1)")};
    for (int k = 2; k <= kProbesPerCall; ++k) {
        const QString previous = QStringLiteral("p") + QString::number(k - 1);
        const QString current = QStringLiteral("p") + QString::number(k);
        probes << current +
                      QStringLiteral(
                          " AS MATERIALIZED (SELECT (SELECT mower_id FROM {shard} WHERE mower_id > ") +
                      previous + QStringLiteral(".id ORDER BY mower_id LIMIT 1) AS id FROM ") + previous +
                      QLatin1Char(')');
        ids << QStringLiteral("(SELECT id FROM ") + current + QLatin1Char(')');
    }
    return QStringLiteral("WITH ") + probes.join(QStringLiteral(", ")) +
           QStringLiteral(", ids AS MATERIALIZED (SELECT u.id, u.n FROM unnest(ARRAY[") +
           ids.join(QStringLiteral(", ")) +
           QStringLiteral("]) WITH ORDINALITY AS u(id, n) WHERE u.id IS NOT NULL)"
                          " SELECT coalesce(json_agg(json_build_array(ids.id::text, ") +
           endProbe(QStringLiteral("min")) + QStringLiteral(", ") + endProbe(QStringLiteral("max")) +
           QStringLiteral(
               ", concat_ws(', ', (SELECT 'a row at -infinity' FROM {shard} p WHERE p.mower_id = ids.id"
               " AND p.observed_at = '-infinity'), (SELECT 'a row at infinity' FROM {shard} p WHERE"
               " p.mower_id = ids.id AND p.observed_at = 'infinity'))) ORDER BY ids.n), '[]')::text"
               " FROM ids");
}

std::vector<MowerThinningStatus> ShardedStatus::mowers(PgConnection& db) {
    const std::vector<ShardPlacement> shards = CitusShards::of(db, QStringLiteral("mower_positions"));
    // Keyed by the id's text, whose order is the uuid order of the server.
    std::map<QString, MowerThinningStatus> found;
    std::vector<std::size_t> open(shards.size());
    QStringList after(int(shards.size()));
    for (std::size_t i = 0; i < shards.size(); ++i)
        open[i] = i;
    while (!open.empty()) {
        std::vector<ShardPlacement> placements;
        QStringList commands;
        for (const std::size_t i : open) {
            placements.push_back(shards[i]);
            commands << CitusShards::forShard(probeCommand(after[int(i)]), shards[i]);
        }
        const QStringList answers = CitusShards::query(db, placements, commands);
        std::vector<std::size_t> more;
        for (std::size_t k = 0; k < open.size(); ++k) {
            const std::size_t shard = open[k];
            const QJsonArray rows = parsed(answers[int(k)], shards[shard]).array();
            for (const QJsonValue& row : rows) {
                const QJsonArray v = row.toArray();
                MowerThinningStatus s;
                s.mowerId = QUuid::fromString(v.at(0).toString());
                s.oldest = micros(v.at(1));
                s.newest = micros(v.at(2));
                s.notAnInstant = v.at(3).toString();
                s.node = QStringLiteral("%1:%2").arg(shards[shard].node).arg(shards[shard].port);
                found[v.at(0).toString()] = s;
            }
            if (rows.size() == kProbesPerCall) {
                after[int(shard)] = rows.last().toArray().at(0).toString();
                more.push_back(shard);
            }
        }
        open = std::move(more);
    }
    const PgResult w = db.exec(QStringLiteral(
        "SELECT mower_id::text, CASE WHEN isfinite(thinned_until) THEN (extract(epoch FROM thinned_until) *"
        " 1000000)::bigint END, CASE WHEN NOT isfinite(thinned_until) THEN 'the watermark ' ||"
        " thinned_until::text END FROM mower_positions_thinning"));
    for (int row = 0; row < w.rows(); ++row) {
        MowerThinningStatus& s = found[w.text(row, 0)];
        s.mowerId = QUuid::fromString(w.text(row, 0));
        if (!w.isNull(row, 1))
            s.watermark = w.toLong(row, 1);
        if (!w.isNull(row, 2))
            s.notAnInstant = s.notAnInstant.isEmpty()
                                 ? w.text(row, 2)
                                 : s.notAnInstant + QStringLiteral(", ") + w.text(row, 2);
    }
    std::vector<MowerThinningStatus> out;
    out.reserve(found.size());
    for (auto& [id, s] : found)
        out.push_back(std::move(s));
    return out;
}

QHash<QUuid, long long> ShardedStatus::sampledRows(PgConnection& db, long long sampleRows, bool& estimated) {
    const std::vector<ShardPlacement> shards = CitusShards::of(db, QStringLiteral("mower_positions"));
    // Each shard's rows as its planner statistics scale them to its present size (no row is read).
    const QStringList planned = CitusShards::queryEach(
        db, shards,
        QStringLiteral(
            "SELECT CASE WHEN c.reltuples > 0 AND c.relpages > 0 THEN c.reltuples / c.relpages ELSE"
            " 100 END * (pg_relation_size(c.oid) / current_setting('block_size')::int) FROM pg_class c"
            " WHERE c.oid = '{shard}'::regclass"));
    double total = 0;
    for (const QString& p : planned)
        total += p.toDouble();
    const double percent =
        total <= 0 ? 100.0 : std::min(100.0, 100.0 * double(std::max(1LL, sampleRows)) / total);
    estimated = percent < 100.0;
    // Each shard its own seed: with one seed for all, every shard samples the same block numbers, and the
    // shards' errors add up instead of averaging out.
    QStringList commands;
    for (const ShardPlacement& shard : shards)
        commands << CitusShards::forShard(
            QStringLiteral("SELECT coalesce(json_object_agg(mower_id, n), '{}')::text FROM (SELECT mower_id,"
                           " count(*) AS n FROM {shard} TABLESAMPLE SYSTEM (%1) REPEATABLE (%2) GROUP BY"
                           " mower_id) x")
                .arg(QString::number(percent, 'g', 17))
                .arg(shard.shardId),
            shard);
    const QStringList counts = CitusShards::query(db, shards, commands);
    QHash<QUuid, long long> out;
    for (std::size_t i = 0; i < shards.size(); ++i) {
        const QJsonObject perMower = parsed(counts[int(i)], shards[i]).object();
        for (auto it = perMower.begin(); it != perMower.end(); ++it) {
            const double n = it.value().toDouble();
            out.insert(QUuid::fromString(it.key()),
                       estimated ? std::llround(n * 100.0 / percent) : (long long)(n));
        }
    }
    return out;
}

} // namespace tidemark::positions
