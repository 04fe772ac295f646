#pragma once

#include "citusshards.h"

#include <QStringList>
#include <optional>

namespace tidemark {
class PgConnection;
}

namespace tidemark::positions {

// Where the positions tables live: on one server, or on a Citus cluster as distributed tables
// (spec/positions.md, "On a distributed engine"): mower_positions, mower_history and
// mower_positions_thinning hash-distributed by mower_id and colocated, the round history a table of the
// coordinator. Local tables on a server with Citus installed are the one-server layout.
struct PositionsLayout {
    static const QStringList& distributedTables();

    std::optional<CitusCluster> citus; // the server has the citus extension
    bool distributed = false;          // the positions tables are distributed (in whole or in part)
    QStringList problems;              // what differs from the distributed layout, each naming its table

    // One line for a dock or a report: "one PostgreSQL server" or "a Citus cluster of 3 nodes".
    QString describe() const;

    static PositionsLayout of(PgConnection& db);
    // Error(Refused) when the server has no citus extension.
    static void requireCitus(PgConnection& db);
    // The positions tables still local, distributed by mower_id and colocated with mower_positions in one
    // transaction (a table's rows move into its shards); returns their names. Refuses without Citus.
    static QStringList distribute(PgConnection& db);
    // Throws Error(Schema) naming every difference (and how to fix it) when the tables are distributed but
    // not as the contract says.
    void require(const QString& where) const;
};

// The schema check every positions command runs: the migrations applied, then the layout; returns it.
PositionsLayout requirePositionsSchema(PgConnection& db);

} // namespace tidemark::positions
