// `forecast kudos`, measured in one run:
// - on the demo's kudos data (the generator's 20 weeks, 400 users, swapped; a retention run archives the
//   weeks up to 7 weeks before the first boundary), at the instant every range is eligible: the whole
//   forecast (median of 3) next to a bare counting scan of both tables grouped by partition and day (what the
//   forecast must read at least), and the figures it gives;
// - on 1,000 archived weeks in each tier (2,000 manifests in a directory archive, written without the
// exporter)
//   over the same database: the whole forecast, its archive part (from the first manifest read to the end),
//   as manifests read per second, next to a bare list + read + parse of the same manifests.
// Uses TIDEMARK_TEST_PG when set, else a private PostgreSQL cluster.
#include "archivefixtures.h"
#include "archivelisting.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "demokudosloader.h"
#include "kudosarchivelayout.h"
#include "kudosforecastjob.h"
#include "kudosschema.h"
#include "partitionswap.h"
#include "pgconnection.h"
#include "retentionjob.h"
#include "schemamigrator.h"
#include "taskfeedback.h"
#include "testpostgres.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace tidemark;
using namespace tidemark::kudos;

namespace {

constexpr Micros kWeek = 7 * kMicrosPerDay;

struct Timed {
    double seconds = 0;        // the whole forecast
    double archiveSeconds = 0; // from the first manifest stage to the end
    KudosForecast forecast;
};

Timed timedForecast(const KudosForecastRequest& request) {
    TaskFeedback feedback;
    QElapsedTimer timer;
    qint64 archiveStart = -1;
    feedback.setSink([&](const TaskProgress& p) {
        if (archiveStart < 0 && p.stage.startsWith(QLatin1String("reading the manifests")))
            archiveStart = timer.nsecsElapsed();
    });
    timer.start();
    Timed t;
    t.forecast = KudosForecastJob::run(request, feedback);
    const qint64 end = timer.nsecsElapsed();
    t.seconds = end / 1e9;
    t.archiveSeconds = archiveStart < 0 ? 0 : (end - archiveStart) / 1e9;
    return t;
}

Timed median(const KudosForecastRequest& request, int runs = 3) {
    std::vector<Timed> all;
    for (int i = 0; i < runs; ++i)
        all.push_back(timedForecast(request));
    std::sort(all.begin(), all.end(), [](const Timed& a, const Timed& b) { return a.seconds < b.seconds; });
    return all[all.size() / 2];
}

double seconds(const std::function<void()>& work) {
    QElapsedTimer t;
    t.start();
    work();
    return t.nsecsElapsed() / 1e9;
}

QString orNull(const std::optional<double>& v) {
    return v ? QString::number(*v, 'f', 0) : QStringLiteral("null");
}

void printFigures(const KudosForecast& f) {
    for (const KudosForecast::Table& t : f.tables)
        std::printf(
            "  %-17s %9lld rows %6.1f MB online; %9s rows/week, %9s bytes/week; steady state %lld rows;"
            " next run drops %lld rows\n",
            qPrintable(t.table), static_cast<long long>(t.rows), t.bytes / 1e6,
            qPrintable(orNull(t.rowsPerWeek)), qPrintable(orNull(t.bytesPerWeek)),
            static_cast<long long>(t.steadyStateRows.value_or(-1)),
            static_cast<long long>(t.nextRun.rowsDropped));
    for (const KudosForecast::Tier& t : f.tiers)
        std::printf("  tier %-12s %5d objects, %9lld bytes used, %9s bytes/week; next run archives about "
                    "%lld bytes\n",
                    qPrintable(datasetName(t.dataset)), t.objects, static_cast<long long>(t.usedBytes),
                    qPrintable(orNull(t.bytesPerWeek)),
                    static_cast<long long>(f.tables[t.dataset == RetentionDataset::Currency ? 0 : 1]
                                               .nextRun.bytesArchived.value_or(-1)));
    std::printf("  rollups %lld rows, %s rows/week; next run: %zu steps, %lld rollup rows\n",
                static_cast<long long>(f.rollups.rows), qPrintable(orNull(f.rollups.rowsPerWeek)),
                f.nextRun.size(), static_cast<long long>(f.tables[1].nextRun.rollupRowsAdded));
}

// 1,000 weeks of small objects with their manifests in each tier, ending at `end`.
void writeArchivedWeeks(const QString& root, Micros end, int weeks) {
    QByteArray csv = "id,created,user_id,amount\n";
    for (int i = 0; i < 50; ++i)
        csv +=
            QByteArray::number(i + 1) + ",2026-01-05 00:00:00," + QByteArray::number(1 + i % 7) + ",1.00\n";
    for (int i = 0; i < weeks; ++i) {
        const Micros lo = end - (weeks - i) * kWeek;
        for (RetentionDataset dataset : {RetentionDataset::Currency, RetentionDataset::Statistics}) {
            archive::ArchiveManifest m = test::manifestOfCsv(csv, lo, lo + kWeek);
            m.dataset = datasetTable(dataset);
            m.tier = datasetName(dataset);
            m.partition = datasetTable(dataset);
            test::putArchiveObject(root, m, [&](const std::function<void(const char*, qint64)>& sink) {
                sink(csv.constData(), csv.size());
            });
        }
    }
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int archivedWeeks = argc > 1 ? QByteArray(argv[1]).toInt() : 1000;
    const QString conninfo = test::TestPostgres::createDatabase(QStringLiteral("bench_kudos_forecast"));
    const Micros end = floorToStep(nowMicros(), kWeek, kMondayAnchor);
    const Micros boundary = firstBoundaryAfter(end);
    {
        auto db = PgConnection::open(conninfo);
        SchemaMigrator(*db, kudos::kudosSchema()).migrate();
    }
    demo::KudosGeneratorOptions options;
    options.end = end;
    const qint64 loaded = demo::DemoKudosLoader(conninfo, options).load();
    auto db = PgConnection::open(conninfo);
    db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
    db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
    db->exec(QStringLiteral("VACUUM ANALYZE"));
    PartitionSwap swap(*db, KudosSettings{});
    swap.run(swap.plan(end));

    QTemporaryDir demoArchive;
    auto store = test::openInitialisedArchive(demoArchive.path());
    RetentionOptions rehearsal;
    rehearsal.allowClockAhead = true;
    const double retention = seconds([&] {
        RetentionJob(*db, store.get(), KudosSettings{}, rehearsal)
            .run(boundary - 7 * kWeek + 31 * kMicrosPerDay);
    });
    std::printf("demo kudos data: %lld rows loaded and swapped; retention through %s archived in %.1f s\n",
                static_cast<long long>(loaded), qPrintable(formatIsoTimestamp(boundary - 7 * kWeek).left(10)),
                retention);

    KudosForecastRequest request{conninfo, QStringLiteral("file://") + demoArchive.path(), KudosSettings{},
                                 nowMicros()};
    const Timed demo = median(request);
    const double bareScan = seconds([&] {
        for (const char* table : {"kudos_ledger", "kudos_stat_events"})
            db->exec(QStringLiteral("SELECT tableoid::regclass::text, date_trunc('day', created), count(*),"
                                    " count(*) FILTER (WHERE NOT applied) FROM %1 GROUP BY 1, 2")
                         .arg(QLatin1String(table)));
    });
    std::printf(
        "forecast kudos, demo: %.3f s (median of 3; archive part %.3f s, %d manifests, %.0f manifests/s)"
        " | bare counting scan of both tables %.3f s | ratio %.2f\n",
        demo.seconds, demo.archiveSeconds, demo.forecast.manifestsRead,
        demo.forecast.manifestsRead / std::max(demo.archiveSeconds, 1e-9), bareScan, demo.seconds / bareScan);
    printFigures(demo.forecast);

    QTemporaryDir bigArchive;
    test::initialisedArchiveFolder(bigArchive.path()); // before its manifests, which have no objects
    const double written = seconds([&] { writeArchivedWeeks(bigArchive.path(), boundary, archivedWeeks); });
    std::printf("%d archived weeks in each tier written in %.1f s\n", archivedWeeks, written);
    request.archiveUrl = QStringLiteral("file://") + bigArchive.path();
    const Timed big = median(request);
    auto bigStore = archive::openArchiveStore(request.archiveUrl);
    int parsed = 0;
    const double bare = seconds([&] {
        for (const QString& tier : {QStringLiteral("currency/"), QStringLiteral("statistics/")})
            for (const archive::ArchiveObjectInfo& o : bigStore->list(tier))
                if (o.key.endsWith(QLatin1String(".manifest.json"))) {
                    archive::ArchiveManifest::parse(bigStore->readAll(o.key), kudosArchiveLayout());
                    ++parsed;
                }
    });
    std::printf("forecast kudos, %d archived weeks: %.3f s (median of 3); archive part %.3f s: %d manifests,"
                " %.0f manifests/s | bare list + read + parse of %d manifests %.3f s, %.0f manifests/s | "
                "ratio %.2f\n",
                archivedWeeks, big.seconds, big.archiveSeconds, big.forecast.manifestsRead,
                big.forecast.manifestsRead / big.archiveSeconds, parsed, bare, parsed / bare,
                big.archiveSeconds / bare);
    printFigures(big.forecast);
    return big.forecast.manifestsRead == 2 * archivedWeeks ? 0 : 1;
}
