#include "demoworkspace.h"
#include "maplayermodel.h"
#include "mapview.h"
#include "markerlayer.h"
#include "mowersummarymodel.h"
#include "pgconnection.h"
#include "positionloader.h"
#include "positionscapacitypanel.h"
#include "positionsdataset.h"
#include "positionsschema.h"
#include "positionsworkbench.h"
#include "previewlayers.h"
#include "previewpanel.h"
#include "readability.h"
#include "roundhistorychart.h"
#include "roundhistorymodel.h"
#include "roundpanel.h"
#include "schemamigrator.h"
#include "screenshots.h"
#include "taskmanager.h"
#include "thinningtestdata.h"
#include "timechart.h"
#include "verifypanel.h"
#include "whatifform.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QTimer>
#include <algorithm>
#include <set>

using namespace tidemark;
using tidemark::test::saveScreenshot;
using namespace tidemark::positions;
using tidemark::ui::PositionsWorkbench;

namespace {

const QString kRoot = QStringLiteral(TIDEMARK_BINARY_DIR "/test-demo");

QString withDatabase(QString conninfo, const QString& db) {
    return conninfo.replace(QRegularExpression(QStringLiteral("dbname=\\S+")),
                            QStringLiteral("dbname=") + db);
}

// A workbench as the console builds it: the one task manager, the positions dataset, the workbench.
struct Console {
    TaskManager tasks;
    PositionsDataset dataset{&tasks};
    PositionsWorkbench workbench{&dataset};
    // The rows of the task list with `title` prefix, in order.
    QList<int> rowsTitled(const QString& prefix) const {
        QList<int> rows;
        for (int row = 0; row < tasks.tasks()->rowCount(); ++row)
            if (tasks.tasks()->title(row).startsWith(prefix))
                rows << row;
        return rows;
    }
};

// Answers the plan's confirmation when it opens (Run after a dry run): its text into *text, then `button`.
void answerPlanConfirmation(QString* text, QMessageBox::StandardButton button = QMessageBox::Yes) {
    QTimer::singleShot(0, [text, button] {
        QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()), 10000);
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        QCOMPARE(box->objectName(), QStringLiteral("applyPlanConfirmation"));
        *text = box->text();
        QTest::mouseClick(box->button(button), Qt::LeftButton);
    });
}

// The workbench's size in a 1280×720 console (the window's menu, the dataset's dock, the tabs and the Jobs
// strip take the rest).
const QSize kLaptopWorkbench(1272, 535);

// Whether `w` is shown whole: nothing of it scrolled away or clipped by a parent.
bool shownWhole(const QWidget* w) {
    return w->isVisible() && w->visibleRegion().boundingRect() == w->rect();
}

bool waitForRendering(ui::MapView* map) {
    map->renderNow();
    return QTest::qWaitFor([map] { return map->isRenderingIdle(); }, 20000);
}

} // namespace

