#include "clirunner.h"
#include "error.h"
#include "metricsfilecheck.h"
#include "pgconnection.h"
#include "positionsettings.h"
#include "positionsschema.h"
#include "roundreport.h"
#include "schemamigrator.h"
#include "testpostgres.h"
#include "thinningmetrics.h"
#include "thinningtestdata.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;

// The round metrics survive the timer: every run adds its figures to the previous run's textfile.
class TestRoundMetrics : public QObject {
    Q_OBJECT

    static void checkWithPromtool(const QString& path) {
        const QString problems = test::promtoolProblems(path);
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
    }

  private slots:

    // Random rounds recorded by several processes in turn (one ThinningMetrics each, as the timer starts
    // them): the file's counters and buckets equal the sums computed here from the reports.
    void accumulatesAcrossProcesses() {
        QRandomGenerator rng(53);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tidemark_positions_round.prom"));
        long long age = 0, scanned = 0, deleted = 0, failed = 0, interrupted = 0, runs = 0, thinRuns = 0;
        std::array<long long, MetricsTextfile::kSecondsBuckets.size()> thinBuckets{};
        double thinSum = 0;
        for (int process = 0; process < 12; ++process) {
            ThinningMetrics metrics;
            const int rounds = 1 + int(rng.bounded(3));
            for (int r = 0; r < rounds; ++r) {
                RoundReport report;
                report.ageDeleted = rng.bounded(1000);
                report.slices = rng.bounded(4);
                report.scanned = report.slices * rng.bounded(5000);
                report.deleted = report.scanned / 2;
                report.deleteSeconds = rng.bounded(2.0);
                report.thinSeconds = rng.bounded(4000.0);
                if (rng.bounded(4) == 0)
                    report.interrupted = QStringLiteral("lock timeout");
                if (rng.bounded(5) == 0)
                    report.failures.push_back({});
                metrics.record(report);
                age += report.ageDeleted;
                scanned += report.scanned;
                deleted += report.deleted;
                failed += static_cast<long long>(report.failures.size());
                interrupted += report.interrupted.isEmpty() ? 0 : 1;
                ++runs;
                if (report.slices > 0) {
                    ++thinRuns;
                    thinSum += report.thinSeconds;
                    for (std::size_t k = 0; k < thinBuckets.size(); ++k)
                        thinBuckets[k] += report.thinSeconds <= MetricsTextfile::kSecondsBuckets[k] ? 1 : 0;
                }
            }
            metrics.textfile().setLastRun(1.8e9 + process, 0);
            metrics.textfile().accumulateIntoTextfile(path);
        }
        const QString text = test::readMetricsFile(path);
        QCOMPARE(test::metricValue(
                     text, QStringLiteral(
                               "mowdeck_telemetry_retention_rows_deleted_total{table=\"mower_positions\"}")),
                 double(age));
        QCOMPARE(
            test::metricValue(text, QStringLiteral("mowdeck_telemetry_position_thinning_rows_scanned_total")),
            double(scanned));
        QCOMPARE(
            test::metricValue(text, QStringLiteral("mowdeck_telemetry_position_thinning_rows_deleted_total")),
            double(deleted));
        QCOMPARE(test::metricValue(text, QStringLiteral("tidemark_positions_round_failed_mowers_total")),
                 double(failed));
        QCOMPARE(test::metricValue(text, QStringLiteral("tidemark_positions_round_interrupted_total")),
                 double(interrupted));
        QCOMPARE(
            test::metricValue(
                text, QStringLiteral("mowdeck_telemetry_retention_round_seconds_count{kind=\"delete\"}")),
            double(runs));
        QCOMPARE(test::metricValue(
                     text, QStringLiteral("mowdeck_telemetry_retention_round_seconds_count{kind=\"thin\"}")),
                 double(thinRuns));
        QVERIFY(
            qAbs(test::metricValue(
                     text, QStringLiteral("mowdeck_telemetry_retention_round_seconds_sum{kind=\"thin\"}")) -
                 thinSum) < 1e-3 * thinSum + 1e-6);
        for (std::size_t k = 0; k < thinBuckets.size(); ++k)
            QCOMPARE(
                test::metricValue(
                    text, QStringLiteral("mowdeck_telemetry_retention_round_seconds_bucket{kind=\"thin\","
                                         "le=\"%1\"}")
                              .arg(MetricsTextfile::kSecondsBuckets[k])),
                double(thinBuckets[k]));
        QCOMPARE(
            test::metricValue(text, QStringLiteral("tidemark_positions_round_last_run_timestamp_seconds")),
            1.8e9 + 11);
        QVERIFY(!QFile::exists(path + QStringLiteral(".lock")));
        checkWithPromtool(path);
    }

