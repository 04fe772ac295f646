// Plans that are applied exactly, on the demo's positions (8 mowers, 120 days, the default settings: a
// backlog of 30 days a mower): the dry run against the dry run that lists the plan's units with their
// digests (goal <= 1.3x), and the round against the apply of that plan on the same rows (two copies of one
// template database; goal <= 1.1x), printed side by side in one run; the order of round and apply is swapped
// in a second pair. Uses TIDEMARK_TEST_PG when set, else a private throwaway cluster.
// Usage: bench_positions_plan [MOWERS [DAYS]]
#include "demopositionsloader.h"
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

const Micros kEnd = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

RoundOptions optionsAt(Micros now) {
    RoundOptions o;
    o.now = now;
    o.ignoreWindow = true;
    o.budgetSeconds = 24 * 3600;
    return o;
}

double timed(const std::function<void()>& run) {
    QElapsedTimer t;
    t.start();
    run();
    return t.nsecsElapsed() / 1e9;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    demo::PositionsGeneratorOptions generator;
    generator.mowers = argc > 1 ? std::atoi(argv[1]) : 8;
    generator.days = argc > 2 ? std::atoi(argv[2]) : 120;
    generator.end = kEnd;
    const PositionSettings settings;

    const QString templateInfo = test::TestPostgres::createDatabase(QStringLiteral("bench_plan"));
    long long rows = 0;
    {
        auto db = PgConnection::open(templateInfo);
        SchemaMigrator(*db, positionsSchema()).migrate();
        rows = demo::DemoPositionsLoader(*db, generator).load();
        db->exec(QStringLiteral("ANALYZE"));
    }
    std::printf("demo positions: %d mowers, %d days, %lld rows; now %s\n", generator.mowers, generator.days,
                rows, qPrintable(formatIsoTimestamp(kEnd)));

    PositionsPlanUnits units;
    double dry[2] = {1e9, 1e9}, listed[2] = {0, 0};
    {
        auto db = PgConnection::open(templateInfo);
        for (int repeat = 0; repeat < 3; ++repeat)
            for (const bool collect : {false, true}) {
                RoundOptions o = optionsAt(kEnd);
                o.dryRun = true;
                o.collectUnits = collect;
                RoundReport r;
                const double s = timed([&] { r = ThinningRound(*db, settings).run(o); });
                dry[collect] = std::min(dry[collect], s);
                listed[collect] = double(r.deleted);
                if (collect)
                    units = r.units;
            }
    }
    std::printf("dry run              %8.2f s  (would delete %.0f rows)\n", dry[0], listed[0]);
    std::printf(
        "dry run with units   %8.2f s  (%zu slices, would delete %.0f rows)   ratio %.2fx (goal <= 1.3x)\n",
        dry[1], units.slices.size(), listed[1], dry[1] / dry[0]);

    for (int pair = 0; pair < 2; ++pair) {
        const QString roundInfo =
            test::TestPostgres::copyDatabase(templateInfo, QStringLiteral("bench_plan_round"));
        const QString applyInfo =
            test::TestPostgres::copyDatabase(templateInfo, QStringLiteral("bench_plan_apply"));
        auto roundDb = PgConnection::open(roundInfo);
        auto applyDb = PgConnection::open(applyInfo);
        for (PgConnection* db : {roundDb.get(), applyDb.get()})
            db->exec(QStringLiteral("ANALYZE"));
        RoundReport round, applied;
        const auto runRound = [&] { round = ThinningRound(*roundDb, settings).run(optionsAt(kEnd)); };
        const auto runApply = [&] {
            RoundOptions o = optionsAt(kEnd);
            o.plan = &units;
            applied = ThinningRound(*applyDb, settings).run(o);
        };
        double roundSeconds = 0, applySeconds = 0;
        if (pair == 0) {
            roundSeconds = timed(runRound);
            applySeconds = timed(runApply);
        } else {
            applySeconds = timed(runApply);
            roundSeconds = timed(runRound);
        }
        const long long stale = std::count_if(
            applied.unitOutcomes.begin(), applied.unitOutcomes.end(),
            [](const PlanUnitOutcome& o) { return o.status != PlanUnitOutcome::Status::Applied; });
        std::printf(
            "%s  round %7.2f s (%lld slices, deleted %lld)  apply %7.2f s (%lld slices, deleted %lld, "
            "%lld not applied)   ratio %.2fx (goal <= 1.1x)\n",
            pair == 0 ? "round first" : "apply first", roundSeconds, round.slices, round.deleted,
            applySeconds, applied.slices, applied.deleted, stale, applySeconds / roundSeconds);
    }
    return 0;
}
