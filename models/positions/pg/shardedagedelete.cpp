#include "shardedagedelete.h"

#include "pgconnection.h"

#include <algorithm>

namespace tidemark::positions {

ShardedAgeDelete::ShardedAgeDelete(PgConnection& db)
    : m_db(db), m_shards(CitusShards::of(db, QStringLiteral("mower_positions"))) {}

ShardedAgeDelete::Batch ShardedAgeDelete::run(const QString& low, const QString& high, long long batch) {
    const QString window = low + QLatin1Char('/') + high;
    if (window != m_window) {
        m_window = window;
        m_exhausted.clear();
    }
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < m_shards.size(); ++i)
        if (!m_exhausted.count(i))
            open.push_back(i);
    // The batch shared out, so that a call never deletes more than `batch` rows.
    if (static_cast<long long>(open.size()) > batch)
        open.resize(static_cast<std::size_t>(std::max(1LL, batch)));
    const long long limit =
        std::max(1LL, batch / static_cast<long long>(std::max<std::size_t>(1, open.size())));
    std::vector<ShardPlacement> placements;
    QStringList commands;
    for (const std::size_t i : open) {
        placements.push_back(m_shards[i]);
        commands << CitusShards::forShard(
            QStringLiteral(
                "DELETE FROM {shard} WHERE ctid = ANY (ARRAY(SELECT ctid FROM {shard} WHERE observed_at >="
                " '%1'::timestamptz AND observed_at < '%2'::timestamptz LIMIT %3)) RETURNING 1")
                .arg(low, high)
                .arg(limit),
            m_shards[i]);
    }
    const std::vector<long long> deleted = CitusShards::remove(m_db, placements, commands);
    Batch out;
    for (std::size_t k = 0; k < open.size(); ++k) {
        const long long n = deleted[k];
        out.deleted += n;
        if (n < limit)
            m_exhausted.insert(open[k]);
    }
    out.more = m_exhausted.size() < m_shards.size();
    return out;
}

void ShardedAgeDelete::analyzeNeverAnalyzed() {
    const QStringList never = CitusShards::queryEach(
        m_db, m_shards,
        QStringLiteral(
            "SELECT coalesce(last_analyze, last_autoanalyze) IS NULL FROM pg_stat_user_tables WHERE"
            " relid = '{shard}'::regclass"));
    std::vector<ShardPlacement> fresh;
    for (std::size_t i = 0; i < m_shards.size(); ++i)
        if (never[int(i)] == QLatin1String("true"))
            fresh.push_back(m_shards[i]);
    CitusShards::analyze(m_db, fresh);
}

} // namespace tidemark::positions
