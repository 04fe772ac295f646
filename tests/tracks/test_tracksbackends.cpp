// One suite, two backends: the same imports into a SpatiaLite file and a PostGIS database give the same rows,
// merges, pages, orders, simplified lines, summaries, retention and health; the PostGIS store's refusals
// (no extension, no tables, read-only sessions) and a server that goes away mid-batch. Real SpatiaLite, real
// PostgreSQL 15 with PostGIS 3.
#include "freshpostgisstore.h"
#include "freshtracksfile.h"
#include "thrownkind.h"

#include "postgistracksdatabase.h"
#include "spatialitedatabase.h"
#include "trackimporter.h"
#include "trackshealth.h"
#include "tracksimportjob.h"
#include "tracksretention.h"
#include "tracksstore.h"
#include "trackssummaryloader.h"

#include "error.h"
#include "pgconnection.h"
#include "taskfeedback.h"

#include <QDir>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <cmath>
#include <thread>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {

const Micros kDay = 86400LL * kMicrosPerSecond;
const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));
const QStringList kActivities{QStringLiteral("enduro"), QStringLiteral("mtb"), QStringLiteral("hike"),
                              QStringLiteral("Moto")};

// A random walk of `n` points about 20 m apart from (lat, lon), some with times.
ImportedTrack randomTrack(QRandomGenerator& random, double lat, double lon, int n, const QString& source) {
    ImportedTrack t;
    t.sourceId = source;
    t.externalUrl = QStringLiteral("https://%1.example/%2").arg(source).arg(random.generate());
    // Names that order differently by case and bytes, and none at all.
    const int kind = random.bounded(4);
    t.name = kind == 0   ? QString()
             : kind == 1 ? QStringLiteral("Track %1").arg(random.bounded(50))
                         : QStringLiteral("track %1").arg(random.bounded(50));
    t.activityType = kActivities[random.bounded(kActivities.size())];
    if (random.bounded(3) == 0)
        t.tags = {QStringLiteral("tag \"%1\"").arg(random.bounded(9)), QStringLiteral("back\\slash")};
    if (random.bounded(2) == 0)
        t.description = QStringLiteral("line one\nline\ttwo");
    const bool timed = random.bounded(2) == 0;
    const Micros start = kNow - random.bounded(4000) * kDay + random.bounded(1000000);
    double heading = random.generateDouble() * 6.283;
    for (int i = 0; i < n; ++i) {
        t.points.push_back(
            {lat, lon, timed ? std::optional<Micros>(start + i * kMicrosPerSecond) : std::nullopt});
        heading += (random.generateDouble() - 0.5) * 0.8;
        const double d = 15 + random.generateDouble() * 10;
        lat += d * std::cos(heading) / 111195.0;
        lon += d * std::sin(heading) / (111195.0 * std::cos(lat * 0.0174532925));
    }
    return t;
}

// The same track from another source (a merge), and a one-point track (too short).
std::vector<std::vector<ImportedTrack>> batches(quint32 seed) {
    QRandomGenerator random(seed);
    const QStringList sources{QStringLiteral("osm"), QStringLiteral("ttrails"), QStringLiteral("velomarsh")};
    std::vector<std::vector<ImportedTrack>> out(3);
    std::vector<ImportedTrack> all;
    for (int b = 0; b < 3; ++b) {
        for (int i = 0; i < 40; ++i) {
            ImportedTrack t =
                randomTrack(random, 43.5 + random.generateDouble() * 0.2,
                            39.7 + random.generateDouble() * 0.3, 5 + random.bounded(80), sources[b]);
            if (b > 0 && random.bounded(4) == 0) { // a duplicate of an earlier track from this source
                t.points = all[random.bounded(static_cast<int>(all.size()))].points;
            }
            all.push_back(t);
            out[b].push_back(t);
        }
        ImportedTrack single = randomTrack(random, 43.6, 39.8, 1, sources[b]);
        out[b].push_back(single);
    }
    return out;
}

