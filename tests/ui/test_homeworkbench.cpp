// The console's home (HomeWorkbench) in a real (offscreen or Xvfb) window: the cards and alerts of hand-made
// retention plans (with alerts, with nothing configured, with a section whose server cannot be reached),
// the links and Open buttons asking for the right workbench and target, the quick plan painted first and
// refined by the exact one through the TaskManager (a stale plan dropped), and the real RetentionPlanJob
// with an unreachable positions server beside a tracks file. Screenshots in build/screenshots/home-*.png.
#include "agedtracksfile.h"
#include "freshtracksfile.h"
#include "homecard.h"
#include "homeplan.h"
#include "homeworkbench.h"
#include "plandialog.h"
#include "planfile.h"
#include "screenshots.h"
#include "taskfeedback.h"
#include "tasklistmodel.h"
#include "taskmanager.h"
#include "timestamp.h"
#include "tracksdatabase.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace tidemark;
using namespace tidemark::ui;

Q_DECLARE_METATYPE(tidemark::WorkspaceDataset)

namespace {

Micros at(const char* iso) {
    return parseIsoTimestamp(QString::fromLatin1(iso));
}

const QUuid kBacklogMower = QUuid::fromString(QStringLiteral("3f2a9c6e-1b7d-4e0a-9a55-0c6d2e8f4b11"));
const QUuid kBadMower = QUuid::fromString(QStringLiteral("9c1e44a0-7f3b-4c2d-8e61-5a0b9d3c2e77"));
const QString kFirstPartition = QStringLiteral("kudos_ledger_p2026w01");
const QString kIncidentPartition = QStringLiteral("kudos_ledger_p2025w50");

kudos::KudosForecast::Action action(kudos::RetentionDataset dataset, const QString& partition, const char* lo,
                                    const char* hi, const QString& to, qint64 rows,
                                    std::optional<qint64> bytes = std::nullopt) {
    kudos::KudosForecast::Action a;
    a.action.entry.dataset = dataset;
    a.action.entry.partition = partition;
    a.action.entry.lo = at(lo);
    a.action.entry.hi = at(hi);
    a.action.to = to;
    a.rows = rows;
    a.bytes = bytes;
    return a;
}

// A workspace with work in every dataset and something that needs a person in each.
RetentionPlan samplePlan() {
    RetentionPlan plan;
    plan.now = at("2026-03-10T14:30:00Z");
    plan.seconds = 2.4;

    auto& ps = plan.positions;
    ps.configured = true;
    ps.where = QStringLiteral("telemetry on db1.example.net:5432");
    ps.seconds = 1.3;
    PositionsPlan& p = ps.plan;
    p.mowers = 412;
    p.slicesPending = 5230;
    p.rowsScanned = 48'200'000;
    p.rowsToThin = 31'900'000;
    p.rowsToAgeDelete = 1'250'000;
    p.cutoff = at("2026-02-08T00:00:00Z");
    p.windowOpensAt = at("2026-03-10T21:00:00Z");
    p.windowClosesAt = at("2026-03-11T05:00:00Z");
    p.windowZone = QStringLiteral("Europe/Berlin");
    p.thinningSecondsTonight = 4 * 3600;
    p.recordedRounds = 14;
    p.slicesPerSecond = 0.21;
    p.slicesTonight = 3024;
    p.nights = 2;
    p.largestBacklogMower = kBacklogMower;
    p.largestBacklogSlices = 96;
    p.largestBacklogFrom = at("2026-01-02T00:00:00Z");
    p.failures.push_back({kBadMower, QStringLiteral("row at 2026-02-01T03:00:00Z has latitude 91.2"),
                          at("2026-02-01T03:00:00Z")});
    positions::RoundHistoryEntry round;
    round.startedAt = at("2026-03-09T21:00:05Z");
    round.budgetExhausted = true;
    round.mowers = 380;
    round.slices = 2950;
    round.deleted = 17'800'000;
    round.ageDeleted = 600'000;
    round.seconds = 14'340;
    p.lastRound = round;

    auto& ks = plan.kudos;
    ks.configured = true;
    ks.where = QStringLiteral("kudos on db2.example.net:5432");
    ks.seconds = 0.8;
    KudosPlan& k = ks.plan;
    k.archive = QStringLiteral("s3://kudos-archive/ at rgw.example.net");
    k.actions.push_back(action(kudos::RetentionDataset::Currency, kFirstPartition, "2026-01-05T00:00:00Z",
                               "2026-01-12T00:00:00Z", QStringLiteral("exported"), 1'204'332, 48'200'000));
    k.actions.push_back(action(kudos::RetentionDataset::Currency, QStringLiteral("kudos_ledger_p2025w52"),
                               "2025-12-22T00:00:00Z", "2025-12-29T00:00:00Z", QStringLiteral("dropped"),
                               1'188'410));
    k.actions.push_back(action(kudos::RetentionDataset::Statistics,
                               QStringLiteral("kudos_stat_events_p2026w01"), "2026-01-05T00:00:00Z",
                               "2026-01-12T00:00:00Z", QStringLiteral("rolled_up"), 3'410'002));
    kudos::RetentionIncident incident;
    incident.partition = kIncidentPartition;
    incident.rows = 37;
    incident.oldest = at("2025-12-11T08:14:00Z");
    k.incidents.push_back(incident);
    kudos::KudosForecast::Tier currency;
    currency.usedBytes = 3LL << 30; // 3 GB
    currency.budgetBytes = 10LL << 30;
    currency.budgetReachedOn = at("2027-01-05T00:00:00Z");
    kudos::KudosForecast::Tier statistics;
    statistics.dataset = kudos::RetentionDataset::Statistics;
    statistics.usedBytes = 900'000'000;
    k.tiers = {currency, statistics};
    k.drills = kudos::DrillCoverage{
        52, 48, 4, 30, at("2026-02-12T00:00:00Z"), QStringLiteral("currency/x"), at("2026-03-08T02:00:00Z")};
    kudos::CatalogEntry last;
    last.partition = QStringLiteral("kudos_ledger_p2025w51");
    last.lo = at("2025-12-15T00:00:00Z");
    last.hi = at("2025-12-22T00:00:00Z");
    last.state = QStringLiteral("dropped");
    last.updatedAt = at("2026-03-10T03:12:00Z");
    k.lastStep = last;

    auto& ts = plan.tracks;
    ts.configured = true;
    ts.where = QStringLiteral("/srv/gps_tracks.sqlite");
    ts.seconds = 0.4;
    TracksPlan& t = ts.plan;
    t.storeName = QStringLiteral("gps_tracks.sqlite");
    t.retentionYears = 5;
    t.cutoff = at("2021-03-10T00:00:00Z");
    for (qint64 id = 1; id <= 1834; ++id)
        t.tracksToDelete.push_back(id);
    t.bytesToFree = 412'000'000;
    t.tracks = 96'120;
    t.bytes = 2'350'000'000;
    t.aboveAlert = true;
    tracks::PipelineRun run;
    run.source = QStringLiteral("strava");
    run.region = QStringLiteral("alps");
    run.startedAt = QStringLiteral("2026-03-10T05:58:40Z");
    run.finishedAt = QStringLiteral("2026-03-10T06:00:12Z");
    run.status = QStringLiteral("ok");
    t.lastImport = run;

    plan.collectAlerts();
    return plan;
}

// A plan job for the loader tests: the plan of the request (quick or exact), after `delay`.
RetentionPlan fakePlan(const RetentionPlanRequest& request, int delayMs, TaskFeedback& feedback) {
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < delayMs && feedback.checkpoint())
        QThread::msleep(5);
    RetentionPlan plan = samplePlan();
    plan.now = request.now;
    plan.quick = request.quick;
    plan.positions.plan.estimated = request.quick;
    plan.cancelled = feedback.isCancelled();
    return plan;
}

} // namespace

