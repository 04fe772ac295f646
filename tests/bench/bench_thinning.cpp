// Thinning benchmarks: keep_set rows/s per core; the SQL statement's rows scanned/s (old and new) next to a
// bare SELECT of the same window functions and a bare DELETE of the same rows by primary key, in one run; a
// first-run catch-up of a generated database. Uses TIDEMARK_TEST_PG when set, else a private throwaway
// cluster.
#include "bench_thinning_data.h"

#include "inmemorypositionstore.h"
#include "keepset.h"
#include "pgconnection.h"
#include "positionloader.h"
#include "positionsschema.h"
#include "schemamigrator.h"
#include "sliceplanner.h"
#include "testpostgres.h"
#include "thinninground.h"
#include "thinningstatement.h"
#include "thinningstatementlegacy.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <stdexcept>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

const Micros kFrom = Micros(1767225600) * kMicrosPerSecond; // 2026-01-01

double seconds(const QElapsedTimer& t) {
    return t.nsecsElapsed() / 1e9;
}

void benchKeepSet() {
    PositionSettings settings;
    std::vector<PositionRow> rows = bench::lawnTrack(0, kFrom, 4, 12).rows;
    // A standing night at 1 Hz, the worst case of the turn search.
    const Micros nightFrom = kFrom + 4 * kMicrosPerDay;
    std::mt19937_64 rng(7);
    std::normal_distribution<double> jitter(0, 0.03 / 111195.0);
    const PositionRow last = rows.back();
    std::vector<PositionRow> standing;
    for (Micros t = nightFrom; t < nightFrom + 8 * kMicrosPerHour; t += kMicrosPerSecond) {
        PositionRow r = last;
        r.observedAt = t;
        r.lat += jitter(rng);
        r.lon += jitter(rng);
        r.bladesOn = false;
        standing.push_back(r);
    }
    for (const auto& [name, data] :
         {std::pair<const char*, const std::vector<PositionRow>*>{"mowing 1 Hz", &rows},
          {"standing jitter 1 Hz", &standing}}) {
        KeepSet keepSet(settings);
        const auto slices =
            SlicePlanner::plan({}, std::nullopt, data->front().observedAt, data->back().observedAt + 1);
        long long scanned = 0, kept = 0;
        QElapsedTimer timer;
        timer.start();
        for (int repeat = 0; repeat < 5; ++repeat) {
            const auto byTime = [](const PositionRow& r, Micros t) { return r.observedAt < t; };
            for (const SliceRange& s : slices) {
                const auto a = std::lower_bound(data->begin(), data->end(), s.begin - kSliceContext, byTime);
                const auto b = std::lower_bound(a, data->end(), s.end + kSliceContext, byTime);
                const auto& k =
                    keepSet.evaluate(std::span<const PositionRow>(&*a, b - a), {}, s.begin, s.end);
                kept += static_cast<long long>(k.size());
                scanned += std::lower_bound(a, b, s.end, byTime) - std::lower_bound(a, b, s.begin, byTime);
            }
        }
        const double t = seconds(timer);
        std::printf("keep_set %-22s %10lld rows  %7.3f s  %7.1f M rows/s per core  (kept %.2f %%)\n", name,
                    scanned, t, scanned / t / 1e6, 100.0 * kept / scanned);
    }
}

