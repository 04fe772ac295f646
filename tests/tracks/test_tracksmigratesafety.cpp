// tracks migrate onto a store in use and from a file that changed (spec/operations.md, "tracks migrate runs
// onto an empty store or resumes its own unfinished migration"), with a real tracks file and a real PostGIS
// store: a store written since by an import (after the migration, or between two of its batches) is refused
// and left whole; a verified migration run again without changes writes nothing; a migration stopped
// part-way ends verified after the file merged a source into a copied track, gained a track and lost three
// to its retention; a second run on the same store meanwhile is refused.
#include "clirunner.h"
#include "freshpostgisstore.h"
#include "thrownkind.h"
#include "tracksmigratefixtures.h"

#include "trackcolumns.h"
#include "trackimporter.h"
#include "trackslocation.h"
#include "tracksmigratejob.h"
#include "tracksretention.h"

#include "error.h"
#include "pgconnection.h"
#include "sqlitefile.h"
#include "taskfeedback.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

using namespace tidemark;
using namespace tidemark::tracks;
using test::scalar;
using test::scalarText;

namespace {

const Micros kNow = test::kMigrateNow;
constexpr Micros kDay = 86400LL * kMicrosPerSecond;

QStringList migrateArgs(const QString& file, const QString& conninfo) {
    return {QStringLiteral("tracks"),   QStringLiteral("migrate"),
            QStringLiteral("--sqlite"), file,
            QStringLiteral("--db"),     conninfo};
}

// One new walk imported into the PostGIS store as `tracks import` would; its dedup key.
QString importIntoStore(const QString& conninfo, quint32 seed) {
    auto store = TracksDatabase::open(TracksLocation::postgis(conninfo));
    QRandomGenerator random(seed);
    const ImportedTrack walk = test::walk(random, QStringLiteral("osm"), 40);
    TrackImporter(*store, TrackSourceList::demo(), kNow)
        .importBatch(QStringLiteral("b"), QStringLiteral("osm"), {walk});
    return TrackFacts::of(walk.points).dedupKey;
}

// The density overview's tiles, in key order, as one digest.
QString storeDensity(const QString& conninfo) {
    return scalarText(conninfo, QStringLiteral("SELECT coalesce(md5(string_agg(format('%s/%s/%s:%s', zoom, "
                                               "tile_x, tile_y, encode(pixels, 'hex')), ',' ORDER BY zoom,"
                                               " tile_x, tile_y)), '') FROM track_density"));
}

// The row versions of the store's tables: unchanged when nothing was written.
QString storeVersions(const QString& conninfo) {
    return scalarText(conninfo,
                      QStringLiteral("SELECT concat_ws(' | ', (SELECT string_agg(xmin::text, ',' ORDER BY "
                                     "id) FROM tracks), (SELECT string_agg(xmin::text, ',' ORDER BY id) FROM "
                                     "pipeline_runs), (SELECT string_agg(xmin::text, ',' ORDER BY zoom, "
                                     "tile_x, tile_y) FROM track_density))"));
}

// Every track as "id key sources urls", and every density tile, of the file and of the store.
QStringList fileContents(const QString& path) {
    SqliteFile file(path, SqliteFile::Mode::ReadOnly);
    QStringList rows;
    SqliteStatement q = file.prepare(
        QStringLiteral("SELECT id, dedup_key, sources_json, external_urls_json FROM tracks ORDER BY id"));
    while (q.step())
        rows << QStringLiteral("%1 %2 %3 %4")
                    .arg(q.toInt64(0))
                    .arg(q.text(1), fromJsonArray(q.text(2)).join(QLatin1Char(',')),
                         fromJsonArray(q.text(3)).join(QLatin1Char(',')));
    SqliteStatement tiles = file.prepare(QStringLiteral(
        "SELECT zoom, tile_x, tile_y, lower(hex(pixels)) FROM track_density ORDER BY 1, 2, 3"));
    while (tiles.step())
        rows << QStringLiteral("%1/%2/%3 %4")
                    .arg(tiles.toInt64(0))
                    .arg(tiles.toInt64(1))
                    .arg(tiles.toInt64(2))
                    .arg(tiles.text(3));
    return rows;
}

QStringList storeContents(const QString& conninfo) {
    auto db = PgConnection::open(conninfo);
    QStringList rows;
    const PgResult r = db->exec(QStringLiteral("SELECT id, dedup_key, sources_json::text, "
                                               "external_urls_json::text FROM tracks ORDER BY id"));
    for (int i = 0; i < r.rows(); ++i)
        rows << QStringLiteral("%1 %2 %3 %4")
                    .arg(r.toLong(i, 0))
                    .arg(r.text(i, 1), fromJsonArray(r.text(i, 2)).join(QLatin1Char(',')),
                         fromJsonArray(r.text(i, 3)).join(QLatin1Char(',')));
    const PgResult tiles = db->exec(QStringLiteral(
        "SELECT zoom, tile_x, tile_y, encode(pixels, 'hex') FROM track_density ORDER BY 1, 2, 3"));
    for (int i = 0; i < tiles.rows(); ++i)
        rows << QStringLiteral("%1/%2/%3 %4")
                    .arg(tiles.toLong(i, 0))
                    .arg(tiles.toLong(i, 1))
                    .arg(tiles.toLong(i, 2))
                    .arg(tiles.text(i, 3));
    return rows;
}

} // namespace

