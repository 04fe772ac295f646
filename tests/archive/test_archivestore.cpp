#include "archivefixtures.h"
#include "archiveurl.h"
#include "directorystore.h"
#include "kudosarchivelayout.h"
#include "processidentity.h"
#include "s3location.h"
#include "thrownkind.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tidemark;
using namespace tidemark::archive;
using namespace tidemark::test;

class TestArchiveStore : public QObject {
    Q_OBJECT

  private slots:
    void writeOnceListAndRead() {
        QTemporaryDir dir;
        const auto store = openInitialisedArchive(dir.path() + QStringLiteral("/archive"));
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(dir.path() + QStringLiteral("/archive")).constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0700u);
        QVERIFY(store->describe().contains(dir.path()));
        const QString a = writeFile(dir.filePath(QStringLiteral("a")), "first object");
        const QString b = writeFile(dir.filePath(QStringLiteral("b")), "second");
        QVERIFY(!store->exists(QStringLiteral("currency/kudos_ledger/x.csv.zst")));
        store->putFile(QStringLiteral("currency/kudos_ledger/x.csv.zst"), a);
        store->putFile(QStringLiteral("currency/kudos_ledger/y.csv.zst"), b);
        store->putFile(QStringLiteral("statistics/kudos_stat_events/z.csv.zst"), b);
        QVERIFY(store->exists(QStringLiteral("currency/kudos_ledger/x.csv.zst")));
        QVERIFY(!store->exists(QStringLiteral("currency/kudos_ledger")));

        QString message;
        QCOMPARE(thrownKind([&] { store->putFile(QStringLiteral("currency/kudos_ledger/x.csv.zst"), b); },
                            &message),
                 Error::Kind::Refused);
        QVERIFY2(message.contains(QStringLiteral("already exists")), qPrintable(message));
        QCOMPARE(store->readAll(QStringLiteral("currency/kudos_ledger/x.csv.zst")),
                 QByteArray("first object"));

        const QList<ArchiveObjectInfo> currency = store->list(QStringLiteral("currency/"));
        QCOMPARE(currency.size(), 2);
        QCOMPARE(currency[0], (ArchiveObjectInfo{QStringLiteral("currency/kudos_ledger/x.csv.zst"), 12}));
        QCOMPARE(store->usedBytes(QStringLiteral("currency/")), 12 + 6);
        QCOMPARE(store->usedBytes(QStringLiteral("statistics/")), 6);
        QCOMPARE(store->usedBytes(QStringLiteral("currency/kudos_ledger/y")), 6);
        QCOMPARE(store->usedBytes(QString()), 24);
        QCOMPARE(store->list(QStringLiteral("nothing/")).size(), 0);

        // A leftover temporary file of a crashed writer is not an object.
        writeFile(dir.path() + QStringLiteral("/archive/currency/kudos_ledger/.w.csv.zst.tmp-1-2"),
                  "partial");
        QCOMPARE(store->usedBytes(QStringLiteral("currency/")), 18);

