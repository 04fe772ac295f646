#include "positionslayout.h"

#include "error.h"
#include "pgconnection.h"
#include "pgtransaction.h"
#include "positionsschema.h"
#include "schemamigrator.h"

namespace tidemark::positions {

const QStringList& PositionsLayout::distributedTables() {
    static const QStringList tables{QStringLiteral("mower_positions"), QStringLiteral("mower_history"),
                                    QStringLiteral("mower_positions_thinning")};
    return tables;
}

QString PositionsLayout::describe() const {
    if (distributed && citus)
        return QStringLiteral("a Citus cluster of %1 nodes").arg(citus->nodes);
    return QStringLiteral("one PostgreSQL server");
}

PositionsLayout PositionsLayout::of(PgConnection& db) {
    PositionsLayout layout;
    layout.citus = CitusCluster::of(db);
    if (!layout.citus)
        return layout;
    // Per table: its distribution method, column and colocation group; NULLs for a local table.
    const PgResult r = db.exec(
        QStringLiteral("SELECT t.name, p.partmethod::text, CASE WHEN p.partkey IS NOT NULL THEN"
                       " column_to_column_name(p.logicalrelid, p.partkey) END, p.colocationid"
                       " FROM unnest($1::text[]) WITH ORDINALITY AS t(name, n)"
                       " LEFT JOIN pg_dist_partition p ON p.logicalrelid = to_regclass(t.name) ORDER BY t.n"),
        {pgPlainArray(distributedTables())});
    const PgResult history =
        db.exec(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid ="
                               " to_regclass('tidemark_round_history'))"));
    QStringList local;
    std::optional<long long> colocation;
    for (int i = 0; i < r.rows(); ++i) {
        const QString table = r.text(i, 0);
        if (r.isNull(i, 1)) {
            local << table;
            continue;
        }
        layout.distributed = true;
        // A table distributed otherwise is named for that alone (its colocation group differs too).
        if (r.text(i, 1) != QLatin1String("h")) {
            layout.problems << QStringLiteral("%1 is not hash-distributed (method '%2'; a reference or "
                                              "local table of Citus)")
                                   .arg(table, r.text(i, 1));
            continue;
        }
        if (r.text(i, 2) != QLatin1String("mower_id")) {
            layout.problems
                << QStringLiteral("%1 is distributed by %2, not by mower_id").arg(table, r.text(i, 2));
            continue;
        }
        const long long group = r.toLong(i, 3);
        if (!colocation)
            colocation = group;
        else if (*colocation != group)
            layout.problems << QStringLiteral("%1 is not colocated with %2 (colocation group %3, not %4)")
                                   .arg(table, r.text(0, 0))
                                   .arg(group)
                                   .arg(*colocation);
    }
    if (layout.distributed)
        for (const QString& table : local)
            layout.problems << QStringLiteral("%1 is a local table of the coordinator, not distributed by "
                                              "mower_id")
                                   .arg(table);
    if (history.toBool(0, 0))
        layout.problems << QStringLiteral("tidemark_round_history is distributed; it belongs on the "
                                          "coordinator");
    return layout;
}

void PositionsLayout::requireCitus(PgConnection& db) {
    if (!CitusCluster::of(db))
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("%1 has no citus extension: --distributed needs a Citus coordinator (CREATE "
                           "EXTENSION citus, and its workers added)")
                .arg(db.describe()));
}

QStringList PositionsLayout::distribute(PgConnection& db) {
    requireCitus(db);
    PgTransaction tx(db, {});
    QStringList distributed;
    for (const QString& table : distributedTables()) {
        if (db.exec(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = "
                                   "$1::regclass)"),
                    {table})
                .toBool(0, 0))
            continue;
        db.exec(table == QLatin1String("mower_positions")
                    ? QStringLiteral("SELECT create_distributed_table($1, 'mower_id')")
                    : QStringLiteral("SELECT create_distributed_table($1, 'mower_id', colocate_with => "
                                     "'mower_positions')"),
                {table});
        distributed << table;
    }
    tx.commit();
    return distributed;
}

void PositionsLayout::require(const QString& where) const {
    if (problems.isEmpty())
        return;
    throw Error(Error::Kind::Schema,
                QStringLiteral("the positions tables on %1 are not laid out for Citus: %2. Distribute each "
                               "with create_distributed_table('<table>', 'mower_id', colocate_with => "
                               "'mower_positions') (tidemark-cli schema migrate --dataset positions "
                               "--distributed does it for a new database)")
                    .arg(where, problems.join(QStringLiteral("; "))));
}

PositionsLayout requirePositionsSchema(PgConnection& db) {
    SchemaMigrator(db, positionsSchema()).requireSchema();
    PositionsLayout layout = PositionsLayout::of(db);
    layout.require(db.describe());
    return layout;
}

} // namespace tidemark::positions
