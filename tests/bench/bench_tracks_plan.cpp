// A tracks retention plan next to what it replaces, in one run, on a SpatiaLite file and a PostGIS store of
// the same tracks (half of them older than the retention): (1) the dry run (`tracks retain --dry-run`, ids
// only) against the dry run that collects the plan's units (created_at, dedup_key, sources); (2) the
// retention run against the plan's apply (each batch locking and re-checking its tracks) on two copies of the
// store (each on fresh stores, the best of three). Prints seconds and the ratios; goals: plan <= 1.3x the dry
// run, apply <= 1.1x the run. Arguments: tracks (default 20000), points per track (default 200). PostGIS on
// TIDEMARK_TEST_PG's server when set.
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

// The dry run against the plan on `a` (the best of three each, alternating, on a warm cache), then the run
// against the apply on fresh pairs of stores holding the same tracks (`pair(i)`, the best of three, the order
// alternating), on a machine others share.
void compare(const char* backend, const TracksLocation& a,
             const std::function<std::pair<TracksLocation, TracksLocation>(int)>& pair, Micros now) {
    double dry = 1e9, planned = 1e9;
    TracksRetainReport plan;
    for (int i = 0; i < 3; ++i) {
        dry = std::min(dry, seconds([&] { retain(a, now, true, false); }));
        planned = std::min(planned, seconds([&] { plan = retain(a, now, true, true); }));
    }
    std::printf("%-8s dry run %.3f s, plan (units) %.3f s: %.2fx (goal <= 1.3x), %zu tracks\n", backend, dry,
                planned, planned / dry, plan.units.tracks.size());
    double run = 1e9, apply = 1e9;
    size_t deleted = 0, applied = 0;
    for (int i = 0; i < 3; ++i) {
        const auto [r, p] = pair(i);
        const auto doRun = [&] {
            run = std::min(run, seconds([&] { deleted = retain(r, now, false, false).run.deleted.size(); }));
        };
        const auto doApply = [&] {
            apply = std::min(apply, seconds([&] {
                                 applied = retain(p, now, false, false, plan.units).run.deleted.size();
                             }));
        };
        if (i % 2 == 0) {
            doRun();
            doApply();
        } else {
            doApply();
            doRun();
        }
    }
    std::printf("%-8s run %.3f s, apply %.3f s: %.2fx (goal <= 1.1x), deleted %zu and %zu\n", backend, run,
                apply, apply / run, deleted, applied);
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int tracks = argc > 1 ? std::atoi(argv[1]) : 20000;
    const int points = argc > 2 ? std::atoi(argv[2]) : 200;
    const Micros now = nowMicros();
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.sqlite"));
    {
        auto db = test::freshTracksFile(a);
        fill(*db, tracks, points, now);
        db->exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    }
    compare(
        "sqlite", TracksLocation::file(a),
        [&](int i) {
            const QString r = dir.filePath(QStringLiteral("run%1.sqlite").arg(i));
            const QString p = dir.filePath(QStringLiteral("apply%1.sqlite").arg(i));
            QFile::copy(a, r);
            QFile::copy(a, p);
            return std::make_pair(TracksLocation::file(r), TracksLocation::file(p));
        },
        now);
    if (qEnvironmentVariableIsEmpty("TIDEMARK_TEST_PG"))
        return 0;
    const auto filledStore = [&](const QString& name) {
        const TracksLocation store = TracksLocation::postgis(test::freshPostgisStore(name));
        fill(*TracksDatabase::open(store), tracks, points, now);
        return store;
    };
    const TracksLocation pa = filledStore(QStringLiteral("bench_plan"));
    compare(
        "postgis", pa,
        [&](int i) {
            return std::make_pair(filledStore(QStringLiteral("bench_plan_run%1").arg(i)),
                                  filledStore(QStringLiteral("bench_plan_apply%1").arg(i)));
        },
        now);
    return 0;
}