void insertTrack(PgConnection& db, const MowerTrack& track) {
    const QString id = track.mowerId.toString(QUuid::WithoutBraces);
    for (std::size_t from = 0; from < track.rows.size(); from += 20000) {
        QStringList times, lats, lons, blades, rtks, wifis;
        for (std::size_t i = from; i < std::min(track.rows.size(), from + 20000); ++i) {
            const PositionRow& r = track.rows[i];
            times << QString::number(r.observedAt);
            lats << QString::number(r.lat, 'g', 17);
            lons << QString::number(r.lon, 'g', 17);
            blades << (r.bladesOn ? QStringLiteral("t") : QStringLiteral("f"));
            rtks << QString::number(r.rtkFix);
            wifis << QString::number(r.wifiRssi);
        }
        const auto array = [](const QStringList& l) {
            return QLatin1Char('{') + l.join(QLatin1Char(',')) + QLatin1Char('}');
        };
        db.exec(
            QStringLiteral(
                "INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on, rtk_fix, wifi_rssi)"
                " SELECT $1::uuid, to_timestamp(t / 1e6), la, lo, b, r, w FROM unnest($2::bigint[],"
                " $3::float8[], $4::float8[], $5::boolean[], $6::smallint[], $7::smallint[]) AS u(t, la, lo, "
                "b, r, w)"),
            {id, array(times), array(lats), array(lons), array(blades), array(rtks), array(wifis)});
    }
    for (Micros e : track.errorInstants)
        db.exec(QStringLiteral(
                    "INSERT INTO mower_history VALUES ($1, to_timestamp($2::bigint / 1e6), 'error', 3)"),
                {id, QString::number(e)});
}

// A server-side prepared statement run slice by slice, as the legacy statement did it.
class Prepared {
  public:
    Prepared(PgConnection& db, const char* name, const QString& sql) : m_db(db), m_name(name) {
        m_db.prepare(m_name, sql, 0);
    }
    std::pair<long long, long long> run(const std::vector<PgParam>& params) {
        const PgResult result = m_db.execPrepared(m_name, params);
        return {result.toLong(0, 0), result.toLong(0, 1)};
    }

  private:
    PgConnection& m_db;
    QByteArray m_name;
};

// The new Delete statement with its delete written as the spec's text has it, joined by primary key
// (USING judged, WHERE mower_id / observed_at), instead of by the ctids of its own scan; for comparison.
QString deleteByPrimaryKeySql() {
    QString sql = ThinningStatement::sql(ThinningStatement::Mode::Delete);
    const QString judged = QStringLiteral("judged AS MATERIALIZED (SELECT tid, ");
    const qsizetype from = sql.indexOf(QStringLiteral(", del AS (DELETE"));
    const qsizetype to = sql.indexOf(QStringLiteral(" RETURNING 1)"), from);
    if (!sql.contains(judged) || from < 0 || to < 0)
        throw std::runtime_error(
            "bench: the Delete statement no longer has the shape deleteByPrimaryKeySql expects");
    sql.replace(from, to - from,
                QStringLiteral(", del AS (DELETE FROM mower_positions m USING judged j"
                               " WHERE m.mower_id = $1 AND m.observed_at = j.t AND NOT j.keep"));
    return sql.replace(judged, QStringLiteral("judged AS MATERIALIZED (SELECT tid, t, "));
}

struct Variant {
    using Run =
        std::function<std::pair<long long, long long>(const SliceRange&)>; // (scanned, deleted) of a slice
    Variant(QString n, bool d, Run r) : name(std::move(n)), deletes(d), run(std::move(r)) {}
    QString name;
    bool deletes = false;
    Run run;
    std::vector<double> seconds;
    long long scanned = 0;
    long long deleted = 0;
    double best() const { return *std::min_element(seconds.begin(), seconds.end()); }
    double median() const {
        std::vector<double> v = seconds;
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    }
};