class TestHomeWorkbench : public QObject {
    Q_OBJECT
  private:
    static void showAt(QWidget& w, int width, int height) {
        w.resize(width, height);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
    }

    // The layout settled (a plan just shown may have changed what the header and cards hold), then saved.
    static QString screenshot(QWidget& w, const QString& name) {
        QTest::qWait(30);
        QCoreApplication::sendPostedEvents();
        return test::saveScreenshot(&w, name);
    }

  private slots:
    void initTestCase() {
        qRegisterMetaType<WorkspaceDataset>();
        QLocale::setDefault(
            QLocale(QLocale::English, QLocale::UnitedStates)); // 1,234 whatever the system says
    }

    void cardsWithAlerts() {
        TaskManager tasks;
        HomePlan homePlan(&tasks);
        HomeWorkbench home(&homePlan);
        showAt(home, 1280, 720);
        QVERIFY(home.statusText().contains(QLatin1String("Not planned yet")));
        home.setPlan(samplePlan());

        QCOMPARE(home.alertList()->count(), 3);
        QVERIFY(home.alertList()->isVisible());
        QVERIFY(home.alertsHeading().contains(QLatin1String("3 item(s) need you")));
        QVERIFY(home.alertList()->item(0)->text().contains(QLatin1String("latitude 91.2")));
        QVERIFY(home.alertList()->item(1)->text().contains(kIncidentPartition));
        QVERIFY(home.alertList()->item(2)->text().contains(QLatin1String("2.00 GiB")));
        QCOMPARE(home.markerText(), QString()); // the exact plan: no marker
        QVERIFY(home.statusText().contains(QLatin1String("2026-03-10 14:30 UTC")));

        HomeCard* positions = home.card(WorkspaceDataset::Positions);
        QCOMPARE(positions->state(), HomeCard::State::Planned);
        QCOMPARE(positions->whereText(), QStringLiteral("telemetry on db1.example.net:5432"));
        const QString p = positions->bodyText();
        QVERIFY2(p.contains(QLatin1String("opens today 22:00 and closes tomorrow 06:00 (Europe/Berlin)")),
                 qPrintable(p));
        QVERIFY2(p.contains(QLatin1String("3,024 of the 5,230 slices")), qPrintable(p));
        QVERIFY2(p.contains(QLatin1String("clears in 2 night")), qPrintable(p));
        QVERIFY2(p.contains(QLatin1String("33,150,000 rows to delete")), qPrintable(p));
        QVERIFY2(p.contains(QLatin1String("stopped at its budget")), qPrintable(p));
        QVERIFY2(p.contains(QLatin1String("b00020")), qPrintable(p)); // the skipped mower, in red
        QCOMPARE(positions->openTarget(), kBacklogMower.toString(QUuid::WithoutBraces));

        HomeCard* kudos = home.card(WorkspaceDataset::Kudos);
        QCOMPARE(kudos->state(), HomeCard::State::Planned);
        const QString k = kudos->bodyText();
        QVERIFY2(k.contains(QLatin1String("3 step(s)")), qPrintable(k));
        QVERIFY2(k.contains(QLatin1String("export")) && k.contains(QLatin1String("roll up")), qPrintable(k));
        QVERIFY2(k.contains(QLatin1String("currency: 3.00 GiB of 10.0 GiB (30.0 %)")), qPrintable(k));
        QVERIFY2(k.contains(QLatin1String("Drills: 48 of 52")), qPrintable(k));
        QVERIFY2(k.contains(QLatin1String("href=\"open:") + kIncidentPartition), qPrintable(k));
        QCOMPARE(kudos->openTarget(), kFirstPartition);

        HomeCard* tracks = home.card(WorkspaceDataset::Tracks);
        const QString t = tracks->bodyText();
        QVERIFY2(t.contains(QLatin1String("Deletes 1834 track(s)")) || t.contains(QLatin1String("1,834")),
                 qPrintable(t));
        QVERIFY2(t.contains(QLatin1String("at or above it")), qPrintable(t));
        QVERIFY2(t.contains(QLatin1String("strava")), qPrintable(t));

        QVERIFY(!screenshot(home, QStringLiteral("home-alerts.png")).isEmpty());
        // The tab's size in a 1280×720 window with the Jobs dock beside it.
        home.resize(960, 620);
        QVERIFY(!screenshot(home, QStringLiteral("home-alerts-960.png")).isEmpty());
    }

