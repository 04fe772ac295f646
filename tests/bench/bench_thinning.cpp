// Thinning benchmarks: keep_set rows/s per core; the SQL statement's rows scanned/s next to a bare SELECT of
// the same window functions and a bare DELETE of the same rows by primary key, in one run; a first-run
// catch-up of a generated database. Uses TIDEMARK_TEST_PG when set, else a private throwaway cluster.
#include "bench_thinning_data.h"

#include "common/pgconnection.h"
#include "common/schemamigrator.h"
#include "positions/inmemorypositionstore.h"
#include "positions/keepset.h"
#include "positions/pgpositionreader.h"
#include "positions/sliceplanner.h"
#include "positions/thinninground.h"
#include "positions/thinningstatement.h"
#include "testpostgres.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>
#include <cstdio>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

const Micros kFrom = Micros(1767225600) * kMicrosPerSecond; // 2026-01-01

double seconds(const QElapsedTimer& t) { return t.nsecsElapsed() / 1e9; }

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
    for (const auto& [name, data] : {std::pair<const char*, const std::vector<PositionRow>*>{"mowing 1 Hz", &rows},
                                     {"standing jitter 1 Hz", &standing}}) {
        KeepSet keepSet(settings);
        const auto slices = SlicePlanner::plan({}, std::nullopt, data->front().observedAt, data->back().observedAt + 1);
        long long scanned = 0, kept = 0;
        QElapsedTimer timer;
        timer.start();
        for (int repeat = 0; repeat < 5; ++repeat) {
            const auto byTime = [](const PositionRow& r, Micros t) { return r.observedAt < t; };
            for (const SliceRange& s : slices) {
                const auto a = std::lower_bound(data->begin(), data->end(), s.begin - kSliceContext, byTime);
                const auto b = std::lower_bound(a, data->end(), s.end + kSliceContext, byTime);
                const auto& k = keepSet.evaluate(std::span<const PositionRow>(&*a, b - a), {}, s.begin, s.end);
                kept += static_cast<long long>(k.size());
                scanned += std::lower_bound(a, b, s.end, byTime) - std::lower_bound(a, b, s.begin, byTime);
            }
        }
        const double t = seconds(timer);
        std::printf("keep_set %-22s %10lld rows  %7.3f s  %7.1f M rows/s per core  (kept %.2f %%)\n", name, scanned, t,
                    scanned / t / 1e6, 100.0 * kept / scanned);
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
        const auto array = [](const QStringList& l) { return QLatin1Char('{') + l.join(QLatin1Char(',')) + QLatin1Char('}'); };
        db.exec(QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on, rtk_fix, wifi_rssi)"
                               " SELECT $1::uuid, to_timestamp(t / 1e6), la, lo, b, r, w FROM unnest($2::bigint[],"
                               " $3::float8[], $4::float8[], $5::boolean[], $6::smallint[], $7::smallint[]) AS u(t, la, lo, b, r, w)"),
                {id, array(times), array(lats), array(lons), array(blades), array(rtks), array(wifis)});
    }
    for (Micros e : track.errorInstants)
        db.exec(QStringLiteral("INSERT INTO mower_history VALUES ($1, to_timestamp($2::bigint / 1e6), 'error', 3)"),
                {id, QString::number(e)});
}

struct SqlFigures {
    long long scanned = 0;
    long long deleted = 0;
    double seconds = 0;
};