class TracksMigrateSafetyTest : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // (a) A verified migration run again with nothing changed writes nothing and says so; after an import
    // into the store it is refused (exit 3) naming what was written, and the import's tracks and its tiles of
    // the density overview stay (before: it "resumed", deleted every tile and copied the file's back).
    void anImportAfterAVerifiedMigrationIsNeverOverwritten() {
        const QString file = test::filledFile(m_dir.filePath(QStringLiteral("after.sqlite")), 30);
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tms_after"));
        const test::CliRun first = test::runCli(migrateArgs(file, conninfo));
        QVERIFY2(first.exitCode == 0, qPrintable(first.out + first.err));

        const QString versions = storeVersions(conninfo);
        const test::CliRun again = test::runCli(migrateArgs(file, conninfo));
        QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
        QVERIFY2(again.out.contains(QLatin1String("already migrated")) &&
                     again.out.contains(QLatin1String("verified")),
                 qPrintable(again.out));
        QCOMPARE(storeVersions(conninfo), versions); // not one row rewritten

        const QString imported = importIntoStore(conninfo, 41);
        const QString density = storeDensity(conninfo);
        const test::CliRun refused = test::runCli(migrateArgs(file, conninfo));
        QVERIFY2(refused.exitCode == 3, qPrintable(refused.out + refused.err));
        QVERIFY2(refused.err.contains(QLatin1String("1 pipeline run")) &&
                     refused.err.contains(QLatin1String("1 track")) &&
                     refused.err.contains(QLatin1String("not written by")),
                 qPrintable(refused.err));
        QCOMPARE(storeDensity(conninfo), density);
        QCOMPARE(scalar(conninfo, QStringLiteral("SELECT count(*) FROM tracks")), 31LL);
        QCOMPARE(
            scalarText(conninfo,
                       QStringLiteral("SELECT count(*) FROM tracks WHERE dedup_key = '%1'").arg(imported)),
            QStringLiteral("1"));
        QCOMPARE(scalar(conninfo, QStringLiteral("SELECT count(*) FROM pipeline_runs")), 3LL);
    }

    // (b) An import that commits between two batches of a migration: the next batch refuses, nothing of the
    // import is wiped, and the migration stays refused.
    void anImportBetweenTwoBatchesIsNeverWiped() {
        const QString file = test::filledFile(m_dir.filePath(QStringLiteral("between.sqlite")), 40);
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tms_between"));
        TaskFeedback feedback;
        QString imported, importError, density;
        feedback.setSink([&](const TaskProgress&) {
            if (!imported.isEmpty() || !importError.isEmpty())
                return;
            try {
                imported = importIntoStore(conninfo, 43);
                density = storeDensity(conninfo);
            } catch (const Error& e) {
                importError = e.message();
            }
        });
        QString message;
        QCOMPARE(test::thrownKind(
                     [&] {
                         TracksMigrateJob::run({file, conninfo, 10}, feedback);
                     },
                     &message),
                 Error::Kind::Refused);
        QVERIFY2(importError.isEmpty(), qPrintable(importError));
        QVERIFY2(message.contains(QLatin1String("1 pipeline run")), qPrintable(message));
        QCOMPARE(scalar(conninfo, QStringLiteral("SELECT count(*) FROM tracks")), 11LL); // one batch + import
        QCOMPARE(
            scalarText(conninfo,
                       QStringLiteral("SELECT count(*) FROM tracks WHERE dedup_key = '%1'").arg(imported)),
            QStringLiteral("1"));
        QCOMPARE(storeDensity(conninfo), density);
        TaskFeedback again;
        QCOMPARE(test::thrownKind([&] {
                     TracksMigrateJob::run({file, conninfo, 10}, again);
                 }),
                 Error::Kind::Refused);
        QCOMPARE(storeDensity(conninfo), density);
        QCOMPARE(scalar(conninfo, QStringLiteral("SELECT count(*) FROM tracks")), 11LL);
    }

    // SIGTERM between batches, twice, and SIGKILL, to the real process: exit 75 ("cancelled between
    // batches"), the batch in flight committed or rolled back whole, and the next run resumes and ends
    // verified with the store equal to the file.
    void aSignalledMigrationResumesToVerified() {
        constexpr int kTracks = 1200; // 120 batches: the three stops land well before the end
        const QString file = test::filledFile(m_dir.filePath(QStringLiteral("signalled.sqlite")), kTracks);
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tms_signalled"));
        const QStringList args =
            migrateArgs(file, conninfo) + QStringList{QStringLiteral("--batch"), QStringLiteral("10")};
        const auto watcher =
            PgConnection::open(conninfo); // one connection: a poll is a round trip, not a login
        const auto copied = [&] {
            return watcher->exec(QStringLiteral("SELECT count(*) FROM tracks")).toLong(0, 0);
        };
        struct Stop {
            const char* name;
            int signal, count;
        };
        for (const Stop& stop :
             {Stop{"SIGTERM", SIGTERM, 1}, Stop{"SIGTERM twice", SIGTERM, 2}, Stop{"SIGKILL", SIGKILL, 1}}) {
            const qint64 before = copied();
            test::CliProcess cli(args);
            QVERIFY2(cli.waitUntil([&] { return copied() >= before + 20; }, 60000, 5), stop.name);
            cli.signal(SIGSTOP); // held there, so that the run cannot end before the signal lands
            for (int i = 0; i < stop.count; ++i)
                cli.signal(stop.signal);
            cli.signal(SIGCONT);
            const test::CliRun run = cli.finish();
            qInfo("tracks migrate, %s between batches: exit %d after %.0f ms", stop.name, run.exitCode,
                  cli.stopMilliseconds());
            QVERIFY2(run.exitCode == (stop.signal == SIGKILL ? -1 : 75), qPrintable(run.err + run.out));
            if (stop.count == 1 && stop.signal == SIGTERM)
                QVERIFY2(run.out.contains(QLatin1String("cancelled between batches")), qPrintable(run.out));
            QVERIFY(copied() < kTracks);
            QTRY_VERIFY_WITH_TIMEOUT(
                scalar(conninfo,
                       QStringLiteral(
                           "SELECT count(*) FROM pg_stat_activity WHERE "
                           "application_name = 'tidemark tracks' AND datname = current_database()")) == 0,
                30000);
        }
        const test::CliRun rest = test::runCli(args);
        QVERIFY2(rest.exitCode == 0, qPrintable(rest.err + rest.out));
        QVERIFY2(rest.out.contains(QLatin1String("verified")), qPrintable(rest.out));
        QCOMPARE(storeContents(conninfo), fileContents(file));
    }

    // (c) Stopped after two batches; then the file merges a source into a copied track, imports a new
    // track, and its retention deletes three copied tracks. The next run copies the changed track again,
    // removes the deleted ones, copies the rest and ends verified, the store equal to the file.
    void aStoppedMigrationEndsVerifiedAfterTheFileChanged() {
        const QString file = m_dir.filePath(QStringLiteral("changed.sqlite"));
        QRandomGenerator random(7);
        std::vector<ImportedTrack> old, osm;
        for (int i = 0; i < 3; ++i)
            old.push_back(test::walk(random, QStringLiteral("osm"), 20));
        for (int i = 0; i < 30; ++i)
            osm.push_back(test::walk(random, QStringLiteral("osm"), 20 + i));
        {
            auto db = test::freshTracksFile(file);
            TrackImporter(*db, TrackSourceList::demo(), kNow - 10 * kDay)
                .importBatch(QStringLiteral("a"), QStringLiteral("osm"), old); // ids 1-3
            TrackImporter(*db, TrackSourceList::demo(), kNow - kDay)
                .importBatch(QStringLiteral("a"), QStringLiteral("osm"), osm); // ids 4-33
        }
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tms_changed"));
        TaskFeedback feedback;
        int batches = 0;
        std::optional<Error::Kind> secondRun;
        QString secondMessage;
        feedback.setSink([&](const TaskProgress&) {
            if (++batches == 1) { // a second run on the same store meanwhile
                TaskFeedback other;
                secondRun = test::thrownKind(
                    [&] {
                        TracksMigrateJob::run({file, conninfo, 10}, other);
                    },
                    &secondMessage);
            }
            if (batches == 2)
                feedback.cancel();
        });
        const TracksMigrateReport first = TracksMigrateJob::run({file, conninfo, 10}, feedback);
        QCOMPARE(secondRun, std::optional<Error::Kind>(Error::Kind::Refused));
        QVERIFY2(secondMessage.contains(QLatin1String("another tracks migrate")), qPrintable(secondMessage));
        QVERIFY(first.cancelled);
        QCOMPARE(scalar(conninfo, QStringLiteral("SELECT max(id) FROM tracks")), 20LL);

        {
            auto db = SpatialiteDatabase::open(file);
            ImportedTrack merged = osm[1]; // track 5, copied
            merged.sourceId = QStringLiteral("ttrails");
            merged.externalUrl = QStringLiteral("https://ttrails.example/merged");
            TrackImporter(*db, TrackSourceList::demo(), kNow)
                .importBatch(QStringLiteral("a"), QStringLiteral("ttrails"),
                             {merged, test::walk(random, QStringLiteral("ttrails"), 25)}); // + track 34
            TaskFeedback retain;
            const TracksRetentionReport deleted = TracksRetention(*db).run(kNow - 5 * kDay, retain);
            QCOMPARE(deleted.deleted, (std::vector<qint64>{1, 2, 3}));
            db->checkpointWal();
        }
        QVERIFY(storeContents(conninfo) != fileContents(file));

        TaskFeedback again;
        const TracksMigrateReport second = TracksMigrateJob::run({file, conninfo, 10}, again);
        QVERIFY2(second.done(), qPrintable(second.mismatches.join('\n')));
        QVERIFY(second.resumed);
        QCOMPARE(second.tracksChanged, 1);
        QCOMPARE(second.tracksRemoved, 3);
        QCOMPARE(second.tracksCopied, 15); // track 5 again, 21-33 and 34
        QCOMPARE(storeContents(conninfo), fileContents(file));
        QCOMPARE(scalar(conninfo, QStringLiteral("SELECT count(*) FROM pipeline_runs")), 3LL);

        // Run again: nothing changed, nothing written, verified.
        const QString versions = storeVersions(conninfo);
        const TracksMigrateReport third = TracksMigrateJob::run({file, conninfo, 10}, again);
        QVERIFY(third.done());
        QVERIFY(third.alreadyMigrated);
        QCOMPARE(storeVersions(conninfo), versions);
    }
};

QTEST_GUILESS_MAIN(TracksMigrateSafetyTest)
#include "test_tracksmigratesafety.moc"
