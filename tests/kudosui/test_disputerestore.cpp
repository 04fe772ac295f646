// What a dispute restore and a drill leave out, on an archive a real retention round wrote to a real S3
// bucket (radosgw): the investigated user's rows are in two archive objects. Restore with nothing selected
// restores both (the button says 2) and names them; a selection narrows it (the button says 1) and the
// report names the object left out; what a restore or a drill verified shows as verified in the objects'
// table and the object panel; Drill… offers the selected objects, a sample and all of the catalog, and all
// lists every object of the catalog with its result (a failed one with why).
#include "archivefixtures.h"
#include "archiveobjectpanel.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "coveringobjectmodel.h"
#include "disputecase.h"
#include "disputeworkbench.h"
#include "kudosdataset.h"
#include "kudostestdata.h"
#include "pgconnection.h"
#include "retentionjob.h"
#include "screenshots.h"
#include "taskmanager.h"

#include <QAction>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace tidemark;
using namespace tidemark::kudos;
using tidemark::test::saveScreenshot;
using tidemark::ui::DisputeWorkbench;

namespace {

QDate dayOf(Micros t) {
    return QDateTime::fromMSecsSinceEpoch(t / 1000, QTimeZone::utc()).date();
}

QString fileName(const QString& key) {
    return key.section(QLatin1Char('/'), -1);
}

int columnNamed(const QAbstractItemModel* model, const QString& title) {
    for (int c = 0; c < model->columnCount(); ++c)
        if (model->headerData(c, Qt::Horizontal).toString() == title)
            return c;
    return -1;
}

} // namespace

