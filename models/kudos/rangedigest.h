#pragma once

#include "retentionaction.h"

#include <QString>

namespace tidemark {
class PgConnection;
}

namespace tidemark::kudos {

// How many rows and an order-independent sum of their hashes (hash_record_extended of the whole row, mod
// 2^64): any insert, update or delete changes it. Digests of disjoint row sets add up.
struct RowsDigest {
    qint64 rows = 0;
    quint64 sum = 0;
    QString text() const; // "<rows>:<sum as 16 hex digits>"
    RowsDigest& operator+=(const RowsDigest& other) {
        rows += other.rows;
        sum += other.sum; // wraps: mod 2^64
        return *this;
    }
};

// The digests of the rows each retention action reads, as a plan records them and apply re-checks them:
// a roll-up reads every row of its range; the other statistics actions the rows a roll-up leaves (it moves
// the quarantined ones out); a currency action every row of its range; a drop every row of its partition
// table (the whole first partition at once; statistics: its rows that are not quarantined).
class RangeDigest {
  public:
    explicit RangeDigest(PgConnection& db);

    // The rows `action` reads, as they are now (in the caller's transaction, if any).
    RowsDigest of(const RetentionAction& action);
    // A range's rows in one scan: all of them and those not quarantined (currency: the same).
    struct Range {
        RowsDigest all;
        RowsDigest kept;
    };
    Range range(RetentionDataset dataset, const QString& partition, Micros lo, Micros hi);
    // Whether `action` reads the kept rows (not the quarantined ones) or all of them.
    static bool readsKeptRows(const RetentionAction& action);

  private:
    PgConnection& m_db;
};

} // namespace tidemark::kudos
