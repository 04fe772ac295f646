// The tracks forecast (spec/operations.md, "Forecasts"): the pure derivation on hand-made values (the exact
// formula, no growth, an empty store, a store above 2 GiB, a growth too slow for a date); the job on a
// SpatiaLite file and a PostGIS database filled with tracks created at known instants (the 30 days' edges to
// the microsecond, the history per UTC day, the retention's tracks); that it writes nothing (a file's bytes,
// mtime and rows; a database's rows); that a real retention run then deletes exactly what it predicted; the
// CLI's JSON, recomputed from its own figures as an outside check would; the console dataset's task.
#include "clirunner.h"
#include "freshpostgisstore.h"
#include "freshtracksfile.h"
#include "testfiles.h"
#include "thrownkind.h"

#include "postgistracksdatabase.h"
#include "taskmanager.h"
#include "trackimporter.h"
#include "tracksdataset.h"
#include "tracksforecastjob.h"
#include "tracksretainjob.h"
#include "tracksretention.h"
#include "trackssettings.h"
#include "tracksstore.h"

#include "error.h"
#include "pgconnection.h"
#include "taskfeedback.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <map>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {

const Micros kDay = kMicrosPerDay;
const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T12:00:00Z"));
const Micros kCutoff = parseIsoTimestamp(QStringLiteral("2021-11-30T12:00:00Z")); // five calendar years
const qint64 kTwoGiB = 2LL * 1024 * 1024 * 1024;

// The fixture's imports: created_at and how many tracks, in import order (the retention's first).
struct Import {
    Micros at;
    int tracks;
};
const std::vector<Import> kImports{
    {kNow - 6 * 366 * kDay, 10},                           // older than five years
    {kCutoff - 1, 1},                                      // a microsecond older than five years
    {kCutoff, 1},                                          // exactly five years old: kept
    {kNow - 40 * kDay, 10},                                // before the 30 days
    {kNow - 30 * kDay - 1, 1},                             // a microsecond before them
    {kNow - 30 * kDay, 1},                                 // their first instant
    {kNow - 29 * kDay + 2 * kMicrosPerSecond + 500000, 6}, // inside, with a fraction of a second
    {kNow - kMicrosPerHour, 9},                            // inside
    {kNow, 1},                                             // now: not before now
    {kNow + kDay, 3},                                      // after now
};
const qint64 kTracks = 43;
const qint64 kLast30Days = 1 + 6 + 9;
const qint64 kRetained = 11;

ImportedTrack track(int i) {
    ImportedTrack t;
    t.sourceId = QStringLiteral("osm");
    t.externalUrl = QStringLiteral("https://osm.example/%1").arg(i);
    t.name = QStringLiteral("track %1").arg(i);
    t.activityType = QStringLiteral("hike");
    const double lat = 55 + (i % 10) * 0.05, lon = 37 + (i / 10) * 0.05;
    for (int p = 0; p < 30; ++p)
        t.points.push_back({lat + p * 0.0002, lon + p * 0.0003 + (p % 3) * 0.0001, std::nullopt});
    return t;
}

void fill(TracksDatabase& db) {
    int i = 0;
    for (const Import& import : kImports) {
        std::vector<ImportedTrack> batch;
        for (int k = 0; k < import.tracks; ++k)
            batch.push_back(track(i++));
        TrackImporter(db, TrackSourceList::demo(), import.at)
            .importBatch(QStringLiteral("cfo"), QStringLiteral("osm"), batch);
    }
}

std::vector<TracksCreatedDay> expectedHistory() {
    std::map<Micros, qint64> days;
    for (const Import& import : kImports)
        days[floorDiv(import.at, kDay) * kDay] += import.tracks;
    std::vector<TracksCreatedDay> out;
    for (const auto& [day, tracks] : days)
        out.push_back({day, tracks});
    return out;
}

// The ids of the tracks created before `cutoff`, read by the table's query (not the retention's).
std::vector<qint64> idsBefore(TracksDatabase& db, Micros cutoff) {
    TracksQuery all;
    all.box = {-180, -90, 180, 90};
    std::vector<qint64> ids;
    for (const TrackRow& r : TracksStore(db).tracksInBox(all).tracks)
        if (parseIsoTimestamp(r.createdAt) < cutoff)
            ids.push_back(r.id);
    return ids;
}

TracksForecast forecastOf(const TracksLocation& store, Micros now = kNow, int years = 5) {
    TracksSettings settings;
    settings.retentionYears = years;
    TaskFeedback feedback;
    return TracksForecastJob::run({store, settings, now}, feedback);
}

