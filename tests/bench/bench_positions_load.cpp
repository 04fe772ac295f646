// Rows/s loading a range of mower_positions from PostgreSQL into memory: a parameterised SELECT with binary
// results (decoded here) against PositionLoader (binary COPY), side by side in one run, alternating which
// goes first, over every mower's whole track. Usage: bench_positions_load [DEMO_DIR | CONNINFO]
// (default: <build>/test-demo, the workspace of the ctest fixture `demo`).
#include "demoworkspace.h"
#include "pgconnection.h"
#include "positionloader.h"
#include "previewjob.h"
#include "taskfeedback.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QtEndian>
#include <cstdio>
#include <cstring>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

constexpr Micros kPostgresEpoch = 946684800LL * kMicrosPerSecond;

template <typename T> T bigEndian(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return qFromBigEndian(v);
}

// The alternative to the COPY loader: one SELECT with binary results, decoded value by value.
MowerTrack selectBinary(PgConnection& db, const QUuid& mower, Micros from, Micros to) {
    MowerTrack track;
    track.mowerId = mower;
    const PgResult r = db.exec(
        QStringLiteral("SELECT observed_at, lat, lon, blades_on, rtk_fix, wifi_rssi, mnet_rssi, speed_mps"
                       " FROM mower_positions WHERE mower_id = $1::uuid AND observed_at >= $2::timestamptz"
                       " AND observed_at < $3::timestamptz ORDER BY observed_at"),
        {mower.toString(QUuid::WithoutBraces), formatIsoTimestamp(from), formatIsoTimestamp(to)},
        PgConnection::Format::Binary);
    track.rows.resize(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) {
        PositionRow& row = track.rows[static_cast<std::size_t>(i)];
        row.observedAt = bigEndian<qint64>(r.raw(i, 0)) + kPostgresEpoch;
        const quint64 lat = bigEndian<quint64>(r.raw(i, 1));
        const quint64 lon = bigEndian<quint64>(r.raw(i, 2));
        std::memcpy(&row.lat, &lat, 8);
        std::memcpy(&row.lon, &lon, 8);
        row.bladesOn = r.raw(i, 3)[0] != 0;
        row.rtkFix =
            r.isNull(i, 4) ? std::int8_t(-1) : static_cast<std::int8_t>(bigEndian<qint16>(r.raw(i, 4)));
        row.wifiRssi = r.isNull(i, 5) ? PositionRow::kNoRssi : bigEndian<qint16>(r.raw(i, 5));
        row.mnetRssi = r.isNull(i, 6) ? PositionRow::kNoRssi : bigEndian<qint16>(r.raw(i, 6));
        if (!r.isNull(i, 7)) {
            const quint32 bits = bigEndian<quint32>(r.raw(i, 7));
            std::memcpy(&row.speedMps, &bits, 4);
        }
    }
    return track;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QString arg =
        argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(TIDEMARK_BINARY_DIR "/test-demo");
    const QString conninfo =
        arg.contains(QLatin1Char('=')) ? arg : demo::DemoWorkspace(arg).positionsConninfo();
    auto db = PgConnection::open(conninfo, QStringLiteral("bench_positions_load"));
    PositionLoader loader(*db);
    const std::vector<QUuid> mowers = loader.listMowers();
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
                    copyFirst ? loader.load(mower, from, to) : selectBinary(*db, mower, from, to);
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
    std::printf("SELECT, binary results:       %lld rows in %.3f s = %.2f M rows/s\n", readerRows,
                readerSeconds, readerRate / 1e6);
    std::printf("PositionLoader (binary COPY): %lld rows in %.3f s = %.2f M rows/s\n", loaderRows,
                loaderSeconds, loaderRate / 1e6);
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
                const MowerTrack track =
                    copyFirst ? loader.load(mower, newest - 7 * kMicrosPerDay, newest + 1)
                              : selectBinary(*db, mower, newest - 7 * kMicrosPerDay, newest + 1);
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
        TaskFeedback feedback;
        const PreviewResult r =
            PreviewJob::run({conninfo, mower, cutoff - 7 * kMicrosPerDay, cutoff, now, settings}, feedback);
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
