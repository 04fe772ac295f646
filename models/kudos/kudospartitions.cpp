#include "kudospartitions.h"

#include "error.h"
#include "lockingtransaction.h"
#include "pgconnection.h"

#include <QDateTime>
#include <QTimeZone>

namespace tidemark::kudos {

namespace {
// pg_advisory_xact_lock key serialising partition maintenance ("KUDOSPAR").
constexpr long long kPartitionLockKey = 0x4B55444F53504152LL;

QDateTime utc(Micros t) {
    return QDateTime::fromMSecsSinceEpoch(floorDiv(t, 1000), QTimeZone::utc());
}
} // namespace

const QStringList& kudosPartitionedTables() {
    static const QStringList tables = {QStringLiteral("kudos_ledger"), QStringLiteral("kudos_stat_events")};
    return tables;
}

QString weeklyPartitionName(const QString& table, Micros lo) {
    return table + QStringLiteral("_p") + utc(lo).toString(QStringLiteral("yyyyMMdd"));
}

QString initialPartitionName(const QString& table) {
    return table + QStringLiteral("_initial");
}

QString sqlTimestampLiteral(Micros t) {
    QString text = utc(t).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    const Micros fraction = t - floorToStep(t, kMicrosPerSecond);
    if (fraction != 0)
        text += QStringLiteral(".%1").arg(fraction, 6, 10, QLatin1Char('0'));
    return QLatin1Char('\'') + text + QLatin1Char('\'');
}

QString createPartitionSql(const KudosPartition& p) {
    return QStringLiteral("CREATE TABLE %1 PARTITION OF %2 FOR VALUES FROM (%3) TO (%4)")
        .arg(pgQuoteIdentifier(p.name), pgQuoteIdentifier(p.table),
             p.lo ? sqlTimestampLiteral(*p.lo) : QStringLiteral("MINVALUE"), sqlTimestampLiteral(p.hi));
}

bool isPartitioned(PgConnection& db, const QString& table) {
    const PgResult r = db.exec(
        QStringLiteral("SELECT c.relkind::text FROM pg_class c WHERE c.oid = to_regclass($1)"), {table});
    if (r.rows() == 0)
        throw Error(Error::Kind::Schema,
                    QStringLiteral("%1 has no table %2 of the kudos schema (run: tidemark-cli "
                                   "schema migrate --dataset kudos)")
                        .arg(db.describe(), table));
    return r.text(0, 0) == QLatin1String("p");
}

std::vector<KudosPartition> listPartitions(PgConnection& db, const QString& table) {
    // The bounds come from the catalog's own text of the bound; a DEFAULT partition (no range) is left out.
    const PgResult r = db.exec(QStringLiteral(R"(
        SELECT c.relname,
               (extract(epoch FROM b.lo::timestamp) * 1000000)::bigint,
               (extract(epoch FROM b.hi::timestamp) * 1000000)::bigint
          FROM pg_inherits i
          JOIN pg_class c ON c.oid = i.inhrelid
          CROSS JOIN LATERAL (SELECT pg_get_expr(c.relpartbound, c.oid) AS expr) e
          CROSS JOIN LATERAL (SELECT substring(e.expr FROM 'FROM \(''([^'']*)''\)') AS lo,
                                     substring(e.expr FROM 'TO \(''([^'']*)''\)') AS hi) b
         WHERE i.inhparent = to_regclass($1) AND b.hi IS NOT NULL
         ORDER BY b.lo::timestamp NULLS FIRST)"),
                               {table});
    std::vector<KudosPartition> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) {
        KudosPartition p;
        p.table = table;
        p.name = r.text(i, 0);
        if (!r.isNull(i, 1))
            p.lo = r.toLong(i, 1);
        p.hi = r.toLong(i, 2);
        out.push_back(p);
    }
    return out;
}

std::vector<KudosPartition> partitionsNeeded(const QString& table, Micros newestHi,
                                             const KudosSettings& settings, Micros now) {
    const Micros width = settings.partitionWidth();
    const Micros target = now + settings.partitionsAhead * width;
    std::vector<KudosPartition> out;
    for (Micros lo = newestHi; lo < target;) {
        const Micros hi = floorToStep(lo, width, kMondayAnchor) + width;
        out.push_back({table, weeklyPartitionName(table, lo), lo, hi});
        lo = hi;
    }
    return out;
}

QStringList ensurePartitionsAhead(PgConnection& db, const KudosSettings& settings, Micros now) {
    QStringList created;
    for (const QString& table : kudosPartitionedTables()) {
        if (!isPartitioned(db, table))
            continue;
        QStringList createdHere;
        PgTransaction::runWithRetry(
            db, lockTimeoutOptions(settings.lockTimeoutSeconds),
            QStringLiteral("creating partitions of %1").arg(table), [&](PgTransaction&) {
                createdHere.clear();
                db.advisoryXactLock(kPartitionLockKey);
                const std::vector<KudosPartition> existing = listPartitions(db, table);
                if (existing.empty())
                    throw Error(Error::Kind::Schema,
                                QStringLiteral("%1 is partitioned but has no partition on %2")
                                    .arg(table, db.describe()));
                const std::vector<KudosPartition> needed =
                    partitionsNeeded(table, existing.back().hi, settings, now);
                if (!needed.empty())
                    lockForPartitionDdl(db, table, QStringLiteral("ACCESS EXCLUSIVE"));
                for (const KudosPartition& p : needed) {
                    db.exec(createPartitionSql(p));
                    createdHere << p.name;
                }
            });
        created += createdHere;
    }
    return created;
}

std::vector<KudosPartition> listAllPartitions(PgConnection& db) {
    std::vector<KudosPartition> all;
    for (const QString& table : kudosPartitionedTables()) {
        const std::vector<KudosPartition> some = listPartitions(db, table);
        all.insert(all.end(), some.begin(), some.end());
    }
    return all;
}

} // namespace tidemark::kudos
