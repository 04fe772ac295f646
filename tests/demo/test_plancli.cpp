// tidemark-cli plan against each dataset's own dry run: on the demo workspace (the fixture), on databases
// with nothing to do, and with one server that cannot be reached.
#include "archivefixtures.h"
#include "clirunner.h"
#include "freshtracksfile.h"
#include "kudosschema.h"
#include "kudostestdata.h"
#include "partitionswap.h"
#include "pgconnection.h"
#include "positionsschema.h"
#include "roundjob.h"
#include "schemamigrator.h"
#include "taskfeedback.h"
#include "testpostgres.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using test::runCli;

namespace {

QJsonObject parse(const test::CliRun& run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

// The action as both lists name it.
QString actionKey(const QJsonObject& a) {
    return QStringList{
        a.value(QStringLiteral("dataset")).toString(), a.value(QStringLiteral("partition")).toString(),
        a.value(QStringLiteral("lo")).toString(),      a.value(QStringLiteral("hi")).toString(),
        a.value(QStringLiteral("from")).toString(),    a.value(QStringLiteral("to")).toString()}
        .join(QLatin1Char(' '));
}

QStringList actionKeys(const QJsonArray& actions) {
    QStringList keys;
    for (const QJsonValue& a : actions)
        keys << actionKey(a.toObject());
    return keys;
}

} // namespace

class TestPlanCli : public QObject {
    Q_OBJECT

    struct Workspace {
        QString positions, kudos, tracks, archive, now;
    };

    // The fixture's demo workspace, as `demo status` names it.
    static Workspace demo() {
        const auto status =
            runCli({QStringLiteral("demo"), QStringLiteral("status"), QStringLiteral("--dir"),
                    QStringLiteral(TIDEMARK_BINARY_DIR "/test-demo"), QStringLiteral("--json")});
        const QJsonObject s = parse(status);
        return {s.value(QStringLiteral("positions_conninfo")).toString(),
                s.value(QStringLiteral("kudos_conninfo")).toString(),
                s.value(QStringLiteral("tracks_path")).toString(),
                s.value(QStringLiteral("archive_url")).toString(), s.value(QStringLiteral("now")).toString()};
    }

    static QStringList planArgs(const Workspace& w) {
        return {QStringLiteral("plan"),
                QStringLiteral("--db-positions"),
                w.positions,
                QStringLiteral("--db-kudos"),
                w.kudos,
                QStringLiteral("--archive"),
                w.archive,
                QStringLiteral("--sqlite"),
                w.tracks,
                QStringLiteral("--now"),
                w.now,
                QStringLiteral("--json")};
    }

