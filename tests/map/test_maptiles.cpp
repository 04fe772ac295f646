#include "basemap.h"
#include "error.h"
#include "mapview.h"
#include "mbtilesfiles.h"
#include "mbtilestilesource.h"
#include "xyztilesource.h"

#include <QBuffer>
#include <QDirIterator>
#include <QFile>
#include <QImageReader>
#include <QNetworkAccessManager>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <functional>

using namespace tidemark;
using namespace tidemark::ui;
using tidemark::test::createMbTiles;
using tidemark::test::createSqlite;
using tidemark::test::imageOf;
using tidemark::test::openedSource;
using tidemark::test::pngOf;
using tidemark::test::refusalOf;

namespace {

// A complete HTTP/1.1 answer: with Content-Length, or without one and closing the connection at the end.
QByteArray httpAnswer(const QByteArray& body, const QByteArray& contentType, bool withLength = true) {
    QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\n";
    head += withLength ? "Content-Length: " + QByteArray::number(body.size()) + "\r\n"
                       : QByteArray("Connection: close\r\n");
    return head + "\r\n" + body;
}

// A 1x1 GIF, which Qt decodes natively: a format the tiles must not accept.
const QByteArray kGif =
    QByteArray::fromHex("47494638396101000100800000ffffff0000002c00000000010001000002024401003b");
constexpr QFile::Permissions kGroupOrOthers = QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup |
                                              QFile::ReadOther | QFile::WriteOther | QFile::ExeOther;
constexpr qint64 kOverOneMiB = 1024 * 1024 + 256 * 1024;

// A minimal HTTP/1.1 tile server on 127.0.0.1: answers every GET with a solid PNG (cacheable for an hour),
// or holds the connection open without answering, to exercise timeouts and aborts.
class LocalTileServer : public QTcpServer {
  public:
    // What to send back for a request path: raw bytes, whether that is the whole answer (a connection the
    // client closes before a whole answer counts in closedByClient), and whether to close afterwards.
    struct Answer {
        QByteArray raw;
        bool complete = true;
        bool close = false;
    };
    std::function<Answer(const QString& path)> respond;
    QColor colour{90, 140, 200};
    bool answer = true;
    QStringList paths;
    QStringList userAgents;
    int closedByClient = 0;

    LocalTileServer() {
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readRequest(socket); });
                connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
                    if (socket->property("answered").toBool() == false)
                        ++closedByClient;
                    socket->deleteLater();
                });
            }
        });
    }
    QString urlTemplate() const {
        return QStringLiteral("http://127.0.0.1:%1/{z}/{x}/{y}.png").arg(serverPort());
    }

  private:
    void readRequest(QTcpSocket* socket) {
        QByteArray buffered = socket->property("buffered").toByteArray() + socket->readAll();
        socket->setProperty("buffered", buffered);
        const int end = buffered.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QList<QByteArray> lines = buffered.left(end).split('\n');
        paths << QString::fromLatin1(lines.value(0).split(' ').value(1));
        for (const QByteArray& line : lines)
            if (line.toLower().startsWith("user-agent:"))
                userAgents << QString::fromLatin1(line.mid(11).trimmed());
        socket->setProperty("buffered", buffered.mid(end + 4));
        if (!answer)
            return;
        if (respond) {
            const Answer answer = respond(paths.last());
            socket->setProperty("answered", answer.complete);
            socket->write(answer.raw);
            if (answer.close)
                socket->disconnectFromHost();
            return;
        }
        const QByteArray body = pngOf(colour);
        socket->setProperty("answered", true);
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nCache-Control: max-age=3600\r\n"
                      "Last-Modified: Mon, 30 Nov 2026 00:00:00 GMT\r\nContent-Length: " +
                      QByteArray::number(body.size()) + "\r\n\r\n" + body);
    }
};

QByteArray randomBytes(int size) {
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator generator(42);
    for (char& byte : bytes)
        byte = static_cast<char>(generator.bounded(256));
    return bytes;
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(bytes), bytes.size());
}

} // namespace

