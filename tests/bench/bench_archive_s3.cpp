// The archive export and verification to radosgw next to the directory store, on the same rows in one run:
// MB/s of CSV for PartitionExporter (COPY + sha256 + totals + zstd -3 + upload) and ArchiveVerifier (read
// back, digests, totals), and the raw upload and download MB/s of the compressed object. Arguments: MB of CSV
// (default 80). Uses TIDEMARK_TEST_PG / TIDEMARK_TEST_S3 when set, else private throwaway servers.
#include "archivebenchdata.h"
#include "archivefixtures.h"
#include "archiveurl.h"
#include "archiveverifier.h"
#include "kudosarchivelayout.h"
#include "partitionexporter.h"
#include "pgconnection.h"
#include "taskfeedback.h"
#include "tests3.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <cstdio>

using namespace tidemark;
using tidemark::bench::seconds;
using namespace tidemark::archive;

namespace {

const Micros kStart = bench::archiveBenchStart();

struct Figures {
    double exportSeconds = 0;
    double verifySeconds = 0;
    double putSeconds = 0;
    double getSeconds = 0;
    qint64 objectBytes = 0;
    bool ok = false;
};

Figures measure(PgConnection& db, ArchiveStore& store, const ExportSource& source, Micros exportedAt,
                const QString& scratch) {
    TaskFeedback feedback;
    Figures f;
    QElapsedTimer t;
    t.start();
    const ExportResult result = PartitionExporter(db, store, kudos::kudosArchiveLayout(), 3)
                                    .exportRange(source, exportedAt, feedback);
    f.exportSeconds = seconds(t);
    f.objectBytes = result.objectBytes;
    t.restart();
    f.ok = ArchiveVerifier(store, kudos::kudosArchiveLayout()).verify(result.objectKey, nullptr, feedback).ok;
    f.verifySeconds = seconds(t);

    // The object alone, read back to a file and written again under another key.
    const QString copy = scratch + QStringLiteral("/object.copy");
    QFile out(copy);
    if (!out.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(copy));
    t.restart();
    store.read(result.objectKey, [&](const char* data, qint64 length) { out.write(data, length); });
    f.getSeconds = seconds(t);
    out.close();
    t.restart();
    store.putFile(QStringLiteral("bench/copy.csv.zst"), copy);
    f.putSeconds = seconds(t);
    return f;
}

} // namespace

int main(int argc, char** argv) {
    TaskFeedback feedback; // no operator: never paused or cancelled
    QCoreApplication app(argc, argv);
    const int megabytes = argc > 1 ? std::atoi(argv[1]) : 80;
    const qint64 rows = static_cast<qint64>(megabytes) * 1024 * 1024 / 190; // ~190 bytes of CSV a row
    const Micros end = kStart + rows * kMicrosPerSecond;

    const QString conninfo = bench::archiveBenchLedger(QStringLiteral("bench_archive_s3"), rows);
    auto db = PgConnection::open(conninfo);
    const ExportSource source{QStringLiteral("currency"), QStringLiteral("kudos_ledger"), QString(), kStart,
                              end};
    QTemporaryDir dir;
    auto directory = test::openInitialisedArchive(dir.filePath(QStringLiteral("archive")));
    auto s3 = openArchiveStore(test::initialisedS3Archive(QStringLiteral("bench_archive")));
    // Warm PostgreSQL's cache so neither store pays the first read of the table; its object gives the CSV
    // size.
    const ExportResult warm = PartitionExporter(*db, *directory, kudos::kudosArchiveLayout(), 3)
                                  .exportRange(source, kStart, feedback);
    QProcess count;
    count.start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("zstd -dc \"$0\" | wc -c"),
                                       dir.filePath(QStringLiteral("archive/")) + warm.objectKey});
    count.waitForFinished(-1);
    const double csvMb = count.readAllStandardOutput().trimmed().toLongLong() / 1e6;
    QTemporaryDir dir2;
    auto directory2 = test::openInitialisedArchive(dir2.filePath(QStringLiteral("archive")));

    // radosgw answers the first request to a new bucket after 1-3 s (measured with strace: the first HEAD),
    // later ones in milliseconds; a long-lived bucket has had that request long ago, so it is not timed.
    QElapsedTimer first;
    first.start();
    s3->exists(QStringLiteral("warm/up.csv.zst"));
    std::printf("radosgw's first answer on the new bucket: %.2f s (not counted)\n", seconds(first));
    const Figures d = measure(*db, *directory2, source, end, dir.path());
    const Figures s = measure(*db, *s3, source, end, dir.path());
    std::printf("rows %lld, %.1f MB of CSV, object %.1f MB\n", rows, csvMb, s.objectBytes / 1e6);
    std::printf(
        "store,export_s,export_MBps_csv,verify_s,verify_MBps_csv,object_put_MBps,object_get_MBps,ok\n");
    for (const auto& [name, f] : {std::pair{"directory", d}, std::pair{"radosgw", s}})
        std::printf("%s,%.2f,%.0f,%.2f,%.0f,%.0f,%.0f,%s\n", name, f.exportSeconds, csvMb / f.exportSeconds,
                    f.verifySeconds, csvMb / f.verifySeconds, f.objectBytes / 1e6 / f.putSeconds,
                    f.objectBytes / 1e6 / f.getSeconds, f.ok ? "ok" : "FAILED");
    std::printf("ratio radosgw / directory: export %.2f, verify %.2f\n", d.exportSeconds / s.exportSeconds,
                d.verifySeconds / s.verifySeconds);
    return d.ok && s.ok ? 0 : 1;
}
