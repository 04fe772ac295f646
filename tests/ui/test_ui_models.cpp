#include "connectionprofilestore.h"
#include "error.h"
#include "kudosschema.h"
#include "kudostablesummarymodel.h"
#include "mowersummarymodel.h"
#include "pgconnection.h"
#include "positionsdataset.h"
#include "positionsschema.h"
#include "roundjob.h"
#include "schemamigrator.h"
#include "testpostgres.h"
#include "timestamp.h"
#include "trackssummarymodel.h"

#include "taskfeedback.h"
#include "taskmanager.h"
#include "workspacesession.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <atomic>
#include <sqlite3.h>
#include <sys/stat.h>

using namespace tidemark;

namespace {

const Micros kT0 = parseIsoTimestamp(QStringLiteral("2026-08-01T00:00:00Z"));

// A gps_tracks.sqlite with the columns the summary reads (the real file has more, and SpatiaLite's geometry).
void createTracksFile(const QString& path, const QList<std::tuple<QString, double, double, double>>& tracks) {
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(QFile::encodeName(path).constData(), &db), SQLITE_OK);
    QCOMPARE(
        sqlite3_exec(
            db,
            "CREATE TABLE tracks (id INTEGER PRIMARY KEY, activity_type TEXT NOT NULL, length_m REAL NOT "
            "NULL,"
            " min_lon REAL NOT NULL, min_lat REAL NOT NULL, max_lon REAL NOT NULL, max_lat REAL NOT NULL)",
            nullptr, nullptr, nullptr),
        SQLITE_OK);
    sqlite3_stmt* insert = nullptr;
    QCOMPARE(
        sqlite3_prepare_v2(db,
                           "INSERT INTO tracks (activity_type, length_m, min_lon, min_lat, max_lon, max_lat)"
                           " VALUES (?, ?, ?, ?, ?, ?)",
                           -1, &insert, nullptr),
        SQLITE_OK);
    for (const auto& [activity, length, lon, lat] : tracks) {
        const QByteArray text = activity.toUtf8();
        sqlite3_bind_text(insert, 1, text.constData(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_double(insert, 2, length);
        sqlite3_bind_double(insert, 3, lon);
        sqlite3_bind_double(insert, 4, lat);
        sqlite3_bind_double(insert, 5, lon + 0.1);
        sqlite3_bind_double(insert, 6, lat + 0.05);
        QCOMPARE(sqlite3_step(insert), SQLITE_DONE);
        sqlite3_reset(insert);
    }
    sqlite3_finalize(insert);
    sqlite3_close(db);
}

} // namespace

class TestUiModels : public QObject {
    Q_OBJECT
  private slots:
    void mowerModelUnderTester() {
        positions::MowerSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        std::vector<positions::MowerSummary> mowers(2);
        mowers[0] = {QUuid(QStringLiteral("00000000-0000-0000-0000-000000000001")),
                     1200,
                     kT0,
                     kT0 + kMicrosPerDay,
                     {},
                     3,
                     true};
        mowers[1] = {QUuid(QStringLiteral("00000000-0000-0000-0000-000000000002")),
                     34,
                     kT0 - kMicrosPerHour,
                     kT0,
                     kT0 + kMicrosPerMinute,
                     0,
                     false};
        model.setMowers(mowers);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(positions::MowerSummaryModel::ColumnCount));
        QCOMPARE(model.totalRows(), 1234);
        QCOMPARE(model.index(1, positions::MowerSummaryModel::OldestColumn).data().toString(),
                 QStringLiteral("2026-07-31"));
        QCOMPARE(model.index(1, positions::MowerSummaryModel::OldestColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("2026-07-31 23:00:00 UTC"));
        QCOMPARE(model.index(1, positions::MowerSummaryModel::WatermarkColumn).data().toString(),
                 QStringLiteral("2026-08-01 00:01 UTC"));
        QCOMPARE(model.index(0, positions::MowerSummaryModel::MowerColumn)
                     .data(positions::MowerSummaryModel::MowerIdRole)
                     .toString(),
                 mowers[0].mowerId.toString(QUuid::WithoutBraces));
        QCOMPARE(model.index(0, positions::MowerSummaryModel::WatermarkColumn).data().toString(),
                 QStringLiteral("not thinned yet"));
        QCOMPARE(model.index(0, positions::MowerSummaryModel::RowsColumn).data().toString(),
                 QStringLiteral("≈ 1,200"));
        QCOMPARE(model.index(1, positions::MowerSummaryModel::RowsColumn).data().toString(),
                 QStringLiteral("34"));
        QCOMPARE(model.rowOf(mowers[1].mowerId), 1);
        QCOMPARE(model.index(0, positions::MowerSummaryModel::RowsColumn)
                     .data(positions::MowerSummaryModel::SortRole)
                     .toLongLong(),
                 1200);
        model.setExactRows(0, 1190);
        QCOMPARE(model.index(0, positions::MowerSummaryModel::RowsColumn).data().toString(),
                 QStringLiteral("1,190"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void kudosModelUnderTester() {
        kudos::KudosTableSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTables({{QStringLiteral("kudos_ledger"), 250000, 64 << 20, kT0, kT0 + kMicrosPerDay},
                         {QStringLiteral("users"), 300, 8192, {}, {}}});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.totalRows(), 250300);
        QCOMPARE(model.index(0, kudos::KudosTableSummaryModel::TableColumn).data().toString(),
                 QStringLiteral("kudos_ledger"));
        QCOMPARE(model.index(1, kudos::KudosTableSummaryModel::OldestColumn).data().toString(),
                 QStringLiteral("—"));
        QVERIFY(!model.index(0, kudos::KudosTableSummaryModel::SizeColumn).data().toString().isEmpty());
    }

    void tracksModelUnderTester() {
        tracks::TracksSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        tracks::TracksSummary all{QString(), 3, 4500, 37.0, 55.0, 38.5, 56.25};
        tracks::TracksSummary hike{QStringLiteral("hiking"), 3, 4500, 37.0, 55.0, 38.5, 56.25};
        model.setSummaries({all, hike});
        QCOMPARE(model.totalTracks(), 3);
        QCOMPARE(model.index(1, tracks::TracksSummaryModel::ActivityColumn).data().toString(),
                 QStringLiteral("hiking"));
        const QString extent = model.index(0, tracks::TracksSummaryModel::ExtentColumn).data().toString();
        // South-west and north-east corners, latitude first as the map's readout.
        QCOMPARE(extent, QStringLiteral("55.0000, 37.0000 – 56.2500, 38.5000"));
    }

    void secretsAreStripped_data() {
        QTest::addColumn<QString>("conninfo");
        QTest::addColumn<QStringList>("secrets");
        QTest::addColumn<QString>("kept");
        QTest::newRow("key=value") << "host=db.example port=5433 dbname=positions user=ops password=s3cret"
                                   << QStringList{"s3cret"} << "dbname=positions";
        QTest::newRow("quoted") << "host=db dbname=kudos password='pa ss\\'word'" << QStringList{"pa ss"}
                                << "dbname=kudos";
        QTest::newRow("uri") << "postgresql://ops:hunter2@db.example:5432/kudos?sslmode=require"
                             << QStringList{"hunter2"} << "sslmode=require";
        QTest::newRow("uri query") << "postgresql://ops@db.example/kudos?password=topsecret"
                                   << QStringList{"topsecret"} << "user=ops";
        QTest::newRow("unparseable") << "host=db password=leak 'unterminated" << QStringList{"leak"}
                                     << "host=db";
        // The client key's passphrase: the key file's path is fine to keep, its passphrase is not.
        QTest::newRow("sslpassword") << "host=db dbname=kudos sslkey=/home/ops/.postgresql/ops.key "
                                        "sslpassword=K3yPhrase"
                                     << QStringList{"K3yPhrase"} << "sslkey=/home/ops/.postgresql/ops.key";
        QTest::newRow("sslpassword quoted")
            << "host=db sslpassword = 'two words' dbname=kudos" << QStringList{"two words"} << "dbname=kudos";
        QTest::newRow("uri sslpassword")
            << "postgresql://ops@db.example/kudos?sslmode=verify-full&sslpassword=K3y" << QStringList{"K3y"}
            << "sslmode=verify-full";
        QTest::newRow("uri every secret")
            << "postgres://ops:hunter2@db.example/kudos?sslpassword=K3y&password=Other&sslcert=/c.crt"
            << QStringList{"hunter2", "K3y", "Other"} << "sslcert=/c.crt";
        QTest::newRow("unparseable sslpassword")
            << "host=db sslpassword=leak2 'unterminated" << QStringList{"leak2"} << "host=db";
        QTest::newRow("unparseable uri") << "postgresql://ops:leak3@db/kudos?sslpassword=leak4&nosuchoption=1"
                                         << QStringList{"leak3", "leak4"} << "nosuchoption=1";
        // A keyword newer than this libpq (18's OAuth client secret) cannot be parsed: still removed.
        QTest::newRow("newer libpq secret") << "host=db oauth_client_id=tidemark oauth_client_secret=leak5"
                                            << QStringList{"leak5"} << "oauth_client_id=tidemark";
    }
    void secretsAreStripped() {
        QFETCH(QString, conninfo);
        QFETCH(QStringList, secrets);
        QFETCH(QString, kept);
        QVERIFY(tidemark::ConnectionProfileStore::hasSecret(conninfo));
        const QString stripped = tidemark::ConnectionProfileStore::withoutSecrets(conninfo);
        for (const QString& secret : secrets)
            QVERIFY2(!stripped.contains(secret), qPrintable(stripped));
        QVERIFY2(!stripped.contains(QLatin1String("password")) && !stripped.contains(QLatin1String("secret")),
                 qPrintable(stripped));
        QVERIFY2(stripped.contains(QLatin1String("db")) && stripped.contains(kept), qPrintable(stripped));
        QVERIFY(!tidemark::ConnectionProfileStore::hasSecret(stripped));
    }

    // The settings file holds no secret and is the user's alone (0600, in a folder no one else may write),
    // however permissive the umask, and an older file left readable is tightened on the next save.
    void profilesFileIsPrivate() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString folder = dir.filePath(QStringLiteral("config/Tidemark"));
        const QString ini = folder + QStringLiteral("/Tidemark.conf");
        const auto modeOf = [](const QString& path) {
            struct stat info {};
            return ::stat(QFile::encodeName(path).constData(), &info) == 0 ? int(info.st_mode & 07777) : -1;
        };
        tidemark::WorkspaceConnections site;
        site.positionsConninfo = QStringLiteral("host=db dbname=positions password=P4ss sslpassword=K3y");
        site.kudosConninfo =
            QStringLiteral("postgresql://ops:U5erPw@db/kudos?sslmode=require&sslpassword=Q5");
        site.tracksPath = QStringLiteral("/srv/gps_tracks.sqlite");
        site.archiveUrl = QStringLiteral("s3://AKIAOPS:Arch1veSecret@bucket/prefix");
        const mode_t umaskBefore = ::umask(0);
        {
            tidemark::ConnectionProfileStore store(ini);
            store.saveProfile(QStringLiteral("site"), site);
            store.setLastProfile(QStringLiteral("site"));
            store.setLastConnections(site); // the console's on close: the same stripping
            store.sync();
            QCOMPARE(store.lastConnections(), store.profile(QStringLiteral("site")));
        }
        ::umask(umaskBefore);
        QCOMPARE(modeOf(ini), 0600);
        QCOMPARE(modeOf(folder), 0700);
        QFile file(ini);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray saved = file.readAll();
        file.close();
        for (const char* secret : {"P4ss", "K3y", "U5erPw", "Q5", "Arch1veSecret", "password"})
            QVERIFY2(!saved.contains(secret), saved.constData());
        for (const char* kept : {"dbname=positions", "sslmode=require", "gps_tracks.sqlite", "bucket/prefix"})
            QVERIFY2(saved.contains(kept), saved.constData());

        // A file an older Tidemark wrote, readable by others and with a key's passphrase in a profile.
        {
            QSettings older(ini, QSettings::IniFormat);
            older.setValue(QStringLiteral("connections/profiles/old/positions"),
                           QStringLiteral("host=db sslkey=/k.key sslpassword=0ldPhrase"));
            older.setValue(QStringLiteral("connections/lastUsed/tracks_db"),
                           QStringLiteral("host=gis dbname=tracks password=0ldTr4cks"));
        }
        QVERIFY(::chmod(QFile::encodeName(ini).constData(), 0644) == 0);
        QVERIFY(::chmod(QFile::encodeName(folder).constData(), 0777) == 0);
        {
            tidemark::ConnectionProfileStore store(ini);
            QCOMPARE(store.profile(QStringLiteral("site")).kudosConninfo.contains(QLatin1String("sslmode")),
                     true);
            store.saveProfile(QStringLiteral("other"), {});
            store.sync();
        }
        QCOMPARE(modeOf(ini), 0600);
        QCOMPARE(modeOf(folder) & 0022, 0);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray rewritten = file.readAll();
        QVERIFY2(!rewritten.contains("0ldPhrase") && rewritten.contains("sslkey=/k.key"),
                 rewritten.constData());
        QVERIFY2(!rewritten.contains("0ldTr4cks") && rewritten.contains("dbname=tracks"),
                 rewritten.constData());
    }

    void describeNamesServerNotSecret() {
        QCOMPARE(
            tidemark::ConnectionProfileStore::describe(QStringLiteral("host=h port=5 dbname=d password=x")),
            QStringLiteral("h:5/d"));
        QCOMPARE(tidemark::ConnectionProfileStore::describe(QStringLiteral("service=positions")),
                 QStringLiteral("service=positions"));
    }

    void mowerLoaderReadsCountsAndWatermark() {
        const QString conninfo = test::TestPostgres::createDatabase(QStringLiteral("tidemark_ui_mowers"));
        auto connection = PgConnection::open(conninfo);
        SchemaMigrator(*connection, positions::positionsSchema()).migrate();
        const QString a = QStringLiteral("00000000-0000-0000-0000-00000000000a");
        const QString b = QStringLiteral("00000000-0000-0000-0000-00000000000b");
        connection->exec(
            QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                           " SELECT $1::uuid, $2::timestamptz + make_interval(secs => g), 52.0, 13.0, true"
                           " FROM generate_series(0, 99) g"),
            {a, formatIsoTimestamp(kT0)});
        connection->exec(
            QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                           " VALUES ($1::uuid, $2::timestamptz, 52.0, 13.0, false)"),
            {b, formatIsoTimestamp(kT0 + 123456)});
        connection->exec(
            QStringLiteral("INSERT INTO mower_positions_thinning VALUES ($1::uuid, $2::timestamptz)"),
            {b, formatIsoTimestamp(kT0 + kMicrosPerDay)});