    // Each card's figures say what its text says: the backlog night by night at the recorded pace, the tiers
    // against their budgets (none: said), the store against its mark; painted inside the card, not
    // overprinted.
    void cardsDrawTheirFigures() {
        TaskManager tasks;
        HomePlan homePlan(&tasks);
        HomeWorkbench home(&homePlan);
        showAt(home, 1280, 720);
        RetentionPlan plan = samplePlan();
        home.setPlan(plan);
        const auto texts = [](const BarFigure* figure) {
            QStringList out;
            for (const BarFigure::Bar& bar : figure->bars())
                out << QStringLiteral("%1=%2@%3%4")
                           .arg(bar.label, bar.value)
                           .arg(bar.fraction, 0, 'f', 3)
                           .arg(bar.warn ? QStringLiteral("!") : QString());
            return out.join(QStringLiteral("; "));
        };
        const BarFigure* positions = home.card(WorkspaceDataset::Positions)->figure();
        QCOMPARE(positions->title(), QStringLiteral("Slices pending after each night at the recorded pace"));
        QCOMPARE(texts(positions), QStringLiteral("now=5,230 slice(s)@1.000; night 1=2,206 slice(s)@0.422; "
                                                  "night 2=0 slice(s)@0.000"));
        const BarFigure* kudos = home.card(WorkspaceDataset::Kudos)->figure();
        QCOMPARE(kudos->title(), QStringLiteral("Archive tiers against their budgets"));
        QCOMPARE(texts(kudos), QStringLiteral("currency=3.00 GiB of 10.0 GiB@0.300; "
                                              "statistics=858 MiB, no budget set@-1.000"));
        const BarFigure* tracks = home.card(WorkspaceDataset::Tracks)->figure();
        QCOMPARE(tracks->title(), QStringLiteral("The store against the 2.00 GiB mark"));
        QCOMPARE(texts(tracks),
                 QStringLiteral("now=2.19 GiB (109.4 %)@1.094!; after retention=≈ 1.80 GiB@0.902"));
        for (const BarFigure* figure : {positions, kudos, tracks}) {
            QVERIFY(figure->isVisible());
            const auto labels = figure->drawnLabels();
            QCOMPARE(labels.size(), 1 + 2 * int(figure->bars().size()));
            for (int i = 0; i < labels.size(); ++i) {
                QVERIFY2(figure->rect().contains(labels[i].second), qPrintable(labels[i].first));
                for (int j = i + 1; j < labels.size(); ++j)
                    QVERIFY2(!labels[i].second.intersects(labels[j].second), qPrintable(labels[j].first));
            }
        }

        // Without a recorded pace the backlog is one bar and the title says why; a PostGIS store has no mark.
        plan.positions.plan.slicesTonight.reset();
        plan.tracks.plan.postgis = true;
        home.setPlan(plan);
        QCOMPARE(positions->title(), QStringLiteral("Slices pending (no recorded pace to project them)"));
        QCOMPARE(texts(positions), QStringLiteral("now=5,230 slice(s)@1.000"));
        QVERIFY(!tracks->isVisibleTo(&home));
    }

