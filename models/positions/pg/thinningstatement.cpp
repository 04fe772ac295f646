#include "thinningstatement.h"

#include "contextdigest.h"
#include "error.h"
#include "geodesy.h"
#include "plannedreads.h"
#include "thinningexpressions.h"

#include <QStringList>
#include <cmath>

namespace tidemark::positions {

namespace {

using namespace thinningsql;

// Parameters of every form: $1 mower, $2 / $3 slice begin / end, $4 / $5 active / idle bin width,
// $6 the turn angle (radians), $7 / $8 the cosine band outside which the turn test needs no atan2.
constexpr int kParamCount = 8;
// Half-width of that band. Inside it the spec's exact bearing difference decides; outside it the cosine of
// the angle between the headings (a few ulp of error, 1e-9 ≈ 2e-9 rad of margin) cannot be on the wrong side.
constexpr double kCosineBand = 1e-9;

// The rows of the slice's context in index order, from mower_positions; in a batch, each slice's own
// context (a lateral index scan) with its slice's index and names. withRowId adds the row's ctid (tid).
QString contextRows(bool batch, bool withRowId) {
    const QString columns = fill(
        QStringLiteral("{CTID}observed_at AS t, blades_on AS b, coalesce(rtk_fix + 1, 0) * 2 + "
                       "blades_on::int AS c,"
                       " lat * 0.017453292519943295::float8 AS phi, lon * 0.017453292519943295::float8 AS "
                       "lam FROM mower_positions"),
        {{"CTID", withRowId ? QStringLiteral("ctid AS tid, ") : QString()}});
    const SliceNames slice = inSliceRow(batch);
    const QString where =
        fill(QStringLiteral(" WHERE mower_id = {M} AND observed_at >= {LO} AND observed_at < {HI}"),
             {{"M", slice.mower}, {"LO", slice.contextLow()}, {"HI", slice.contextHigh()}});
    if (!batch)
        return QStringLiteral("SELECT ") + columns + where;
    return QStringLiteral("SELECT sl.k, sl.sm, sl.sb, sl.se, p.* FROM sl CROSS JOIN LATERAL (SELECT ") +
           columns + where + QStringLiteral(") p");
}

// The CTEs up to s: one row per row of the slice with its neighbours and both steps. withRowId adds the
// row's ctid (tid), read by the same index scan, for the delete. A batch starts with sl, its slices (the
// arrays $1, $2, $3 with their index k), and partitions every step by k.
QString sliceCtes(bool withRowId, bool batch) {
    const QString phiP = QStringLiteral("phi_p"), lamP = QStringLiteral("lam_p");
    const QString phiN = QStringLiteral("phi_n"), lamN = QStringLiteral("lam_n");
    const QString phi = QStringLiteral("phi"), lam = QStringLiteral("lam");
    const SliceNames slice = inRows(batch);
    const QString k = batch ? QStringLiteral("k, ") : QString();
    return fill(
        QStringLiteral(
            "WITH {SL}"
            // The block search's data, computed only if some row takes the block search: the context's
            // 5-minute blocks with their bounding boxes on a plane at its mid latitude, and the plane's
            // worst-case distance distortion (|cos φm − cos φ0| ≤ |φm − φ0|); none near a pole.
            "blk0 AS (SELECT {K}date_bin('5 minutes', t, {ANCHOR}) AS bt, min(phi) AS p0, max(phi) AS p1,"
            " min(lam) AS l0, max(lam) AS l1 FROM ({CTX}) r GROUP BY {BGROUP}),"
            " geo AS (SELECT {K}cos((min(p0) + max(p1)) / 2) AS c0, (max(p1) - min(p0)) / 2 AS half FROM "
            "blk0{GK}),"
            // R·λ·c0 is monotonic in λ (c0 > 0), so the box of the block's projected rows is the projection
            // of its box in degrees.
            " blk AS MATERIALIZED (SELECT {CK}c.bt,"
            " 6371008.8::float8 * c.l0 * g.c0 AS x0, 6371008.8::float8 * c.l1 * g.c0 AS x1,"
            " 6371008.8::float8 * c.p0 AS y0, 6371008.8::float8 * c.p1 AS y1,"
            " ((0.3::float8 - 1e-6::float8) / (1 + g.half / g.c0 + 1e-9::float8)) ^ 2 AS lim2"
            " FROM blk0 c {GJOIN} WHERE g.c0 > 0.05::float8 AND g.half / g.c0 < 0.1::float8),"
            // Per block: whether its own rows may lie 0.3 m apart (its diagonal), and the nearest block
            // before and after it that may hold a row 0.3 m or more from one of its rows (the farthest
            // corners of the two boxes); every block in between is provably near all rows of the block.
            " eb1 AS (SELECT {AK}a.bt AS k, (a.x1 - a.x0) ^ 2 + (a.y1 - a.y0) ^ 2 >= a.lim2 AS own_far,"
            " f.back_far, f.fwd_far FROM blk a CROSS JOIN LATERAL (SELECT"
            " max(b.bt) FILTER (WHERE b.bt < a.bt AND greatest(abs(a.x1 - b.x0), abs(b.x1 - a.x0)) ^ 2"
            " + greatest(abs(a.y1 - b.y0), abs(b.y1 - a.y0)) ^ 2 >= a.lim2) AS back_far,"
            " min(b.bt) FILTER (WHERE b.bt > a.bt AND greatest(abs(a.x1 - b.x0), abs(b.x1 - a.x0)) ^ 2"
            " + greatest(abs(a.y1 - b.y0), abs(b.y1 - a.y0)) ^ 2 >= a.lim2) AS fwd_far"
            " FROM blk b{BWHERE}) f),"
            // The same as one row of arrays sorted by block start, so that a row finds its block by
            // width_bucket instead of a join (in a batch, a row for each slice, NULL arrays without blocks).
            " eb AS MATERIALIZED ({EB}),"
            // One pass over the context in index order: the neighbours. c packs blades_on and rtk_fix (NULL
            // included) into one value, so one lag / lead covers both rules.
            " a AS (SELECT {TID}{KEYS}t, b, c, phi, lam, lag(t) OVER w AS t_p, lead(t) OVER w AS t_n,"
            " lag(c) OVER w AS c_p, lead(c) OVER w AS c_n,"
            " lag(phi) OVER w AS phi_p, lag(lam) OVER w AS lam_p, lead(phi) OVER w AS phi_n,"
            " lead(lam) OVER w AS lam_n"
            " FROM ({ROWS}) r"
            // lag and lead ignore the frame; this one lets the window keep only the rows around the
            // current one (measured: the default frame costs about 15 % more).
            " WINDOW w AS ({PARTITION}ORDER BY t ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)),"
            // The slice's rows with the steps to both neighbours and their lengths, computed for the slice's
            // rows only (OFFSET 0: once per row, not per use).
            " s AS (SELECT {TID}{KEYS}t, b, c, phi, lam, t_p, t_n, c_p, c_n, dx_p, dy_p, dx_n, dy_n,"
            " sqrt(dx_p * dx_p + dy_p * dy_p) AS d_p, sqrt(dx_n * dx_n + dy_n * dy_n) AS d_n"
            " FROM (SELECT {TID}{KEYS}t, b, c, phi, lam, t_p, t_n, c_p, c_n,"
            " {DXP} AS dx_p, {DYP} AS dy_p, {DXN} AS dx_n, {DYN} AS dy_n"
            " FROM a WHERE t >= {BEGIN} AND t < {END} OFFSET 0) q"
            " OFFSET 0)"),
        {{"SL", batch
                    ? QStringLiteral("sl AS (SELECT x.sm, x.sb, x.se, x.k FROM unnest($1::uuid[], "
                                     "$2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS x(sm, sb, se, "
                                     "k)), ")
                    : QString()},
         {"CTX", contextRows(batch, false)},
         {"K", k},
         {"GK", batch ? QStringLiteral(" GROUP BY k") : QString()},
         {"CK", batch ? QStringLiteral("c.k, ") : QString()},
         {"GJOIN", batch ? QStringLiteral("JOIN geo g ON g.k = c.k") : QStringLiteral("CROSS JOIN geo g")},
         {"BGROUP", batch ? QStringLiteral("1, 2") : QStringLiteral("1")},
         {"AK", batch ? QStringLiteral("a.k AS sk, ") : QString()},
         {"BWHERE", batch ? QStringLiteral(" WHERE b.k = a.k") : QString()},
         {"EB",
          batch
              ? QStringLiteral(
                    "SELECT sl.k, array_agg(e.k ORDER BY e.k) FILTER (WHERE e.k IS NOT NULL) AS ks,"
                    " array_agg(e.own_far ORDER BY e.k) FILTER (WHERE e.k IS NOT NULL) AS own_far,"
                    " array_agg(coalesce(e.back_far + interval '5 minutes', '-infinity'::timestamptz) ORDER "
                    "BY e.k) FILTER (WHERE e.k IS NOT NULL) AS back_edge,"
                    " array_agg(coalesce(e.fwd_far, 'infinity'::timestamptz) ORDER BY e.k) FILTER (WHERE e.k"
                    " IS NOT NULL) AS fwd_edge FROM sl LEFT JOIN eb1 e ON e.sk = sl.k GROUP BY sl.k")
              : QStringLiteral(
                    "SELECT array_agg(k ORDER BY k) AS ks, array_agg(own_far ORDER BY k) AS own_far,"
                    " array_agg(coalesce(back_far + interval '5 minutes', '-infinity'::timestamptz) ORDER BY "
                    "k) AS back_edge,"
                    " array_agg(coalesce(fwd_far, 'infinity'::timestamptz) ORDER BY k) AS fwd_edge FROM "
                    "eb1")},
         {"ROWS", contextRows(batch, withRowId)},
         {"KEYS", batch ? QStringLiteral("k, sm, sb, se, ") : QString()},
         {"PARTITION", batch ? QStringLiteral("PARTITION BY k ") : QString()},
         {"BEGIN", slice.begin},
         {"END", slice.end},
         {"ANCHOR", ContextDigest::anchor()},
         {"TID", withRowId ? QStringLiteral("tid, ") : QString()},
         {"DXP", dxExpr(phiP, lamP, phi, lam)},
         {"DYP", dyExpr(phiP, phi)},
         {"DXN", dxExpr(phi, lam, phiN, lamN)},
         {"DYN", dyExpr(phi, phiN)}});
}

// The delete of the rows that judged does not keep, addressed by the ctid that the statement's own index
// scan read: one TID scan over the sorted list, a heap fetch per row, no second index descent per row and
// no rescan per row (a nested loop of TID scans costs a file-size lseek per row). Within the statement's
// snapshot a ctid names exactly the row version that was judged; the mower_id test is a guard only.
QString deleteCte(const QString& condition, bool batch) {
    return fill(
        QStringLiteral(", del AS (DELETE FROM mower_positions m WHERE m.ctid = ANY (ARRAY(SELECT j.tid "
                       "FROM judged j WHERE {C})) AND m.mower_id = {M} RETURNING {R})"),
        {{"C", condition},
         {"M", batch ? kBatchMower : QStringLiteral("$1")},
         {"R", batch ? QStringLiteral("m.ctid AS tid") : QStringLiteral("1")}});
}

// The earliest row of the slice's context without a finite position (NaN − NaN and inf − inf are NaN, which
// equals no 0), for the caller to roll the slice back (keep_set refuses such a context; PostgreSQL would
// order NaN above every number): of the slice's own rows from the judged rows' `bad` (their instant when
// not finite), of the ten minutes on either side from two scans of their own through the primary key. As a
// window aggregate over the whole frame it made the window pass spool the context a second time; as one
// scan of the whole context it read the slice's rows twice.
QString notFinite(const QString& phi, const QString& lam) {
    return fill(QStringLiteral("NOT coalesce({P} - {P} = 0::float8 AND {L} - {L} = 0::float8, false)"),
                {{"P", phi}, {"L", lam}});
}
const QString kBadColumn = QStringLiteral("CASE WHEN ") +
                           notFinite(QStringLiteral("phi"), QStringLiteral("lam")) +
                           QStringLiteral(" THEN t END AS bad");
QString badRowIn(const SliceNames& slice, const QString& from, const QString& to) {
    return fill(
        QStringLiteral("(SELECT min(observed_at) FROM mower_positions"
                       " WHERE mower_id = {M} AND observed_at >= {FROM} AND observed_at < {TO} AND {BAD})"),
        {{"M", slice.mower},
         {"FROM", from},
         {"TO", to},
         {"BAD", notFinite(QStringLiteral("(lat * 0.017453292519943295::float8)"),
                           QStringLiteral("(lon * 0.017453292519943295::float8)"))}});
}
// The first bad row as µs, given the slice rows' earliest (`ownBad`).
QString firstBadRow(const SliceNames& slice, const QString& ownBad) {
    return QStringLiteral("(extract(epoch FROM least(") + ownBad + QStringLiteral(", ") +
           badRowIn(slice, slice.contextLow(), slice.begin) + QStringLiteral(", ") +
           badRowIn(slice, slice.end, slice.contextHigh()) + QStringLiteral(")) * 1000000)::bigint");
}

} // namespace

ThinningStatement::ThinningStatement(const PositionSettings& settings)
    : m_activeWidth(QStringLiteral("%1 seconds").arg(settings.thinActiveSeconds)),
      m_idleWidth(QStringLiteral("%1 seconds").arg(settings.thinIdleSeconds)),
      m_turnRadians(kTurnDegrees * kRadiansPerDegree) {}

QString ThinningStatement::sql(Mode mode) {
    const bool batch = mode == Mode::DeleteSlices;
    const Rules r = rules(batch);
    const QString epoch = QStringLiteral("(extract(epoch FROM t) * 1000000)::bigint");
    // The context's first bad row, none when the slice has no row.
    const QString badRow = QStringLiteral("CASE WHEN count(*) > 0 THEN ") +
                           firstBadRow(kParams, QStringLiteral("min(bad)")) + QStringLiteral(" END");
    const QString contextLow = kParams.contextLow(), contextHigh = kParams.contextHigh();
    switch (mode) {
    case Mode::CountPlanned:
        return PlannedReads::asTheRoundFindsThem(
            sliceCtes(false, false) + QStringLiteral(" SELECT count(*), count(*) FILTER (WHERE NOT keep), ") +
            badRow + QStringLiteral(", ") +
            ContextDigest::sql(QStringLiteral("$1"), contextLow, contextHigh) +
            QStringLiteral(", (array_agg(t ORDER BY t) FILTER (WHERE NOT keep AND t >= $3::timestamptz - "
                           "interval '10 minutes'))::text FROM (SELECT *, ") +
            keepExpr(r) + QStringLiteral(" AS keep, ") + kBadColumn + QStringLiteral(" FROM s OFFSET 0) s"));
    case Mode::CountPlannedSlices: {
        const SliceNames row = inSliceRow(true);
        return PlannedReads::asTheRoundFindsThem(
            sliceCtes(false, true) + QStringLiteral(", judged AS MATERIALIZED (SELECT k, t, se, ") +
                keepExpr(rules(true)) + QStringLiteral(" AS keep, ") + kBadColumn +
                QStringLiteral(
                    " FROM s), jc AS (SELECT k, count(*) AS n, count(*) FILTER (WHERE NOT keep) AS d, "
                    "min(bad)"
                    " AS bad, (array_agg(t ORDER BY t) FILTER (WHERE NOT keep AND t >= se - interval '10 "
                    "minutes'))::text AS tail FROM judged GROUP BY k)"
                    " SELECT sl.k, coalesce(jc.n, 0), coalesce(jc.d, 0), CASE WHEN jc.n > 0 THEN ") +
                firstBadRow(row, QStringLiteral("jc.bad")) + QStringLiteral(" END, ") +
                ContextDigest::sql(row.mower, row.contextLow(), row.contextHigh()) +
                QStringLiteral(", jc.tail FROM sl LEFT JOIN jc ON jc.k = sl.k ORDER BY sl.k"),
            true);
    }
    case Mode::DeleteChecked:
        return sql(Mode::Delete) + QStringLiteral(", ") +
               ContextDigest::sql(QStringLiteral("$1"), contextLow, contextHigh);
    case Mode::DeleteSlicesChecked: {
        const SliceNames row = inSliceRow(true);
        QString text = sql(Mode::DeleteSlices);
        const QString from = QStringLiteral(" FROM sl LEFT JOIN jc");
        text.insert(text.lastIndexOf(from),
                    QStringLiteral(", ") +
                        ContextDigest::sql(row.mower, row.contextLow(), row.contextHigh()));
        return text;
    }
    case Mode::Delete:
        return sliceCtes(true, false) + QStringLiteral(", judged AS MATERIALIZED (SELECT tid, ") +
               keepExpr(r) + QStringLiteral(" AS keep, ") + kBadColumn + QStringLiteral(" FROM s)") +
               deleteCte(QStringLiteral("NOT j.keep"), false) +
               QStringLiteral(" SELECT (SELECT count(*) FROM judged), (SELECT count(*) FROM del), (SELECT ") +
               badRow + QStringLiteral(" FROM judged)");
    case Mode::DeleteSlices:
        return sliceCtes(true, true) + QStringLiteral(", judged AS MATERIALIZED (SELECT k, tid, ") +
               keepExpr(r) + QStringLiteral(" AS keep, ") + kBadColumn + QStringLiteral(" FROM s)") +
               deleteCte(QStringLiteral("NOT j.keep"), true) +
               QStringLiteral(
                   ", jc AS (SELECT k, count(*) AS n, min(bad) AS bad FROM judged GROUP BY k),"
                   " dc AS (SELECT j.k, count(*) AS n FROM del d JOIN judged j ON j.tid = d.tid GROUP "
                   "BY j.k)"
                   " SELECT sl.k, coalesce(jc.n, 0), coalesce(dc.n, 0), CASE WHEN jc.n > 0 THEN ") +
               firstBadRow(inSliceRow(true), QStringLiteral("jc.bad")) +
               QStringLiteral(
                   " END FROM sl LEFT JOIN jc ON jc.k = sl.k LEFT JOIN dc ON dc.k = sl.k ORDER BY sl.k");
    case Mode::Count:
        return sliceCtes(false, false) + QStringLiteral(" SELECT count(*), count(*) FILTER (WHERE NOT ") +
               keepExpr(r) + QStringLiteral("), ") + badRow + QStringLiteral(" FROM (SELECT *, ") +
               kBadColumn + QStringLiteral(" FROM s) s");
    case Mode::Reasons:
        return sliceCtes(false, false) + QStringLiteral(", judged AS (SELECT t, ") + reasonsExpr(r) +
               QStringLiteral(" AS reasons FROM s) SELECT ") + epoch +
               QStringLiteral(", reasons FROM judged WHERE reasons <> 0 ORDER BY t");
    case Mode::DeleteReturningReasons:
        return sliceCtes(true, false) + QStringLiteral(", judged AS MATERIALIZED (SELECT tid, t, ") +
               reasonsExpr(r) + QStringLiteral(" AS reasons FROM s)") +
               deleteCte(QStringLiteral("j.reasons = 0"), false) + QStringLiteral(" SELECT ") + epoch +
               QStringLiteral(", reasons FROM judged WHERE reasons <> 0 ORDER BY t");
    }
    return {};
}

std::vector<PgParam> ThinningStatement::params(const SliceRange& slice) const {
    const double cosTurn = std::cos(m_turnRadians);
    return {slice.mowerId.toString(QUuid::WithoutBraces),
            formatIsoTimestamp(slice.begin),
            formatIsoTimestamp(slice.end),
            m_activeWidth,
            m_idleWidth,
            m_turnRadians,
            cosTurn + kCosineBand,
            cosTurn - kCosineBand};
}

std::vector<PgParam> ThinningStatement::params(const std::vector<SliceRange>& slices) const {
    QStringList mowers, begins, ends;
    for (const SliceRange& slice : slices) {
        mowers << slice.mowerId.toString(QUuid::WithoutBraces);
        begins << formatIsoTimestamp(slice.begin);
        ends << formatIsoTimestamp(slice.end);
    }
    std::vector<PgParam> all = params(slices.front());
    all[0] = pgPlainArray(mowers);
    all[1] = pgPlainArray(begins);
    all[2] = pgPlainArray(ends);
    return all;
}

// Planning the statement costs about as much as running it on a slice, so it is prepared once per
// connection (a named server-side statement) and then only executed, always with its generic plan: the
// parameters only choose the slice, and the generic plan's estimates (a small share of one mower's rows)
// give the plan wanted at any table size (index scan in order, nested loops). The custom plans of a
// large table would cost the statement past jit_above_cost, and compiling it takes longer than a slice:
// both settings are made for the statement's transaction only.
QString ThinningStatement::transactionSettings() {
    return QStringLiteral("SET LOCAL jit = off; SET LOCAL plan_cache_mode = force_generic_plan");
}

QByteArray ThinningStatement::prepared(PgConnection& db, Mode mode) const {
    const QByteArray name = statementName(mode);
    if (!db.isPrepared(name)) {
        try {
            db.prepare(name, sql(mode), kParamCount);
        } catch (const Error& e) {
            throw Error(Error::Kind::Failed,
                        QStringLiteral("preparing the thinning statement: %1").arg(e.message()),
                        e.sqlState());
        }
    }
    return name;
}

PgStatement ThinningStatement::statementFor(const SliceRange& slice, Mode mode) const {
    return {sql(mode), params(slice), statementName(mode)};
}

PgStatement ThinningStatement::statementFor(const std::vector<SliceRange>& slices, bool checked) const {
    const Mode mode = checked ? Mode::DeleteSlicesChecked : Mode::DeleteSlices;
    return {sql(mode), params(slices), statementName(mode)};
}

PgStatement ThinningStatement::statementFor(const SliceRange& slice, const Pending& pending) const {
    std::vector<PgParam> all = params(slice);
    all.push_back(slice.begin == pending.until ? pending.deletedBefore : QStringLiteral("{}"));
    all.push_back(pending.ageLimit);
    return {sql(Mode::CountPlanned), all, statementName(Mode::CountPlanned)};
}

PgStatement ThinningStatement::statementFor(const std::vector<SliceRange>& slices,
                                            const Pending& pending) const {
    std::vector<PgParam> all = params(slices);
    all.push_back(slices.front().begin == pending.until ? pending.deletedBefore : QStringLiteral("{}"));
    all.push_back(pending.ageLimit);
    return {sql(Mode::CountPlannedSlices), all, statementName(Mode::CountPlannedSlices)};
}

QByteArray ThinningStatement::statementName(Mode mode) {
    return "tidemark_thin_v3_" + QByteArray::number(static_cast<int>(mode));
}

ThinningStatement::Counts ThinningStatement::countsOf(const PgResult& r) {
    Counts counts{r.toLong(0, 0), r.toLong(0, 1), std::nullopt, {}, {}};
    if (!r.isNull(0, 2))
        counts.badRowAt = r.toLong(0, 2);
    if (r.columns() > 3)
        counts.digest = r.text(0, 3);
    if (r.columns() > 4)
        counts.deletedTail = r.isNull(0, 4) ? QStringLiteral("{}") : r.text(0, 4);
    return counts;
}

std::vector<ThinningStatement::Counts> ThinningStatement::countsOfSlices(const PgResult& r) {
    std::vector<Counts> counts;
    counts.reserve(static_cast<std::size_t>(r.rows()));
    for (int row = 0; row < r.rows(); ++row) {
        counts.push_back({r.toLong(row, 1), r.toLong(row, 2), std::nullopt, {}, {}});
        if (!r.isNull(row, 3))
            counts.back().badRowAt = r.toLong(row, 3);
        if (r.columns() > 4)
            counts.back().digest = r.text(row, 4);
        if (r.columns() > 5)
            counts.back().deletedTail = r.isNull(row, 5) ? QStringLiteral("{}") : r.text(row, 5);
    }
    return counts;
}

PgResult ThinningStatement::execute(PgConnection& db, const SliceRange& slice, Mode mode) const {
    const QByteArray name = prepared(db, mode);
    const bool ownTransaction = !db.inTransaction();
    try {
        if (ownTransaction)
            db.execScript(QStringLiteral("BEGIN; ") + transactionSettings());
        PgResult r = db.execPrepared(name, params(slice));
        if (ownTransaction)
            db.exec(QStringLiteral("COMMIT"));
        return r;
    } catch (const Error& e) {
        if (ownTransaction)
            db.rollbackQuietly();
        throw Error(Error::Kind::Failed,
                    QStringLiteral("thinning slice %1..%2 of mower %3: %4")
                        .arg(formatIsoTimestamp(slice.begin), formatIsoTimestamp(slice.end),
                             slice.mowerId.toString(QUuid::WithoutBraces), e.message()),
                    e.sqlState());
    }
}

ThinningStatement::Counts ThinningStatement::run(PgConnection& db, const SliceRange& slice, Mode mode) const {
    if (mode != Mode::Delete && mode != Mode::Count)
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("ThinningStatement::run: use keptRows for the reasons, statementFor(slices) "
                           "for a batch"));
    return countsOf(execute(db, slice, mode));
}

std::vector<ThinningStatement::KeptInstant>
ThinningStatement::keptRows(PgConnection& db, const SliceRange& slice, bool deleteTheRest) const {
    const PgResult r = execute(db, slice, deleteTheRest ? Mode::DeleteReturningReasons : Mode::Reasons);
    std::vector<KeptInstant> kept;
    kept.reserve(static_cast<std::size_t>(r.rows()));
    for (int row = 0; row < r.rows(); ++row)
        kept.push_back({r.toLong(row, 0), static_cast<KeepReasons>(r.toLong(row, 1))});
    return kept;
}

} // namespace tidemark::positions
