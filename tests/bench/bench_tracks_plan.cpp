// A tracks retention plan next to what it replaces, in one run, on a SpatiaLite file and a PostGIS store of
// the same tracks (half of them older than the retention): (1) the dry run (`tracks retain --dry-run`, ids
// only) against the dry run that collects the plan's units (created_at, dedup_key, sources); (2) the
// retention run against the plan's apply (each batch locking and re-checking its tracks) on two copies of the
// store. Prints seconds and the ratios; goals: plan <= 1.3x the dry run, apply <= 1.1x the run. Arguments:
// tracks (default 20000), points per track (default 200). PostGIS on TIDEMARK_TEST_PG's server when set.
#include "freshpostgisstore.h"
#include "freshtracksfile.h"
#include "trackimporter.h"
#include "tracksretainjob.h"

#include "taskfeedback.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <cstdio>
#include <functional>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {

const Micros kYear = 366 * kMicrosPerDay;

void fill(TracksDatabase& db, int tracks, int points, Micros now) {
    for (int half = 0; half < 2; ++half) {
        TrackImporter importer(db, TrackSourceList::demo(), now - (half == 0 ? 6 * kYear : kMicrosPerDay));
        for (int from = half * tracks / 2; from < (half + 1) * tracks / 2; from += 1000) {
            std::vector<ImportedTrack> batch;
            for (int n = from; n < std::min((half + 1) * tracks / 2, from + 1000); ++n) {
                ImportedTrack t;
                t.sourceId = QStringLiteral("osm");
                t.externalUrl = QStringLiteral("https://osm.example/%1").arg(n);
                t.activityType = QStringLiteral("hike");
                const double lat = 44.0 + (n % 400) * 0.01, lon = 30.0 + (n / 400) * 0.01;
                for (int p = 0; p < points; ++p)
                    t.points.push_back({lat + p * 0.0001, lon + p * 0.00013, std::nullopt});
                batch.push_back(std::move(t));
            }
            importer.importBatch(QStringLiteral("bench"), QStringLiteral("osm"), batch);
        }
    }
}

double seconds(const std::function<void()>& work) {
    QElapsedTimer timer;
    timer.start();
    work();
    return static_cast<double>(timer.nsecsElapsed()) / 1e9;
}

TracksRetainReport retain(const TracksLocation& store, Micros now, bool dryRun, bool collect,
                          const std::optional<TracksPlanUnits>& plan = std::nullopt) {
    TracksRetainRequest r;
    r.store = store;
    r.now = now;
    r.machineNow = nowMicros();
    r.dryRun = dryRun;
    r.collectUnits = collect;
    r.plan = plan;
    if (plan)
        r.planSha256 = QStringLiteral("0").repeated(64);
    TaskFeedback feedback;
    return TracksRetainJob::run(r, feedback);
}

// The two comparisons on `a` and `b`, two stores holding the same tracks.
void compare(const char* backend, const TracksLocation& a, const TracksLocation& b, Micros now) {
    double dry = 1e9, planned = 1e9;
    TracksRetainReport plan;
    for (int i = 0; i < 3; ++i) { // the best of three, alternating, each on a warm cache
        dry = std::min(dry, seconds([&] { retain(a, now, true, false); }));
        planned = std::min(planned, seconds([&] { plan = retain(a, now, true, true); }));
    }
    std::printf("%-8s dry run %.3f s, plan (units) %.3f s: %.2fx (goal <= 1.3x), %zu tracks\n", backend, dry,
                planned, planned / dry, plan.units.tracks.size());
    TracksRetainReport round, applied;
    const double run = seconds([&] { round = retain(a, now, false, false); });
    const double apply = seconds([&] { applied = retain(b, now, false, false, plan.units); });
    std::printf("%-8s run %.3f s, apply %.3f s: %.2fx (goal <= 1.1x), deleted %zu and %zu\n", backend, run,
                apply, apply / run, round.run.deleted.size(), applied.run.deleted.size());
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int tracks = argc > 1 ? std::atoi(argv[1]) : 20000;
    const int points = argc > 2 ? std::atoi(argv[2]) : 200;
    const Micros now = nowMicros();
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.sqlite")), b = dir.filePath(QStringLiteral("b.sqlite"));
    {
        auto db = test::freshTracksFile(a);
        fill(*db, tracks, points, now);
        db->exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    }
    QFile::copy(a, b);
    compare("sqlite", TracksLocation::file(a), TracksLocation::file(b), now);
    if (qEnvironmentVariableIsEmpty("TIDEMARK_TEST_PG"))
        return 0;
    const TracksLocation pa =
        TracksLocation::postgis(test::freshPostgisStore(QStringLiteral("bench_plan_a")));
    const TracksLocation pb =
        TracksLocation::postgis(test::freshPostgisStore(QStringLiteral("bench_plan_b")));
    fill(*TracksDatabase::open(pa), tracks, points, now);
    fill(*TracksDatabase::open(pb), tracks, points, now);
    compare("postgis", pa, pb, now);
    return 0;
}
