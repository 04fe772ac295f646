#include "rehearsalplans.h"

#include "pgconnection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <limits>

namespace tidemark::kudos {

namespace {

constexpr Micros kUnbounded = std::numeric_limits<Micros>::max();

// The relations a JSON plan node and its children scan.
void collectRelations(const QJsonObject& node, QSet<QString>& relations) {
    const QString relation = node.value(QStringLiteral("Relation Name")).toString();
    if (!relation.isEmpty())
        relations.insert(relation);
    for (const QJsonValue& child : node.value(QStringLiteral("Plans")).toArray())
        collectRelations(child.toObject(), relations);
}

QString literal(Micros t) {
    return QStringLiteral("'%1'::timestamp").arg(formatIsoTimestamp(t).chopped(1)); // the Z goes: UTC
}

// One bound of `FOR VALUES FROM (…) TO (…)`: MINVALUE, MAXVALUE or a quoted timestamp without zone.
Micros boundOf(const QString& text, Micros unbounded) {
    if (text.contains(QLatin1String("MINVALUE")) || text.contains(QLatin1String("MAXVALUE")))
        return unbounded;
    QString iso = text;
    iso.remove(QLatin1Char('\''));
    iso.replace(QLatin1Char(' '), QLatin1Char('T'));
    return parseIsoTimestamp(iso + QLatin1Char('Z'));
}

struct PartitionRange {
    Micros lo = 0;
    Micros hi = 0;
};

std::vector<PartitionRange> partitionsOf(PgConnection& db) {
    const PgResult rows = db.exec(QStringLiteral(
        "SELECT pg_get_expr(c.relpartbound, c.oid) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
        "WHERE i.inhparent = 'kudos_ledger'::regclass"));
    static const QRegularExpression bounds(QStringLiteral("FROM \\((.+)\\) TO \\((.+)\\)"));
    std::vector<PartitionRange> ranges;
    for (int r = 0; r < rows.rows(); ++r) {
        const QRegularExpressionMatch m = bounds.match(rows.text(r, 0));
        if (m.hasMatch())
            ranges.push_back({boundOf(m.captured(1), -kUnbounded), boundOf(m.captured(2), kUnbounded)});
        else
            ranges.push_back({-kUnbounded, kUnbounded}); // a DEFAULT partition holds anything
    }
    return ranges;
}

int overlapping(const std::vector<PartitionRange>& partitions, Micros lo, Micros hi) {
    return int(std::count_if(partitions.begin(), partitions.end(),
                             [lo, hi](const PartitionRange& p) { return p.lo < hi && lo < p.hi; }));
}

} // namespace

std::vector<RehearsalQueryPlan> explainApplicationReads(PgConnection& db, Micros now,
                                                        const KudosSettings& settings, const QString& when) {
    // The user of the newest row: one whose recent rows exist.
    const QString user =
        db.exec(QStringLiteral(
                    "SELECT coalesce((SELECT user_id FROM kudos_ledger ORDER BY id DESC LIMIT 1), 0)"))
            .text(0, 0);
    // Reconciliation reads from the checkpoints' boundary; before any checkpoint, from the window's start.
    const PgResult state = db.exec(QStringLiteral("SELECT ") + microsOf(QStringLiteral("boundary")) +
                                   QStringLiteral(" FROM kudos_checkpoint_state"));
    const Micros tailFrom = state.rows() > 0 && !state.isNull(0, 0) ? Micros(state.toLong(0, 0))
                                                                    : now - settings.currencyWindow();
    const Micros recentFrom = now - settings.currencyWindow();
    const std::vector<PartitionRange> partitions = partitionsOf(db);
    struct Read {
        const char* name;
        QString sql;
        Micros lo;
        Micros hi;
    };
    const std::vector<Read> reads = {
        {"unapplied queue",
         QStringLiteral("SELECT id, created, user_id, amount FROM kudos_ledger WHERE NOT applied "
                        "ORDER BY id LIMIT 500"),
         -kUnbounded, kUnbounded},
        {"a user's recent rows",
         QStringLiteral("SELECT id, created, entry_type, amount FROM kudos_ledger WHERE user_id = %1 "
                        "AND created >= %2 AND created < %3 ORDER BY created DESC LIMIT 50")
             .arg(user, literal(recentFrom), literal(now)),
         recentFrom, now},
        {"reconciliation's tail",
         QStringLiteral("SELECT user_id, escrow, sum(amount) FROM kudos_ledger WHERE applied "
                        "AND entry_type <> 'RECONCILIATION' AND created >= %1 GROUP BY user_id, escrow")
             .arg(literal(tailFrom)),
         tailFrom, kUnbounded},
    };
    std::vector<RehearsalQueryPlan> plans;
    for (const Read& read : reads) {
        RehearsalQueryPlan plan;
        plan.name = QString::fromLatin1(read.name);
        plan.when = when;
        plan.sql = read.sql;
        const PgResult text = db.exec(QStringLiteral("EXPLAIN (COSTS OFF) ") + read.sql);
        for (int r = 0; r < text.rows(); ++r)
            plan.plan << text.text(r, 0);
        const PgResult json = db.exec(QStringLiteral("EXPLAIN (COSTS OFF, FORMAT JSON) ") + read.sql);
        const QJsonArray document = QJsonDocument::fromJson(json.text(0, 0).toUtf8()).array();
        QSet<QString> relations;
        collectRelations(document.at(0).toObject().value(QStringLiteral("Plan")).toObject(), relations);
        relations.remove(QStringLiteral("kudos_ledger"));
        if (partitions.empty()) { // the heap before the swap: nothing to prune
            plan.partitions = plan.partitionsScanned = 1;
        } else {
            plan.partitions = int(partitions.size());
            plan.partitionsScanned = int(relations.size());
            if (read.lo != -kUnbounded || read.hi != kUnbounded)
                plan.partitionsInRange = overlapping(partitions, read.lo, read.hi);
        }
        plans.push_back(plan);
    }
    return plans;
}

} // namespace tidemark::kudos
