// The archive's jobs (ArchiveVerifyJob, ArchiveRestoreJob) on a directory archive of objects written as the
// exporter writes them: typed progress per chunk, and a cancel that stops at the next chunk or between
// objects with a report of what was verified or committed before it.
#include "archivefixtures.h"
#include "archiveprogress.h"
#include "archiverestorejob.h"
#include "archiveurl.h"
#include "archiveverifyjob.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "sqlitefile.h"
#include "sqlitestatement.h"
#include "taskfeedback.h"

#include <QDir>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::archive;
using namespace tidemark::test;

namespace {

const Micros kDay = kMicrosPerDay;
const Micros kStart = archiveTestEnd() - 28 * kDay;

// Ledger-like rows whose users and amounts vary, so that the object stays large once compressed.
QByteArray variedCsv(int rows, quint32 seed) {
    QRandomGenerator random(seed);
    QByteArray csv = "id,created,user_id,amount\n";
    for (int i = 1; i <= rows; ++i)
        csv += QByteArray::number(i) + ",2026-11-16 00:00:00," + QByteArray::number(random.bounded(100000)) +
               "," + QByteArray::number(random.bounded(1000000)) + "." +
               QByteArray::number(10 + random.bounded(90)) + "\n";
    return csv;
}

ArchiveProgress detailOf(const TaskProgress& p) {
    return p.detail.value<ArchiveProgress>();
}

} // namespace