QString describeRow(const TrackRow& t) {
    return QStringLiteral("%1|%2|%3|%4|%5|%6|%7|%8,%9,%10,%11|%12|%13")
        .arg(t.id)
        .arg(t.name, t.activity, t.sources.join(QLatin1Char(',')), t.externalUrls.join(QLatin1Char(',')))
        .arg(t.pointsCount)
        .arg(t.lengthMetres, 0, 'g', 17)
        .arg(t.bbox.minLon, 0, 'g', 17)
        .arg(t.bbox.minLat, 0, 'g', 17)
        .arg(t.bbox.maxLon, 0, 'g', 17)
        .arg(t.bbox.maxLat, 0, 'g', 17)
        .arg(t.startedAt, t.createdAt);
}

QStringList rows(const TracksPage& page) {
    QStringList out{QStringLiteral("matching %1").arg(page.matching)};
    for (const TrackRow& t : page.tracks)
        out << describeRow(t);
    return out;
}

QStringList lines(const std::vector<SimplifiedTrack>& tracks) {
    QStringList out;
    for (const SimplifiedTrack& t : tracks) {
        QStringList points;
        for (const LonLat& p : t.points)
            points << QStringLiteral("%1 %2").arg(p.lon, 0, 'g', 17).arg(p.lat, 0, 'g', 17);
        out << QStringLiteral("%1 %2 %3 %4: %5")
                   .arg(t.id)
                   .arg(t.activity, t.sources.join(QLatin1Char(',')))
                   .arg(t.storedPoints)
                   .arg(points.join(QLatin1Char(',')));
    }
    return out;
}

// Every stored density tile of both overviews (every track's, each activity's), key and bytes.
QStringList densityOf(TracksDatabase& db) {
    QStringList out;
    std::vector<DensityLayer> layers{std::nullopt};
    for (const QString& activity : kActivities)
        layers.emplace_back(activity);
    for (const DensityLayer& layer : layers)
        for (int zoom = 0; zoom <= TrackDensity::kMaxZoom; ++zoom)
            for (const auto& [key, bytes] :
                 db.densityTiles(layer, zoom, 0, 0, (1 << zoom) - 1, (1 << zoom) - 1))
                out << QStringLiteral("%1 %2/%3/%4 %5")
                           .arg(layer.value_or(QStringLiteral("*")))
                           .arg(key.zoom)
                           .arg(key.x)
                           .arg(key.y)
                           .arg(QString::fromLatin1(bytes.toHex()));
    return out;
}

QString reportText(const TrackImportReport& r) {
    return QStringLiteral("added %1 merged %2 unchanged %3 short %4")
        .arg(r.added)
        .arg(r.merged)
        .arg(r.unchanged)
        .arg(r.tooShort);
}

} // namespace

class TracksBackendsTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // The two stores filled by the same imports, in the same order.
    struct Pair {
        std::unique_ptr<TracksDatabase> file;
        std::unique_ptr<TracksDatabase> postgis;
        QString conninfo;
    };
    Pair filled(const QString& name, quint32 seed, QStringList* reports = nullptr) {
        Pair p;
        const QString path = m_dir.filePath(name + QStringLiteral(".sqlite"));
        test::freshTracksFile(path);
        p.file = TracksDatabase::open(TracksLocation::file(path));
        p.conninfo = test::freshPostgisStore(name);
        p.postgis = TracksDatabase::open(TracksLocation::postgis(p.conninfo));
        const auto all = batches(seed);
        for (size_t b = 0; b < all.size(); ++b) {
            const Micros at = kNow - static_cast<Micros>(3 - b) * 800 * kDay + 123456;
            for (TracksDatabase* db : {p.file.get(), p.postgis.get()}) {
                TrackImporter importer(*db, TrackSourceList::demo(), at);
                const TrackImportReport r =
                    importer.importBatch(QStringLiteral("region"), all[b].front().sourceId, all[b]);
                if (reports)
                    *reports << reportText(r);
            }
        }
        return p;
    }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void importsGiveTheSameRowsAndMerges() {
        QStringList reports;
        Pair p = filled(QStringLiteral("tb_same"), 7, &reports);
        for (int i = 0; i < reports.size(); i += 2)
            QCOMPARE(reports[i + 1], reports[i]); // the PostGIS batch reported what the file's did
        QVERIFY2(reports.join(QLatin1Char(' ')).contains(QLatin1String("merged")),
                 qPrintable(reports.join('\n')));
        TracksStore file(*p.file), postgis(*p.postgis);
        QCOMPARE(postgis.count(), file.count());
        QVERIFY(file.count() > 80);
        QCOMPARE(postgis.countBySource(), file.countBySource());
        QCOMPARE(postgis.pipelineRunCount(), file.pipelineRunCount());
        const TracksExtent a = file.extent(), b = postgis.extent();
        QCOMPARE(b.tracks, a.tracks);
        QCOMPARE(b.minLon, a.minLon);
        QCOMPARE(b.maxLat, a.maxLat);
        const auto summaries = [](TracksDatabase& db) {
            QStringList out;
            for (const TracksSummary& s : TracksSummaryLoader::summarize(db))
                out << QStringLiteral("%1 %2 %3 %4 %5")
                           .arg(s.activityType)
                           .arg(s.tracks)
                           .arg(s.lengthMetres, 0, 'f', 6)
                           .arg(s.minLon, 0, 'g', 17)
                           .arg(s.maxLat, 0, 'g', 17);
            return out;
        };
        QCOMPARE(summaries(*p.postgis), summaries(*p.file));
        const QStringList density = densityOf(*p.file);
        QVERIFY(density.size() > 13); // every level holds tiles
        QCOMPARE(densityOf(*p.postgis), density);
        // Every track has the same id in both: a duplicate takes no id from the server's identity either.
        QStringList fileIds, serverIds;
        SqliteStatement q = static_cast<SpatialiteDatabase&>(*p.file).prepare(
            QStringLiteral("SELECT id || ' ' || dedup_key FROM tracks ORDER BY id"));
        while (q.step())
            fileIds << q.text(0);
        const PgResult r =
            PgConnection::open(p.conninfo)
                ->exec(QStringLiteral("SELECT id || ' ' || dedup_key FROM tracks ORDER BY id"));
        for (int i = 0; i < r.rows(); ++i)
            serverIds << r.text(i, 0);
        QCOMPARE(serverIds, fileIds);
    }

    // Random boxes, filters, orders and pages: the same rows in the same order on both.
    void queriesAgreeOnRandomBoxesOrdersAndPages() {
        Pair p = filled(QStringLiteral("tb_query"), 11);
        TracksStore file(*p.file), postgis(*p.postgis);
        QRandomGenerator random(5);
        const QList<TracksQuery::Order> orders{TracksQuery::Order::Id,       TracksQuery::Order::Name,
                                               TracksQuery::Order::Activity, TracksQuery::Order::Length,
                                               TracksQuery::Order::Points,   TracksQuery::Order::StartedAt,
                                               TracksQuery::Order::CreatedAt};
        int nonEmpty = 0;
        for (int i = 0; i < 60; ++i) {
            // The second half scans PostGIS without its spatial index (as a view of very many tracks does).
            if (i == 30)
                static_cast<PostgisTracksDatabase&>(*p.postgis).setWideView(1);
            TracksQuery q;
            const double lon = 39.7 + random.generateDouble() * 0.3,
                         lat = 43.5 + random.generateDouble() * 0.2;
            const double w = random.generateDouble() * 0.2;
            q.box = {lon - w, lat - w / 2, lon + w, lat + w / 2};
            if (random.bounded(3) == 0)
                q.activities = {kActivities[random.bounded(kActivities.size())]};
            if (random.bounded(3) == 0)
                q.sources = {QStringLiteral("ttrails")};
            q.order = orders[random.bounded(orders.size())];
            q.descending = random.bounded(2) == 0;
            q.offset = random.bounded(3) == 0 ? random.bounded(10) : 0;
            q.limit = random.bounded(2) == 0 ? -1 : 1 + random.bounded(20);
            const QStringList a = rows(file.tracksInBox(q)), b = rows(postgis.tracksInBox(q));
            QCOMPARE(b, a);
            // The page (from SQL without a sources filter) is the slice of the whole result, and its count
            // the whole result's.
            TracksQuery whole = q;
            whole.offset = 0;
            whole.limit = -1;
            for (TracksStore* store : {&file, &postgis}) {
                const TracksPage all = store->tracksInBox(whole), page = store->tracksInBox(q);
                QCOMPARE(page.matching, qint64(all.tracks.size()));
                QCOMPARE(all.matching, qint64(all.tracks.size()));
                const qint64 from = std::min<qint64>(q.offset, page.matching);
                const qint64 to =
                    q.limit < 0 ? page.matching : std::min<qint64>(page.matching, from + q.limit);
                QCOMPARE(qint64(page.tracks.size()), to - from);
                for (qint64 k = from; k < to; ++k)
                    QCOMPARE(page.tracks[size_t(k - from)].id, all.tracks[size_t(k)].id);
            }
            nonEmpty += a.size() > 1;
            const int zoom = 8 + random.bounded(10);
            QCOMPARE(lines(postgis.simplifiedInBox(q, zoom)), lines(file.simplifiedInBox(q, zoom)));
        }
        QVERIFY2(nonEmpty > 20, "too few of the random boxes held tracks");
    }

    void retentionDeletesTheSameTracksAndChecksTheIndex() {
        Pair p = filled(QStringLiteral("tb_retain"), 13);
        const Micros cutoff = kNow - 1500 * kDay;
        TracksRetention file(*p.file, 7), postgis(*p.postgis, 7);
        QCOMPARE(postgis.newestCreatedAt(), file.newestCreatedAt());
        const TracksRetentionPreview preview = file.preview(cutoff);
        QVERIFY(!preview.ids.empty());
        QCOMPARE(postgis.preview(cutoff).ids, preview.ids);
        TaskFeedback feedback;
        const TracksRetentionReport a = file.run(cutoff, feedback), b = postgis.run(cutoff, feedback);
        QCOMPARE(b.deleted, a.deleted);
        QCOMPARE(a.deleted, preview.ids);
        QCOMPARE(b.batches, a.batches);
        QVERIFY(a.spatialIndexValid);
        QVERIFY(b.spatialIndexValid);
        QCOMPARE(b.spatialIndexRows, TracksStore(*p.postgis).count());
        QCOMPARE(TracksStore(*p.postgis).count(), TracksStore(*p.file).count());
        QCOMPARE(densityOf(*p.postgis), densityOf(*p.file));
        QVERIFY(b.fileBytesBefore > 0);
        QCOMPARE(b.vacuumSteps, 1);
        // The boundary: a cutoff one microsecond after a track's created_at deletes it, one at it does not.
        const Micros newest = *file.newestCreatedAt();
        QCOMPARE(postgis.preview(newest).ids, file.preview(newest).ids);
        QCOMPARE(postgis.preview(newest + 1).ids, file.preview(newest + 1).ids);
        QVERIFY(file.preview(newest + 1).ids.size() > file.preview(newest).ids.size());
    }

    // The delete's own re-check: a track made young between the preview and the delete is kept.
    void theDeleteRechecksTheAgeOfWhatItDeletes() {
        Pair p = filled(QStringLiteral("tb_recheck"), 17);
        const Micros cutoff = kNow - 1500 * kDay;
        const std::vector<qint64> ids = p.postgis->idsCreatedBefore(cutoff);
        QVERIFY(ids.size() >= 2);
        auto other = PgConnection::open(p.conninfo);
        other->exec(QStringLiteral("UPDATE tracks SET created_at = now() WHERE id = $1"),
                    {static_cast<long long>(ids[0])});
        p.postgis->beginWrite();
        const std::vector<qint64> deleted = p.postgis->deleteTracks(ids, cutoff);
        p.postgis->commitWrite();
        QCOMPARE(deleted, std::vector<qint64>(ids.begin() + 1, ids.end()));
        QCOMPARE(other
                     ->exec(QStringLiteral("SELECT count(*) FROM tracks WHERE id = $1"),
                            {static_cast<long long>(ids[0])})
                     .toLong(0, 0),
                 1LL);
    }

    void healthReadsSizesAndRunsOfBoth() {
        Pair p = filled(QStringLiteral("tb_health"), 19);
        const TracksHealthReport a = TracksHealth(*p.file).read(1), b = TracksHealth(*p.postgis).read(1);
        QCOMPARE(b.tracks, a.tracks);
        QVERIFY(a.overThreshold());  // a file above 1 byte
        QVERIFY(!b.overThreshold()); // the 2 GB warning is a file's only
        QVERIFY(b.postgis);
        QVERIFY(b.databaseBytes > 0 && b.indexBytes > 0);
        QCOMPARE(b.lastRuns.size(), a.lastRuns.size());
        for (size_t i = 0; i < a.lastRuns.size(); ++i) {
            QCOMPARE(b.lastRuns[i].id, a.lastRuns[i].id);
            QCOMPARE(b.lastRuns[i].startedAt, a.lastRuns[i].startedAt);
            QCOMPARE(b.lastRuns[i].finishedAt, a.lastRuns[i].finishedAt);
            QCOMPARE(b.lastRuns[i].status, a.lastRuns[i].status);
            QCOMPARE(b.lastRuns[i].tracksAdded, a.lastRuns[i].tracksAdded);
            QCOMPARE(b.lastRuns[i].tracksMerged, a.lastRuns[i].tracksMerged);
        }
    }

    // The real GPX files of tests/data/gpx through the import job into both stores.
    void realGpxFilesImportAlikeIntoBoth() {
        const QDir data(QStringLiteral(TIDEMARK_SOURCE_DIR "/tests/data/gpx"));
        QStringList files;
        for (const QString& name : data.entryList({QStringLiteral("*.gpx")}, QDir::Files, QDir::Name))
            files << data.filePath(name);
        QVERIFY(files.size() > 5);
        const QString path = m_dir.filePath(QStringLiteral("gpx.sqlite"));
        test::freshTracksFile(path);
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tb_gpx"));
        QStringList outcomes[2];
        int i = 0;
        for (const TracksLocation& location :
             {TracksLocation::file(path), TracksLocation::postgis(conninfo)}) {
            TracksImportRequest request;
            request.store = location;
            request.files = files;
            request.sourceId = QStringLiteral("osm");
            request.now = kNow;
            TaskFeedback feedback;
            const TracksImportReport report = TracksImportJob::run(request, feedback);
            for (const GpxFileImportResult& r : report.files)
                outcomes[i] << QStringLiteral("%1: %2 %3")
                                   .arg(QFileInfo(r.path).fileName(), r.error, reportText(r.written));
            ++i;
        }
        QCOMPARE(outcomes[1], outcomes[0]);
        auto file = TracksDatabase::open(TracksLocation::file(path));
        auto postgis = TracksDatabase::open(TracksLocation::postgis(conninfo));
        TracksQuery all;
        all.box = {-180, -90, 180, 90};
        QCOMPARE(rows(TracksStore(*postgis).tracksInBox(all)), rows(TracksStore(*file).tracksInBox(all)));
        QVERIFY(TracksStore(*file).count() > 5);
    }

    // Two writers importing the same line at once: one adds it, the other merges its source (ON CONFLICT).
    void concurrentImportsOfOneLineMergeOnPostgis() {
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tb_race"));
        QRandomGenerator random(23);
        const ImportedTrack a = randomTrack(random, 43.6, 39.8, 50, QStringLiteral("osm"));
        ImportedTrack b = a;
        b.sourceId = QStringLiteral("ttrails");
        b.externalUrl = QStringLiteral("https://ttrails.example/1");
        auto first = TracksDatabase::open(TracksLocation::postgis(conninfo));
        auto second = TracksDatabase::open(TracksLocation::postgis(conninfo));
        TrackImporter one(*first, TrackSourceList::demo(), kNow), two(*second, TrackSourceList::demo(), kNow);
        first->beginWrite();
        QCOMPARE(one.importOne(a), TrackImporter::Outcome::Added); // not committed yet
        std::atomic<int> outcome{-1};
        std::thread writer([&] {
            second->beginWrite();
            outcome = static_cast<int>(two.importOne(b)); // waits on the first's key
            second->commitWrite();
        });
        QTest::qWait(300);
        QCOMPARE(outcome.load(), -1);
        first->commitWrite();
        writer.join();
        QCOMPARE(outcome.load(), static_cast<int>(TrackImporter::Outcome::Merged));
        QCOMPARE(TracksStore(*first).count(), 1);
        QCOMPARE(TracksStore(*first).countBySource().size(), 2);
    }

    // A server that goes away inside a batch: nothing of the batch stays.
    void aServerGoneMidBatchLeavesNoHalfBatch() {
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tb_gone"));
        auto db = PostgisTracksDatabase::open(conninfo);
        const int pid = db->connection().backendPid();
        TrackImporter importer(*db, TrackSourceList::demo(), kNow);
        QRandomGenerator random(29);
        TaskFeedback feedback;
        QString message;
        const auto kind = test::thrownKind(
            [&] {
                importer.importStream(
                    QStringLiteral("r"), QStringLiteral("osm"),
                    [&](const TrackImporter::TrackSink& sink) {
                        for (int i = 0; i < 10; ++i) {
                            if (i == 5)
                                PgConnection::open(conninfo)->exec(
                                    QStringLiteral("SELECT pg_terminate_backend($1)"), {pid});
                            const ImportedTrack track =
                                randomTrack(random, 43.6, 39.8, 20, QStringLiteral("osm"));
                            sink(track, TrackFacts::of(track.points));
                        }
                    },
                    feedback);
            },
            &message);
        QVERIFY2(kind.has_value(), "the import went on without its server");
        auto after = PgConnection::open(conninfo);
        QCOMPARE(after->exec(QStringLiteral("SELECT count(*) FROM tracks")).toLong(0, 0), 0LL);
    }

    void aDatabaseWithoutPostgisOrTablesIsNamed() {
        QString message;
        const QString bare = test::freshPostgisStore(QStringLiteral("tb_bare"), false, false);
        QCOMPARE(test::thrownKind([&] { TracksDatabase::open(TracksLocation::postgis(bare)); }, &message),
                 Error::Kind::Schema);
        QVERIFY2(message.contains(QLatin1String("CREATE EXTENSION postgis")), qPrintable(message));
        const QString empty = test::freshPostgisStore(QStringLiteral("tb_empty"), false, true);
        QCOMPARE(test::thrownKind([&] { TracksDatabase::open(TracksLocation::postgis(empty)); }, &message),
                 Error::Kind::Schema);
        QVERIFY2(message.contains(QLatin1String("tidemark-cli tracks init --db")), qPrintable(message));
        QVERIFY2(!message.contains(QLatin1String("password")), qPrintable(message));
    }

    // Reads run in read-only transactions: a reader's session cannot write (and so a hot standby serves it).
    void readersOpenReadOnlySessions() {
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tb_ro"));
        auto reader = PostgisTracksDatabase::open(conninfo, TracksDatabase::Access::ReadOnly);
        QCOMPARE(reader->connection().exec(QStringLiteral("SHOW transaction_read_only")).text(0, 0),
                 QStringLiteral("on"));
        QCOMPARE(TracksStore(*reader).count(), 0);
        QVERIFY(test::thrownKind(
            [&] { reader->startPipelineRun(QStringLiteral("r"), QStringLiteral("s"), kNow); }));
    }
};

QTEST_GUILESS_MAIN(TracksBackendsTest)
#include "test_tracksbackends.moc"
