// The console's tracks dataset (no widgets) on files it must not change and with clocks it must refuse:
// opening a file that is not a tracks file fails naming the missing table and leaves it byte for byte as it
// was; the retention preview refuses a clock ahead of this machine's or of the file.
#include "foreignsqlitefile.h"
#include "freshtracksfile.h"
#include "taskmanager.h"
#include "testfiles.h"
#include "trackimporter.h"
#include "tracksdataset.h"
#include "tracksstore.h"

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
        const QString path = m_dir.filePath(name);
        auto db = test::freshTracksFile(path);
        int n = 0;
        for (const Micros age : {-6 * 366 * kMicrosPerDay, -2 * kMicrosPerDay}) {
            std::vector<ImportedTrack> tracks;
            for (int k = 0; k < 10; ++k, ++n) {
                ImportedTrack t;
                t.sourceId = QStringLiteral("osm");
                t.externalUrl = QStringLiteral("https://osm.example/%1").arg(n);
                t.activityType = QStringLiteral("hike");
                for (int p = 0; p < 10; ++p)
                    t.points.push_back({46.0 + n * 0.01 + p * 0.0003, 14.0 + p * 0.0004, std::nullopt});
                tracks.push_back(std::move(t));
            }
            TrackImporter(*db, TrackSourceList::demo(), nowMicros() + age)
                .importBatch(QStringLiteral("si"), QStringLiteral("osm"), tracks);
        }
        return path;
    }

    // The preview at `now`: the error it failed with, or empty when it previewed.
    QString previewAt(TracksDataset& dataset, Micros now) {
        dataset.setClock([now] { return now; });
        QSignalSpy previewed(&dataset, &TracksDataset::previewed);
        QSignalSpy failed(&dataset, &TracksDataset::failed);
        dataset.previewRetention();
        if (!QTest::qWaitFor([&] { return !previewed.isEmpty() || !failed.isEmpty(); }, 60000))
            return QStringLiteral("neither previewed nor failed");
        return failed.isEmpty() ? QString() : failed.first().first().toString();
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
        QSignalSpy failed(&dataset, &TracksDataset::failed);
        dataset.setPath(path); // the view with the file's facts, and the health
        QVERIFY(QTest::qWaitFor([&] { return failed.size() >= 2 && m_tasks.activeCount() == 0; }, 60000));
        for (const QList<QVariant>& signal : failed)
            QVERIFY2(
                signal.first().toString().contains(QStringLiteral("%1 is not a tracks file: it has no table "
                                                                  "tracks")
                                                       .arg(path)),
                qPrintable(signal.first().toString()));
        QVERIFY(!dataset.hasData());
        QCOMPARE(previewAt(dataset, nowMicros()).contains(QLatin1String("no table tracks")), true);
        QTRY_COMPARE_WITH_TIMEOUT(m_tasks.activeCount(), 0, 60000);
        QCOMPARE(test::folderDigests(folder), before);
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
