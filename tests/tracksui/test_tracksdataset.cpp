// The console's tracks dataset (no widgets) on files it must not change: opening a file that is not a tracks
// file fails naming the missing table and leaves it byte for byte as it was.
#include "sqlitefile.h"
#include "taskmanager.h"
#include "testfiles.h"
#include "tracksdataset.h"

#include <QCryptographicHash>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {

QMap<QString, QByteArray> folderState(const QString& folder) {
    QMap<QString, QByteArray> state;
    const QDir dir(folder);
    for (const QString& name : dir.entryList(QDir::Files | QDir::Hidden | QDir::System))
        state.insert(
            name, QCryptographicHash::hash(test::readFile(dir.filePath(name)), QCryptographicHash::Sha256));
    return state;
}

} // namespace

class TestTracksDataset : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    TaskManager m_tasks;

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
        {
            SqliteFile file(path, SqliteFile::Mode::Create);
            if (wal)
                file.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
            file.exec(QStringLiteral("CREATE TABLE notes (body TEXT)"));
            file.exec(QStringLiteral("INSERT INTO notes VALUES ('my own data')"));
        }
        const QMap<QString, QByteArray> before = folderState(folder);
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
        QCOMPARE(folderState(folder), before);
    }
};

QTEST_GUILESS_MAIN(TestTracksDataset)
#include "test_tracksdataset.moc"
