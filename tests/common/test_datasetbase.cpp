// The one dataset base (DatasetBase) and the datasets on it: a task's result reaches the dataset only while
// its slot and its source are the current ones, a new source or a failed load empties every model, and a
// dataset's destruction cancels every task it started. Real files and a real PostgreSQL where a dataset
// reads one; a small dataset of the test's own for the base's exact rules.
#include "coveringobjectmodel.h"
#include "datasetbase.h"
#include "disputecase.h"
#include "freshtracksfile.h"
#include "homeplan.h"
#include "kudosdataset.h"
#include "kudostablesummarymodel.h"
#include "mowersummarymodel.h"
#include "positionsdataset.h"
#include "taskfeedback.h"
#include "taskmanager.h"
#include "testpostgres.h"
#include "trackimporter.h"
#include "tracksdataset.h"
#include "tracksourcelist.h"
#include "trackssummarymodel.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <atomic>

using namespace tidemark;

namespace {

// Works until cancelled (at most 20 s), then says whether it was.
bool workUntilCancelled(TaskFeedback& feedback) {
    for (int i = 0; i < 2000 && !feedback.isCancelled(); ++i)
        QThread::msleep(10);
    return feedback.isCancelled();
}

// A dataset of the test's own: its tasks, what reached it, and how often its models were emptied.
class ProbeDataset : public DatasetBase {
  public:
    explicit ProbeDataset(TaskManager* tasks) : DatasetBase(tasks, nullptr) {}
    TaskSlot slot;
    QList<int> values;
    QStringList errors;
    int cleared = 0;

    int start(int value, int sleepMs) {
        Task<int> task;
        task.title = QStringLiteral("probe %1").arg(value);
        task.work = [value, sleepMs](TaskFeedback&) {
            QThread::msleep(sleepMs);
            return value;
        };
        return run<int>(
            std::move(task), slot, [this](const int& v) { values << v; },
            [this](const Error& e) { errors << e.message(); });
    }
    int startUntilCancelled(bool inSlot) {
        Task<int> task;
        task.title = QStringLiteral("probe until cancelled");
        task.work = [](TaskFeedback& feedback) { return workUntilCancelled(feedback) ? 1 : 0; };
        const auto done = [this](const int& v) { values << v; };
        return inSlot ? run<int>(std::move(task), slot, done) : run<int>(std::move(task), done);
    }
    int startFailing(int sleepMs) {
        Task<int> task;
        task.title = QStringLiteral("probe failing");
        task.work = [sleepMs](TaskFeedback&) -> int {
            QThread::msleep(sleepMs);
            throw Error(Error::Kind::Failed, QStringLiteral("refused"));
        };
        return run<int>(
            std::move(task), slot, [this](const int& v) { values << v; },
            [this](const Error& e) { errors << e.message(); });
    }
    void newSource(const QString& name) { changeSource(name); }

  protected:
    void clearModels() override { ++cleared; }
};

TaskListModel::State stateOf(TaskManager& tasks, int id) {
    const int row = tasks.tasks()->rowOf(id);
    return row < 0 ? TaskListModel::State::Failed : tasks.tasks()->state(row);
}

} // namespace

class TestDatasetBase : public QObject {
    Q_OBJECT
  private slots:
    void aNewerTaskOfTheSlotReplacesTheOlder() {
        TaskManager tasks;
        ProbeDataset data(&tasks);
        const int older = data.start(1, 300);
        data.start(2, 10);
        QTRY_COMPARE(tasks.activeCount(), 0);
        QTest::qWait(50);
        QCOMPARE(data.values, QList<int>{2}); // the older one's value never arrives
        QCOMPARE(stateOf(tasks, older), TaskListModel::State::Cancelled);
        QVERIFY(!data.slot.busy());
    }

    void aNewSourceDropsWhatTheLastOneStillDelivers() {
        TaskManager tasks;
        ProbeDataset data(&tasks);
        QSignalSpy cleared(&data, &DatasetBase::cleared);
        data.start(1, 200);
        data.startFailing(200);
        data.newSource(QStringLiteral("another server"));
        QCOMPARE(data.cleared, 1);
        QCOMPARE(cleared.count(), 1);
        QCOMPARE(data.sourceName(), QStringLiteral("another server"));
        QTRY_COMPARE(tasks.activeCount(), 0);
        QTest::qWait(50);
        QVERIFY(data.values.isEmpty());
        QVERIFY(data.errors.isEmpty());
        QVERIFY(!data.slot.busy());
        // The new source's own task is shown.
        data.start(3, 10);
        QTRY_COMPARE(data.values, QList<int>{3});
    }

    void destructionCancelsEveryTask() {
        TaskManager tasks;
        auto* data = new ProbeDataset(&tasks);
        const QList<int> ids = {data->startUntilCancelled(true), data->startUntilCancelled(false),
                                data->startUntilCancelled(false)};
        QCOMPARE(data->runningTaskCount(), 3);
        delete data;
        QTRY_COMPARE_WITH_TIMEOUT(tasks.activeCount(), 0, 10000);
        for (int id : ids)
            QCOMPARE(stateOf(tasks, id), TaskListModel::State::Cancelled);
    }

