#include "clirunner.h"
#include "error.h"
#include "inmemorypositionstore.h"
#include "pgconnection.h"
#include "positionsettings.h"
#include "positionsschema.h"
#include "roundhistory.h"
#include "schemamigrator.h"
#include "settingsreader.h"
#include "testpostgres.h"
#include "thinningtestdata.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;

// tidemark-cli positions thin-file | round | status, run as the built executable.
class TestPositionsCli : public QObject {
    Q_OBJECT

    using Run = test::CliRun;
    static Run cli(const QStringList& args, const QHash<QString, QString>& env = {}) {
        return test::runCli(args, env);
    }
    QString write(const QTemporaryDir& dir, const QString& name, const QString& text) {
        const QString path = dir.filePath(name);
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(text.toUtf8());
        return path;
    }

  private slots:
    // A hand-made track: 1 Hz standing for 3 minutes (one 300 s bin), an error instant, a recent row, and a
    // second mower interleaved in the file; the output keeps input order and names the reasons.
    void thinFileOnHandMadeCsv() {
        QTemporaryDir dir;
        const QString a = QStringLiteral("11111111-1111-4111-8111-111111111111");
        const QString b = QStringLiteral("22222222-2222-4222-8222-222222222222");
        QString rows = QStringLiteral("mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi,mnet_rssi\n");
        for (int s = 0; s < 180; s += 10) {
            rows += QStringLiteral("%1,2026-01-01T00:%2:%3Z,52.5,13.4,false,2,-60,\n")
                        .arg(a)
                        .arg(s / 60, 2, 10, QLatin1Char('0'))
                        .arg(s % 60, 2, 10, QLatin1Char('0'));
            if (s == 50)
                rows += QStringLiteral("%1,2026-01-01T00:00:30.5Z,40.0,-74.0,true,,,\n").arg(b);
        }
        rows += QStringLiteral("%1,2026-03-30T00:00:00Z,52.5,13.4,false,2,-60,-80\n")
                    .arg(a); // at the cutoff: recent
        const QString errors =
            QStringLiteral(
                "mower_id,observed_at,error_code\n%1,2026-01-01T00:01:00Z,42\n%1,2026-01-01T00:01:10Z,\n")
                .arg(a);
        const Run run = cli({QStringLiteral("positions"), QStringLiteral("thin-file"),
                             QStringLiteral("--input"), write(dir, QStringLiteral("rows.csv"), rows),
                             QStringLiteral("--errors"), write(dir, QStringLiteral("errors.csv"), errors),
                             QStringLiteral("--now"), QStringLiteral("2026-06-28T00:04:59Z")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        // cutoff = floor_5min(now − 90 days) = 2026-03-30T00:00:00Z.
        const QStringList expected = {
            QStringLiteral("mower_id,observed_at,reasons"),
            a + QStringLiteral(",2026-01-01T00:00:00Z,bin|gap"),
            b + QStringLiteral(",2026-01-01T00:00:30.5Z,bin|gap"),
            a + QStringLiteral(",2026-01-01T00:01:00Z,error"),
            a + QStringLiteral(",2026-01-01T00:02:50Z,gap"),
            a + QStringLiteral(",2026-03-30T00:00:00Z,recent"),
        };
        QCOMPARE(run.out.trimmed().split(QLatin1Char('\n')), expected);
    }

    void thinFileMatchesStoreOnRandomTracks() {
        QTemporaryDir dir;
        test::RandomTracks random(21);
        std::vector<MowerTrack> tracks;
        QString rows = QStringLiteral("mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi,mnet_rssi\n");
        QString errors = QStringLiteral("mower_id,observed_at,error_code\n");
        for (int k = 0; k < 5; ++k) {
            tracks.push_back(random.next(3000));
            const QString id = tracks.back().mowerId.toString(QUuid::WithoutBraces);
            for (const PositionRow& r : tracks.back().rows)
                rows += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8\n")
                            .arg(id, formatIsoTimestamp(r.observedAt), QString::number(r.lat, 'g', 17),
                                 QString::number(r.lon, 'g', 17),
                                 r.bladesOn ? QStringLiteral("true") : QStringLiteral("false"),
                                 r.hasRtkFix() ? QString::number(r.rtkFix) : QString(),
                                 r.hasWifi() ? QString::number(r.wifiRssi) : QString(),
                                 r.hasMnet() ? QString::number(r.mnetRssi) : QString());
            for (Micros e : tracks.back().errorInstants)
                errors += QStringLiteral("%1,%2,7\n").arg(id, formatIsoTimestamp(e));
        }
        PositionSettings settings;
        const Micros now = test::kRandomTracksBase + 30 * kMicrosPerHour + settings.detailWindow();
        const Run run = cli({QStringLiteral("positions"), QStringLiteral("thin-file"),
                             QStringLiteral("--input"), write(dir, QStringLiteral("r.csv"), rows),
                             QStringLiteral("--errors"), write(dir, QStringLiteral("e.csv"), errors),
                             QStringLiteral("--now"), formatIsoTimestamp(now)});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        InMemoryPositionStore store(tracks);
        store.thinUntil(settings.thinningCutoff(now), settings);
        QStringList expected = {QStringLiteral("mower_id,observed_at,reasons")};
        for (std::size_t k = 0; k < tracks.size(); ++k)
            for (std::size_t i = 0; i < store.tracks()[k].rows.size(); ++i)
                expected << QStringLiteral("%1,%2,%3")
                                .arg(tracks[k].mowerId.toString(QUuid::WithoutBraces),
                                     formatIsoTimestamp(store.tracks()[k].rows[i].observedAt),
                                     store.reasons(k)[i] ? keepReasonsText(store.reasons(k)[i])
                                                         : QStringLiteral("recent"));
        QCOMPARE(run.out.trimmed().split(QLatin1Char('\n')), expected);
    }

    void badSettingExitsTwoNamingIt() {
        QTemporaryDir dir;
        const QString input =
            write(dir, QStringLiteral("rows.csv"),
                  QStringLiteral("mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi,mnet_rssi\n"));
        const Run run =
            cli({QStringLiteral("positions"), QStringLiteral("thin-file"), QStringLiteral("--input"), input},
                {{QStringLiteral("MOWDECK_TELEMETRY_POSITIONS_THIN_ACTIVE_SECONDS"), QStringLiteral("7")}});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QStringLiteral("MOWDECK_TELEMETRY_POSITIONS_THIN_ACTIVE_SECONDS")),
                 qPrintable(run.err));
        const Run header =
            cli({QStringLiteral("positions"), QStringLiteral("thin-file"), QStringLiteral("--input"),
                 write(dir, QStringLiteral("bad.csv"), QStringLiteral("a,b\n"))});
        QCOMPARE(header.exitCode, 2);
    }