        TaskFeedback control;
        positions::PositionSettings settings;
        const Micros now = kT0 + (settings.detailDays + 1) * kMicrosPerDay; // cutoff kT0 + 1 day
        const auto mowers = positions::MowerSummaryLoader(conninfo).load(settings, now, control);
        QCOMPARE(mowers.size(), size_t(2));
        QCOMPARE(mowers[0].mowerId, QUuid(a));
        QCOMPARE(mowers[0].rows, 100);
        QCOMPARE(mowers[0].oldest, kT0);
        QCOMPARE(mowers[0].newest, kT0 + 99 * kMicrosPerSecond);
        QVERIFY(!mowers[0].watermark);
        QVERIFY(!mowers[0].rowsEstimated); // a small table is counted whole
        QVERIFY(mowers[0].slicesPending > 0);
        QCOMPARE(mowers[1].rows, 1);
        QCOMPARE(mowers[1].oldest, kT0 + 123456); // microseconds survive
        QCOMPARE(mowers[1].watermark.value_or(0), kT0 + kMicrosPerDay);
        QCOMPARE(mowers[1].slicesPending, 0); // behind its watermark
    }

    // A table larger than the sample: the session's summary (the positions header) is an estimate marked
    // with its age, and a round that deleted rows is followed by the new estimate, near the table's count
    // (the planner's statistics still hold the deleted rows until the next ANALYZE).
    void positionsEstimateFollowsARound() {
        const QString conninfo = test::TestPostgres::createDatabase(QStringLiteral("tidemark_ui_estimate"));
        auto db = PgConnection::open(conninfo);
        SchemaMigrator(*db, positions::positionsSchema()).migrate();
        const Micros start = floorToStep(nowMicros(), kMicrosPerDay) - 120 * kMicrosPerDay;
        // Three mowers driving straight at 0.1 m/s, a row a second for 17 h: thinning keeps one in 30.
        db->exec(QStringLiteral(
                     "INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on, rtk_fix)"
                     " SELECT m::uuid, $1::timestamptz + make_interval(secs => g), 52.0 + g * 1e-6, 13.0,"
                     " true, 2 FROM unnest(ARRAY['00000000-0000-0000-0000-0000000000a1',"
                     " '00000000-0000-0000-0000-0000000000a2', '00000000-0000-0000-0000-0000000000a3']) m,"
                     " generate_series(0, 59999) g"),
                 {formatIsoTimestamp(start)});
        db->exec(QStringLiteral("ANALYZE mower_positions"));
        const auto tableRows = [&] {
            return double(db->exec(QStringLiteral("SELECT count(*) FROM mower_positions")).toLong(0, 0));
        };
        const auto estimateIn = [](const QString& summary) {
            const QRegularExpressionMatch m =
                QRegularExpression(
                    QStringLiteral("≈ ([\\d,]+) row\\(s\\), estimated (just now|\\d+ min ago)"))
                    .match(summary);
            return m.hasMatch() ? m.captured(1).remove(QLatin1Char(',')).toDouble() : -1.0;
        };

        TaskManager tasks;
        WorkspaceSession session(&tasks);
        QSignalSpy loaded(&session, &WorkspaceSession::loaded);
        WorkspaceConnections connections;
        connections.positionsConninfo = conninfo;
        session.setConnections(connections);
        QVERIFY(loaded.wait(60000));
        const double before = estimateIn(loaded.last().at(1).toString());
        QVERIFY2(before > 0, qPrintable(loaded.last().at(1).toString()));
        const double rowsBefore = tableRows();
        QVERIFY2(std::abs(before - rowsBefore) < 0.15 * rowsBefore,
                 qPrintable(QStringLiteral("%1 vs %2").arg(before).arg(rowsBefore)));

        QSignalSpy finished(session.positions(), &positions::PositionsDataset::roundFinished);
        positions::RoundRequest round;
        round.ignoreWindow = true;
        loaded.clear();
        QVERIFY(session.positions()->startRound(round));
        QVERIFY(finished.wait(300000));
        const positions::RoundReport& report = session.positions()->lastRoundReport();
        QVERIFY2(report.deleted > 0, qPrintable(report.infoLine()));
        QVERIFY(loaded.wait(60000));
        const double after = estimateIn(loaded.last().at(1).toString());
        const double rowsAfter = tableRows();
        QCOMPARE(rowsAfter, rowsBefore - double(report.deleted));
        QVERIFY2(after > 0 && std::abs(after - rowsAfter) < 0.15 * rowsBefore,
                 qPrintable(QStringLiteral("after the round: %1 shown, %2 in the table (%3 before)")
                                .arg(loaded.last().at(1).toString())
                                .arg(rowsAfter)
                                .arg(before)));
    }