void benchSql(int mowers, int days) {
    auto db = PgConnection::open(test::TestPostgres::createDatabase(QStringLiteral("bench_thinning")));
    SchemaMigrator(*db, QStringLiteral("positions")).migrate();
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
        return std::vector<PgParam>{s.mowerId.toString(QUuid::WithoutBraces), formatIsoTimestamp(s.begin), formatIsoTimestamp(s.end)};
    };

    // 0. Reading every mower's rows into MowerTracks (binary results).
    {
        PgPositionReader reader(*db);
        long long read = 0;
        timer.restart();
        for (const QUuid& id : reader.listMowers())
            read += static_cast<long long>(reader.read(id, kFrom, kFrom + days * kMicrosPerDay).rows.size());
        std::printf("PgPositionReader: %lld rows in %.2f s (%.2f M rows/s)\n", read, seconds(timer), read / seconds(timer) / 1e6);
    }

    // 1. The bare window functions over the same context, counted.
    SqlFigures bare;
    timer.restart();
    for (const SliceRange& s : slices) {
        const PgResult r = db->exec(
            QStringLiteral("SELECT count(*) FILTER (WHERE t >= $2::timestamptz AND t < $3::timestamptz),"
                           " count(*) FILTER (WHERE tp IS NULL OR tn IS NULL OR bp <> b OR phin > phip OR lamn > lamp)"
                           " FROM (SELECT observed_at AS t, blades_on AS b, lag(observed_at) OVER w AS tp,"
                           " lead(observed_at) OVER w AS tn, lag(blades_on) OVER w AS bp,"
                           " lag(lat) OVER w AS phip, lead(lat) OVER w AS phin, lag(lon) OVER w AS lamp, lead(lon) OVER w AS lamn"
                           " FROM mower_positions WHERE mower_id = $1 AND observed_at >= $2::timestamptz - interval '10 minutes'"
                           " AND observed_at < $3::timestamptz + interval '10 minutes' WINDOW w AS (ORDER BY observed_at)) x"),
            sliceParams(s));
        bare.scanned += r.toLong(0, 0);
    }
    bare.seconds = seconds(timer);

    // 2. The thinning statement, slice by slice (each its own transaction, as in a round).
    const ThinningStatement statement(settings);
    SqlFigures thin;
    timer.restart();
    for (const SliceRange& s : slices) {
        const auto c = statement.run(*db, s);
        thin.scanned += c.scanned;
        thin.deleted += c.deleted;
    }
    thin.seconds = seconds(timer);
    db->execScript(QStringLiteral("CREATE TABLE bench_doomed AS SELECT mower_id, observed_at FROM bench_original"
                                  " EXCEPT SELECT mower_id, observed_at FROM mower_positions;"
                                  "ALTER TABLE bench_doomed ADD PRIMARY KEY (mower_id, observed_at); ANALYZE bench_doomed;"));
    restore();

    // 3. A bare DELETE of the same rows by primary key, slice by slice.
    SqlFigures del;
    timer.restart();
    for (const SliceRange& s : slices) {
        const PgResult r = db->exec(QStringLiteral("DELETE FROM mower_positions m USING bench_doomed d WHERE d.mower_id = $1"
                                                   " AND d.observed_at >= $2::timestamptz AND d.observed_at < $3::timestamptz"
                                                   " AND m.mower_id = d.mower_id AND m.observed_at = d.observed_at"),
                                    sliceParams(s));
        del.deleted += r.affectedRows();
    }
    del.seconds = seconds(timer);
    restore();

    std::printf("SQL, %zu slices of %d mowers x %d days, %lld rows scanned:\n", slices.size(), mowers, days, thin.scanned);
    std::printf("  thinning statement     %7.2f s  %6.3f M rows scanned/s  deleted %lld (%.1f %%)\n", thin.seconds,
                thin.scanned / thin.seconds / 1e6, thin.deleted, 100.0 * thin.deleted / std::max(1LL, thin.scanned));
    std::printf("  bare window SELECT     %7.2f s  %6.3f M rows scanned/s\n", bare.seconds, bare.scanned / bare.seconds / 1e6);
    std::printf("  bare DELETE by PK      %7.2f s  %6.3f M rows deleted/s (%lld rows)\n", del.seconds,
                del.deleted / del.seconds / 1e6, del.deleted);
    std::printf("  ratio thinning / bare SELECT %.2f, thinning / bare DELETE %.2f (goal <= 2)\n", thin.seconds / bare.seconds,
                thin.seconds / del.seconds);

    // 4. First-run catch-up: one round from nothing, no window, no budget limit.
    RoundOptions options;
    options.now = now;
    options.ignoreWindow = true;
    options.budgetSeconds = 1'000'000;
    settings.retentionDays = 0;
    timer.restart();
    const RoundReport report = ThinningRound(*db, settings).run(options);
    std::printf("first-run catch-up: %lld rows, %d mowers, %lld slices, %lld scanned, %lld deleted, %.2f s (%.3f M rows/s)\n",
                rows, report.mowers, report.slices, report.scanned, report.deleted, seconds(timer),
                report.scanned / seconds(timer) / 1e6);
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int mowers = args.size() > 1 ? args[1].toInt() : 4;
    const int days = args.size() > 2 ? args[2].toInt() : 3;
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    benchKeepSet();
    benchSql(mowers, days);
    return 0;
}