TracksForecastMeasurements measured(qint64 tracks, qint64 bytes, qint64 last30) {
    TracksForecastMeasurements m;
    m.now = kNow;
    m.tracks = tracks;
    m.bytes = bytes;
    m.tracksLast30Days = last30;
    return m;
}

TracksSettings years(int n) {
    TracksSettings s;
    s.retentionYears = n;
    return s;
}

// What a PostGIS store holds, row for row.
QString postgisRows(const QString& conninfo) {
    auto db = PgConnection::open(conninfo);
    QStringList out;
    for (const QString& table :
         {QStringLiteral("tracks"), QStringLiteral("pipeline_runs"), QStringLiteral("track_density")})
        out << db->exec(QStringLiteral("SELECT count(*) || ' ' || coalesce(md5(string_agg(t::text, '|' ORDER "
                                       "BY t::text)), '') FROM %1 t")
                            .arg(table))
                   .text(0, 0);
    return out.join(QLatin1Char('\n'));
}

qint64 sqliteRows(const QString& path, const QString& table) {
    auto db = SpatialiteDatabase::open(path);
    return db->scalar(QStringLiteral("SELECT count(*) FROM %1").arg(table));
}

QJsonObject cliJson(const QStringList& args, int* exitCode = nullptr) {
    const test::CliRun run = test::runCli(args);
    if (exitCode)
        *exitCode = run.exitCode;
    if (run.exitCode != 0)
        qWarning("%s", qPrintable(run.err));
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

} // namespace

