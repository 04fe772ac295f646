// `tidemark-cli archive verify` on hostile objects next to a normal object of about the same compressed size:
// peak memory (ru_maxrss of the verifying process, from wait4), CPU and wall time of each run, and its exit
// status (1: refused with a problem). The objects: one CSV field of 2 GB in ~64 KB, 26 M identical rows in
// ~100 KB behind a manifest that counts one row, each with a manifest that carries content_bytes
// (schema_version 2) and with one written before it (1), and a sound object whose manifest says one byte less
// than its content. Goal: flat (under 64 MB) and refused in under a second. Argument: the tidemark-cli to run
// (default: this build's), so that another build can be measured the same way.
#include "archivefixtures.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <cstdio>
#include <fcntl.h>
#include <malloc.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char** environ;

using namespace tidemark;
using namespace tidemark::archive;
using namespace tidemark::test;

namespace {

struct Run {
    int exitCode = -1;
    long maxRssKb = 0;
    double cpuSeconds = 0;
    double wallSeconds = 0;
};

// Runs `cli archive verify KEY --archive URL` with its output discarded and measures the process. The child
// starts with this process's high-water mark (exec keeps the parent's as its ru_maxrss), so that is first
// brought down to what this process holds now; the figure is then at most max(that, the child's peak).
Run verify(const QByteArray& cli, const QString& url, const QString& key) {
    malloc_trim(0);
    resetPeakRss();
    const QByteArray keyBytes = key.toUtf8();
    const QByteArray urlBytes = url.toUtf8();
    const char* argv[] = {cli.constData(),      "archive", "verify", keyBytes.constData(), "--archive",
                          urlBytes.constData(), nullptr};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    QElapsedTimer timer;
    timer.start();
    pid_t pid = 0;
    Run run;
    if (posix_spawn(&pid, cli.constData(), &actions, nullptr, const_cast<char**>(argv), environ) != 0) {
        std::fprintf(stderr, "cannot run %s\n", cli.constData());
        return run;
    }
    posix_spawn_file_actions_destroy(&actions);
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid)
        return run;
    run.wallSeconds = timer.nsecsElapsed() / 1e9;
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.maxRssKb = usage.ru_maxrss;
    run.cpuSeconds = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
                     (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    return run;
}

// About `rows` ledger rows of varied users, amounts and times: a normal object's CSV.
QByteArray ledgerCsv(int rows) {
    QRandomGenerator random(20261201);
    QByteArray csv = "id,created,user_id,amount\n";
    for (int i = 1; i <= rows; ++i)
        csv += QByteArray::number(i) + ",2026-11-" + QByteArray::number(16 + random.bounded(7)) + " " +
               QByteArray::number(10 + random.bounded(14)) + ":" +
               QByteArray::number(10 + random.bounded(50)) + ":" +
               QByteArray::number(10 + random.bounded(50)) + "," + QByteArray::number(random.bounded(5000)) +
               "," + QByteArray::number(random.bounded(100000) - 50000) + "." +
               QByteArray::number(10 + random.bounded(90)) + "\n";
    return csv;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QByteArray cli =
        argc > 1 ? QByteArray(argv[1]) : QByteArray(TIDEMARK_BINARY_DIR "/app/cli/tidemark-cli");
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("archive"));
    const QString url = initialisedArchiveFolder(root);
    const Micros lo = archiveTestWeek().lo;
    const Micros week = 7 * kMicrosPerDay;
    int weeks = 0;
    const auto at = [&](ArchiveManifest m) {
        m.createdFrom = lo - weeks * week;
        m.createdTo = m.createdFrom + week;
        ++weeks;
        return m;
    };
    const QByteArray oneRow = "id,created,user_id,amount\n1,2026-11-16 00:00:00,17,1.00\n";
    const auto claimOneRow = [&](std::optional<qint64> contentBytes) {
        ArchiveManifest m = at(manifestOfCsv(oneRow, lo, lo + week));
        m.contentBytes = contentBytes;
        m.schemaVersion = contentBytes ? 2 : 1;
        return m;
    };

    struct Case {
        const char* name;
        ArchiveManifest manifest;
        qint64 contentBytes;
    };
    QList<Case> cases;
    QElapsedTimer built;
    built.start();
    const QByteArray csv = ledgerCsv(4400);
    const auto writeCsv = [&](const std::function<void(const char*, qint64)>& sink) {
        sink(csv.constData(), csv.size());
    };
    cases.append({"normal object (4,400 rows)",
                  putArchiveObject(root, at(manifestOfCsv(csv, lo, lo + week)), writeCsv), csv.size()});
    ArchiveManifest shorter = at(manifestOfCsv(csv, lo, lo + week));
    shorter.contentBytes = csv.size() - 1;
    cases.append({"same, content_bytes 1 short", putArchiveObject(root, shorter, writeCsv), csv.size()});
    const qint64 huge = qint64(2) << 30;
    cases.append({"2 GB field, content_bytes",
                  putArchiveObject(root, claimOneRow(oneRow.size()), oneHugeField(huge)), huge});
    cases.append({"2 GB field, schema 1",
                  putArchiveObject(root, claimOneRow(std::nullopt), oneHugeField(huge)), huge});
    const qint64 rows = 26'000'000;
    const qint64 rowsBytes = 26 + rows * 30;
    cases.append({"26 M rows, content_bytes",
                  putArchiveObject(root, claimOneRow(rowsBytes), identicalRows(rows), 19), rowsBytes});
    cases.append({"26 M rows, schema 1",
                  putArchiveObject(root, claimOneRow(std::nullopt), identicalRows(rows), 19), rowsBytes});
    std::printf("objects written in %.1f s; verifying each with %s\n", built.nsecsElapsed() / 1e9,
                cli.constData());
    malloc_trim(0);
    resetPeakRss();
    std::printf("this process holds %.1f MB while it measures (a floor of the peak RSS below)\n",
                peakRssKb() / 1024.0);
    std::printf("%-30s %12s %14s %6s %12s %9s %9s\n", "object", "object bytes", "content bytes", "exit",
                "peak RSS MB", "CPU s", "wall s");
    bool flat = true;
    for (const Case& c : cases) {
        const Run run = verify(cli, url, archiveKeyOf(c.manifest));
        std::printf("%-30s %12lld %14lld %6d %12.1f %9.3f %9.3f\n", c.name, c.manifest.objectBytes,
                    c.contentBytes, run.exitCode, run.maxRssKb / 1024.0, run.cpuSeconds, run.wallSeconds);
        flat = flat && run.maxRssKb < 64 * 1024;
    }
    return flat ? 0 : 1;
}
