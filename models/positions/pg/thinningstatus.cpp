#include "thinningstatus.h"

#include "pgconnection.h"
#include "sliceplanner.h"

namespace tidemark::positions {

namespace {
std::optional<Micros> optionalMicros(const PgResult& r, int row, int col) {
    if (r.isNull(row, col))
        return std::nullopt;
    return r.toLong(row, col);
}
} // namespace

std::vector<MowerThinningStatus> ThinningStatus::query(PgConnection& db, Micros cutoff, bool countRows) {
    // Distinct mowers by a skip scan of the primary key, then each mower's oldest row through the index.
    const QString sql = QStringLiteral(
        "WITH RECURSIVE m AS ("
        " (SELECT mower_id FROM mower_positions ORDER BY mower_id LIMIT 1)"
        " UNION ALL"
        " SELECT (SELECT p.mower_id FROM mower_positions p WHERE p.mower_id > m.mower_id ORDER BY p.mower_id "
        "LIMIT 1)"
        " FROM m WHERE m.mower_id IS NOT NULL),"
        " ids AS (SELECT mower_id FROM m WHERE mower_id IS NOT NULL UNION SELECT mower_id FROM "
        "mower_positions_thinning)"
        " SELECT ids.mower_id,"
        " (SELECT (extract(epoch FROM min(p.observed_at)) * 1000000)::bigint FROM mower_positions p WHERE "
        "p.mower_id = ids.mower_id AND p.observed_at > '-infinity' AND p.observed_at < 'infinity'),"
        " CASE WHEN isfinite(w.thinned_until) THEN (extract(epoch FROM w.thinned_until) * 1000000)::bigint "
        "END,"
        " CASE WHEN $1 THEN (SELECT count(*) FROM mower_positions p WHERE p.mower_id = ids.mower_id) END,"
        // Index probes: infinite instants sort at the ends of the mower's range.
        " concat_ws(', ', (SELECT 'a row at -infinity' FROM mower_positions p WHERE p.mower_id = ids.mower_id"
        " AND p.observed_at = '-infinity'), (SELECT 'a row at infinity' FROM mower_positions p WHERE "
        "p.mower_id = ids.mower_id AND p.observed_at = 'infinity'),"
        " CASE WHEN NOT isfinite(w.thinned_until) THEN 'the watermark ' || w.thinned_until::text END)"
        " FROM ids LEFT JOIN mower_positions_thinning w ON w.mower_id = ids.mower_id ORDER BY ids.mower_id");
    const PgResult r = db.exec(sql, {countRows});
    std::vector<MowerThinningStatus> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int row = 0; row < r.rows(); ++row) {
        MowerThinningStatus s;
        s.mowerId = QUuid::fromString(r.text(row, 0));
        s.oldest = optionalMicros(r, row, 1);
        s.watermark = optionalMicros(r, row, 2);
        s.rows = r.isNull(row, 3) ? -1 : r.toLong(row, 3);
        s.notAnInstant = r.text(row, 4);
        s.slicesPending = SlicePlanner::pendingSlices(s.watermark, s.oldest, cutoff);
        out.push_back(s);
    }
    return out;
}

} // namespace tidemark::positions