    // Checks each section of `plan` against the dataset's own dry run: positions status, a dry-run round
    // without window and budget (in process: recording no history in the shared demo), kudos retain
    // --dry-run and tracks retain --dry-run.
    static void compareWithDryRuns(const QJsonObject& plan, const Workspace& w) {
        const QJsonObject positions = plan.value(QStringLiteral("positions")).toObject();
        QVERIFY2(positions.value(QStringLiteral("error")).toString().isEmpty(),
                 qPrintable(positions.value(QStringLiteral("error")).toString()));
        const auto status =
            runCli({QStringLiteral("positions"), QStringLiteral("status"), QStringLiteral("--db"),
                    w.positions, QStringLiteral("--now"), w.now, QStringLiteral("--json")});
        QVERIFY2(status.exitCode == 0, qPrintable(status.err));
        long long pending = 0;
        for (const QJsonValue& m : parse(status).value(QStringLiteral("mowers")).toArray())
            pending += m.toObject().value(QStringLiteral("slices_pending")).toInteger();
        QCOMPARE(positions.value(QStringLiteral("slices_pending")).toInteger(), pending);

        positions::RoundRequest round;
        round.conninfo = w.positions;
        round.now = parseIsoTimestamp(w.now);
        round.dryRun = true;
        round.ignoreWindow = true;
        round.recordHistory = false;
        TaskFeedback feedback;
        const positions::RoundReport report = positions::RoundJob::run(round, feedback);
        QCOMPARE(report.slices, pending);
        QCOMPARE(positions.value(QStringLiteral("rows_to_thin")).toInteger(), report.deleted);
        QCOMPARE(positions.value(QStringLiteral("rows_to_age_delete")).toInteger(), report.ageDeleted);
        QCOMPARE(positions.value(QStringLiteral("rows_to_delete")).toInteger(),
                 report.deleted + report.ageDeleted);
        QCOMPARE(positions.value(QStringLiteral("rows_scanned")).toInteger(), report.scanned);
        QCOMPARE(positions.value(QStringLiteral("estimated")).toBool(), false);

        const QJsonObject kudos = plan.value(QStringLiteral("kudos")).toObject();
        QVERIFY2(kudos.value(QStringLiteral("error")).toString().isEmpty(),
                 qPrintable(kudos.value(QStringLiteral("error")).toString()));
        const auto retain =
            runCli({QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--dry-run"),
                    QStringLiteral("--db"), w.kudos, QStringLiteral("--archive"), w.archive,
                    QStringLiteral("--now"), w.now, QStringLiteral("--json")});
        const QJsonObject dry = parse(retain);
        QVERIFY2(dry.value(QStringLiteral("dry_run")).toBool(), qPrintable(retain.out + retain.err));
        QCOMPARE(actionKeys(kudos.value(QStringLiteral("actions")).toArray()),
                 actionKeys(dry.value(QStringLiteral("remaining")).toArray()));
        // Every alert of the dry run is the plan's; the plan adds what a dry run does not look at (whether a
        // drill passed lately, the tiers' budgets).
        QStringList planAlerts;
        for (const QJsonValue& a : kudos.value(QStringLiteral("alerts")).toArray())
            planAlerts << a.toObject().value(QStringLiteral("message")).toString();
        for (const QJsonValue& a : dry.value(QStringLiteral("alerts")).toArray())
            QVERIFY2(planAlerts.contains(a.toObject().value(QStringLiteral("message")).toString()),
                     qPrintable(a.toObject().value(QStringLiteral("message")).toString()));
        QCOMPARE(kudos.value(QStringLiteral("incidents")).toArray().size(),
                 dry.value(QStringLiteral("incidents")).toArray().size());

        const QJsonObject tracks = plan.value(QStringLiteral("tracks")).toObject();
        QVERIFY2(tracks.value(QStringLiteral("error")).toString().isEmpty(),
                 qPrintable(tracks.value(QStringLiteral("error")).toString()));
        const auto tracksDry = runCli({QStringLiteral("tracks"), QStringLiteral("retain"),
                                       QStringLiteral("--dry-run"), QStringLiteral("--sqlite"), w.tracks,
                                       QStringLiteral("--now"), w.now, QStringLiteral("--json")});
        QVERIFY2(tracksDry.exitCode == 0, qPrintable(tracksDry.err));
        QCOMPARE(tracks.value(QStringLiteral("tracks_to_delete")).toArray(),
                 parse(tracksDry).value(QStringLiteral("would_delete")).toArray());
    }

  private slots:
    // The demo: every figure is its dataset's dry run; the exit code says whether an alert needs a person.
    void demoAgreesWithTheDryRuns() {
        const Workspace w = demo();
        QVERIFY2(!w.positions.isEmpty() && !w.tracks.isEmpty(), "the demo fixture is not up");
        const auto run = runCli(planArgs(w), {}, 600000);
        const QJsonObject plan = parse(run);
        QVERIFY2(!plan.isEmpty(), qPrintable(run.out + run.err));
        compareWithDryRuns(plan, w);
        const QJsonArray alerts = plan.value(QStringLiteral("alerts")).toArray();
        QCOMPARE(run.exitCode, alerts.isEmpty() ? 0 : 1);
        const QJsonObject positions = plan.value(QStringLiteral("positions")).toObject();
        QVERIFY(positions.value(QStringLiteral("slices_pending")).toInteger() > 0);
        QVERIFY(!positions.value(QStringLiteral("window"))
                     .toObject()
                     .value(QStringLiteral("opens_at"))
                     .toString()
                     .isEmpty());
        QVERIFY(plan.value(QStringLiteral("kudos")).toObject().value(QStringLiteral("drills")).isObject());

        // The text form says the same in words.
        QStringList textArgs = planArgs(w);
        textArgs.removeLast();
        const auto text = runCli(textArgs, {}, 600000);
        QCOMPARE(text.exitCode, run.exitCode);
        QVERIFY2(text.out.contains(QStringLiteral("slice(s) pending")), qPrintable(text.out));
    }