    void nothingConfigured() {
        TaskManager tasks;
        HomePlan homePlan(&tasks);
        HomeWorkbench home(&homePlan);
        showAt(home, 1280, 720);
        RetentionPlan plan;
        plan.now = at("2026-03-10T14:30:00Z");
        plan.collectAlerts();
        home.setPlan(plan);
        QCOMPARE(home.alertList()->count(), 0);
        QVERIFY(!home.alertList()->isVisible());
        QVERIFY(home.alertsHeading().contains(QLatin1String("Nothing needs you.")));
        QVERIFY(home.statusText().contains(QLatin1String("No dataset is configured")));
        for (WorkspaceDataset d :
             {WorkspaceDataset::Positions, WorkspaceDataset::Kudos, WorkspaceDataset::Tracks}) {
            HomeCard* card = home.card(d);
            QCOMPARE(card->state(), HomeCard::State::NotConfigured);
            QVERIFY(card->bodyText().contains(QStringLiteral("Not configured — File ▸ Connect…")));
            QVERIFY(!card->openButton()->isVisible());
            QCOMPARE(card->whereText(), QString());
        }
        QVERIFY(!screenshot(home, QStringLiteral("home-not-configured.png")).isEmpty());
    }

    void unreachableSection() {
        TaskManager tasks;
        HomePlan homePlan(&tasks);
        HomeWorkbench home(&homePlan);
        showAt(home, 1280, 720);
        RetentionPlan plan = samplePlan();
        plan.positions.plan = {};
        plan.positions.where = QStringLiteral("db1.example.net:5432");
        plan.positions.error = QStringLiteral("cannot connect to db1.example.net:5432 (dbname=telemetry): "
                                              "Connection refused. Is the server running "
                                              "on that host and accepting TCP/IP connections?");
        plan.collectAlerts();
        home.setPlan(plan);

        HomeCard* positions = home.card(WorkspaceDataset::Positions);
        QCOMPARE(positions->state(), HomeCard::State::Failed);
        QVERIFY(positions->bodyText().contains(QLatin1String("db1.example.net:5432")));
        QVERIFY(positions->bodyText().contains(QLatin1String("b00020")));
        QVERIFY(positions->openButton()->isVisible());
        QCOMPARE(positions->openTarget(), QString());
        // The others still show their plans.
        QCOMPARE(home.card(WorkspaceDataset::Kudos)->state(), HomeCard::State::Planned);
        QCOMPARE(home.card(WorkspaceDataset::Tracks)->state(), HomeCard::State::Planned);
        QVERIFY(home.card(WorkspaceDataset::Kudos)->bodyText().contains(kFirstPartition));
        // The failed section is an alert of its own, naming the server.
        QVERIFY(home.alertList()->count() >= 1);
        QVERIFY(home.alertList()->item(0)->text().startsWith(QLatin1String("positions: cannot connect to "
                                                                           "db1.example.net:5432")));
        QVERIFY(!screenshot(home, QStringLiteral("home-unreachable.png")).isEmpty());
    }

