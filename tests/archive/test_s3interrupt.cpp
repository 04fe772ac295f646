// radosgw killed in the middle of an upload, on a private throwaway server of this test (TestRgw; never the
// run's shared one, which other tests use at the same time): the upload fails with Error(Connection), nothing
// is listed afterwards, and once radosgw is back (the Ceph cluster behind it kept running, so the bucket is
// still there) the same key is written in full. Single PUT, multipart, and a whole partition export.
#include "archivefixtures.h"
#include "archiveverifier.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "kudostestdata.h"
#include "partitionexporter.h"
#include "pgconnection.h"
#include "retentionjob.h"
#include "s3store.h"
#include "tests3.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::archive;
using namespace tidemark::test;

namespace {

const Micros kEnd = test::archiveTestEnd();

} // namespace

class TestS3Interrupt : public QObject {
    Q_OBJECT

    std::unique_ptr<test::TestRgw> m_rgw;
    QTemporaryDir m_dir;
    QString m_url;
    bool m_killed = false;
    qint64 m_killAfter = 0; // bytes of a request body sent before radosgw is killed; 0: never

    // A store whose uploads kill radosgw once `m_killAfter` bytes of a request went out.
    std::unique_ptr<S3Store> store(qint64 multipartThreshold = 64 * 1024 * 1024) {
        S3Store::Options options;
        options.multipartThreshold = multipartThreshold;
        options.partBytes = 5 * 1024 * 1024;
        options.http.attempts = 3;
        options.http.firstBackoffMilliseconds = 100;
        options.http.uploadProgress = [this](qint64 sent) {
            if (m_killAfter > 0 && !m_killed && sent >= m_killAfter) {
                m_killed = true;
                m_rgw->killGateway();
            }
        };
        return std::make_unique<S3Store>(S3Location::parse(m_url, QStringLiteral("TIDEMARK_ARCHIVE_URL")),
                                         S3Credentials{m_rgw->server().accessKey, m_rgw->server().secretKey},
                                         options);
    }

    void killDuringNextUpload(qint64 afterBytes) {
        m_killed = false;
        m_killAfter = afterBytes;
    }

    void expectConnectionError(const std::function<void()>& upload) {
        try {
            upload();
            QFAIL("the upload went through although radosgw was killed");
        } catch (const Error& e) {
            QVERIFY(m_killed);
            QCOMPARE(e.kind(), Error::Kind::Connection);
            QVERIFY2(e.message().contains(m_rgw->server().endpoint), qPrintable(e.message()));
        }
        m_killAfter = 0;
        m_rgw->startGateway();
    }

  private slots:
    void initTestCase() {
        m_rgw = std::make_unique<test::TestRgw>();
        int status = 0;
        test::TestS3::curl(m_rgw->server(), QStringLiteral("PUT"), QStringLiteral("/interrupted"), &status);
        QCOMPARE(status, 200);
        m_url = QStringLiteral("s3://interrupted?endpoint=%1&region=us-east-1").arg(m_rgw->server().endpoint);
    }

    void singlePut() {
        const QByteArray bytes = randomBytes(24 * 1024 * 1024, 1);
        const QString key = QStringLiteral("currency/single.bin");
        const QString path = writeFile(m_dir.filePath(QStringLiteral("single")), bytes);
        killDuringNextUpload(4 * 1024 * 1024);
        expectConnectionError([&] { store()->putFile(key, path); });
        const auto again = store();
        QVERIFY(!again->exists(key));
        QCOMPARE(again->list(QString()).size(), 0);
        again->putFile(key, path);
        QVERIFY(again->readAll(key, bytes.size()) == bytes);
    }

    void multipart() {
        const QByteArray bytes = randomBytes(16 * 1024 * 1024, 2);
        const QString key = QStringLiteral("currency/parts.bin");
        const QString path = writeFile(m_dir.filePath(QStringLiteral("parts")), bytes);
        killDuringNextUpload(2 * 1024 * 1024); // in the first part
        expectConnectionError([&] { store(1024 * 1024)->putFile(key, path); });
        const auto again = store(1024 * 1024);
        QVERIFY(!again->exists(key));
        QCOMPARE(again->list(QStringLiteral("currency/parts")).size(), 0);
        again->putFile(key, path);
        QVERIFY(again->readAll(key, bytes.size()) == bytes);
    }

