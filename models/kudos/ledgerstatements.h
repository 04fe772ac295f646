#pragma once

#include "kudosvalues.h"

#include <optional>
#include <vector>

namespace tidemark::kudos {

// One line of a user's statement: a UTC day, an entry type and escrow or spendable.
struct StatementLine {
    Micros day = 0; // midnight UTC
    QString entryType;
    bool escrow = false;
    qint64 amountCents = 0;
    qint64 rows = 0;
    bool archived = false; // from kudos_ledger_daily (the rows left the database or will)
};

// kudos_ledger_daily: the operator's statement for disputes older than the window. `write` replaces the
// days of one range inside the caller's transaction (ranges are whole UTC days, so a retry never double
// counts); `statement` reads a user's days, from the daily table where the ranges were stated and from the
// online ledger after that.
class LedgerStatements {
  public:
    explicit LedgerStatements(PgConnection& db);
    qint64 write(const QString& partition, Micros lo, Micros hi); // statement rows written
    std::vector<StatementLine> statement(int userId, std::optional<Micros> from, std::optional<Micros> to);

  private:
    PgConnection& m_db;
};

} // namespace tidemark::kudos
