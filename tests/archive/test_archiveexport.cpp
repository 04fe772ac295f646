#include "archivefixtures.h"
#include "archiveurl.h"
#include "archiveverifier.h"
#include "directorystore.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "partitionexporter.h"
#include "pgconnection.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::archive;
using namespace tidemark::test;

namespace {

const auto [kLo, kHi, kExportedAt] = test::archiveTestWeek();

ExportSource ledgerWeek() {
    return {QStringLiteral("currency"), QStringLiteral("kudos_ledger"), QStringLiteral("kudos_ledger"), kLo,
            kHi};
}

QString problemsText(const VerifyResult& r) {
    return r.problems.join(QStringLiteral(" | "));
}

bool anyProblemContains(const VerifyResult& r, const QString& text) {
    for (const QString& p : r.problems)
        if (p.contains(text))
            return true;
    return false;
}

} // namespace

class TestArchiveExport : public QObject {
    Q_OBJECT

    QString m_conninfo;
    std::unique_ptr<PgConnection> m_db;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ArchiveStore> m_store;

    QString objectPath(const QString& key) const { return m_dir->path() + QStringLiteral("/archive/") + key; }

    ExportResult exportLedgerWeek(const std::function<void(qint64)>& beforeUpload = {}) {
        PartitionExporter exporter(*m_db, *m_store, kudos::kudosArchiveLayout());
        return exporter.exportRange(ledgerWeek(), kExportedAt, test::unwatched(), beforeUpload);
    }

    // Rewrites the stored manifest with `change` applied to its JSON object.
    void editManifest(const QString& manifestKey, const std::function<void(QJsonObject&)>& change) {
        editJsonFile(objectPath(manifestKey), change);
    }

  private slots:
    void initTestCase() {
        m_conninfo = test::archiveKudosDatabase(QStringLiteral("archive_export"));
        m_db = PgConnection::open(m_conninfo);
    }

    void init() {
        m_dir = std::make_unique<QTemporaryDir>();
        m_store = openInitialisedArchive(m_dir->path() + QStringLiteral("/archive"));
    }

    void exportVerifiesOfflineAndOnline() {
        const ExportResult r = exportLedgerWeek();
        QVERIFY(!r.adopted);
        QCOMPARE(r.objectKey, QStringLiteral("currency/kudos_ledger/kudos_ledger_20261116_20261123.csv.zst"));
        QCOMPARE(r.manifestKey,
                 QStringLiteral("currency/kudos_ledger/kudos_ledger_20261116_20261123.manifest.json"));
        const PgResult count = m_db->exec(QStringLiteral("SELECT count(*), count(DISTINCT user_id) FROM "
                                                         "kudos_ledger WHERE created >= $1 AND created < $2"),
                                          {formatIsoTimestamp(kLo), formatIsoTimestamp(kHi)});
        QVERIFY(count.toLong(0, 0) > 1000);
        QCOMPARE(r.rows, count.toLong(0, 0));
        QCOMPARE(r.manifest.rowCount, r.rows);
        QCOMPARE(r.manifest.totals.size(), count.toLong(0, 1));
        QCOMPARE(r.manifest.columns, PartitionExporter::columnsOf(*m_db, QStringLiteral("kudos_ledger")));
        QCOMPARE(r.manifest.columns.first(), QStringLiteral("id"));
        QCOMPARE(r.objectBytes, QFileInfo(objectPath(r.objectKey)).size());
        QCOMPARE(r.objectSha256,
                 QString::fromLatin1(
                     QCryptographicHash::hash(readFile(objectPath(r.objectKey)), QCryptographicHash::Sha256)
                         .toHex()));
        // The manifest in the store is the one returned, and parses.
        QCOMPARE(ArchiveManifest::parse(m_store->readAll(r.manifestKey), kudos::kudosArchiveLayout()),
                 r.manifest);
        QCOMPARE(r.manifest.exportedAt, kExportedAt);
        // Escrow rows exist in the week and are summed apart.
        bool escrow = false;
        for (const ControlTotal& t : r.manifest.totals)
            escrow = escrow || t.escrowCents != 0;
        QVERIFY(escrow);

        ArchiveVerifier verifier(*m_store, kudos::kudosArchiveLayout());
        const VerifyResult offline = verifier.verify(r.objectKey, nullptr, test::unwatched());
        QVERIFY2(offline.ok, qPrintable(problemsText(offline)));
        QCOMPARE(offline.rows, r.rows);
        const VerifyResult online = verifier.verify(r.objectKey, m_db.get(), test::unwatched());
        QVERIFY2(online.ok, qPrintable(problemsText(online)));
    }

