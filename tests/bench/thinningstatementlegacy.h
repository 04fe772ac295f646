#pragma once

// The thinning statement as it was before the single-pass rewrite (commit a93e729), kept only so that
// bench_thinning can measure the old and the new statement side by side in one run. Not used by the product.
// Parameters: $1 mower, $2/$3 slice begin/end, $4/$5 active/idle bin width (interval), $6 turn (radians).

#include <QString>

namespace tidemark::positions::legacy {

inline const QString kRadians = QStringLiteral("0.017453292519943295::float8");
inline const QString kRadius = QStringLiteral("6371008.8::float8");
// Neighbours on each side that the window functions hand to the turn rule; rows whose nearest row at least
// 0.3 m away lies further out take the index search. One is fastest on 1 Hz mowing (0.35 m steps).
// (With one, lag(t, 1) is t_p itself: the statement relies on that, see sl.)
constexpr int kWindowNeighbours = 1;
static_assert(kWindowNeighbours == 1, "sl takes t_pk / t_nk from lag(t) / lead(t)");

// planeStep(a → b) of geodesy.h, same operations in the same order (phi/lam are already in radians).
inline QString dxExpr(const QString& phiA, const QString& lamA, const QString& phiB, const QString& lamB) {
    return QStringLiteral("(%1 * (%5 - %3) * cos((%2 + %4) / 2::float8))")
        .arg(kRadius, phiA, lamA, phiB, lamB);
}
inline QString dyExpr(const QString& phiA, const QString& phiB) {
    return QStringLiteral("(%1 * (%3 - %2))").arg(kRadius, phiA, phiB);
}
inline QString distExpr(const QString& dx, const QString& dy) {
    return QStringLiteral("sqrt(%1 * %1 + %2 * %2)").arg(dx, dy);
}

// The nearest row at least 0.3 m away beyond the three neighbours that the window functions already gave,
// for rows whose three neighbours on that side are all within 0.3 m (slow or standing). Exact, and not
// quadratic on standing jitter: the context's 5-minute blocks have bounding boxes (blk); a block whose
// farthest corner is provably under 0.3 m from row i (plane distance × the plane's worst-case distortion
// + 1e-6 m) cannot hold p or q, so the index search through ix_mower_positions_mower_time covers only the
// row's own block (when it is not provably near) and everything beyond the nearest block that is not.
inline QString farSearch(bool backward) {
    const QString phiM = QStringLiteral("(m.lat * ") + kRadians + QStringLiteral(")");
    const QString lamM = QStringLiteral("(m.lon * ") + kRadians + QStringLiteral(")");
    const QString phi = QStringLiteral("dd.phi"), lam = QStringLiteral("dd.lam");
    const QString dx = backward ? dxExpr(phiM, lamM, phi, lam) : dxExpr(phi, lam, phiM, lamM);
    const QString dy = backward ? dyExpr(phiM, phi) : dyExpr(phi, phiM);
    const QString s = backward ? QStringLiteral("p") : QStringLiteral("n");
    QString gate = QStringLiteral("dd.t_") + s + QStringLiteral("k IS NOT NULL");
    for (int k = 1; k <= kWindowNeighbours; ++k)
        gate += QStringLiteral(" AND dd.d_") + s + QString::number(k) + QStringLiteral(" < 0.3::float8");
    const QString head = QStringLiteral("(SELECT ") + dx + QStringLiteral(" AS dx, ") + dy +
                         QStringLiteral(" AS dy, m.observed_at FROM mower_positions m WHERE ") + gate +
                         QStringLiteral(" AND m.mower_id = $1 AND ");
    const QString tail = QStringLiteral(" AND ") + distExpr(dx, dy) +
                         QStringLiteral(" >= 0.3::float8 ORDER BY m.observed_at ") +
                         (backward ? QStringLiteral("DESC") : QStringLiteral("ASC")) +
                         QStringLiteral(" LIMIT 1)");
    const QString ownRange =
        backward
            ? QStringLiteral("dd.own_far AND m.observed_at < dd.t_pk AND m.observed_at >= dd.own")
            : QStringLiteral(
                  "dd.own_far AND m.observed_at > dd.t_nk AND m.observed_at < dd.own + interval '5 minutes'");
    const QString beyond =
        backward ? QStringLiteral("m.observed_at < least(dd.t_pk, dd.edge_back) AND m.observed_at >= "
                                  "$2::timestamptz - interval '10 minutes'")
                 : QStringLiteral("m.observed_at > greatest(dd.t_nk, dd.edge_fwd - interval '1 microsecond')"
                                  " AND m.observed_at < $3::timestamptz + interval '10 minutes'");
    return QStringLiteral("LEFT JOIN LATERAL (SELECT u.dx, u.dy FROM (") + head + ownRange + tail +
           QStringLiteral(" UNION ALL ") + head + beyond + tail +
           QStringLiteral(") u ORDER BY u.observed_at ") +
           (backward ? QStringLiteral("DESC") : QStringLiteral("ASC")) + QStringLiteral(" LIMIT 1) far_") +
           s + QStringLiteral(" ON true");
}

inline QString judgedCtes() {
    QString neighbours;
    QString steps;
    QString dists;
    for (int k = 1; k <= kWindowNeighbours; ++k) {
        neighbours += QStringLiteral(", lag(phi, %1) OVER w AS phi_p%1, lag(lam, %1) OVER w AS lam_p%1"
                                     ", lead(phi, %1) OVER w AS phi_n%1, lead(lam, %1) OVER w AS lam_n%1")
                          .arg(k);
        const QString pp = QStringLiteral("phi_p%1").arg(k), lp = QStringLiteral("lam_p%1").arg(k);
        const QString pn = QStringLiteral("phi_n%1").arg(k), ln = QStringLiteral("lam_n%1").arg(k);
        steps += QStringLiteral(", %1 AS dx_p%3, %2 AS dy_p%3")
                     .arg(dxExpr(pp, lp, QStringLiteral("phi"), QStringLiteral("lam")),
                          dyExpr(pp, QStringLiteral("phi")))
                     .arg(k);
        steps += QStringLiteral(", %1 AS dx_n%3, %2 AS dy_n%3")
                     .arg(dxExpr(QStringLiteral("phi"), QStringLiteral("lam"), pn, ln),
                          dyExpr(QStringLiteral("phi"), pn))
                     .arg(k);
        dists += QStringLiteral(", %1 AS d_p%3, %2 AS d_n%3")
                     .arg(distExpr(QStringLiteral("dx_p%1").arg(k), QStringLiteral("dy_p%1").arg(k)),
                          distExpr(QStringLiteral("dx_n%1").arg(k), QStringLiteral("dy_n%1").arg(k)))
                     .arg(k);
    }
    const auto heading = [](const QString& side, const QString& axis) {
        QString text = QStringLiteral("CASE");
        for (int k = 1; k <= kWindowNeighbours; ++k)
            text += QStringLiteral(" WHEN dd.d_") + side + QString::number(k) +
                    QStringLiteral(" >= 0.3::float8 THEN dd.") + axis + QLatin1Char('_') + side +
                    QString::number(k);
        return text + QStringLiteral(" ELSE fs.") + side + QLatin1Char('_') + axis + QStringLiteral(" END");
    };
    const QString delta = QStringLiteral("delta");
    const QString normalised =
        QStringLiteral("(%1 - 2::float8 * pi() * floor((%1 + pi()) / (2::float8 * pi())))").arg(delta);
    const QString width =
        QStringLiteral("CASE WHEN b OR d_p1 > 1::float8 THEN $4::interval ELSE $5::interval END");
    const QString anchor = QStringLiteral("'2000-01-01 00:00:00+00'::timestamptz");

    return QStringLiteral(
               "WITH ctx AS ("
               " SELECT observed_at AS t, blades_on AS b, rtk_fix AS r, lat * %1 AS phi, lon * %1 AS lam"
               " FROM mower_positions WHERE mower_id = $1"
               " AND observed_at >= $2::timestamptz - interval '10 minutes'"
               " AND observed_at < $3::timestamptz + interval '10 minutes'"
               " ORDER BY observed_at DESC),"
               // The context's 5-minute blocks with their bounding boxes on a plane at its mid latitude, and
               // the plane's worst-case distance distortion sc (|cos φm − cos φ0| ≤ |φm − φ0|); none near a
               // pole.
               " geo AS (SELECT cos((min(phi) + max(phi)) / 2) AS c0, (max(phi) - min(phi)) / 2 AS half FROM "
               "ctx),"
               " blk AS MATERIALIZED (SELECT date_bin('5 minutes', c.t, '2000-01-01 "
               "00:00:00+00'::timestamptz) AS bt,"
               " min(6371008.8::float8 * c.lam * g.c0) AS x0, max(6371008.8::float8 * c.lam * g.c0) AS x1,"
               " min(6371008.8::float8 * c.phi) AS y0, max(6371008.8::float8 * c.phi) AS y1,"
               " ((0.3::float8 - 1e-6::float8) / max(1 + g.half / g.c0 + 1e-9::float8)) ^ 2 AS lim2"
               " FROM ctx c CROSS JOIN geo g WHERE g.c0 > 0.05::float8 AND g.half / g.c0 < 0.1::float8 GROUP "
               "BY 1),"
               " nb AS (SELECT t, b, r, phi, lam, lag(t) OVER w AS t_p, lead(t) OVER w AS t_n,"
               " lag(b) OVER w AS b_p, lead(b) OVER w AS b_n,"
               " lag(r) OVER w AS r_p, lead(r) OVER w AS r_n%2 FROM ctx WINDOW w AS (ORDER BY t)),"
               " sl AS MATERIALIZED (SELECT t, b, r, phi, lam, t_p, t_n, t_p AS t_pk, t_n AS t_nk, b_p, b_n, "
               "r_p, r_n%3 FROM nb"
               " WHERE t >= $2::timestamptz AND t < $3::timestamptz),"
               // Per block: whether its own rows may lie 0.3 m apart (its diagonal), and the nearest block
               // before and after it that may hold a row 0.3 m or more from one of its rows (the farthest
               // corners of the two boxes). Every block in between is provably near all rows of the block:
               // skipped.
               " eb AS (SELECT a.bt AS k, (a.x1 - a.x0) ^ 2 + (a.y1 - a.y0) ^ 2 >= a.lim2 AS own_far,"
               " max(b.bt) FILTER (WHERE b.bt < a.bt AND greatest(abs(a.x1 - b.x0), abs(b.x1 - a.x0)) ^ 2"
               " + greatest(abs(a.y1 - b.y0), abs(b.y1 - a.y0)) ^ 2 >= a.lim2) AS back_far,"
               " min(b.bt) FILTER (WHERE b.bt > a.bt AND greatest(abs(a.x1 - b.x0), abs(b.x1 - a.x0)) ^ 2"
               " + greatest(abs(a.y1 - b.y0), abs(b.y1 - a.y0)) ^ 2 >= a.lim2) AS fwd_far"
               " FROM blk a CROSS JOIN blk b GROUP BY a.bt, a.x0, a.x1, a.y0, a.y1, a.lim2),"
               " dd AS MATERIALIZED (SELECT sl.*%4, eb.k AS own, coalesce(eb.own_far, true) AS own_far,"
               " CASE WHEN eb.k IS NOT NULL THEN coalesce(eb.back_far + interval '5 minutes', "
               "'-infinity'::timestamptz) END AS edge_back,"
               " CASE WHEN eb.k IS NOT NULL THEN coalesce(eb.fwd_far, 'infinity'::timestamptz) END AS "
               "edge_fwd"
               " FROM sl LEFT JOIN eb ON eb.k = date_bin('5 minutes', sl.t, '2000-01-01 "
               "00:00:00+00'::timestamptz)),"
               // Only the slow rows (a neighbour within 0.3 m) take the far search.
               " fs AS MATERIALIZED (SELECT dd.t, far_p.dx AS p_dx, far_p.dy AS p_dy, far_n.dx AS n_dx, "
               "far_n.dy AS n_dy"
               " FROM (SELECT * FROM dd WHERE (t_pk IS NOT NULL AND d_pKWIN < 0.3::float8)"
               " OR (t_nk IS NOT NULL AND d_nKWIN < 0.3::float8) OFFSET 0) dd %9 %10),"
               " hd AS MATERIALIZED (SELECT dd.t, dd.b, dd.r, dd.t_p, dd.t_n, dd.b_p, dd.b_n, dd.r_p, "
               "dd.r_n, dd.d_p1,"
               " atan2(%7, %8) - atan2(%5, %6) AS delta FROM dd LEFT JOIN fs ON fs.t = dd.t),"
               " judged AS (SELECT t,"
               " (t_p IS NULL OR date_bin(%11, t, %12) <> date_bin(%11, t_p, %12)) AS k_bin,"
               " (t_p IS NULL OR t_n IS NULL OR t - t_p > interval '120 seconds' OR t_n - t > interval '120 "
               "seconds') AS k_gap,"
               " (coalesce(b <> b_p, false) OR coalesce(b <> b_n, false)) AS k_blades,"
               " ((t_p IS NOT NULL AND r IS DISTINCT FROM r_p) OR (t_n IS NOT NULL AND r IS DISTINCT FROM "
               "r_n)) AS k_rtk,"
               " coalesce(abs(%13) > $6::float8, false) AS k_turn,"
               " EXISTS (SELECT 1 FROM mower_history h WHERE h.mower_id = $1 AND h.observed_at = hd.t"
               " AND h.error_code IS NOT NULL) AS k_error"
               " FROM hd)")
        .arg(kRadians, neighbours, steps, dists, heading(QStringLiteral("p"), QStringLiteral("dx")),
             heading(QStringLiteral("p"), QStringLiteral("dy")),
             heading(QStringLiteral("n"), QStringLiteral("dx")),
             heading(QStringLiteral("n"), QStringLiteral("dy")), farSearch(true))
        .arg(farSearch(false), width, anchor, normalised)
        .replace(QStringLiteral("KWIN"), QString::number(kWindowNeighbours));
}

// The Delete form: returns (rows of the slice, rows deleted).
inline QString thinningDeleteSql() {
    return judgedCtes() + QStringLiteral(", doomed AS (SELECT t FROM judged WHERE NOT (k_bin OR k_gap OR "
                                         "k_blades OR k_rtk OR k_turn OR k_error)),"
                                         " del AS (DELETE FROM mower_positions m USING doomed d"
                                         " WHERE m.mower_id = $1 AND m.observed_at = d.t RETURNING 1)"
                                         " SELECT (SELECT count(*) FROM judged), (SELECT count(*) FROM del)");
}

} // namespace tidemark::positions::legacy
