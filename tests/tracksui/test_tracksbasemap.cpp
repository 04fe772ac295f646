// The tracks workbench's map shows the console's base map: MBTiles tiles set while its tab is hidden (as the
// main window does at start and from View → Base map) are drawn once the tab is shown, and a base map changed
// while it is shown replaces them; screenshots.
#include "basemap.h"
#include "freshtracksfile.h"
#include "mapview.h"
#include "mbtilestilesource.h"
#include "screenshots.h"
#include "taskmanager.h"
#include "tracksdataset.h"
#include "tracksgenerator.h"
#include "tracksworkbench.h"
#include "xyztilesource.h"

#include <QBuffer>
#include <QNetworkAccessManager>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTabWidget>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::tracks;
using tidemark::test::saveScreenshot;
using tidemark::ui::MapView;
using tidemark::ui::MbTilesTileSource;
using tidemark::ui::TracksWorkbench;

namespace {
const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

QByteArray pngOf(const QColor& colour) {
    QImage image(256, 256, QImage::Format_RGB32);
    image.fill(colour);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

// An MBTiles file of zoom levels 0–4, every tile one solid colour.
void createMbTiles(const QString& path, const QColor& colour) {
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("make-mbtiles"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE metadata (name text, value text)")));
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE tiles (zoom_level integer, tile_column integer, "
                                      "tile_row integer, tile_data blob)")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO metadata VALUES ('name', 'solid'), ('format', 'png'), "
                                      "('minzoom', '0'), ('maxzoom', '4'), ('attribution', 'test tiles')")));
        QVERIFY(q.prepare(QStringLiteral("INSERT INTO tiles VALUES (?, ?, ?, ?)")));
        const QByteArray png = pngOf(colour);
        db.transaction();
        for (int z = 0; z <= 4; ++z)
            for (int x = 0; x < (1 << z); ++x)
                for (int y = 0; y < (1 << z); ++y) {
                    q.bindValue(0, z);
                    q.bindValue(1, x);
                    q.bindValue(2, y);
                    q.bindValue(3, png);
                    QVERIFY(q.exec());
                }
        db.commit();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("make-mbtiles"));
}

// The share of the map's pixels in `colour` (tracks, the scale bar and the attribution cover the rest).
double shareOf(QWidget* map, const QColor& colour) {
    const QImage image = map->grab().toImage().convertToFormat(QImage::Format_RGB32);
    qint64 same = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            same += image.pixelColor(x, y) == colour ? 1 : 0;
    return double(same) / double(((image.height() + 3) / 4) * ((image.width() + 3) / 4));
}
// A tile server on 127.0.0.1 answering every GET with one solid PNG (cacheable).
class SolidTileServer : public QTcpServer {
  public:
    explicit SolidTileServer(const QColor& colour) : m_png(pngOf(colour)) {
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = nextPendingConnection()) {
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
                    QByteArray buffered = socket->property("buffered").toByteArray() + socket->readAll();
                    for (int end = buffered.indexOf("\r\n\r\n"); end >= 0;
                         end = buffered.indexOf("\r\n\r\n")) {
                        buffered = buffered.mid(end + 4);
                        ++requests;
                        socket->write(
                            "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nCache-Control: max-age=3600\r\n"
                            "Content-Length: " +
                            QByteArray::number(m_png.size()) + "\r\n\r\n" + m_png);
                    }
                    socket->setProperty("buffered", buffered);
                });
            }
        });
    }
    QString urlTemplate() const {
        return QStringLiteral("http://127.0.0.1:%1/{z}/{x}/{y}.png").arg(serverPort());
    }
    int requests = 0;

  private:
    QByteArray m_png;
};
} // namespace