    // A failed run updates the last run and its exit code; the last success stays the previous one's.
    void lastSuccessSurvivesAFailedRun() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.prom"));
        ThinningMetrics first;
        first.textfile().setLastRun(1000, 0);
        first.textfile().accumulateIntoTextfile(path);
        ThinningMetrics second;
        second.textfile().setLastRun(4600, 75);
        second.textfile().accumulateIntoTextfile(path);
        const QString text = test::readMetricsFile(path);
        QCOMPARE(
            test::metricValue(text, QStringLiteral("tidemark_positions_round_last_run_timestamp_seconds")),
            4600.0);
        QCOMPARE(test::metricValue(text, QStringLiteral("tidemark_positions_round_last_exit_code")), 75.0);
        QCOMPARE(test::metricValue(text,
                                   QStringLiteral("tidemark_positions_round_last_success_timestamp_seconds")),
                 1000.0);
    }

    // A damaged previous file is named with its line, and left as it was.
    void badPreviousFileIsNamed() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.prom"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("# HELP x\nmowdeck_telemetry_position_thinning_rows_scanned_total 12x\n");
        f.close();
        ThinningMetrics metrics;
        try {
            metrics.textfile().accumulateIntoTextfile(path);
            QFAIL("no error");
        } catch (const Error& e) {
            QVERIFY2(e.message().contains(path + QStringLiteral(":2:")) &&
                         e.message().contains(QStringLiteral("12x")),
                     qPrintable(e.message()));
        }
        QVERIFY(test::readMetricsFile(path).contains(QStringLiteral("12x")));
    }

    // Two timer runs of the real CLI in a row: the file's deletion counters are the sums of what each run
    // reported, and the round histograms count two runs.
    void twoCliRunsAddUp() {
        const QString info = test::TestPostgres::createDatabase(QStringLiteral("metrics_runs"));
        auto db = PgConnection::open(info);
        SchemaMigrator(*db, positions::positionsSchema()).migrate();
        test::RandomTracks random(31);
        test::insertTracks(*db, {random.next(1500), random.next(1500)});
        PositionSettings settings;
        const Micros now = test::kRandomTracksBase + 3 * kMicrosPerDay + settings.detailWindow();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tidemark_positions_round.prom"));
        long long deleted = 0;
        long long scanned = 0;
        for (int run = 0; run < 2; ++run) {
            if (run == 1)
                test::insertTracks(*db, {random.next(1500)});
            const test::CliRun r = test::runCli(
                {QStringLiteral("positions"), QStringLiteral("round"), QStringLiteral("--db"), info,
                 QStringLiteral("--now"), formatIsoTimestamp(now), QStringLiteral("--ignore-window"),
                 QStringLiteral("--json"), QStringLiteral("--metrics-file"), path});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
            QVERIFY2(json.value(QStringLiteral("deleted")).toInteger() > 0, qPrintable(r.out));
            deleted += json.value(QStringLiteral("deleted")).toInteger();
            scanned += json.value(QStringLiteral("scanned")).toInteger();
        }
        const QString text = test::readMetricsFile(path);
        QCOMPARE(
            test::metricValue(text, QStringLiteral("mowdeck_telemetry_position_thinning_rows_deleted_total")),
            double(deleted));
        QCOMPARE(
            test::metricValue(text, QStringLiteral("mowdeck_telemetry_position_thinning_rows_scanned_total")),
            double(scanned));
        QCOMPARE(test::metricValue(
                     text, QStringLiteral("mowdeck_telemetry_retention_round_seconds_count{kind=\"thin\"}")),
                 2.0);
        QCOMPARE(test::metricValue(text, QStringLiteral("tidemark_positions_round_last_exit_code")), 0.0);
        checkWithPromtool(path);
    }

    // A round whose metrics file cannot be written (its folder is a plain file here, which fails as root too)
    // still did its work: a warning names the path and the setting, the result is printed and the exit code
    // is the round's own (0), not a failure. A folder it may not write to fails the same way.
    void unwritableMetricsFileIsAWarning() {
        const QString info = test::TestPostgres::createDatabase(QStringLiteral("metrics_unwritable"));
        auto db = PgConnection::open(info);
        SchemaMigrator(*db, positions::positionsSchema()).migrate();
        test::RandomTracks random(37);
        test::insertTracks(*db, {random.next(1500)});
        PositionSettings settings;
        const Micros now = test::kRandomTracksBase + 3 * kMicrosPerDay + settings.detailWindow();
        QTemporaryDir dir;
        const QString notAFolder = dir.filePath(QStringLiteral("node-exporter"));
        QFile file(notAFolder);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const QString path = notAFolder + QStringLiteral("/tidemark_positions_round.prom");
        const test::CliRun r =
            test::runCli({QStringLiteral("positions"), QStringLiteral("round"), QStringLiteral("--db"), info,
                          QStringLiteral("--now"), formatIsoTimestamp(now), QStringLiteral("--ignore-window"),
                          QStringLiteral("--json"), QStringLiteral("--metrics-file"), path},
                         {{QStringLiteral("TIDEMARK_METRICS_FILE"), path}});
        QVERIFY2(r.exitCode == 0, qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(r.err)));
        QVERIFY2(r.err.contains(QStringLiteral("WARNING")) && r.err.contains(path) &&
                     r.err.contains(QStringLiteral("--metrics-file")) &&
                     r.err.contains(QStringLiteral("TIDEMARK_METRICS_FILE")) &&
                     r.err.contains(QStringLiteral("metrics were not written")),
                 qPrintable(r.err));
        const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY2(json.value(QStringLiteral("deleted")).toInteger() > 0, qPrintable(r.out));
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_GUILESS_MAIN(TestRoundMetrics)
#include "test_roundmetrics.moc"
