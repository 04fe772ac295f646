// The kudos partition swap on heaps of 1 M and 10 M ledger rows (a quarter as many statistic rows): the
// exclusive lock's duration side by side and their ratio (the goal: at most 100 ms and independent of the
// row count), and the time of the concurrent index build and the VALIDATE that run before it.
// Arguments: ledger row counts (default 1000000 10000000). Uses TIDEMARK_TEST_PG when set, else a private
// PostgreSQL cluster.
#include "kudosbenchdata.h"
#include "kudosschema.h"
#include "kudossettings.h"
#include "partitionswap.h"
#include "pgconnection.h"
#include "schemamigrator.h"
#include "testpostgres.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>

using namespace tidemark;
using namespace tidemark::kudos;

namespace {

struct Figures {
    long long rows = 0;
    double fillSeconds = 0;
    SwapReport report;
};

Figures measure(long long rows) {
    Figures f;
    f.rows = rows;
    auto db =
        PgConnection::open(test::TestPostgres::createDatabase(QStringLiteral("bench_swap_%1").arg(rows)));
    SchemaMigrator(*db, kudos::kudosSchema()).migrate();
    QElapsedTimer fill;
    fill.start();
    bench::fillKudosHistory(*db, rows);
    f.fillSeconds = fill.elapsed() / 1000.0;

    PartitionSwap swap(*db, KudosSettings{});
    f.report = swap.run(swap.plan(nowMicros()));
    return f;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QList<long long> sizes = bench::ledgerSizes(argc, argv);
    std::vector<Figures> all;
    for (long long rows : sizes) {
        all.push_back(measure(rows));
        const Figures& f = all.back();
        std::printf(
            "ledger %11lld rows (+%lld stat rows): fill %.1f s | index build %.2f s, validate %.2f s | "
            "exclusive lock %.1f ms (%d attempt(s), %lld seq scans under it) | swap total %.2f s\n",
            f.rows, f.rows / 4, f.fillSeconds, f.report.indexBuildSeconds, f.report.validateSeconds,
            f.report.lockMillis, f.report.lockAttempts, static_cast<long long>(f.report.seqScansUnderLock),
            f.report.totalSeconds);
        // The three slowest statements under the lock.
        auto statements = f.report.lockStatements;
        std::sort(statements.begin(), statements.end(),
                  [](const auto& a, const auto& b) { return a.millis > b.millis; });
        for (size_t i = 0; i < std::min<size_t>(3, statements.size()); ++i)
            std::printf("    %6.1f ms  %s\n", statements[i].millis, qPrintable(statements[i].sql.left(110)));
        std::fflush(stdout);
    }
    if (all.size() >= 2)
        std::printf(
            "lock %lld rows / lock %lld rows = %.2f (rows x%.0f); index build + validate ratio %.2f\n",
            all.back().rows, all.front().rows, all.back().report.lockMillis / all.front().report.lockMillis,
            static_cast<double>(all.back().rows) / static_cast<double>(all.front().rows),
            (all.back().report.indexBuildSeconds + all.back().report.validateSeconds) /
                (all.front().report.indexBuildSeconds + all.front().report.validateSeconds));
    return 0;
}
