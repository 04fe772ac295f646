// Restore drill rows/s and MB/s of CSV, in one run: an exported range of kudos_ledger with its daily
// statements and its catalog entry, drilled (ArchiveDrillJob: verify, restore into a scratch SQLite file,
// recompute the per-user/day/type sums, compare with kudos_ledger_daily, record) next to the bare restore of
// the same object into a new SQLite file (verify + insert, what the drill stands on). Peak RSS around the
// drills: the comparison streams both sides, so it must not grow with the rows.
// Arguments: rows (default 400000), runs of each (default 3, alternating). Uses TIDEMARK_TEST_PG when set,
// else a private PostgreSQL cluster.
#include "archivebenchdata.h"
#include "archivedrilljob.h"
#include "archivefixtures.h"
#include "archiverestorer.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "kudosarchivelayout.h"
#include "kudosvalues.h"
#include "ledgerstatements.h"
#include "partitionexporter.h"
#include "pgconnection.h"
#include "taskfeedback.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace tidemark;
using tidemark::bench::peakRssKb;
using tidemark::bench::seconds;

int main(int argc, char** argv) {
    TaskFeedback feedback; // no operator: never paused or cancelled
    QCoreApplication app(argc, argv);
    const qint64 rows = argc > 1 ? std::atoll(argv[1]) : 400000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 3;
    const Micros start = bench::archiveBenchStart();
    // Statements cover whole days: the range ends at the day after the last row.
    const Micros end = (start + rows * kMicrosPerSecond + kMicrosPerDay - 1) / kMicrosPerDay * kMicrosPerDay;

    const QString conninfo = bench::archiveBenchLedger(QStringLiteral("bench_archive_drill"), rows);
    auto db = PgConnection::open(conninfo);
    QTemporaryDir dir;
    const QString url = test::initialisedArchiveFolder(dir.filePath(QStringLiteral("archive")));
    auto store = archive::openArchiveStore(url);
    const archive::ExportResult exported =
        archive::PartitionExporter(*db, *store, kudos::kudosArchiveLayout())
            .exportRange({QStringLiteral("currency"), QStringLiteral("kudos_ledger"), QString(), start, end},
                         end, feedback);
    const qint64 lines = kudos::LedgerStatements(*db).write(QStringLiteral("kudos_ledger"), start, end);
    db->exec(
        QStringLiteral("INSERT INTO kudos_retention_catalog (dataset, lo, hi, partition_name, kind, state,"
                       " row_count, archive_key, object_sha256, object_bytes)"
                       " VALUES ('currency', $1::timestamp, $2::timestamp, 'kudos_ledger', 'partition',"
                       " 'verified', $3, $4, $5, $6)"),
        {kudos::utcParam(start), kudos::utcParam(end), exported.rows, exported.objectKey,
         exported.objectSha256, exported.objectBytes});

    kudos::ArchiveDrillRequest request;
    request.conninfo = conninfo;
    request.archiveUrl = url;
    request.keys = {exported.objectKey};
    request.scratchFolder = dir.filePath(QStringLiteral("scratch"));
    archive::ArchiveRestorer restorer(*store, kudos::kudosArchiveLayout());

    std::vector<double> drillSeconds, restoreSeconds;
    long rssFirst = 0, rssLast = 0;
    bool ok = true;
    qint64 contentBytes = 0;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer t;
        t.start();
        const QString file = dir.filePath(QStringLiteral("restore-%1.sqlite").arg(run));
        const archive::RestoreResult restored =
            restorer.restoreIntoSqlite(exported.objectKey, file, feedback);
        restoreSeconds.push_back(seconds(t));
        QFile::remove(file);
        ok &= restored.rows == exported.rows;

        t.restart();
        const kudos::ArchiveDrillReport drill = kudos::ArchiveDrillJob::run(request, feedback);
        drillSeconds.push_back(seconds(t));
        ok &= drill.ok() && drill.rows() == exported.rows;
        contentBytes = drill.contentBytes();
        (run == 0 ? rssFirst : rssLast) = peakRssKb();
        if (!drill.ok())
            for (const QString& p : drill.results.front().record.problemMessages())
                std::printf("  problem: %s\n", qPrintable(p));
    }
    std::sort(drillSeconds.begin(), drillSeconds.end());
    std::sort(restoreSeconds.begin(), restoreSeconds.end());
    const double drill = drillSeconds[drillSeconds.size() / 2],
                 restore = restoreSeconds[restoreSeconds.size() / 2];
    const double mb = double(contentBytes) / 1e6;
    std::printf(
        "%lld rows, CSV %.1f MB, object %.1f MB, %lld statement line(s); medians of %d alternating runs\n",
        exported.rows, mb, exported.objectBytes / 1e6, lines, runs);
    std::printf("bare restore into SQLite (verify + insert): %.2f s, %.0f rows/s, %.1f MB/s of CSV\n",
                restore, exported.rows / restore, mb / restore);
    std::printf("drill (restore + sums + compare + record):  %.2f s, %.0f rows/s, %.1f MB/s of CSV\n", drill,
                exported.rows / drill, mb / drill);
    std::printf("drill throughput / bare restore: %.2f (goal >= 0.80)\n", restore / drill);
    std::printf("peak RSS: %ld MB after the first drill, %ld MB after the last\n", rssFirst / 1024,
                (runs > 1 ? rssLast : rssFirst) / 1024);
    return ok ? 0 : 1;
}
