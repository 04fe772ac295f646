// MBTiles files are outside bytes: read through SqliteFile read-only, tables only, with caps on rows, values,
// tiles and the steps of every statement, and opened off the GUI thread. Hostile files are refused quickly,
// naming the file and what is wrong; nothing is created beside a file; a good file still shows its tiles
// (test_maptiles).
#include "error.h"
#include "mbtilesfiles.h"
#include "mbtilesreader.h"
#include "mbtilestilesource.h"

#include <QCryptographicHash>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

using namespace tidemark;
using namespace tidemark::ui;
using tidemark::test::createMbTiles;
using tidemark::test::createSqlite;
using tidemark::test::mbTilesColour;
using tidemark::test::refusalOf;

namespace {

const QString kTilesTable = QStringLiteral(
    "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)");
const QString kMetadataTable = QStringLiteral("CREATE TABLE metadata (name text, value text)");
// The view of the review's finding: endless rows, each read as a metadata row.
const QString kEndlessMetadata =
    QStringLiteral("CREATE VIEW metadata AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM r) "
                   "SELECT 'name' AS name, n AS value FROM r");

// Every file of `folder` with the SHA-256 of its bytes.
QMap<QString, QByteArray> folderDigests(const QString& folder) {
    QMap<QString, QByteArray> digests;
    const QDir dir(folder);
    for (const QString& name : dir.entryList(QDir::Files | QDir::Hidden | QDir::System)) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(file.fileName()));
        digests.insert(name, QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256));
    }
    return digests;
}

// The error `work` throws (a test failure when it throws none).
template <typename Work> std::optional<Error> thrownBy(Work&& work) {
    try {
        work();
    } catch (const Error& e) {
        return e;
    }
    return std::nullopt;
}

} // namespace