    // A setting stored in an int: 2^32 used to wrap to 0 after the range check.
    void intSettingOutsideIntRangeIsRefused() {
        QTemporaryDir dir;
        const QString input =
            write(dir, QStringLiteral("rows.csv"),
                  QStringLiteral("mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi,mnet_rssi\n"));
        const QString name = QStringLiteral("MOWDECK_TELEMETRY_THINNING_BUDGET_SECONDS");
        const Run run =
            cli({QStringLiteral("positions"), QStringLiteral("thin-file"), QStringLiteral("--input"), input,
                 QStringLiteral("--now"), QStringLiteral("2026-01-01T00:00:00Z")},
                {{name, QStringLiteral("4294967296")}});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(name), qPrintable(run.err));
        try {
            PositionSettings::read(SettingsReader({{name, QStringLiteral("4294967296")}}));
            QFAIL("2^32 seconds of budget were accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Settings);
            QVERIFY2(e.message().startsWith(name), qPrintable(e.message()));
        }
        for (const char* setting :
             {"POSITIONS_DETAIL_DAYS", "RETENTION_POSITIONS_DAYS", "POSITIONS_THIN_ACTIVE_SECONDS",
              "HEATMAP_JOIN_SECONDS", "RETENTION_INTERVAL_SECONDS", "THINNING_WINDOW_START_HOUR"}) {
            const QString other = QStringLiteral("MOWDECK_TELEMETRY_") + QLatin1String(setting);
            QVERIFY_THROWS_EXCEPTION(
                Error, PositionSettings::read(SettingsReader({{other, QStringLiteral("-4294967296")}})));
        }
        QCOMPARE(PositionSettings::read(SettingsReader({{name, QStringLiteral("2147483647")}})).budgetSeconds,
                 2147483647);
    }

    // --now that names a day, hour or offset that does not exist is refused with the value and the form.
    void impossibleNowIsRefused() {
        for (const char* bad :
             {"2026-02-31T00:00:00Z", "2026-01-01T24:59:00Z", "2026-01-01T10:00:00+99:99"}) {
            const Run run =
                cli({QStringLiteral("positions"), QStringLiteral("status"), QStringLiteral("--db"),
                     QStringLiteral("host=/nonexistent"), QStringLiteral("--now"), QString::fromLatin1(bad)});
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(
                run.err.contains(QStringLiteral("--now: \"%1\" is not a timestamp").arg(QLatin1String(bad))),
                qPrintable(run.err));
            QVERIFY2(run.err.contains(QStringLiteral("expected YYYY-MM-DDTHH:MM")), qPrintable(run.err));
        }
    }

