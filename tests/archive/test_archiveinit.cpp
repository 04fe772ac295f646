// The archive's marker on a directory: openArchiveStore refuses a folder without it (missing, an empty mount
// point, a marker that is a link or does not parse) and creates nothing; archive init makes the folder only
// under an existing parent, adopts objects already there once each verifies, writes the marker once, and
// the marker is never an object.
#include "archivefixtures.h"
#include "archiveinitjob.h"
#include "archiveurl.h"
#include "archiveverifyjob.h"
#include "directorystore.h"
#include "kudosarchivelayout.h"
#include "pgconnection.h"
#include "testpostgres.h"
#include "thrownkind.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tidemark;
using namespace tidemark::archive;
using namespace tidemark::test;

namespace {

const Micros kLo = parseIsoTimestamp(QStringLiteral("2026-11-16T00:00:00Z"));
const QLatin1String kMarker(ArchiveMarker::kKey);

// Every file and folder below `root` with the sha256 of each file: what "nothing was written" compares.
QStringList tree(const QString& root) {
    QStringList entries;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        const QString name = QDir(root).relativeFilePath(it.filePath());
        entries << (it.fileInfo().isFile()
                        ? name + QLatin1Char(' ') +
                              QString::fromLatin1(QCryptographicHash::hash(readFile(it.filePath()),
                                                                           QCryptographicHash::Sha256)
                                                      .toHex())
                        : name);
    }
    entries.sort();
    return entries;
}

// A day of ledger-like rows as an object and its manifest in the directory `root`; the object's key.
QString putDay(const QString& root, int day) {
    QByteArray csv = "id,created,user_id,amount\n";
    for (int i = 0; i < 50; ++i)
        csv += QByteArray::number(day * 100 + i) + ",2026-11-1" + QByteArray::number(6 + day) + " 01:00:00," +
               QByteArray::number(i % 7) + "," + QByteArray::number(i) + ".25\n";
    const ArchiveManifest m =
        putArchiveObject(root, manifestOfCsv(csv, kLo + day * kMicrosPerDay, kLo + (day + 1) * kMicrosPerDay),
                         [&](const auto& sink) { sink(csv.constData(), csv.size()); });
    return archiveKeyOf(m);
}

ArchiveInitReport init(const QString& url, const QString& conninfo = {}) {
    return ArchiveInitJob::run({url, kudos::kudosArchiveLayout(), {}, conninfo}, unwatched());
}

QString url(const QString& folder) {
    return QStringLiteral("file://") + folder;
}

} // namespace

class TestArchiveInit : public QObject {
    Q_OBJECT

