#include "kudosdataset.h"
#include "kudosroundpanel.h"
#include "kudostestdata.h"
#include "kudosworkbench.h"
#include "kudosworkbenchfixture.h"
#include "pgconnection.h"
#include "rehearsaldialog.h"
#include "retentioncatalog.h"
#include "screenshots.h"
#include "taskmanager.h"

#include <QFile>
#include <QJsonDocument>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <optional>

using namespace tidemark;
using namespace tidemark::kudos;
using tidemark::ui::KudosWorkbench;
using tidemark::ui::RehearsalDialog;

namespace {

// The workbench (kudosworkbenchfixture.h) without a workspace archive, and the database's name as its
// conninfo names it.
struct Console : test::KudosWorkbenchFixture {
    QString database;

    explicit Console(const QString& name) : KudosWorkbenchFixture(name, QString(), QSize(1400, 850)) {
        for (const auto& [keyword, value] : PgConnection::parseConninfo(conninfo))
            if (keyword == QLatin1String("dbname"))
                database = value;
    }

    // Rehearse… on the workbench: its dialog.
    RehearsalDialog* open() {
        QPushButton* rehearse = workbench.roundPanel()->rehearseButton();
        if (!rehearse->isEnabled())
            return nullptr;
        QTest::mouseClick(rehearse, Qt::LeftButton);
        RehearsalDialog* dialog = workbench.rehearsalDialog();
        if (dialog && !QTest::qWaitForWindowExposed(dialog))
            return nullptr;
        return dialog;
    }

    // What a rehearsal would change: the catalog's ranges and states, and the tables' partitions.
    QStringList copyState() const {
        auto db = test::openKudos(conninfo);
        QStringList state;
        for (const CatalogEntry& e : RetentionCatalog(*db).entries())
            state
                << QStringLiteral("%1 %2 %3 %4").arg(datasetName(e.dataset)).arg(e.lo).arg(e.hi).arg(e.state);
        const PgResult partitions =
            db->exec(QStringLiteral("SELECT inhparent::regclass::text || ' ' || inhrelid::regclass::text "
                                    "FROM pg_inherits ORDER BY 1"));
        for (int i = 0; i < partitions.rows(); ++i)
            state << partitions.text(i, 0);
        return state;
    }
};

} // namespace

class TestKudosRehearsalPanel : public QObject {
    Q_OBJECT
  private slots:
    // Without a database Rehearse… is disabled, its tooltip saying why.
    void refusedWithoutADatabase() {
        TaskManager tasks;
        KudosDataset dataset(&tasks);
        KudosWorkbench workbench(&dataset);
        QPushButton* rehearse = workbench.roundPanel()->rehearseButton();
        QVERIFY(!rehearse->isEnabled());
        QVERIFY2(rehearse->toolTip().contains(QStringLiteral("not connected")),
                 qPrintable(rehearse->toolTip()));
    }