    void kudosLoaderListsTablesWithCounts() {
        const QString conninfo = test::TestPostgres::createDatabase(QStringLiteral("tidemark_ui_kudos"));
        auto connection = PgConnection::open(conninfo);
        SchemaMigrator(*connection, kudos::kudosSchema()).migrate();
        connection->exec(
            QStringLiteral("INSERT INTO users (id, oauth_id, username) VALUES (1, 'o1', 'one')"));
        connection->exec(
            QStringLiteral("INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, amount)"
                           " SELECT $1::timestamp + make_interval(hours => g), gen_random_uuid(),"
                           " 'award', 1, 10 FROM generate_series(0, 2) g"),
            {QStringLiteral("2026-08-01 00:00:00")});
        TaskFeedback feedback;
        const auto tables = kudos::KudosTableSummaryLoader(*connection).load(feedback);
        QStringList names;
        for (const auto& table : tables)
            names << table.table;
        QVERIFY2(!names.contains(QStringLiteral("tidemark_schema_migrations")), qPrintable(names.join(',')));
        for (const QString& required : kudos::kudosSchema().requiredTables)
            QVERIFY2(names.contains(required), qPrintable(required));
        const auto ledger = std::find_if(tables.begin(), tables.end(), [](const auto& t) {
            return t.table == QLatin1String("kudos_ledger");
        });
        QCOMPARE(ledger->rows, 3);
        QCOMPARE(ledger->oldest.value_or(0), kT0);
        QCOMPARE(ledger->newest.value_or(0), kT0 + 2 * kMicrosPerHour);
        QVERIFY(ledger->bytes > 0);
    }

