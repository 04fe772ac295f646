// Every kind of alert of the retention plan, each set up on real servers and files, reaches the operator
// twice: through `tidemark-cli plan --json` (exit 1, the alert in `alerts`) and through the console's Home
// (the real RetentionPlanJob run by HomeWorkbench, the alert in its list, opening the right workbench).
// Positions: an unreachable server, a mower a round would skip. Kudos: a wrong database, unapplied rows (an
// incident and the drop they stop), a replacement mismatch, an unreachable archive, an overdue drill, an
// upload the tier's budget refuses, a tier at its budget, a step that failed. Tracks: a file that is not a
// tracks store, the 2 GB mark, a failed and a stopped import, a store without its id in a plan to apply.
// Besides: a kudos job holding its lock is shown (no alert), and the Home's kudos "Next run" is the plan's
// whole list.
#include "archivefixtures.h"
#include "archivestore.h"
#include "clirunner.h"
#include "error.h"
#include "freshtracksfile.h"
#include "homecard.h"
#include "homeplan.h"
#include "homeworkbench.h"
#include "kudostestdata.h"
#include "pgconnection.h"
#include "retentioncatalog.h"
#include "retentionjob.h"
#include "taskmanager.h"
#include "testpostgres.h"
#include "thinningtestdata.h"
#include "tracksdatabase.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QLocale>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::ui;