class TestTracksBaseMap : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

  private slots:
    void theTracksMapDrawsTheBaseMapTiles() {
        const QString path = m_dir.filePath(QStringLiteral("gps_tracks.sqlite"));
        {
            auto db = test::freshTracksFile(path);
            demo::TracksGeneratorOptions options;
            options.tracks = 60;
            options.end = kNow;
            demo::TracksGenerator(options).importInto(*db);
        }
        const QColor blue(90, 140, 200), sand(214, 190, 120);
        const QString blueTiles = m_dir.filePath(QStringLiteral("blue.mbtiles"));
        const QString sandTiles = m_dir.filePath(QStringLiteral("sand.mbtiles"));
        createMbTiles(blueTiles, blue);
        createMbTiles(sandTiles, sand);

        // As in the main window: the positions map in the first tab, the tracks workbench in another; the
        // base map given to both before the window shows.
        QNetworkAccessManager network; // outlives the maps' tile sources, as the main window's does
        TaskManager tasks;
        TracksDataset dataset(&tasks);
        dataset.setClock([] { return kNow; });
        QTabWidget tabs;
        auto* positions = new MapView;
        positions->setView(QGeoCoordinate(55.7, 37.6), 6);
        tabs.addTab(positions, QStringLiteral("positions"));
        auto* workbench = new TracksWorkbench(&dataset);
        tabs.addTab(workbench, QStringLiteral("tracks"));
        positions->setTileSource(std::make_shared<MbTilesTileSource>(blueTiles));
        workbench->map()->setTileSource(std::make_shared<MbTilesTileSource>(blueTiles));
        tabs.resize(1400, 900);
        tabs.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tabs));
        dataset.setPath(path);
        QTRY_VERIFY_WITH_TIMEOUT(positions->baseMap()->cachedTileCount() > 0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(shareOf(positions, blue) > 0.8, 10000);

        tabs.setCurrentWidget(workbench);
        MapView* map = workbench->map();
        QTRY_VERIFY_WITH_TIMEOUT(dataset.hasData() && tasks.activeCount() == 0 && map->isRenderingIdle(),
                                 60000);
        const QList<ui::TileKey> visible = map->baseMap()->visibleTiles(map->viewport());
        QVERIFY(!visible.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(
            std::all_of(visible.cbegin(), visible.cend(),
                        [&](const ui::TileKey& k) { return map->baseMap()->hasTile(k); }),
            10000);
        QTRY_VERIFY2_WITH_TIMEOUT(shareOf(map, blue) > 0.8, qPrintable(QString::number(shareOf(map, blue))),
                                  10000);
        QVERIFY(!saveScreenshot(workbench, QStringLiteral("tracks-base-map.png")).isEmpty());

        // Another base map while the tracks are in front: its tiles replace the first's.
        map->setTileSource(std::make_shared<MbTilesTileSource>(sandTiles));
        QTRY_VERIFY_WITH_TIMEOUT(shareOf(map, sand) > 0.8, 10000);
        QCOMPARE(shareOf(map, blue), 0.0);

        // XYZ tiles on one network access manager with a disk cache, as the main window gives both maps,
        // set while the positions map is in front.
        const QColor green(60, 170, 90);
        SolidTileServer server(green);
        QVERIFY(server.listen(QHostAddress::LocalHost));
        ui::XyzTileSource::installDiskCache(network, m_dir.filePath(QStringLiteral("tiles")));
        tabs.setCurrentWidget(positions);
        for (MapView* view : {positions, map})
            view->setTileSource(std::make_shared<ui::XyzTileSource>(
                &network,
                ui::XyzTileSource::Options{server.urlTemplate(), QStringLiteral("ops@example.org"), {}}));
        QTRY_VERIFY_WITH_TIMEOUT(shareOf(positions, green) > 0.8, 10000);
        tabs.setCurrentWidget(workbench);
        QTRY_VERIFY2_WITH_TIMEOUT(shareOf(map, green) > 0.8, qPrintable(QString::number(shareOf(map, green))),
                                  10000);
        QVERIFY(server.requests > 0);
        QVERIFY(!saveScreenshot(workbench, QStringLiteral("tracks-base-map-xyz.png")).isEmpty());
    }
};

QTEST_MAIN(TestTracksBaseMap)
#include "test_tracksbasemap.moc"