    void openLinksEmitTheirTargets() {
        TaskManager tasks;
        HomePlan homePlan(&tasks);
        HomeWorkbench home(&homePlan);
        showAt(home, 1280, 720);
        home.setPlan(samplePlan());
        QSignalSpy open(&home, &HomeWorkbench::openWorkbench);

        QTest::mouseClick(home.card(WorkspaceDataset::Positions)->openButton(), Qt::LeftButton);
        QTest::mouseClick(home.card(WorkspaceDataset::Kudos)->openButton(), Qt::LeftButton);
        QTest::mouseClick(home.card(WorkspaceDataset::Tracks)->openButton(), Qt::LeftButton);
        QCOMPARE(open.count(), 3);
        QCOMPARE(open.at(0).at(0).value<WorkspaceDataset>(), WorkspaceDataset::Positions);
        QCOMPARE(open.at(0).at(1).toString(), kBacklogMower.toString(QUuid::WithoutBraces));
        QCOMPARE(open.at(1).at(0).value<WorkspaceDataset>(), WorkspaceDataset::Kudos);
        QCOMPARE(open.at(1).at(1).toString(), kFirstPartition);
        QCOMPARE(open.at(2).at(0).value<WorkspaceDataset>(), WorkspaceDataset::Tracks);
        QCOMPARE(open.at(2).at(1).toString(), QString());

        // An alert, clicked where it is drawn.
        QListWidget* alerts = home.alertList();
        QTest::mouseClick(alerts->viewport(), Qt::LeftButton, {},
                          alerts->visualItemRect(alerts->item(1)).center());
        QCOMPARE(open.count(), 4);
        QCOMPARE(open.at(3).at(0).value<WorkspaceDataset>(), WorkspaceDataset::Kudos);
        QCOMPARE(open.at(3).at(1).toString(), kIncidentPartition);
        QTest::mouseClick(alerts->viewport(), Qt::LeftButton, {},
                          alerts->visualItemRect(alerts->item(0)).center());
        QCOMPARE(open.at(4).at(1).toString(), kBadMower.toString(QUuid::WithoutBraces));

        // A link in a card's text (the label emits linkActivated with the href a click on it gives).
        emit home.card(WorkspaceDataset::Kudos)
            ->body()
            ->linkActivated(QStringLiteral("open:") + kIncidentPartition);
        QCOMPARE(open.count(), 6);
        QCOMPARE(open.at(5).at(0).value<WorkspaceDataset>(), WorkspaceDataset::Kudos);
        QCOMPARE(open.at(5).at(1).toString(), kIncidentPartition);
    }