    // --quick: the positions rows are the forecast's estimate (marked so); the rest is the exact plan's.
    void quickPlanIsMarkedAndClose() {
        const Workspace w = demo();
        QStringList args = planArgs(w);
        const auto exact = runCli(args, {}, 600000);
        args << QStringLiteral("--quick");
        const auto quick = runCli(args, {}, 600000);
        QCOMPARE(quick.exitCode, exact.exitCode);
        const QJsonObject e = parse(exact).value(QStringLiteral("positions")).toObject();
        const QJsonObject q = parse(quick).value(QStringLiteral("positions")).toObject();
        QVERIFY(parse(quick).value(QStringLiteral("quick")).toBool());
        QVERIFY(q.value(QStringLiteral("estimated")).toBool());
        QCOMPARE(q.value(QStringLiteral("slices_pending")).toInteger(),
                 e.value(QStringLiteral("slices_pending")).toInteger());
        QVERIFY(q.value(QStringLiteral("rows_to_age_delete")).isNull());
        const double exactThin = double(e.value(QStringLiteral("rows_to_thin")).toInteger());
        const double quickThin = double(q.value(QStringLiteral("rows_to_thin")).toInteger());
        QVERIFY(exactThin > 0);
        // The demo's fleet is within the default sample of 50 mowers: every mower is judged, so the sample's
        // rows are the fleet's and the estimate is the exact figure (the scale is 1 up to the planner's
        // estimate of the table's rows).
        QVERIFY2(std::abs(quickThin - exactThin) <= 0.2 * exactThin,
                 qPrintable(QStringLiteral("quick %1 exact %2").arg(quickThin).arg(exactThin)));
        QCOMPARE(parse(quick).value(QStringLiteral("kudos")).toObject().value(QStringLiteral("actions")),
                 parse(exact).value(QStringLiteral("kudos")).toObject().value(QStringLiteral("actions")));
    }

    // Databases with nothing to do: empty positions, empty swapped kudos, an empty tracks file and archive.
    void nothingToDo() {
        QTemporaryDir tmp;
        Workspace w;
        // This machine's clock, on a whole second: the swap refuses a first boundary the server has passed.
        w.now = formatIsoTimestamp(floorToStep(nowMicros(), kMicrosPerSecond));
        w.positions = test::TestPostgres::createDatabase(QStringLiteral("plan_positions"));
        {
            auto db = PgConnection::open(w.positions);
            SchemaMigrator(*db, positions::positionsSchema()).migrate();
        }
        w.kudos = test::TestPostgres::createDatabase(QStringLiteral("plan_kudos"));
        {
            auto db = PgConnection::open(w.kudos);
            SchemaMigrator(*db, kudos::kudosSchema()).migrate();
            kudos::PartitionSwap swap(*db, test::kudosTestSettings());
            // The swap's boundary must lie ahead of the server's clock, also once the fixed `now` is past
            // (as the demo does it).
            swap.run(swap.plan(std::max(parseIsoTimestamp(w.now), nowMicros())));
        }
        w.tracks = tmp.filePath(QStringLiteral("tracks.sqlite"));
        test::freshTracksFile(w.tracks);
        w.archive = test::initialisedArchiveFolder(tmp.filePath(QStringLiteral("archive")));

        const auto run = runCli(planArgs(w));
        const QJsonObject plan = parse(run);
        QVERIFY2(!plan.isEmpty(), qPrintable(run.out + run.err));
        compareWithDryRuns(plan, w);
        const QJsonObject positions = plan.value(QStringLiteral("positions")).toObject();
        QCOMPARE(positions.value(QStringLiteral("slices_pending")).toInteger(), 0);
        QCOMPARE(positions.value(QStringLiteral("rows_to_delete")).toInteger(), 0);
        QVERIFY(positions.value(QStringLiteral("last_round")).isNull());
        QCOMPARE(
            plan.value(QStringLiteral("kudos")).toObject().value(QStringLiteral("actions")).toArray().size(),
            0);
        QCOMPARE(plan.value(QStringLiteral("tracks"))
                     .toObject()
                     .value(QStringLiteral("tracks_to_delete"))
                     .toArray()
                     .size(),
                 0);
        QVERIFY2(plan.value(QStringLiteral("alerts")).toArray().isEmpty(), qPrintable(run.out));
        QCOMPARE(run.exitCode, 0);
    }

