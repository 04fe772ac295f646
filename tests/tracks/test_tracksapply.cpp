// A tracks retention plan applied exactly, on a SpatiaLite file and on PostGIS: the dry run's units are the
// tracks it lists; apply deletes the plan's tracks and no other (not one eligible since), keeps and names a
// track merged with another source, given another created_at or not eligible by the store's clock, reports
// one already gone as done, and an apply cancelled half-way finishes when run again. The units' JSON, and the
// store's own id (made at init or at the next migration, kept by a copy, read without writing).
#include "clirunner.h"
#include "freshpostgisstore.h"
#include "freshtracksfile.h"
#include "testfiles.h"
#include "thrownkind.h"

#include "pgconnection.h"
#include "spatialitedatabase.h"
#include "trackimporter.h"
#include "tracksdatabase.h"
#include "tracksmigratejob.h"
#include "tracksplanunits.h"
#include "tracksretainjob.h"
#include "tracksstore.h"

#include "error.h"
#include "taskfeedback.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {

const Micros kYear = 366 * kMicrosPerDay;
using Status = PlanUnitOutcome::Status;

// Tracks numbered `from`..`to` (their lines: the same number, the same line) imported at `createdAt`.
void importTracks(TracksDatabase& db, int from, int to, Micros createdAt,
                  const QString& source = QStringLiteral("osm")) {
    std::vector<ImportedTrack> batch;
    for (int n = from; n <= to; ++n)
        batch.push_back(test::numberedTrack(n, source));
    TrackImporter(db, TrackSourceList::demo(), createdAt).importBatch(QStringLiteral("si"), source, batch);
}

std::vector<Status> statuses(const std::vector<PlanUnitOutcome>& outcomes) {
    std::vector<Status> out;
    for (const PlanUnitOutcome& o : outcomes)
        out.push_back(o.status);
    return out;
}

std::vector<qint64> allIds(TracksDatabase& db) {
    return db.idsCreatedBefore(parseIsoTimestamp(QStringLiteral("9999-01-01T00:00:00Z")));
}

} // namespace

