#include "thinningexpressions.h"

#include "contextdigest.h"

namespace tidemark::positions::thinningsql {

namespace {

// Rows that the nearest-row search steps through one by one before it falls back to the block search.
constexpr int kShortSearchRows = 8;

// Δ normalised to (−π, π] exactly as geodesy.h's normaliseAngle (delta must be a plain column: it is read
// twice).
QString normalised(const QString& delta) {
    return fill(QStringLiteral("({D} - 2::float8 * pi() * floor(({D} + pi()) / (2::float8 * pi())))"),
                {{"D", delta}});
}

SliceNames columnsOf(const QString& alias) {
    const QString prefix = alias.isEmpty() ? QString() : alias + QLatin1Char('.');
    return {kBatchMower, prefix + QStringLiteral("sb"), prefix + QStringLiteral("se")};
}

} // namespace

QString fill(QString text, std::initializer_list<std::pair<const char*, QString>> values) {
    for (const auto& [name, value] : values)
        text.replace(QLatin1Char('{') + QLatin1String(name) + QLatin1Char('}'), value);
    return text;
}

QString dxExpr(const QString& phiA, const QString& lamA, const QString& phiB, const QString& lamB) {
    return fill(QStringLiteral("(6371008.8::float8 * ({LB} - {LA}) * cos(({PA} + {PB}) / 2::float8))"),
                {{"PA", phiA}, {"LA", lamA}, {"PB", phiB}, {"LB", lamB}});
}
QString dyExpr(const QString& phiA, const QString& phiB) {
    return fill(QStringLiteral("(6371008.8::float8 * ({PB} - {PA}))"), {{"PA", phiA}, {"PB", phiB}});
}

const SliceNames kParams{QStringLiteral("$1"), QStringLiteral("$2::timestamptz"),
                         QStringLiteral("$3::timestamptz")};
const QString kBatchMower = QStringLiteral("($1::uuid[])[1]");
SliceNames inRows(bool batch) {
    return batch ? columnsOf(QString()) : kParams;
}
SliceNames inSubquery(bool batch) {
    return batch ? columnsOf(QStringLiteral("s")) : kParams;
}
SliceNames inSliceRow(bool batch) {
    return batch ? columnsOf(QStringLiteral("sl")) : kParams;
}

namespace {

// The bearing from p to row s (backward) or from s to q (forward), where p / q is the nearest row at least
// 0.3 m away; NULL when the context has none. Used only for rows whose neighbour on that side is within
// 0.3 m. When the other side moved (a lane end), p / q is nearly always a few rows away: the index is
// stepped through row by row first. Otherwise (standing, slow) the block search runs: the context's
// 5-minute blocks have bounding boxes (eb); a block whose farthest corner is provably under 0.3 m from
// every row of the row's own block cannot hold p or q, so the index search covers only the own block (when
// it is not provably near) and everything beyond the nearest block that is not.
QString nearestBearing(bool backward, bool batch) {
    const SliceNames slice = inSubquery(batch);
    const QString phiM = QStringLiteral("(m.lat * 0.017453292519943295::float8)");
    const QString lamM = QStringLiteral("(m.lon * 0.017453292519943295::float8)");
    const QString phi = QStringLiteral("s.phi"), lam = QStringLiteral("s.lam");
    const QString rows = fill(QStringLiteral("SELECT {DX} AS dx, {DY} AS dy, m.observed_at FROM "
                                             "mower_positions m WHERE m.mower_id = {M} AND "),
                              {{"M", slice.mower},
                               {"DX", backward ? dxExpr(phiM, lamM, phi, lam) : dxExpr(phi, lam, phiM, lamM)},
                               {"DY", backward ? dyExpr(phiM, phi) : dyExpr(phi, phiM)}});
    const QString far = QStringLiteral("sqrt(x.dx * x.dx + x.dy * x.dy) >= 0.3::float8");
    const QString order = backward ? QStringLiteral("DESC") : QStringLiteral("ASC");
    const auto nearest = [&](const QString& range) {
        return fill(QStringLiteral("(SELECT atan2(x.dx, x.dy) FROM ({ROWS}{RANGE}) x WHERE {FAR}"
                                   " ORDER BY x.observed_at {ORDER} LIMIT 1)"),
                    {{"ROWS", rows}, {"RANGE", range}, {"FAR", far}, {"ORDER", order}});
    };
    const QString shortSearch =
        fill(QStringLiteral(
                 "(SELECT atan2(x.dx, x.dy) FROM ({ROWS}{RANGE} ORDER BY m.observed_at {ORDER} LIMIT {N}) x"
                 " WHERE {FAR} ORDER BY x.observed_at {ORDER} LIMIT 1)"),
             {{"ROWS", rows},
              {"RANGE",
               backward ? QStringLiteral("m.observed_at < s.t_p AND m.observed_at >= ") + slice.contextLow()
                        : QStringLiteral("m.observed_at > s.t_n AND m.observed_at < ") + slice.contextHigh()},
              {"ORDER", order},
              {"N", QString::number(kShortSearchRows)},
              {"FAR", far}});
    const QString own = nearest(
        backward ? QStringLiteral("e.own_far AND m.observed_at < s.t_p AND m.observed_at >= e.k")
                 : QStringLiteral(
                       "e.own_far AND m.observed_at > s.t_n AND m.observed_at < e.k + interval '5 minutes'"));
    const QString beyond =
        nearest(backward ? QStringLiteral("m.observed_at < least(s.t_p, e.back_edge) AND m.observed_at >= ") +
                               slice.contextLow()
                         : QStringLiteral("m.observed_at > greatest(s.t_n, e.fwd_edge - interval '1 "
                                          "microsecond') AND m.observed_at < ") +
                               slice.contextHigh());
    // The row's block by binary search in the sorted block starts (in a batch, of its slice's blocks); with
    // no blocks (near a pole or over a huge span, see geo) the arrays are NULL, own_far true and the edges
    // NULL: the search is linear. A row whose own block is near and that has no far block on that side has
    // no p (or q): nothing is searched. The far edge lies beyond the own block (back_edge ≤ its start,
    // fwd_edge ≥ its end), so the own block's nearest row, when there is one, is nearer than any beyond:
    // the first of the two searches that finds a row decides.
    const QString blockSearch = fill(
        QStringLiteral(
            "(SELECT coalesce({OWN}, {BEYOND}) FROM (SELECT eb.ks[w.i] AS k, coalesce(eb.own_far[w.i], true) "
            "AS "
            "own_far,"
            " eb.back_edge[w.i] AS back_edge, eb.fwd_edge[w.i] AS fwd_edge"
            " FROM eb CROSS JOIN LATERAL (SELECT width_bucket(s.t, eb.ks) AS i OFFSET 0) w{SLICE} OFFSET 0) e"
            " WHERE e.own_far OR {EDGE})"),
        {{"SLICE", batch ? QStringLiteral(" WHERE eb.k = s.k") : QString()},
         {"OWN", own},
         {"BEYOND", beyond},
         {"EDGE", backward ? QStringLiteral("e.back_edge > '-infinity'::timestamptz")
                           : QStringLiteral("e.fwd_edge < 'infinity'::timestamptz")}});
    return fill(
        QStringLiteral("CASE WHEN {OTHER} >= 0.3::float8 THEN coalesce({SHORT}, {BLOCKS}) ELSE {BLOCKS} END"),
        {{"OTHER", backward ? QStringLiteral("s.d_n") : QStringLiteral("s.d_p")},
         {"SHORT", shortSearch},
         {"BLOCKS", blockSearch}});
}

} // namespace

Rules rules(bool batch) {
    Rules r;
    // t_p < t, so t_p lies in another bin than t exactly when it lies before the start of t's bin.
    r.bin = fill(QStringLiteral("(t_p IS NULL OR t_p < date_bin(CASE WHEN b OR d_p > 1::float8 THEN "
                                "$4::interval ELSE $5::interval END,"
                                " t, {ANCHOR}))"),
                 {{"ANCHOR", ContextDigest::anchor()}});
    r.gap = QStringLiteral("(t_p IS NULL OR t_n IS NULL OR t_p < t - interval '120 seconds' OR t_n > t + "
                           "interval '120 seconds')");
    r.blades = QStringLiteral("(coalesce(c % 2 <> c_p % 2, false) OR coalesce(c % 2 <> c_n % 2, false))");
    r.rtk = QStringLiteral("(coalesce(c / 2 <> c_p / 2, false) OR coalesce(c / 2 <> c_n / 2, false))");
    r.edges = QStringLiteral("(c <> c_p OR c <> c_n)");
    // One hashed set of the slice's error instants; a batch probes the history's primary key per row instead
    // (only rows that no cheaper rule keeps get here).
    r.error =
        batch
            ? QStringLiteral("EXISTS (SELECT 1 FROM mower_history h WHERE h.mower_id = ($1::uuid[])[1] AND "
                             "h.observed_at = s.t AND h.error_code IS NOT NULL)")
            : QStringLiteral("(t IN (SELECT h.observed_at FROM mower_history h WHERE h.mower_id = $1"
                             " AND h.observed_at >= $2::timestamptz AND h.observed_at < $3::timestamptz AND "
                             "h.error_code IS NOT NULL))");
    // Turn. With both steps at least 0.3 m (nearly every row) the headings are the steps themselves, and
    // the cosine of the angle between them settles all but a band around 25°, where the spec's bearing
    // difference decides. Otherwise the nearest rows at least 0.3 m away are searched (q only when p exists).
    const QString both = QStringLiteral("d_p >= 0.3::float8 AND d_n >= 0.3::float8");
    const QString cosine = QStringLiteral("(dx_p * dx_n + dy_p * dy_n) / (d_p * d_n)");
    const QString bearingIn =
        QStringLiteral(
            "CASE WHEN s.d_p >= 0.3::float8 THEN atan2(s.dx_p, s.dy_p) WHEN s.t_p IS NOT NULL THEN ") +
        nearestBearing(true, batch) + QStringLiteral(" END");
    const QString bearingOut =
        QStringLiteral(
            "CASE WHEN s.d_n >= 0.3::float8 THEN atan2(s.dx_n, s.dy_n) WHEN s.t_n IS NOT NULL THEN ") +
        nearestBearing(false, batch) + QStringLiteral(" END");
    const QString farTurn = fill(
        QStringLiteral(
            "(SELECT CASE WHEN y.bi IS NULL THEN false ELSE coalesce((SELECT abs({NORM}) > $6::float8"
            " FROM (SELECT {OUT} - y.bi AS d OFFSET 0) z), false) END FROM (SELECT {IN} AS bi OFFSET 0) y)"),
        {{"NORM", normalised(QStringLiteral("z.d"))}, {"OUT", bearingOut}, {"IN", bearingIn}});
    r.turn = fill(
        QStringLiteral(
            "(CASE WHEN {BOTH} THEN CASE WHEN {COS} > $7::float8 THEN false WHEN {COS} < $8::float8 THEN true"
            " ELSE abs({NEAR}) > $6::float8 END ELSE {FAR} END)"),
        {{"BOTH", both},
         {"COS", cosine},
         {"NEAR", normalised(QStringLiteral("(atan2(dx_n, dy_n) - atan2(dx_p, dy_p))"))},
         {"FAR", farTurn}});
    return r;
}

QString keepExpr(const Rules& r) {
    return QStringLiteral("(") + r.gap + QStringLiteral(" OR ") + r.edges + QStringLiteral(" OR ") + r.bin +
           QStringLiteral(" OR ") + r.error + QStringLiteral(" OR ") + r.turn + QStringLiteral(")");
}

QString reasonsExpr(const Rules& r) {
    return fill(QStringLiteral("({BIN}::int | ({GAP}::int << 1) | ({BLADES}::int << 2) | ({RTK}::int << 3)"
                               " | ({TURN}::int << 4) | ({ERROR}::int << 5))"),
                {{"BIN", r.bin},
                 {"GAP", r.gap},
                 {"BLADES", r.blades},
                 {"RTK", r.rtk},
                 {"TURN", r.turn},
                 {"ERROR", r.error}});
}

} // namespace tidemark::positions::thinningsql