    void zstdCommandGivesTheManifestsCsv() {
        const ExportResult r = exportLedgerWeek();
        QProcess zstd;
        zstd.start(QStringLiteral("zstd"),
                   {QStringLiteral("-d"), QStringLiteral("-c"), objectPath(r.objectKey)});
        QVERIFY2(zstd.waitForFinished(60000), "zstd -d did not finish (is the zstd package installed?)");
        QCOMPARE(zstd.exitCode(), 0);
        const QByteArray csv = zstd.readAllStandardOutput();
        QCOMPARE(QString::fromLatin1(QCryptographicHash::hash(csv, QCryptographicHash::Sha256).toHex()),
                 r.manifest.contentSha256);
        QVERIFY(csv.startsWith(r.manifest.columns.join(QLatin1Char(',')).toUtf8() + "\n"));
        QCOMPARE(csv.count('\n'), r.rows + 1);
        QCOMPARE(r.manifest.contentBytes, std::optional<qint64>(csv.size()));
        QCOMPARE(r.manifest.schemaVersion, 2);
        // Rows by id: the first data row is the smallest id of the range.
        const PgResult first = m_db->exec(
            QStringLiteral("SELECT min(id) FROM kudos_ledger WHERE created >= $1 AND created < $2"),
            {formatIsoTimestamp(kLo), formatIsoTimestamp(kHi)});
        QVERIFY(csv.split('\n').at(1).startsWith(first.text(0, 0).toUtf8() + ","));
    }

    void statisticRowsWithWorkerTargets() {
        PartitionExporter exporter(*m_db, *m_store, kudos::kudosArchiveLayout(), 5);
        const ExportResult r = exporter.exportRange(
            {QStringLiteral("statistics"), QStringLiteral("kudos_stat_events"), QString(), kLo, kHi},
            kExportedAt, test::unwatched());
        QCOMPARE(r.objectKey.left(40), QStringLiteral("statistics/kudos_stat_events/kudos_stat_"));
        QCOMPARE(r.manifest.compressionLevel, 5);
        int workers = 0;
        for (const QString& key : r.manifest.totals.keys())
            workers += key.startsWith(QLatin1String("worker:"));
        QVERIFY(workers > 0);
        const VerifyResult v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                                   .verify(r.objectKey, m_db.get(), test::unwatched());
        QVERIFY2(v.ok, qPrintable(problemsText(v)));
    }

    void flippedByteIsReported() {
        const ExportResult r = exportLedgerWeek();
        flipMiddleByte(objectPath(r.objectKey));
        const VerifyResult v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                                   .verify(r.objectKey, nullptr, test::unwatched());
        QVERIFY(!v.ok);
        QVERIFY2(anyProblemContains(v, QStringLiteral("object sha256 differs: manifest ") +
                                           r.objectSha256.left(12)),
                 qPrintable(problemsText(v)));
        QVERIFY2(anyProblemContains(v, QStringLiteral("does not read back as CSV: ")),
                 qPrintable(problemsText(v)));
    }

    void truncatedObjectIsReported() {
        const ExportResult r = exportLedgerWeek();
        const QByteArray bytes = readFile(objectPath(r.objectKey));
        writeFile(objectPath(r.objectKey), bytes.left(bytes.size() - 100));
        const VerifyResult v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                                   .verify(r.objectKey, nullptr, test::unwatched());
        QVERIFY(!v.ok);
        QVERIFY2(
            anyProblemContains(v, QStringLiteral("object size differs: manifest %1 bytes, object %2 bytes")
                                      .arg(bytes.size())
                                      .arg(bytes.size() - 100)),
            qPrintable(problemsText(v)));
        QVERIFY2(anyProblemContains(v, QStringLiteral("truncated")), qPrintable(problemsText(v)));
    }

