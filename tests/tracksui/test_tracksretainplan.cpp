// The tracks workbench's Delete after a preview applies the preview as a plan (spec/operations.md): in a real
// (offscreen) window, the tracks previewed are deleted and no other, a track eligible only since the preview
// is kept, and a previewed track that changed since (merged with another source, given another created_at)
// is kept and named in the workbench's report, one already gone counted as such.
#include "agedtracksfile.h"
#include "screenshots.h"
#include "spatialitedatabase.h"
#include "taskmanager.h"
#include "tracksdataset.h"
#include "tracksstore.h"
#include "tracksworkbench.h"

#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace tidemark;
using namespace tidemark::tracks;
using tidemark::ui::TracksWorkbench;

namespace {

std::vector<qint64> allIds(TracksDatabase& db) {
    return db.idsCreatedBefore(parseIsoTimestamp(QStringLiteral("9999-01-01T00:00:00Z")));
}

} // namespace

class TestTracksRetainPlan : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void deleteAppliesThePreviewExactly() {
        const Micros now = nowMicros();
        // Tracks 1-10 six years old (lines 0-9), 11-20 two days old.
        const QString path = test::agedTracksFile(m_dir.filePath(QStringLiteral("plan.sqlite")), now);
        TaskManager tasks;
        TracksDataset dataset(&tasks);
        TracksWorkbench workbench(&dataset);
        workbench.resize(1400, 900);
        workbench.show();
        dataset.setPath(path);
        QTRY_VERIFY_WITH_TIMEOUT(dataset.hasData() && tasks.activeCount() == 0, 60000);

        QSignalSpy previewed(&dataset, &TracksDataset::previewed);
        workbench.retentionPreviewButton()->click();
        QVERIFY(previewed.wait(60000));
        QCOMPARE(dataset.retentionUnits().ids(), (std::vector<qint64>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
        QVERIFY(workbench.retainButton()->isEnabled());

        // Since the preview: track 1 deleted, track 2 merged with another source, track 3 given another old
        // created_at, and a track imported with an old created_at (eligible now, not previewed).
        {
            auto db = SpatialiteDatabase::open(path);
            db->exec(QStringLiteral("DELETE FROM tracks WHERE id = 1"));
            db->exec(QStringLiteral("UPDATE tracks SET created_at = '2015-01-01T00:00:00Z' WHERE id = 3"));
            TrackImporter(*db, TrackSourceList::demo(), now - 2 * kMicrosPerDay)
                .importBatch(QStringLiteral("si"), QStringLiteral("ttrails"),
                             {test::numberedTrack(1, QStringLiteral("ttrails"))});
            TrackImporter(*db, TrackSourceList::demo(), now - 7 * 366 * kMicrosPerDay)
                .importBatch(QStringLiteral("si"), QStringLiteral("osm"),
                             {test::numberedTrack(40, QStringLiteral("osm"))});
        }
        const qint64 eligibleSince = allIds(*SpatialiteDatabase::open(path)).back();
        QCOMPARE(eligibleSince, 21);

        // Delete them…, confirmed: the question states the preview's count.
        QString question;
        QTimer::singleShot(0, this, [&] {
            QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()), 10000);
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            question = box->text();
            box->button(QMessageBox::Yes)->click();
        });
        QSignalSpy retained(&dataset, &TracksDataset::retained);
        workbench.retainButton()->click();
        QVERIFY(retained.wait(60000));
        QVERIFY2(question.contains(QLatin1String("Delete 10 track(s)")), qPrintable(question));

        std::vector<qint64> expected{2, 3};
        for (qint64 id = 11; id <= 21; ++id)
            expected.push_back(id);
        QCOMPARE(allIds(*SpatialiteDatabase::open(path, SpatialiteDatabase::Mode::ReadOnly)), expected);
        const TracksRetainReport& r = dataset.lastRetain();
        QVERIFY(r.applied);
        QCOMPARE(r.run.deleted, (std::vector<qint64>{4, 5, 6, 7, 8, 9, 10}));
        QCOMPARE(r.outcomesOf(PlanUnitOutcome::Status::Done), 1);
        QCOMPARE(r.outcomesOf(PlanUnitOutcome::Status::Stale), 2);
        const QString text = workbench.retentionText();
        QVERIFY2(text.contains(QLatin1String("7 track(s) deleted")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("1 previewed track(s) were already gone")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("track 2 (merged with another source")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("track 3 (created_at is now 2015-01-01")), qPrintable(text));
        QVERIFY(!test::saveScreenshot(&workbench, QStringLiteral("tracks-retain-plan.png")).isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(tasks.activeCount(), 0, 60000);
    }
};

QTEST_MAIN(TestTracksRetainPlan)
#include "test_tracksretainplan.moc"