class TestTracksApply : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // A store of `backend` ("sqlite" or "postgis") named `name`, migrated and empty.
    TracksLocation freshStore(const QString& backend, const QString& name) {
        if (backend == QLatin1String("postgis"))
            return TracksLocation::postgis(test::freshPostgisStore(name));
        const QString path = m_dir.filePath(name + QStringLiteral(".sqlite"));
        test::freshTracksFile(path);
        return TracksLocation::file(path);
    }

    // SQL on the store through a connection of its own (another writer).
    static void execOn(const TracksLocation& store, const QString& sql) {
        if (store.isPostgis()) {
            PgConnection::open(store.conninfo)->exec(sql);
            return;
        }
        SpatialiteDatabase::open(store.sqlitePath)->exec(sql);
    }

    static TracksRetainRequest request(const TracksLocation& store, Micros now) {
        TracksRetainRequest r;
        r.store = store;
        r.retentionYears = 5;
        r.now = now;
        r.machineNow = nowMicros();
        r.batchSize = 3;
        return r;
    }

    static TracksRetainReport plan(const TracksLocation& store, Micros now, bool allowClockAhead = false) {
        TracksRetainRequest r = request(store, now);
        r.dryRun = true;
        r.collectUnits = true;
        r.allowClockAhead = allowClockAhead;
        TaskFeedback feedback;
        return TracksRetainJob::run(r, feedback);
    }

    static TracksRetainReport apply(const TracksLocation& store, const TracksPlanUnits& units,
                                    TaskFeedback& feedback) {
        TracksRetainRequest r = request(store, nowMicros());
        r.plan = units;
        r.planSha256 = QStringLiteral("ab").repeated(32);
        return TracksRetainJob::run(r, feedback);
    }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void applyDeletesThePlanAndNothingElse_data() {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        QTest::newRow("postgis") << QStringLiteral("postgis");
    }
    void applyDeletesThePlanAndNothingElse() {
        QFETCH(QString, backend);
        const Micros now = nowMicros();
        const TracksLocation store = freshStore(backend, QStringLiteral("ta_exact"));
        {
            auto db = TracksDatabase::open(store);
            importTracks(*db, 1, 8, now - 6 * kYear);          // ids 1-8: old
            importTracks(*db, 9, 11, now - 2 * kMicrosPerDay); // ids 9-11: young
        }
        const TracksRetainReport planned = plan(store, now);
        TracksRetainRequest plain = request(store, now);
        plain.dryRun = true;
        TaskFeedback none;
        QCOMPARE(planned.units.ids(), TracksRetainJob::run(plain, none).wouldDelete);
        QCOMPARE(planned.wouldDelete, (std::vector<qint64>{1, 2, 3, 4, 5, 6, 7, 8}));
        QCOMPARE(planned.units.tracks[0].sources, QStringList{QStringLiteral("osm")});
        QCOMPARE(planned.units.tracks[0].dedupKey.size(), 64);

        // After the plan: track 2 gone, track 3 merged with another source, track 4 given another (still old)
        // created_at, and a track eligible since (imported with an old created_at).
        execOn(store, QStringLiteral("DELETE FROM tracks WHERE id = 2"));
        {
            auto db = TracksDatabase::open(store);
            importTracks(*db, 3, 3, now - 2 * kMicrosPerDay, QStringLiteral("ttrails"));
            importTracks(*db, 12, 12, now - 7 * kYear);
        }
        execOn(store, QStringLiteral("UPDATE tracks SET created_at = '2015-01-01T00:00:00Z' WHERE id = 4"));
        const qint64 eligibleSince = allIds(*TracksDatabase::open(store)).back();

        TaskFeedback feedback;
        const TracksRetainReport applied = apply(store, planned.units, feedback);
        QVERIFY(applied.applied);
        QCOMPARE(statuses(applied.unitOutcomes),
                 (std::vector<Status>{Status::Applied, Status::Done, Status::Stale, Status::Stale,
                                      Status::Applied, Status::Applied, Status::Applied, Status::Applied}));
        QVERIFY2(applied.unitOutcomes[2].detail.contains(QLatin1String("merged with another source")),
                 qPrintable(applied.unitOutcomes[2].detail));
        QVERIFY2(applied.unitOutcomes[3].detail.contains(QLatin1String("created_at is now 2015-01-01")),
                 qPrintable(applied.unitOutcomes[3].detail));
        QCOMPARE(applied.unitOutcomes[2].unit.value(QLatin1String("id")).toInt(), 3);
        QCOMPARE(applied.run.deleted, (std::vector<qint64>{1, 5, 6, 7, 8}));
        QCOMPARE(applied.applyExitCode(), 1);
        QVERIFY(applied.run.spatialIndexValid);
        auto db = TracksDatabase::open(store);
        QCOMPARE(allIds(*db), (std::vector<qint64>{3, 4, 9, 10, 11, eligibleSince}));
        // Recorded with the plan's sha256.
        QVERIFY(applied.recorded);
        if (store.isPostgis()) {
            const PgResult r = PgConnection::open(store.conninfo)
                                   ->exec(QStringLiteral("SELECT plan_sha256, status, tracks_deleted,"
                                                         " tracks_stale FROM tracks_retention_runs"));
            QCOMPARE(r.rows(), 1);
            QCOMPARE(r.text(0, 0), applied.planSha256);
            QCOMPARE(r.text(0, 1), QStringLiteral("stale"));
            QCOMPARE(r.toLong(0, 2), 5LL);
            QCOMPARE(r.toLong(0, 3), 2LL);
        } else {
            auto file = SpatialiteDatabase::open(store.sqlitePath, SpatialiteDatabase::Mode::ReadOnly);
            SqliteStatement q = file->prepare(QStringLiteral(
                "SELECT plan_sha256, status, tracks_deleted, tracks_stale FROM tracks_retention_runs"));
            QVERIFY(q.step());
            QCOMPARE(q.text(0), applied.planSha256);
            QCOMPARE(q.text(1), QStringLiteral("stale"));
            QCOMPARE(q.toInt64(2), 5);
            QCOMPARE(q.toInt64(3), 2);
        }
    }

    // A plan made with a clock ahead (a rehearsal) holds tracks the store's clock does not find old yet.
    void aTrackNotEligibleByTheStoresClockIsStale_data() { applyDeletesThePlanAndNothingElse_data(); }
    void aTrackNotEligibleByTheStoresClockIsStale() {
        QFETCH(QString, backend);
        const Micros now = nowMicros();
        const TracksLocation store = freshStore(backend, QStringLiteral("ta_clock"));
        {
            auto db = TracksDatabase::open(store);
            importTracks(*db, 1, 2, now - 6 * kYear);
            importTracks(*db, 3, 3, now - 5 * kYear + 100 * kMicrosPerDay);
        }
        const TracksRetainReport planned = plan(store, now + kYear, true);
        QCOMPARE(planned.units.ids(), (std::vector<qint64>{1, 2, 3}));
        TaskFeedback feedback;
        const TracksRetainReport applied = apply(store, planned.units, feedback);
        QCOMPARE(statuses(applied.unitOutcomes),
                 (std::vector<Status>{Status::Applied, Status::Applied, Status::Stale}));
        const QString clock = backend == QLatin1String("postgis")
                                  ? QStringLiteral("the database server's clock")
                                  : QStringLiteral("this machine's clock");
        QVERIFY2(applied.unitOutcomes[2].detail.startsWith(QStringLiteral("not eligible by ") + clock),
                 qPrintable(applied.unitOutcomes[2].detail));
        QCOMPARE(allIds(*TracksDatabase::open(store)), std::vector<qint64>{3});
    }

    void aCancelledApplyFinishesWhenRunAgain_data() { applyDeletesThePlanAndNothingElse_data(); }
    void aCancelledApplyFinishesWhenRunAgain() {
        QFETCH(QString, backend);
        const Micros now = nowMicros();
        const TracksLocation store = freshStore(backend, QStringLiteral("ta_cancel"));
        {
            auto db = TracksDatabase::open(store);
            importTracks(*db, 1, 7, now - 6 * kYear);
            importTracks(*db, 8, 8,
                         now - kMicrosPerDay); // a store whose every track is old is the clock check's
        }
        const TracksRetainReport planned = plan(store, now);
        QCOMPARE(planned.units.tracks.size(), size_t(7));
        TaskFeedback feedback;
        feedback.setSink([&](const TaskProgress& p) {
            if (p.done == 1)
                feedback.cancel(); // after the first batch of three
        });
        const TracksRetainReport first = apply(store, planned.units, feedback);
        QVERIFY(first.cancelled);
        QCOMPARE(statuses(first.unitOutcomes),
                 (std::vector<Status>{Status::Applied, Status::Applied, Status::Applied, Status::Left,
                                      Status::Left, Status::Left, Status::Left}));
        QCOMPARE(first.applyExitCode(), 75);
        QCOMPARE(allIds(*TracksDatabase::open(store)), (std::vector<qint64>{4, 5, 6, 7, 8}));
        TaskFeedback again;
        const TracksRetainReport second = apply(store, planned.units, again);
        QCOMPARE(statuses(second.unitOutcomes),
                 (std::vector<Status>{Status::Done, Status::Done, Status::Done, Status::Applied,
                                      Status::Applied, Status::Applied, Status::Applied}));
        QCOMPARE(second.applyExitCode(), 0);
        QCOMPARE(allIds(*TracksDatabase::open(store)), std::vector<qint64>{8});
    }

    void unitsRoundTripAndRefuseWhatIsMalformed() {
        TracksPlanUnits units;
        units.tracks.push_back({4,
                                parseIsoTimestamp(QStringLiteral("2020-01-02T03:04:05.5Z")),
                                QStringLiteral("a").repeated(64),
                                {QStringLiteral("osm")}});
        units.tracks.push_back({9,
                                parseIsoTimestamp(QStringLiteral("2020-01-03T00:00:00Z")),
                                QStringLiteral("b").repeated(64),
                                {QStringLiteral("osm"), QStringLiteral("ttrails")}});
        const QJsonObject json = units.toJson();
        QCOMPARE(json.value(QLatin1String("delete_ids")).toArray(), (QJsonArray{4, 9}));
        const QJsonObject first = json.value(QLatin1String("delete_tracks")).toArray().at(0).toObject();
        QCOMPARE(first.value(QLatin1String("created_at")).toString(),
                 QStringLiteral("2020-01-02T03:04:05.5Z"));
        QCOMPARE(first.value(QLatin1String("dedup_key")).toString(), QStringLiteral("a").repeated(64));
        QCOMPARE(first.value(QLatin1String("id")).toInt(), 4);
        QVERIFY(TracksPlanUnits::fromJson(json) == units);
        QCOMPARE(tracksPlanSettings(7), (QJsonObject{{QStringLiteral("retention_years"), 7}}));

        const auto refusal = [](QJsonObject o) {
            try {
                TracksPlanUnits::fromJson(o);
            } catch (const Error& e) {
                return e.kind() == Error::Kind::Usage ? e.message() : QStringLiteral("wrong kind");
            }
            return QStringLiteral("accepted");
        };
        QJsonObject otherIds = json;
        otherIds.insert(QStringLiteral("delete_ids"), QJsonArray{4, 8});
        QVERIFY(refusal(otherIds).contains(QLatin1String("delete_ids[1] is 8 but delete_tracks[1].id is 9")));
        QJsonObject noTracks = json;
        noTracks.remove(QStringLiteral("delete_tracks"));
        QVERIFY(refusal(noTracks).contains(QLatin1String("delete_tracks is missing")));
        QJsonArray tracks = json.value(QLatin1String("delete_tracks")).toArray();
        QJsonObject badTime = tracks.at(1).toObject();
        badTime.insert(QStringLiteral("created_at"), QStringLiteral("yesterday"));
        tracks.replace(1, badTime);
        QJsonObject withBadTime = json;
        withBadTime.insert(QStringLiteral("delete_tracks"), tracks);
        QVERIFY(refusal(withBadTime).contains(QLatin1String("delete_tracks[1].created_at")));
        QJsonObject descending{{QStringLiteral("delete_ids"), QJsonArray{9, 4}},
                               {QStringLiteral("delete_tracks"),
                                QJsonArray{json.value(QLatin1String("delete_tracks")).toArray().at(1),
                                           json.value(QLatin1String("delete_tracks")).toArray().at(0)}}};
        QVERIFY(refusal(descending).contains(QLatin1String("is not after the id before it")));
    }

    void aFileHasItsOwnIdKeptByACopy() {
        const QString a = m_dir.filePath(QStringLiteral("id_a.sqlite")), b = m_dir.filePath("id_b.sqlite");
        const QString idA = test::freshTracksFile(a)->storeId(), idB = test::freshTracksFile(b)->storeId();
        QCOMPARE(idA.size(), 32);
        QVERIFY(idA != idB);
        // A copy keeps the id (a plan's target is also its path).
        const QString copy = m_dir.filePath(QStringLiteral("id_copy.sqlite"));
        SpatialiteDatabase::open(a)->exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        QVERIFY(QFile::copy(a, copy));
        QCOMPARE(SpatialiteDatabase::open(copy, SpatialiteDatabase::Mode::ReadOnly)->storeId(), idA);
    }

    // A file made before the store id: read-only it has none and nothing is written; its next migration gives
    // it one, which it then keeps.
    void anExistingFileGetsAnIdAtItsNextMigration() {
        const QString folder = m_dir.filePath(QStringLiteral("older"));
        QDir().mkpath(folder);
        const QString path = folder + QStringLiteral("/tracks.sqlite");
        {
            auto db = test::freshTracksFile(path);
            importTracks(*db, 1, 2, nowMicros() - kYear);
            db->exec(QStringLiteral("DROP TABLE tracks_store"));
            db->exec(QStringLiteral("DROP TABLE tracks_retention_runs"));
            db->exec(QStringLiteral("DELETE FROM tidemark_schema_migrations WHERE version = 3"));
            db->exec(QStringLiteral("PRAGMA journal_mode=DELETE"));
        }
        const QMap<QString, QByteArray> before = test::folderDigests(folder);
        QCOMPARE(before.keys(), QStringList{QStringLiteral("tracks.sqlite")});
        QCOMPARE(
            TracksDatabase::open(TracksLocation::file(path), TracksDatabase::Access::ReadOnly)->storeId(),
            QString());
        QCOMPARE(test::folderDigests(folder), before);

        auto db = SpatialiteDatabase::open(path, SpatialiteDatabase::Mode::CreateIfMissing);
        QCOMPARE(TracksMigrator(*db).migrate().size(), 1);
        const QString id = db->storeId();
        QCOMPARE(id.size(), 32);
        QVERIFY(TracksMigrator(*db).migrate().isEmpty());
        QCOMPARE(db->storeId(), id);
        QCOMPARE(TracksStore(*db).count(), 2);
    }

    // tracks init on a file made before the store id: the id is added (and shown, as status shows it), and
    // the density overview is left as it is (rebuilt only by the migration that adds it, or when asked).
    void initAddsTheIdWithoutRebuildingTheOverview() {
        const QString path = m_dir.filePath(QStringLiteral("init_v2.sqlite"));
        {
            auto db = test::freshTracksFile(path);
            importTracks(*db, 1, 2, nowMicros() - kYear);
            db->exec(QStringLiteral("DROP TABLE tracks_store"));
            db->exec(QStringLiteral("DROP TABLE tracks_retention_runs"));
            db->exec(QStringLiteral("DELETE FROM tidemark_schema_migrations WHERE version = 3"));
            db->exec(QStringLiteral("DELETE FROM track_density")); // out of step, as tracks init would show
        }
        const test::CliRun init = test::runCli({QStringLiteral("tracks"), QStringLiteral("init"),
                                                QStringLiteral("--sqlite"), path, QStringLiteral("--json")});
        QVERIFY2(init.exitCode == 0, qPrintable(init.err));
        const QJsonObject json = QJsonDocument::fromJson(init.out.toUtf8()).object();
        QCOMPARE(json.value(QLatin1String("applied_now")).toArray(),
                 QJsonArray{QStringLiteral("0003_tracks_store_id")});
        QVERIFY2(!json.contains(QLatin1String("overview_tiles_rebuilt")), qPrintable(init.out));
        auto db = SpatialiteDatabase::open(path, SpatialiteDatabase::Mode::ReadOnly);
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM track_density")), 0);
        const QString id = db->storeId();
        QCOMPARE(json.value(QLatin1String("store_id")).toString(), id);
        const test::CliRun status =
            test::runCli({QStringLiteral("tracks"), QStringLiteral("status"), QStringLiteral("--sqlite"),
                          path, QStringLiteral("--json")});
        QVERIFY2(status.exitCode == 0, qPrintable(status.err));
        QCOMPARE(
            QJsonDocument::fromJson(status.out.toUtf8()).object().value(QLatin1String("store_id")).toString(),
            id);

        // A file from before the overview: its migration to it rebuilds the overview.
        const QString v1 = m_dir.filePath(QStringLiteral("init_v1.sqlite"));
        {
            auto older = test::freshTracksFile(v1);
            importTracks(*older, 1, 2, nowMicros() - kYear);
            for (const char* table :
                 {"tracks_store", "tracks_retention_runs", "track_density", "track_density_activity"})
                older->exec(QStringLiteral("DROP TABLE %1").arg(QLatin1String(table)));
            older->exec(QStringLiteral("DELETE FROM tidemark_schema_migrations WHERE version >= 2"));
        }
        const test::CliRun initV1 = test::runCli({QStringLiteral("tracks"), QStringLiteral("init"),
                                                  QStringLiteral("--sqlite"), v1, QStringLiteral("--json")});
        QVERIFY2(initV1.exitCode == 0, qPrintable(initV1.err));
        QVERIFY2(QJsonDocument::fromJson(initV1.out.toUtf8())
                         .object()
                         .value(QLatin1String("overview_tiles_rebuilt"))
                         .toInt() > 0,
                 qPrintable(initV1.out));
    }

    // tracks init on a store made before the per-activity overview (version 3), file or PostGIS: its
    // migration builds that overview from the tracks, the same as an import of those tracks now makes.
    void initBuildsTheActivitiesOverviewOfBothBackends() {
        const auto hikeTiles = [](TracksDatabase& db) {
            QStringList tiles;
            for (int zoom = 0; zoom <= TrackDensity::kMaxZoom; ++zoom)
                for (const auto& [key, bytes] :
                     db.densityTiles(QStringLiteral("hike"), zoom, 0, 0, (1 << zoom) - 1, (1 << zoom) - 1))
                    tiles << QStringLiteral("%1/%2/%3 %4")
                                 .arg(key.zoom)
                                 .arg(key.x)
                                 .arg(key.y)
                                 .arg(QString::fromLatin1(bytes.toHex()));
            return tiles;
        };
        const Micros created = nowMicros() - kYear;
        QStringList expected;
        {
            auto now = test::freshTracksFile(m_dir.filePath(QStringLiteral("init_v4.sqlite")));
            importTracks(*now, 1, 3, created);
            expected = hikeTiles(*now);
        }
        QVERIFY(!expected.isEmpty());
        const QString path = m_dir.filePath(QStringLiteral("init_v3.sqlite"));
        {
            auto db = test::freshTracksFile(path);
            importTracks(*db, 1, 3, created);
            db->exec(QStringLiteral("DROP TABLE track_density_activity"));
            db->exec(QStringLiteral("DELETE FROM tidemark_schema_migrations WHERE version = 4"));
        }
        const QString conninfo = test::freshPostgisStore(QStringLiteral("ta_init_v3"));
        {
            importTracks(*TracksDatabase::open(TracksLocation::postgis(conninfo)), 1, 3, created);
            auto db = PgConnection::open(conninfo, QStringLiteral("tidemark-test"));
            db->exec(QStringLiteral("DROP TABLE track_density_activity"));
            db->exec(QStringLiteral("DELETE FROM tidemark_schema_migrations WHERE version = 4"));
        }
        for (const TracksLocation& location :
             {TracksLocation::file(path), TracksLocation::postgis(conninfo)}) {
            QVERIFY(test::thrownKind([&] { TracksDatabase::open(location); }) == Error::Kind::Schema);
            const test::CliRun init =
                test::runCli({QStringLiteral("tracks"), QStringLiteral("init"),
                              location.isPostgis() ? QStringLiteral("--db") : QStringLiteral("--sqlite"),
                              location.isPostgis() ? conninfo : path, QStringLiteral("--json")});
            QVERIFY2(init.exitCode == 0, qPrintable(init.err));
            const QJsonObject json = QJsonDocument::fromJson(init.out.toUtf8()).object();
            QCOMPARE(json.value(QLatin1String("applied_now")).toArray(),
                     QJsonArray{QStringLiteral("0004_track_density_activity")});
            QVERIFY2(json.value(QLatin1String("overview_tiles_rebuilt")).toInt() > 0, qPrintable(init.out));
            QCOMPARE(hikeTiles(*TracksDatabase::open(location)), expected);
        }
    }

    // A read-only open of a current file reads its id and leaves the folder as it was (no -wal, no -shm).
    void aReadOnlyOpenReadsTheIdAndWritesNothing() {
        const QString folder = m_dir.filePath(QStringLiteral("readonly"));
        QDir().mkpath(folder);
        const QString path = folder + QStringLiteral("/tracks.sqlite");
        QString id;
        {
            auto db = test::freshTracksFile(path);
            id = db->storeId();
            db->exec(QStringLiteral("PRAGMA journal_mode=DELETE"));
        }
        const QMap<QString, QByteArray> before = test::folderDigests(folder);
        TracksRetainRequest r = request(TracksLocation::file(path), nowMicros());
        r.dryRun = true;
        r.collectUnits = true;
        TaskFeedback feedback;
        QCOMPARE(TracksRetainJob::run(r, feedback).storeId, id);
        QCOMPARE(test::folderDigests(folder), before);
    }

    // A PostGIS store has its own id from its init, and keeps it when tracks migrate fills it from a file.
    void aMigratedStoreIsAnotherStore() {
        const QString path = m_dir.filePath(QStringLiteral("to_migrate.sqlite"));
        const QString fileId = test::freshTracksFile(path)->storeId();
        importTracks(*TracksDatabase::open(TracksLocation::file(path)), 1, 3, nowMicros() - kYear);
        const QString conninfo = test::freshPostgisStore(QStringLiteral("ta_migrated"));
        const QString storeId = TracksDatabase::open(TracksLocation::postgis(conninfo))->storeId();
        QCOMPARE(storeId.size(), 32);
        QVERIFY(storeId != fileId);
        TaskFeedback feedback;
        QVERIFY(TracksMigrateJob::run({path, conninfo, 2000}, feedback).done());
        auto postgis = TracksDatabase::open(TracksLocation::postgis(conninfo));
        QCOMPARE(postgis->trackCount(), 3);
        QCOMPARE(postgis->storeId(), storeId);
    }
};

QTEST_GUILESS_MAIN(TestTracksApply)
#include "test_tracksapply.moc"