    // A server that cannot be reached fails its own section, named, and needs a person (exit 1); the other
    // sections are still planned. Nothing given at all is a usage error.
    void unreachableServerIsNamedAndTheRestPlanned() {
        QTemporaryDir tmp;
        Workspace w;
        w.now = QStringLiteral("2026-11-30T00:00:00Z");
        w.positions = QStringLiteral("host=127.0.0.1 port=1 dbname=nowhere user=nobody connect_timeout=3");
        w.kudos = QStringLiteral("host=127.0.0.1 port=1 dbname=nowhere user=nobody connect_timeout=3");
        w.tracks = tmp.filePath(QStringLiteral("tracks.sqlite"));
        test::freshTracksFile(w.tracks);
        w.archive = test::initialisedArchiveFolder(tmp.filePath(QStringLiteral("archive")));
        const auto run = runCli(planArgs(w));
        QCOMPARE(run.exitCode, 1);
        const QJsonObject plan = parse(run);
        const QString error =
            plan.value(QStringLiteral("positions")).toObject().value(QStringLiteral("error")).toString();
        QVERIFY2(error.contains(QStringLiteral("127.0.0.1")), qPrintable(run.out));
        QVERIFY(plan.value(QStringLiteral("tracks")).toObject().value(QStringLiteral("error")).isUndefined());
        QVERIFY(plan.value(QStringLiteral("tracks"))
                    .toObject()
                    .value(QStringLiteral("tracks_to_delete"))
                    .isArray());
        QVERIFY(plan.value(QStringLiteral("alerts")).toArray().size() >= 2);

        const auto nothing = runCli({QStringLiteral("plan")});
        QCOMPARE(nothing.exitCode, 2);
        QVERIFY2(nothing.err.contains(QStringLiteral("--db-positions")), qPrintable(nothing.err));
    }

    // The demo's databases with an archive that has no marker (a folder that does not exist, an unmounted
    // NAS's empty mount point): the plan is refused (exit 3) naming it, no folder is created and nothing is
    // written into the empty one.
    void anArchiveWithoutItsMarkerIsRefused() {
        Workspace w = demo();
        QVERIFY2(!w.kudos.isEmpty(), "the demo fixture is not up");
        QTemporaryDir tmp;
        const QString missing = tmp.filePath(QStringLiteral("nonexistent/deeper/archive"));
        w.archive = QStringLiteral("file://") + missing;
        const auto gone = runCli(planArgs(w), {}, 600000);
        QCOMPARE(gone.exitCode, 3);
        QVERIFY2(
            gone.err.contains(QStringLiteral("no Tidemark archive at file://%1: not mounted, or run archive "
                                             "init (the folder %1 does not exist)")
                                  .arg(missing)),
            qPrintable(gone.out + gone.err));
        QVERIFY(!QFileInfo::exists(tmp.filePath(QStringLiteral("nonexistent"))));

        const QString mountPoint = tmp.filePath(QStringLiteral("nas"));
        QVERIFY(QDir().mkdir(mountPoint));
        w.archive = QStringLiteral("file://") + mountPoint;
        const auto empty = runCli(planArgs(w), {}, 600000);
        QCOMPARE(empty.exitCode, 3);
        QVERIFY2(
            empty.err.contains(
                QStringLiteral("(the folder %1 exists but holds no tidemark-archive.json)").arg(mountPoint)),
            qPrintable(empty.out + empty.err));
        QCOMPARE(QDir(mountPoint).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList());
    }
};

QTEST_GUILESS_MAIN(TestPlanCli)
#include "test_plancli.moc"