    // Rehearse stays disabled until the copy's name is typed; the rehearsal then runs as a task (the Jobs
    // dock lists it), its report shows under its verdict with the five measures' reasons, and Save… writes
    // the text or, to a .json file, the report's JSON.
    void rehearsesThenSavesTheReport() {
        Console console(QStringLiteral("kudosui_rehearse"));
        QVERIFY(!console.database.isEmpty());
        QCOMPARE(console.dataset.databaseName(), console.database);
        QVERIFY(!test::saveScreenshot(&console.workbench, QStringLiteral("kudos-workbench-rehearse.png"))
                     .isEmpty());
        RehearsalDialog* dialog = console.open();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(!dialog->rehearseButton()->isEnabled());
        QVERIFY2(dialog->hintText().contains(console.database), qPrintable(dialog->hintText()));
        // The lock limit is KUDOS_REHEARSAL_MAX_LOCK_MS, as the console's settings hold it.
        QCOMPARE(dialog->lockLimitBox()->value(), console.dataset.settings().rehearsalMaxLockMillis);
        KudosSettings settings = test::kudosTestSettings();
        settings.rehearsalMaxLockMillis = 1500;
        console.dataset.setSettings(settings);
        QCOMPARE(dialog->lockLimitBox()->value(), 1500);
        QVERIFY(dialog->scratchArchiveButton()->isChecked());
        QVERIFY(!dialog->workspaceArchiveButton()->isEnabled()); // the workspace has no archive
        QVERIFY(!dialog->saveButton()->isEnabled());

        QTest::keyClicks(dialog->copyNameEdit(), console.database.left(console.database.size() - 1));
        QVERIFY(!dialog->rehearseButton()->isEnabled());
        QTest::keyClicks(dialog->copyNameEdit(), console.database.right(1) + QStringLiteral("x"));
        QVERIFY(!dialog->rehearseButton()->isEnabled());
        QTest::keyClick(dialog->copyNameEdit(), Qt::Key_Backspace);
        QVERIFY(dialog->rehearseButton()->isEnabled());
        QVERIFY(dialog->hintText().isEmpty());

        QSignalSpy rehearsed(&console.dataset, &KudosDataset::rehearsed);
        QSignalSpy progressed(&console.dataset, &KudosDataset::rehearsalProgressed);
        QSignalSpy reloaded(&console.dataset, &KudosDataset::loaded);
        QTest::mouseClick(dialog->rehearseButton(), Qt::LeftButton);
        const int task = console.dataset.rehearsalTask();
        QVERIFY(task != 0);
        const int row = console.tasks.tasks()->rowOf(task);
        QVERIFY(row >= 0);
        QCOMPARE(console.tasks.tasks()->title(row),
                 QStringLiteral("Rehearse retention on the copy %1").arg(console.database));
        QVERIFY(!dialog->rehearseButton()->isEnabled());
        QVERIFY(dialog->cancelButton()->isEnabled());
        QVERIFY(!dialog->copyNameEdit()->isEnabled());
        QVERIFY(rehearsed.wait(120000));
        QVERIFY(reloaded.count() == 1 || reloaded.wait(60000)); // the copy changed: the ranges reload
        const KudosRehearsalReport report = rehearsed.at(0).at(0).value<KudosRehearsalReport>();
        QVERIFY(!report.cancelled);
        QCOMPARE(report.database, console.database);
        QVERIFY(report.scratchArchive);
        QCOMPARE(report.maxLockMillis, 1500.0);
        QCOMPARE(console.tasks.tasks()->state(console.tasks.tasks()->rowOf(task)),
                 TaskListModel::State::Done);
        QVERIFY(progressed.count() > 0);
        QCOMPARE(dialog->progressValue(), 1000);

        QCOMPARE(dialog->verdictText(), report.go() ? QStringLiteral("Go") : QStringLiteral("Not yet"));
        QCOMPARE(dialog->pageText(), report.toText());
        QCOMPARE(int(report.verdicts.size()), 5);
        const QStringList measures{QStringLiteral("swap_lock"), QStringLiteral("rollup_export_throughput"),
                                   QStringLiteral("checkpoint_cost"), QStringLiteral("query_plans"),
                                   QStringLiteral("restore_time")};
        const QString reasons = dialog->reasonsText();
        for (const RehearsalVerdict& v : report.verdicts) {
            QVERIFY2(measures.contains(v.measure), qPrintable(v.measure));
            QVERIFY2(reasons.contains(v.wording) && reasons.contains(v.why), qPrintable(reasons));
            QVERIFY2(dialog->pageText().contains(v.wording), qPrintable(v.wording));
        }
        QVERIFY(dialog->messageText().isEmpty());
        QVERIFY(dialog->saveButton()->isEnabled());
        QVERIFY(!dialog->cancelButton()->isEnabled());
        QVERIFY(!test::saveScreenshot(dialog, QStringLiteral("kudos-rehearsal-report.png")).isEmpty());

        QTemporaryDir dir;
        const QString text = dir.filePath(QStringLiteral("rehearsal.txt"));
        QVERIFY(dialog->saveTo(text));
        QFile textFile(text);
        QVERIFY(textFile.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(textFile.readAll()), report.toText());
        QVERIFY2(dialog->messageText().contains(text), qPrintable(dialog->messageText()));
        const QString json = dir.filePath(QStringLiteral("rehearsal.json"));
        QVERIFY(dialog->saveTo(json));
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(jsonFile.readAll()).object(), report.toJson());
        QVERIFY(!dialog->saveTo(dir.filePath(QStringLiteral("no-such-folder/rehearsal.txt"))));
        QVERIFY2(dialog->messageText().contains(QStringLiteral("no-such-folder")),
                 qPrintable(dialog->messageText()));
        QCOMPARE(dialog->pageText(), report.toText()); // a failed save leaves the report
    }

    // Another session on the copy: the rehearsal refuses, the dialog shows the refusal's message and no
    // report, and the copy is as it was.
    void refusesACopyWithAnotherSession() {
        Console console(QStringLiteral("kudosui_rehearse_busy"));
        const QStringList before = console.copyState();
        auto other = test::openKudos(console.conninfo);
        RehearsalDialog* dialog = console.open();
        QVERIFY(dialog);
        QTest::keyClicks(dialog->copyNameEdit(), console.database);
        QVERIFY(dialog->rehearseButton()->isEnabled());
        std::optional<Error> error;
        connect(&console.dataset, &KudosDataset::rehearsalFailed, this, [&](const Error& e) { error = e; });
        QSignalSpy failed(&console.dataset, &KudosDataset::rehearsalFailed);
        QSignalSpy rehearsed(&console.dataset, &KudosDataset::rehearsed);
        QTest::mouseClick(dialog->rehearseButton(), Qt::LeftButton);
        QVERIFY(failed.wait(60000));
        QVERIFY(error.has_value());
        QCOMPARE(error->kind(), Error::Kind::Refused);
        QCOMPARE(dialog->messageText(), error->message());
        QVERIFY(rehearsed.isEmpty());
        QVERIFY(!dialog->hasReport());
        QVERIFY(dialog->verdictText().isEmpty());
        QVERIFY(dialog->pageText().isEmpty());
        QVERIFY(!dialog->saveButton()->isEnabled());
        QVERIFY(!test::saveScreenshot(dialog, QStringLiteral("kudos-rehearsal-refused.png")).isEmpty());
        // It may be tried again, once the reload that follows has ended.
        QTRY_VERIFY_WITH_TIMEOUT(dialog->rehearseButton()->isEnabled(), 60000);
        QCOMPARE(other->exec(QStringLiteral("SELECT 1")).text(0, 0), QStringLiteral("1"));
        other.reset();
        QCOMPARE(console.copyState(), before);
    }
};

QTEST_MAIN(TestKudosRehearsalPanel)
#include "test_kudosrehearsalpanel.moc"