    void loaderNamesAWrongDatabase() {
        const QString conninfo = test::TestPostgres::createDatabase(QStringLiteral("tidemark_ui_wrong"));
        TaskFeedback feedback;
        try {
            positions::MowerSummaryLoader(conninfo).load(positions::PositionSettings{}, kT0, feedback);
            QFAIL("a database without the positions schema was accepted");
        } catch (const Error& error) {
            QCOMPARE(error.kind(), Error::Kind::Schema);
            QVERIFY2(error.message().contains(QLatin1String("mower_positions")), qPrintable(error.message()));
        }
    }

    void tracksLoaderSumsPerActivity() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gps_tracks.sqlite"));
        createTracksFile(path, {{QStringLiteral("hiking"), 1000, 37.0, 55.0},
                                {QStringLiteral("hiking"), 2000, 38.0, 56.0},
                                {QStringLiteral("cycling"), 5000, 36.5, 55.5}});
        const auto rows = tracks::TracksSummaryLoader(path).load();
        QCOMPARE(rows.size(), size_t(3));
        QCOMPARE(rows[0].tracks, 3);
        QCOMPARE(rows[0].lengthMetres, 8000.0);
        QCOMPARE(rows[0].minLon, 36.5);
        QCOMPARE(rows[0].maxLat, 56.05);
        QCOMPARE(rows[1].activityType, QStringLiteral("hiking")); // most tracks first
        QCOMPARE(rows[1].tracks, 2);
        QCOMPARE(rows[2].maxLon, 36.6);
    }

    void tracksLoaderErrors() {
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("absent.sqlite"));
        try {
            tracks::TracksSummaryLoader(missing).load();
            QFAIL("a missing file was accepted");
        } catch (const Error& error) {
            QCOMPARE(error.kind(), Error::Kind::Connection);
            QVERIFY(error.message().contains(missing));
        }
        QVERIFY(!QFile::exists(missing)); // not created by looking
        const QString empty = dir.filePath(QStringLiteral("empty.sqlite"));
        sqlite3* db = nullptr;
        sqlite3_open(QFile::encodeName(empty).constData(), &db);
        sqlite3_exec(db, "CREATE TABLE other (x)", nullptr, nullptr, nullptr);
        sqlite3_close(db);
        try {
            tracks::TracksSummaryLoader(empty).load();
            QFAIL("a file without the tracks table was accepted");
        } catch (const Error& error) {
            QCOMPARE(error.kind(), Error::Kind::Schema);
        }
    }
};

QTEST_GUILESS_MAIN(TestUiModels)
#include "test_ui_models.moc"
