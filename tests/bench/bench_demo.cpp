// How long `demo up` takes and where the time goes: in-memory generation rates next to COPY rates, and a
// COPY of the same mowers with the indexes kept versus deferred (built once afterwards), in one run.
#include "deferredindexes.h"
#include "demopositionsloader.h"
#include "demoworkspace.h"
#include "kudosgenerator.h"
#include "positionsgenerator.h"
#include "positionsschema.h"
#include "tracksgenerator.h"

#include "pgconnection.h"
#include "schemamigrator.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <cstdio>

using namespace tidemark;
using namespace tidemark::demo;

namespace {
double seconds(QElapsedTimer& t) {
    return t.nsecsElapsed() / 1e9;
}
} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const Micros now = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

    QElapsedTimer t;
    t.start();
    PositionsGeneratorOptions po;
    po.end = now;
    qint64 positionRows = 0;
    for (int i = 0; i < po.mowers; ++i)
        positionRows += static_cast<qint64>(PositionsGenerator(po).generate(i).track.rows.size());
    const double positionsGen = seconds(t);
    t.restart();
    KudosGeneratorOptions ko;
    ko.end = now;
    const GeneratedKudos kudos = KudosGenerator(ko).generate();
    const double kudosGen = seconds(t);
    const qint64 kudosRows =
        static_cast<qint64>(kudos.ledger.size() + kudos.stats.size() + kudos.snapshots.size());
    t.restart();
    TracksGeneratorOptions to;
    to.end = now;
    size_t delivered = 0;
    for (const auto& b : TracksGenerator(to).generate())
        delivered += b.tracks.size();
    const double tracksGen = seconds(t);
    std::printf("generation in memory: positions %lld rows in %.2f s (%.0f rows/s); kudos %lld rows in %.2f "
                "s (%.0f rows/s);"
                " tracks %zu in %.2f s\n",
                positionRows, positionsGen, positionRows / positionsGen, kudosRows, kudosGen,
                kudosRows / kudosGen, delivered, tracksGen);

    QTemporaryDir dir;
    DemoWorkspace workspace(dir.filePath(QStringLiteral("demo")));
    t.restart();
    workspace.up(po.seed, now);
    const auto& f = workspace.lastUpFigures();
    std::printf("demo up: %.1f s in all (cluster init and start %.1f s); positions %.1f s (%.0f rows/s with "
                "generation),"
                " kudos %.1f s (%.0f rows/s), tracks %.1f s beside them\n",
                f.totalSeconds, f.totalSeconds - f.positionsSeconds - f.kudosSeconds, f.positionsSeconds,
                f.positionRows / f.positionsSeconds, f.kudosSeconds, f.kudosRows / f.kudosSeconds,
                f.tracksSeconds);
    std::printf("ratio: positions load time / in-memory generation time = %.1f\n",
                f.positionsSeconds / positionsGen);

    // The same two mowers copied with indexes maintained and with indexes deferred.
    const QString admin = workspace.positionsConninfo().replace(QStringLiteral("dbname=positions"),
                                                                QStringLiteral("dbname=postgres"));
    double kept = 0, deferred = 0;
    qint64 rows = 0;
    for (const bool defer : {false, true}) {
        const QString name = defer ? QStringLiteral("bench_deferred") : QStringLiteral("bench_kept");
        PgConnection::open(admin)->exec(QStringLiteral("CREATE DATABASE ") + name);
        auto db = PgConnection::open(workspace.positionsConninfo().replace(QStringLiteral("dbname=positions"),
                                                                           QStringLiteral("dbname=") + name));
        SchemaMigrator(*db, positions::positionsSchema()).migrate();
        PositionsGeneratorOptions two = po;
        two.mowers = 2;
        t.restart();
        if (defer) {
            DeferredIndexes indexes(*db, {QStringLiteral("mower_positions")});
            rows = DemoPositionsLoader(*db, two).load();
            indexes.restore();
            deferred = seconds(t);
        } else {
            rows = DemoPositionsLoader(*db, two).load();
            kept = seconds(t);
        }
    }
    std::printf("COPY of %lld rows: indexes kept %.2f s (%.0f rows/s), deferred and rebuilt %.2f s (%.0f "
                "rows/s); ratio %.2f\n",
                rows, kept, rows / kept, deferred, rows / deferred, kept / deferred);
    workspace.purge();
    return 0;
}
