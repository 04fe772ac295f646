// The archive export and verification next to the zstd command on the same CSV, in one run: MB/s of CSV
// for PartitionExporter (COPY + sha256 + totals + zstd -3 + upload to a directory store), for the same COPY
// alone to a file, for ArchiveVerifier (offline and online), and for `zstd -3` on the dumped CSV; the ratio
// export / zstd command; and peak RSS after a small export and after one many times larger than zstd's
// window. Arguments: MB of CSV (default 80), then "zstd-thread" to let zstd compress on a thread of its own
// as well, then "no-vacuum" to export the rows as freshly inserted. Uses TIDEMARK_TEST_PG when set, else a
// private PostgreSQL cluster.
#include "archivebenchdata.h"
#include "archivefixtures.h"
#include "archiveurl.h"
#include "archiveverifier.h"
#include "csvcontentdigest.h"
#include "kudosarchivelayout.h"
#include "partitionexporter.h"
#include "pgconnection.h"
#include "taskfeedback.h"
#include "zstdstreamwriter.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <cstdio>
#include <sys/resource.h>

using namespace tidemark;
using tidemark::bench::peakRssKb;
using tidemark::bench::seconds;
using namespace tidemark::archive;

namespace {

double cpuSeconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
           (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

const Micros kStart = bench::archiveBenchStart();

} // namespace

int main(int argc, char** argv) {
    TaskFeedback feedback; // no operator: never paused or cancelled
    QCoreApplication app(argc, argv);
    const int megabytes = argc > 1 ? std::atoi(argv[1]) : 80;
    // About 190 bytes of CSV per row; one row a second from kStart, the small range is the first 1/40.
    const qint64 rows = static_cast<qint64>(megabytes) * 1024 * 1024 / 190;
    const Micros end = kStart + rows * kMicrosPerSecond;
    const Micros smallEnd = kStart + rows / 40 * kMicrosPerSecond;

    QElapsedTimer t;
    t.start();
    const QString conninfo = bench::archiveBenchLedger(QStringLiteral("bench_archive"), rows);
    auto db = PgConnection::open(conninfo);
    std::printf("filled kudos_ledger with %lld rows in %.1f s\n", rows, seconds(t));
    // A partition old enough to archive has been vacuumed: its hint bits are set, so the exports below do
    // not pay for the first scan of freshly inserted rows that the later bare COPY would not pay for.
    if (!(argc > 3 && QByteArray(argv[3]) == "no-vacuum"))
        db->exec(QStringLiteral("VACUUM kudos_ledger"));

    QTemporaryDir dir;
    auto store = test::openInitialisedArchive(dir.filePath(QStringLiteral("archive")));
    PartitionExporter exporter(*db, *store, kudos::kudosArchiveLayout(), 3);
    const bool zstdThread = argc > 2 && QByteArray(argv[2]) == "zstd-thread";
    exporter.setZstdBackgroundThread(zstdThread);
    const ExportSource small{QStringLiteral("currency"), QStringLiteral("kudos_ledger"), QString(), kStart,
                             smallEnd};
    const ExportSource large{QStringLiteral("currency"), QStringLiteral("kudos_ledger"), QString(), kStart,
                             end};

    const long rssStart = peakRssKb();
    exporter.exportRange(small, end, feedback);
    const long rssSmall = peakRssKb();
    exporter.exportRange({QStringLiteral("currency"), QStringLiteral("kudos_ledger"), QString(), smallEnd,
                          kStart + rows / 4 * kMicrosPerSecond},
                         end, feedback);
    const long rssQuarter = peakRssKb();
    t.restart();
    const double cpuBefore = cpuSeconds();
    const ExportResult result = exporter.exportRange(large, end, feedback);
    const double exportSeconds = seconds(t);
    const double exportCpu = cpuSeconds() - cpuBefore;
    const long rssLarge = peakRssKb();

    // The same export with every step on this thread, one after the other (the exporter before the
    // pipeline), into a second store.
    auto serialStore = test::openInitialisedArchive(dir.filePath(QStringLiteral("serial")));
    PartitionExporter serialExporter(*db, *serialStore, kudos::kudosArchiveLayout(), 3);
    serialExporter.setSerial(true);
    t.restart();
    const ExportResult serialResult = serialExporter.exportRange(large, end, feedback);
    const double serialSeconds = seconds(t);
    if (serialResult.manifest.contentSha256 != result.manifest.contentSha256)
        return 1;

    // The same CSV, dumped by a bare COPY to a file, then compressed by the zstd command.
    const QString csvPath = dir.filePath(QStringLiteral("dump.csv"));
    QFile csv(csvPath);
    if (!csv.open(QIODevice::WriteOnly))
        return 1;
    QStringList quoted;
    for (const QString& c : result.manifest.columns)
        quoted.append(pgQuoteIdentifier(c));
    t.restart();
    db->copyOut(
        // The exporter's statement (same plan, same sort), so this is the export's COPY share.
        QStringLiteral(
            "COPY (SELECT %1 FROM kudos_ledger WHERE created >= '2026-10-05' AND created < '%2' ORDER BY "
            "id) TO STDOUT (FORMAT csv, HEADER)")
            .arg(quoted.join(QStringLiteral(", ")), formatIsoTimestamp(end)),
        [&](const char* row, int length) { csv.write(row, length); });
    csv.close();
    const double copySeconds = seconds(t);
    const double csvMb = csv.size() / 1e6;
    t.restart();
    QProcess zstd;
    zstd.start(QStringLiteral("zstd"), {QStringLiteral("-3"), QStringLiteral("-q"), QStringLiteral("-f"),
                                        csvPath, QStringLiteral("-o"), csvPath + QStringLiteral(".zst")});
    zstd.waitForFinished(-1);
    const double zstdSeconds = seconds(t);
    const qint64 zstdBytes = QFileInfo(csvPath + QStringLiteral(".zst")).size();

    // Each stage of the export's work alone, on one thread, over the dumped CSV in memory.
    QFile dumped(csvPath);
    if (!dumped.open(QIODevice::ReadOnly))
        return 1;
    const QByteArray bytes = dumped.readAll();
    constexpr qsizetype kChunk = 256 * 1024;
    t.restart();
    CsvContentDigest digest;
    for (qsizetype at = 0; at < bytes.size(); at += kChunk)
        digest.feed(bytes.constData() + at, std::min(kChunk, bytes.size() - at));
    digest.finish();
    const double digestSeconds = seconds(t);
    t.restart();
    qint64 compressed = 0;
    ZstdStreamWriter writer([&](const char*, qint64 length) { compressed += length; }, 3);
    for (qsizetype at = 0; at < bytes.size(); at += kChunk)
        writer.write(bytes.constData() + at, std::min(kChunk, bytes.size() - at));
    writer.finish();
    const double compressSeconds = seconds(t);

    ArchiveVerifier verifier(*store, kudos::kudosArchiveLayout());
    t.restart();
    const VerifyResult offline = verifier.verify(result.objectKey, nullptr, feedback);
    const double verifySeconds = seconds(t);
    t.restart();
    const VerifyResult online = verifier.verify(result.objectKey, db.get(), feedback);
    const double onlineSeconds = seconds(t);

    std::printf("CSV %.1f MB, %lld rows; object %.1f MB (ratio %.2f), zstd command object %.1f MB\n", csvMb,
                result.rows, result.objectBytes / 1e6, csvMb * 1e6 / result.objectBytes, zstdBytes / 1e6);
    std::printf("export (COPY+sha256+totals+zstd-3+store%s): %.2f s, %.0f MB/s of CSV\n",
                zstdThread ? ", zstd thread" : "", exportSeconds, csvMb / exportSeconds);
    std::printf("  CPU of this process during the export (all threads): %.2f s\n", exportCpu);
    std::printf("the same export, serial on one thread:    %.2f s, %.0f MB/s (ratio to zstd %.2f)\n",
                serialSeconds, csvMb / serialSeconds, zstdSeconds / serialSeconds);
    std::printf("the export's COPY alone, to a file:       %.2f s, %.0f MB/s\n", copySeconds,
                csvMb / copySeconds);
    std::printf("zstd -3 command on the dumped CSV:        %.2f s, %.0f MB/s\n", zstdSeconds,
                csvMb / zstdSeconds);
    std::printf(
        "stages alone in memory: CSV digest (sha256+parse+totals) %.0f MB/s, ZstdStreamWriter -3 %.0f "
        "MB/s\n",
        csvMb / digestSeconds, csvMb / compressSeconds);
    std::printf("ratio export / zstd command: %.2f (goal >= 0.8)\n", zstdSeconds / exportSeconds);
    std::printf("verify offline: %.2f s, %.0f MB/s of CSV (%s); with the online partition: %.2f s (%s)\n",
                verifySeconds, csvMb / verifySeconds, offline.ok ? "ok" : "FAILED", onlineSeconds,
                online.ok ? "ok" : "FAILED");
    std::printf(
        "peak RSS: %ld MB at start, %ld MB after a %.1f MB export, %ld MB after a %.1f MB one, %ld MB after "
        "the %.1f MB export (%.0fx zstd's 2 MB window at level 3)\n",
        rssStart / 1024, rssSmall / 1024, csvMb / 40, rssQuarter / 1024, csvMb / 4, rssLarge / 1024, csvMb,
        csvMb / 2.097);
    return offline.ok && online.ok ? 0 : 1;
}
