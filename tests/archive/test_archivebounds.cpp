// Reading an archive object is bounded whatever it holds: hostile objects (a 2 GB field in 64 KB, millions
// of rows behind a manifest that counts one, content longer than its manifest says, an object longer than
// its manifest) in a real directory archive, verified and read back with the process's peak memory measured.
#include "archivefixtures.h"
#include "archivereadlimits.h"
#include "archiveurl.h"
#include "archiveverifier.h"
#include "checkedobjectreader.h"
#include "directorystore.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "settingsreader.h"
#include "thrownkind.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::archive;
using namespace tidemark::test;

namespace {

const auto [kLo, kHi, kExportedAt] = test::archiveTestWeek();
constexpr qint64 kFlatKb = 64 * 1024; // the goal: a refused bomb never takes the process above 64 MB

// One ledger row of user 17: what the hostile manifests below claim an object holds.
QByteArray oneRowCsv() {
    return "id,created,user_id,amount\n1,2026-11-16 00:00:00,17,1.00\n";
}

// A directory store that counts the reads of objects (not manifests), to show what is never decompressed.
class CountingStore : public DirectoryStore {
  public:
    using DirectoryStore::DirectoryStore;
    int objectReads = 0;
    void read(const QString& key, const Sink& sink) override {
        if (key.endsWith(QLatin1String(".csv.zst")))
            ++objectReads;
        DirectoryStore::read(key, sink);
    }
};

QString problemsText(const VerifyResult& r) {
    return r.problems.join(QStringLiteral(" | "));
}

} // namespace

