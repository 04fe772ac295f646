// The export pipeline's failure paths: the COPY thread and the encoder's workers stop together whichever side
// fails, no temporary object is left behind and the connection stays usable.
#include "archivefixtures.h"
#include "archiveurl.h"
#include "archiveverifier.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "partitionexporter.h"
#include "pgconnection.h"
#include "taskfeedback.h"
#include "testpostgres.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::archive;

namespace {

const Micros kLo = parseIsoTimestamp(QStringLiteral("2026-10-05T00:00:00Z"));
const Micros kHi = parseIsoTimestamp(QStringLiteral("2026-10-12T00:00:00Z"));
const Micros kExportedAt = parseIsoTimestamp(QStringLiteral("2026-12-01T02:00:00Z"));
// Far more CSV than the encoder's queues hold (2 x 8 chunks of 256 KiB), so that a failure at kFailingId
// happens mid-stream and the rows after it are never encoded if the COPY side stops.
constexpr qint64 kRows = 120000;
constexpr qint64 kFailingId = 40000;

ExportSource sourceOf(const QString& partition) {
    return {QStringLiteral("currency"), QStringLiteral("kudos_ledger"), partition, kLo, kHi};
}

} // namespace

class TestArchiveExportFailures : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<PgConnection> m_db;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ArchiveStore> m_store;
    qint64 m_maxReportedRows = 0;

    // The exporter's temporary objects left in TMPDIR.
    QStringList leftovers() const {
        return QDir(m_tmp->path()).entryList({QStringLiteral("tidemark-archive-*")}, QDir::Files);
    }

    TaskFeedback m_unwatched; // for the exports no operator watches

    Error exportFailure(const QString& partition, const std::function<void(qint64)>& beforeUpload = {}) {
        return exportFailure(partition, m_unwatched, beforeUpload);
    }
    Error exportFailure(const QString& partition, TaskFeedback& feedback,
                        const std::function<void(qint64)>& beforeUpload = {}) {
        PartitionExporter exporter(*m_db, *m_store, kudos::kudosArchiveLayout());
        try {
            exporter.exportRange(sourceOf(partition), kExportedAt, feedback, beforeUpload);
        } catch (const Error& e) {
            return e;
        }
        qFatal("the export of %s did not fail", qPrintable(partition));
    }

    // The connection is out of any transaction and still exports and verifies the intact table.
    void checkConnectionStillExports() {
        QVERIFY(!m_db->inTransaction());
        QCOMPARE(m_db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger")).toLong(0, 0), kRows);
        QTemporaryDir dir;
        auto store = test::openInitialisedArchive(dir.filePath(QStringLiteral("archive")));
        const ExportResult r =
            PartitionExporter(*m_db, *store, kudos::kudosArchiveLayout())
                .exportRange(sourceOf(QStringLiteral("kudos_ledger")), kExportedAt, m_unwatched);
        QCOMPARE(r.rows, kRows);
        const VerifyResult v =
            ArchiveVerifier(*store, kudos::kudosArchiveLayout()).verify(r.objectKey, m_db.get(), m_unwatched);
        QVERIFY2(v.ok, qPrintable(v.problems.join(QStringLiteral(" | "))));
        QVERIFY(leftovers().isEmpty());
    }

  private slots:
    void initTestCase() {
        m_db =
            PgConnection::open(test::TestPostgres::createDatabase(QStringLiteral("archive_export_failures")));
        // Then (the throwaway cluster lives in the first one) a TMPDIR of the test's own, where leftovers can
        // be counted.
        m_tmp = std::make_unique<QTemporaryDir>();
        QVERIFY(m_tmp->isValid());
        qputenv("TMPDIR", QFile::encodeName(m_tmp->path()));
        QCOMPARE(QDir::tempPath(), m_tmp->path());
        // The dataset kudos_ledger (the columns the exporter reads) and, as its "partitions", views over it
        // that fail deep into the stream.
        m_db->execScript(
            QStringLiteral(
                "CREATE TABLE kudos_ledger (id bigint PRIMARY KEY, created timestamp NOT NULL, user_id "
                "bigint, "
                "  amount numeric(20,2) NOT NULL, escrow boolean NOT NULL, note text);"
                "INSERT INTO kudos_ledger SELECT g, timestamp '2026-10-05' + g * interval '1 second', "
                "  1 + g % 500, (g % 20000 - 10000) / 100.0, g % 3 = 0, md5(g::text) || md5((g + 1)::text) "
                "FROM generate_series(1, %1) g;"
                // On the encoder's side: an amount the control totals refuse.
                "CREATE VIEW kudos_ledger_bad_amount AS SELECT id, created, user_id, "
                "  CASE WHEN id = %2 THEN 'oops' ELSE amount::text END AS amount, escrow, note "
                "FROM kudos_ledger;"
                // On the server's side: a division by zero at one row, raised as the COPY sends it when the
                // rows come by the primary key (enable_sort off) rather than through a sort.
                "CREATE VIEW kudos_ledger_bad_row AS SELECT id, created, "
                "  CASE WHEN id = %2 THEN 1 / (id - %2) ELSE user_id END AS user_id, amount, escrow, note "
                "FROM kudos_ledger;"
                "ANALYZE kudos_ledger")
                .arg(kRows)
                .arg(kFailingId));
    }

    void init() {
        m_dir = std::make_unique<QTemporaryDir>();
        m_store = test::openInitialisedArchive(m_dir->path() + QStringLiteral("/archive"));
        m_maxReportedRows = 0;
    }

    void consumerFailureStopsTheCopy() {
        TaskFeedback feedback;
        feedback.setSink(
            [&](const TaskProgress& p) { m_maxReportedRows = std::max(m_maxReportedRows, p.rows); });
        const Error e = exportFailure(QStringLiteral("kudos_ledger_bad_amount"), feedback);
        QCOMPARE(e.kind(), Error::Kind::Failed);
        QVERIFY2(e.message().contains(QStringLiteral("amount 'oops'")), qPrintable(e.message()));
        // The COPY thread stopped feeding rows soon after the worker failed (within the queues' few MiB),
        // long before the end of the table.
        QVERIFY2(m_maxReportedRows < kRows - 20000, qPrintable(QString::number(m_maxReportedRows)));
        QVERIFY(leftovers().isEmpty());
        QCOMPARE(m_store->list(QString()).size(), 0);
        checkConnectionStillExports();
    }

    void copyFailureStopsTheWorkers() {
        TaskFeedback feedback;
        feedback.setSink(
            [&](const TaskProgress& p) { m_maxReportedRows = std::max(m_maxReportedRows, p.rows); });
        // Rows by the primary key instead of a sort, so that fail_at runs as the rows stream out.
        m_db->exec(QStringLiteral("SET enable_sort = off"));
        const Error e = exportFailure(QStringLiteral("kudos_ledger_bad_row"), feedback);
        m_db->exec(QStringLiteral("RESET enable_sort"));
        QVERIFY2(e.message().contains(QStringLiteral("division by zero")), qPrintable(e.message()));
        // It failed mid-stream: rows had been sent (and encoded) before.
        QVERIFY2(m_maxReportedRows >= 4096, qPrintable(QString::number(m_maxReportedRows)));
        QVERIFY(m_maxReportedRows < kFailingId);
        QVERIFY(leftovers().isEmpty());
        QCOMPARE(m_store->list(QString()).size(), 0);
        checkConnectionStillExports();
    }

    // The cancel takes hold at the next chunk of the COPY: no progress after it, the error says how many
    // rows had been read then and that nothing was written; no object, manifest or temporary file is left.
    void cancelMidExport() {
        TaskFeedback feedback;
        qint64 cancelledAt = -1;
        feedback.setSink([&](const TaskProgress& p) {
            m_maxReportedRows = std::max(m_maxReportedRows, p.rows);
            if (p.rows >= kFailingId && cancelledAt < 0) {
                cancelledAt = p.rows;
                feedback.cancel();
            }
        });
        const Error e = exportFailure(QStringLiteral("kudos_ledger"), feedback);
        QCOMPARE(e.kind(), Error::Kind::Cancelled);
        QVERIFY(cancelledAt >= kFailingId && cancelledAt + PartitionExporter::kRowsPerCheckpoint < kRows);
        QCOMPARE(m_maxReportedRows, cancelledAt);
        QVERIFY2(
            e.message().contains(
                QStringLiteral("after %1 row(s)").arg(cancelledAt + PartitionExporter::kRowsPerCheckpoint)),
            qPrintable(e.message()));
        QVERIFY2(e.message().contains(QStringLiteral("nothing was written to %1").arg(m_store->describe())),
                 qPrintable(e.message()));
        QVERIFY(leftovers().isEmpty());
        QCOMPARE(m_store->list(QString()).size(), 0);
        checkConnectionStillExports();
    }

    void beforeUploadRefusal() {
        qint64 measured = 0;
        const Error e = exportFailure(QStringLiteral("kudos_ledger"), [&](qint64 bytes) {
            measured = bytes;
            throw Error(Error::Kind::Refused, QStringLiteral("over the currency budget"));
        });
        QCOMPARE(e.kind(), Error::Kind::Refused);
        QVERIFY(measured > 0);
        QVERIFY(leftovers().isEmpty());
        QCOMPARE(m_store->list(QString()).size(), 0);
        checkConnectionStillExports();
    }

    void storeWriteFailure() {
        // A file where the tier's folder must go: the upload cannot create the object.
        QFile blocker(m_dir->path() + QStringLiteral("/archive/currency"));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const Error e = exportFailure(QStringLiteral("kudos_ledger"));
        QVERIFY2(e.message().contains(QStringLiteral("currency")), qPrintable(e.message()));
        const QString key =
            archiveObjectKey(kudos::kudosArchiveLayout(), QStringLiteral("currency"),
                             QStringLiteral("kudos_ledger"), QStringLiteral("kudos_ledger"), kLo, kHi);
        QVERIFY(!m_store->exists(key));
        QVERIFY(!m_store->exists(manifestKeyFor(key)));
        QVERIFY(leftovers().isEmpty());
        checkConnectionStillExports();
    }
};

QTEST_GUILESS_MAIN(TestArchiveExportFailures)
#include "test_archiveexportfailures.moc"
