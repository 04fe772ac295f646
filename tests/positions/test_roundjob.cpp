// The one round job through both front ends: `tidemark-cli positions round` (a process) and the console's
// PositionsDataset (a real TaskManager) on copies of the same database give the same report, the same exit
// semantics and the same warnings; a cancelled round's report (what it committed) reaches the dataset.
#include "clirunner.h"
#include "pgconnection.h"
#include "positionsdataset.h"
#include "positionsettings.h"
#include "roundhistory.h"
#include "roundjob.h"
#include "taskmanager.h"
#include "testpostgres.h"
#include "thinningstatus.h"
#include "thinningtestdata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

const Micros kNow = test::kRandomTracksBase + 3 * kMicrosPerDay + PositionSettings{}.detailWindow();

// The report the dataset hands to roundFinished, or the error of roundFailed.
struct DatasetRound {
    std::optional<RoundReport> report;
    std::optional<Error> error;
};

DatasetRound
runThroughDataset(const QString& conninfo, const RoundRequest& options,
                  const std::function<void(PositionsDataset&, const RoundProgress&)>& onProgress = {}) {
    TaskManager tasks;
    PositionsDataset dataset(&tasks);
    dataset.setClock([] { return kNow; });
    QSignalSpy loaded(&dataset, &PositionsDataset::loaded);
    dataset.setConnection(conninfo);
    if (!loaded.wait(60000))
        return {};
    DatasetRound result;
    QObject::connect(&dataset, &PositionsDataset::roundFinished,
                     [&](const RoundReport& report) { result.report = report; });
    QObject::connect(&dataset, &PositionsDataset::roundFailed,
                     [&](const Error& error) { result.error = error; });
    if (onProgress)
        QObject::connect(&dataset, &PositionsDataset::roundProgressed,
                         [&](const RoundProgress& p) { onProgress(dataset, p); });
    if (!dataset.startRound(options))
        return result;
    if (!QTest::qWaitFor([&] { return result.report || result.error; }, 120000))
        return result;
    tasks.waitForDone();
    return result;
}

long long slicesPending(PgConnection& db) {
    long long pending = 0;
    for (const MowerThinningStatus& s :
         ThinningStatus::query(db, PositionSettings{}.thinningCutoff(kNow), RowCounting::None))
        pending += s.slicesPending;
    return pending;
}

} // namespace