    void manifestTotalsOrDigestDisagree() {
        const ExportResult r = exportLedgerWeek();
        const QString user = r.manifest.totals.firstKey();
        editManifest(r.manifestKey, [&](QJsonObject& o) {
            QJsonObject totals = o.value(QStringLiteral("totals")).toObject();
            QJsonObject entry = totals.value(user).toObject();
            entry.insert(QStringLiteral("balance_sum"), QStringLiteral("123456.78"));
            totals.insert(user, entry);
            o.insert(QStringLiteral("totals"), totals);
        });
        VerifyResult v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                             .verify(r.objectKey, m_db.get(), test::unwatched());
        QVERIFY(!v.ok);
        QVERIFY2(anyProblemContains(
                     v, QStringLiteral("totals of user %1 differ: manifest balance 123456.78").arg(user)),
                 qPrintable(problemsText(v)));
        QCOMPARE(v.problems.size(), 2); // against the object and against the partition

        editManifest(r.manifestKey, [&](QJsonObject& o) {
            o = QJsonDocument::fromJson(r.manifest.toJson()).object();
            o.insert(QStringLiteral("content_sha256"), QString(64, QLatin1Char('0')));
        });
        v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                .verify(r.objectKey, nullptr, test::unwatched());
        QVERIFY(!v.ok);
        QVERIFY2(anyProblemContains(v, QStringLiteral("content sha256 differs: manifest 000000000000.., "
                                                      "decompressed object %1")
                                           .arg(r.manifest.contentSha256.left(12))),
                 qPrintable(problemsText(v)));
        QCOMPARE(v.problems.size(), 1);
    }

    void missingManifestAndUnknownVersion() {
        const ExportResult r = exportLedgerWeek();
        editManifest(r.manifestKey, [](QJsonObject& o) { o.insert(QStringLiteral("schema_version"), 7); });
        VerifyResult v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                             .verify(r.objectKey, nullptr, test::unwatched());
        QVERIFY(!v.ok);
        QVERIFY2(anyProblemContains(v, QStringLiteral("schema_version 7 is not known")),
                 qPrintable(problemsText(v)));

        QVERIFY(QFile::remove(objectPath(r.manifestKey)));
        v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                .verify(r.objectKey, nullptr, test::unwatched());
        QVERIFY(!v.ok);
        QVERIFY2(anyProblemContains(v, QStringLiteral("manifest %1 is missing").arg(r.manifestKey)),
                 qPrintable(problemsText(v)));
        QCOMPARE(v.rows, 0); // nothing to check it against: the object is not decompressed

        QVERIFY(QFile::remove(objectPath(r.objectKey)));
        v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                .verify(r.objectKey, nullptr, test::unwatched());
        QVERIFY(anyProblemContains(v, QStringLiteral("object %1 is missing").arg(r.objectKey)));
    }

    // A manifest written before content_bytes (schema_version 1) still verifies, offline and online.
    void manifestWithoutContentBytesStillVerifies() {
        const ExportResult r = exportLedgerWeek();
        editManifest(r.manifestKey, [](QJsonObject& o) {
            o.insert(QStringLiteral("schema_version"), 1);
            o.remove(QStringLiteral("content_bytes"));
        });
        const VerifyResult v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                                   .verify(r.objectKey, m_db.get(), test::unwatched());
        QVERIFY2(v.ok, qPrintable(problemsText(v)));
        QCOMPARE(v.rows, r.rows);
        QVERIFY(!v.manifest.contentBytes);
    }