    void quickPlanFirstThenExact() {
        TaskManager tasks;
        HomePlan homePlan(&tasks, nullptr, [](const RetentionPlanRequest& request, TaskFeedback& feedback) {
            return fakePlan(request, request.quick ? 20 : 400, feedback);
        });
        HomeWorkbench home(&homePlan);
        showAt(home, 1280, 720);
        RetentionPlanRequest request;
        request.now = at("2026-03-10T14:30:00Z");
        home.setRequestSource([request] { return request; });
        QSignalSpy shown(&home, &HomeWorkbench::planShown);
        QTest::mouseClick(home.refreshButton(), Qt::LeftButton);
        QVERIFY(home.isRefreshing());
        QCOMPARE(home.markerText(), QStringLiteral("computing…"));
        QVERIFY(home.statusText().contains(QLatin1String("Computing the plan")));

        QTRY_COMPARE(shown.count(), 1);
        QCOMPARE(shown.at(0).at(0).toBool(), true);
        QVERIFY(home.plan().quick);
        QCOMPARE(home.markerText(), QStringLiteral("estimated · refining…"));
        QVERIFY(home.isRefreshing());
        QVERIFY2(home.card(WorkspaceDataset::Positions)->bodyText().contains(QStringLiteral("≈ ")),
                 qPrintable(home.card(WorkspaceDataset::Positions)->bodyText()));
        QVERIFY(!screenshot(home, QStringLiteral("home-quick.png")).isEmpty());

        QTRY_COMPARE(shown.count(), 2);
        QCOMPARE(shown.at(1).at(0).toBool(), false);
        QVERIFY(!home.plan().quick);
        QVERIFY(!home.isRefreshing());
        QCOMPARE(home.markerText(), QString());
        QVERIFY(!home.card(WorkspaceDataset::Positions)->bodyText().contains(QLatin1String("estimated")));
        // Both ran as tasks of the one TaskManager (the Jobs dock lists them).
        QCOMPARE(tasks.tasks()->rowCount(), 2);
    }

    void aNewerRefreshDropsTheOlderPlan() {
        TaskManager tasks;
        HomePlan homePlan(&tasks, nullptr, [](const RetentionPlanRequest& request, TaskFeedback& feedback) {
            // The first refresh's plan is slow; the second's is quick.
            return fakePlan(request, request.now == 1 ? 2000 : 10, feedback);
        });
        HomeWorkbench home(&homePlan);
        showAt(home, 1280, 720);
        QSignalSpy shown(&home, &HomeWorkbench::planShown);
        RetentionPlanRequest first;
        first.now = 1;
        home.refresh(first);
        QTest::qWait(50);
        RetentionPlanRequest second;
        second.now = 2;
        home.refresh(second);
        QTRY_COMPARE(shown.count(), 2);
        QTRY_VERIFY(!home.isRefreshing());
        QTest::qWait(100); // the first plan, cancelled, has been delivered and dropped by now
        QCOMPARE(tasks.activeCount(), 0);
        QCOMPARE(shown.count(), 2);
        QCOMPARE(home.plan().now, Micros(2));
        QVERIFY(!home.plan().quick);
    }

    // The real plan job: a positions server nobody listens on and a tracks file. The positions card names
    // the server, the tracks card shows its plan, kudos is not configured.
    void unreachableServerThroughTheJob() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(QStringLiteral("gps_tracks.sqlite"));
        test::freshTracksFile(file);
        TaskManager tasks;
        HomePlan homePlan(&tasks);
        HomeWorkbench home(&homePlan);
        showAt(home, 1280, 720);
        RetentionPlanRequest request;
        request.connections.positionsConninfo =
            QStringLiteral("host=127.0.0.1 port=1 dbname=telemetry user=nobody connect_timeout=3");
        request.connections.tracksPath = file;
        request.now = nowMicros();
        request.machineNow = request.now;
        QSignalSpy shown(&home, &HomeWorkbench::planShown);
        home.refresh(request);
        QVERIFY(QTest::qWaitFor([&] { return shown.count() == 2; }, 60000));
        QVERIFY(!home.plan().quick);

