// The console's tracks dataset (no widgets) on files it must not change and with clocks it must refuse:
// opening a file that is not a tracks file fails naming the missing table and leaves it byte for byte as it
// was; the retention preview refuses a clock ahead of this machine's or of the file.
#include "agedtracksfile.h"
#include "foreignsqlitefile.h"
#include "taskmanager.h"
#include "testfiles.h"
#include "tracksdataset.h"
#include "tracksstore.h"
#include "trackssummarymodel.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::tracks;

class TestTracksDataset : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    TaskManager m_tasks;

    // Ten tracks created six years before this machine's clock and ten two days before it.
    QString tracksFile(const QString& name) {
        return test::agedTracksFile(m_dir.filePath(name), nowMicros());
    }

    // The preview at `now`: the error it failed with, or empty when it previewed.
    QString previewAt(TracksDataset& dataset, Micros now) {
        dataset.setClock([now] { return now; });
        QSignalSpy previewed(&dataset, &TracksDataset::previewed);
        QStringList failed;
        const QMetaObject::Connection c = connect(&dataset, &TracksDataset::previewFailed, this,
                                                  [&](const Error& e) { failed << e.message(); });
        dataset.previewRetention();
        const bool done = QTest::qWaitFor([&] { return !previewed.isEmpty() || !failed.isEmpty(); }, 60000);
        disconnect(c);
        if (!done)
            return QStringLiteral("neither previewed nor failed");
        return failed.isEmpty() ? QString() : failed.first();
    }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void openingAForeignFileChangesNothing_data() {
        QTest::addColumn<bool>("wal");
        QTest::newRow("rollback journal") << false;
        QTest::newRow("WAL") << true;
    }
    void openingAForeignFileChangesNothing() {
        QFETCH(bool, wal);
        const QString folder = m_dir.filePath(wal ? QStringLiteral("wal") : QStringLiteral("rollback"));
        QDir().mkpath(folder);
        const QString path = folder + QStringLiteral("/notes.sqlite");
        test::writeForeignSqliteFile(path, wal);
        const QMap<QString, QByteArray> before = test::folderDigests(folder);
        QCOMPARE(before.keys(), QStringList{QStringLiteral("notes.sqlite")});

        TracksDataset dataset(&m_tasks);
        QStringList failed;
        for (const auto signal : {&TracksDataset::loadFailed, &TracksDataset::healthFailed})
            connect(&dataset, signal, this, [&](const Error& e) { failed << e.message(); });
        dataset.setPath(path); // the view with the file's facts, and the health
        QVERIFY(QTest::qWaitFor([&] { return failed.size() >= 2 && m_tasks.activeCount() == 0; }, 60000));
        for (const QString& message : failed)
            QVERIFY2(
                message.contains(QStringLiteral("%1 is not a tracks file: it has no table tracks").arg(path)),
                qPrintable(message));
        QVERIFY(!dataset.hasData());
        QCOMPARE(previewAt(dataset, nowMicros()).contains(QLatin1String("no table tracks")), true);
        QTRY_COMPARE_WITH_TIMEOUT(m_tasks.activeCount(), 0, 60000);
        QCOMPARE(test::folderDigests(folder), before);
    }

    // The dataset's one summary (the dock's and the workbench's): read with the file's facts, the total
    // first, then one row per activity; another file clears it first.
    void theSummaryComesWithTheFileFacts() {
        const QString path = tracksFile(QStringLiteral("summary.sqlite"));
        TracksDataset dataset(&m_tasks);
        QSignalSpy facts(&dataset, &TracksDataset::fileFactsLoaded);
        dataset.setPath(path);
        QVERIFY(facts.wait(60000));
        QCOMPARE(dataset.summary()->rowCount(), 2);
        QCOMPARE(dataset.summary()->totalTracks(), 20);
        QCOMPARE(dataset.summary()->summaries().at(1).activityType, QStringLiteral("hike"));
        QCOMPARE(dataset.fileFacts().activities.value(QStringLiteral("hike")), 20);
        QCOMPARE(dataset.fileFacts().extent.tracks, 20);
        QVERIFY(dataset.fileFacts().extent.minLat >= 46.0 && dataset.fileFacts().extent.maxLat < 46.3);
        dataset.setPath({});
        QCOMPARE(dataset.summary()->rowCount(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(m_tasks.activeCount(), 0, 60000);
    }

    // The console has no override: a clock an hour or 400 days ahead of this machine's is refused, as is a
    // run that would delete every track; the machine's own clock previews.
    void retentionPreviewRefusesAClockAhead() {
        const QString path = tracksFile(QStringLiteral("ahead.sqlite"));
        TracksDataset dataset(&m_tasks);
        dataset.setPath(path);
        for (const Micros ahead : {kMicrosPerHour, 400 * kMicrosPerDay}) {
            const Micros now = nowMicros() + ahead;
            const QString error = previewAt(dataset, now);
            QVERIFY2(
                error.contains(QStringLiteral("the retention's clock %1 is ").arg(formatIsoTimestamp(now))) &&
                    error.contains(QLatin1String("later than this machine's clock")) &&
                    error.contains(QLatin1String("nothing was deleted")),
                qPrintable(error));
            QVERIFY(dataset.retentionIds().isEmpty());
        }
        const QString ok = previewAt(dataset, nowMicros());
        QVERIFY2(ok.isEmpty(), qPrintable(ok));
        QCOMPARE(dataset.retentionIds().size(), 10);

        const QString old = m_dir.filePath(QStringLiteral("old.sqlite"));
        {
            auto db = SpatialiteDatabase::open(path);
            db->exec(QStringLiteral("VACUUM INTO '%1'").arg(old));
        }
        {
            auto db = SpatialiteDatabase::open(old);
            db->exec(
                QStringLiteral("DELETE FROM tracks WHERE id > 10")); // only the six-year-old ones are left
        }
        dataset.setPath(old);
        const QString every = previewAt(dataset, nowMicros());
        QVERIFY2(every.contains(QLatin1String("later than the day the newest track (created_at")) &&
                     every.contains(QLatin1String("every track")),
                 qPrintable(every));
        QTRY_COMPARE_WITH_TIMEOUT(m_tasks.activeCount(), 0, 60000);
        QCOMPARE(TracksStore(*SpatialiteDatabase::open(old)).count(), 10);
    }
};

QTEST_GUILESS_MAIN(TestTracksDataset)
#include "test_tracksdataset.moc"