class TestDisputeRestore : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_conninfo;
    QString m_archive;
    int m_user = 0;
    QDate m_first, m_last;
    TaskManager m_tasks;
    KudosDataset m_dataset{&m_tasks};
    DisputeCase m_case{&m_dataset};
    DisputeWorkbench* m_workbench = nullptr;

    CoveringObjectModel* objects() const { return m_case.objects(); }

    // The listed objects that hold rows of the user, in the model's order.
    QStringList holding() const {
        QStringList keys;
        for (const CoveringObject& o : objects()->objects())
            if (o.user.rows > 0)
                keys.append(o.key);
        return keys;
    }
    QString verificationText(const QString& key) const {
        return objects()
            ->index(objects()->rowOf(key), CoveringObjectModel::VerificationColumn)
            .data()
            .toString();
    }

    bool investigate() {
        QSignalSpy rows(m_workbench, &DisputeWorkbench::rowsShown);
        m_workbench->investigate();
        return rows.wait(60000);
    }

    // Clicks Restore and waits for its end and the rows read after it.
    bool clickRestore() {
        QSignalSpy finished(m_workbench, &DisputeWorkbench::restoreFinished);
        QSignalSpy rows(m_workbench, &DisputeWorkbench::rowsShown);
        QTest::mouseClick(m_workbench->restoreButton(), Qt::LeftButton);
        return finished.wait(120000) && finished.first().first().toBool() &&
               (rows.size() > 0 || rows.wait(60000));
    }

    int catalogObjects() const {
        return int(
            test::openKudos(m_conninfo)
                ->exec(QStringLiteral("SELECT count(DISTINCT archive_key) FROM kudos_retention_catalog "
                                      "WHERE archive_key IS NOT NULL"))
                .toLong(0, 0));
    }

  private slots:
    void initTestCase() {
        m_conninfo = test::swappedKudosDatabase(QStringLiteral("kudosui_disputerestore"));
        auto db = test::openKudos(m_conninfo);
        db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
        db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
        const Micros week2 = test::kudosEnd() - 14 * kMicrosPerDay;
        m_user =
            int(db->exec(QStringLiteral("SELECT user_id FROM kudos_ledger WHERE created >= $1::timestamp "
                                        "AND user_id > 0 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1"),
                         {utcParam(week2)})
                    .toLong(0, 0));
        m_archive = test::initialisedS3Archive(QStringLiteral("dispute_restore"));
        auto store = archive::openArchiveStore(m_archive);
        QVERIFY(RetentionJob(*db, store.get(), test::kudosTestSettings(), test::kudosRehearsal())
                    .run(test::kudosAllEligible())
                    .alerts.empty());
        db->exec(QStringLiteral(
                     "INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, escrow, amount, "
                     "applied) VALUES ($1::timestamp, gen_random_uuid(), 'TRANSFER_IN', $2, false, "
                     "'12.34', true)"),
                 {utcParam(test::kudosBoundary() + 3 * kMicrosPerHour), m_user});

        m_dataset.setClock([] { return test::kudosAllEligible(); }, true);
        m_dataset.setSettings(test::kudosTestSettings());
        QSignalSpy loaded(&m_dataset, &KudosDataset::loaded);
        m_dataset.setConnection(m_conninfo, m_archive, QStringLiteral("kudosui_disputerestore"));
        QVERIFY(loaded.wait(60000));
        m_case.setRestoreFile(m_dir.filePath(QStringLiteral("all.sqlite")));
        m_workbench = new DisputeWorkbench(&m_case);
        m_workbench->resize(1600, 1000);
        m_workbench->show();
        m_first = dayOf(week2);
        m_last = dayOf(test::kudosBoundary());
        m_workbench->setQuery(m_user, m_first, m_last);
    }

    void cleanupTestCase() { delete m_workbench; }

    // As the operator met it: investigate, press Restore. Every object holding the user's rows is restored
    // (not only the first, which the investigation shows), the button said how many, the report names them,
    // and every archived row of the user shows as restored.
    void restoreRestoresEveryObjectHoldingTheUsersRows() {
        QVERIFY(investigate());
        const QStringList keys = holding();
        QCOMPARE(keys.size(), 2);
        qint64 userRows = 0;
        for (const CoveringObject& o : objects()->objects())
            userRows += o.user.rows;
        QCOMPARE(m_workbench->restoreButton()->text(), QStringLiteral("Restore 2 objects"));
        for (const QString& key : keys)
            QCOMPARE(verificationText(key), QStringLiteral("not verified"));

        QVERIFY(clickRestore());
        for (const QString& key : keys)
            QVERIFY2(objects()->isRestored(key), qPrintable(key));
        for (const QString& key : keys)
            QVERIFY2(m_workbench->restoreStatusText().contains(fileName(key)),
                     qPrintable(m_workbench->restoreStatusText()));
        QVERIFY2(
            !m_workbench->restoreStatusText().contains(QStringLiteral("not restored"), Qt::CaseInsensitive),
            qPrintable(m_workbench->restoreStatusText()));
        QCOMPARE(qint64(m_workbench->rowTable()->model()->rowCount()), userRows + 1);
        QVERIFY2(m_workbench->rowTotalsText().contains(
                     QStringLiteral("(%1 from the archive, 1 online)").arg(userRows)),
                 qPrintable(m_workbench->rowTotalsText()));
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("dispute-restore-all.png")).isEmpty());
    }

    // The restore verified each object first: the Verification column and the object panel say so.
    void aRestoreShowsItsObjectsVerified() {
        for (const QString& key : holding()) {
            QCOMPARE(verificationText(key), QStringLiteral("verified"));
            QCOMPARE(objects()->verification(key).check, CoveringObjectModel::Check::Passed);
            QCOMPARE(m_case.verification(key).check, CoveringObjectModel::Check::Passed);
            m_workbench->selectObject(objects()->rowOf(key));
            const QString panel = m_workbench->objectPanel()->text();
            QVERIFY2(panel.contains(QStringLiteral("Verified")) &&
                         !panel.contains(QStringLiteral("Not verified")),
                     qPrintable(panel));
            QVERIFY2(panel.contains(QStringLiteral("by a restore")), qPrintable(panel));
        }
        auto* tabs = m_workbench->findChild<QTabWidget*>();
        QVERIFY(tabs);
        tabs->setCurrentIndex(0);
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("dispute-restore-verified.png")).isEmpty());
    }

    // One object selected: only it is restored, the button said so, and the report names the other.
    void aSelectionNarrowsTheRestore() {
        m_case.setRestoreFile(m_dir.filePath(QStringLiteral("one.sqlite")));
        QVERIFY(investigate());
        const QStringList keys = holding();
        QCOMPARE(keys.size(), 2);
        m_workbench->selectObject(objects()->rowOf(keys[1]));
        QCOMPARE(m_workbench->restoreButton()->text(), QStringLiteral("Restore 1 selected object"));
        QVERIFY(clickRestore());
        QVERIFY(objects()->isRestored(keys[1]));
        QVERIFY(!objects()->isRestored(keys[0]));
        const QString status = m_workbench->restoreStatusText();
        QVERIFY2(status.contains(fileName(keys[1])), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("Not restored")) && status.contains(fileName(keys[0])),
                 qPrintable(status));
        // The selection cleared: back to every holding object, of which one is left.
        m_workbench->objectTable()->clearSelection();
        QCOMPARE(m_workbench->restoreButton()->text(), QStringLiteral("Restore 2 objects"));
    }

    // Drill…: a menu of the selected objects, a sample of the job's size and every object of the catalog.
    // All drills every object of the catalog and lists each with its result; a daily statement line changed
    // behind the archive's back fails its object's drill, named with why. The drill verified every object it
    // restored, the failed one too (its object read back; its sums did not agree).
    void drillAllListsEveryObjectWithItsResult() {
        const int catalog = catalogObjects();
        QVERIFY(catalog > holding().size());
        auto db = test::openKudos(m_conninfo);
        const CoveringObject victim = *objects()->object(holding()[0]);
        const test::StatementLineOffByACent offLine(*db, m_user, victim.manifest->createdFrom,
                                                    victim.manifest->createdTo);

        m_workbench->objectTable()->clearSelection();
        QTest::mouseClick(m_workbench->drillButton(), Qt::LeftButton);
        auto* menu = m_workbench->findChild<QMenu*>(QStringLiteral("drillChoices"));
        QVERIFY(menu);
        QTRY_VERIFY(menu->isVisible());
        const auto action = [&](const QString& name) { return menu->findChild<QAction*>(name); };
        QVERIFY(action(QStringLiteral("drillSelected")) && action(QStringLiteral("drillSample")) &&
                action(QStringLiteral("drillAll")));
        QVERIFY(!action(QStringLiteral("drillSelected"))->isEnabled()); // nothing selected
        QVERIFY2(action(QStringLiteral("drillSample"))->text().contains(QStringLiteral("10")),
                 qPrintable(action(QStringLiteral("drillSample"))->text()));
        QAction* all = action(QStringLiteral("drillAll"));
        QVERIFY2(all->text().contains(QStringLiteral("%1").arg(catalog)), qPrintable(all->text()));
        QVERIFY(!saveScreenshot(menu, QStringLiteral("dispute-drill-choices.png")).isEmpty());

        QSignalSpy drilled(&m_case, &DisputeCase::drilled);
        QSignalSpy reloaded(&m_case, &DisputeCase::drillsLoaded);
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(all).center());
        QVERIFY(m_case.isDrilling());
        QVERIFY(drilled.wait(180000));
        QVERIFY(reloaded.size() > 0 || reloaded.wait(60000));
        QCOMPARE(int(drilled.first().first().value<ArchiveDrillReport>().results.size()), catalog);

        auto* results = m_workbench->findChild<QTableView*>(QStringLiteral("drillResults"));
        QVERIFY(results);
        QVERIFY(results->isVisible());
        const QAbstractItemModel* model = results->model();
        QCOMPARE(model->rowCount(), catalog);
        const int objectColumn = columnNamed(model, QStringLiteral("Object"));
        const int resultColumn = columnNamed(model, QStringLiteral("Result"));
        const int whyColumn = columnNamed(model, QStringLiteral("Problems"));
        QVERIFY(objectColumn >= 0 && resultColumn >= 0 && whyColumn >= 0);
        QStringList listed;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QString key = model->index(r, objectColumn).data().toString();
            const QString result = model->index(r, resultColumn).data().toString();
            const QString why = model->index(r, whyColumn).data().toString();
            listed.append(key);
            if (key == victim.key) {
                QCOMPARE(result, QStringLiteral("failed"));
                QVERIFY2(why.contains(offLine.day()) && why.contains(QStringLiteral("user %1 ").arg(m_user)),
                         qPrintable(why));
            } else {
                QVERIFY2(result == QStringLiteral("passed"), qPrintable(key + QStringLiteral(": ") + why));
            }
        }
        listed.sort();
        QCOMPARE(listed.size(), catalog);
        QCOMPARE(listed.removeDuplicates(), qsizetype(0));
        QVERIFY(listed.contains(victim.key));
        // Every listed object was verified by the drill's restore, the failed one's too.
        for (const CoveringObject& o : objects()->objects()) {
            QCOMPARE(verificationText(o.key), QStringLiteral("verified"));
            QCOMPARE(m_case.verification(o.key).check, CoveringObjectModel::Check::Passed);
        }
        m_workbench->selectObject(objects()->rowOf(victim.key));
        QVERIFY2(m_workbench->objectPanel()->text().contains(QStringLiteral("by a drill")),
                 qPrintable(m_workbench->objectPanel()->text()));
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("dispute-drill-all.png")).isEmpty());
    }
};

QTEST_MAIN(TestDisputeRestore)
#include "test_disputerestore.moc"