class TestArchiveBounds : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;

    QString root() const { return m_dir->filePath(QStringLiteral("archive")); }

    // A hostile manifest: the object claims one row of user 17 (`contentBytes` when given) over the week.
    ArchiveManifest claimOneRow(Micros lo, std::optional<qint64> contentBytes) const {
        ArchiveManifest m = manifestOfCsv(oneRowCsv(), lo, lo + 7 * kMicrosPerDay);
        m.contentBytes = contentBytes;
        if (!contentBytes)
            m.schemaVersion = 1; // written before manifests carried content_bytes
        return m;
    }

    // Verifies `key` with the peak memory measured; the result's problems must name `expected`.
    VerifyResult verifyFlat(const QString& key, const QString& expected) {
        DirectoryStore store(root());
        resetPeakRss();
        const VerifyResult r =
            ArchiveVerifier(store, kudos::kudosArchiveLayout()).verify(key, nullptr, test::unwatched());
        const qint64 peak = peakRssKb();
        qInfo("%s: peak RSS %lld kB", qPrintable(key.section(QLatin1Char('/'), -1)), peak);
        [&] {
            QVERIFY(!r.ok);
            QVERIFY2(problemsText(r).contains(expected), qPrintable(problemsText(r)));
            QVERIFY2(peak < kFlatKb, qPrintable(QStringLiteral("peak RSS %1 kB").arg(peak)));
        }();
        return r;
    }

  private slots:
    void init() {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(QDir().mkdir(root()));
    }

    // 2 GB of one CSV field in about 64 KB of zstd: the manifest's content_bytes stops it, and for a manifest
    // without content_bytes (schema_version 1) the record cap does, long before the field is held.
    void oneHugeFieldIsRefusedWithFlatMemory() {
        const qint64 huge = qint64(2) << 30;
        const ArchiveManifest current =
            putArchiveObject(root(), claimOneRow(kLo, oneRowCsv().size()), oneHugeField(huge));
        QVERIFY2(current.objectBytes < 100 * 1024, qPrintable(QString::number(current.objectBytes)));
        verifyFlat(
            archiveKeyOf(current),
            QStringLiteral("decompresses past the manifest's content_bytes %1").arg(oneRowCsv().size()));

        const ArchiveManifest old =
            putArchiveObject(root(), claimOneRow(kLo - 7 * kMicrosPerDay, std::nullopt), oneHugeField(huge));
        verifyFlat(archiveKeyOf(old), QStringLiteral("a CSV record exceeds 1 MiB at row 1"));
    }

    // 26 M identical rows behind a manifest that counts one: the read stops as row 2 starts.
    void rowsBeyondTheRowCountAreRefusedAtOnce() {
        const qint64 rows = 26'000'000;
        const qint64 contentBytes = 26 + rows * 30;
        const ArchiveManifest current =
            putArchiveObject(root(), claimOneRow(kLo, contentBytes), identicalRows(rows), 19);
        QVERIFY2(current.objectBytes < 1024 * 1024, qPrintable(QString::number(current.objectBytes)));
        const VerifyResult r =
            verifyFlat(archiveKeyOf(current), QStringLiteral("the CSV holds more than 1 rows: row 2 starts"));
        QVERIFY(r.rows <= 1);

        const ArchiveManifest old = putArchiveObject(
            root(), claimOneRow(kLo - 7 * kMicrosPerDay, std::nullopt), identicalRows(rows), 19);
        verifyFlat(archiveKeyOf(old), QStringLiteral("the CSV holds more than 1 rows: row 2 starts"));
    }

    // A sound object whose manifest says one byte less than its content holds: refused at that byte. The same
    // object verifies with the right content_bytes, and with a manifest written before content_bytes.
    void contentPastContentBytesIsRefused() {
        QByteArray csv = "id,created,user_id,amount\n";
        for (int i = 1; i <= 5000; ++i)
            csv += QByteArray::number(i) + ",2026-11-16 00:00:00," + QByteArray::number(i % 70) + ",1.25\n";
        const ArchiveManifest exact = manifestOfCsv(csv, kLo, kHi);
        const auto writeCsv = [&](const std::function<void(const char*, qint64)>& sink) {
            sink(csv.constData(), csv.size());
        };
        ArchiveManifest shorter = exact;
        shorter.createdFrom -= 7 * kMicrosPerDay;
        shorter.createdTo -= 7 * kMicrosPerDay;
        shorter.contentBytes = csv.size() - 1;
        ArchiveManifest old = exact;
        old.createdFrom += 7 * kMicrosPerDay;
        old.createdTo += 7 * kMicrosPerDay;
        old.schemaVersion = 1;
        old.contentBytes.reset();
        DirectoryStore store(root());
        ArchiveVerifier verifier(store, kudos::kudosArchiveLayout());

        const VerifyResult good = verifier.verify(archiveKeyOf(putArchiveObject(root(), exact, writeCsv)),
                                                  nullptr, test::unwatched());
        QVERIFY2(good.ok, qPrintable(problemsText(good)));
        QCOMPARE(good.rows, qint64(5000));
        const VerifyResult oldOk = verifier.verify(archiveKeyOf(putArchiveObject(root(), old, writeCsv)),
                                                   nullptr, test::unwatched());
        QVERIFY2(oldOk.ok, qPrintable(problemsText(oldOk)));
        QVERIFY(!oldOk.manifest.contentBytes);
        shorter = putArchiveObject(root(), shorter, writeCsv);
        const VerifyResult cut = verifier.verify(archiveKeyOf(shorter), nullptr, test::unwatched());
        QVERIFY(!cut.ok);
        QVERIFY2(problemsText(cut).contains(
                     QStringLiteral("decompresses past the manifest's content_bytes %1").arg(csv.size() - 1)),
                 qPrintable(problemsText(cut)));

        // The restorer's second read holds to the same caps: an object that became a bomb after its
        // verification loads nothing past content_bytes.
        QByteArray loaded;
        CheckedObjectReader reader(store, shorter, ArchiveReadLimits());
        QString message;
        QCOMPARE(thrownKind(
                     [&] {
                         reader.read(
                             archiveKeyOf(shorter),
                             [&](const char* data, qint64 length) { loaded.append(data, length); },
                             test::unwatched(), QStringLiteral("restoring"));
                     },
                     &message),
                 Error::Kind::Refused);
        QVERIFY2(message.contains(QStringLiteral("decompresses past the manifest's content_bytes")),
                 qPrintable(message));
        QVERIFY(loaded.size() <= csv.size() - 1);
    }

    // Bytes appended to an object: its read stops at the manifest's object_bytes.
    void objectLongerThanObjectBytesIsNotReadFurther() {
        const ArchiveManifest m = putArchiveObject(root(), claimOneRow(kLo, oneRowCsv().size()),
                                                   [](const std::function<void(const char*, qint64)>& sink) {
                                                       sink(oneRowCsv().constData(), oneRowCsv().size());
                                                   });
        const QString path = root() + QLatin1Char('/') + archiveKeyOf(m);
        DirectoryStore plain(root());
        QVERIFY(ArchiveVerifier(plain, kudos::kudosArchiveLayout())
                    .verify(archiveKeyOf(m), nullptr, test::unwatched())
                    .ok);
        QFile file(path);
        QVERIFY(file.open(QIODevice::Append));
        file.write(QByteArray(3 * 1024 * 1024, 'x'));
        file.close();
        CountingStore store(root());
        const VerifyResult r = ArchiveVerifier(store, kudos::kudosArchiveLayout())
                                   .verify(archiveKeyOf(m), nullptr, test::unwatched());
        QVERIFY(!r.ok);
        QVERIFY2(problemsText(r).contains(
                     QStringLiteral("object size differs: manifest %1 bytes, the object is longer (not read "
                                    "further)")
                         .arg(m.objectBytes)),
                 qPrintable(problemsText(r)));
    }

    // Without a manifest that parses there is nothing to check the content against: the object is not read.
    void noManifestNoDecompression() {
        const ArchiveManifest m =
            putArchiveObject(root(), claimOneRow(kLo, oneRowCsv().size()), oneHugeField(qint64(64) << 20));
        const QString manifestPath = root() + QLatin1Char('/') + manifestKeyFor(archiveKeyOf(m));
        CountingStore store(root());
        ArchiveVerifier verifier(store, kudos::kudosArchiveLayout());

        writeFile(manifestPath, "{ not json");
        VerifyResult r = verifier.verify(archiveKeyOf(m), nullptr, test::unwatched());
        QVERIFY2(problemsText(r).contains(QStringLiteral("is not JSON")), qPrintable(problemsText(r)));
        QVERIFY(QFile::remove(manifestPath));
        r = verifier.verify(archiveKeyOf(m), nullptr, test::unwatched());
        QVERIFY2(problemsText(r).contains(QStringLiteral("is missing from directory")) &&
                     problemsText(r).contains(QStringLiteral("the object is not read without it")),
                 qPrintable(problemsText(r)));
        QCOMPARE(r.rows, 0);
        QCOMPARE(store.objectReads, 0);
    }

    // The settings are read once and passed down; a bad value names its setting.
    void readLimitsAreSettings() {
        QCOMPARE(ArchiveReadLimits::read(SettingsReader({})), ArchiveReadLimits());
        const ArchiveReadLimits set = ArchiveReadLimits::read(
            SettingsReader({{QStringLiteral("TIDEMARK_ARCHIVE_MAX_CONTENT_BYTES"), QStringLiteral("1048576")},
                            {QStringLiteral("TIDEMARK_ARCHIVE_MAX_RECORD_BYTES"), QStringLiteral("4096")}}));
        QCOMPARE(set.maxContentBytes, qint64(1048576));
        QCOMPARE(set.maxRecordBytes, qint64(4096));
        for (const auto& [name, value] : {std::pair{"TIDEMARK_ARCHIVE_MAX_CONTENT_BYTES", "1000"},
                                          std::pair{"TIDEMARK_ARCHIVE_MAX_CONTENT_BYTES", "lots"},
                                          std::pair{"TIDEMARK_ARCHIVE_MAX_RECORD_BYTES", "0"},
                                          std::pair{"TIDEMARK_ARCHIVE_MAX_RECORD_BYTES", "2147483648"}}) {
            QString message;
            QCOMPARE(thrownKind(
                         [&] {
                             ArchiveReadLimits::read(
                                 SettingsReader({{QString::fromLatin1(name), QString::fromLatin1(value)}}));
                         },
                         &message),
                     Error::Kind::Settings);
            QVERIFY2(message.startsWith(QString::fromLatin1(name)), qPrintable(message));
        }

        // A smaller record cap is the verifier's: a sound object with longer records is refused by it.
        const ArchiveManifest m =
            putArchiveObject(root(), claimOneRow(kLo, std::nullopt), oneHugeField(8 * 1024));
        DirectoryStore store(root());
        ArchiveReadLimits small;
        small.maxRecordBytes = 4096;
        const VerifyResult r = ArchiveVerifier(store, kudos::kudosArchiveLayout(), small)
                                   .verify(archiveKeyOf(m), nullptr, test::unwatched());
        QVERIFY2(problemsText(r).contains(QStringLiteral("a CSV record exceeds 4096 bytes at row 1")),
                 qPrintable(problemsText(r)));
    }
};

QTEST_GUILESS_MAIN(TestArchiveBounds)
#include "test_archivebounds.moc"