class TestRoundJob : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("roundjob_template"), &info);
        m_tracks = test::someTracks(41, 3, 2000);
        test::insertTracks(*db, m_tracks);
        // A row without a finite position: its mower is skipped by both (exit code 1, a warning).
        db->exec(
            QStringLiteral("UPDATE mower_positions SET lat = 'NaN' WHERE mower_id = $1 AND observed_at = $2"),
            {m_tracks[0].mowerId.toString(QUuid::WithoutBraces),
             formatIsoTimestamp(m_tracks[0].rows[10].observedAt)});
        m_template = info;
    }

    // The same round, a dry run and a real one, through the CLI and through the dataset on two copies.
    void cliAndDatasetGiveTheSameReport_data() {
        QTest::addColumn<bool>("dryRun");
        QTest::newRow("dry run") << true;
        QTest::newRow("round") << false;
    }
    void cliAndDatasetGiveTheSameReport() {
        QFETCH(bool, dryRun);
        const QString tag = dryRun ? QStringLiteral("dry") : QStringLiteral("real");
        const QString cliDb =
            test::TestPostgres::copyDatabase(m_template, QStringLiteral("roundjob_cli_") + tag);
        const QString consoleDb =
            test::TestPostgres::copyDatabase(m_template, QStringLiteral("roundjob_console_") + tag);

        QStringList args = {QStringLiteral("positions"),
                            QStringLiteral("round"),
                            QStringLiteral("--db"),
                            cliDb,
                            QStringLiteral("--now"),
                            formatIsoTimestamp(kNow),
                            QStringLiteral("--ignore-window"),
                            QStringLiteral("--json")};
        if (dryRun)
            args << QStringLiteral("--dry-run");
        const test::CliRun cli = test::runCli(args);
        const QJsonObject json = QJsonDocument::fromJson(cli.out.toUtf8()).object();
        QVERIFY2(!json.isEmpty(), qPrintable(cli.out + cli.err));

        RoundRequest options;
        options.dryRun = dryRun;
        options.ignoreWindow = true;
        const DatasetRound console = runThroughDataset(consoleDb, options);
        QVERIFY2(console.report, console.error ? qPrintable(console.error->message()) : "no report");
        const RoundReport& r = *console.report;

        // Rows, slices and actions.
        QCOMPARE(json.value(QStringLiteral("dry_run")).toBool(), r.dryRun);
        QCOMPARE(json.value(QStringLiteral("mowers")).toInt(), r.mowers);
        QCOMPARE(json.value(QStringLiteral("slices")).toInteger(), r.slices);
        QCOMPARE(json.value(QStringLiteral("scanned")).toInteger(), r.scanned);
        QCOMPARE(json.value(QStringLiteral("deleted")).toInteger(), r.deleted);
        QCOMPARE(json.value(QStringLiteral("age_deleted")).toInteger(), r.ageDeleted);
        QCOMPARE(json.value(QStringLiteral("slices_pending")).toInteger(), r.slicesPending);
        QCOMPARE(json.value(QStringLiteral("complete")).toBool(), r.complete);
        QCOMPARE(json.value(QStringLiteral("cancelled")).toBool(), r.cancelled);
        QCOMPARE(json.value(QStringLiteral("failures")).toArray().size(), qsizetype(r.failures.size()));
        QVERIFY(r.slices > 0 && r.deleted > 0);
        // Exit semantics: the skipped mower fails both runs the same way.
        QCOMPARE(r.failures.size(), std::size_t(1));
        QCOMPARE(cli.exitCode, int(r.verdict()));
        QCOMPARE(r.verdict(), RoundVerdict::Failed);
        // The warnings: the CLI prints the job's, one a line.
        QVERIFY(!r.warnings.isEmpty());
        for (const QString& warning : r.warnings)
            QVERIFY2(cli.err.contains(QStringLiteral("tidemark-cli: ") + warning), qPrintable(cli.err));

        // Both recorded the round in their database's history, and left the same rows.
        auto a = PgConnection::open(cliDb);
        auto b = PgConnection::open(consoleDb);
        const std::vector<RoundHistoryEntry> ha = RoundHistory(*a).latest();
        const std::vector<RoundHistoryEntry> hb = RoundHistory(*b).latest();
        QCOMPARE(ha.size(), std::size_t(1));
        QCOMPARE(hb.size(), std::size_t(1));
        QCOMPARE(ha[0].deleted, hb[0].deleted);
        QCOMPARE(ha[0].dryRun, dryRun);
        const QString rows = QStringLiteral("SELECT count(*) FROM mower_positions");
        QCOMPARE(a->exec(rows).toLong(0, 0), b->exec(rows).toLong(0, 0));
        QCOMPARE(slicesPending(*a), slicesPending(*b));
    }

    // A cancel between slices: the dataset gets the report, cancelled, with the slices it committed.
    void cancelledRoundReachesTheDataset() {
        const QString info = test::TestPostgres::copyDatabase(m_template, QStringLiteral("roundjob_cancel"));
        auto db = PgConnection::open(info);
        db->exec(QStringLiteral("DELETE FROM mower_positions WHERE lat = 'NaN'"));
        test::insertTracks(*db, {test::longTrack(43)});
        const long long before = slicesPending(*db);
        RoundRequest options;
        options.ignoreWindow = true;
        const DatasetRound console =
            runThroughDataset(info, options, [](PositionsDataset& dataset, const RoundProgress& p) {
                if (p.slicesDone >= 3)
                    dataset.cancelRound();
            });
        QVERIFY2(console.report, console.error ? qPrintable(console.error->message()) : "no report");
        const RoundReport& r = *console.report;
        QVERIFY(r.cancelled);
        QVERIFY(!r.complete);
        QVERIFY(r.slices >= 3);
        // What it says it committed is what the table holds.
        QCOMPARE(before - slicesPending(*db), r.slices);
        QCOMPARE(r.slicesPending, before - r.slices);
        const std::vector<RoundHistoryEntry> history = RoundHistory(*db).latest();
        QCOMPARE(history.size(), std::size_t(1));
        QVERIFY(history[0].cancelled);
        QCOMPARE(history[0].slices, r.slices);
    }

    // A history row that cannot be written (here a view stands where the table would be) is a warning in both
    // front ends: the round's work and its report stand, the CLI exits as the round says.
    void historyNotWrittenIsAWarning() {
        const QString cliDb =
            test::TestPostgres::copyDatabase(m_template, QStringLiteral("roundjob_nohist_cli"));
        const QString consoleDb =
            test::TestPostgres::copyDatabase(m_template, QStringLiteral("roundjob_nohist_console"));
        for (const QString& info : {cliDb, consoleDb}) {
            auto db = PgConnection::open(info);
            db->exec(QStringLiteral("DELETE FROM mower_positions WHERE lat = 'NaN'"));
            db->exec(QStringLiteral("CREATE VIEW tidemark_round_history AS SELECT 1 AS id"));
        }
        const test::CliRun cli = test::runCli({QStringLiteral("positions"), QStringLiteral("round"),
                                               QStringLiteral("--db"), cliDb, QStringLiteral("--now"),
                                               formatIsoTimestamp(kNow), QStringLiteral("--ignore-window")});
        QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));
        const QString warning = QStringLiteral("WARNING: the round ran but its history row was not written");
        QVERIFY2(cli.err.contains(QStringLiteral("tidemark-cli: ") + warning), qPrintable(cli.err));

        RoundRequest options;
        options.ignoreWindow = true;
        const DatasetRound console = runThroughDataset(consoleDb, options);
        QVERIFY2(console.report, console.error ? qPrintable(console.error->message()) : "no report");
        QCOMPARE(console.report->verdict(), RoundVerdict::Done);
        QVERIFY(console.report->deleted > 0);
        QVERIFY2(console.report->warnings.join(u'\n').contains(warning),
                 qPrintable(console.report->warnings.join(u'\n')));
    }

    // The exit code rule, from the report alone.
    void verdictOfAReport() {
        RoundReport r;
        QCOMPARE(r.verdict(), RoundVerdict::Done);
        r.interrupted = QStringLiteral("lock timeout: …");
        QCOMPARE(r.verdict(), RoundVerdict::Retry);
        r.failures.push_back({QUuid::createUuid(), QStringLiteral("bad row"), std::nullopt});
        QCOMPARE(r.verdict(), RoundVerdict::Failed);
        RoundReport cancelled;
        cancelled.cancelled = true; // the operator or SIGTERM: not done, the next round goes on
        QCOMPARE(cancelled.verdict(), RoundVerdict::Retry);
    }

  private:
    QString m_template;
    std::vector<MowerTrack> m_tracks;
};

QTEST_GUILESS_MAIN(TestRoundJob)
#include "test_roundjob.moc"