class TestTracksForecast : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // A filled file in a folder of its own (for its digests) and a filled PostGIS store.
    QString filledFile(const QString& name) {
        const QString folder = m_dir.filePath(name);
        QDir().mkpath(folder);
        const QString path = folder + QStringLiteral("/gps_tracks.sqlite");
        fill(*test::freshTracksFile(path));
        return path;
    }
    QString filledPostgis(const QString& name) {
        const QString conninfo = test::freshPostgisStore(name);
        fill(*TracksDatabase::open(TracksLocation::postgis(conninfo)));
        return conninfo;
    }
    TracksLocation filled(bool postgis, const QString& name) {
        return postgis ? TracksLocation::postgis(filledPostgis(name))
                       : TracksLocation::file(filledFile(name));
    }

    static void backends() {
        QTest::addColumn<bool>("postgis");
        QTest::newRow("SpatiaLite") << false;
        QTest::newRow("PostGIS") << true;
    }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // 1000 tracks in 100 MiB, 90 of them in the 30 days: 3 a day of 0.1 MiB; 1948 MiB to go at 0.3 MiB a day
    // are 6493 days and 8 hours.
    void theFormulaIsTheSpecs() {
        const TracksForecast f = TracksForecast::derive(measured(1000, 100 * 1048576LL, 90), years(5));
        QCOMPARE(f.tracksPerDay, 3.0);
        QCOMPARE(*f.bytesPerTrack, 104857.6);
        QVERIFY(!f.aboveAlert);
        QVERIFY2(f.reaches2GbOn.has_value(), qPrintable(f.reaches2GbReason));
        QVERIFY(std::llabs(*f.reaches2GbOn - (kNow + 6493 * kDay + 8 * kMicrosPerHour)) <= 1);
        QCOMPARE(f.steadyStateTracks, 3.0 * 365 * 5);
        QCOMPARE(TracksForecast::derive(measured(1000, 100 * 1048576LL, 21), years(5)).steadyStateTracks,
                 1277.5);
        QCOMPARE(TracksForecast::derive(measured(1000, 100 * 1048576LL, 90), years(3)).steadyStateTracks,
                 3.0 * 365 * 3);
        // Exactly at 2 GiB and growing: today.
        QCOMPARE(*TracksForecast::derive(measured(1000, kTwoGiB, 90), years(5)).reaches2GbOn, kNow);
    }

    void withoutGrowthThereIsNoDate() {
        const TracksForecast f = TracksForecast::derive(measured(100, 1000000, 0), years(5));
        QCOMPARE(f.tracksPerDay, 0.0);
        QCOMPARE(*f.bytesPerTrack, 10000.0);
        QVERIFY(!f.reaches2GbOn);
        QVERIFY2(f.reaches2GbReason.contains(QLatin1String("30 days")), qPrintable(f.reaches2GbReason));
        QCOMPARE(f.steadyStateTracks, 0.0);
    }

    void anEmptyStoreHasNoSizeOfATrack() {
        const TracksForecast f = TracksForecast::derive(measured(0, 409600, 0), years(5));
        QVERIFY(!f.bytesPerTrack);
        QVERIFY(!f.bytesPerTrackReason.isEmpty());
        QVERIFY(!f.reaches2GbOn);
        QVERIFY2(f.reaches2GbReason.contains(QLatin1String("no tracks")), qPrintable(f.reaches2GbReason));
        QCOMPARE(f.tracksPerDay, 0.0);
        QCOMPARE(f.steadyStateTracks, 0.0);
        QCOMPARE(f.wouldDeleteBytes, qint64(0));
        QCOMPARE(f.tracksAfterRetention, qint64(0));
    }

    // Above 2 GiB it says so rather than give a date in the past; also with growth, also without tracks.
    void aStoreAbove2GiBSaysSo() {
        for (const qint64 tracks : {qint64(0), qint64(5000)}) {
            const TracksForecast f = TracksForecast::derive(measured(tracks, kTwoGiB + 1, 300), years(5));
            QVERIFY(f.aboveAlert);
            QVERIFY(!f.reaches2GbOn);
            QVERIFY2(f.reaches2GbReason.contains(QLatin1String("above 2 GiB")),
                     qPrintable(f.reaches2GbReason));
        }
        QVERIFY(!TracksForecast::derive(measured(10, kTwoGiB, 0), years(5)).aboveAlert);
    }

    // A byte a track and a track a month: 64 billion days, past what a date can say.
    void aGrowthTooSlowForADateHasNone() {
        const TracksForecast f = TracksForecast::derive(measured(1000000, 1000000, 1), years(5));
        QVERIFY(!f.reaches2GbOn);
        QVERIFY2(f.reaches2GbReason.contains(QLatin1String("9999")), qPrintable(f.reaches2GbReason));
        // 1 GiB to go at 1 GiB a day: a day; the last date that can be written still is one, half a day
        // later it is not.
        TracksForecastMeasurements late = measured(1, kTwoGiB / 2, 30);
        late.now = kLastFormattable - 2 * kDay;
        QCOMPARE(*TracksForecast::derive(late, years(5)).reaches2GbOn, kLastFormattable - kDay);
        late.now = kLastFormattable - kDay / 2;
        QVERIFY(!TracksForecast::derive(late, years(5)).reaches2GbOn);
    }

    void theRetentionsTracksAreSizedAtTheMean() {
        TracksForecastMeasurements m = measured(8, 8000, 0);
        m.wouldDelete = {3, 5, 7};
        const TracksForecast f = TracksForecast::derive(m, years(5));
        QCOMPARE(f.wouldDeleteBytes, qint64(3000));
        QCOMPARE(f.tracksAfterRetention, qint64(5));
    }

    void theJobReadsBothBackendsAlike_data() { backends(); }
    void theJobReadsBothBackendsAlike() {
        QFETCH(bool, postgis);
        const TracksLocation store = filled(postgis, QStringLiteral("tf_job"));
        const TracksForecast f = forecastOf(store);
        const TracksForecastMeasurements& m = f.measured;
        QCOMPARE(m.tracks, kTracks);
        QCOMPARE(m.tracksLast30Days, kLast30Days);
        QCOMPARE(f.tracksPerDay, double(kLast30Days) / 30);
        QCOMPARE(m.history, expectedHistory());
        QCOMPARE(m.retentionCutoff, kCutoff);
        auto db = TracksDatabase::open(store);
        const std::vector<qint64> old = idsBefore(*db, kCutoff);
        QCOMPARE(qint64(old.size()), kRetained);
        QCOMPARE(m.wouldDelete, old);
        QCOMPARE(f.tracksAfterRetention, kTracks - kRetained);
        QVERIFY(m.bytes > 0);
        QCOMPARE(*f.bytesPerTrack, double(m.bytes) / double(kTracks));
        QVERIFY(f.reaches2GbOn && *f.reaches2GbOn > kNow);
        QCOMPARE(f.steadyStateTracks, double(kLast30Days) * 365 * 5 / 30);
        QCOMPARE(f.storeName, db->describe());
        if (postgis)
            QCOMPARE(m.bytes, static_cast<PostgisTracksDatabase&>(*db)
                                  .connection()
                                  .exec(QStringLiteral("SELECT pg_total_relation_size('tracks') + "
                                                       "pg_total_relation_size('pipeline_runs')"))
                                  .toLong(0, 0));
        // Other clocks move the window: its first instant at the tracks created at a fraction of a second
        // takes them, a microsecond later leaves them out; a day earlier it holds its edges' tracks.
        const Micros fraction = kNow - 29 * kDay + 2 * kMicrosPerSecond + 500000;
        QCOMPARE(forecastOf(store, fraction + 30 * kDay).measured.tracksLast30Days, qint64(6 + 9 + 1 + 3));
        QCOMPARE(forecastOf(store, fraction + 30 * kDay + 1).measured.tracksLast30Days, qint64(9 + 1 + 3));
        QCOMPARE(forecastOf(store, kNow - kDay).measured.tracksLast30Days, qint64(1 + 1 + 6));
    }

    // Neither a file's bytes, its mtime nor its rows change; its folder gains no file.
    void theFileIsLeftAsItWas() {
        const QString path = filledFile(QStringLiteral("tf_ro_file"));
        const QString folder = QFileInfo(path).absolutePath();
        const QMap<QString, QByteArray> digests = test::folderDigests(folder);
        QCOMPARE(digests.keys(), QStringList{QStringLiteral("gps_tracks.sqlite")}); // no -wal, no -shm
        const QDateTime mtime = QFileInfo(path).lastModified();
        const qint64 rows = sqliteRows(path, QStringLiteral("tracks")),
                     runs = sqliteRows(path, QStringLiteral("pipeline_runs"));
        QTest::qWait(20); // a write would show in a later mtime
        const TracksForecast f = forecastOf(TracksLocation::file(path));
        QCOMPARE(f.measured.tracks, kTracks);
        QCOMPARE(f.measured.bytes, QFileInfo(path).size()); // its WAL was empty
        QCOMPARE(test::folderDigests(folder), digests);
        QCOMPARE(QFileInfo(path).lastModified(), mtime);
        QCOMPARE(sqliteRows(path, QStringLiteral("tracks")), rows);
        QCOMPARE(sqliteRows(path, QStringLiteral("pipeline_runs")), runs);
    }

    void thePostgisStoreIsLeftAsItWas() {
        const QString conninfo = filledPostgis(QStringLiteral("tf_ro_pg"));
        const QString before = postgisRows(conninfo);
        QVERIFY(before.startsWith(QStringLiteral("%1 ").arg(kTracks)));
        forecastOf(TracksLocation::postgis(conninfo));
        QCOMPARE(postgisRows(conninfo), before);
    }

    // The read the job runs in refuses any write, on both (a store opened for writing), and ends cleanly.
    void theReadRefusesWrites_data() { backends(); }
    void theReadRefusesWrites() {
        QFETCH(bool, postgis);
        const TracksLocation store = filled(postgis, QStringLiteral("tf_ro_tx"));
        auto db = TracksDatabase::open(store, TracksDatabase::Access::ReadWrite);
        db->beginRead();
        QVERIFY(
            test::thrownKind([&] { db->startPipelineRun(QStringLiteral("r"), QStringLiteral("s"), kNow); }));
        db->endRead();
        const qint64 runs = db->pipelineRunCount();
        db->startPipelineRun(QStringLiteral("r"), QStringLiteral("s"), kNow); // writable again after it
        QCOMPARE(db->pipelineRunCount(), runs + 1);
    }

    // Forecast, then a real retention run at the same clock: it deletes exactly the predicted tracks and
    // leaves the predicted count; the next forecast predicts nothing more.
    void aRetentionRunDeletesWhatTheForecastSaid_data() { backends(); }
    void aRetentionRunDeletesWhatTheForecastSaid() {
        QFETCH(bool, postgis);
        const TracksLocation store = filled(postgis, QStringLiteral("tf_agree"));
        const TracksForecast before = forecastOf(store);
        QCOMPARE(qint64(before.measured.wouldDelete.size()), kRetained);
        TracksRetainRequest request;
        request.store = store;
        request.retentionYears = 5;
        request.now = kNow;
        request.machineNow = nowMicros();
        request.batchSize = 4;
        TaskFeedback feedback;
        const TracksRetainReport run = TracksRetainJob::run(request, feedback);
        QCOMPARE(run.run.deleted, before.measured.wouldDelete);
        const TracksForecast after = forecastOf(store);
        QCOMPARE(after.measured.tracks, before.tracksAfterRetention);
        QCOMPARE(TracksStore(*TracksDatabase::open(store)).count(), before.tracksAfterRetention);
        QVERIFY(after.measured.wouldDelete.empty());
        QCOMPARE(after.measured.tracksLast30Days, before.measured.tracksLast30Days);
        qInfo("%s: predicted %lld bytes in the %d deleted tracks; the run freed %lld (store %lld -> %lld)",
              postgis ? "PostGIS" : "SpatiaLite", static_cast<long long>(before.wouldDeleteBytes),
              int(run.run.deleted.size()), static_cast<long long>(run.run.freedBytes()),
              static_cast<long long>(run.run.fileBytesBefore),
              static_cast<long long>(run.run.fileBytesAfter));
    }

    // The CLI's JSON has the spec's names and types, and its figures recompute from each other as an outside
    // check would; then tracks retain deletes the ids it listed. The text form is readable.
    void theCliPrintsTheSpecsJson_data() { backends(); }
    void theCliPrintsTheSpecsJson() {
        QFETCH(bool, postgis);
        const TracksLocation store = filled(postgis, QStringLiteral("tf_cli"));
        const QStringList where{postgis ? QStringLiteral("--db") : QStringLiteral("--sqlite"), store.text()};
        const QStringList now{QStringLiteral("--now"), formatIsoTimestamp(kNow)};
        int exit = -1;
        const QJsonObject o = cliJson(
            QStringList{QStringLiteral("forecast"), QStringLiteral("tracks"), QStringLiteral("--json")} +
                where + now,
            &exit);
        QCOMPARE(exit, 0);
        QVERIFY(o.value(postgis ? QStringLiteral("db") : QStringLiteral("sqlite")).isString());
        QCOMPARE(o.value(QStringLiteral("now")).toString(), QStringLiteral("2026-11-30T12:00:00Z"));
        QCOMPARE(o.value(QStringLiteral("tracks")).toInteger(), kTracks);
        QCOMPARE(o.value(QStringLiteral("tracks_last_30_days")).toInteger(), kLast30Days);
        const qint64 bytes = o.value(QStringLiteral("bytes")).toInteger();
        QVERIFY(bytes > 0);
        if (!postgis)
            QCOMPARE(bytes, QFileInfo(store.sqlitePath).size());
        const double perDay = o.value(QStringLiteral("tracks_per_day")).toDouble();
        const double perTrack = o.value(QStringLiteral("bytes_per_track")).toDouble();
        QCOMPARE(perDay, double(kLast30Days) / 30);
        QCOMPARE(perTrack, double(bytes) / double(kTracks));
        QCOMPARE(o.value(QStringLiteral("above_2gb")).toBool(true), false);
        const Micros reaches = parseIsoTimestamp(o.value(QStringLiteral("reaches_2gb_on")).toString());
        const double days = double(kTwoGiB - bytes) / (perDay * perTrack);
        QVERIFY2(std::fabs(double(reaches - kNow) - days * double(kDay)) <= 1,
                 qPrintable(o.value(QStringLiteral("reaches_2gb_on")).toString()));
        QCOMPARE(o.value(QStringLiteral("steady_state_tracks")).toDouble(),
                 double(kLast30Days) * 365 * 5 / 30);
        QCOMPARE(o.value(QStringLiteral("retention_years")).toInt(), 5);
        QVERIFY(!o.contains(QStringLiteral("reaches_2gb_on_reason")));
        const QJsonArray history = o.value(QStringLiteral("history")).toArray();
        const std::vector<TracksCreatedDay> expected = expectedHistory();
        QCOMPARE(history.size(), qsizetype(expected.size()));
        qint64 sum = 0;
        for (qsizetype i = 0; i < history.size(); ++i) {
            const QJsonObject d = history[i].toObject();
            QCOMPARE(d.value(QStringLiteral("day")).toString(),
                     formatIsoTimestamp(expected[size_t(i)].day).left(10));
            QCOMPARE(d.value(QStringLiteral("tracks")).toInteger(), expected[size_t(i)].tracks);
            sum += d.value(QStringLiteral("tracks")).toInteger();
        }
        QCOMPARE(sum, kTracks);
        const QJsonObject retention = o.value(QStringLiteral("retention")).toObject();
        QCOMPARE(retention.value(QStringLiteral("cutoff")).toString(), formatIsoTimestamp(kCutoff));
        const QJsonArray wouldDelete = retention.value(QStringLiteral("would_delete")).toArray();
        QCOMPARE(qint64(wouldDelete.size()), kRetained);
        QCOMPARE(retention.value(QStringLiteral("would_delete_tracks")).toInteger(), kRetained);
        QCOMPARE(retention.value(QStringLiteral("would_delete_bytes")).toInteger(),
                 qint64(std::llround(double(kRetained) * perTrack)));
        QCOMPARE(retention.value(QStringLiteral("tracks_after")).toInteger(), kTracks - kRetained);

        const test::CliRun text =
            test::runCli(QStringList{QStringLiteral("forecast"), QStringLiteral("tracks")} + where + now);
        QCOMPARE(text.exitCode, 0);
        for (const QString& part : {QStringLiteral("tracks: 43, size: "), QStringLiteral("iB a track)"),
                                    QStringLiteral("(0.53 a day)"),
                                    QStringLiteral("reaches 2.00 GiB on ") +
                                        o.value(QStringLiteral("reaches_2gb_on")).toString().left(10),
                                    QStringLiteral("would delete 11 track(s)"), QStringLiteral("32 left")})
            QVERIFY2(text.out.contains(part), qPrintable(part + QStringLiteral(" in:\n") + text.out));

        const QJsonObject retained = cliJson(
            QStringList{QStringLiteral("tracks"), QStringLiteral("retain"), QStringLiteral("--json")} +
                where + now,
            &exit);
        QCOMPARE(exit, 0);
        QCOMPARE(retained.value(QStringLiteral("deleted")).toArray(), wouldDelete);
        QCOMPARE(TracksStore(*TracksDatabase::open(store)).count(), kTracks - kRetained);
    }

    // An empty store: nulls with their reasons, no division by zero.
    void theCliSaysWhyAFigureIsMissing_data() { backends(); }
    void theCliSaysWhyAFigureIsMissing() {
        QFETCH(bool, postgis);
        QString where;
        if (postgis) {
            where = test::freshPostgisStore(QStringLiteral("tf_empty"));
        } else {
            where = m_dir.filePath(QStringLiteral("empty.sqlite"));
            test::freshTracksFile(where);
        }
        int exit = -1;
        const QJsonObject o =
            cliJson({QStringLiteral("forecast"), QStringLiteral("tracks"), QStringLiteral("--json"),
                     postgis ? QStringLiteral("--db") : QStringLiteral("--sqlite"), where},
                    &exit);
        QCOMPARE(exit, 0);
        QCOMPARE(o.value(QStringLiteral("tracks")).toInteger(-1), qint64(0));
        QCOMPARE(o.value(QStringLiteral("tracks_per_day")).toDouble(-1), 0.0);
        QVERIFY(o.value(QStringLiteral("bytes_per_track")).isNull());
        QVERIFY(!o.value(QStringLiteral("bytes_per_track_reason")).toString().isEmpty());
        QVERIFY(o.value(QStringLiteral("reaches_2gb_on")).isNull());
        QVERIFY(
            o.value(QStringLiteral("reaches_2gb_on_reason")).toString().contains(QLatin1String("no tracks")));
        QCOMPARE(o.value(QStringLiteral("steady_state_tracks")).toDouble(-1), 0.0);
        QCOMPARE(o.value(QStringLiteral("history")).toArray().size(), 0);
    }

    // The console's dataset runs the job as a task and hands over its report.
    void theDatasetForecastsAsATask() {
        const QString path = filledFile(QStringLiteral("tf_dataset"));
        TaskManager tasks;
        TracksDataset dataset(&tasks);
        dataset.setClock([] { return kNow; });
        dataset.setSettings(years(5));
        dataset.setPath(path);
        QSignalSpy ready(&dataset, &TracksDataset::forecastReady);
        dataset.loadForecast();
        QVERIFY(ready.wait(60000));
        const TracksForecast f = ready.first().first().value<TracksForecast>();
        const TracksForecast direct = forecastOf(TracksLocation::file(path));
        QCOMPARE(f.measured.tracks, kTracks);
        QCOMPARE(f.measured.history, direct.measured.history);
        QCOMPARE(f.measured.wouldDelete, direct.measured.wouldDelete);
        QCOMPARE(f.reaches2GbOn, direct.reaches2GbOn);
        QCOMPARE(dataset.forecast().measured.tracksLast30Days, kLast30Days);
        tasks.waitForDone();
    }
};

QTEST_GUILESS_MAIN(TestTracksForecast)
#include "test_tracksforecast.moc"
