// Plans applied exactly, kudos, measured in one run on the demo's kudos data (the generator's 20 weeks, 400
// users, applied, swapped), at the instant every range of the first partition is eligible:
// - the dry run without units (the actions only) next to the dry run with units (each action's rows and the
//   digest of the rows it reads): median of 3 each, and their ratio;
// - the forecast the plan runs beside the dry run, for scale;
// - a round on one copy of the database next to the apply of the dry run's plan on another copy: their
//   ratio, and that both took the same actions.
// Uses TIDEMARK_TEST_PG when set, else a private PostgreSQL cluster.
#include "archivefixtures.h"
#include "archivestore.h"
#include "demokudosloader.h"
#include "kudosforecastjob.h"
#include "kudosschema.h"
#include "partitionswap.h"
#include "pgconnection.h"
#include "retentionjob.h"
#include "schemamigrator.h"
#include "taskfeedback.h"
#include "testpostgres.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace tidemark;
using namespace tidemark::kudos;

namespace {

constexpr Micros kWeek = 7 * kMicrosPerDay;

double seconds(const std::function<void()>& work) {
    QElapsedTimer t;
    t.start();
    work();
    return t.nsecsElapsed() / 1e9;
}

double median(const std::function<void()>& work, int runs = 3) {
    std::vector<double> all;
    for (int i = 0; i < runs; ++i)
        all.push_back(seconds(work));
    std::sort(all.begin(), all.end());
    return all[all.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QString templateDb = test::TestPostgres::createDatabase(QStringLiteral("bench_kudos_plan"));
    const Micros end = floorToStep(nowMicros(), kWeek, kMondayAnchor);
    const Micros boundary = firstBoundaryAfter(end);
    const Micros eligible = boundary + 31 * kMicrosPerDay;
    {
        auto db = PgConnection::open(templateDb);
        SchemaMigrator(*db, kudos::kudosSchema()).migrate();
    }
    demo::KudosGeneratorOptions options;
    options.end = end;
    const qint64 loaded = demo::DemoKudosLoader(templateDb, options).load();
    {
        auto db = PgConnection::open(templateDb);
        db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
        db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
        db->exec(QStringLiteral("VACUUM ANALYZE"));
        PartitionSwap swap(*db, KudosSettings{});
        swap.run(swap.plan(end));
    }
    std::printf("demo kudos data: %lld rows loaded and swapped\n", static_cast<long long>(loaded));

    RetentionOptions dry;
    dry.allowClockAhead = true;
    dry.dryRun = true;
    RetentionOptions withUnits = dry;
    withUnits.collectUnits = true;
    auto db = PgConnection::open(templateDb);
    QTemporaryDir forecastArchive; // empty: the dry runs and the forecast see the archive reachable
    auto emptyStore = test::openInitialisedArchive(forecastArchive.path());
    RetentionReport plain, planned;
    const double without =
        median([&] { plain = RetentionJob(*db, emptyStore.get(), KudosSettings{}, dry).run(eligible); });
    const double with = median(
        [&] { planned = RetentionJob(*db, emptyStore.get(), KudosSettings{}, withUnits).run(eligible); });
    std::printf(
        "dry run, %zu actions: without units %.3f s | with units (rows and digests) %.3f s | ratio %.2f\n",
        plain.remaining.size(), without, with, with / without);
    const double forecast = median([&] {
        TaskFeedback feedback;
        KudosForecastJob::run(
            {templateDb, QStringLiteral("file://") + forecastArchive.path(), KudosSettings{}, eligible},
            feedback);
    });
    std::printf("the plan's dry run + forecast: without units %.3f s | with units %.3f s | ratio %.2f\n",
                without + forecast, with + forecast, (with + forecast) / (without + forecast));

    db.reset(); // a database is copied without sessions
    const QString roundDb =
        test::TestPostgres::copyDatabase(templateDb, QStringLiteral("bench_kudos_plan_round"));
    const QString applyDb =
        test::TestPostgres::copyDatabase(templateDb, QStringLiteral("bench_kudos_plan_apply"));
    RetentionOptions rehearsal;
    rehearsal.allowClockAhead = true;
    QTemporaryDir roundArchive, applyArchive;
    auto roundStore = test::openInitialisedArchive(roundArchive.path());
    auto applyStore = test::openInitialisedArchive(applyArchive.path());
    RetentionReport round, applied;
    auto roundConnection = PgConnection::open(roundDb);
    auto applyConnection = PgConnection::open(applyDb);
    const double roundSeconds = seconds([&] {
        round = RetentionJob(*roundConnection, roundStore.get(), KudosSettings{}, rehearsal).run(eligible);
    });
    RetentionOptions apply = rehearsal;
    apply.plan = planned.units;
    apply.planSha256 = QStringLiteral("bench");
    const double applySeconds = seconds([&] {
        applied = RetentionJob(*applyConnection, applyStore.get(), KudosSettings{}, apply).run(eligible);
    });
    bool same = round.done.size() == applied.done.size();
    for (size_t i = 0; same && i < round.done.size(); ++i)
        same = round.done[i].action.entry.sameKey(applied.done[i].action.entry) &&
               round.done[i].action.to == applied.done[i].action.to &&
               round.done[i].rows == applied.done[i].rows;
    std::printf(
        "round %.3f s (%zu actions) | apply of the plan %.3f s (%d applied) | ratio %.2f | same actions "
        "and rows: %s\n",
        roundSeconds, round.done.size(), applySeconds, applied.count(PlanUnitOutcome::Status::Applied),
        applySeconds / roundSeconds, same ? "yes" : "NO");
    return same ? 0 : 1;
}