    void subcommandHelpNamesTheCommand() {
        const Run help =
            cli({QStringLiteral("positions"), QStringLiteral("round"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.startsWith(QStringLiteral("Usage: tidemark-cli positions round [options]")),
                 qPrintable(help.out));
    }

    void roundAndStatusOnDatabase() {
        const QString info = test::TestPostgres::createDatabase(QStringLiteral("cli_round"));
        {
            auto db = PgConnection::open(info);
            SchemaMigrator(*db, positions::positionsSchema()).migrate();
            test::RandomTracks random(22);
            test::insertTracks(*db, {random.next(2000), random.next(2000), random.next(2000)});
        }
        PositionSettings settings;
        const QString now =
            formatIsoTimestamp(test::kRandomTracksBase + 3 * kMicrosPerDay + settings.detailWindow());
        const Run status = cli({QStringLiteral("positions"), QStringLiteral("status"), QStringLiteral("--db"),
                                info, QStringLiteral("--now"), now});
        QVERIFY2(status.exitCode == 0, qPrintable(status.err));
        QCOMPARE(status.out.trimmed().split(QLatin1Char('\n')).size(), 2 + 3);
        const Run dry = cli({QStringLiteral("positions"), QStringLiteral("round"), QStringLiteral("--db"),
                             info, QStringLiteral("--now"), now, QStringLiteral("--dry-run")});
        QVERIFY2(dry.exitCode == 0, qPrintable(dry.err));
        QVERIFY2(dry.out.contains(QStringLiteral("would_delete=")), qPrintable(dry.out));
        QTemporaryDir dir;
        const QString metrics = dir.filePath(QStringLiteral("m.prom"));
        const Run round =
            cli({QStringLiteral("positions"), QStringLiteral("round"), QStringLiteral("--db"), info,
                 QStringLiteral("--now"), now, QStringLiteral("--ignore-window"), QStringLiteral("--budget"),
                 QStringLiteral("600"), QStringLiteral("--metrics-file"), metrics});
        QVERIFY2(round.exitCode == 0, qPrintable(round.err));
        QVERIFY2(round.out.contains(QStringLiteral("complete=true")), qPrintable(round.out));
        QVERIFY(QFile::exists(metrics));
        const Run after = cli({QStringLiteral("positions"), QStringLiteral("status"), QStringLiteral("--db"),
                               info, QStringLiteral("--now"), now, QStringLiteral("--json")});
        QVERIFY(after.exitCode == 0);
        QVERIFY2(after.out.contains(QStringLiteral("\"slices_pending\":0")), qPrintable(after.out));
        QVERIFY(!after.out.contains(QStringLiteral("\"slices_pending\":1")));
        const Run badBudget =
            cli({QStringLiteral("positions"), QStringLiteral("round"), QStringLiteral("--db"), info,
                 QStringLiteral("--budget"), QStringLiteral("-1")});
        QCOMPARE(badBudget.exitCode, 2);
    }

    // status marks its row counts as estimates (exact on a table its sample covers whole) and counts one
    // mower exactly with --exact; round --jobs 2 leaves the same table as --jobs 1.
    void statusExactAndParallelRound() {
        PositionSettings settings;
        const QString now =
            formatIsoTimestamp(test::kRandomTracksBase + 3 * kMicrosPerDay + settings.detailWindow());
        test::RandomTracks random(25);
        const std::vector<MowerTrack> tracks = {random.next(2000), random.next(2000), random.next(2000)};
        QStringList infos;
        for (const QString& name : {QStringLiteral("cli_jobs_one"), QStringLiteral("cli_jobs_two")}) {
            infos << test::TestPostgres::createDatabase(name);
            auto db = PgConnection::open(infos.back());
            SchemaMigrator(*db, positions::positionsSchema()).migrate();
            test::insertTracks(*db, tracks);
        }
        const QString id = tracks[1].mowerId.toString(QUuid::WithoutBraces);
        const Run status = cli({QStringLiteral("positions"), QStringLiteral("status"), QStringLiteral("--db"),
                                infos[0], QStringLiteral("--now"), now, QStringLiteral("--exact"), id});
        QVERIFY2(status.exitCode == 0, qPrintable(status.err));
        QVERIFY2(status.out.contains(QStringLiteral("mower_id,rows,rows_estimated,oldest,newest,watermark")),
                 qPrintable(status.out));
        QVERIFY2(status.out.contains(QStringLiteral("%1,%2,false,").arg(id).arg(tracks[1].rows.size())),
                 qPrintable(status.out));
        const Run notAnId =
            cli({QStringLiteral("positions"), QStringLiteral("status"), QStringLiteral("--db"), infos[0],
                 QStringLiteral("--exact"), QStringLiteral("mower-7")});
        QCOMPARE(notAnId.exitCode, 2);
        QVERIFY2(notAnId.err.contains(QStringLiteral("--exact: \"mower-7\"")), qPrintable(notAnId.err));
        const Run badJobs = cli({QStringLiteral("positions"), QStringLiteral("round"), QStringLiteral("--db"),
                                 infos[0], QStringLiteral("--jobs"), QStringLiteral("0")});
        QCOMPARE(badJobs.exitCode, 2);
        QVERIFY2(badJobs.err.contains(QStringLiteral("--jobs")), qPrintable(badJobs.err));
        for (int k = 0; k < 2; ++k) {
            const Run round =
                cli({QStringLiteral("positions"), QStringLiteral("round"), QStringLiteral("--db"), infos[k],
                     QStringLiteral("--now"), now, QStringLiteral("--ignore-window"),
                     QStringLiteral("--jobs"), QString::number(k + 1)});
            QVERIFY2(round.exitCode == 0, qPrintable(round.err));
            QVERIFY2(round.out.contains(QStringLiteral("complete=true")), qPrintable(round.out));
            QCOMPARE(round.out.contains(QStringLiteral(" jobs=2")), k == 1);
            // The round history records the workers.
            auto db = PgConnection::open(infos[k]);
            const std::vector<RoundHistoryEntry> history = RoundHistory(*db).latest(1);
            QCOMPARE(history.size(), std::size_t(1));
            QCOMPARE(history[0].jobs, k + 1);
        }
        for (const MowerTrack& t : tracks) {
            auto one = PgConnection::open(infos[0]);
            auto two = PgConnection::open(infos[1]);
            const auto a = test::tableRows(*one, t.mowerId);
            const auto b = test::tableRows(*two, t.mowerId);
            QCOMPARE(a.size(), b.size());
            QVERIFY(a.size() < t.rows.size());
            for (std::size_t i = 0; i < a.size(); ++i)
                QCOMPARE(a[i].observedAt, b[i].observedAt);
        }
    }

    // The exit codes of a round that was refused (3: clock ahead), skipped a mower (1: a bad row), or was
    // stopped by a lock (75); the override and the problems are on stderr and in the round history.
    void roundExitCodesAndHistory() {
        const QString info = test::TestPostgres::createDatabase(QStringLiteral("cli_faults"));
        auto db = PgConnection::open(info);
        SchemaMigrator(*db, positions::positionsSchema()).migrate();
        test::RandomTracks random(24);
        const std::vector<MowerTrack> tracks = {random.next(2000), random.next(2000)};
        test::insertTracks(*db, tracks);
        const Micros server =
            db->exec(QStringLiteral("SELECT (extract(epoch FROM now()) * 1000000)::bigint")).toLong(0, 0);
        const QStringList round = {QStringLiteral("positions"), QStringLiteral("round"),
                                   QStringLiteral("--db"), info, QStringLiteral("--ignore-window")};
        const QString ahead = formatIsoTimestamp(server + 10 * kMicrosPerMinute);
        const Run refused = cli(round + QStringList{QStringLiteral("--now"), ahead});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains(ahead) && refused.err.contains(QStringLiteral("server's now()")),
                 qPrintable(refused.err));
        QCOMPARE(
            db->exec(QStringLiteral("SELECT to_regclass('tidemark_round_history') IS NULL")).toBool(0, 0),
            true);

        const QString past = formatIsoTimestamp(test::kRandomTracksBase + 3 * kMicrosPerDay +
                                                PositionSettings{}.detailWindow());
        db->exec(
            QStringLiteral("UPDATE mower_positions SET lat = 'NaN' WHERE mower_id = $1 AND observed_at = $2"),
            {tracks[0].mowerId.toString(QUuid::WithoutBraces),
             formatIsoTimestamp(tracks[0].rows[10].observedAt)});
        const Run skipped = cli(round + QStringList{QStringLiteral("--now"), past});
        QCOMPARE(skipped.exitCode, 1);
        QVERIFY2(skipped.err.contains(QStringLiteral("1 mower(s) skipped")) &&
                     skipped.err.contains(formatIsoTimestamp(tracks[0].rows[10].observedAt)),
                 qPrintable(skipped.err));
        QVERIFY2(skipped.out.contains(QStringLiteral("failed_mowers=1")), qPrintable(skipped.out));

        const Run forced =
            cli(round + QStringList{QStringLiteral("--now"), ahead, QStringLiteral("--allow-clock-ahead")});
        QCOMPARE(forced.exitCode, 1); // the NaN mower is still skipped
        QVERIFY2(forced.err.contains(QStringLiteral("WARNING: clock check overridden")),
                 qPrintable(forced.err));
        db->exec(QStringLiteral("DELETE FROM mower_positions WHERE lat = 'NaN'"));

        // A row past the retention limit: the age delete's batch waits for the table lock.
        db->exec(QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                                " VALUES ($1, '2020-01-01T00:00:00Z', 1, 2, true)"),
                 {tracks[1].mowerId.toString(QUuid::WithoutBraces)});
        auto holder = PgConnection::open(info);
        holder->exec(QStringLiteral("BEGIN"));
        holder->exec(QStringLiteral("LOCK TABLE mower_positions IN SHARE MODE"));
        const Run locked =
            cli(round + QStringList{QStringLiteral("--now"), ahead, QStringLiteral("--allow-clock-ahead")},
                {{QStringLiteral("TIDEMARK_POSITIONS_LOCK_TIMEOUT_SECONDS"), QStringLiteral("1")}});
        holder->exec(QStringLiteral("ROLLBACK"));
        QCOMPARE(locked.exitCode, 75);
        QVERIFY2(locked.err.contains(QStringLiteral("lock timeout")), qPrintable(locked.err));

        const PgResult history = db->exec(QStringLiteral(
            "SELECT clock_override, failed_mowers, interrupted, problems FROM tidemark_round_history "
            "ORDER BY id"));
        QCOMPARE(history.rows(), 3);
        QVERIFY(!history.toBool(0, 0));
        QCOMPARE(history.toLong(0, 1), 1LL);
        QVERIFY(history.text(0, 3).contains(QStringLiteral("lat NaN")));
        QVERIFY(history.toBool(1, 0));
        QVERIFY(history.toBool(2, 0));
        QVERIFY2(history.text(2, 2).startsWith(QStringLiteral("lock timeout")),
                 qPrintable(history.text(2, 2)));
    }