  private slots:
    // No folder, and an empty folder (an unmounted NAS's mount point): refused with the cause, and neither
    // the folder nor its parents are created, nothing is written into the empty one.
    void aFolderWithoutTheMarkerIsNoArchive() {
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("nonexistent/deeper/archive"));
        QString message;
        QCOMPARE(thrownKind([&] { openArchiveStore(url(missing)); }, &message), Error::Kind::Refused);
        QCOMPARE(message, QStringLiteral("no Tidemark archive at file://%1: not mounted, or run archive init "
                                         "(the folder %1 does not exist)")
                              .arg(missing));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("nonexistent"))));

        const QString mountPoint = dir.filePath(QStringLiteral("nas"));
        QVERIFY(QDir().mkdir(mountPoint));
        QCOMPARE(thrownKind([&] { openArchiveStore(url(mountPoint)); }, &message), Error::Kind::Refused);
        QCOMPARE(message, QStringLiteral("no Tidemark archive at file://%1: not mounted, or run archive init "
                                         "(the folder %1 exists but holds no tidemark-archive.json)")
                              .arg(mountPoint));
        // A folder of the marker's name is no marker either.
        QVERIFY(QDir().mkdir(mountPoint + QLatin1Char('/') + kMarker));
        QCOMPARE(thrownKind([&] { openArchiveStore(url(mountPoint)); }), Error::Kind::Refused);
        QCOMPARE(tree(mountPoint), QStringList{kMarker});
    }

    // A marker that is a link, larger than a marker, not JSON, of another format or version: refused, named.
    void aMarkerThatCannotBeUsedIsRefused() {
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("good"));
        initialisedArchiveFolder(good);
        const QByteArray marker = readFile(good + QLatin1Char('/') + kMarker);
        const QString bad = dir.filePath(QStringLiteral("bad"));
        QVERIFY(QDir().mkdir(bad));
        const QString badMarker = bad + QLatin1Char('/') + kMarker;
        QVERIFY(QFile::link(good + QLatin1Char('/') + kMarker, badMarker));
        QString message;
        QCOMPARE(thrownKind([&] { openArchiveStore(url(bad)); }, &message), Error::Kind::Refused);
        QVERIFY2(message.contains(
                     QStringLiteral("the archive marker tidemark-archive.json of file://%1 cannot be used")
                         .arg(bad)) &&
                     message.contains(QStringLiteral("symbolic link")),
                 qPrintable(message));
        QVERIFY(QFile::remove(badMarker));

        QJsonObject newer = QJsonDocument::fromJson(marker).object();
        newer.insert(QStringLiteral("version"), 2);
        QJsonObject foreign = QJsonDocument::fromJson(marker).object();
        foreign.insert(QStringLiteral("format"), QStringLiteral("something-else"));
        QJsonObject noId = QJsonDocument::fromJson(marker).object();
        noId.insert(QStringLiteral("id"), QStringLiteral("not-a-uuid"));
        const QList<std::pair<QByteArray, QString>> cases{
            {QByteArray(ArchiveMarker::kMaxBytes + 1, ' '), QStringLiteral("larger than")},
            {"{\"format\": \"tidemark-archive\"", QStringLiteral("not a JSON object")},
            {QJsonDocument(newer).toJson(), QStringLiteral("its version 2 is not 1")},
            {QJsonDocument(foreign).toJson(), QStringLiteral("its format is not \"tidemark-archive\"")},
            {QJsonDocument(noId).toJson(), QStringLiteral("is not a UUID")}};
        for (const auto& [bytes, why] : cases) {
            writeFile(badMarker, bytes);
            QCOMPARE(thrownKind([&] { openArchiveStore(url(bad)); }, &message), Error::Kind::Refused);
            QVERIFY2(message.contains(QStringLiteral("tidemark-archive.json of file://%1").arg(bad)) &&
                         message.contains(why),
                     qPrintable(message));
            // archive init does not replace it either.
            QCOMPARE(thrownKind([&] { init(url(bad)); }), Error::Kind::Refused);
            QCOMPARE(readFile(badMarker), bytes);
        }
        QVERIFY(openArchiveStore(url(good))->marker().has_value());
    }

    // The folder is made (0700) when its parent exists; a missing parent (a typo, an unmounted NAS) is
    // refused naming it, and nothing is created. The marker says who made it and when.
    void initMakesTheFolderOnlyUnderAnExistingParent() {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("archive"));
        const ArchiveInitReport report = init(url(folder));
        QVERIFY(report.folderCreated && !report.alreadyInitialised && !report.refused());
        QCOMPARE(report.objects, 0);
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(folder).constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0700u);
        QCOMPARE(tree(folder).size(), 1);
        const QJsonObject m = QJsonDocument::fromJson(readFile(folder + QLatin1Char('/') + kMarker)).object();
        QCOMPARE(m.value(QStringLiteral("format")).toString(), QStringLiteral("tidemark-archive"));
        QCOMPARE(m.value(QStringLiteral("version")).toInt(), 1);
        QVERIFY(!QUuid::fromString(m.value(QStringLiteral("id")).toString()).isNull());
        QCOMPARE(m.value(QStringLiteral("id")).toString(), report.marker.id);
        QCOMPARE(m.value(QStringLiteral("adopted_objects")).toInt(-1), 0);
        const QJsonObject by = m.value(QStringLiteral("created_by")).toObject();
        QCOMPARE(by.value(QStringLiteral("os_user")).toString(),
                 QString::fromLocal8Bit(::getpwuid(::geteuid())->pw_name));
        QVERIFY(by.value(QStringLiteral("database")).isNull());
        Micros createdAt = 0;
        QVERIFY(tryParseIsoTimestamp(m.value(QStringLiteral("created_at")).toString(), &createdAt));
        const auto store = openArchiveStore(url(folder));
        QCOMPARE(*store->marker(), report.marker);

        const QString deeper = dir.filePath(QStringLiteral("missing/deeper/archive"));
        QString message;
        QCOMPARE(thrownKind([&] { init(url(deeper)); }, &message), Error::Kind::Refused);
        QVERIFY2(message.contains(QStringLiteral("the parent folder %1 of %2 does not exist")
                                      .arg(dir.filePath(QStringLiteral("missing/deeper")), deeper)),
                 qPrintable(message));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("missing"))));

        const QString plain = writeFile(dir.filePath(QStringLiteral("plain")), "x");
        QCOMPARE(thrownKind([&] { init(url(plain)); }), Error::Kind::Connection);
    }

    // A second init finds the marker and writes nothing; with a database the marker names it and takes its
    // clock.
    void initTwiceWritesOnceAndNamesTheDatabase() {
        const QString conninfo = TestPostgres::createDatabase(QStringLiteral("archive_init"));
        auto db = PgConnection::open(conninfo);
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("archive"));
        const Micros before = db->serverNow();
        const ArchiveInitReport first = init(url(folder), conninfo);
        const Micros after = db->serverNow();
        QVERIFY(first.marker.createdAt >= before && first.marker.createdAt <= after);
        QVERIFY(first.marker.database.has_value());
        QCOMPARE(first.marker.database->name,
                 db->exec(QStringLiteral("SELECT current_database()")).text(0, 0));
        QCOMPARE(
            first.marker.database->systemIdentifier,
            db->exec(QStringLiteral("SELECT system_identifier::text FROM pg_control_system()")).text(0, 0));
        const QStringList written = tree(folder);
        const ArchiveInitReport second = init(url(folder), conninfo);
        QVERIFY(second.alreadyInitialised && !second.folderCreated);
        QCOMPARE(second.marker, first.marker);
        QCOMPARE(tree(folder), written);
    }

    // Objects an earlier Tidemark wrote: adopted and counted once every one verifies; one corrupt object or a
    // stray entry refuses the init, naming each, and no marker is written.
    void initAdoptsVerifiedObjectsOnly() {
        QTemporaryDir dir;
        const QString legacy = dir.filePath(QStringLiteral("legacy"));
        QVERIFY(QDir().mkdir(legacy));
        const QStringList keys{putDay(legacy, 0), putDay(legacy, 1)};
        const QString corrupt = dir.filePath(QStringLiteral("corrupt"));
        QVERIFY(QDir().mkdir(corrupt));
        for (int day = 0; day < 3; ++day)
            putDay(corrupt, day);
        flipMiddleByte(corrupt + QLatin1Char('/') + keys[1]);
        writeFile(corrupt + QStringLiteral("/currency/notes.txt"), "stray");
        const QStringList corruptBefore = tree(corrupt);

        const ArchiveInitReport refused = init(url(corrupt));
        QVERIFY(refused.refused());
        QCOMPARE(refused.objects, 4);
        QCOMPARE(int(refused.failures.size()), 2);
        QCOMPARE(refused.failures[0].key, keys[1]);
        QCOMPARE(refused.failures[1].key, QStringLiteral("currency/notes.txt"));
        QVERIFY2(refused.failures[0].problems.join(QLatin1Char(' ')).contains(QLatin1String("object sha256")),
                 qPrintable(refused.failures[0].problems.join(QLatin1Char(' '))));
        QVERIFY2(refused.refusal().contains(keys[1]) &&
                     refused.refusal().contains(QLatin1String("notes.txt")) &&
                     refused.refusal().contains(QLatin1String("no marker written")),
                 qPrintable(refused.refusal()));
        QCOMPARE(tree(corrupt), corruptBefore);
        QCOMPARE(thrownKind([&] { openArchiveStore(url(corrupt)); }), Error::Kind::Refused);

        const ArchiveInitReport adopted = init(url(legacy));
        QVERIFY(!adopted.refused() && !adopted.folderCreated);
        QCOMPARE(adopted.objects, 2);
        QCOMPARE(adopted.marker.adoptedObjects, 2);
        // The marker is no object: not listed, not counted, not verified.
        const auto store = openArchiveStore(url(legacy));
        QCOMPARE(store->marker()->adoptedObjects, 2);
        QCOMPARE(store->list(QString()).size(), 4);
        qint64 bytes = 0;
        for (const ArchiveObjectInfo& o : store->list(QString())) {
            QVERIFY(o.problem.isEmpty());
            bytes += o.bytes;
        }
        QCOMPARE(store->usedBytes(QString()), bytes);
        ArchiveVerifyRequest all;
        all.archiveUrl = url(legacy);
        all.layout = kudos::kudosArchiveLayout();
        all.all = true;
        const ArchiveVerifyReport verified = ArchiveVerifyJob::run(all, unwatched());
        QVERIFY(verified.ok());
        QCOMPARE(verified.planned, 2);
    }

    // The store holds its root as opened: a folder put in the root's place afterwards (a NAS unmounted, an
    // empty mount point left) never receives its objects.
    void theStoreWritesIntoTheFolderItOpened() {
        QTemporaryDir dir;
        const QString nas = dir.filePath(QStringLiteral("nas"));
        const auto store = openInitialisedArchive(nas);
        const QString moved = dir.filePath(QStringLiteral("moved"));
        QVERIFY(QDir().rename(nas, moved));
        QVERIFY(QDir().mkdir(nas));
        store->putFile(QStringLiteral("currency/x.csv.zst"),
                       writeFile(dir.filePath(QStringLiteral("x")), "x"));
        QCOMPARE(tree(nas), QStringList());
        QVERIFY(QFileInfo::exists(moved + QStringLiteral("/currency/x.csv.zst")));
    }
};

QTEST_GUILESS_MAIN(TestArchiveInit)
#include "test_archiveinit.moc"