class TestMbTiles : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString pathOf(const QString& name) const { return m_dir.filePath(name); }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The finding of review (issue 44): an endless view as `metadata` grew the console by 50–100 MB/s until
    // the OOM killer, before its window opened. It is refused as a view, before any row is read, by the
    // reader and by the source (off the GUI thread).
    void anEndlessMetadataViewIsRefused() {
        const QString path = pathOf(QStringLiteral("endless.mbtiles"));
        createSqlite(path, {kEndlessMetadata, kTilesTable});
        const std::optional<Error> error = thrownBy([&] { MbTilesReader(path).readMetadata(); });
        QVERIFY(error);
        QCOMPARE(error->kind(), Error::Kind::Connection);
        QVERIFY2(error->message().contains(path) &&
                     error->message().contains(QLatin1String("metadata is a view")),
                 qPrintable(error->message()));

        auto source = std::make_shared<MbTilesTileSource>(path); // the cheap checks pass
        QVERIFY(source->isOpening());
        QSignalSpy failed(source.get(), &TileSource::openFailed);
        QSignalSpy opened(source.get(), &TileSource::opened);
        QSignalSpy tiles(source.get(), &TileSource::tileReady);
        source->request({{0, 0, 0}}); // before the metadata: ignored
        QVERIFY(failed.wait(20000));
        QCOMPARE(failed.first().first().toString(), error->message());
        QVERIFY(source->hasFailed() && !source->isOpening());
        source->request({{0, 0, 0}}); // a refused file serves nothing
        QTest::qWait(50);
        QCOMPARE(opened.count() + tiles.count(), 0);
    }

    void hostileFilesAreRefused_data() {
        QTest::addColumn<QStringList>("statements");
        QTest::addColumn<QString>("problem");
        QTest::newRow("tiles is a view")
            << QStringList{kMetadataTable,
                           QStringLiteral("CREATE TABLE tile_rows (zoom_level integer, tile_column integer, "
                                          "tile_row integer, tile_data blob)"),
                           QStringLiteral("CREATE VIEW tiles AS SELECT * FROM tile_rows")}
            << "its tiles is a view, not a table";
        QTest::newRow("metadata is a virtual table")
            << QStringList{QStringLiteral("CREATE VIRTUAL TABLE metadata USING fts5(name, value)"),
                           kTilesTable}
            << "its metadata is a virtual table, not a table";
        QTest::newRow("more metadata rows than the cap")
            << QStringList{kMetadataTable, kTilesTable,
                           QStringLiteral(
                               "INSERT INTO metadata WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL "
                               "SELECT n+1 FROM r WHERE n < 1001) SELECT 'key' || n, 'value' FROM r")}
            << "its metadata has more than 1000 rows";
        QTest::newRow("a metadata value over the cap")
            << QStringList{kMetadataTable, kTilesTable,
                           QStringLiteral("INSERT INTO metadata VALUES ('description', "
                                          "substr(hex(zeroblob(32769)), 1, 65537))")}
            << "its metadata row 1 (\"description\") holds 65537 bytes, more than 64.0 KiB";
        QTest::newRow("a metadata value SQLite may not read")
            << QStringList{kMetadataTable, kTilesTable,
                           QStringLiteral("INSERT INTO metadata VALUES ('name', zeroblob(3 * 1024 * 1024))")}
            << "string or blob too big (a value of more than 2.00 MiB)";
        QTest::newRow("not SQLite") << QStringList() << "not a SQLite database";
    }
    void hostileFilesAreRefused() {
        QFETCH(QStringList, statements);
        QFETCH(QString, problem);
        const QString path =
            pathOf(QString::fromLatin1(QTest::currentDataTag()).replace(' ', '-') + ".mbtiles");
        if (statements.isEmpty()) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(QByteArray("PK\x03\x04 a zip file, not an MBTiles file ").repeated(64));
        } else {
            createSqlite(path, statements);
        }
        const std::optional<Error> error = thrownBy([&] { MbTilesReader(path).readMetadata(); });
        QVERIFY(error);
        QCOMPARE(error->kind(), Error::Kind::Connection);
        QVERIFY2(error->message().contains(path) && error->message().contains(problem),
                 qPrintable(error->message()));
        QCOMPARE(refusalOf(path), error->message());
    }

    // The deduplicated layout real files use (mbutil, TileMill: `tiles` a view over `map` and `images`) is
    // read from its two tables by a join of the reader's own, never through the file's view; a `tiles` view
    // over anything else stays refused (the case above).
    void theDeduplicatedLayoutIsReadFromItsTables() {
        const QString path = pathOf(QStringLiteral("deduplicated.mbtiles"));
        createSqlite(
            path,
            {kMetadataTable, QStringLiteral("INSERT INTO metadata VALUES ('minzoom', '0'), ('maxzoom', '1')"),
             QStringLiteral("CREATE TABLE map (zoom_level integer, tile_column integer, tile_row "
                            "integer, tile_id text)"),
             QStringLiteral("CREATE UNIQUE INDEX map_index ON map (zoom_level, tile_column, tile_row)"),
             QStringLiteral("CREATE TABLE images (tile_data blob, tile_id text)"),
             QStringLiteral("CREATE UNIQUE INDEX images_id ON images (tile_id)"),
             QStringLiteral("CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, "
                            "map.tile_column AS tile_column, map.tile_row AS tile_row, "
                            "images.tile_data AS tile_data FROM map JOIN images ON "
                            "images.tile_id = map.tile_id"),
             QStringLiteral("INSERT INTO map VALUES (1, 0, 1, 'a'), (1, 1, 1, 'a'), (1, 0, 0, 'b')"),
             QStringLiteral("INSERT INTO images VALUES (x'0102', 'a'), (x'030405', 'b')")});
        MbTilesReader reader(path);
        QCOMPARE(reader.readMetadata().maxZoom, 1);
        QCOMPARE(reader.readTile(1, 0, 0), std::optional<QByteArray>(QByteArray("\x01\x02", 2)));
        QCOMPARE(reader.readTile(1, 1, 0), std::optional<QByteArray>(QByteArray("\x01\x02", 2)));
        QCOMPARE(reader.readTile(1, 0, 1), std::optional<QByteArray>(QByteArray("\x03\x04\x05", 3)));
        QCOMPARE(reader.readTile(1, 1, 1), std::optional<QByteArray>());
    }

    // Every statement stops after its budget of SQLite steps, naming the file and what it was doing (the
    // default budget, ten million, is lowered here to meet it with a small file).
    void aStatementPastItsStepBudgetStops() {
        const QString path = pathOf(QStringLiteral("slow.mbtiles"));
        createSqlite(path,
                     {kMetadataTable, kTilesTable,
                      QStringLiteral("INSERT INTO metadata WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT "
                                     "n+1 FROM r WHERE n < 1000) SELECT 'key' || n, 'value' FROM r")});
        MbTilesReader reader(path);
        QCOMPARE(reader.readMetadata().format, QStringLiteral("png")); // within the default budget
        reader.setStepBudget(2 * SqliteFile::kProgressSteps);
        const std::optional<Error> error = thrownBy([&] { reader.readMetadata(); });
        QVERIFY(error);
        QCOMPARE(error->kind(), Error::Kind::Connection);
        QVERIFY2(error->message().contains(path) &&
                     error->message().contains(QLatin1String("reading its metadata")) &&
                     error->message().contains(QLatin1String("2000 steps")),
                 qPrintable(error->message()));

        // A cancelled read stops the same way, as Cancelled.
        bool cancel = false;
        MbTilesReader cancellable(path, [&] { return cancel; });
        cancel = true;
        const std::optional<Error> cancelled = thrownBy([&] { cancellable.readMetadata(); });
        QVERIFY(cancelled);
        QCOMPARE(cancelled->kind(), Error::Kind::Cancelled);
    }

    // A tile over 1 MiB is refused unread (its length is known from the record); one within it is read.
    void anOversizeTileIsRefusedUnread() {
        const QString path = pathOf(QStringLiteral("big-tile.mbtiles"));
        createMbTiles(path);
        {
            SqliteFile db(path, SqliteFile::Mode::ReadWrite);
            db.exec(QStringLiteral("INSERT INTO tiles VALUES (2, 0, 0, zeroblob(1024 * 1024 + 1))"));
        }
        MbTilesReader reader(path);
        const std::optional<Error> error = thrownBy([&] { reader.readTile(2, 0, 3); });
        QVERIFY(error);
        QVERIFY2(error->message().contains(path) && error->message().contains(QLatin1String("tile 2/0/3")) &&
                     error->message().contains(QLatin1String("1048577 bytes")) &&
                     error->message().contains(QLatin1String("refused unread")),
                 qPrintable(error->message()));
        QVERIFY(reader.readTile(1, 0, 0).has_value());
        QVERIFY(!reader.readTile(2, 1, 1).has_value()); // not in the file
        QVERIFY(!reader.readTile(1, 2, 0).has_value()); // not a tile of zoom 1
    }

    // A WAL-mode file, with no connection that has it open, is read and shown without a -wal or -shm being
    // created beside it (SQLite's read-only opening would leave both), and its bytes stay as they were.
    void aWalModeFileIsReadLeavingNothingBeside() {
        const QString folder = pathOf(QStringLiteral("wal"));
        QVERIFY(QDir().mkpath(folder));
        const QString path = folder + QStringLiteral("/wal.mbtiles");
        createMbTiles(path);
        {
            SqliteFile db(path, SqliteFile::Mode::ReadWrite);
            db.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
        }
        const QMap<QString, QByteArray> before = folderDigests(folder);
        QCOMPARE(before.keys(), QStringList{QStringLiteral("wal.mbtiles")});
        {
            auto source = std::make_shared<MbTilesTileSource>(path);
            QSignalSpy opened(source.get(), &TileSource::opened);
            QVERIFY(opened.wait(20000));
            QCOMPARE(source->name(), QStringLiteral("test"));
            QSignalSpy ready(source.get(), &TileSource::tileReady);
            source->request({{1, 0, 0}, {1, 1, 1}});
            QTRY_COMPARE(ready.count(), 2);
            QCOMPARE(ready.first().at(1).value<QImage>().pixelColor(10, 10), mbTilesColour(0, 0));
            QCOMPARE(folderDigests(folder).keys(), before.keys());
        }
        QThreadPool::globalInstance()->waitForDone();
        QCOMPARE(folderDigests(folder), before);
    }

    // What fuzz_mbtiles found, kept: a header whose read version says WAL and whose write version does not
    // made the read-only opening create a -wal and a -shm beside the file (SqliteFile's test has the cause).
    void theFuzzersFindingsStayFixed() {
        const QString folder = pathOf(QStringLiteral("fuzz-wal-header"));
        QVERIFY(QDir().mkpath(folder));
        const QString path = folder + QStringLiteral("/crash.mbtiles");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromHex(
            "53514c69746520666f726d61742033000200250202004020200020000400000002fffd000000000000000000007469"
            "6c657374696c657303435245415445205441424c452074696c657320287a6f6f6d5f6d6576656c20696e7465676572"
            "00610e44ae42606a82"));
        file.close();
        const std::optional<Error> error = thrownBy([&] { MbTilesReader(path).readMetadata(); });
        QVERIFY(error);
        QVERIFY2(error->message().contains(path), qPrintable(error->message()));
        QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("crash.mbtiles")});
    }
};

QTEST_MAIN(TestMbTiles)
#include "test_mbtiles.moc"
