#include "thinningstatus.h"

#include "pgconnection.h"
#include "positionslayout.h"
#include "shardedstatus.h"
#include "sliceplanner.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace tidemark::positions {

namespace {
std::optional<Micros> optionalMicros(const PgResult& r, int row, int col) {
    if (r.isNull(row, col))
        return std::nullopt;
    return r.toLong(row, col);
}

// Rows of the table as the planner's statistics scale them to the table's present size (no row is read).
double plannedRows(PgConnection& db) {
    const PgResult r = db.exec(QStringLiteral(
        "SELECT CASE WHEN c.reltuples > 0 AND c.relpages > 0 THEN c.reltuples / c.relpages ELSE 100 END"
        " * (pg_relation_size(c.oid) / current_setting('block_size')::int)"
        " FROM pg_class c WHERE c.oid = 'mower_positions'::regclass"));
    return r.rows() == 1 ? r.toDouble(0, 0) : 0.0;
}

// Rows per mower: the live rows of a block sample of about `sampleRows` rows, scaled by the share of the
// blocks sampled; exact when the sample is the whole table. The planner's count only sizes the sample: it
// keeps the rows a round deleted until the next ANALYZE, the sample's live rows do not.
QHash<QUuid, long long> sampledRows(PgConnection& db, long long sampleRows, bool& estimated) {
    const double planned = plannedRows(db);
    const double percent =
        planned <= 0 ? 100.0 : std::min(100.0, 100.0 * double(std::max(1LL, sampleRows)) / planned);
    estimated = percent < 100.0;
    const PgResult r =
        db.exec(QStringLiteral("SELECT mower_id::text, count(*) FROM mower_positions"
                               " TABLESAMPLE SYSTEM ($1::float8) REPEATABLE (0) GROUP BY mower_id"),
                {percent});
    QHash<QUuid, long long> out;
    for (int row = 0; row < r.rows(); ++row) {
        const double n = double(r.toLong(row, 1));
        out.insert(QUuid::fromString(r.text(row, 0)),
                   estimated ? std::llround(n * 100.0 / percent) : (long long)(n));
    }
    return out;
}
} // namespace

QString ThinningStatus::mowersCte() {
    return QStringLiteral(
        "WITH RECURSIVE m AS ("
        " (SELECT mower_id FROM mower_positions ORDER BY mower_id LIMIT 1)"
        " UNION ALL"
        " SELECT (SELECT p.mower_id FROM mower_positions p WHERE p.mower_id > m.mower_id ORDER BY p.mower_id "
        "LIMIT 1)"
        " FROM m WHERE m.mower_id IS NOT NULL)");
}

QString ThinningStatus::endsSql() {
    // The mowers (and those with only a watermark), then each mower's ends through the index.
    return mowersCte() +
           QStringLiteral(
               ", ids AS (SELECT mower_id FROM m WHERE mower_id IS NOT NULL UNION SELECT mower_id FROM "
               "mower_positions_thinning)"
               " SELECT ids.mower_id,"
               " (SELECT (extract(epoch FROM min(p.observed_at)) * 1000000)::bigint FROM mower_positions p "
               "WHERE "
               "p.mower_id = ids.mower_id AND p.observed_at > '-infinity' AND p.observed_at < 'infinity'),"
               " (SELECT (extract(epoch FROM max(p.observed_at)) * 1000000)::bigint FROM mower_positions p "
               "WHERE "
               "p.mower_id = ids.mower_id AND p.observed_at > '-infinity' AND p.observed_at < 'infinity'),"
               " CASE WHEN isfinite(w.thinned_until) THEN (extract(epoch FROM w.thinned_until) * "
               "1000000)::bigint "
               "END,"
               // Index probes: infinite instants sort at the ends of the mower's range.
               " concat_ws(', ', (SELECT 'a row at -infinity' FROM mower_positions p WHERE p.mower_id = "
               "ids.mower_id"
               " AND p.observed_at = '-infinity'), (SELECT 'a row at infinity' FROM mower_positions p WHERE "
               "p.mower_id = ids.mower_id AND p.observed_at = 'infinity'),"
               " CASE WHEN NOT isfinite(w.thinned_until) THEN 'the watermark ' || w.thinned_until::text END)"
               " FROM ids LEFT JOIN mower_positions_thinning w ON w.mower_id = ids.mower_id ORDER BY "
               "ids.mower_id");
}

namespace {
// Every mower's ends and watermark (rows -1, nothing pending counted).
std::vector<MowerThinningStatus> endsOf(PgConnection& db, bool distributed) {
    if (distributed)
        return ShardedStatus::mowers(db);
    const PgResult r = db.exec(ThinningStatus::endsSql());
    std::vector<MowerThinningStatus> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int row = 0; row < r.rows(); ++row) {
        MowerThinningStatus s;
        s.mowerId = QUuid::fromString(r.text(row, 0));
        s.oldest = optionalMicros(r, row, 1);
        s.newest = optionalMicros(r, row, 2);
        s.watermark = optionalMicros(r, row, 3);
        s.notAnInstant = r.text(row, 4);
        out.push_back(std::move(s));
    }
    return out;
}
} // namespace

std::vector<MowerThinningStatus> ThinningStatus::query(PgConnection& db, Micros cutoff, RowCounting counting,
                                                       long long sampleRows) {
    const bool distributed = PositionsLayout::of(db).distributed;
    std::vector<MowerThinningStatus> out = endsOf(db, distributed);
    bool estimated = false;
    QHash<QUuid, long long> counts;
    if (counting == RowCounting::Estimate)
        counts = distributed ? ShardedStatus::sampledRows(db, sampleRows, estimated)
                             : sampledRows(db, sampleRows, estimated);
    for (MowerThinningStatus& s : out) {
        if (counting == RowCounting::Exact) {
            s.rows = exactRows(db, s.mowerId);
        } else if (counting == RowCounting::Estimate) {
            s.rows = counts.value(s.mowerId, 0);
            s.rowsEstimated = estimated;
            // A mower the sample missed still has rows when it has an end.
            if (estimated && s.rows == 0 && (s.oldest || !s.notAnInstant.isEmpty()))
                s.rows = 1;
        }
        s.slicesPending = SlicePlanner::pendingSlices(s.watermark, s.oldest, cutoff);
    }
    return out;
}

long long ThinningStatus::exactRows(PgConnection& db, const QUuid& mowerId) {
    return db
        .exec(QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = $1::uuid"),
              {mowerId.toString(QUuid::WithoutBraces)})
        .toLong(0, 0);
}

} // namespace tidemark::positions