class TestPositionsWorkbench : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        const demo::DemoWorkspace::Status status = demo::DemoWorkspace(kRoot).status();
        QVERIFY2(status.initialized && status.running,
                 "the demo fixture (demo_workspace_up) did not bring up test-demo");
        m_conninfo = status.positionsConninfo;
        m_now = status.now; // the demo's data end: the workbench's clock, so the test does not age
        m_console = std::make_unique<Console>();
        m_workbench = &m_console->workbench;
        m_workbench->setClock([now = m_now] { return now; });
        m_workbench->resize(1500, 950);
        m_workbench->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_workbench));
        QSignalSpy loaded(m_workbench, &PositionsWorkbench::mowerPreviewLoaded);
        m_workbench->setConnection(m_conninfo);
        QVERIFY(loaded.wait(120000));
    }

    void modelsUnderTester() {
        QAbstractItemModelTester mowers(m_workbench->mowers(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester history(m_workbench->history(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester layers(m_workbench->layers(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m_workbench->mowers()->rowCount(), 8);
        for (const MowerSummary& m : m_workbench->mowers()->mowers()) {
            QVERIFY(m.rows > 0);
            QVERIFY(m.newest > m.oldest);
            QVERIFY(m.slicesPending > 0);
        }
        QCOMPARE(m_workbench->layers()->rowCount(), 10);
        // Toggle and move layers through the model while the tester watches.
        QVERIFY(
            m_workbench->layers()->setData(m_workbench->layers()->index(3), Qt::Checked, Qt::CheckStateRole));
        QVERIFY(m_workbench->layers()->moveLayer(3, 4));
        QVERIFY(m_workbench->layers()->moveLayer(4, 3));
        QVERIFY(m_workbench->layers()->setData(m_workbench->layers()->index(3), Qt::Unchecked,
                                               Qt::CheckStateRole));
        m_workbench->mowers()->setMowers(std::vector<MowerSummary>(m_workbench->mowers()->mowers()));
        // One mower counted exactly (a double-click on Rows): the estimate gives way to count(*).
        const MowerSummary third = m_workbench->mowers()->mowers()[2];
        auto db = PgConnection::open(m_conninfo);
        const long long exact =
            db->exec(QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = $1::uuid"),
                     {third.mowerId.toString(QUuid::WithoutBraces)})
                .toLong(0, 0);
        m_workbench->countRowsExactly(2);
        QTRY_VERIFY_WITH_TIMEOUT(!m_workbench->mowers()->mowers()[2].rowsEstimated &&
                                     m_workbench->mowers()->mowers()[2].rows == exact,
                                 30000);
        QVERIFY(!m_workbench->mowers()
                     ->index(2, MowerSummaryModel::RowsColumn)
                     .data()
                     .toString()
                     .startsWith(QStringLiteral("≈")));
    }

    // The first picture is what the next rounds thin: the week just older than the detail window.
    void opensOnTheWeekBeforeTheDetailWindow() {
        const PreviewResult* r = m_workbench->previewResult();
        QVERIFY(r);
        QCOMPARE(m_workbench->rangeTo(), PositionSettings{}.thinningCutoff(m_now));
        QCOMPARE(m_workbench->rangeTo() - m_workbench->rangeFrom(), 7 * kMicrosPerDay);
        QVERIFY(!r->rows.empty());
        QVERIFY(r->removed > 0);
        QCOMPARE(r->recent, 0LL);
        // The preview ran as a task of the one task manager: the Jobs dock lists it, done, at 100 %.
        const QList<int> previews = m_console->rowsTitled(QStringLiteral("Preview mower"));
        QVERIFY(!previews.isEmpty());
        TaskListModel* list = m_console->tasks.tasks();
        QCOMPARE(list->state(previews.last()), TaskListModel::State::Done);
        QCOMPARE(list->index(previews.last(), TaskListModel::ProgressColumn).data().toString(),
                 QStringLiteral("100%"));
        QVERIFY(list->index(previews.last(), TaskListModel::ResultColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("removed")));
    }

    void lastSevenDaysKeepsEverything() {
        QSignalSpy loaded(m_workbench, &PositionsWorkbench::mowerPreviewLoaded);
        m_workbench->setRangeLastWeek();
        m_workbench->preview();
        QVERIFY(loaded.wait(120000));
        const PreviewResult* r = m_workbench->previewResult();
        QVERIFY(!r->rows.empty());
        QCOMPARE(r->removed, 0LL); // inside the detail window: a round leaves it alone
        QCOMPARE(r->recent, qint64(r->rows.size()));
        m_workbench->setRangeBeforeDetailWindow();
    }

    // The preview of the week before the detail window against thin-file on the same rows.
    void previewMatchesThinFile() {
        QSignalSpy loaded(m_workbench, &PositionsWorkbench::mowerPreviewLoaded);
        const QString mower = m_workbench->mowers()->mowers()[2].mowerId.toString(QUuid::WithoutBraces);
        QVERIFY(m_workbench->selectMower(mower));
        QVERIFY(loaded.wait(120000));
        m_workbench->setRangeBeforeDetailWindow();
        m_workbench->preview();
        QVERIFY(loaded.wait(120000));
        const PreviewResult& r = *m_workbench->previewResult();
        QCOMPARE(r.mowerId.toString(QUuid::WithoutBraces), mower);
        QVERIFY(r.removed > 0);
        QVERIFY(r.keptBySet > 0);
        QCOMPARE(r.kept + r.removed, qint64(r.rows.size()));
        QVERIFY(r.check.verdict != CoverageCheck::Verdict::NoCoverage);
        QVERIFY(m_workbench->previewPanel()->summaryText().contains(QStringLiteral("removed")));

        // Every row of the mower from its oldest to just after the range: thin-file plans the same slices.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto db = PgConnection::open(m_conninfo);
        const Micros oldest = m_workbench->mowers()->mowers()[2].oldest;
        const MowerTrack track = PositionLoader(*db).load(r.mowerId, oldest, r.to + kSliceContext);
        QFile rows(dir.filePath(QStringLiteral("rows.csv")));
        QVERIFY(rows.open(QIODevice::WriteOnly));
        QTextStream out(&rows);
        out << "mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi,mnet_rssi\n";
        for (const PositionRow& p : track.rows)
            out << mower << ',' << formatIsoTimestamp(p.observedAt) << ',' << QString::number(p.lat, 'g', 17)
                << ',' << QString::number(p.lon, 'g', 17) << ',' << (p.bladesOn ? "true" : "false") << ','
                << (p.hasRtkFix() ? QString::number(p.rtkFix) : QString()) << ','
                << (p.hasWifi() ? QString::number(p.wifiRssi) : QString()) << ','
                << (p.hasMnet() ? QString::number(p.mnetRssi) : QString()) << '\n';
        out.flush();
        rows.close();
        QFile errors(dir.filePath(QStringLiteral("errors.csv")));
        QVERIFY(errors.open(QIODevice::WriteOnly));
        errors.write("mower_id,observed_at,error_code\n");
        for (Micros t : track.errorInstants)
            errors.write(QStringLiteral("%1,%2,1\n").arg(mower, formatIsoTimestamp(t)).toUtf8());
        errors.close();

        QProcess cli;
        cli.start(QStringLiteral(TIDEMARK_CLI),
                  {QStringLiteral("positions"), QStringLiteral("thin-file"), QStringLiteral("--input"),
                   rows.fileName(), QStringLiteral("--errors"), errors.fileName(), QStringLiteral("--now"),
                   formatIsoTimestamp(m_now)});
        QVERIFY(cli.waitForFinished(240000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        std::set<Micros> cliSurvivors;
        const QList<QByteArray> lines = cli.readAllStandardOutput().split('\n');
        for (const QByteArray& line : lines.mid(1)) {
            const QList<QByteArray> f = line.split(',');
            if (f.size() < 3)
                continue;
            const Micros t = parseIsoTimestamp(QString::fromUtf8(f[1]));
            if (t >= r.from && t < r.to)
                cliSurvivors.insert(t);
        }
        std::set<Micros> previewSurvivors;
        for (const PositionRow& p : r.survivors())
            previewSurvivors.insert(p.observedAt);
        QCOMPARE(qint64(cliSurvivors.size()), r.kept);
        QCOMPARE(qint64(r.rows.size()) - qint64(cliSurvivors.size()), r.removed);
        QVERIFY(cliSurvivors == previewSurvivors);
        qInfo("preview of %s: %lld rows, kept %lld, removed %lld; thin-file agrees row for row",
              qPrintable(mower), qlonglong(r.rows.size()), r.kept, r.removed);
    }

    void previewCanBeCancelled() {
        const PreviewResult before = *m_workbench->previewResult();
        QSignalSpy loaded(m_workbench, &PositionsWorkbench::mowerPreviewLoaded);
        m_workbench->preview();
        QVERIFY(m_workbench->isPreviewRunning());
        const int task = m_workbench->previewTask();
        QSignalSpy finished(&m_console->tasks, &TaskManager::taskFinished);
        m_workbench->cancelPreview(); // before the task's first checkpoint (it is still connecting)
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() && finished.last().at(0).toInt() == task, 30000);
        QCOMPARE(finished.last().at(1).value<TaskListModel::State>(), TaskListModel::State::Cancelled);
        QVERIFY(!m_workbench->isPreviewRunning());
        QCOMPARE(loaded.count(), 0);
        QCOMPARE(m_workbench->previewResult()->rows.size(), before.rows.size()); // the last preview stays
        m_workbench->preview();
        QVERIFY(loaded.wait(120000));
        QCOMPARE(m_workbench->previewResult()->removed, before.removed);
    }

    void clickingAPointShowsItsRow() {
        const PreviewResult& r = *m_workbench->previewResult();
        ui::MapView* map = m_workbench->map();
        QVERIFY(waitForRendering(map));
        // Zoom in on a removed row so that the click picks it, not a neighbour.
        long removed = -1;
        for (std::size_t i = r.rows.size() / 2; i < r.rows.size(); ++i)
            if (r.fates[i] == RowFate::Removed) {
                removed = long(i);
                break;
            }
        QVERIFY(removed >= 0);
        const PositionRow& row = r.rows[std::size_t(removed)];
        map->setView(QGeoCoordinate(row.lat, row.lon), 26);
        const QPoint at = map->positionOf(QGeoCoordinate(row.lat, row.lon)).toPoint();
        QTest::mouseClick(map, Qt::LeftButton, {}, at);
        QTRY_VERIFY(m_workbench->pickedRow() >= 0);
        const PositionRow& picked = r.rows[std::size_t(m_workbench->pickedRow())];
        QVERIFY(std::abs(picked.lat - row.lat) < 1e-6 && std::abs(picked.lon - row.lon) < 1e-6);
        const QString text = m_workbench->previewPanel()->rowText();
        QVERIFY2(text.contains(r.fates[std::size_t(m_workbench->pickedRow())] == RowFate::Removed ? "removed"
                                                                                                  : "kept"),
                 qPrintable(text));
        QVERIFY(m_workbench->previewLayers()->marker()->position().isValid());
        m_workbench->map()->fitToLayers();
    }

    void panAndZoomBySynthesizedEvents() {
        ui::MapView* map = m_workbench->map();
        map->setFocus();
        const double zoom = map->zoom();
        const QGeoCoordinate centre = map->center();
        const QPoint mid = map->rect().center();
        QTest::mousePress(map, Qt::LeftButton, {}, mid);
        for (int step = 1; step <= 10; ++step) {
            QMouseEvent move(QEvent::MouseMove, QPointF(mid + QPoint(12 * step, 6 * step)),
                             map->mapToGlobal(QPointF(mid + QPoint(12 * step, 6 * step))), Qt::NoButton,
                             Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(map, &move);
        }
        QTest::mouseRelease(map, Qt::LeftButton, {}, mid + QPoint(120, 60));
        QVERIFY(map->center().distanceTo(centre) > 0.01);
        QCOMPARE(map->zoom(), zoom);
        // Dragging right and down moves the map's centre west and north.
        QVERIFY(map->center().longitude() < centre.longitude());
        QVERIFY(map->center().latitude() > centre.latitude());

        QWheelEvent wheel(QPointF(mid), map->mapToGlobal(QPointF(mid)), QPoint(), QPoint(0, 120),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(map, &wheel);
        QVERIFY(map->zoom() > zoom);
        const double zoomed = map->zoom();
        QTest::keyClick(map, Qt::Key_Minus);
        QVERIFY(map->zoom() < zoomed);
        QTest::keyClick(map, Qt::Key_Left);
        map->fitToLayers();
        QVERIFY(waitForRendering(map));
    }

    // Zoom to fit (the map's button and Ctrl+0 anywhere in the workbench) brings every previewed row back in
    // view after the map was moved away.
    void zoomToFitShowsEveryPoint() {
        ui::MapView* map = m_workbench->map();
        const PreviewResult* r = m_workbench->previewResult();
        QVERIFY(r && !r->rows.empty());
        const auto everyRowShown = [&] {
            const QRectF view(map->rect());
            return std::all_of(r->rows.begin(), r->rows.end(), [&](const PositionRow& row) {
                return view.contains(map->positionOf(QGeoCoordinate(row.lat, row.lon)));
            });
        };
        map->setView(QGeoCoordinate(10, 10), 12);
        QVERIFY(!everyRowShown());
        auto* button = m_workbench->findChild<QAbstractButton*>(QStringLiteral("zoomToFitButton"));
        QVERIFY(button);
        QVERIFY(shownWhole(button));
        button->click();
        QVERIFY(everyRowShown());
        map->setView(QGeoCoordinate(-10, -10), 14);
        QVERIFY(!everyRowShown());
        m_workbench->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_workbench));
        m_workbench->mowerTable()->setFocus();
        QTest::keyClick(m_workbench->mowerTable(), Qt::Key_0, Qt::ControlModifier);
        QVERIFY(everyRowShown());
    }

    // At the size a 1280×720 console gives it, the map is the workbench's largest area (45 % of it or more),
    // and the areas below still show their buttons.
    void mapIsTheLargestAreaOnALaptopScreen() {
        const QSize before = m_workbench->size();
        m_workbench->resize(kLaptopWorkbench);
        const auto share = [this] {
            const QSize map = m_workbench->map()->size();
            return double(map.width()) * map.height() /
                   (double(m_workbench->width()) * m_workbench->height());
        };
        QTRY_VERIFY2(
            m_workbench->size() == kLaptopWorkbench && share() >= 0.45,
            qPrintable(QStringLiteral("the map has %1 % of the workbench").arg(share() * 100, 0, 'f', 1)));
        for (QWidget* page : {static_cast<QWidget*>(m_workbench->previewPanel()),
                              static_cast<QWidget*>(m_workbench->roundPanel()),
                              static_cast<QWidget*>(m_workbench->verifyPanel()),
                              static_cast<QWidget*>(m_workbench->capacityPanel())}) {
            m_workbench->areas()->setCurrentWidget(page);
            for (QPushButton* button : page->findChildren<QPushButton*>())
                QTRY_VERIFY2(shownWhole(button), qPrintable(button->text()));
        }
        m_workbench->areas()->setCurrentIndex(0);
        m_workbench->resize(before);
    }

    // One screenshot per layer (that layer alone over the grid, the survivors' outline for orientation), then
    // the default view; look at them under <build>/screenshots.
    void screenshotsOfEveryLayer() {
        ui::MapLayerModel* layers = m_workbench->layers();
        std::vector<bool> visible;
        for (int row = 0; row < layers->rowCount(); ++row)
            visible.push_back(layers->layerAt(row)->isVisible());
        for (int row = 0; row < layers->rowCount(); ++row) {
            ui::MapLayer* shown = layers->layerAt(row);
            if (shown == static_cast<ui::MapLayer*>(m_workbench->previewLayers()->marker()))
                continue;
            for (int other = 0; other < layers->rowCount(); ++other)
                layers->layerAt(other)->setVisible(other == row);
            QVERIFY(waitForRendering(m_workbench->map()));
            const QString name = QStringLiteral("positions-layer-%1.png")
                                     .arg(shown->name().replace(QLatin1Char(' '), QLatin1Char('-')));
            QVERIFY(!saveScreenshot(m_workbench, name).isEmpty());
        }
        for (int row = 0; row < layers->rowCount(); ++row)
            layers->layerAt(row)->setVisible(visible[std::size_t(row)]);
        QVERIFY(waitForRendering(m_workbench->map()));
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("positions-workbench.png")).isEmpty());
    }

    // The Capacity area: a forecast with a what-if (a wider active bin) as a task of the dataset, its chart
    // and its table; the wider bin keeps fewer rows of the same sample.
    void capacityForecastWithAWhatIf() {
        m_workbench->areas()->setCurrentWidget(m_workbench->capacityPanel());
        ui::PositionsCapacityPanel* panel = m_workbench->capacityPanel();
        // Before any forecast: what the load knows, at once (the mowers, their rows with the estimate's age,
        // the slices pending).
        QVERIFY2(panel->figuresText().startsWith(QStringLiteral("Now: 8 mower")) &&
                     panel->figuresText().contains(QStringLiteral("slices pending")),
                 qPrintable(panel->figuresText()));
        // On a laptop's screen the what-if's settings are below the chart: the page scrolled to them and one
        // changed, Forecast stays in view.
        const QSize before = m_workbench->size();
        m_workbench->resize(kLaptopWorkbench);
        QTRY_COMPARE(m_workbench->size(), kLaptopWorkbench);
        auto* activeBin = panel->whatIf()->findChild<QComboBox*>();
        QVERIFY(activeBin);
        QScrollArea* page = panel->findChild<QScrollArea*>();
        QVERIFY(page);
        page->ensureWidgetVisible(activeBin);
        QVERIFY(shownWhole(activeBin));
        panel->whatIf()->setActiveSeconds(60);
        QCoreApplication::processEvents();
        QPushButton* run = nullptr;
        for (QPushButton* b : panel->findChildren<QPushButton*>())
            if (b->text().startsWith(QStringLiteral("Forecast")))
                run = b;
        QVERIFY(run);
        QCOMPARE(run->text(), QStringLiteral("Forecast with the what-if"));
        QVERIFY(shownWhole(run));
        m_workbench->resize(before);
        QSignalSpy finished(m_workbench->dataset(), &PositionsDataset::forecastFinished);
        panel->forecast();
        QVERIFY(m_workbench->dataset()->forecastTask() != 0);
        QVERIFY(finished.wait(120000));
        const PositionsForecast& f = *m_workbench->dataset()->lastForecast();
        QCOMPARE(f.whatIf.size(), std::size_t(1));
        QCOMPARE(f.whatIf[0].whatIf.settings.thinActiveSeconds, 60);
        QVERIFY(f.measured.sampleRowsScanned > 0);
        QVERIFY(f.whatIf[0].rowsKept < f.measured.sampleRowsKept);
        QCOMPARE(panel->outcomes()->rowCount(), 2);
        QCOMPARE(panel->outcomes()->item(1, 2)->text(), QLocale().toString(f.whatIf[0].rowsKept));
        QVERIFY(panel->chart()->series().size() >= 2);
        QVERIFY(!panel->chart()->series()[0].points.empty());
        QVERIFY(!panel->chart()->series()[1].points.empty());
        QVERIFY2(panel->figuresText().contains(QStringLiteral("Steady state")),
                 qPrintable(panel->figuresText()));
        // Its labels (ticks, limit, markers, legend) neither overlap nor leave the chart, here and on a
        // laptop's screen.
        QVERIFY2(test::labelFault(panel->chart()).isEmpty(), qPrintable(test::labelFault(panel->chart())));
        m_workbench->resize(kLaptopWorkbench);
        QTRY_COMPARE(m_workbench->size(), kLaptopWorkbench);
        QVERIFY2(test::labelFault(panel->chart()).isEmpty(), qPrintable(test::labelFault(panel->chart())));
        m_workbench->resize(before);
        QVERIFY(!saveScreenshot(m_workbench, QStringLiteral("positions-capacity.png")).isEmpty());
        m_workbench->areas()->setCurrentIndex(0);
    }

    // A round on a scratch copy of one mower (never the shared demo database): pause it and see the progress
    // stop between slices, resume to the end, then verify the previewed range row for row.
    void roundPausesResumesAndVerifies() {
        // Unique per run: the offscreen and the Xvfb runs of this test may overlap.
        const QString scratch =
            QStringLiteral("workbench_round_scratch_%1").arg(QCoreApplication::applicationPid());
        m_scratch = scratch;
        const QString scratchInfo = withDatabase(m_conninfo, scratch);
        const MowerSummary mower = m_workbench->mowers()->mowers()[5];
        {
            auto admin = PgConnection::open(m_conninfo);
            admin->exec(QStringLiteral("DROP DATABASE IF EXISTS ") + pgQuoteIdentifier(scratch));
            admin->exec(QStringLiteral("CREATE DATABASE ") + pgQuoteIdentifier(scratch));
            auto target = PgConnection::open(scratchInfo);
            SchemaMigrator(*target, positions::positionsSchema()).migrate();
            // The mower's rows up to a day past the cutoff: every slice a round plans, and some recent rows.
            const Micros cutoff = PositionSettings{}.thinningCutoff(m_now);
            const QString id = mower.mowerId.toString(QUuid::WithoutBraces);
            for (const QString& table :
                 {QStringLiteral("mower_positions"), QStringLiteral("mower_history")}) {
                target->beginCopyIn(QStringLiteral("COPY %1 FROM STDIN (FORMAT binary)").arg(table));
                admin->exec(QStringLiteral("SELECT set_config('tidemark.copy_mower', $1, false), "
                                           "set_config('tidemark.copy_to', $2, false)"),
                            {id, formatIsoTimestamp(cutoff + kMicrosPerDay)});
                admin->copyOut(
                    QStringLiteral(
                        "COPY (SELECT * FROM %1 WHERE mower_id = current_setting('tidemark.copy_mower')::uuid"
                        " AND observed_at < current_setting('tidemark.copy_to')::timestamptz) TO STDOUT "
                        "(FORMAT binary)")
                        .arg(table),
                    [&](const char* data, int length) { target->putCopyData(data, length); });
                target->endCopyIn();
            }
            target->exec(QStringLiteral("ANALYZE"));
        }

        Console console;
        PositionsWorkbench& bench = console.workbench;
        bench.setClock([now = m_now] { return now; });
        bench.resize(kLaptopWorkbench); // where a growing page could scroll its buttons away
        bench.show();
        QSignalSpy loaded(&bench, &PositionsWorkbench::mowerPreviewLoaded);
        bench.setConnection(scratchInfo);
        QVERIFY(loaded.wait(120000));
        QAbstractItemModelTester mowers(bench.mowers(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester history(bench.history(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(bench.mowers()->rowCount(), 1);
        const long long slicesPending = bench.mowers()->mowers()[0].slicesPending;
        QVERIFY(slicesPending > 10);
        bench.setRangeBeforeDetailWindow();
        bench.preview();
        QVERIFY(loaded.wait(120000));
        const PreviewResult preview = *bench.previewResult();
        QVERIFY(preview.removed > 0);

        // A dry run first: it deletes nothing and lands in the history.
        QSignalSpy finished(&bench, &PositionsWorkbench::roundFinished);
        bench.areas()->setCurrentWidget(bench.roundPanel());
        const auto buttonsShown = [&bench] {
            ui::RoundPanel* panel = bench.roundPanel();
            return shownWhole(panel->runButton()) && shownWhole(panel->dryRunButton()) &&
                   shownWhole(panel->pauseButton()) && shownWhole(panel->cancelButton());
        };
        QTest::mouseClick(bench.roundPanel()->dryRunButton(), Qt::LeftButton);
        QVERIFY(finished.wait(300000));
        QCoreApplication::processEvents();
        QVERIFY2(buttonsShown(), "a dry run moved Run, Pause or Cancel out of view");
        QVERIFY(bench.lastRoundReport().dryRun && bench.lastRoundReport().complete);
        QCOMPARE(bench.lastRoundReport().slices, slicesPending);
        QTRY_COMPARE_WITH_TIMEOUT(bench.history()->rowCount(), 1, 30000);
        QTRY_COMPARE_WITH_TIMEOUT(bench.mowers()->mowers()[0].slicesPending, slicesPending, 30000);
        finished.clear();

        // The dry run is the plan Run applies: the Rounds area says so, and Run asks to confirm its counts.
        QVERIFY2(bench.roundPanel()->planNote().contains(
                     QStringLiteral("%1 slice(s) of 1 mower(s)").arg(QLocale().toString(slicesPending))),
                 qPrintable(bench.roundPanel()->planNote()));
        QSignalSpy progressed(&bench, &PositionsWorkbench::roundProgressed);
        bench.roundPanel()->findChild<QCheckBox*>()->setChecked(
            true); // ignore the window: the test runs any hour
        bench.areas()->setCurrentWidget(bench.roundPanel());
        QString confirmation;
        answerPlanConfirmation(&confirmation);
        QTest::mouseClick(bench.roundPanel()->runButton(), Qt::LeftButton);
        QVERIFY2(confirmation.contains(
                     QStringLiteral("thin %1 slice(s) of 1 mower(s)").arg(QLocale().toString(slicesPending))),
                 qPrintable(confirmation));
        QVERIFY(bench.isRoundRunning());
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() >= 3, 120000);
        QVERIFY2(buttonsShown(), "Run moved Pause or Cancel out of view");
        QTest::mouseClick(bench.roundPanel()->pauseButton(), Qt::LeftButton);
        QCOMPARE(bench.roundPanel()->state(), ui::RoundPanel::State::Paused);
        TaskListModel* list = console.tasks.tasks();
        const int roundRow = list->rowOf(bench.roundTask());
        QCOMPARE(list->state(roundRow), TaskListModel::State::Paused); // the Jobs dock agrees
        // The slice under way finishes; then the round waits at its checkpoint and nothing can move.
        QTRY_VERIFY_WITH_TIMEOUT(list->isHeld(roundRow), 120000);
        QCoreApplication::processEvents();
        const qsizetype atPause = progressed.count();
        QVERIFY(list->isHeld(roundRow));
        QVERIFY(list->index(roundRow, TaskListModel::ResultColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("slice")));
        QVERIFY(finished.isEmpty());
        QVERIFY(atPause < slicesPending);
        // Held, the round tells about once a second that it keeps its lock, and for how long.
        QTRY_VERIFY2_WITH_TIMEOUT(
            bench.roundPanel()->progressText().contains(QStringLiteral("holding the round's lock for")),
            qPrintable(bench.roundPanel()->progressText()), 10000);
        QVERIFY(!saveScreenshot(&bench, QStringLiteral("positions-round-paused.png")).isEmpty());
        const QList<QVariant> last = progressed.last();
        QVERIFY(last.at(0).toLongLong() < last.at(1).toLongLong());

        // Resume from the Jobs dock's side: the Rounds area follows.
        QVERIFY(console.tasks.resume(bench.roundTask()));
        QCOMPARE(bench.roundPanel()->state(), ui::RoundPanel::State::Running);
        QVERIFY(finished.wait(300000));
        QCoreApplication::processEvents();
        QVERIFY2(buttonsShown(), "a run moved Run, Pause or Cancel out of view");
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(progressed.count() > atPause);
        const RoundReport& report = bench.lastRoundReport();
        QVERIFY(report.complete);
        QCOMPARE(report.slices, slicesPending);
        QVERIFY(report.deleted > 0);
        QCOMPARE(report.mowers, 1);
        QVERIFY2(bench.roundPanel()->progressText().contains(QStringLiteral("complete: mowers 1, slices")),
                 qPrintable(bench.roundPanel()->progressText()));
        QTRY_COMPARE_WITH_TIMEOUT(bench.history()->rowCount(), 2, 30000);
        QTRY_COMPARE(bench.roundPanel()->historyChart()->series().size(), std::size_t(2));
        QVERIFY2(test::labelFault(bench.roundPanel()->historyChart()).isEmpty(),
                 qPrintable(test::labelFault(bench.roundPanel()->historyChart())));
        QCOMPARE(bench.history()->entries().back().deleted, report.deleted);
        QVERIFY(bench.history()->entries().back().pausedSeconds > 0);         // the history says it paused
        QCOMPARE(bench.history()->entries().front().deleted, report.deleted); // the dry run said so
        QVERIFY(bench.history()->entries().front().dryRun);
        QTRY_COMPARE_WITH_TIMEOUT(bench.mowers()->mowers()[0].slicesPending, 0LL, 30000);
        // Applied, the plan is gone; a dry run that finds nothing to do makes none (Run stays a round).
        QVERIFY(!bench.roundPanel()->planNote().contains(QStringLiteral("Run applies")));
        finished.clear();
        QTest::mouseClick(bench.roundPanel()->dryRunButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        QVERIFY(bench.lastRoundReport().dryRun);
        QCOMPARE(bench.lastRoundReport().slices, 0);
        QVERIFY(!console.dataset.plan().has_value());
        QVERIFY(bench.roundPanel()->planNote().isEmpty());
        // The summary (the Positions dock shows the same model) now names the watermark.
        QVERIFY(bench.mowers()->mowers()[0].watermark.has_value());
        QVERIFY(bench.mowers()->index(0, MowerSummaryModel::WatermarkColumn).data().toString() !=
                QStringLiteral("not thinned yet"));
        QVERIFY(!saveScreenshot(&bench, QStringLiteral("positions-round-done.png")).isEmpty());

        // The round verified the previewed range by itself; the operator can verify again.
        QTRY_VERIFY_WITH_TIMEOUT(bench.verifyPanel()->verdictText().contains(QStringLiteral("Verified")),
                                 60000);
        QSignalSpy verified(&bench, &PositionsWorkbench::verifyFinished);
        QCOMPARE(bench.rangeFrom(), preview.from); // the refresh after the round kept the previewed range
        bench.areas()->setCurrentWidget(bench.verifyPanel());
        QTest::mouseClick(bench.verifyPanel()->verifyButton(), Qt::LeftButton);
        QVERIFY(verified.wait(60000));
        QVERIFY2(verified.first().first().toBool(), qPrintable(bench.verifyPanel()->verdictText()));
        QCOMPARE(bench.lastVerification().actual, preview.kept);
        QVERIFY(bench.verifyPanel()->verdictText().contains(QStringLiteral("Verified")));
        QVERIFY(!saveScreenshot(&bench, QStringLiteral("positions-verified.png")).isEmpty());
        // Preview, dry run, round and verify are tasks of the one task manager, done at 100 %.
        for (const QString& title :
             {QStringLiteral("Preview mower"), QStringLiteral("Dry run of a positions round"),
              QStringLiteral("Positions round"), QStringLiteral("Verify mower")}) {
            const QList<int> rows = console.rowsTitled(title);
            QVERIFY2(!rows.isEmpty(), qPrintable(title));
            QCOMPARE(list->state(rows.last()), TaskListModel::State::Done);
            QCOMPARE(list->index(rows.last(), TaskListModel::ProgressColumn).data().toString(),
                     QStringLiteral("100%"));
        }

        // A second verify against the unthinned expectation must fail: the check can tell a difference.
        const std::vector<PositionRow> all(preview.rows.begin(), preview.rows.end());
        auto db = PgConnection::open(scratchInfo);
        const MowerTrack now = PositionLoader(*db).load(preview.mowerId, preview.from, preview.to);
        const RangeVerification v = RangeVerifier::compare(all, now.rows);
        QVERIFY(!v.equal());
        QCOMPARE(v.missing, preview.removed);
    }

    // Run after a dry run applies exactly that dry run's plan: a row written into one slice's context between
    // them makes that slice stale (named in the report, its rows untouched, its mower stopped there), the
    // other mower is thinned exactly as planned; declining the confirmation runs nothing.
    void runAfterDryRunAppliesItsPlan() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("workbench_plan"), &info);
        test::insertTracks(*db, test::someTracks(61, 2, 1200));
        db->exec(QStringLiteral("ANALYZE"));
        Console console;
        PositionsWorkbench& bench = console.workbench;
        const Micros now = test::kRandomTracksBase + 3 * kMicrosPerDay + PositionSettings{}.detailWindow();
        bench.setClock([now] { return now; });
        bench.resize(kLaptopWorkbench); // where a growing page could scroll its buttons away
        bench.show();
        QSignalSpy loaded(&console.dataset, &PositionsDataset::loaded);
        bench.setConnection(info);
        QVERIFY(loaded.wait(60000));
        QSignalSpy finished(&bench, &PositionsWorkbench::roundFinished);
        bench.areas()->setCurrentWidget(bench.roundPanel());
        const auto buttonsShown = [&bench] {
            ui::RoundPanel* panel = bench.roundPanel();
            return shownWhole(panel->runButton()) && shownWhole(panel->dryRunButton()) &&
                   shownWhole(panel->pauseButton()) && shownWhole(panel->cancelButton());
        };
        QVERIFY(buttonsShown());
        QTest::mouseClick(bench.roundPanel()->dryRunButton(), Qt::LeftButton);
        QVERIFY(finished.wait(120000));
        QCoreApplication::processEvents();
        QVERIFY2(buttonsShown(), "a dry run moved Run, Pause or Cancel out of view");
        QVERIFY(console.dataset.plan().has_value());
        const PositionsPlanUnits plan = *console.dataset.plan();
        QVERIFY(plan.slices.size() > 2);
        finished.clear();

        QString declined;
        answerPlanConfirmation(&declined, QMessageBox::Cancel);
        QTest::mouseClick(bench.roundPanel()->runButton(), Qt::LeftButton);
        QVERIFY(!declined.isEmpty());
        QVERIFY(!bench.isRoundRunning());

        // A late row in the first slice of the first mower, after the dry run.
        const PlannedSlice& stale = plan.slices.front();
        const QString sliceRows =
            QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = $1::uuid "
                           "AND observed_at >= $2::timestamptz AND observed_at < $3::timestamptz");
        const std::vector<PgParam> sliceParams{stale.mowerId.toString(QUuid::WithoutBraces),
                                               formatIsoTimestamp(stale.from), formatIsoTimestamp(stale.to)};
        db->exec(
            QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on) VALUES "
                           "($1::uuid, $2::timestamptz + interval '0.25 seconds', 52.1, 4.3, true)"),
            {stale.mowerId.toString(QUuid::WithoutBraces), formatIsoTimestamp((stale.from + stale.to) / 2)});
        const long long rowsInStale =
            db->exec(QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = "
                                    "$1::uuid AND observed_at >= $2::timestamptz AND "
                                    "observed_at < $3::timestamptz"),
                     sliceParams)
                .toLong(0, 0);
        long long otherPlanned = 0;
        for (const PlannedSlice& s : plan.slices)
            if (s.mowerId != stale.mowerId)
                otherPlanned += s.rowsDeleted;
        QVERIFY(otherPlanned > 0);

        bench.roundPanel()->findChild<QCheckBox*>()->setChecked(true);
        QString confirmation;
        answerPlanConfirmation(&confirmation);
        QTest::mouseClick(bench.roundPanel()->runButton(), Qt::LeftButton);
        QVERIFY2(buttonsShown(), "Run moved Pause or Cancel out of view");
        QVERIFY(finished.wait(120000));
        QCoreApplication::processEvents();
        QVERIFY2(buttonsShown(), "a run moved Run, Pause or Cancel out of view");
        const RoundReport& report = bench.lastRoundReport();
        QCOMPARE(report.unitOutcomes.size(), plan.slices.size() + (plan.ageDelete ? 1 : 0));
        QCOMPARE(report.deleted, otherPlanned);
        QCOMPARE(db->exec(sliceRows, sliceParams).toLong(0, 0), rowsInStale);
        QVERIFY2(bench.roundPanel()->progressText().contains(
                     QStringLiteral("stale, untouched: mower %1")
                         .arg(stale.mowerId.toString(QUuid::WithoutBraces))),
                 qPrintable(bench.roundPanel()->progressText()));
        QVERIFY(!saveScreenshot(&bench, QStringLiteral("positions-plan-stale.png")).isEmpty());
        QVERIFY(!console.dataset.plan().has_value()); // applied: the next Run is a round again
        QVERIFY(bench.roundPanel()->planNote().isEmpty());
    }

    // A failed connection empties the workbench, the row picked on the map of the last preview included.
    void aFailedConnectionTakesThePickedRow() {
        const QString hint = QStringLiteral("Click a point on the map");
        QVERIFY2(!m_workbench->previewPanel()->rowText().contains(hint),
                 qPrintable(m_workbench->previewPanel()->rowText())); // picked by clickingAPointShowsItsRow
        m_workbench->setConnection(QStringLiteral("host=127.0.0.1 port=1 dbname=none user=none"));
        QTRY_VERIFY_WITH_TIMEOUT(m_workbench->previewPanel()->rowText().contains(hint), 20000);
        QVERIFY(m_workbench->previewPanel()->summaryText().contains(QStringLiteral("Select a mower")) ||
                m_workbench->previewPanel()->summaryText().contains(QStringLiteral("cannot connect")));
    }

    void cleanupTestCase() {
        m_workbench = nullptr;
        m_console.reset();
        if (!m_scratch.isEmpty())
            PgConnection::open(m_conninfo)
                ->exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)")
                           .arg(pgQuoteIdentifier(m_scratch)));
    }

  private:
    QString m_conninfo;
    QString m_scratch;
    Micros m_now = 0;
    std::unique_ptr<Console> m_console;
    PositionsWorkbench* m_workbench = nullptr;
};

QTEST_MAIN(TestPositionsWorkbench)
#include "test_positionsworkbench.moc"