    // The progress line of a round: drawn in place on a terminal (a real pty through script(1)), nothing
    // extra when piped or with --json.
    void progressLineOnlyOnATerminal() {
        const QString info = test::TestPostgres::createDatabase(QStringLiteral("cli_progress"));
        {
            auto db = PgConnection::open(info);
            SchemaMigrator(*db, positions::positionsSchema()).migrate();
            test::RandomTracks random(23);
            test::insertTracks(*db, {random.next(2000), random.next(2000)});
        }
        const QString now = formatIsoTimestamp(test::kRandomTracksBase + 3 * kMicrosPerDay +
                                               PositionSettings{}.detailWindow());
        const QStringList args = {QStringLiteral("positions"), QStringLiteral("round"),
                                  QStringLiteral("--db"),      info,
                                  QStringLiteral("--now"),     now,
                                  QStringLiteral("--dry-run")};
        const Run piped = cli(args);
        QVERIFY2(piped.exitCode == 0, qPrintable(piped.err));
        QVERIFY2(piped.err.isEmpty(), qPrintable(piped.err));
        QVERIFY(!piped.out.contains(QLatin1Char('\r')));

        const auto onTerminal = [&](const QStringList& extra) {
            QStringList quoted;
            for (const QString& a : args + extra)
                quoted << QLatin1Char('\'') + a + QLatin1Char('\'');
            QProcess p;
            p.start(QStringLiteral("script"), {QStringLiteral("-qfec"),
                                               QStringLiteral(TIDEMARK_BINARY_DIR "/app/cli/tidemark-cli ") +
                                                   quoted.join(QLatin1Char(' ')),
                                               QStringLiteral("/dev/null")});
            p.waitForFinished(120000);
            return QString::fromUtf8(p.readAllStandardOutput());
        };
        const QString shown = onTerminal({});
        QVERIFY2(shown.contains(QStringLiteral("\r\x1b[K")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("%] mower ")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("would_delete=")), qPrintable(shown));
        const QString json = onTerminal({QStringLiteral("--json")});
        QVERIFY2(!json.contains(QStringLiteral("\x1b[K")), qPrintable(json));
        QVERIFY2(json.contains(QStringLiteral("\"dry_run\"")), qPrintable(json));
    }
};

QTEST_GUILESS_MAIN(TestPositionsCli)
#include "test_positionscli.moc"
