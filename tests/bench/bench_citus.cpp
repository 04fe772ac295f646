// Positions on Citus against one server, side by side on this machine: the same generated fleet (`mowers`
// mowers, `rows` rows each: bench::addFleetRows, 1 Hz lanes in 30 sessions over 2025) in a database of the
// test PostgreSQL (TIDEMARK_TEST_PG) and in a database of the test Citus cluster (TIDEMARK_TEST_CITUS, a
// coordinator and two workers), tables distributed by mower_id. Prints, for each and as ratios:
// - the first-run round with 1 and 3 jobs (each on a fresh copy of the rows): seconds, rows scanned/s, ms a
//   slice;
// - the status read (ThinningStatus::query: the skip scan on one server, the shard probes on Citus);
// - the coordinator's round trip: a routed one-mower query against the same query on one server.
// Usage: bench_citus [MOWERS [ROWS_PER_MOWER]] (default 200 5000).
#include "fleetrows.h"
#include "pgconnection.h"
#include "positionslayout.h"
#include "positionsschema.h"
#include "schemamigrator.h"
#include "testcitus.h"
#include "testpostgres.h"
#include "thinninground.h"
#include "thinningstatus.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-01-01T00:00:00Z"));

QUuid mowerId(int m) {
    return QUuid(QStringLiteral("00000000-0000-0000-0001-%1").arg(m, 12, 16, QLatin1Char('0')));
}

QString database(bool citus, const QString& name, int mowers, long long perMower) {
    const QString info = citus
                             ? test::TestCitus::createDatabase(name, test::TestCitus::kCitusDefaultShardCount)
                             : test::TestPostgres::createDatabase(name);
    auto db = PgConnection::open(info);
    SchemaMigrator(*db, positionsSchema()).migrate();
    if (citus)
        PositionsLayout::distribute(*db);
    QElapsedTimer t;
    t.start();
    bench::addFleetRows(*db, mowers, perMower, 0);
    db->exec(QStringLiteral("VACUUM ANALYZE mower_positions"));
    std::fprintf(stderr, "  %s: %d mowers x %lld rows in %.1f s\n", qPrintable(name), mowers, perMower,
                 t.elapsed() / 1e3);
    return info;
}

struct RoundFigures {
    RoundReport report;
    double rowsPerSecond = 0;
    double msPerSlice = 0;
};

RoundFigures round(const QString& info, int jobs) {
    auto db = PgConnection::open(info);
    RoundOptions o;
    o.now = kNow;
    o.allowClockAhead = true;
    o.ignoreWindow = true;
    o.budgetSeconds = 3600;
    o.jobs = jobs;
    o.workerConninfo = info;
    RoundFigures f;
    f.report = ThinningRound(*db, PositionSettings{}).run(o);
    f.rowsPerSecond = double(f.report.scanned) / f.report.thinSeconds;
    f.msPerSlice = f.report.thinSeconds * 1e3 / double(std::max(1LL, f.report.slices)) * jobs;
    return f;
}

double medianMs(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// A routed one-mower read (an index probe), `n` times: the median in ms.
double pointReadMs(const QString& info, int mowers, int n) {
    auto db = PgConnection::open(info);
    db->prepare("bench_point",
                QStringLiteral("SELECT min(observed_at) FROM mower_positions WHERE mower_id = $1::uuid"), 1);
    std::vector<double> ms;
    for (int i = 0; i < n; ++i) {
        QElapsedTimer t;
        t.start();
        db->execPrepared("bench_point", {mowerId(i % mowers).toString(QUuid::WithoutBraces)});
        ms.push_back(t.nsecsElapsed() / 1e6);
    }
    return medianMs(ms);
}

double statusMs(const QString& info) {
    auto db = PgConnection::open(info);
    std::vector<double> ms;
    for (int i = 0; i < 5; ++i) {
        QElapsedTimer t;
        t.start();
        ThinningStatus::query(*db, PositionSettings{}.thinningCutoff(kNow));
        ms.push_back(t.nsecsElapsed() / 1e6);
    }
    return medianMs(ms);
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int mowers = args.size() > 1 ? args[1].toInt() : 200;
    const long long perMower = args.size() > 2 ? args[2].toLongLong() : 5000;
    std::printf("positions on Citus (a coordinator and 2 workers) against one server, same machine: %d mowers"
                " x %lld rows\n",
                mowers, perMower);
    const char* names[] = {"one server", "citus"};
    for (const int jobs : {1, 3}) {
        RoundFigures f[2];
        for (int citus = 0; citus < 2; ++citus) {
            const QString info = database(
                citus == 1, QStringLiteral("bench_citus_%1_%2").arg(citus).arg(jobs), mowers, perMower);
            f[citus] = round(info, jobs);
            std::printf("round jobs=%d %-10s: %lld slices, %lld scanned, %lld deleted in %.1f s: %.0f rows/s,"
                        " %.1f ms a slice\n",
                        jobs, names[citus], f[citus].report.slices, f[citus].report.scanned,
                        f[citus].report.deleted, f[citus].report.thinSeconds, f[citus].rowsPerSecond,
                        f[citus].msPerSlice);
            if (jobs == 1) {
                std::printf("status %-10s: %.1f ms (median of 5)\n", names[citus], statusMs(info));
                std::printf("point read %-10s: %.3f ms (median of 2000)\n", names[citus],
                            pointReadMs(info, mowers, 2000));
            }
            std::fflush(stdout);
        }
        std::printf("ratio jobs=%d: citus rows/s / one server rows/s = %.2f; ms a slice %.2fx\n", jobs,
                    f[1].rowsPerSecond / f[0].rowsPerSecond, f[1].msPerSlice / f[0].msPerSlice);
    }
    return 0;
}