    void partitionExportCompletesOnTheNextRun() {
        const QString conninfo = test::archiveKudosDatabase(QStringLiteral("s3_interrupt"), 2);
        auto db = PgConnection::open(conninfo);
        const ExportSource source{QStringLiteral("currency"), QStringLiteral("kudos_ledger"),
                                  QStringLiteral("kudos_ledger"), kEnd - 14 * kMicrosPerDay, kEnd};
        const Micros exportedAt = parseIsoTimestamp(QStringLiteral("2026-12-01T02:00:00Z"));

        killDuringNextUpload(1);
        expectConnectionError([&] {
            const auto s = store();
            PartitionExporter(*db, *s, kudos::kudosArchiveLayout())
                .exportRange(source, exportedAt, test::unwatched());
        });
        const auto s = store();
        QCOMPARE(s->list(QStringLiteral("currency/kudos_ledger/")).size(), 0);
        const ExportResult r = PartitionExporter(*db, *s, kudos::kudosArchiveLayout())
                                   .exportRange(source, exportedAt, test::unwatched());
        QVERIFY(!r.adopted);
        QCOMPARE(s->list(QStringLiteral("currency/kudos_ledger/")).size(), 2);
        const VerifyResult v =
            ArchiveVerifier(*s, kudos::kudosArchiveLayout()).verify(r.objectKey, db.get(), test::unwatched());
        QVERIFY2(v.ok, qPrintable(v.problems.join(QStringLiteral(" | "))));
    }

    // A whole retention round to the bucket with radosgw killed during its first upload: the round stops
    // with the archive unavailable, the catalog records nothing the bucket does not hold and no partition is
    // dropped; with radosgw back, the next round completes and every recorded object verifies.
    void aRetentionRoundCutOffRecordsNothingAndTheNextCompletes() {
        const QString conninfo = test::swappedKudosDatabase(QStringLiteral("s3_interrupt_round"));
        auto db = test::openKudos(conninfo);
        db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
        db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
        const auto recordedKeys = [&] {
            QStringList keys;
            const PgResult r = db->exec(QStringLiteral(
                "SELECT archive_key FROM kudos_retention_catalog WHERE archive_key IS NOT NULL ORDER BY 1"));
            for (int i = 0; i < r.rows(); ++i)
                keys.append(r.text(i, 0));
            return keys;
        };

        killDuringNextUpload(16 * 1024);
        {
            const auto s = store();
            const kudos::RetentionReport report =
                kudos::RetentionJob(*db, s.get(), test::kudosTestSettings(), test::kudosRehearsal())
                    .run(test::kudosAllEligible());
            QVERIFY(m_killed);
            bool unavailable = false;
            for (const kudos::RetentionAlert& alert : report.alerts)
                unavailable |= alert.cause == kudos::RetentionAlert::Cause::ArchiveUnavailable;
            QVERIFY(unavailable);
        }
        m_killAfter = 0;
        m_rgw->startGateway();
        QVERIFY(!db->exec(QStringLiteral("SELECT to_regclass('kudos_ledger_initial')")).isNull(0, 0));
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM kudos_retention_catalog WHERE dataset = "
                                         "'currency' AND state IN ('exported', 'verified', 'dropped')"))
                     .toLong(0, 0),
                 0LL);
        const auto s = store();
        for (const QString& key : recordedKeys())
            QVERIFY2(s->exists(key), qPrintable(key));

        const kudos::RetentionReport again =
            kudos::RetentionJob(*db, s.get(), test::kudosTestSettings(), test::kudosRehearsal())
                .run(test::kudosAllEligible());
        QVERIFY2(again.alerts.empty(), again.alerts.empty() ? "" : qPrintable(again.alerts.front().message));
        QVERIFY(db->exec(QStringLiteral("SELECT to_regclass('kudos_ledger_initial')")).isNull(0, 0));
        const QStringList keys = recordedKeys();
        QVERIFY(keys.size() >= 3);
        for (const QString& key : keys) {
            const VerifyResult v =
                ArchiveVerifier(*s, kudos::kudosArchiveLayout()).verify(key, nullptr, test::unwatched());
            QVERIFY2(v.ok, qPrintable(key + QStringLiteral(": ") + v.problems.join(QStringLiteral(" | "))));
        }
    }

    void cleanupTestCase() { m_rgw.reset(); }
};

QTEST_GUILESS_MAIN(TestS3Interrupt)
#include "test_s3interrupt.moc"