// statements: "old", "new", "pk" (the new one deleting by primary key); repeats: runs of each, interleaved.
void benchSql(int mowers, int days, const QStringList& statements, int repeats) {
    auto db = PgConnection::open(test::TestPostgres::createDatabase(QStringLiteral("bench_thinning")));
    SchemaMigrator(*db, positions::positionsSchema()).migrate();
    QElapsedTimer timer;
    timer.start();
    long long rows = 0;
    std::vector<QUuid> ids;
    for (int m = 0; m < mowers; ++m) {
        const MowerTrack track = bench::lawnTrack(m, kFrom, days);
        rows += static_cast<long long>(track.rows.size());
        ids.push_back(track.mowerId);
        insertTrack(*db, track);
    }
    db->exec(QStringLiteral("VACUUM ANALYZE mower_positions"));
    db->exec(QStringLiteral("VACUUM ANALYZE mower_history"));
    db->exec(QStringLiteral("CREATE TABLE bench_original AS SELECT * FROM mower_positions"));
    std::printf("generated %d mowers x %d days: %lld rows in %.1f s\n", mowers, days, rows, seconds(timer));

    PositionSettings settings;
    const Micros now = kFrom + days * kMicrosPerDay + settings.detailWindow();
    const Micros cutoff = settings.thinningCutoff(now);
    std::vector<SliceRange> slices;
    for (const QUuid& id : ids) {
        const auto plan = SlicePlanner::plan(id, std::nullopt, kFrom, cutoff);
        slices.insert(slices.end(), plan.begin(), plan.end());
    }
    const auto restore = [&] {
        db->exec(QStringLiteral("TRUNCATE mower_positions, mower_positions_thinning"));
        db->exec(QStringLiteral("INSERT INTO mower_positions SELECT * FROM bench_original"));
        db->exec(QStringLiteral("VACUUM ANALYZE mower_positions"));
    };
    const auto sliceParams = [](const SliceRange& s) {
        return std::vector<PgParam>{s.mowerId.toString(QUuid::WithoutBraces), formatIsoTimestamp(s.begin),
                                    formatIsoTimestamp(s.end)};
    };

    // 0. Reading every mower's rows into MowerTracks (binary COPY).
    {
        PositionLoader loader(*db);
        long long read = 0;
        timer.restart();
        for (const QUuid& id : loader.listMowers())
            read += static_cast<long long>(loader.load(id, kFrom, kFrom + days * kMicrosPerDay).rows.size());
        std::printf("PositionLoader: %lld rows in %.2f s (%.2f M rows/s)\n", read, seconds(timer),
                    read / seconds(timer) / 1e6);
    }

    const ThinningStatement statement(settings);
    Prepared legacy(*db, "bench_thin_legacy", legacy::thinningDeleteSql());
    Prepared byKey(*db, "bench_thin_pk", deleteByPrimaryKeySql());
    const QString oldWidths[] = {QStringLiteral("%1 seconds").arg(settings.thinActiveSeconds),
                                 QStringLiteral("%1 seconds").arg(settings.thinIdleSeconds)};
    std::vector<Variant> variants;
    if (statements.contains(QStringLiteral("old")))
        // The statement before the rewrite, run as it was: autocommit, the server's plan cache choice.
        variants.push_back(
            {QStringLiteral("thinning statement, old"), true, [&](const SliceRange& s) {
                 std::vector<PgParam> p = sliceParams(s);
                 p.insert(p.end(), {oldWidths[0], oldWidths[1], kTurnDegrees * kRadiansPerDegree});
                 return legacy.run(p);
             }});
    if (statements.contains(QStringLiteral("new")))
        variants.push_back({QStringLiteral("thinning statement, new"), true, [&](const SliceRange& s) {
                                const auto c = statement.run(*db, s);
                                return std::pair{c.scanned, c.deleted};
                            }});
    if (statements.contains(QStringLiteral("pk")))
        variants.push_back(
            {QStringLiteral("new, delete by PK (not ctid)"), true, [&](const SliceRange& s) {
                 db->exec(QStringLiteral("BEGIN"));
                 db->exec(QStringLiteral("SELECT set_config('jit', 'off', true),"
                                         " set_config('plan_cache_mode', 'force_generic_plan', true)"));
                 const auto c = byKey.run(statement.params(s));
                 db->exec(QStringLiteral("COMMIT"));
                 return c;
             }});
    // The bare window functions over the same context, counted.
    variants.push_back(
        {QStringLiteral("bare window SELECT"), false, [&](const SliceRange& s) {
             const PgResult r =
                 db->exec(QStringLiteral(
                              "SELECT count(*) FILTER (WHERE t >= $2::timestamptz AND t < $3::timestamptz),"
                              " count(*) FILTER (WHERE tp IS NULL OR tn IS NULL OR bp <> b OR phin > phip OR "
                              "lamn > lamp)"
                              " FROM (SELECT observed_at AS t, blades_on AS b, lag(observed_at) OVER w AS tp,"
                              " lead(observed_at) OVER w AS tn, lag(blades_on) OVER w AS bp,"
                              " lag(lat) OVER w AS phip, lead(lat) OVER w AS phin, lag(lon) OVER w AS lamp,"
                              " lead(lon) OVER w AS lamn FROM mower_positions WHERE mower_id = $1"
                              " AND observed_at >= $2::timestamptz - interval '10 minutes'"
                              " AND observed_at < $3::timestamptz + interval '10 minutes' WINDOW w AS (ORDER "
                              "BY observed_at)) x"),
                          sliceParams(s));
             return std::pair{r.toLong(0, 0), 0LL};
         }});
    // A bare DELETE of the rows that the first thinning variant deleted, by primary key, slice by slice.
    variants.push_back(
        {QStringLiteral("bare DELETE by PK"), true, [&](const SliceRange& s) {
             const PgResult r = db->exec(
                 QStringLiteral("DELETE FROM mower_positions m USING bench_doomed d WHERE d.mower_id = $1"
                                " AND d.observed_at >= $2::timestamptz AND d.observed_at < $3::timestamptz"
                                " AND m.mower_id = d.mower_id AND m.observed_at = d.observed_at"),
                 sliceParams(s));
             return std::pair{0LL, r.affectedRows()};
         }});

    // Every deleting variant starts from the original table and must leave exactly the same rows.
    bool doomedKnown = false;
    bool agree = true;
    bool pristine = true;
    for (int repeat = 0; repeat < repeats; ++repeat) {
        for (Variant& v : variants) {
            if (v.name.startsWith(QLatin1String("bare DELETE")) && !doomedKnown)
                continue;
            if (!pristine)
                restore();
            pristine = !v.deletes;
            long long scanned = 0, deleted = 0;
            timer.restart();
            for (const SliceRange& s : slices) {
                const auto [sc, de] = v.run(s);
                scanned += sc;
                deleted += de;
            }
            v.seconds.push_back(seconds(timer));
            v.scanned = scanned;
            v.deleted = deleted;
            if (!v.deletes)
                continue;
            if (!doomedKnown) {
                db->execScript(QStringLiteral(
                    "CREATE TABLE bench_doomed AS SELECT mower_id, observed_at FROM bench_original"
                    " EXCEPT SELECT mower_id, observed_at FROM mower_positions;"
                    "ALTER TABLE bench_doomed ADD PRIMARY KEY (mower_id, observed_at); ANALYZE "
                    "bench_doomed;"));
                doomedKnown = true;
            }
            const PgResult left =
                db->exec(QStringLiteral("SELECT (SELECT count(*) FROM mower_positions), (SELECT count(*) "
                                        "FROM bench_original) - (SELECT count(*) FROM bench_doomed),"
                                        " (SELECT count(*) FROM mower_positions m JOIN bench_doomed d USING "
                                        "(mower_id, observed_at))"));
            if (left.toLong(0, 0) != left.toLong(0, 1) || left.toLong(0, 2) != 0) {
                agree = false;
                std::printf("  !! %s left %lld rows, expected %lld (%lld of them doomed)\n",
                            qPrintable(v.name), left.toLong(0, 0), left.toLong(0, 1), left.toLong(0, 2));
            }
        }
    }
    restore();

    const long long scanned = variants.front().scanned;
    std::printf("SQL, %zu slices of %d mowers x %d days, %lld rows scanned; best and median of %d "
                "interleaved runs:\n",
                slices.size(), mowers, days, scanned, repeats);
    const Variant* select = nullptr;
    const Variant* del = nullptr;
    for (const Variant& v : variants) {
        if (v.name.startsWith(QLatin1String("bare window")))
            select = &v;
        if (v.name.startsWith(QLatin1String("bare DELETE")))
            del = &v;
    }
    for (const Variant& v : variants) {
        const bool isDelete = &v == del;
        std::printf("  %-30s best %6.2f s  %6.3f M rows %s/s   median %6.2f s", qPrintable(v.name), v.best(),
                    (isDelete ? v.deleted : scanned) / v.best() / 1e6, isDelete ? "deleted" : "scanned",
                    v.median());
        if (v.deletes && !isDelete)
            std::printf("  deleted %lld (%.1f %%)", v.deleted, 100.0 * v.deleted / std::max(1LL, v.scanned));
        std::printf("\n");
    }
    for (const Variant& v : variants) {
        if (&v == select || &v == del)
            continue;
        std::printf("  %-30s / bare SELECT %5.2f (best) %5.2f (median);  / bare DELETE %5.2f (best) %5.2f "
                    "(median)  (goal <= 2)\n",
                    qPrintable(v.name), v.best() / select->best(), v.median() / select->median(),
                    v.best() / del->best(), v.median() / del->median());
    }
    std::printf("  survivors of every variant identical: %s\n", agree ? "yes" : "NO");

    // First-run catch-up: one round from nothing, no window, no budget limit (the new statement).
    RoundOptions options;
    options.now = now;
    options.ignoreWindow = true;
    options.budgetSeconds = 1'000'000;
    settings.retentionDays = 0;
    restore();
    timer.restart();
    const RoundReport report = ThinningRound(*db, settings).run(options);
    const double roundSeconds = seconds(timer);
    std::printf("first-run catch-up: %lld rows, %d mowers, %lld slices, %lld scanned, %lld deleted, %.2f s "
                "(%.3f M rows/s)\n",
                rows, report.mowers, report.slices, report.scanned, report.deleted, roundSeconds,
                report.scanned / roundSeconds / 1e6);
    // What the round's safety costs: the same slices as bare statements (no READ COMMITTED transaction with
    // timeouts, no bad-row check, no guarded watermark move), side by side.
    restore();
    const ThinningStatement bare(settings);
    timer.restart();
    for (const SliceRange& s : slices)
        bare.run(*db, s, ThinningStatement::Mode::Delete);
    const double bareSeconds = seconds(timer);
    std::printf(
        "the same slices as bare statements: %.2f s; the round's checks and transactions cost %.1f %%\n",
        bareSeconds, 100 * (roundSeconds / bareSeconds - 1));
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    if (args.size() == 2 && args[0] == QLatin1String("--print-sql")) { // delete | count | reasons | slices
        const auto mode = args[1] == QLatin1String("delete")  ? ThinningStatement::Mode::Delete
                          : args[1] == QLatin1String("count") ? ThinningStatement::Mode::Count
                          : args[1] == QLatin1String("slices")
                              ? ThinningStatement::Mode::DeleteSlices
                              : ThinningStatement::Mode::DeleteReturningReasons;
        std::printf("%s\n", qPrintable(ThinningStatement::sql(mode)));
        return 0;
    }
    // bench_thinning [mowers] [days] [--statement old|new|pk|both|all] [--repeat N] [--sql-only] |
    // --print-sql delete|count|reasons|slices
    QStringList statements{QStringLiteral("old"), QStringLiteral("new")};
    int repeats = 3;
    bool sqlOnly = false;
    QStringList positional;
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--statement") && i + 1 < args.size()) {
            const QString which = args[++i];
            statements = which == QLatin1String("both")
                             ? QStringList{QStringLiteral("old"), QStringLiteral("new")}
                         : which == QLatin1String("all")
                             ? QStringList{QStringLiteral("old"), QStringLiteral("new"), QStringLiteral("pk")}
                             : QStringList{which};
        } else if (args[i] == QLatin1String("--repeat") && i + 1 < args.size()) {
            repeats = std::max(1, args[++i].toInt());
        } else if (args[i] == QLatin1String("--sql-only")) {
            sqlOnly = true;
        } else {
            positional << args[i];
        }
    }
    const int mowers = positional.size() > 0 ? positional[0].toInt() : 4;
    const int days = positional.size() > 1 ? positional[1].toInt() : 3;
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    if (!sqlOnly)
        benchKeepSet();
    benchSql(mowers, days, statements, repeats);
    return 0;
}
