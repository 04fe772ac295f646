// Archive restore rows/s, in one run: an exported range of kudos_ledger restored into a new PostgreSQL table
// (verify + COPY FROM STDIN, one transaction) and into a new SQLite file, next to the verification alone and
// to a bare COPY of the same decompressed CSV into an empty table (the floor the restore's load stands on).
// Arguments: rows (default 400000). Uses TIDEMARK_TEST_PG when set, else a private PostgreSQL cluster.
#include "archivebenchdata.h"
#include "archivefixtures.h"
#include "archiverestorer.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "archiveverifier.h"
#include "kudosarchivelayout.h"
#include "partitionexporter.h"
#include "pgconnection.h"
#include "taskfeedback.h"
#include "zstdstreamreader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <cstdio>
#include <sys/resource.h>

using namespace tidemark;
using tidemark::bench::peakRssKb;
using tidemark::bench::seconds;
using namespace tidemark::archive;

namespace {

const Micros kStart = bench::archiveBenchStart();

} // namespace

int main(int argc, char** argv) {
    TaskFeedback feedback; // no operator: never paused or cancelled
    QCoreApplication app(argc, argv);
    const qint64 rows = argc > 1 ? std::atoll(argv[1]) : 400000;
    const Micros end = kStart + rows * kMicrosPerSecond;

    const QString conninfo = bench::archiveBenchLedger(QStringLiteral("bench_archive_restore"), rows);
    auto db = PgConnection::open(conninfo);

    QTemporaryDir dir;
    auto store = test::openInitialisedArchive(dir.filePath(QStringLiteral("archive")));
    const ExportResult exported =
        PartitionExporter(*db, *store, kudos::kudosArchiveLayout())
            .exportRange({QStringLiteral("currency"), QStringLiteral("kudos_ledger"), QString(), kStart, end},
                         end, feedback);
    ArchiveRestorer restorer(*store, kudos::kudosArchiveLayout());

    QElapsedTimer t;
    t.start();
    const VerifyResult verified =
        ArchiveVerifier(*store, kudos::kudosArchiveLayout()).verify(exported.objectKey, nullptr, feedback);
    const double verifySeconds = seconds(t);

    const long rssBefore = peakRssKb();
    t.restart();
    const RestoreResult intoTable =
        restorer.restoreIntoTable(exported.objectKey, *db, QStringLiteral("restored.ledger"), feedback);
    const double tableSeconds = seconds(t);
    const long rssAfter = peakRssKb();

    t.restart();
    const RestoreResult intoSqlite = restorer.restoreIntoSqlite(
        exported.objectKey, dir.filePath(QStringLiteral("restore.sqlite")), feedback);
    const double sqliteSeconds = seconds(t);

    // The floor: the same CSV decompressed straight into COPY, no verification, no digests.
    db->exec(QStringLiteral("CREATE TABLE restored.bare (LIKE restored.ledger)"));
    t.restart();
    db->exec(QStringLiteral("BEGIN"));
    db->beginCopyIn(QStringLiteral("COPY restored.bare FROM STDIN (FORMAT csv, HEADER)"));
    ZstdStreamReader decompressor(
        [&](const char* data, qint64 length) { db->putCopyData(data, static_cast<int>(length)); });
    store->read(exported.objectKey,
                [&](const char* data, qint64 length) { decompressor.feed(data, length); });
    decompressor.finish();
    const long long bareRows = db->endCopyIn();
    db->exec(QStringLiteral("COMMIT"));
    const double bareSeconds = seconds(t);

    const double mb = decompressor.bytesOut() / 1e6;
    std::printf("%lld rows, CSV %.1f MB, object %.1f MB\n", exported.rows, mb, exported.objectBytes / 1e6);
    std::printf("verify alone:                  %.2f s, %.0f rows/s (%s)\n", verifySeconds,
                exported.rows / verifySeconds, verified.ok ? "ok" : "FAILED");
    std::printf("restore into a table (verify + COPY): %.2f s, %.0f rows/s, %.0f MB/s of CSV\n", tableSeconds,
                intoTable.rows / tableSeconds, mb / tableSeconds);
    std::printf("  its load after the verification:   %.2f s, %.0f rows/s\n", tableSeconds - verifySeconds,
                intoTable.rows / (tableSeconds - verifySeconds));
    std::printf("bare zstd -> COPY, no checks:        %.2f s, %.0f rows/s (restore load / bare: %.2f)\n",
                bareSeconds, bareRows / bareSeconds, bareSeconds / (tableSeconds - verifySeconds));
    std::printf("restore into SQLite (verify + insert): %.2f s, %.0f rows/s\n", sqliteSeconds,
                intoSqlite.rows / sqliteSeconds);
    std::printf("peak RSS: %ld MB before the table restore, %ld MB after (object %.1f MB)\n",
                rssBefore / 1024, rssAfter / 1024, exported.objectBytes / 1e6);
    return verified.ok && intoTable.rows == exported.rows && intoSqlite.rows == exported.rows ? 0 : 1;
}