namespace {

// What one plan is asked about, for the CLI (its options and environment) and the Home (its request).
struct Setup {
    RetentionPlanRequest request;
    QHash<QString, QString> env; // the settings of `request` that differ from the defaults, as the CLI reads
    QStringList extraArgs;
};

Setup setupAt(Micros now) {
    Setup s;
    s.request.now = now;
    s.request.machineNow = nowMicros();
    s.request.allowClockAhead = now > s.request.machineNow;
    return s;
}

QStringList planArgs(const Setup& s) {
    const WorkspaceConnections& c = s.request.connections;
    QStringList args{QStringLiteral("plan"), QStringLiteral("--now"), formatIsoTimestamp(s.request.now),
                     QStringLiteral("--json")};
    if (!c.positionsConninfo.isEmpty())
        args << QStringLiteral("--db-positions") << c.positionsConninfo;
    if (!c.kudosConninfo.isEmpty())
        args << QStringLiteral("--db-kudos") << c.kudosConninfo;
    if (!c.archiveUrl.isEmpty())
        args << QStringLiteral("--archive") << c.archiveUrl;
    if (!c.tracksPath.isEmpty())
        args << QStringLiteral("--sqlite") << c.tracksPath;
    if (s.request.allowClockAhead)
        args << QStringLiteral("--allow-clock-ahead");
    return args + s.extraArgs;
}

QString joined(const QStringList& messages) {
    return messages.join(QLatin1Char('\n'));
}

// The CLI's alerts of `dataset`, after checking that the plan says a person is needed.
QStringList cliAlerts(const Setup& s, const QString& dataset) {
    const test::CliRun run = test::runCli(planArgs(s), s.env, 300000);
    const QJsonObject plan = QJsonDocument::fromJson(run.out.toUtf8()).object();
    if (plan.isEmpty() || run.exitCode != 1)
        return {QStringLiteral("exit %1: %2%3").arg(run.exitCode).arg(run.out, run.err)};
    QStringList messages;
    for (const QJsonValue& a : plan.value(QStringLiteral("alerts")).toArray())
        if (a.toObject().value(QStringLiteral("dataset")).toString() == dataset)
            messages << a.toObject().value(QStringLiteral("message")).toString();
    return messages;
}

// The Home's exact plan of the request, as the console computes it (quick first, then exact).
struct HomeAlerts {
    QStringList messages; // of every dataset, as the list shows them
    QList<int> datasets;
    QStringList targets;
    QString kudosCard;
};

HomeAlerts homeAlerts(const Setup& s) {
    TaskManager tasks;
    HomePlan homePlan(&tasks);
    HomeWorkbench home(&homePlan);
    home.resize(1280, 720);
    home.show();
    QSignalSpy shown(&home, &HomeWorkbench::planShown);
    home.refresh(s.request);
    const bool exact = QTest::qWaitFor(
        [&] { return !shown.isEmpty() && !shown.last().at(0).toBool() && !home.isRefreshing(); }, 300000);
    HomeAlerts found;
    if (!exact) {
        found.messages << QStringLiteral("the Home never showed the exact plan: %1").arg(home.statusText());
        return found;
    }
    for (int i = 0; i < home.alertList()->count(); ++i) {
        const QListWidgetItem* item = home.alertList()->item(i);
        found.messages << item->text();
        found.datasets << item->data(Qt::UserRole).toInt();
        found.targets << item->data(Qt::UserRole + 1).toString();
    }
    found.kudosCard = home.card(WorkspaceDataset::Kudos)->bodyText();
    return found;
}

// The alert of `dataset` holding `pattern` is in the CLI's plan and in the Home's list (for that dataset,
// with `target` when given).
void expectAlert(const Setup& s, WorkspaceDataset dataset, const QRegularExpression& pattern,
                 const QString& target = {}) {
    const QStringList cli = cliAlerts(s, planDatasetName(dataset));
    QVERIFY2(
        std::any_of(cli.begin(), cli.end(), [&](const QString& m) { return pattern.match(m).hasMatch(); }),
        qPrintable(
            QStringLiteral("plan --json has no alert like /%1/:\n%2").arg(pattern.pattern(), joined(cli))));
    const HomeAlerts home = homeAlerts(s);
    bool shown = false;
    for (qsizetype i = 0; i < home.messages.size(); ++i)
        if (pattern.match(home.messages.at(i)).hasMatch() && home.datasets.at(i) == int(dataset) &&
            (target.isEmpty() || home.targets.at(i) == target))
            shown = true;
    QVERIFY2(shown, qPrintable(QStringLiteral("the Home has no %1 alert like /%2/ (target '%3'):\n%4")
                                   .arg(planDatasetName(dataset), pattern.pattern(), target,
                                        joined(home.messages))));
}

QRegularExpression like(const QString& pattern) {
    return QRegularExpression(pattern);
}

// A kudos copy whose rows the projector has all consumed (no incident), as the retention tests prepare it.
QString consumedKudos(const QString& name) {
    const QString info = test::swappedKudosDatabase(name);
    auto db = test::openKudos(info);
    db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
    db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
    return info;
}

// The instant at which the first partition's first sub-range (and no later one) is eligible.
Micros firstRangeEligible() {
    return test::kudosEnd() - 2 * 7 * kMicrosPerDay + 31 * kMicrosPerDay;
}

// A real retention run at `now` into the archive; `onCommit` may fail a step as a fault would.
void retain(const QString& info, const QString& archiveFolder, Micros now,
            std::function<void(const kudos::RetentionAction&, kudos::FaultPoint)> onCommit = {}) {
    auto db = test::openKudos(info);
    auto store = test::openInitialisedArchive(archiveFolder);
    kudos::RetentionOptions options = test::kudosRehearsal();
    options.onCommit = std::move(onCommit);
    kudos::RetentionJob(*db, store.get(), test::kudosTestSettings(), options).run(now);
}

} // namespace