    // Each dataset of the console on the base: its running tasks end with it.
    void everyConsoleDatasetCancelsItsTasksWhenDestroyed() {
        TaskManager tasks;
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("tracks.sqlite"));
        test::freshTracksFile(file);
        auto* trackData = new tracks::TracksDataset(&tasks);
        trackData->setPath(file);
        trackData->loadForecast();
        QVERIFY(trackData->runningTaskCount() > 0);
        delete trackData;
        auto* home = new HomePlan(&tasks, nullptr, [](const RetentionPlanRequest&, TaskFeedback& feedback) {
            RetentionPlan plan;
            plan.cancelled = workUntilCancelled(feedback);
            return plan;
        });
        home->refresh({});
        QCOMPARE(home->runningTaskCount(), 1);
        delete home;
        QTRY_COMPARE_WITH_TIMEOUT(tasks.activeCount(), 0, 10000);
        for (int row = 0; row < tasks.tasks()->rowCount(); ++row)
            QVERIFY(tasks.tasks()->state(row) != TaskListModel::State::Running);
    }

    // Another store, then a file that is not one: nothing of the first is left in the dataset's models.
    void tracksShowNothingOfTheLastStore() {
        TaskManager tasks;
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("tracks.sqlite"));
        {
            auto db = test::freshTracksFile(good);
            std::vector<tracks::ImportedTrack> batch;
            for (int n = 1; n <= 3; ++n)
                batch.push_back(test::numberedTrack(n, QStringLiteral("osm")));
            tracks::TrackImporter(*db, tracks::TrackSourceList::demo(), nowMicros())
                .importBatch(QStringLiteral("si"), QStringLiteral("osm"), batch);
        }
        const QString bad = dir.filePath(QStringLiteral("notes.sqlite"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a tracks store\n");
        f.close();

        tracks::TracksDataset data(&tasks);
        QSignalSpy loaded(&data, &tracks::TracksDataset::loaded);
        QSignalSpy failed(&data, &tracks::TracksDataset::loadFailed);
        data.setPath(good);
        QTRY_COMPARE(loaded.count(), 1);
        QCOMPARE(data.fileFacts().extent.tracks, 3);
        QVERIFY(data.summary()->rowCount() > 0);

        // The good store again, and at once the bad file: the good store's load never shows.
        data.setPath(good);
        data.setPath(bad);
        QCOMPARE(data.summary()->rowCount(), 0);
        QTRY_VERIFY(failed.count() >= 1);
        QTRY_COMPARE(tasks.activeCount(), 0);
        QCOMPARE(loaded.count(), 1);
        QVERIFY(!data.hasData());
        QCOMPARE(data.fileFacts().extent.tracks, 0);
        QCOMPARE(data.summary()->rowCount(), 0);
        QCOMPARE(data.health().tracks, 0);
    }

    // The Home's plan of the last connections is gone with them, and one still computing never shows.
    void theHomeDropsThePlanOfTheLastConnections() {
        TaskManager tasks;
        std::atomic<int> calls{0};
        HomePlan home(&tasks, nullptr, [&calls](const RetentionPlanRequest& request, TaskFeedback&) {
            ++calls;
            QThread::msleep(request.quick ? 10 : 300);
            RetentionPlan plan;
            plan.quick = request.quick;
            return plan;
        });
        QSignalSpy ready(&home, &HomePlan::planReady);
        QSignalSpy cleared(&home, &DatasetBase::cleared);
        home.refresh({});
        QTRY_COMPARE(ready.count(), 1); // the quick plan; the exact one runs
        QVERIFY(home.plan().has_value());
        home.setSource(QStringLiteral("another workspace"));
        QCOMPARE(cleared.count(), 1);
        QVERIFY(!home.plan().has_value());
        QTRY_COMPARE(tasks.activeCount(), 0);
        QTest::qWait(50);
        QCOMPARE(ready.count(), 1);
        QVERIFY(!home.plan().has_value());
    }

    // A connection that fails leaves no figure of the last one: the positions and kudos models, and the
    // dispute case on the kudos connection.
    void aFailedConnectionLeavesNothingOfTheLastOne() {
        TaskManager tasks;
        const QString missing =
            test::TestPostgres::adminConninfo() + QStringLiteral(" dbname=tidemark_no_such_database");

        positions::PositionsDataset positions(&tasks);
        positions::MowerSummary mower;
        mower.mowerId = QUuid::createUuid();
        mower.rows = 42;
        positions.mowers()->setMowers({mower});
        QSignalSpy positionsFailed(&positions, &positions::PositionsDataset::loadFailed);
        positions.setConnection(missing, QStringLiteral("nowhere"));
        QCOMPARE(positions.mowers()->rowCount(), 0);
        QTRY_COMPARE(positionsFailed.count(), 1);
        QCOMPARE(positions.mowers()->rowCount(), 0);
        QVERIFY(!positions.lastPreview());
        QVERIFY(!positions.plan());

        kudos::KudosDataset kudos(&tasks);
        kudos::DisputeCase dispute(&kudos);
        kudos::KudosTableSummary table;
        table.table = QStringLiteral("kudos_ledger");
        table.rows = 7;
        kudos.tables()->setTables({table});
        kudos::CoveringObject object;
        object.key = QStringLiteral("kudos/ledger/2026-01.jsonl.zst");
        dispute.objects()->setObjects({object});
        QSignalSpy kudosFailed(&kudos, &kudos::KudosDataset::loadFailed);
        QSignalSpy disputeCleared(&dispute, &DatasetBase::cleared);
        kudos.setConnection(missing, {}, QStringLiteral("nowhere"));
        QCOMPARE(kudos.tables()->rowCount(), 0);
        QCOMPARE(dispute.objects()->rowCount(), 0);
        QCOMPARE(disputeCleared.count(), 1);
        QCOMPARE(dispute.sourceName(), QStringLiteral("nowhere"));
        QTRY_COMPARE(kudosFailed.count(), 1);
        QCOMPARE(kudos.tables()->rowCount(), 0);
        QTRY_COMPARE(tasks.activeCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestDatasetBase)
#include "test_datasetbase.moc"