    // A manifest is bound to its key: the ledger's object and manifest copied under a statistics key, or
    // under another range, do not verify there.
    void manifestUnderAForeignKeyIsAProblem() {
        const ExportResult r = exportLedgerWeek();
        for (const QString& key :
             {QStringLiteral("statistics/kudos_ledger/kudos_ledger_20261116_20261123.csv.zst"),
              QStringLiteral("currency/kudos_ledger/kudos_ledger_20261109_20261116.csv.zst"),
              QStringLiteral("currency/kudos_ledger/kudos_ledger_p20261116_20261116_20261123.csv.zst")}) {
            m_store->putFile(key, objectPath(r.objectKey));
            m_store->putFile(manifestKeyFor(key), objectPath(r.manifestKey));
            const VerifyResult v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                                       .verify(key, nullptr, test::unwatched());
            QVERIFY(!v.ok);
            QVERIFY2(
                anyProblemContains(v, QStringLiteral("the key does not agree with its manifest")) &&
                    anyProblemContains(v, QStringLiteral("which is the manifest of %1").arg(r.objectKey)),
                qPrintable(problemsText(v)));
            QCOMPARE(v.problems.size(), 1); // the object itself matches its manifest
        }
        // The exporter never writes what would not verify.
        try {
            PartitionExporter(*m_db, *m_store, kudos::kudosArchiveLayout())
                .exportRange({QStringLiteral("currency"), QStringLiteral("kudos_ledger"),
                              QStringLiteral("users"), kLo, kHi},
                             kExportedAt, test::unwatched());
            QFAIL("exported a partition named as no partition of the ledger");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Usage);
            QVERIFY2(e.message().contains(QStringLiteral("names partition users, which is not kudos_ledger")),
                     qPrintable(e.message()));
        }
    }

    // The exporter writes only the tables and tiers of its layout: another table (here one that exists and
    // has a `created` column) is refused before anything is read, naming the layout's datasets; under a
    // layout that names it, the same export is written and verifies.
    void exportOutsideTheLayoutIsRefused() {
        m_db->execScript(QStringLiteral("DROP TABLE IF EXISTS ledger_copy; "
                                        "CREATE TABLE ledger_copy AS SELECT * FROM kudos_ledger"));
        const ExportSource copy{QStringLiteral("currency"), QStringLiteral("ledger_copy"), QString(), kLo,
                                kHi};
        try {
            PartitionExporter(*m_db, *m_store, kudos::kudosArchiveLayout())
                .exportRange(copy, kExportedAt, test::unwatched());
            QFAIL("exported a table outside the layout");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Usage);
            QCOMPARE(e.message(), QStringLiteral("cannot export ledger_copy: table ledger_copy is not "
                                                 "kudos_ledger or kudos_stat_events"));
        }
        QVERIFY(m_store->list(QString()).isEmpty());
        ArchiveLayout wider = kudos::kudosArchiveLayout();
        wider.datasets.append(QStringLiteral("ledger_copy"));
        const ExportResult r =
            PartitionExporter(*m_db, *m_store, wider).exportRange(copy, kExportedAt, test::unwatched());
        QCOMPARE(r.objectKey, QStringLiteral("currency/ledger_copy/ledger_copy_20261116_20261123.csv.zst"));
        QVERIFY(r.rows > 0);
        const VerifyResult v =
            ArchiveVerifier(*m_store, wider).verify(r.objectKey, m_db.get(), test::unwatched());
        QVERIFY2(v.ok, qPrintable(problemsText(v)));
        // The kudos layout does not read it back: its manifest names a dataset outside it.
        const VerifyResult kudosView = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                                           .verify(r.objectKey, nullptr, test::unwatched());
        QVERIFY2(
            anyProblemContains(kudosView, QStringLiteral("dataset is 'ledger_copy', expected kudos_ledger or "
                                                         "kudos_stat_events")),
            qPrintable(problemsText(kudosView)));
    }

    // An object already under the key is outside bytes until it matches the rows: a bomb there is read no
    // further than the rows' own CSV would go.
    void resumeReadsABombNoFurtherThanTheRows() {
        const ArchiveManifest bomb = manifestOfCsv("id\n1\n", kLo, kHi);
        const QString root = m_dir->path() + QStringLiteral("/archive");
        putArchiveObject(root, bomb, oneHugeField(qint64(2) << 30));
        QVERIFY(QFile::remove(objectPath(manifestKeyFor(archiveKeyOf(bomb)))));
        resetPeakRss();
        try {
            exportLedgerWeek();
            QFAIL("a bomb was adopted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY2(e.message().contains(QStringLiteral("decompresses past the size of the rows' CSV")),
                     qPrintable(e.message()));
        }
        QVERIFY2(peakRssKb() < 64 * 1024, qPrintable(QString::number(peakRssKb())));
    }

    void secondWriteIsRefusedAndKeepsTheOriginal() {
        const ExportResult r = exportLedgerWeek();
        const QByteArray original = readFile(objectPath(r.objectKey));
        writeFile(m_dir->filePath(QStringLiteral("other")), "other bytes");
        try {
            m_store->putFile(r.objectKey, m_dir->filePath(QStringLiteral("other")));
            QFAIL("a second write was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY(e.message().contains(r.objectKey));
        }
        QCOMPARE(readFile(objectPath(r.objectKey)), original);
    }

    void refusedBudgetWritesNothing() {
        qint64 measured = -1;
        try {
            exportLedgerWeek([&](qint64 bytes) {
                measured = bytes;
                throw Error(Error::Kind::Refused, QStringLiteral("over the currency budget"));
            });
            QFAIL("the upload went ahead");
        } catch (const Error& e) {
            QCOMPARE(e.message(), QStringLiteral("over the currency budget"));
        }
        QVERIFY(measured > 0);
        QCOMPARE(m_store->list(QString()).size(), 0);
        QCOMPARE(m_store->usedBytes(QStringLiteral("currency/")), 0);
        // And the measured size is the size of what is uploaded afterwards.
        QCOMPARE(exportLedgerWeek().objectBytes, measured);
    }

    void resumeAdoptsAnUploadedObject() {
        const ExportResult first = exportLedgerWeek();
        QVERIFY(QFile::remove(objectPath(first.manifestKey)));
        bool uploadAsked = false;
        const ExportResult again = exportLedgerWeek([&](qint64) { uploadAsked = true; });
        QVERIFY(again.adopted);
        QVERIFY(!uploadAsked);
        QCOMPARE(again.objectSha256, first.objectSha256);
        QCOMPARE(again.manifest, first.manifest);
        QVERIFY(m_store->exists(first.manifestKey));
        QVERIFY(ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                    .verify(first.objectKey, m_db.get(), test::unwatched())
                    .ok);
        // Both present: adopted again, nothing rewritten.
        QVERIFY(exportLedgerWeek().adopted);
    }

    void resumeRefusesADifferentObject() {
        // Another range's export under this range's key.
        PartitionExporter exporter(*m_db, *m_store, kudos::kudosArchiveLayout());
        ExportSource other = ledgerWeek();
        other.lo = kLo - 7 * kMicrosPerDay;
        other.hi = kLo;
        const ExportResult r = exporter.exportRange(other, kExportedAt, test::unwatched());
        const QString key =
            archiveObjectKey(kudos::kudosArchiveLayout(), QStringLiteral("currency"),
                             QStringLiteral("kudos_ledger"), QStringLiteral("kudos_ledger"), kLo, kHi);
        m_store->putFile(key, objectPath(r.objectKey));
        try {
            exportLedgerWeek();
            QFAIL("a different object was adopted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            // Read no further than these rows would go: here past their CSV's size.
            QVERIFY2(e.message().contains(key) &&
                         e.message().contains(QStringLiteral("is not the export of")) &&
                         e.message().contains(QStringLiteral("decompresses past the size of the rows' CSV")),
                     qPrintable(e.message()));
        }
        QVERIFY(!m_store->exists(manifestKeyFor(key)));
    }

    void orphanManifestIsRefused() {
        const ExportResult r = exportLedgerWeek();
        QVERIFY(QFile::remove(objectPath(r.objectKey)));
        try {
            exportLedgerWeek();
            QFAIL("exported beside an orphan manifest");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY(e.message().contains(r.manifestKey));
        }
    }

    void onlineMismatchIsReported() {
        const ExportResult r = exportLedgerWeek();
        m_db->exec(QStringLiteral("BEGIN"));
        const PgResult deleted = m_db->exec(
            QStringLiteral(
                "DELETE FROM kudos_ledger WHERE id = (SELECT max(id) FROM kudos_ledger WHERE created >= $1 "
                "AND created < $2) RETURNING user_id"),
            {formatIsoTimestamp(kLo), formatIsoTimestamp(kHi)});
        const VerifyResult v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                                   .verify(r.objectKey, m_db.get(), test::unwatched());
        m_db->exec(QStringLiteral("ROLLBACK"));
        QVERIFY(!v.ok);
        QVERIFY2(anyProblemContains(
                     v, QStringLiteral("online row count differs: manifest %1, partition kudos_ledger has %2")
                            .arg(r.rows)
                            .arg(r.rows - 1)),
                 qPrintable(problemsText(v)));
        QVERIFY2(anyProblemContains(v, QStringLiteral("totals of user %1 differ").arg(deleted.text(0, 0))),
                 qPrintable(problemsText(v)));
        QVERIFY(ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                    .verify(r.objectKey, nullptr, test::unwatched())
                    .ok); // the object itself is fine
    }

    void partitionedTable() {
        // A partitioned kudos_ledger in a schema of its own, found first on the search path.
        m_db->execScript(QStringLiteral(
            "CREATE SCHEMA part; "
            "CREATE TABLE part.kudos_ledger (LIKE public.kudos_ledger) PARTITION BY RANGE (created); "
            "CREATE TABLE part.kudos_ledger_p20261116 PARTITION OF part.kudos_ledger "
            "  FOR VALUES FROM ('2026-11-16') TO ('2026-11-23'); "
            "CREATE TABLE part.kudos_ledger_rest PARTITION OF part.kudos_ledger DEFAULT; "
            "INSERT INTO part.kudos_ledger SELECT * FROM public.kudos_ledger; "
            "SET search_path TO part, public"));
        PartitionExporter exporter(*m_db, *m_store, kudos::kudosArchiveLayout());
        const ExportResult r =
            exporter.exportRange({QStringLiteral("currency"), QStringLiteral("kudos_ledger"),
                                  QStringLiteral("kudos_ledger_p20261116"), kLo, kHi},
                                 kExportedAt, test::unwatched());
        QCOMPARE(r.objectKey,
                 QStringLiteral("currency/kudos_ledger/kudos_ledger_p20261116_20261116_20261123.csv.zst"));
        const VerifyResult v = ArchiveVerifier(*m_store, kudos::kudosArchiveLayout())
                                   .verify(r.objectKey, m_db.get(), test::unwatched());
        m_db->execScript(QStringLiteral("RESET search_path"));
        QVERIFY2(v.ok, qPrintable(problemsText(v)));
        // The same rows as the plain table's export.
        PartitionExporter plain(*m_db, *m_store, kudos::kudosArchiveLayout());
        QCOMPARE(plain.exportRange(ledgerWeek(), kExportedAt, test::unwatched()).manifest.contentSha256,
                 r.manifest.contentSha256);
    }

    void missingPartitionIsASchemaError() {
        PartitionExporter exporter(*m_db, *m_store, kudos::kudosArchiveLayout());
        try {
            exporter.exportRange({QStringLiteral("currency"), QStringLiteral("kudos_ledger"),
                                  QStringLiteral("kudos_ledger_p19990101"), kLo, kHi},
                                 kExportedAt, test::unwatched());
            QFAIL("exported a missing partition");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Schema);
            QVERIFY(e.message().contains(QStringLiteral("kudos_ledger_p19990101")));
        }
        QCOMPARE(m_store->list(QString()).size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestArchiveExport)
#include "test_archiveexport.moc"