        HomeCard* positions = home.card(WorkspaceDataset::Positions);
        QCOMPARE(positions->state(), HomeCard::State::Failed);
        QVERIFY2(positions->bodyText().contains(QLatin1String("127.0.0.1")),
                 qPrintable(positions->bodyText()));
        HomeCard* tracks = home.card(WorkspaceDataset::Tracks);
        QVERIFY2(tracks->state() == HomeCard::State::Planned, qPrintable(tracks->bodyText()));
        QVERIFY2(tracks->bodyText().contains(QLatin1String("Nothing to delete")),
                 qPrintable(tracks->bodyText()));
        QCOMPARE(home.card(WorkspaceDataset::Kudos)->state(), HomeCard::State::NotConfigured);
        QVERIFY(home.alertList()->count() >= 1);
        QVERIFY(home.alertList()->item(0)->text().startsWith(QLatin1String("positions: ")));
        QVERIFY(!screenshot(home, QStringLiteral("home-unreachable-job.png")).isEmpty());
    }

    // Save plan… writes the exact plan as `plan --out` does; Open plan… reads it back into the plan dialog,
    // whose Apply deletes exactly the plan's ten old tracks (the ten recent ones stay) and shows each unit
    // applied.
    void savePlanAndOpenPlan() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = test::agedTracksFile(dir.filePath(QStringLiteral("aged.sqlite")), nowMicros());
        TaskManager tasks;
        HomePlan homePlan(&tasks);
        HomeWorkbench home(&homePlan);
        showAt(home, 1280, 720);
        RetentionPlanRequest request;
        request.connections.tracksPath = file;
        request.now = nowMicros();
        request.machineNow = request.now;
        home.setRequestSource([request] { return request; });
        QVERIFY(!home.savePlanButton()->isEnabled());
        QSignalSpy shown(&home, &HomeWorkbench::planShown);
        home.refresh();
        QVERIFY(QTest::qWaitFor([&] { return shown.count() == 2; }, 60000));
        QVERIFY(home.savePlanButton()->isEnabled());
        const QString planPath = dir.filePath(QStringLiteral("plan.json"));
        QVERIFY2(home.savePlan(planPath), qPrintable(home.statusText()));
        const QJsonObject saved = planfile::read(planPath);
        QCOMPARE(saved.value(QStringLiteral("tracks"))
                     .toObject()
                     .value(QStringLiteral("units"))
                     .toObject()
                     .value(QStringLiteral("delete_ids"))
                     .toArray()
                     .size(),
                 10);

        QSignalSpy opened(&home, &HomeWorkbench::planOpened);
        home.openPlan(planPath);
        QVERIFY(QTest::qWaitFor([&] { return home.planDialog() != nullptr; }, 30000));
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.first().at(1).toJsonObject(), saved);
        PlanDialog* dialog = home.planDialog();
        QCOMPARE(dialog->units()->rowCount(), 10);
        QVERIFY(!screenshot(*dialog, QStringLiteral("home-plan-opened.png")).isEmpty());
        QSignalSpy applied(&home, &HomeWorkbench::planApplied);
        QTest::mouseClick(dialog->applyButton(), Qt::LeftButton);
        QVERIFY(applied.wait(60000));
        for (int row = 0; row < dialog->units()->rowCount(); ++row)
            QCOMPARE(dialog->units()->item(row, 3)->text(), QStringLiteral("applied"));
        auto db = tracks::TracksDatabase::open(tracks::TracksLocation{file, {}},
                                               tracks::TracksDatabase::Access::ReadOnly);
        QCOMPARE(db->trackCount(), 10);
        QVERIFY(!screenshot(*dialog, QStringLiteral("home-plan-applied.png")).isEmpty());
    }
};

QTEST_MAIN(TestHomeWorkbench)
#include "test_homeworkbench.moc"
