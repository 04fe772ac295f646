// Rows/s loading a range of mower_positions from PostgreSQL into memory: PgPositionReader (one parameterised
// SELECT with binary results) against PreviewLoader (binary COPY), side by side in one run, alternating which
// goes first, over every mower's whole track. Usage: bench_positions_load [DEMO_DIR | CONNINFO]
// (default: <build>/test-demo, the workspace of the ctest fixture `demo`).
#include "common/pgconnection.h"
#include "demo/demoworkspace.h"
#include "positions/pgpositionreader.h"
#include "positions/previewjob.h"
#include "positions/previewloader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <cstdio>

using namespace tidemark;
using namespace tidemark::positions;

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QString arg =
        argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(TIDEMARK_BINARY_DIR "/test-demo");
    const QString conninfo =
        arg.contains(QLatin1Char('=')) ? arg : demo::DemoWorkspace(arg).positionsConninfo();
    auto db = PgConnection::open(conninfo, QStringLiteral("bench_positions_load"));
    PgPositionReader reader(*db);
    PreviewLoader loader(*db);
    const std::vector<QUuid> mowers = reader.listMowers();
    const Micros from = 0;
    const Micros to = 4102444800LL * kMicrosPerSecond; // 2100-01-01
    const int rounds = 3;
    double readerSeconds = 0, loaderSeconds = 0;
    long long readerRows = 0, loaderRows = 0;
    std::printf("bench_positions_load: %zu mowers, whole tracks, %d rounds\n", mowers.size(), rounds);
    for (int round = 0; round < rounds; ++round) {
        for (const QUuid& mower : mowers) {
            for (int pass = 0; pass < 2; ++pass) {
                const bool copyFirst = (round + pass) % 2 == 0;
                QElapsedTimer t;
                t.start();
                const MowerTrack track =
                    copyFirst ? loader.load(mower, from, to) : reader.read(mower, from, to);
                const double s = t.nsecsElapsed() / 1e9;
                (copyFirst ? loaderSeconds : readerSeconds) += s;
                (copyFirst ? loaderRows : readerRows) += static_cast<long long>(track.rows.size());
            }
        }
    }
    if (readerRows != loaderRows) {
        std::printf("row counts differ: reader %lld, loader %lld\n", readerRows, loaderRows);
        return 1;
    }
    const double readerRate = readerRows / readerSeconds;
    const double loaderRate = loaderRows / loaderSeconds;
    std::printf("PgPositionReader (SELECT, binary results): %lld rows in %.3f s = %.2f M rows/s\n",
                readerRows, readerSeconds, readerRate / 1e6);
    std::printf("PreviewLoader (binary COPY):               %lld rows in %.3f s = %.2f M rows/s\n",
                loaderRows, loaderSeconds, loaderRate / 1e6);
    std::printf("ratio COPY / SELECT: %.2f; goal 1 M rows/s: %s\n", loaderRate / readerRate,
                loaderRate >= 1e6 ? "met" : "not met");

    // Preview-sized ranges: the last week of every mower (an ordered index scan on the server).
    double weekReader = 0, weekLoader = 0;
    long long weekRows = 0;
    for (int round = 0; round < rounds; ++round) {
        for (const QUuid& mower : mowers) {
            const Micros newest =
                db->exec(QStringLiteral("SELECT (extract(epoch FROM max(observed_at)) * 1000000)::bigint"
                                        " FROM mower_positions WHERE mower_id = $1::uuid"),
                         {mower.toString(QUuid::WithoutBraces)})
                    .toLong(0, 0);
            for (int pass = 0; pass < 2; ++pass) {
                const bool copyFirst = (round + pass) % 2 == 0;
                QElapsedTimer t;
                t.start();
                const MowerTrack track = copyFirst
                                             ? loader.load(mower, newest - 7 * kMicrosPerDay, newest + 1)
                                             : reader.read(mower, newest - 7 * kMicrosPerDay, newest + 1);
                (copyFirst ? weekLoader : weekReader) += t.nsecsElapsed() / 1e9;
                if (copyFirst)
                    weekRows += static_cast<long long>(track.rows.size());
            }
        }
    }
    std::printf("last week per mower: %lld rows; SELECT %.2f M rows/s, COPY %.2f M rows/s, ratio %.2f\n",
                weekRows, weekRows / weekReader / 1e6, weekRows / weekLoader / 1e6, weekReader / weekLoader);

    // The whole preview of the week before the detail window (load with context, keep_set slice by slice,
    // coverage check and signal layers), the data's newest row taken as now.
    const Micros now =
        db->exec(QStringLiteral("SELECT (extract(epoch FROM max(observed_at)) * 1000000)::bigint"
                                " FROM mower_positions"))
            .toLong(0, 0);
    PositionSettings settings;
    const Micros cutoff = settings.thinningCutoff(now);
    double previewSeconds = 0, loadSeconds = 0, thinSeconds = 0, coverageSeconds = 0;
    long long previewRows = 0, loadedRows = 0;
    for (const QUuid& mower : mowers) {
        QElapsedTimer t;
        t.start();
        const PreviewResult r =
            PreviewJob::run({conninfo, mower, cutoff - 7 * kMicrosPerDay, cutoff, now, settings});
        previewSeconds += t.nsecsElapsed() / 1e9;
        loadSeconds += r.loadSeconds;
        thinSeconds += r.thinSeconds;
        coverageSeconds += r.coverageSeconds;
        previewRows += static_cast<long long>(r.rows.size());
        loadedRows += r.loadedRows;
    }
    std::printf(
        "preview of the week before the detail window, %zu mowers: %lld rows (%lld loaded with context) in "
        "%.3f s = %.2f M rows/s end to end; load %.3f s (%.2f M rows/s), keep_set %.3f s, coverage %.3f s\n",
        mowers.size(), previewRows, loadedRows, previewSeconds, previewRows / previewSeconds / 1e6,
        loadSeconds, loadedRows / loadSeconds / 1e6, thinSeconds, coverageSeconds);
    return 0;
}