class TestMapTiles : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { QVERIFY(m_cacheDir.isValid()); }

    void rejectsBadTemplates() {
        QNetworkAccessManager network;
        XyzTileSource::Options options;
        options.urlTemplate = QStringLiteral("https://tiles.example.org/{z}/{x}.png");
        QVERIFY_THROWS_EXCEPTION(Error, XyzTileSource(&network, options));
        options.urlTemplate = QStringLiteral("ftp://tiles.example.org/{z}/{x}/{y}.png");
        QVERIFY_THROWS_EXCEPTION(Error, XyzTileSource(&network, options));
        options.urlTemplate = QStringLiteral("https://tiles.example.org/{z}/{x}/{y}.png");
        XyzTileSource ok(&network, options);
        QCOMPARE(ok.tileUrl({3, 4, 5}), QStringLiteral("https://tiles.example.org/3/4/5.png"));
    }

    void tilesAppearWithAnIdentifyingUserAgent() {
        LocalTileServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        QNetworkAccessManager network;
        XyzTileSource::installDiskCache(network, m_cacheDir.filePath(QStringLiteral("tiles")));
        XyzTileSource::Options options{server.urlTemplate(), QStringLiteral("ops@example.org"),
                                       QStringLiteral("test tiles")};
        auto source = std::make_shared<XyzTileSource>(&network, options);

        MapView view;
        view.resize(512, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setView(QGeoCoordinate(52.37, 4.89), 16);
        view.setTileSource(source);
        const QList<TileKey> visible = view.baseMap()->visibleTiles(view.viewport());
        QVERIFY(visible.size() >= 4);
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(visible.begin(), visible.end(),
                                             [&](const TileKey& k) { return view.baseMap()->hasTile(k); }),
                                 10000);
        QCOMPARE(server.paths.size(), visible.size());
        QVERIFY(server.paths.contains(
            QStringLiteral("/%1/%2/%3.png").arg(visible[0].z).arg(visible[0].x).arg(visible[0].y)));
        QCOMPARE(server.userAgents.size(), server.paths.size());
        for (const QString& agent : server.userAgents) {
            QCOMPARE(agent, XyzTileSource::userAgent(QStringLiteral("ops@example.org")));
            QVERIFY(agent.startsWith(QStringLiteral("Tidemark/")));
            QVERIFY(agent.contains(QStringLiteral("(+ops@example.org)")));
        }
        const QImage shown = view.grab().toImage();
        QCOMPARE(shown.pixelColor(256, 200), server.colour);
        QCOMPARE(shown.pixelColor(20, 60), server.colour);

        // The disk cache keeps each tile's URL, API key included: the folder (so all below it) and the files
        // are the user's alone.
        const QString cacheFolder = m_cacheDir.filePath(QStringLiteral("tiles"));
        QCOMPARE(QFile::permissions(cacheFolder) & kGroupOrOthers, QFile::Permissions());
        int cachedFiles = 0;
        for (QDirIterator it(cacheFolder, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            const QString file = it.next();
            ++cachedFiles;
            QCOMPARE(QFile::permissions(file) & kGroupOrOthers, QFile::Permissions());
        }
        QVERIFY(cachedFiles > 0);

        // A second source on the same network access manager is served from the disk cache.
        const int requestsBefore = static_cast<int>(server.paths.size());
        XyzTileSource again(&network, options);
        QSignalSpy ready(&again, &TileSource::tileReady);
        again.request({visible[0]});
        QVERIFY(ready.wait(5000));
        QCOMPARE(server.paths.size(), requestsBefore);

        // Zoomed in before the new tiles came: the cached parents stand in, scaled, instead of bare grid.
        view.setZoom(17);
        QVERIFY(!view.baseMap()->hasTile(view.baseMap()->visibleTiles(view.viewport()).first()));
        QCOMPARE(view.grab().toImage().pixelColor(256, 200), server.colour);
    }

    void noRequestsWhilePanning() {
        LocalTileServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        QNetworkAccessManager network;
        auto source = std::make_shared<XyzTileSource>(
            &network, XyzTileSource::Options{server.urlTemplate(), QStringLiteral("ops@example.org"), {}});
        MapView view;
        view.resize(400, 300);
        view.setView(QGeoCoordinate(52.37, 4.89), 15);
        view.setTileSource(source);
        for (int i = 0; i < 20; ++i) {
            view.panBy(QPointF(40, 10)); // a fast pan: each step restarts the settle timer
            QCoreApplication::processEvents();
        }
        QCOMPARE(server.paths.size(), 0);
        QCOMPARE(source->requestsInFlight(), 0);
        // Once still, exactly the tiles of the final view are asked for.
        QTRY_VERIFY_WITH_TIMEOUT(server.paths.size() > 0, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(server.paths.size(), view.baseMap()->visibleTiles(view.viewport()).size(),
                                  5000);
        for (const TileKey& key : view.baseMap()->visibleTiles(view.viewport()))
            QVERIFY(server.paths.contains(QStringLiteral("/%1/%2/%3.png").arg(key.z).arg(key.x).arg(key.y)));
    }

    void abandonedTilesAreAborted() {
        LocalTileServer server;
        server.answer = false;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        QNetworkAccessManager network;
        XyzTileSource source(&network, {server.urlTemplate(), QStringLiteral("ops@example.org"), {}});
        QSignalSpy failed(&source, &TileSource::tileFailed);
        source.request({{5, 1, 1}, {5, 1, 2}});
        QTRY_COMPARE(server.paths.size(), 2);
        QCOMPARE(source.requestsInFlight(), 2);
        source.request({{5, 1, 2}}); // the view moved: 5/1/1 is no longer wanted
        QCOMPARE(source.requestsInFlight(), 1);
        QTRY_COMPARE(server.closedByClient, 1);
        QCOMPARE(failed.count(), 0); // abandoned quietly
    }

    void slowTilesTimeOut() {
        LocalTileServer server;
        server.answer = false;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        QNetworkAccessManager network;
        XyzTileSource::Options options{server.urlTemplate(), QStringLiteral("ops@example.org"), {}};
        options.timeoutMs = 300;
        XyzTileSource source(&network, options);
        QSignalSpy failed(&source, &TileSource::tileFailed);
        source.request({{4, 2, 3}});
        QVERIFY(failed.wait(10000));
        QCOMPARE(failed.first().at(0).value<TileKey>(), TileKey({4, 2, 3}));
        QCOMPARE(source.requestsInFlight(), 0);
    }

    void readsMbTilesWithTheRowFlip() {
        const QString path = m_cacheDir.filePath(QStringLiteral("test.mbtiles"));
        createMbTiles(path);
        const auto source = openedSource(path);
        QVERIFY(source);
        QCOMPARE(source->maxZoom(), 1);
        QCOMPARE(source->attribution(), QStringLiteral("test data"));
        QCOMPARE(MbTilesTileSource::tmsRow({1, 0, 0}), 1);

        QSignalSpy ready(source.get(), &TileSource::tileReady);
        QSignalSpy failed(source.get(), &TileSource::tileFailed);
        source->request({{1, 0, 0}, {1, 0, 1}, {0, 0, 0}});
        QTRY_COMPARE(ready.count() + failed.count(), 3);
        QCOMPARE(ready.count(), 2);
        QCOMPARE(failed.count(), 1); // no zoom 0 tile in the file
        QHash<TileKey, QColor> colours;
        for (const auto& args : ready)
            colours.insert(args.at(0).value<TileKey>(), args.at(1).value<QImage>().pixelColor(128, 128));
        QCOMPARE(colours.value({1, 0, 0}), QColor(220, 30, 30)); // north-west
        QCOMPARE(colours.value({1, 0, 1}), QColor(30, 30, 220)); // south-west

        // A view given a source still reading its metadata (as the console's are) asks for the tiles once it
        // has opened, with its zoom range.
        MapView view;
        view.resize(512, 512);
        view.setView(QGeoCoordinate(0, 0), 3);
        auto opening = std::make_shared<MbTilesTileSource>(path);
        QVERIFY(opening->isOpening());
        view.setTileSource(opening);
        QTRY_VERIFY_WITH_TIMEOUT(view.baseMap()->cachedTileCount() == 4, 5000);
        QVERIFY(!opening->isOpening());
        const QImage shown = view.grab().toImage();
        QCOMPARE(shown.pixelColor(128, 128), QColor(220, 30, 30));
        QCOMPARE(shown.pixelColor(384, 128), QColor(30, 200, 30));
        QCOMPARE(shown.pixelColor(128, 384), QColor(30, 30, 220));
        QCOMPARE(shown.pixelColor(384, 384), QColor(200, 200, 30));
    }

    void rejectsBadMbTiles() {
        QVERIFY_THROWS_EXCEPTION(Error,
                                 MbTilesTileSource{m_cacheDir.filePath(QStringLiteral("missing.mbtiles"))});
        const QString vector = m_cacheDir.filePath(QStringLiteral("vector.mbtiles"));
        createMbTiles(vector, QStringLiteral("pbf"));
        try {
            MbTilesReader(vector).readMetadata();
            QFAIL("a vector MBTiles file was accepted");
        } catch (const Error& error) {
            QCOMPARE(error.kind(), Error::Kind::Settings);
        }
        const QString refusal = refusalOf(vector);
        QVERIFY2(refusal.contains(vector) && refusal.contains(QLatin1String("only raster tiles")),
                 qPrintable(refusal));
    }

    // A declared length over 1 MiB is refused on the headers, before the body; without a declared length the
    // bytes are counted as they come. Either way the tile is never decoded (here it would decode: a valid PNG
    // padded after its end).
    void oversizedTilesAreAbortedUnread() {
        LocalTileServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        const QByteArray big = pngOf(server.colour) + QByteArray(kOverOneMiB, '\0');
        QNetworkAccessManager network;
        XyzTileSource::Options options{server.urlTemplate(), QStringLiteral("ops@example.org"), {}};
        options.timeoutMs = 8000;
        XyzTileSource source(&network, options);
        QSignalSpy ready(&source, &TileSource::tileReady);
        QSignalSpy failed(&source, &TileSource::tileFailed);

        server.respond = [&](const QString&) {
            const QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: " +
                                    QByteArray::number(big.size()) + "\r\n\r\n";
            return LocalTileServer::Answer{head + big.left(16 * 1024), false}; // the rest never comes
        };
        source.request({{3, 1, 1}});
        QVERIFY(failed.wait(4000)); // long before the transfer timeout
        QString reason = failed.takeFirst().at(1).toString();
        QVERIFY2(reason.contains(QLatin1String("/3/1/1.png")) && reason.contains(QLatin1String("1.00 MiB")),
                 qPrintable(reason));
        QTRY_COMPARE(server.closedByClient, 1);
        QCOMPARE(source.requestsInFlight(), 0);

        server.respond = [&](const QString&) {
            return LocalTileServer::Answer{httpAnswer(big, "image/png", false), true, true};
        };
        source.request({{3, 1, 2}});
        QVERIFY(failed.wait(4000));
        reason = failed.takeFirst().at(1).toString();
        QVERIFY2(reason.contains(QLatin1String("/3/1/2.png")) && reason.contains(QLatin1String("1.00 MiB")),
                 qPrintable(reason));
        QCOMPARE(ready.count(), 0);
        QCOMPARE(source.requestsInFlight(), 0);
    }

    void webpDecodingIsAvailable() {
        // qt6-image-formats-plugins (scripts/debian-packages.txt) brings Qt's WebP plugin.
        QVERIFY2(QImageReader::supportedImageFormats().contains("webp"),
                 QImageReader::supportedImageFormats().join(' ').constData());
    }

    void onlyPngJpegAndWebpAreDecoded_data() {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("contentType");
        QTest::addColumn<QString>("problem"); // empty: decoded
        const QColor colour(90, 140, 200);
        QTest::newRow("png") << pngOf(colour) << QByteArray("image/png") << QString();
        QTest::newRow("jpeg") << imageOf(colour, "JPEG") << QByteArray("image/jpeg") << QString();
        QTest::newRow("webp") << imageOf(colour, "WEBP") << QByteArray("image/webp") << QString();
        QTest::newRow("png sent as text/plain") << pngOf(colour) << QByteArray("text/plain") << QString();
        QTest::newRow("gif sent as png")
            << kGif << QByteArray("image/png") << QStringLiteral("not a PNG, JPEG or WebP image");
        QTest::newRow("bmp") << imageOf(colour, "BMP") << QByteArray("image/bmp")
                             << QStringLiteral("not a PNG, JPEG or WebP image");
        QTest::newRow("tiff") << imageOf(colour, "TIFF") << QByteArray("image/tiff")
                              << QStringLiteral("not a PNG, JPEG or WebP image");
        QTest::newRow("svg") << QByteArray("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"256\" "
                                           "height=\"256\"><rect width=\"256\" height=\"256\"/></svg>")
                             << QByteArray("image/svg+xml")
                             << QStringLiteral("not a PNG, JPEG or WebP image");
        QTest::newRow("html") << QByteArray("<!DOCTYPE html><html><body>Rate limit exceeded</body></html>")
                              << QByteArray("text/html") << QStringLiteral("not a PNG, JPEG or WebP image");
        QTest::newRow("broken png") << pngOf(colour).left(60) << QByteArray("image/png")
                                    << QStringLiteral("cannot be decoded");
    }
    void onlyPngJpegAndWebpAreDecoded() {
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, contentType);
        QFETCH(QString, problem);
        LocalTileServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        server.respond = [&](const QString&) {
            return LocalTileServer::Answer{httpAnswer(body, contentType)};
        };
        QNetworkAccessManager network;
        XyzTileSource source(&network, {server.urlTemplate(), QStringLiteral("ops@example.org"), {}});
        QSignalSpy ready(&source, &TileSource::tileReady);
        QSignalSpy failed(&source, &TileSource::tileFailed);
        source.request({{2, 1, 1}});
        QTRY_COMPARE(ready.count() + failed.count(), 1);
        if (problem.isEmpty()) {
            QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(1).toString()));
            const QColor shown = ready.first().at(1).value<QImage>().pixelColor(128, 128);
            QVERIFY2(std::abs(shown.red() - 90) < 6 && std::abs(shown.green() - 140) < 6 &&
                         std::abs(shown.blue() - 200) < 6,
                     qPrintable(shown.name()));
        } else {
            QCOMPARE(ready.count(), 0);
            const QString reason = failed.first().at(1).toString();
            QVERIFY2(reason.contains(problem) && reason.contains(QLatin1String("/2/1/1.png")),
                     qPrintable(reason));
        }
    }

    void plainHttpOnlyToThisMachine() {
        QNetworkAccessManager network;
        XyzTileSource::Options options;
        for (const char* refused : {"http://tiles.example.org/{z}/{x}/{y}.png?api_key=S3CRET",
                                    "http://ops:S3CRET@10.1.2.3:8080/{z}/{x}/{y}.png",
                                    "http://localhost.example.org/{z}/{x}/{y}.png?S3CRET"}) {
            options.urlTemplate = QString::fromLatin1(refused);
            try {
                XyzTileSource source(&network, options);
                QFAIL(qPrintable(QStringLiteral("accepted %1").arg(options.urlTemplate)));
            } catch (const Error& error) {
                QCOMPARE(error.kind(), Error::Kind::Settings);
                const QString withoutQuery =
                    options.urlTemplate.section(QLatin1Char('?'), 0, 0).remove(QStringLiteral("ops:S3CRET@"));
                QVERIFY2(error.message().contains(withoutQuery), qPrintable(error.message()));
                QVERIFY2(!error.message().contains(QLatin1String("S3CRET")), qPrintable(error.message()));
                QVERIFY2(error.message().contains(QLatin1String("https")), qPrintable(error.message()));
            }
        }
        for (const char* allowed :
             {"http://localhost:8080/{z}/{x}/{y}.png", "http://127.0.0.1/{z}/{x}/{y}.png",
              "http://[::1]:8080/{z}/{x}/{y}.png", "HTTP://LOCALHOST/{z}/{x}/{y}.png",
              "https://tiles.example.org/{z}/{x}/{y}.png?api_key=abc",
              "https://{s}.tiles.example.org/{z}/{x}/{y}.png"}) {
            options.urlTemplate = QString::fromLatin1(allowed);
            try {
                XyzTileSource source(&network, options);
            } catch (const Error& error) {
                QFAIL(qPrintable(error.message()));
            }
        }
    }

    void redirectsFollowTheSameRule() {
        LocalTileServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        const QByteArray png = pngOf(server.colour);
        server.respond = [&](const QString& path) {
            if (path.startsWith(QLatin1String("/moved/")))
                return LocalTileServer::Answer{httpAnswer(png, "image/png")};
            const QByteArray target = path.startsWith(QLatin1String("/1/"))
                                          ? "http://127.0.0.1:" + QByteArray::number(server.serverPort()) +
                                                "/moved" + path.toLatin1()
                                          : "http://tiles.invalid" + path.toLatin1();
            return LocalTileServer::Answer{"HTTP/1.1 302 Found\r\nLocation: " + target +
                                           "\r\nContent-Length: 0\r\n\r\n"};
        };
        QNetworkAccessManager network;
        XyzTileSource source(&network, {server.urlTemplate(), QStringLiteral("ops@example.org"), {}});
        QSignalSpy ready(&source, &TileSource::tileReady);
        QSignalSpy failed(&source, &TileSource::tileFailed);
        source.request({{1, 0, 0}});
        QVERIFY(ready.wait(5000)); // on this machine: followed
        source.request({{2, 0, 0}});
        QVERIFY(failed.wait(5000));
        const QString reason = failed.first().at(1).toString();
        QVERIFY2(reason.contains(QLatin1String("redirected to http://tiles.invalid")), qPrintable(reason));
        QCOMPARE(ready.count(), 1);
    }

    void mbTilesZoomRangeIsChecked() {
        const QString wide = m_cacheDir.filePath(QStringLiteral("wide-zoom.mbtiles"));
        createMbTiles(wide, QStringLiteral("png"), QStringLiteral("-3"), QStringLiteral("40"));
        const auto clamped = openedSource(wide);
        QVERIFY(clamped);
        QCOMPARE(clamped->minZoom(), 0);
        QCOMPARE(clamped->maxZoom(), 22);
        QCOMPARE(clamped->warnings().size(), 2);
        for (const QString& warning : clamped->warnings())
            QVERIFY2(warning.contains(wide) && warning.contains(QStringLiteral("0–22")), qPrintable(warning));

        const QString reversed = m_cacheDir.filePath(QStringLiteral("reversed-zoom.mbtiles"));
        createMbTiles(reversed, QStringLiteral("png"), QStringLiteral("9"), QStringLiteral("4"));
        const QString garbled = m_cacheDir.filePath(QStringLiteral("garbled-zoom.mbtiles"));
        createMbTiles(garbled, QStringLiteral("png"), QStringLiteral("0"), QStringLiteral("twelve"));
        for (const QString& path : {reversed, garbled}) {
            try {
                MbTilesReader(path).readMetadata();
                QFAIL(qPrintable(QStringLiteral("accepted %1").arg(path)));
            } catch (const Error& error) {
                QCOMPARE(error.kind(), Error::Kind::Settings);
                QVERIFY2(error.message().contains(path) && error.message().contains(QLatin1String("zoom")),
                         qPrintable(error.message()));
            }
            const QString refusal = refusalOf(path);
            QVERIFY2(refusal.contains(path) && refusal.contains(QLatin1String("zoom")), qPrintable(refusal));
        }
    }

    void corruptMbTilesAreNamed_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("problem");
        QTest::newRow("random bytes") << "random.mbtiles"
                                      << "not a SQLite database";
        QTest::newRow("empty") << "empty.mbtiles"
                               << "it is empty";
        QTest::newRow("truncated") << "truncated.mbtiles"
                                   << "truncated";
        QTest::newRow("no metadata") << "no-metadata.mbtiles"
                                     << "has no metadata table";
        QTest::newRow("no tiles") << "no-tiles.mbtiles"
                                  << "has no tiles table";
        QTest::newRow("other tiles") << "other-tiles.mbtiles"
                                     << "has no tiles table";
    }
    void corruptMbTilesAreNamed() {
        QFETCH(QString, name);
        QFETCH(QString, problem);
        const QString path = m_cacheDir.filePath(name);
        QFile::remove(path);
        const QStringList metadata = {QStringLiteral("CREATE TABLE metadata (name text, value text)"),
                                      QStringLiteral("INSERT INTO metadata VALUES ('format', 'png')")};
        if (name == QLatin1String("random.mbtiles")) {
            writeFile(path, randomBytes(64 * 1024));
        } else if (name == QLatin1String("empty.mbtiles")) {
            writeFile(path, {});
        } else if (name == QLatin1String("truncated.mbtiles")) {
            createMbTiles(path);
            {
                SqliteFile db(path, SqliteFile::Mode::ReadWrite);
                SqliteStatement insert =
                    db.prepare(QStringLiteral("INSERT INTO tiles VALUES (2, ?1, 0, ?2)"));
                for (int x = 0; x < 64; ++x) { // a few hundred KiB, pages past the metadata
                    insert.bind(1, x).bindBlob(2, randomBytes(8 * 1024)).step();
                    insert.reset();
                }
            }
            QFile file(path);
            QVERIFY(file.size() > 256 * 1024);
            QVERIFY(file.resize(file.size() / 2)); // a copy that stopped half way
        } else if (name == QLatin1String("no-metadata.mbtiles")) {
            createSqlite(path, {QStringLiteral("CREATE TABLE tiles (zoom_level integer, tile_column integer, "
                                               "tile_row integer, tile_data blob)")});
        } else if (name == QLatin1String("no-tiles.mbtiles")) {
            createSqlite(path, metadata);
        } else {
            createSqlite(path, metadata + QStringList{QStringLiteral("CREATE TABLE tiles (z, x, y)")});
        }
        const QString refusal = refusalOf(path);
        QVERIFY2(refusal.contains(path) && refusal.contains(problem), qPrintable(refusal));
    }

    // A file that goes away or is overwritten after it was opened: each tile asked for fails, naming the file
    // (no silently empty map).
    void unreadableMbTilesFailLoudly() {
        const QString path = m_cacheDir.filePath(QStringLiteral("vanishing.mbtiles"));
        createMbTiles(path);
        const auto opened = openedSource(path);
        QVERIFY(opened);
        MbTilesTileSource& source = *opened;
        QSignalSpy ready(&source, &TileSource::tileReady);
        QSignalSpy failed(&source, &TileSource::tileFailed);
        QVERIFY(QFile::remove(path));
        source.request({{1, 0, 0}, {1, 1, 0}});
        QTRY_COMPARE(failed.count(), 2);
        for (const auto& args : failed) {
            const QString reason = args.at(1).toString();
            QVERIFY2(reason.contains(path) && reason.contains(QLatin1String("cannot be read")),
                     qPrintable(reason));
        }
        writeFile(path, randomBytes(32 * 1024));
        source.request({{1, 0, 1}});
        QTRY_COMPARE(failed.count(), 3);
        const QString reason = failed.last().at(1).toString();
        QVERIFY2(reason.contains(path) && reason.contains(QLatin1String("cannot be read")),
                 qPrintable(reason));
        QCOMPARE(ready.count(), 0);
    }

  private:
    QTemporaryDir m_cacheDir;
};

QTEST_MAIN(TestMapTiles)
#include "test_maptiles.moc"
