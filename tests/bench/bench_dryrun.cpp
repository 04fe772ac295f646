// A positions dry run against the round on the same rows: one generated fleet (`mowers` mowers, `rows` rows
// each: bench::addFleetRows, 1 Hz lanes in 30 sessions over 2025, most sessions a few slices long) copied
// into fresh databases from one template, then on each copy in turns, twice:
// - the dry run as the console and the CLI run it (the plan's units collected, batches counted by one
//   statement);
// - the same dry run slice by slice (a no-op step hook turns the batches off: what dry runs did before);
// - the first-run round that deletes.
// Prints the seconds of each and the ratios to the round (goal: the dry run ≤ 1.3× the round).
// Usage: bench_dryrun [MOWERS [ROWS_PER_MOWER]] (default 400 1500).
#include "fleetrows.h"
#include "pgconnection.h"
#include "positionsschema.h"
#include "schemamigrator.h"
#include "testpostgres.h"
#include "thinninground.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-01-01T00:00:00Z"));

enum class Kind { DryRun, DryRunSliceBySlice, Round };

struct Timed {
    double seconds = 0;
    RoundReport report;
};

Timed run(const QString& conninfo, Kind kind) {
    auto db = PgConnection::open(conninfo);
    RoundOptions o;
    o.now = kNow;
    o.ignoreWindow = true;
    o.dryRun = kind != Kind::Round;
    o.collectUnits = kind != Kind::Round;
    if (kind == Kind::DryRunSliceBySlice)
        o.onStep = [](PgConnection&, const SliceRange&, SliceStep) {};
    QElapsedTimer t;
    t.start();
    Timed timed;
    timed.report = ThinningRound(*db, PositionSettings{}).run(o);
    timed.seconds = t.nsecsElapsed() / 1e9;
    return timed;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int mowers = args.size() > 1 ? args[1].toInt() : 400;
    const long long rows = args.size() > 2 ? args[2].toLongLong() : 1500;
    if (mowers <= 0 || rows <= 0) {
        std::fprintf(stderr, "usage: bench_dryrun [MOWERS [ROWS_PER_MOWER]]\n");
        return 2;
    }
    const QString source = test::TestPostgres::createDatabase(QStringLiteral("bench_dryrun"));
    {
        auto db = PgConnection::open(source);
        SchemaMigrator(*db, positionsSchema()).migrate();
        bench::addFleetRows(*db, mowers, rows, 0);
        db->exec(QStringLiteral("VACUUM ANALYZE mower_positions"));
    }
    std::vector<double> dry, sliceBySlice, round;
    RoundReport dryReport, roundReport;
    for (int turn = 0; turn < 2; ++turn) {
        const auto copy = [&](const char* name) {
            return test::TestPostgres::copyDatabase(
                source, QStringLiteral("bench_dryrun_%1_%2").arg(QLatin1String(name)).arg(turn));
        };
        const Timed d = run(copy("dry"), Kind::DryRun);
        const Timed s = run(copy("slices"), Kind::DryRunSliceBySlice);
        const Timed r = run(copy("round"), Kind::Round);
        dry.push_back(d.seconds);
        sliceBySlice.push_back(s.seconds);
        round.push_back(r.seconds);
        dryReport = d.report;
        roundReport = r.report;
        if (d.report.deleted != r.report.deleted || s.report.deleted != r.report.deleted)
            std::fprintf(stderr, "the counts differ: dry run %lld, slice by slice %lld, round %lld\n",
                         d.report.deleted, s.report.deleted, r.report.deleted);
    }
    const auto sum = [](const std::vector<double>& v) { return v[0] + v[1]; };
    std::printf("%d mowers, %lld rows, %lld slices, %lld deleted by the round\n", mowers, roundReport.scanned,
                roundReport.slices, roundReport.deleted);
    std::printf("dry run (batches): %.2f / %.2f s; slice by slice: %.2f / %.2f s; round: %.2f / %.2f s\n",
                dry[0], dry[1], sliceBySlice[0], sliceBySlice[1], round[0], round[1]);
    std::printf("dry run against the round: %.2fx (goal <= 1.3x); slice by slice against the round: %.2fx\n",
                sum(dry) / sum(round), sum(sliceBySlice) / sum(round));
    return dryReport.deleted == roundReport.deleted ? 0 : 1;
}
