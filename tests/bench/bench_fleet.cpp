// Positions at fleet scale, on a generated fleet (deterministic: `mowers` mowers mowing 1 Hz lanes in 30
// sessions spread over 2025, copied in with the indexes dropped and rebuilt afterwards):
// - console connect (MowerSummaryLoader::load: connection, schema check, per-mower summary) and `positions
//   status` (ThinningStatus::query) on a small and a large fleet, measured in turns (goal: large within 1.2x
//   of small, < 2 s);
// - first-run catch-up rows scanned/s with 1 and 2 jobs, each on its own copy of the small table, for the
//   same budget (goal >= 1.6x);
// - rows the 1-job round deleted per second of its thinning, against a bare DELETE by primary key of the same
//   rows, one statement per slice that deleted rows (goal <= 1.5x).
// - the retention plan: `plan --quick` on the large fleet, the exact plan against the dry-run round.
// Usage: bench_fleet [MOWERS [SMALL_ROWS [LARGE_ROWS [BUDGET_S [plans]]]]] (default 2000 3000000 30000000 60;
// "plans": only the fleets and the plan's figures).
#include "fleetrows.h"
#include "mowersummaryloader.h"
#include "pgconnection.h"
#include "positionsettings.h"
#include "positionsforecastjob.h"
#include "positionsschema.h"
#include "retentionplanjob.h"
#include "roundjob.h"
#include "schemamigrator.h"
#include "sliceplanner.h"
#include "taskfeedback.h"
#include "testpostgres.h"
#include "thinninground.h"
#include "thinningstatus.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>
#include <algorithm>
#include <cstdio>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

const QString kNow = QStringLiteral("2026-01-01T00:00:00Z");

// Drops the indexes of mower_positions, runs `load`, builds them again and analyzes.
template <typename Load> void withIndexesDeferred(PgConnection& db, Load load) {
    const PgResult pk =
        db.exec(QStringLiteral("SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint"
                               " WHERE conrelid = 'mower_positions'::regclass AND contype = 'p'"));
    const PgResult ix = db.exec(QStringLiteral("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = "
                                               "'mower_positions' AND indexname <> $1"),
                                {pk.text(0, 0)});
    for (int i = 0; i < ix.rows(); ++i)
        db.exec(QStringLiteral("DROP INDEX %1").arg(ix.text(i, 0)));
    db.exec(QStringLiteral("ALTER TABLE mower_positions DROP CONSTRAINT %1").arg(pk.text(0, 0)));
    load();
    QElapsedTimer t;
    t.start();
    db.exec(
        QStringLiteral("ALTER TABLE mower_positions ADD CONSTRAINT %1 %2").arg(pk.text(0, 0), pk.text(0, 1)));
    for (int i = 0; i < ix.rows(); ++i)
        db.exec(ix.text(i, 1));
    db.exec(QStringLiteral("VACUUM ANALYZE mower_positions"));
    std::fprintf(stderr, "  indexes and analyze: %.0f s\n", t.elapsed() / 1e3);
}

struct Figures {
    double connectMs = 0;
    double statusMs = 0;
};

