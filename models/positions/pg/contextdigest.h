#pragma once

#include <QString>

namespace tidemark::positions {

// The digest of a slice's context as SQL (spec/operations.md, "Plans that are applied exactly"): every row of
// the mower in [low, high) with all its columns, and the instants of the mower's history rows there that
// carry an error code (what the thinning statement reads), so that any insert, update or delete there
// changes it. Each row is hashed column by column with PostgreSQL's own extended hash functions (seeded per
// column, NULLs as their own values, instants as their distance from a fixed anchor, so the session's time
// zone does not matter) and the hashes are summed, which makes one cheap pass of the rows in any order; the
// counts and sums of both sets are then hashed with md5 into 32 hex digits. A plan's digests are compared
// on the server that made them (a plan refuses another target), so the hash functions are the same.
class ContextDigest {
  public:
    // The fixed instant that instants are measured from, as SQL (the digest's and the thinning statement's).
    static const QString& anchor();
    // A scalar subquery: `mower`, `low` and `high` are SQL expressions; `rowFilter` ("" or " AND …" on the
    // columns of mower_positions unqualified) narrows the rows, e.g. to those a dry run has not yet deleted.
    static QString sql(const QString& mower, const QString& low, const QString& high,
                       const QString& rowFilter = QString());
};

} // namespace tidemark::positions
