// The tracks workbench in a real (offscreen or Xvfb) window on a SpatiaLite file of generated rides: the
// file's extent, the tracks in view on the map and in the table, filters, the file's order and pages, a
// track's details with its sources, the retention preview on the map, health; screenshots.
#include "displayformat.h"
#include "freshpostgisstore.h"
#include "freshtracksfile.h"
#include "mapview.h"
#include "readability.h"
#include "screenshots.h"
#include "spatialitedatabase.h"
#include "taskmanager.h"
#include "testfiles.h"
#include "timechart.h"
#include "trackscapacitypanel.h"
#include "tracksdataset.h"
#include "tracksforecast.h"
#include "tracksgenerator.h"
#include "trackslayer.h"
#include "tracksretention.h"
#include "trackssettings.h"
#include "tracksstore.h"
#include "trackstablemodel.h"
#include "tracksworkbench.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QHeaderView>
#include <QListWidget>
#include <QMimeData>
#include <QProgressBar>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUrl>

using namespace tidemark;
using namespace tidemark::tracks;
using tidemark::test::saveScreenshot;
using tidemark::ui::TracksWorkbench;

namespace {

const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

// The extent of the tracks of `activities` (empty: all) whose id is above `afterId`, read from the store.
QGeoRectangle extentOf(TracksDatabase& db, const QStringList& activities, qint64 afterId = 0) {
    TracksQuery all;
    all.box = {-180, -90, 180, 90};
    all.activities = activities;
    QGeoRectangle extent;
    for (const TrackRow& t : TracksStore(db).tracksInBox(all).tracks) {
        if (t.id <= afterId)
            continue;
        const QGeoRectangle box(QGeoCoordinate(t.bbox.maxLat, t.bbox.minLon),
                                QGeoCoordinate(t.bbox.minLat, t.bbox.maxLon));
        extent = extent.isValid() ? extent.united(box) : box;
    }
    return extent;
}

qint64 highestId(TracksDatabase& db) {
    TracksQuery all;
    all.box = {-180, -90, 180, 90};
    all.order = TracksQuery::Order::Id;
    all.descending = true;
    all.limit = 1;
    const TracksPage page = TracksStore(db).tracksInBox(all);
    return page.tracks.empty() ? 0 : page.tracks.front().id;
}

// The map shows `area` and is fitted to it: one of its sides spans the area's with no more than the margins.
bool fittedTo(const ui::MapView* map, const QGeoRectangle& area) {
    const QGeoRectangle visible = map->viewport().visibleArea();
    if (!visible.contains(area.topLeft()) || !visible.contains(area.bottomRight()))
        return false;
    return visible.width() < area.width() * 1.25 || visible.height() < area.height() * 1.25;
}
} // namespace