double medianMs(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Console connect and the status query on each database, the databases taking turns (so that neither
// runs on a quieter machine only); medians of `runs`.
std::vector<Figures> measure(const QStringList& conninfos, int runs) {
    const PositionSettings settings;
    const Micros now = parseIsoTimestamp(kNow);
    std::vector<std::vector<double>> connect(std::size_t(conninfos.size())), status(connect.size());
    for (int run = 0; run < runs; ++run)
        for (std::size_t k = 0; k < connect.size(); ++k) {
            QElapsedTimer t;
            t.start();
            TaskFeedback feedback;
            MowerSummaryLoader(conninfos[qsizetype(k)]).load(settings, now, feedback);
            connect[k].push_back(t.nsecsElapsed() / 1e6);
            t.restart();
            auto db = PgConnection::open(conninfos[qsizetype(k)]);
            ThinningStatus::query(*db, settings.thinningCutoff(now));
            status[k].push_back(t.nsecsElapsed() / 1e6);
        }
    std::vector<Figures> figures;
    for (std::size_t k = 0; k < connect.size(); ++k)
        figures.push_back({medianMs(connect[k]), medianMs(status[k])});
    return figures;
}

long long rowCount(const QString& conninfo) {
    return PgConnection::open(conninfo)
        ->exec(QStringLiteral("SELECT count(*) FROM mower_positions"))
        .toLong(0, 0);
}

struct CatchUp {
    RoundReport report;
    double rowsPerSecond = 0;
    std::vector<SliceRange> deletingSlices; // the slices that deleted rows (recorded with one job)
};

CatchUp catchUp(const QString& conninfo, int jobs, int budgetSeconds) {
    auto db = PgConnection::open(conninfo);
    RoundOptions o;
    o.now = parseIsoTimestamp(kNow);
    o.allowClockAhead = true; // the fleet's "now" is fixed, whatever this machine's clock says
    o.ignoreWindow = true;
    o.budgetSeconds = budgetSeconds;
    o.jobs = jobs;
    o.workerConninfo = conninfo;
    CatchUp c;
    if (jobs == 1) // (no step hook: it would take the round's four round trips a slice)
        o.onSlice = [&](const SliceEvent& e) {
            if (e.deleted > 0)
                c.deletingSlices.push_back(e.range);
        };
    c.report = ThinningRound(*db, PositionSettings{}).run(o);
    c.rowsPerSecond = double(c.report.scanned) / c.report.thinSeconds;
    std::printf("catch-up jobs=%d: %lld slices, %lld rows scanned, %lld deleted in %.1f s: %.0f rows/s "
                "(%.0f deleted/s)\n",
                jobs, c.report.slices, c.report.scanned, c.report.deleted, c.report.thinSeconds,
                c.rowsPerSecond, double(c.report.deleted) / c.report.thinSeconds);
    std::fflush(stdout);
    return c;
}

// The rows the round deleted (its database against an untouched copy `before`), put back and deleted again
// by primary key, one statement per slice that deleted rows, as the round cut it.
double bareDeleteSeconds(const QString& thinned, const QString& before, const CatchUp& round) {
    auto db = PgConnection::open(thinned);
    auto original = PgConnection::open(before);
    db.get()->exec(QStringLiteral("CREATE UNLOGGED TABLE bench_before (LIKE mower_positions)"));
    db->beginCopyIn(QStringLiteral("COPY bench_before FROM STDIN (FORMAT binary)"));
    original->copyOut(QStringLiteral("COPY mower_positions TO STDOUT (FORMAT binary)"),
                      [&](const char* row, int length) { db->putCopyData(row, length); });
    db->endCopyIn();
    db->exec(QStringLiteral("CREATE UNLOGGED TABLE bench_doomed AS SELECT b.* FROM bench_before b WHERE NOT "
                            "EXISTS (SELECT 1 FROM mower_positions p WHERE p.mower_id = b.mower_id AND "
                            "p.observed_at = b.observed_at)"));
    db->exec(QStringLiteral("CREATE INDEX ON bench_doomed (mower_id, observed_at)"));
    const long long doomed = db->exec(QStringLiteral("SELECT count(*) FROM bench_doomed")).toLong(0, 0);
    db->exec(QStringLiteral("INSERT INTO mower_positions SELECT * FROM bench_doomed"));
    db->exec(QStringLiteral("VACUUM ANALYZE mower_positions"));
    db->exec(QStringLiteral("ANALYZE bench_doomed"));
    db->prepare("bench_bare_delete",
                QStringLiteral("DELETE FROM mower_positions p USING bench_doomed d"
                               " WHERE d.mower_id = $1::uuid AND d.observed_at >= $2::timestamptz"
                               " AND d.observed_at < $3::timestamptz AND p.mower_id = d.mower_id"
                               " AND p.observed_at = d.observed_at"),
                3);
    QElapsedTimer t;
    t.start();
    long long deleted = 0;
    for (const SliceRange& s : round.deletingSlices)
        deleted +=
            db->execPrepared("bench_bare_delete", {s.mowerId.toString(QUuid::WithoutBraces),
                                                   formatIsoTimestamp(s.begin), formatIsoTimestamp(s.end)})
                .affectedRows();
    const double seconds = t.nsecsElapsed() / 1e9;
    std::printf("bare DELETE by PK: %lld of %lld rows in %zu statements, %.2f s\n", deleted, doomed,
                round.deletingSlices.size(), seconds);
    return seconds;
}

double forecastSeconds(const QString& conninfo, std::optional<int> sample, PositionsForecast* out = nullptr) {
    PositionsForecastRequest r;
    r.conninfo = conninfo;
    r.now = parseIsoTimestamp(kNow);
    r.sampleMowers = sample;
    TaskFeedback feedback;
    QElapsedTimer t;
    t.start();
    PositionsForecast f = PositionsForecastJob::run(r, feedback);
    const double seconds = t.nsecsElapsed() / 1e9;
    if (out)
        *out = std::move(f);
    return seconds;
}

double dryRunSeconds(const QString& conninfo, RoundReport* out) {
    RoundRequest r;
    r.conninfo = conninfo;
    r.now = parseIsoTimestamp(kNow);
    r.dryRun = true;
    r.ignoreWindow = true;
    r.recordHistory = false;
    TaskFeedback feedback;
    QElapsedTimer t;
    t.start();
    *out = RoundJob::run(r, feedback);
    return t.nsecsElapsed() / 1e9;
}

// `forecast positions` with the default sample on both fleets in turns (medians of 3), and with every mower
// against a dry-run round of the same rows on the small fleet.
void measureForecasts(const QString& small, const QString& large) {
    std::vector<double> s, l;
    PositionsForecast fs, fl;
    for (int run = 0; run < 3; ++run) {
        s.push_back(forecastSeconds(small, PositionsForecastRequest::kDefaultSample, &fs));
        l.push_back(forecastSeconds(large, PositionsForecastRequest::kDefaultSample, &fl));
    }
    const double ms = medianMs(s), ml = medianMs(l);
    std::printf(
        "forecast positions, sample 50: %lld rows judged of %lld in %.2f s at 3 M, %lld of %lld in %.2f s "
        "at 30 M: %.2fx (goal <= 1.5x, <= 10 s); %.2f and %.2f us a judged row\n",
        fs.measured.sampleRowsScanned, fs.measured.tableRows, ms, fl.measured.sampleRowsScanned,
        fl.measured.tableRows, ml, ml / ms, ms * 1e6 / double(fs.measured.sampleRowsScanned),
        ml * 1e6 / double(fl.measured.sampleRowsScanned));
    PositionsForecast all;
    RoundReport dry;
    const double a = forecastSeconds(small, std::nullopt, &all);
    const double d = dryRunSeconds(small, &dry);
    const double a2 = forecastSeconds(small, std::nullopt);
    const double d2 = dryRunSeconds(small, &dry);
    std::printf(
        "forecast positions --sample-mowers all: %lld rows judged in %.1f / %.1f s; dry-run round %lld rows "
        "in %.1f / %.1f s: %.2fx (goal <= 1.2x)\n",
        all.measured.sampleRowsScanned, a, a2, dry.scanned, d, d2, (a + a2) / (d + d2));
    std::fflush(stdout);
}

double planSeconds(const QString& conninfo, bool quick, RetentionPlan* plan = nullptr) {
    RetentionPlanRequest request;
    request.connections.positionsConninfo = conninfo;
    request.now = parseIsoTimestamp(kNow);
    request.machineNow = nowMicros();
    request.quick = quick;
    TaskFeedback feedback;
    QElapsedTimer t;
    t.start();
    RetentionPlan result = RetentionPlanJob::run(request, feedback);
    const double seconds = t.nsecsElapsed() / 1e9;
    if (!result.positions.error.isEmpty())
        std::fprintf(stderr, "plan failed: %s\n", qPrintable(result.positions.error));
    if (plan)
        *plan = std::move(result);
    return seconds;
}

// tidemark plan --quick on the large fleet (goal <= 3 s) and the exact plan against the dry-run round of the
// same rows, in turns (goal <= 1.2x).
void measurePlans(const QString& small, const QString& large) {
    std::vector<double> q;
    RetentionPlan quick;
    for (int run = 0; run < 3; ++run)
        q.push_back(planSeconds(large, true, &quick));
    std::printf(
        "plan --quick on %lld rows: %.2f s median of 3 (%.2f, %.2f, %.2f), %lld slices pending, about "
        "%lld rows to thin (goal <= 3 s)\n",
        rowCount(large), medianMs(q), q[0], q[1], q[2], quick.positions.plan.slicesPending,
        quick.positions.plan.rowsToThin);
    RetentionPlan exact;
    RoundReport dry;
    const double p1 = planSeconds(small, false, &exact);
    const double d1 = dryRunSeconds(small, &dry);
    const double d2 = dryRunSeconds(small, &dry);
    const double p2 = planSeconds(small, false, &exact);
    std::printf("exact plan on %lld rows: %.1f / %.1f s (%lld rows to delete); dry-run round %.1f / %.1f s "
                "(%lld): %.2fx (goal <= 1.2x)\n",
                rowCount(small), p1, p2, exact.positions.plan.rowsToDelete(), d1, d2,
                dry.deleted + dry.ageDeleted, (p1 + p2) / (d1 + d2));
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int mowers = args.size() > 1 ? args[1].toInt() : 2000;
    const long long small = args.size() > 2 ? args[2].toLongLong() : 3000000;
    const long long large = args.size() > 3 ? args[3].toLongLong() : 30000000;
    const int budget = args.size() > 4 ? args[4].toInt() : 60;
    // "plans": only the fleets and the plan's figures (measurePlans).
    const bool plansOnly = args.size() > 5 && args[5] == QLatin1String("plans");
    if (mowers <= 0 || small < mowers || large <= small || budget <= 0) {
        std::fprintf(stderr, "usage: bench_fleet [MOWERS [SMALL_ROWS [LARGE_ROWS [BUDGET_S]]]]\n");
        return 2;
    }
    const QString conninfo = test::TestPostgres::createDatabase(QStringLiteral("bench_fleet"));
    auto db = PgConnection::open(conninfo);
    SchemaMigrator(*db, positions::positionsSchema()).migrate();
    std::fprintf(stderr, "generating %lld rows\n", small);
    withIndexesDeferred(*db, [&] { bench::addFleetRows(*db, mowers, small / mowers, 0); });
    db.reset(); // the copies below need the database without sessions

    // Each catch-up on its own copy of the fleet; 1, 2, 2, 1 jobs so that neither goes first only.
    if (plansOnly) {
        const QString largeFleet =
            test::TestPostgres::copyDatabase(conninfo, QStringLiteral("bench_fleet_large"));
        db = PgConnection::open(largeFleet);
        std::fprintf(stderr, "generating %lld more rows\n", large - small);
        withIndexesDeferred(*db, [&] { bench::addFleetRows(*db, mowers, (large - small) / mowers, 500); });
        db.reset();
        measurePlans(conninfo, largeFleet);
        return 0;
    }
    std::fprintf(stderr, "copying the fleet\n");
    QStringList copies;
    for (int k = 0; k < 4; ++k)
        copies << test::TestPostgres::copyDatabase(conninfo, QStringLiteral("bench_fleet_copy%1").arg(k));
    const QString largeFleet =
        test::TestPostgres::copyDatabase(conninfo, QStringLiteral("bench_fleet_large"));
    const CatchUp c1 = catchUp(copies[0], 1, budget);
    const CatchUp c2 = catchUp(copies[1], 2, budget);
    const CatchUp c2b = catchUp(copies[2], 2, budget);
    const CatchUp c1b = catchUp(copies[3], 1, budget);
    const double one = (c1.rowsPerSecond + c1b.rowsPerSecond) / 2,
                 two = (c2.rowsPerSecond + c2b.rowsPerSecond) / 2;
    const double slicesOne =
        double(c1.report.slices + c1b.report.slices) / (c1.report.thinSeconds + c1b.report.thinSeconds);
    const double slicesTwo =
        double(c2.report.slices + c2b.report.slices) / (c2.report.thinSeconds + c2b.report.thinSeconds);
    std::printf(
        "catch-up jobs 2 / jobs 1: rows/s %.2fx, slices/s %.2fx (goal >= 1.6x); %.0f vs %.0f slices/s; a "
        "billion rows like these: %.1f h of rounds at jobs 1, %.1f h at jobs 2\n",
        two / one, slicesTwo / slicesOne, slicesOne, slicesTwo, 1e9 / one / 3600, 1e9 / two / 3600);
    const double bare = bareDeleteSeconds(copies[0], conninfo, c1);
    std::printf("round deletes %.0f rows/s of budget, bare DELETE by PK %.0f rows/s: %.2fx (goal <= 1.5x)\n",
                double(c1.report.deleted) / c1.report.thinSeconds, double(c1.report.deleted) / bare,
                c1.report.thinSeconds / bare);
    std::fflush(stdout);

    db = PgConnection::open(largeFleet);
    std::fprintf(stderr, "generating %lld more rows\n", large - small);
    withIndexesDeferred(*db, [&] { bench::addFleetRows(*db, mowers, (large - small) / mowers, 500); });
    db.reset();
    const std::vector<Figures> f = measure({conninfo, largeFleet}, 9);
    std::printf("rows=%lld connect_ms=%.1f status_ms=%.1f\n", rowCount(conninfo), f[0].connectMs,
                f[0].statusMs);
    std::printf("rows=%lld connect_ms=%.1f status_ms=%.1f\n", rowCount(largeFleet), f[1].connectMs,
                f[1].statusMs);
    std::printf("ratio large/small: connect %.2fx status %.2fx (goal <= 1.2x, under 2000 ms)\n",
                f[1].connectMs / f[0].connectMs, f[1].statusMs / f[0].statusMs);
    std::fflush(stdout);
    measureForecasts(conninfo, largeFleet);
    measurePlans(conninfo, largeFleet);
    return 0;
}
