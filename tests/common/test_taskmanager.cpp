// The one task system: values and typed errors back on the GUI thread, typed progress (coalesced, the latest
// always delivered), pause held at a checkpoint, resume, cancel, dropped callbacks of a destroyed context,
// and the task list under QAbstractItemModelTester.
#include "error.h"
#include "taskmanager.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <atomic>

using namespace tidemark;

class TestTaskManager : public QObject {
    Q_OBJECT
  private slots:
    void valueAndSummary() {
        TaskManager manager;
        QAbstractItemModelTester tester(manager.tasks(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&manager, &TaskManager::taskFinished);
        int delivered = 0;
        Task<int> task;
        task.title = QStringLiteral("answer");
        task.work = [](TaskFeedback&) { return 42; };
        task.summarize = [](const int& v) { return QStringLiteral("got %1").arg(v); };
        const int id = manager.start<int>(std::move(task), this, [&](const int& v) { delivered = v; });
        QVERIFY(manager.isActive(id));
        QVERIFY(finished.wait(10000));
        QCOMPARE(delivered, 42);
        const int row = manager.tasks()->rowOf(id);
        QCOMPARE(manager.tasks()->state(row), TaskListModel::State::Done);
        QCOMPARE(manager.tasks()->index(row, TaskListModel::ResultColumn).data().toString(),
                 QStringLiteral("got 42"));
        QCOMPARE(manager.tasks()->index(row, TaskListModel::ProgressColumn).data().toString(),
                 QStringLiteral("100%"));
        QVERIFY(!manager.isActive(id));
        QCOMPARE(manager.activeCount(), 0);
    }

    void errorKeepsItsKind() {
        TaskManager manager;
        QSignalSpy finished(&manager, &TaskManager::taskFinished);
        std::optional<Error> failure;
        Task<int> task;
        task.title = QStringLiteral("bad");
        task.work = [](TaskFeedback&) -> int {
            throw Error(Error::Kind::Schema, QStringLiteral("mower_positions is missing"));
        };
        const int id = manager.start<int>(
            std::move(task), this, [](const int&) { QFAIL("no value expected"); },
            [&](const Error& e) { failure = e; });
        QVERIFY(finished.wait(10000));
        QVERIFY(failure);
        QCOMPARE(failure->kind(), Error::Kind::Schema);
        QCOMPARE(failure->message(), QStringLiteral("mower_positions is missing"));
        const int row = manager.tasks()->rowOf(id);
        QCOMPARE(manager.tasks()->state(row), TaskListModel::State::Failed);
        QCOMPARE(manager.tasks()->index(row, TaskListModel::ResultColumn).data().toString(),
                 QStringLiteral("mower_positions is missing"));
    }

    // Progress is typed (stage, counts, rows, time left, a detail) and the latest report always arrives.
    void typedProgressArrivesCoalesced() {
        TaskManager manager;
        std::vector<TaskProgress> seen;
        connect(&manager, &TaskManager::progressed, this,
                [&](int, const TaskProgress& p) { seen.push_back(p); });
        QSignalSpy finished(&manager, &TaskManager::taskFinished);
        Task<int> task;
        task.title = QStringLiteral("counting");
        task.work = [](TaskFeedback& feedback) {
            for (int i = 1; i <= 20000; ++i) {
                TaskProgress p;
                p.stage = QStringLiteral("slice");
                p.done = i;
                p.total = 20000;
                p.rows = 10LL * i;
                p.secondsLeft = 20000 - i;
                p.detail = QVariant::fromValue(QStringLiteral("mower a"));
                feedback.report(p);
            }
            return 0;
        };
        manager.start<int>(std::move(task), this, {});
        QVERIFY(finished.wait(10000));
        QVERIFY(!seen.empty());
        QVERIFY(seen.size() < 20000); // coalesced, not one event per report
        const TaskProgress& last = seen.back();
        QCOMPARE(last.done, 20000);
        QCOMPARE(last.rows, 200000);
        QCOMPARE(last.fraction(), 1.0);
        QCOMPARE(last.detail.toString(), QStringLiteral("mower a"));
        QVERIFY(last.describe().contains(QStringLiteral("slice")));
    }

    // A pause takes hold at the next checkpoint (the task waits there, no time is guessed), resume goes on,
    // cancel ends the task as Cancelled with Error::Kind::Cancelled.
    void pauseHoldsResumeAndCancel() {
        TaskManager manager;
        QSignalSpy finished(&manager, &TaskManager::taskFinished);
        auto feedbackOf = std::make_shared<std::atomic<TaskFeedback*>>(nullptr);
        std::atomic<int> units{0};
        std::optional<Error> failure;
        Task<int> task;
        task.title = QStringLiteral("slow");
        task.pausable = true;
        task.work = [&, feedbackOf](TaskFeedback& feedback) {
            feedbackOf->store(&feedback);
            while (feedback.checkpoint())
                ++units;
            return int(units);
        };
        const int id = manager.start<int>(std::move(task), this, {}, [&](const Error& e) { failure = e; });
        QTRY_VERIFY(units > 0);
        QVERIFY(manager.pause(id));
        QCOMPARE(manager.tasks()->state(manager.tasks()->rowOf(id)), TaskListModel::State::Paused);
        QTRY_VERIFY(feedbackOf->load()->isHeld());
        const int held = units;
        QCoreApplication::processEvents();
        QCOMPARE(int(units), held); // held in checkpoint(): no unit can run
        QVERIFY(manager.resume(id));
        QTRY_VERIFY(units > held);
        QVERIFY(manager.cancel(id));
        QVERIFY(finished.wait(10000));
        QVERIFY(failure);
        QCOMPARE(failure->kind(), Error::Kind::Cancelled);
        QCOMPARE(manager.tasks()->state(manager.tasks()->rowOf(id)), TaskListModel::State::Cancelled);
        QVERIFY(!manager.tasks()->canCancel(manager.tasks()->rowOf(id)));
    }

    // A job that returns its report after a cancel (Task::reportsCancel): the report reaches onSuccess, the
    // task is listed as Cancelled with the report's summary, and onFailure is not called.
    void cancelledJobHandsItsReport() {
        TaskManager manager;
        QSignalSpy finished(&manager, &TaskManager::taskFinished);
        std::atomic<int> units{0};
        std::optional<int> report;
        bool failed = false;
        Task<int> task;
        task.title = QStringLiteral("job");
        task.reportsCancel = true;
        task.work = [&](TaskFeedback& feedback) {
            while (feedback.checkpoint())
                ++units;
            return int(units); // what was committed before the stop
        };
        task.summarize = [](const int& done) { return QStringLiteral("%1 units").arg(done); };
        const int id = manager.start<int>(
            std::move(task), this, [&](const int& value) { report = value; },
            [&](const Error&) { failed = true; });
        QTRY_VERIFY(units > 0);
        QVERIFY(manager.cancel(id));
        QVERIFY(finished.wait(10000));
        QVERIFY(report);
        QVERIFY(!failed);
        QCOMPARE(*report, int(units));
        const int row = manager.tasks()->rowOf(id);
        QCOMPARE(manager.tasks()->state(row), TaskListModel::State::Cancelled);
        QCOMPARE(manager.tasks()->data(manager.tasks()->index(row, TaskListModel::ResultColumn)).toString(),
                 QStringLiteral("%1 units").arg(int(units)));
    }

    void unpausableTaskRefusesPause() {
        TaskManager manager;
        QSignalSpy finished(&manager, &TaskManager::taskFinished);
        std::atomic<bool> release{false};
        Task<int> task;
        task.title = QStringLiteral("load");
        task.work = [&](TaskFeedback& feedback) {
            while (!release && !feedback.isCancelled())
                QThread::yieldCurrentThread();
            return 1;
        };
        const int id = manager.start<int>(std::move(task), this, {});
        QVERIFY(!manager.pause(id));
        release = true;
        QVERIFY(finished.wait(10000));
    }

    void destroyedContextDropsCallbacks() {
        TaskManager manager;
        QSignalSpy finished(&manager, &TaskManager::taskFinished);
        auto context = std::make_unique<QObject>();
        bool called = false;
        std::atomic<bool> release{false};
        Task<int> task;
        task.title = QStringLiteral("orphan");
        task.work = [&](TaskFeedback&) {
            while (!release)
                QThread::yieldCurrentThread();
            return 7;
        };
        manager.start<int>(std::move(task), context.get(), [&](const int&) { called = true; });
        context.reset();
        release = true;
        QVERIFY(finished.wait(10000));
        QVERIFY(!called);
        QCOMPARE(manager.tasks()->state(0), TaskListModel::State::Done); // the Jobs dock still shows it
    }

    void progressTexts() {
        TaskProgress p = TaskProgress::share(0.25, QStringLiteral("loading"));
        QCOMPARE(p.fraction(), 0.25);
        QCOMPARE(p.describe(), QStringLiteral("loading")); // a share shows no unit counts
        TaskProgress q;
        QCOMPARE(q.fraction(), -1.0);
        q.stage = QStringLiteral("slices");
        q.done = 3;
        q.total = 9;
        q.rows = 1234;
        q.secondsLeft = 125;
        QCOMPARE(q.describe(), QStringLiteral("slices · 3 / 9 · 1,234 rows · 2 min 5 s left"));
        // Sizes and times left read as everywhere else (display::size, display::duration).
        TaskProgress r;
        r.bytes = 1023;
        r.secondsLeft = 26 * 3600 + 59;
        QCOMPARE(r.describe(), QStringLiteral("1,023 B · 1 d 2 h left"));
    }
};

QTEST_GUILESS_MAIN(TestTaskManager)
#include "test_taskmanager.moc"