        QByteArray streamed;
        store->read(QStringLiteral("currency/kudos_ledger/y.csv.zst"),
                    [&](const char* d, qint64 n) { streamed.append(d, n); });
        QCOMPARE(streamed, QByteArray("second"));
        QCOMPARE(thrownKind([&] {
                     store->read(QStringLiteral("currency/none.csv.zst"), [](const char*, qint64) {});
                 }),
                 Error::Kind::Failed);
        QCOMPARE(thrownKind([&] { store->readAll(QStringLiteral("currency/kudos_ledger/x.csv.zst"), 4); }),
                 Error::Kind::Failed);
        // Published objects are whole and no temporary file stays behind.
        QCOMPARE(
            QDir(dir.path() + QStringLiteral("/archive/currency/kudos_ledger")).entryList(QDir::Files).size(),
            2);
    }

    // A file given up (publishFile) on the store's filesystem becomes the object itself, a hard link of its
    // bytes, published and written once like a copy; putFile copies.
    void publishedFileIsLinkedNotCopied() {
        QTemporaryDir dir;
        const auto opened = openInitialisedArchive(dir.path() + QStringLiteral("/archive"));
        ArchiveStore& store = *opened;
        const QString given = writeFile(dir.filePath(QStringLiteral("given")), "given up");
        const QString copied = writeFile(dir.filePath(QStringLiteral("copied")), "copied");
        store.publishFile(QStringLiteral("currency/kudos_ledger/p.csv.zst"), given);
        store.putFile(QStringLiteral("currency/kudos_ledger/c.csv.zst"), copied);
        const auto inode = [](const QString& path) {
            struct stat st {};
            return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_ino : ino_t(0);
        };
        const QString folder = dir.path() + QStringLiteral("/archive/currency/kudos_ledger/");
        QCOMPARE(inode(folder + QStringLiteral("p.csv.zst")), inode(given));
        QVERIFY(inode(folder + QStringLiteral("c.csv.zst")) != inode(copied));
        QVERIFY(QFile::remove(given));
        QCOMPARE(store.readAll(QStringLiteral("currency/kudos_ledger/p.csv.zst")), QByteArray("given up"));
        QCOMPARE(
            thrownKind([&] { store.publishFile(QStringLiteral("currency/kudos_ledger/p.csv.zst"), copied); }),
            Error::Kind::Refused);
        QCOMPARE(store.readAll(QStringLiteral("currency/kudos_ledger/p.csv.zst")), QByteArray("given up"));
        QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden).size(), 2);
    }

    // What writers killed mid-upload left: a file of a gone process of this boot is removed at once; one of a
    // running process, or of another machine or boot or an older Tidemark, only once it is a day old.
    void abandonedTemporariesAreRemoved() {
        QTemporaryDir dir;
        const auto opened = openInitialisedArchive(dir.path() + QStringLiteral("/archive"));
        ArchiveStore& store = *opened;
        store.putFile(QStringLiteral("currency/kudos_ledger/kept.csv.zst"),
                      writeFile(dir.filePath(QStringLiteral("kept")), "kept"));
        QProcess gone;
        gone.start(QStringLiteral("true"));
        QVERIFY(gone.waitForFinished());
        const QString boot = QString::fromLatin1(processidentity::bootId());
        const QString folder = dir.path() + QStringLiteral("/archive/currency/kudos_ledger/");
        const QString random = QStringLiteral("0123456789abcdef");
        const QString deadHere =
            QStringLiteral(".a.csv.zst.tmp-%1-%2-%3").arg(boot).arg(gone.processId()).arg(random);
        const QString runningHere =
            QStringLiteral(".b.csv.zst.tmp-%1-%2-%3").arg(boot).arg(::getpid()).arg(random);
        const QString elsewhere =
            QStringLiteral(".c.csv.zst.tmp-ffffffff-%1-%2").arg(gone.processId()).arg(random);
        const QString elsewhereOld = QStringLiteral(".d.csv.zst.tmp-ffffffff-1-%1").arg(random);
        const QString olderTidemarkOld = QStringLiteral(".e.csv.zst.tmp-2-%1").arg(random);
        const QString notATemporary = QStringLiteral(".f.notes");
        for (const QString& name :
             {deadHere, runningHere, elsewhere, elsewhereOld, olderTidemarkOld, notATemporary})
            writeFile(folder + name, "part of an object");
        const qint64 twoDaysAgo = ::time(nullptr) - 2 * 24 * 3600;
        for (const QString& name : {elsewhereOld, olderTidemarkOld, notATemporary}) {
            const struct timespec times[2] = {{twoDaysAgo, 0}, {twoDaysAgo, 0}};
            QVERIFY(::utimensat(AT_FDCWD, QFile::encodeName(folder + name).constData(), times, 0) == 0);
        }
        QCOMPARE(store.removeAbandonedTemporaries(), 3);
        QStringList left = QDir(folder).entryList(QDir::Files | QDir::Hidden);
        left.sort();
        QCOMPARE(left, (QStringList{runningHere, elsewhere, notATemporary, QStringLiteral("kept.csv.zst")}));
        QCOMPARE(store.removeAbandonedTemporaries(), 0);
    }

    void badKeysAreRefused_data() {
        QTest::addColumn<QString>("key");
        QTest::newRow("parent") << "../x";
        QTest::newRow("inner parent") << "currency/../../x";
        QTest::newRow("absolute") << "/etc/passwd";
        QTest::newRow("empty") << "";
        QTest::newRow("empty part") << "currency//x";
        QTest::newRow("dot") << "currency/./x";
        QTest::newRow("hidden") << "currency/.x";
        QTest::newRow("backslash") << "currency\\x";
    }
    void badKeysAreRefused() {
        QFETCH(QString, key);
        QTemporaryDir dir;
        DirectoryStore store(dir.path());
        const QString file = writeFile(dir.filePath(QStringLiteral("f")), "x");
        QCOMPARE(thrownKind([&] { store.putFile(key, file); }), Error::Kind::Usage);
        QCOMPARE(thrownKind([&] { store.exists(key); }), Error::Kind::Usage);
    }

    // Nothing below the root is followed through a symbolic link: not a folder of a key, not its file. The
    // listing shows each link as a problem entry; the bytes behind a link are never counted.
    void symbolicLinksBelowTheRootAreRefused() {
        QTemporaryDir dir;
        const QString root = dir.filePath(QStringLiteral("archive"));
        const QString outside = dir.filePath(QStringLiteral("outside"));
        QVERIFY(QDir().mkpath(root + QStringLiteral("/currency/plain")));
        QVERIFY(QDir().mkpath(outside));
        writeFile(outside + QStringLiteral("/x.csv.zst"), "outside the archive");
        QVERIFY(QFile::link(outside, root + QStringLiteral("/currency/kudos_ledger")));
        QVERIFY(QFile::link(outside + QStringLiteral("/x.csv.zst"),
                            root + QStringLiteral("/currency/plain/y.csv.zst")));
        writeFile(root + QStringLiteral("/currency/plain/z.csv.zst"), "inside");
        DirectoryStore store(root);
        const QString file = writeFile(dir.filePath(QStringLiteral("new")), "new object");
        QString message;
        for (const QString& key : {QStringLiteral("currency/kudos_ledger/x.csv.zst"),
                                   QStringLiteral("currency/plain/y.csv.zst")}) {
            QCOMPARE(thrownKind([&] { store.exists(key); }, &message), Error::Kind::Refused);
            QVERIFY2(message.contains(QStringLiteral("is a symbolic link")), qPrintable(message));
            QCOMPARE(thrownKind([&] { store.read(key, [](const char*, qint64) {}); }, &message),
                     Error::Kind::Refused);
            QCOMPARE(thrownKind([&] { store.readAll(key); }), Error::Kind::Refused);
        }
        QCOMPARE(
            thrownKind([&] { store.putFile(QStringLiteral("currency/kudos_ledger/new.csv.zst"), file); }),
            Error::Kind::Refused);
        QCOMPARE(
            thrownKind([&] { store.putFile(QStringLiteral("currency/kudos_ledger/sub/new.csv.zst"), file); }),
            Error::Kind::Refused);
        QCOMPARE(QDir(outside).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{QStringLiteral("x.csv.zst")}); // nothing written through the link

        QCOMPARE(store.list(QStringLiteral("currency/")),
                 (QList<ArchiveObjectInfo>{{QStringLiteral("currency/kudos_ledger"), 0,
                                            QStringLiteral("is a symbolic link; links are not followed")},
                                           {QStringLiteral("currency/plain/y.csv.zst"), 0,
                                            QStringLiteral("is a symbolic link; links are not followed")},
                                           {QStringLiteral("currency/plain/z.csv.zst"), 6, QString()}}));
        QCOMPARE(store.usedBytes(QStringLiteral("currency/")), 6);
        const QList<ArchiveObjectInfo> below = store.list(QStringLiteral("currency/kudos_ledger/"));
        QCOMPARE(below.size(), 1);
        QVERIFY2(below[0].problem.contains(QStringLiteral("symbolic link")), qPrintable(below[0].problem));

        // The operator may name the root itself through a link: it is resolved once.
        const QString rootLink = dir.filePath(QStringLiteral("archive-link"));
        QVERIFY(QFile::link(root, rootLink));
        DirectoryStore linked(rootLink);
        QCOMPARE(linked.root(), QFileInfo(root).canonicalFilePath());
        QVERIFY(linked.exists(QStringLiteral("currency/plain/z.csv.zst")));
        linked.putFile(QStringLiteral("currency/plain/w.csv.zst"), file);
        QCOMPARE(readFile(root + QStringLiteral("/currency/plain/w.csv.zst")), QByteArray("new object"));
    }

    // Entries that are no object the store can read are listed with their problem, and reading a FIFO planted
    // under a key neither blocks nor succeeds.
    void oddEntriesAreListedWithTheirProblem() {
        QTemporaryDir dir;
        const QString root = dir.path();
        QVERIFY(QDir().mkpath(root + QStringLiteral("/currency/a/b/c/d/e/f/g/h")));
        writeFile(root + QStringLiteral("/currency/a/b/c/d/e/f/g/h/deep.csv.zst"), "deep");
        writeFile(root + QStringLiteral("/currency/back\\slash.csv.zst"), "bs");
        const QByteArray latin1Name = QFile::encodeName(root) + "/currency/latin\xe9.csv.zst";
        const int created = ::open(latin1Name.constData(), O_WRONLY | O_CREAT | O_EXCL, 0600);
        QVERIFY(created >= 0);
        ::close(created);
        // QTemporaryDir cannot remove a name that is not UTF-8: the folder stayed in /tmp after every run.
        struct Unlink {
            QByteArray name;
            ~Unlink() { ::unlink(name.constData()); }
        } unlinkLatin1{latin1Name};
        QCOMPARE(
            ::mkfifo(QFile::encodeName(root + QStringLiteral("/currency/fifo.csv.zst")).constData(), 0600),
            0);
        DirectoryStore store(root);
        QHash<QString, QString> problems;
        for (const ArchiveObjectInfo& o : store.list(QStringLiteral("currency/")))
            problems.insert(o.key.startsWith(QLatin1String("currency/latin")) ? QStringLiteral("latin")
                                                                              : o.key,
                            o.problem);
        QCOMPARE(problems.size(), 4);
        QVERIFY2(problems.value(QStringLiteral("currency/back\\slash.csv.zst"))
                     .contains(QStringLiteral("backslash")),
                 qPrintable(problems.keys().join(QLatin1Char(' '))));
        QCOMPARE(problems.value(QStringLiteral("latin")),
                 QStringLiteral("has a file name that is not UTF-8"));
        QCOMPARE(problems.value(QStringLiteral("currency/fifo.csv.zst")),
                 QStringLiteral("is not a regular file"));
        QVERIFY2(problems.value(QStringLiteral("currency/a/b/c/d/e/f/g/h"))
                     .contains(QStringLiteral("deeper than 8")),
                 qPrintable(problems.keys().join(QLatin1Char(' '))));
        QString message;
        QCOMPARE(thrownKind(
                     [&] { store.read(QStringLiteral("currency/fifo.csv.zst"), [](const char*, qint64) {}); },
                     &message),
                 Error::Kind::Failed);
        QVERIFY2(message.contains(QStringLiteral("not a regular file")), qPrintable(message));
    }

    void unreachableRootIsAConnectionError() {
        DirectoryStore store(QStringLiteral("/nonexistent/tidemark-archive"));
        QString message;
        QCOMPARE(thrownKind([&] { store.exists(QStringLiteral("a")); }, &message), Error::Kind::Connection);
        QVERIFY(message.contains(QStringLiteral("/nonexistent/tidemark-archive")));
        QCOMPARE(thrownKind([&] { store.usedBytes(QStringLiteral("currency/")); }), Error::Kind::Connection);
    }

    void urls() {
        QString message;
        // S3 URLs: endpoint and region required, nothing else accepted, no credentials in the URL.
        for (const QString& url :
             {QStringLiteral("s3://bucket/prefix"), QStringLiteral("s3://bucket/prefix?region=us-east-1"),
              QStringLiteral("s3://bucket/prefix?endpoint=http://127.0.0.1:7480"),
              QStringLiteral("s3://bucket?endpoint=http://127.0.0.1:7480&region=us-east-1&acl=public"),
              QStringLiteral("s3://bucket?endpoint=ftp://127.0.0.1&region=us-east-1"),
              QStringLiteral("s3://bucket?endpoint=http://127.0.0.1/path&region=us-east-1"),
              QStringLiteral("s3://Bad_Bucket?endpoint=http://127.0.0.1:7480&region=us-east-1"),
              QStringLiteral(
                  "s3://AKIAOPS:Secret@bucket/p?endpoint=http://127.0.0.1:7480&region=us-east-1")}) {
            QCOMPARE(thrownKind([&] { openArchiveStore(url); }, &message), Error::Kind::Settings);
            QVERIFY2(message.contains(QStringLiteral("TIDEMARK_ARCHIVE_URL")),
                     qPrintable(url + QLatin1Char(' ') + message));
            QVERIFY2(!message.contains(QStringLiteral("Secret")), qPrintable(message));
        }
        QCOMPARE(thrownKind(
                     [&] { openArchiveStore(QStringLiteral("s3://bkt/p?endpoint=http://h:1&region=r&x=1")); },
                     &message),
                 Error::Kind::Settings);
        QVERIFY2(message.contains(QStringLiteral("'x'")), qPrintable(message));
        const S3Location location = S3Location::parse(
            QStringLiteral("s3://bucket/a/b/?region=eu-west-1&endpoint=http://127.0.0.1:7480/"),
            QStringLiteral("X"));
        QCOMPARE(location.bucket, QStringLiteral("bucket"));
        QCOMPARE(location.prefix, QStringLiteral("a/b"));
        QCOMPARE(location.endpoint, QStringLiteral("http://127.0.0.1:7480"));
        QCOMPARE(location.region, QStringLiteral("eu-west-1"));
        QCOMPARE(location.objectName(QStringLiteral("currency/x")), QStringLiteral("a/b/currency/x"));
        QCOMPARE(location.describe(), QStringLiteral("s3://bucket/a/b at http://127.0.0.1:7480"));
        for (const QString& url :
             {QStringLiteral("/srv/archive"), QStringLiteral("http://x/y"), QStringLiteral("file://host/srv"),
              QStringLiteral("file:relative"), QStringLiteral("file:///")}) {
            QCOMPARE(thrownKind([&] { openArchiveStore(url); }, &message), Error::Kind::Settings);
            QVERIFY2(message.contains(QStringLiteral("TIDEMARK_ARCHIVE_URL")) &&
                         message.contains(QStringLiteral("file:///")) &&
                         message.contains(QStringLiteral("s3://")),
                     qPrintable(message));
        }
        QTemporaryDir dir;
        const QString file = writeFile(dir.filePath(QStringLiteral("plain")), "x");
        QCOMPARE(thrownKind([&] { openArchiveStore(QStringLiteral("file://") + file); }),
                 Error::Kind::Connection);
    }

    void objectKeys() {
        const Micros monday = parseIsoTimestamp(QStringLiteral("2026-10-05T00:00:00Z"));
        const Micros next = parseIsoTimestamp(QStringLiteral("2026-10-12T00:00:00Z"));
        const QString key = archiveObjectKey(kudos::kudosArchiveLayout(), QStringLiteral("currency"),
                                             QStringLiteral("kudos_ledger"),
                                             QStringLiteral("kudos_ledger_p20261005"), monday, next);
        QCOMPARE(key,
                 QStringLiteral("currency/kudos_ledger/kudos_ledger_p20261005_20261005_20261012.csv.zst"));
        QCOMPARE(
            manifestKeyFor(key),
            QStringLiteral("currency/kudos_ledger/kudos_ledger_p20261005_20261005_20261012.manifest.json"));
        QCOMPARE(archiveObjectKey(kudos::kudosArchiveLayout(), QStringLiteral("statistics"),
                                  QStringLiteral("kudos_stat_events"), QStringLiteral("kudos_stat_events"),
                                  monday + 90 * kMicrosPerMinute + 5, next + kMicrosPerSecond),
                 QStringLiteral("statistics/kudos_stat_events/kudos_stat_events_20261005T013000.000005Z_"
                                "20261012T000001Z.csv.zst"));
        QCOMPARE(archiveObjectKey(kudos::kudosArchiveLayout(), QStringLiteral("currency"),
                                  QStringLiteral("kudos_ledger"), QStringLiteral("p"), -kMicrosPerDay, 0),
                 QStringLiteral("currency/kudos_ledger/p_19691231_19700101.csv.zst"));
        QCOMPARE(thrownKind([&] {
                     archiveObjectKey(kudos::kudosArchiveLayout(), QStringLiteral("cold"),
                                      QStringLiteral("t"), QStringLiteral("p"), 0, 1);
                 }),
                 Error::Kind::Usage);
        QCOMPARE(thrownKind([&] {
                     archiveObjectKey(kudos::kudosArchiveLayout(), QStringLiteral("currency"),
                                      QStringLiteral("t/../x"), QStringLiteral("p"), 0, 1);
                 }),
                 Error::Kind::Usage);
        QCOMPARE(thrownKind([&] {
                     archiveObjectKey(kudos::kudosArchiveLayout(), QStringLiteral("currency"),
                                      QStringLiteral("t"), QStringLiteral("p"), 5, 5);
                 }),
                 Error::Kind::Usage);
        QCOMPARE(thrownKind([&] { manifestKeyFor(QStringLiteral("currency/x.json")); }), Error::Kind::Usage);
    }

    // The range in a key reads back as archiveObjectKey wrote it, for random ranges down to the microsecond;
    // anything else is no range.
    void keyRanges() {
        QRandomGenerator random(20261201);
        for (int i = 0; i < 2000; ++i) {
            Micros lo = (random.bounded(-20000, 40000)) * kMicrosPerDay;
            switch (i % 3) {
            case 1:
                lo += random.bounded(86400) * kMicrosPerSecond;
                break;
            case 2:
                lo += qint64(random.bounded(86400000)) * 1000 + random.bounded(1000);
                break;
            default:
                break;
            }
            const Micros hi = lo + 1 + qint64(random.bounded(30 * 86400)) * kMicrosPerSecond;
            const QString key = archiveObjectKey(kudos::kudosArchiveLayout(), QStringLiteral("currency"),
                                                 QStringLiteral("kudos_ledger"),
                                                 QStringLiteral("kudos_ledger_p2026"), lo, hi);
            const auto range = archiveKeyRange(key);
            QVERIFY2(range.has_value(), qPrintable(key));
            QCOMPARE(range->first, lo);
            QCOMPARE(range->second, hi);
        }
        for (const char* bad :
             {"currency/kudos_ledger/x.csv.zst", "currency/kudos_ledger/p_20261012_20261005.csv.zst",
              "currency/kudos_ledger/p_20261005_20261012.manifest.json",
              "currency/kudos_ledger/p_20261305_20261312.csv.zst",
              "currency/kudos_ledger/p_2026100_20261012.csv.zst",
              "currency/kudos_ledger/p_20261005T01Z_20261012.csv.zst"})
            QVERIFY2(!archiveKeyRange(QString::fromLatin1(bad)).has_value(), bad);
    }
};

QTEST_GUILESS_MAIN(TestArchiveStore)
#include "test_archivestore.moc"