class TestPlanAlerts : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void positionsUnreachableServer() {
        Setup s = setupAt(nowMicros());
        s.request.connections.positionsConninfo =
            QStringLiteral("host=127.0.0.1 port=1 dbname=telemetry user=nobody connect_timeout=3");
        expectAlert(s, WorkspaceDataset::Positions, like(QStringLiteral("^positions: .*127\\.0\\.0\\.1")));
    }

    // A mower with a row at infinity: a round skips it, and the alert opens the workbench at that mower.
    void positionsMowerARoundWouldSkip() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("alerts_positions"), &info);
        const std::vector<positions::MowerTrack> tracks = test::someTracks(7, 3, 400);
        test::insertTracks(*db, tracks);
        db->exec(QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                                " VALUES ($1, 'infinity', 1, 2, true)"),
                 {tracks[1].mowerId.toString(QUuid::WithoutBraces)});
        Setup s = setupAt(test::kRandomTracksBase + 4 * kMicrosPerDay +
                          positions::PositionSettings().detailWindow());
        s.request.connections.positionsConninfo = info;
        const QString mower = tracks[1].mowerId.toString(QUuid::WithoutBraces);
        expectAlert(s, WorkspaceDataset::Positions,
                    like(QStringLiteral("^positions: mower %1 has a row at infinity").arg(mower)), mower);
    }

    void kudosWrongDatabase() {
        Setup s = setupAt(nowMicros());
        const QString info = test::TestPostgres::createDatabase(QStringLiteral("alerts_not_kudos"));
        s.request.connections.kudosConninfo = info;
        expectAlert(s, WorkspaceDataset::Kudos, like(QStringLiteral("^kudos: .*")));
    }

    // Rows the projector has not consumed, older than the window: an incident (opening its partition), and
    // the drop they stop.
    void kudosUnappliedRows() {
        Setup s = setupAt(test::kudosAllEligible());
        s.request.connections.kudosConninfo = test::swappedKudosDatabase(QStringLiteral("alerts_unapplied"));
        s.request.connections.archiveUrl = test::initialisedArchiveFolder(path(QStringLiteral("unapplied")));
        auto db = test::openKudos(s.request.connections.kudosConninfo);
        const QString partition =
            db->exec(QStringLiteral("SELECT tableoid::regclass::text FROM kudos_ledger WHERE NOT applied"
                                    " ORDER BY created LIMIT 1"))
                .text(0, 0);
        QVERIFY(!partition.isEmpty());
        expectAlert(s, WorkspaceDataset::Kudos,
                    like(QStringLiteral("^kudos: %1 holds \\d+ unapplied row\\(s\\) older than the window")
                             .arg(partition)),
                    partition);
        expectAlert(s, WorkspaceDataset::Kudos,
                    like(QStringLiteral("^kudos currency: .*unapplied row\\(s\\): the projector has not "
                                        "consumed them")));
    }

    void kudosReplacementMismatch() {
        Setup s = setupAt(nowMicros());
        s.request.connections.kudosConninfo = consumedKudos(QStringLiteral("alerts_mismatch"));
        s.request.connections.archiveUrl = test::initialisedArchiveFolder(path(QStringLiteral("mismatch")));
        auto db = test::openKudos(s.request.connections.kudosConninfo);
        db->exec(QStringLiteral("INSERT INTO kudos_retention_incidents (dataset, lo, hi, partition_name, "
                                "kind, detail, difference)"
                                " VALUES ('currency', '2026-01-05', '2026-01-12', 'kudos_ledger_p_mismatch',"
                                " 'replacement_mismatch', 'row counts differ', '{\"rows\": [1, 2]}')"));
        expectAlert(s, WorkspaceDataset::Kudos,
                    like(QStringLiteral("^kudos: kudos_ledger_p_mismatch \\[.*\\) was not dropped: its rows "
                                        "differ from their replacement \\(row counts differ\\)")),
                    QStringLiteral("kudos_ledger_p_mismatch"));
    }

    // The archive's path is a file (a NAS mount point gone wrong): the archive's steps wait.
    void kudosUnreachableArchive() {
        Setup s = setupAt(test::kudosAllEligible());
        s.request.connections.kudosConninfo = consumedKudos(QStringLiteral("alerts_archive"));
        QFile file(path(QStringLiteral("not-a-folder")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        s.request.connections.archiveUrl = QStringLiteral("file://") + file.fileName();
        expectAlert(
            s, WorkspaceDataset::Kudos,
            like(QStringLiteral("^kudos currency: the archive is not reachable \\(.*not a folder\\)")));
    }

    // Objects archived 40 days ago and never drilled: a run would raise the overdue drill, so the plan does.
    void kudosOverdueDrill() {
        Setup s = setupAt(test::kudosAllEligible());
        s.request.connections.kudosConninfo = consumedKudos(QStringLiteral("alerts_drill"));
        const QString folder = path(QStringLiteral("drill"));
        s.request.connections.archiveUrl = test::initialisedArchiveFolder(folder);
        retain(s.request.connections.kudosConninfo, folder, firstRangeEligible());
        auto db = test::openKudos(s.request.connections.kudosConninfo);
        QVERIFY(db->exec(QStringLiteral("SELECT count(*) FROM kudos_retention_catalog WHERE archive_key IS "
                                        "NOT NULL"))
                    .toLong(0, 0) > 0);
        db->exec(QStringLiteral("UPDATE kudos_retention_catalog SET updated_at = updated_at - interval "
                                "'40 days' WHERE archive_key IS NOT NULL"));
        expectAlert(s, WorkspaceDataset::Kudos,
                    like(QStringLiteral("^kudos currency: no restore drill of the currency archive passed "
                                        "within KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS")));
    }

    // The currency tier's budget one byte above what it holds: the next export would pass it, so the run
    // stops the tier there.
    void kudosTierStoppedAtItsBudget() {
        Setup s = setupAt(test::kudosAllEligible());
        s.request.connections.kudosConninfo = consumedKudos(QStringLiteral("alerts_budget"));
        const QString folder = path(QStringLiteral("budget"));
        s.request.connections.archiveUrl = test::initialisedArchiveFolder(folder);
        retain(s.request.connections.kudosConninfo, folder, firstRangeEligible());
        // The tier's use as the archive counts it (objects and manifests), as the forecast reads it.
        const qint64 used = test::openInitialisedArchive(folder)->usedBytes(QStringLiteral("currency/"));
        QVERIFY(used > 0);
        s.request.settings.kudos.currencyBudgetBytes = used + 1;
        s.env.insert(QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES"), QString::number(used + 1));
        expectAlert(
            s, WorkspaceDataset::Kudos,
            like(QStringLiteral("^kudos currency: export .*would take the currency tier \\(%1 bytes\\) "
                                "over KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES = %2")
                     .arg(used)
                     .arg(used + 1)));
        // At its budget with nothing left to upload now: still refused next time.
        s.request.settings.kudos.currencyBudgetBytes = used;
        s.env.insert(QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES"), QString::number(used));
        s.request.now = firstRangeEligible();
        expectAlert(
            s, WorkspaceDataset::Kudos,
            like(QStringLiteral("^kudos currency: the tier holds %1 bytes, at or over its budget of %1 "
                                "bytes")
                     .arg(used)));
    }

    // A verify that failed in the last run (its catalog row keeps the error): the range waits for a person.
    void kudosStepThatFailed() {
        Setup s = setupAt(firstRangeEligible());
        s.request.connections.kudosConninfo = consumedKudos(QStringLiteral("alerts_failed"));
        const QString folder = path(QStringLiteral("failed"));
        s.request.connections.archiveUrl = test::initialisedArchiveFolder(folder);
        retain(s.request.connections.kudosConninfo, folder, firstRangeEligible(),
               [](const kudos::RetentionAction& a, kudos::FaultPoint point) {
                   if (a.to == QLatin1String("verified") && point == kudos::FaultPoint::BeforeCommit)
                       throw Error(Error::Kind::Failed, QStringLiteral("the object's bytes differ"));
               });
        auto db = test::openKudos(s.request.connections.kudosConninfo);
        const QString partition =
            db->exec(QStringLiteral(
                         "SELECT partition_name FROM kudos_retention_catalog WHERE error IS NOT NULL"))
                .text(0, 0);
        QVERIFY(!partition.isEmpty());
        expectAlert(s, WorkspaceDataset::Kudos,
                    like(QStringLiteral("^kudos: the last step of currency .* failed: .*the object's bytes "
                                        "differ")),
                    partition);
    }

    // A kudos retention job holding its lock (this test's session): the plan says so, and so does the Home's
    // kudos card. Running is not an alert.
    void kudosJobRunning() {
        Setup s = setupAt(nowMicros());
        s.request.connections.kudosConninfo = consumedKudos(QStringLiteral("alerts_lock"));
        auto job = test::openKudos(s.request.connections.kudosConninfo);
        QVERIFY(job->tryAdvisoryLock(kudos::RetentionJob::kAdvisoryLock));
        const test::CliRun run = test::runCli(planArgs(s), s.env, 300000);
        const QJsonObject kudos =
            QJsonDocument::fromJson(run.out.toUtf8()).object().value(QStringLiteral("kudos")).toObject();
        QVERIFY2(kudos.value(QStringLiteral("lock_busy")).toBool(), qPrintable(run.out + run.err));
        const HomeAlerts home = homeAlerts(s);
        QVERIFY2(home.kudosCard.contains(QStringLiteral("A retention job is running now")),
                 qPrintable(home.kudosCard));
    }

    void tracksNotATracksStore() {
        const QString file = path(QStringLiteral("notes.sqlite"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("these are notes, not a tracks store\n");
        f.close();
        Setup s = setupAt(nowMicros());
        s.request.connections.tracksPath = file;
        expectAlert(s, WorkspaceDataset::Tracks, like(QStringLiteral("^tracks: .*notes\\.sqlite")));
    }

    // A file past ADR-005's 2 GB (sparse: SQLite reads its pages by the header's count; the file's size is
    // what the mark is about).
    void tracksAboveTheMark() {
        const QString file = path(QStringLiteral("big.sqlite"));
        test::freshTracksFile(file);
        QFile f(file);
        QVERIFY(f.resize(TracksPlan::kAlertBytes + (64LL << 20)));
        Setup s = setupAt(nowMicros());
        s.request.connections.tracksPath = file;
        expectAlert(s, WorkspaceDataset::Tracks,
                    like(QStringLiteral(
                        "^tracks: .*/big\\.sqlite is 2\\.\\d\\d GiB, at or above ADR-005's 2\\.00 GiB")));
    }

    void tracksImportFailedOrStopped() {
        for (const char* status : {"failed", "stopped"}) {
            const QString file = path(QStringLiteral("import-%1.sqlite").arg(QLatin1String(status)));
            {
                auto db = test::freshTracksFile(file);
                db->exec(QStringLiteral("INSERT INTO pipeline_runs (region, source, started_at, finished_at,"
                                        " status, error) VALUES ('alps', 'strava', '2026-12-01T05:00:00Z',"
                                        " '2026-12-01T05:01:00Z', '%1', 'the source answered 503')")
                             .arg(QLatin1String(status)));
            }
            Setup s = setupAt(nowMicros());
            s.request.connections.tracksPath = file;
            expectAlert(s, WorkspaceDataset::Tracks,
                        like(QStringLiteral("^tracks: the last import \\(strava, 2026-12-01T05:00:00Z\\) %1")
                                 .arg(QLatin1String(status) == QLatin1String("failed")
                                          ? QStringLiteral("failed: the source answered 503")
                                          : QStringLiteral("was stopped before its end"))));
        }
    }

    // A store without its id cannot be planned for an apply: plan --out says so, and so does the Home (whose
    // exact plan is a plan to apply).
    void tracksStoreWithoutItsId() {
        const QString file = path(QStringLiteral("no-id.sqlite"));
        {
            auto db = test::freshTracksFile(file);
            db->exec(QStringLiteral("DELETE FROM tracks_store"));
        }
        Setup s = setupAt(nowMicros());
        s.request.connections.tracksPath = file;
        s.extraArgs << QStringLiteral("--out") << path(QStringLiteral("no-id-plan.json"));
        expectAlert(s, WorkspaceDataset::Tracks,
                    like(QStringLiteral("^tracks: .*no-id\\.sqlite has no store id yet")));
    }

    // The kudos card's next run is the plan's whole list: every action `kudos retain --dry-run` lists.
    void kudosNextRunIsTheWholeList() {
        Setup s = setupAt(test::kudosAllEligible());
        s.request.connections.kudosConninfo = consumedKudos(QStringLiteral("alerts_next_run"));
        s.request.connections.archiveUrl = test::initialisedArchiveFolder(path(QStringLiteral("next")));
        const test::CliRun dry = test::runCli(
            {QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--dry-run"),
             QStringLiteral("--db"), s.request.connections.kudosConninfo, QStringLiteral("--archive"),
             s.request.connections.archiveUrl, QStringLiteral("--now"), formatIsoTimestamp(s.request.now),
             QStringLiteral("--allow-clock-ahead"), QStringLiteral("--json")});
        const qsizetype actions = QJsonDocument::fromJson(dry.out.toUtf8())
                                      .object()
                                      .value(QStringLiteral("remaining"))
                                      .toArray()
                                      .size();
        QVERIFY2(actions > 4, qPrintable(dry.out + dry.err)); // whole chains, not one step a range
        const HomeAlerts home = homeAlerts(s);
        QVERIFY2(home.kudosCard.contains(QStringLiteral("%1 step(s)").arg(actions)),
                 qPrintable(home.kudosCard));
        // Nothing needs a person here: no alert was made up.
        QVERIFY2(home.messages.isEmpty(), qPrintable(joined(home.messages)));
    }
};

QTEST_MAIN(TestPlanAlerts)
#include "test_planalerts.moc"