class TestArchiveJobs : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QStringList m_small; // three objects of a day each, in one read chunk
    QString m_large;     // one object of several read chunks
    qint64 m_largeBytes = 0;

    QString root() const { return m_dir.filePath(QStringLiteral("archive")); }
    QString url() const { return QStringLiteral("file://") + root(); }

    QString putCsv(const QByteArray& csv, Micros lo, Micros hi, qint64* objectBytes = nullptr) {
        const ArchiveManifest m = putArchiveObject(
            root(), manifestOfCsv(csv, lo, hi), [&](const auto& sink) { sink(csv.constData(), csv.size()); });
        if (objectBytes)
            *objectBytes = m.objectBytes;
        return archiveKeyOf(m);
    }

  private slots:
    void initTestCase() {
        initialisedArchiveFolder(root());
        for (int day = 0; day < 3; ++day)
            m_small << putCsv(variedCsv(500, quint32(day + 1)), kStart + day * kDay,
                              kStart + (day + 1) * kDay);
        m_large = putCsv(variedCsv(400000, 7), kStart + 7 * kDay, kStart + 14 * kDay, &m_largeBytes);
        QVERIFY2(m_largeBytes > 3 * 1024 * 1024, qPrintable(QString::number(m_largeBytes)));
    }

    void verifyReportsEachObjectWithTypedProgress() {
        ArchiveVerifyRequest request{
            url(), kudos::kudosArchiveLayout(), {}, m_small + QStringList{m_large}, false, {}, {}};
        TaskFeedback feedback;
        QList<ArchiveProgress> seen;
        feedback.setSink([&](const TaskProgress& p) { seen.append(detailOf(p)); });
        const ArchiveVerifyReport report = ArchiveVerifyJob::run(request, feedback);
        QVERIFY(report.ok());
        QCOMPARE(report.planned, 4);
        QCOMPARE(int(report.objects.size()), 4);
        QCOMPARE(report.objects.back().result.rows, qint64(400000));
        QCOMPARE(seen.back().object, 4); // all done
        // The large object's chunks, each with its bytes read so far of its size.
        qint64 chunks = 0;
        for (const ArchiveProgress& p : seen)
            if (p.key == m_large && p.objectBytes > 0) {
                ++chunks;
                QCOMPARE(p.object, 3);
                QCOMPARE(p.objectBytesTotal, m_largeBytes);
            }
        QVERIFY(chunks >= 3);
    }

    // A cancel while an object is read takes hold at its next chunk: the report lists the objects verified
    // before and the one in progress as cancelled, read no further than the chunk the cancel came in.
    void aCancelDuringAVerifyStopsAtTheNextChunk() {
        ArchiveVerifyRequest request{
            url(), kudos::kudosArchiveLayout(), {}, {m_small[0], m_large, m_small[1]}, false, {}, {}};
        TaskFeedback feedback;
        qint64 bytesAtCancel = -1;
        feedback.setSink([&](const TaskProgress& p) {
            const ArchiveProgress at = detailOf(p);
            if (at.key == m_large && at.objectBytes > 0 && bytesAtCancel < 0) {
                bytesAtCancel = at.objectBytes;
                feedback.cancel();
            }
        });
        const ArchiveVerifyReport report = ArchiveVerifyJob::run(request, feedback);
        QVERIFY(report.cancelled);
        QVERIFY(!report.ok());
        QCOMPARE(report.planned, 3);
        QCOMPARE(int(report.objects.size()), 2);
        QVERIFY(report.objects[0].result.ok);
        const ArchiveObjectCheck& stopped = report.objects[1];
        QCOMPARE(stopped.key, m_large);
        QVERIFY(stopped.result.cancelled);
        QVERIFY(!stopped.result.ok);
        QVERIFY(stopped.result.problems.isEmpty());
        QVERIFY(bytesAtCancel > 0);
        QCOMPARE(stopped.result.objectBytesRead, bytesAtCancel);
        QVERIFY(stopped.result.objectBytesRead < m_largeBytes);
        QCOMPARE(report.failed, 0);
        QCOMPARE(report.verified(), 1);
    }

    // A cancel between two restores: the first is committed and reported, the second never started.
    void aCancelledRestoreReportsWhatItCommitted() {
        const QString file = m_dir.filePath(QStringLiteral("restore.sqlite"));
        ArchiveRestoreRequest request;
        request.archiveUrl = url();
        request.layout = kudos::kudosArchiveLayout();
        request.keys = {m_small[0], m_small[1], m_small[2]};
        request.sqliteFile = file;
        TaskFeedback feedback;
        feedback.setSink([&](const TaskProgress& p) {
            if (detailOf(p).object == 1)
                feedback.cancel();
        });
        const ArchiveRestoreReport report = ArchiveRestoreJob::run(request, feedback);
        QVERIFY(report.cancelled);
        QCOMPARE(int(report.restored.size()), 1);
        QCOMPARE(report.restored[0].objectKey, m_small[0]);
        QCOMPARE(report.rows(), qint64(500));
        QCOMPARE(report.stoppedAt, m_small[1]); // cancelled at its first chunk: nothing of it loaded
        SqliteFile db(file, SqliteFile::Mode::ReadOnly);
        SqliteStatement keys = db.prepare(QStringLiteral("SELECT object_key FROM restore_manifest"));
        QVERIFY(keys.step());
        QCOMPARE(keys.text(0), m_small[0]);
        QVERIFY(!keys.step());
        SqliteStatement rows = db.prepare(QStringLiteral("SELECT count(*) FROM kudos_ledger"));
        QVERIFY(rows.step());
        QCOMPARE(rows.toInt64(0), qint64(500));
    }

    void aBadRequestIsRefusedBeforeAnythingIsRead() {
        TaskFeedback feedback;
        ArchiveRestoreRequest table;
        table.archiveUrl = url();
        table.keys = m_small;
        table.target = ArchiveRestoreRequest::Target::PostgresTable;
        table.table = QStringLiteral("restored.week");
        QVERIFY_THROWS_EXCEPTION(Error, ArchiveRestoreJob::run(table, feedback));
        ArchiveVerifyRequest none;
        none.keys = m_small;
        try {
            ArchiveVerifyJob::run(none, feedback);
            QFAIL("verified without an archive");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Settings);
            QVERIFY(e.message().contains(QStringLiteral("TIDEMARK_ARCHIVE_URL")));
        }
    }
};

QTEST_GUILESS_MAIN(TestArchiveJobs)
#include "test_archivejobs.moc"