class TestTracksWorkbench : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_path;
    TaskManager m_tasks;
    TracksDataset m_dataset{&m_tasks};
    TracksWorkbench* m_workbench = nullptr;

    bool waitLoaded() {
        QSignalSpy loaded(m_workbench, &TracksWorkbench::loaded);
        return loaded.wait(60000);
    }
    // The view settles: the first load fits the map to the file, the map then asks for what it shows; done
    // when the last load is of the current view and nothing runs.
    bool settle() {
        for (int i = 0; i < 1200; ++i) {
            QTest::qWait(50);
            if (m_dataset.hasData() && m_dataset.view().zoom > 3 && m_tasks.activeCount() == 0 &&
                m_dataset.data().view.zoom == m_dataset.view().zoom)
                return true;
        }
        return false;
    }

  private slots:
    void initTestCase() {
        m_path = m_dir.filePath(QStringLiteral("gps_tracks.sqlite"));
        auto db = test::freshTracksFile(m_path);
        demo::TracksGeneratorOptions options;
        options.tracks = 400;
        options.end = kNow;
        demo::TracksGenerator(options).importInto(*db);
        m_dataset.setClock([] { return kNow; });
        m_workbench = new TracksWorkbench(&m_dataset);
        m_workbench->resize(1600, 1000);
        m_workbench->show();
        m_dataset.setPath(m_path);
        QVERIFY(settle());
    }

    void cleanupTestCase() { delete m_workbench; }

    void showsTheFileOnTheMapAndInTheTable() {
        auto db = SpatialiteDatabase::open(m_path);
        const qint64 total = TracksStore(*db).count();
        QVERIFY(total >= 400);
        QVERIFY2(m_workbench->summaryText().contains(QLocale().toString(total)) ||
                     m_workbench->summaryText().contains(QString::number(total)),
                 qPrintable(m_workbench->summaryText()));
        // The view fits the file: every track is in view, on the map and counted by the table's pages.
        QCOMPARE(m_dataset.data().page.matching, total);
        QCOMPARE(qint64(m_workbench->layer()->lines()->lines.size()), total);
        QCOMPARE(m_workbench->table()->model()->rowCount(), int(m_dataset.view().pageSize));
        QVERIFY2(m_workbench->pagerText().contains(QStringLiteral("Page 1 of")),
                 qPrintable(m_workbench->pagerText()));
        QVERIFY(m_workbench->activityFilter()->count() >= 3);
        QVERIFY(m_workbench->sourceFilter()->count() == 3);
        m_workbench->map()->renderNow();
        QTRY_VERIFY_WITH_TIMEOUT(m_workbench->map()->isRenderingIdle(), 10000);
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("tracks-workbench.png")).isEmpty());
    }

    // Sorting asks the file: the first row by length descending is the file's longest track in view.
    void sortsByTheFileAndPages() {
        m_workbench->table()->sortByColumn(TracksTableModel::LengthColumn, Qt::DescendingOrder);
        QVERIFY(waitLoaded());
        auto db = SpatialiteDatabase::open(m_path);
        TracksQuery q = m_dataset.view().query();
        q.offset = 0;
        q.limit = -1;
        const TracksPage all = TracksStore(*db).tracksInBox(q);
        double longest = 0;
        for (const TrackRow& t : all.tracks)
            longest = std::max(longest, t.lengthMetres);
        QCOMPARE(m_dataset.table()->tracks().front().lengthMetres, longest);
        // A new order (like a pan or a page) reads the tracks in view, not the whole file's facts again.
        QVERIFY(!m_dataset.data().file);
        QCOMPARE(m_dataset.fileFacts().extent.tracks, TracksStore(*db).count());
        const qint64 firstOfSecondPage = all.tracks[std::size_t(m_dataset.view().pageSize)].id;
        m_workbench->nextPage();
        QVERIFY(waitLoaded());
        QCOMPARE(m_dataset.table()->tracks().front().id, firstOfSecondPage);
        QVERIFY(m_workbench->pagerText().contains(QStringLiteral("Page 2 of")));
        m_workbench->previousPage();
        QVERIFY(waitLoaded());
    }

    void filtersByActivity() {
        const qint64 all = m_dataset.data().page.matching;
        m_workbench->setActivityChecked(QStringLiteral("hike"), false);
        QVERIFY(waitLoaded());
        QVERIFY(m_dataset.data().page.matching < all);
        for (const TrackRow& t : m_dataset.table()->tracks())
            QVERIFY(t.activity != QLatin1String("hike"));
        for (const SimplifiedTrack& t : *m_dataset.data().map.geometry)
            QVERIFY(t.activity != QLatin1String("hike"));
        m_workbench->setActivityChecked(QStringLiteral("hike"), true);
        QVERIFY(waitLoaded());
        QCOMPARE(m_dataset.data().page.matching, all);
    }

    // On a 1920 px screen every column of the table reads without sideways scrolling, and the map keeps at
    // least half the width.
    void tableColumnsReadWholeOnAWideScreen() {
        const QSize before = m_workbench->size();
        m_workbench->resize(1912, 860); // the workbench in a 1920×1080 console
        QTableView* table = m_workbench->table();
        QTRY_VERIFY2(m_workbench->width() == 1912 &&
                         table->horizontalHeader()->length() <= table->viewport()->width(),
                     qPrintable(QStringLiteral("columns %1 px in %2 px")
                                    .arg(table->horizontalHeader()->length())
                                    .arg(table->viewport()->width())));
        QTRY_VERIFY(!table->horizontalScrollBar()->isVisible());
        QVERIFY(m_workbench->map()->width() * 5 >= m_workbench->width() * 2 - 20); // the map keeps two fifths
        m_workbench->resize(before);
        QVERIFY(settle());
    }

    // Zoom to fit (its button and its shortcut) fits the map to the tracks the filters leave.
    void zoomToFitShowsTheFilteredTracks() {
        m_workbench->setActivityChecked(QStringLiteral("hike"), false);
        QVERIFY(waitLoaded());
        auto db = SpatialiteDatabase::open(m_path);
        QStringList shown = m_dataset.view().activities;
        QVERIFY(!shown.isEmpty() && !shown.contains(QStringLiteral("hike")));
        const QGeoRectangle filtered = extentOf(*db, shown);
        QVERIFY(filtered.isValid());
        auto* button = m_workbench->findChild<QAbstractButton*>(QStringLiteral("zoomToFitButton"));
        QVERIFY(button);
        m_workbench->map()->setView(QGeoCoordinate(10, 10), 9);
        QVERIFY(!fittedTo(m_workbench->map(), filtered));
        button->click();
        QVERIFY2(fittedTo(m_workbench->map(), filtered),
                 qPrintable(m_workbench->map()->viewport().visibleArea().toString()));
        // One activity alone: the fit follows the filter.
        for (const QString& activity : shown)
            if (activity != shown.first())
                m_workbench->setActivityChecked(activity, false);
        QVERIFY(waitLoaded());
        const QGeoRectangle one = extentOf(*db, {shown.first()});
        m_workbench->map()->setView(QGeoCoordinate(-10, -10), 9);
        m_workbench->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_workbench));
        auto* action = m_workbench->findChild<QAction*>(QStringLiteral("zoomToFitAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_0));
        m_workbench->map()->setFocus();
        QTest::keyClick(m_workbench, Qt::Key_0, Qt::ControlModifier);
        QVERIFY2(fittedTo(m_workbench->map(), one),
                 qPrintable(m_workbench->map()->viewport().visibleArea().toString()));
        for (const QString& activity : m_dataset.fileFacts().activities.keys())
            m_workbench->setActivityChecked(activity, true);
        QVERIFY(settle());
    }

    void detailsShowTheSourcesWithTheirLinks() {
        const TrackRow t = m_dataset.table()->tracks().front();
        m_workbench->table()->selectRow(0);
        QCOMPARE(m_workbench->selectedTrack(), t.id);
        QCOMPARE(m_workbench->layer()->selected(), t.id);
        const QString html = m_workbench->details()->toHtml();
        QVERIFY2(html.contains(t.name.toHtmlEscaped()), qPrintable(html));
        for (const QString& url : t.externalUrls)
            QVERIFY2(html.contains(url.toHtmlEscaped()), qPrintable(url));
        // Figures as everywhere in the console: the box latitude first (the map's readout), instants in the
        // one form.
        const QString text = m_workbench->details()->toPlainText();
        const QString box = display::box(t.bbox.minLat, t.bbox.minLon, t.bbox.maxLat, t.bbox.maxLon, 5);
        QVERIFY2(text.contains(box), qPrintable(text + QStringLiteral(" lacks ") + box));
        const QString imported = display::instant(parseIsoTimestamp(t.createdAt));
        QVERIFY2(text.contains(QStringLiteral("imported ") + imported), qPrintable(text));
    }

    // The preview highlights exactly the tracks a retention run would delete.
    void retentionPreviewIsHighlighted() {
        QSignalSpy previewed(&m_dataset, &TracksDataset::previewed);
        m_workbench->previewRetention();
        QVERIFY(previewed.wait(60000));
        auto db = SpatialiteDatabase::open(m_path);
        const TracksRetentionPreview expected = TracksRetention(*db).preview(
            TracksRetention::cutoff(kNow, TracksSettings::kDefaultRetentionYears));
        QVERIFY(!expected.ids.empty());
        QCOMPARE(m_dataset.retentionIds(), QSet<qint64>(expected.ids.cbegin(), expected.ids.cend()));
        QVERIFY2(m_workbench->retentionText().contains(QString::number(expected.ids.size())),
                 qPrintable(m_workbench->retentionText()));
        m_workbench->map()->renderNow();
        QTRY_VERIFY_WITH_TIMEOUT(m_workbench->map()->isRenderingIdle(), 10000);
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("tracks-retention-preview.png")).isEmpty());
    }

    // The Capacity area: the dataset's forecast (the CLI's job) drawn as the size over time against 2 GB.
    void capacityShowsTheForecast() {
        m_workbench->areas()->setCurrentWidget(m_workbench->capacityPanel());
        {
            // Before any forecast: the store's tracks and its size (the file's facts: the file and its WAL
            // as they were read), at once.
            const qint64 bytes = m_dataset.fileFacts().storeBytes;
            QVERIFY(bytes > 0);
            auto db = SpatialiteDatabase::open(m_path);
            const QString known = m_workbench->capacityPanel()->figuresText();
            QVERIFY2(
                known.startsWith(
                    QStringLiteral("Now: %1 tracks, ").arg(QLocale().toString(TracksStore(*db).count()))),
                qPrintable(known));
            // One measurement is a figure, not a lone dot: the chart says it in words.
            const ui::TimeChart* chart = m_workbench->capacityPanel()->chart();
            QVERIFY(chart->series().empty());
            QVERIFY2(chart->emptyText().startsWith(QStringLiteral("Now %1, ").arg(display::size(bytes))),
                     qPrintable(chart->emptyText()));
            QVERIFY2(known.contains(display::size(bytes)), qPrintable(known));
        }
        QSignalSpy ready(&m_dataset, &TracksDataset::forecastReady);
        m_workbench->capacityPanel()->forecast();
        QVERIFY(ready.wait(60000));
        const TracksForecast& f = m_dataset.forecast();
        auto db = SpatialiteDatabase::open(m_path);
        QCOMPARE(f.measured.tracks, TracksStore(*db).count());
        ui::TimeChart* chart = m_workbench->capacityPanel()->chart();
        QCOMPARE(chart->series().size(), std::size_t(2));
        QVERIFY(!chart->series()[0].points.empty());
        // The history ends at the store's tracks at its bytes a track.
        QVERIFY(std::abs(chart->series()[0].points.back().value - double(f.measured.bytes)) < 1.0);
        QCOMPARE(chart->limits().front().value, double(TracksForecast::kAlertBytes));
        QVERIFY2(m_workbench->capacityPanel()->figuresText().contains(QLocale().toString(f.measured.tracks)),
                 qPrintable(m_workbench->capacityPanel()->figuresText()));
        QVERIFY2(test::labelFault(chart).isEmpty(), qPrintable(test::labelFault(chart)));
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("tracks-capacity.png")).isEmpty());
        m_workbench->areas()->setCurrentIndex(0);
    }

    void healthIsShown() {
        QTRY_VERIFY_WITH_TIMEOUT(m_workbench->healthText().contains(QStringLiteral("Health")), 20000);
        QVERIFY2(m_workbench->healthText().contains(QStringLiteral("MiB")) ||
                     m_workbench->healthText().contains(QStringLiteral("KiB")),
                 qPrintable(m_workbench->healthText()));
    }

    // The file copied into a PostGIS store from the workbench (tracks migrate's job, verified), then that
    // store opened: the same tracks on the map, the same first page, its health in tables and indexes.
    void copiesToPostgisAndShowsTheStoreAlike() {
        m_dataset.setPath(m_path); // a fresh view of the file, as the store's will be
        QVERIFY(settle());
        const qint64 total = m_dataset.fileFacts().extent.tracks;
        QStringList fileRows;
        for (const TrackRow& t : m_dataset.data().page.tracks)
            fileRows << QStringLiteral("%1 %2 %3").arg(t.id).arg(t.name).arg(t.lengthMetres, 0, 'f', 3);
        const qint64 fileLines = qint64(m_workbench->layer()->lines()->lines.size());
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tw_migrate"));
        QSignalSpy migrated(&m_dataset, &TracksDataset::migrated);
        m_workbench->migrateTo(conninfo);
        QVERIFY(migrated.wait(60000));
        QVERIFY2(m_workbench->migrateText().contains(QStringLiteral("verified")),
                 qPrintable(m_workbench->migrateText()));
        QCOMPARE(m_dataset.lastMigrate().tracksInStore, total);

        m_dataset.setLocation(TracksLocation::postgis(conninfo));
        QVERIFY(settle());
        QCOMPARE(m_dataset.fileFacts().extent.tracks, total);
        QStringList storeRows;
        for (const TrackRow& t : m_dataset.data().page.tracks)
            storeRows << QStringLiteral("%1 %2 %3").arg(t.id).arg(t.name).arg(t.lengthMetres, 0, 'f', 3);
        QCOMPARE(storeRows, fileRows);
        QCOMPARE(qint64(m_workbench->layer()->lines()->lines.size()), fileLines);
        QTRY_VERIFY_WITH_TIMEOUT(m_workbench->healthText().contains(QStringLiteral("tables")), 20000);
        QVERIFY2(!m_workbench->summaryText().contains(QLatin1String("password")),
                 qPrintable(m_workbench->summaryText()));
        m_workbench->map()->renderNow();
        QTRY_VERIFY_WITH_TIMEOUT(m_workbench->map()->isRenderingIdle(), 10000);
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("tracks-workbench-postgis.png")).isEmpty());

        m_dataset.setPath(m_path); // the tests below are the file's
        QVERIFY(settle());
    }

    // Real GPX files import with progress; a cut copy is refused and named, the others still land; the view
    // and the health reload.
    void importsGpxFilesWithProgress() {
        const QString gpx = QStringLiteral(TIDEMARK_SOURCE_DIR "/tests/data/gpx/");
        const QByteArray bytes = test::readFile(gpx + QStringLiteral("korita-zbevnica.gpx"));
        const QString cut =
            test::writeFile(m_dir.filePath(QStringLiteral("cut.gpx")), bytes.left(bytes.size() / 2));
        auto db = SpatialiteDatabase::open(m_path);
        const qint64 before = TracksStore(*db).count();
        const qint64 lastBefore = highestId(*db);
        // With hikes filtered out, the activity the import brings ("unknown": files without a <type>) comes
        // into the filters checked, and the view asks for it too.
        m_workbench->setActivityChecked(QStringLiteral("hike"), false);
        QVERIFY(waitLoaded());
        QVERIFY(m_workbench->activityFilter()
                    ->findItems(QStringLiteral("unknown"), Qt::MatchStartsWith)
                    .isEmpty());
        QSignalSpy finished(m_workbench, &TracksWorkbench::importFinished);
        m_workbench->setImportSource(QStringLiteral("osm"));
        m_workbench->importFiles(
            {gpx + QStringLiteral("Mojstrovka.gpx"), cut, gpx + QStringLiteral("korita-zbevnica.gpx")});
        QVERIFY(m_dataset.isImporting());
        QVERIFY(finished.wait(60000));
        QCOMPARE(m_workbench->importProgress()->value(), m_workbench->importProgress()->maximum());
        // Mojstrovka holds one track, korita four of which one has a single point (skipped); the cut copy
        // adds nothing.
        QCOMPARE(TracksStore(*db).count(), before + 4);
        // The map ends on the imported tracks (in the Julian Alps, far from the file's rides).
        const QGeoRectangle imported = extentOf(*db, {}, lastBefore);
        QVERIFY(imported.isValid());
        QVERIFY2(fittedTo(m_workbench->map(), imported),
                 qPrintable(m_workbench->map()->viewport().visibleArea().toString()));
        QVERIFY2(m_workbench->importText().contains(QStringLiteral("4 added")),
                 qPrintable(m_workbench->importText()));
        QVERIFY2(m_workbench->importText().contains(QStringLiteral("cut.gpx")),
                 qPrintable(m_workbench->importText()));
        QTRY_VERIFY_WITH_TIMEOUT(m_dataset.health().tracks == before + 4, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(m_dataset.fileFacts().extent.tracks == before + 4, 20000);
        const QList<QListWidgetItem*> unknown =
            m_workbench->activityFilter()->findItems(QStringLiteral("unknown ("), Qt::MatchStartsWith);
        QCOMPARE(unknown.size(), 1);
        QCOMPARE(unknown.first()->checkState(), Qt::Checked);
        // Every activity reads whole, the new one too: the list grows to its entries.
        QListWidget* activities = m_workbench->activityFilter();
        QVERIFY(activities->count() > 4); // the generator's and the import's
        for (int i = 0; i < activities->count(); ++i)
            QVERIFY2(activities->viewport()->rect().contains(activities->visualItemRect(activities->item(i))),
                     qPrintable(activities->item(i)->text()));
        QTRY_VERIFY_WITH_TIMEOUT(m_dataset.view().activities.contains(QStringLiteral("unknown")), 20000);
        QVERIFY(!m_dataset.view().activities.contains(QStringLiteral("hike")));
        QTRY_VERIFY_WITH_TIMEOUT(m_workbench->summaryText().contains(QLocale().toString(before + 4)) ||
                                     m_workbench->summaryText().contains(QString::number(before + 4)),
                                 20000);
        m_workbench->setActivityChecked(QStringLiteral("hike"), true);
        QVERIFY(waitLoaded());
    }

    // GPX files dropped on the workbench (here on its map, as a file manager drops them) import into a new
    // tracks file from the source chosen in the workbench, as its Import GPX… does; a file that is not GPX is
    // refused and named, and a drop of nothing but such files imports nothing.
    void droppedGpxFilesImportFromTheChosenSource() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("dropped.sqlite"));
        test::freshTracksFile(path);
        TaskManager tasks;
        TracksDataset dataset(&tasks);
        dataset.setClock([] { return kNow; });
        TracksWorkbench workbench(&dataset);
        workbench.resize(1400, 900);
        workbench.show();
        QVERIFY(QTest::qWaitForWindowExposed(&workbench));
        dataset.setPath(path);
        QTRY_VERIFY_WITH_TIMEOUT(dataset.hasData() && tasks.activeCount() == 0, 60000);
        workbench.setImportSource(QStringLiteral("velomarsh"));

        const QString gpx = QStringLiteral(TIDEMARK_SOURCE_DIR "/tests/data/gpx/");
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(gpx + QStringLiteral("Mojstrovka.gpx")),
                      QUrl::fromLocalFile(gpx + QStringLiteral("README.md")),
                      QUrl::fromLocalFile(gpx + QStringLiteral("korita-zbevnica.gpx"))});
        QWidget* target = workbench.map();
        const QPoint at = target->rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &enter);
        QVERIFY(enter.isAccepted());
        QCOMPARE(enter.dropAction(), Qt::CopyAction);
        QSignalSpy finished(&workbench, &TracksWorkbench::importFinished);
        QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &drop);
        QVERIFY(drop.isAccepted());
        QVERIFY(dataset.isImporting());
        QVERIFY(finished.wait(60000));
        // Mojstrovka holds one track, korita four of which one has a single point (skipped).
        auto db = SpatialiteDatabase::open(path);
        QCOMPARE(TracksStore(*db).count(), qint64(4));
        QVERIFY2(workbench.importText().contains(QStringLiteral("4 added")),
                 qPrintable(workbench.importText()));
        QVERIFY2(workbench.importText().contains(QStringLiteral("not GPX files: README.md")),
                 qPrintable(workbench.importText()));
        QCOMPARE(dataset.lastImport().files.size(), std::size_t(2));
        // From the chosen source; the tracks appear on the map and in the table.
        QTRY_VERIFY_WITH_TIMEOUT(dataset.fileFacts().extent.tracks == 4, 20000);
        QCOMPARE(dataset.fileFacts().sources, (QMap<QString, qint64>{{QStringLiteral("velomarsh"), 4}}));
        QTRY_VERIFY_WITH_TIMEOUT(workbench.layer()->lines()->lines.size() == 4 && tasks.activeCount() == 0,
                                 20000);
        QCOMPARE(workbench.table()->model()->rowCount(), 4);
        workbench.map()->renderNow();
        QTRY_VERIFY_WITH_TIMEOUT(workbench.map()->isRenderingIdle(), 10000);
        QVERIFY(!saveScreenshot(&workbench, QStringLiteral("tracks-dropped-gpx.png")).isEmpty());

        // Nothing but other files: refused, nothing imported.
        QMimeData others;
        others.setUrls({QUrl::fromLocalFile(gpx + QStringLiteral("README.md")),
                        QUrl::fromLocalFile(gpx + QStringLiteral("LICENSE-gpxpy.txt"))});
        QDragEnterEvent enterAgain(at, Qt::CopyAction, &others, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &enterAgain); // a drop goes to the widget that took the drag's entry
        QVERIFY(enterAgain.isAccepted());
        QDropEvent refused(QPointF(at), Qt::CopyAction, &others, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &refused);
        QVERIFY(refused.isAccepted());
        QVERIFY(!dataset.isImporting());
        QVERIFY2(workbench.importText().contains(QStringLiteral("only GPX files")) &&
                     workbench.importText().contains(QStringLiteral("README.md, LICENSE-gpxpy.txt")),
                 qPrintable(workbench.importText()));
        QCOMPARE(TracksStore(*db).count(), qint64(4));
    }

    void aFileThatIsNotATracksFileIsNamed() {
        const QString text = m_dir.filePath(QStringLiteral("notes.sqlite"));
        test::writeFile(text, "these are notes, not a database\n");
        QStringList failed;
        const auto c = connect(m_workbench, &TracksWorkbench::failed, this,
                               [&](const Error& e) { failed << e.message(); });
        m_dataset.setPath(text);
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 30000);
        disconnect(c);
        QVERIFY2(failed.first().contains(text), qPrintable(failed.first()));
        m_dataset.setPath(m_path);
        QVERIFY(settle());
    }

    // Another application's SQLite file: the workbench names the missing table and the command that fixes it.
    void aSqliteFileWithoutTheTracksSchemaIsNamed() {
        const QString other = m_dir.filePath(QStringLiteral("other.sqlite"));
        SpatialiteDatabase::open(other, SpatialiteDatabase::Mode::CreateIfMissing)
            ->exec(QStringLiteral("CREATE TABLE notes (body TEXT)"));
        QStringList failed;
        const auto c = connect(m_workbench, &TracksWorkbench::failed, this,
                               [&](const Error& e) { failed << e.message(); });
        m_dataset.setPath(other);
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 30000);
        disconnect(c);
        const QString message = failed.first();
        // A table of its own makes it another database, which tracks init would not take either.
        QVERIFY2(message.contains(other) && message.contains(QStringLiteral("has no table tracks")) &&
                     message.contains(QStringLiteral("not a tracks file")) &&
                     message.contains(QStringLiteral("table notes")),
                 qPrintable(message));
        m_dataset.setPath(m_path);
        QVERIFY(settle());
    }
};

QTEST_MAIN(TestTracksWorkbench)
#include "test_tracksworkbench.moc"
