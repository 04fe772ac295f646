#include "aboutdialog.h"
#include "connectdialog.h"
#include "connectionprofilestore.h"
#include "datasetpanel.h"
#include "disputeworkbench.h"
#include "freshtracksfile.h"
#include "homeworkbench.h"
#include "kudosroundpanel.h"
#include "kudosschema.h"
#include "kudosworkbench.h"
#include "libraryversions.h"
#include "mainwindow.h"
#include "mowersummarymodel.h"
#include "pgconnection.h"
#include "positionsdataset.h"
#include "positionsschema.h"
#include "positionsworkbench.h"
#include "previewpanel.h"
#include "roundpanel.h"
#include "schemamigrator.h"
#include "screenshots.h"
#include "settingsreader.h"
#include "sqlitefile.h"
#include "taskmanager.h"
#include "testpostgres.h"
#include "trackimporter.h"
#include "translationinstaller.h"
#include "workspacesession.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace tidemark;
using Dataset = tidemark::WorkspaceSession::Dataset;

class TestConsole : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // QSettings and data folders away from the user's own
        QCoreApplication::setOrganizationName(QStringLiteral("TidemarkTest"));
        // The offscreen and the Xvfb run go at once: each keeps its own settings file.
        QCoreApplication::setApplicationName(QStringLiteral("TidemarkTest") +
                                             qEnvironmentVariable("TIDEMARK_TEST_RUN"));
        qunsetenv("TIDEMARK_TILES_URL"); // the base map comes from the settings the tests write
        QVERIFY(m_english.install(QStringLiteral("en"))); // as the console does: English plural forms
    }

    void russianIsCompiledIn() {
        QVERIFY(ui::TranslationInstaller::availableLanguages().contains(QStringLiteral("ru")));
        QCOMPARE(ui::TranslationInstaller::resolveLanguage(QStringLiteral("ru")), QStringLiteral("ru"));
    }

    void russianTranslatesTheMenus() {
        QStringList english;
        {
            ui::MainWindow window;
            for (QAction* menu : window.menuBar()->actions())
                english << menu->text();
        }
        QCOMPARE(english, (QStringList{"&File", "&View", "&Workbench", "&Settings", "&Help"}));

        ui::TranslationInstaller translations;
        QVERIFY(translations.install(QStringLiteral("ru")));
        ui::MainWindow window;
        QStringList russian;
        for (QAction* menu : window.menuBar()->actions())
            if (menu->menu() != window.workbenchMenu()) // its strings are new: not translated yet
                russian << menu->text();
        QCOMPARE(russian, (QStringList{"&Файл", "&Вид", "&Настройки", "&Справка"}));
        const QRegularExpression cyrillic(QStringLiteral("[А-Яа-яЁё]"));
        for (QAction* action : window.fileMenu()->actions())
            if (!action->isSeparator())
                QVERIFY2(cyrillic.match(action->text()).hasMatch(), qPrintable(action->text()));
        QCOMPARE(window.session()->positionsModel()->headerData(0, Qt::Horizontal).toString(),
                 QStringLiteral("Косилка"));
        window.show();
        QVERIFY(!tidemark::test::saveScreenshot(&window, QStringLiteral("console-ru-empty.png")).isEmpty());
    }

    // Settings refused for the dataset are shown, naming the setting, and refuse Run and Dry run (the
    // console's start refuses a bad value before the window opens, test_appsettings; a dataset can still be
    // given an error); before any connection the range already shows the week the first preview will use.
    void badSettingRefusesRoundsAndNamesIt() {
        TaskManager tasks;
        tidemark::WorkspaceSession session(&tasks);
        positions::PositionsDataset& dataset = *session.positions();
        try {
            positions::PositionSettings::read(
                SettingsReader({{QStringLiteral("MOWDECK_TELEMETRY_THINNING_BUDGET_SECONDS"),
                                 QStringLiteral("4294967296")}}));
            QFAIL("a budget past int's range was accepted");
        } catch (const Error& e) {
            dataset.setSettingsError(e.message());
        }
        QVERIFY2(dataset.settingsError().contains(QLatin1String("MOWDECK_TELEMETRY_THINNING_BUDGET_SECONDS")),
                 qPrintable(dataset.settingsError()));
        const Micros now = parseIsoTimestamp(QStringLiteral("2026-11-30T12:02:00Z"));
        dataset.setClock([now] { return now; });
        ui::PositionsWorkbench workbench(&dataset);
        workbench.show();
        QVERIFY(QTest::qWaitForWindowExposed(&workbench));
        ui::RoundPanel* rounds = workbench.roundPanel();
        QVERIFY(!rounds->runButton()->isEnabled());
        QVERIFY(!rounds->dryRunButton()->isEnabled());
        QVERIFY(rounds->refusal().contains(QLatin1String("MOWDECK_TELEMETRY_THINNING_BUDGET_SECONDS")));
        const auto banners = workbench.findChildren<QLabel*>();
        QVERIFY(std::any_of(banners.begin(), banners.end(), [](const QLabel* label) {
            return label->isVisible() && label->text().contains(QLatin1String("settings are not valid"));
        }));
        dataset.setConnection(QStringLiteral("host=127.0.0.1 port=1 dbname=nowhere connect_timeout=1"));
        workbench.runRound(false);
        QVERIFY(!workbench.isRoundRunning());
        QCOMPARE(workbench.rangeTo(), positions::PositionSettings{}.thinningCutoff(now));
        QCOMPARE(workbench.rangeTo() - workbench.rangeFrom(), 7 * kMicrosPerDay);
        QVERIFY(!tidemark::test::saveScreenshot(&workbench, QStringLiteral("positions-bad-setting.png"))
                     .isEmpty());

        // Valid settings lift the refusal.
        dataset.setSettings(positions::PositionSettings{});
        QVERIFY(rounds->refusal().isEmpty());
        QVERIFY(rounds->runButton()->isEnabled());
        dataset.setConnection({});
    }

    void baseMapIsChosenAndRemembered() {
        const QString mbtiles = QDir::temp().filePath(QStringLiteral("tidemark-test-base.mbtiles"));
        QFile::remove(mbtiles);
        {
            ui::MainWindow window;
            QCOMPARE(window.setBaseMap({}), QString());
            const QString problem = window.setBaseMap(mbtiles);
            QVERIFY2(problem.contains(mbtiles), qPrintable(problem)); // names the file it could not open
            QCOMPARE(window.baseMap(), QString());
            QVERIFY(!window.setBaseMap(QStringLiteral("ftp://tiles.invalid/{z}/{x}/{y}.png")).isEmpty());
            QCOMPARE(window.setBaseMap(QStringLiteral("https://tiles.invalid/{z}/{x}/{y}.png")), QString());
        }
        ui::MainWindow reopened;
        QCOMPARE(reopened.baseMap(), QStringLiteral("https://tiles.invalid/{z}/{x}/{y}.png"));
        QCOMPARE(reopened.setBaseMap({}), QString());
    }
    // A template's query (the API key) and user info are used for the session and never written to the
    // settings; TIDEMARK_TILES_URL, the operator's own way to provide the key, is read at start (by app/),
    // never saved.
    void tileKeyIsNeverSaved() {
        const QString keyed = QStringLiteral(
            "https://ops:Pa55word@tiles.invalid/{z}/{x}/{y}.png?api_key=K3ySecret&style=outdoor");
        const QString keyless = QStringLiteral("https://tiles.invalid/{z}/{x}/{y}.png");
        const auto savedSettings = [] {
            QSettings().sync();
            QFile file(QSettings().fileName());
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        };
        {
            ui::MainWindow window;
            QCOMPARE(window.setBaseMap(keyed), QString());
            QCOMPARE(window.baseMap(), keyed); // this session goes on with its key
        }
        QByteArray saved = savedSettings();
        QVERIFY2(saved.contains("tiles.invalid"), saved.constData());
        QVERIFY2(!saved.contains("K3ySecret") && !saved.contains("api_key") && !saved.contains("Pa55word"),
                 saved.constData());
        {
            ui::MainWindow reopened;
            QCOMPARE(reopened.baseMap(), keyless);
        }

        const QString fromEnvironment = keyless + QStringLiteral("?api_key=EnvK3y");
        {
            WorkspaceSettings settings;
            settings.tilesUrl = fromEnvironment;
            ui::MainWindow window(settings);
            QCOMPARE(window.baseMap(), fromEnvironment);
        }
        saved = savedSettings();
        QVERIFY2(!saved.contains("EnvK3y"), saved.constData());
        ui::MainWindow last;
        QCOMPARE(last.baseMap(), keyless);
        QCOMPARE(last.setBaseMap({}), QString());
    }

    // An MBTiles file is read off the GUI thread: one whose metadata is an endless view (issue 44: it held
    // the console before its window opened, growing until the OOM killer) leaves setBaseMap at once, the
    // window opens and works, and the refusal comes in the status bar and baseMapRefused, the base map
    // unchanged. A good file chosen next is shown once read, and remembered.
    void aHostileMbTilesFileDoesNotHoldTheWindow() {
        QTemporaryDir dir;
        const QString hostile = dir.filePath(QStringLiteral("endless.mbtiles"));
        const QString good = dir.filePath(QStringLiteral("good.mbtiles"));
        const QString tilesTable = QStringLiteral(
            "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)");
        {
            SqliteFile file(hostile, SqliteFile::Mode::Create);
            file.exec(QStringLiteral("CREATE VIEW metadata AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL "
                                     "SELECT n+1 FROM r) SELECT 'name' AS name, n AS value FROM r"));
            file.exec(tilesTable);
        }
        {
            SqliteFile file(good, SqliteFile::Mode::Create);
            file.exec(QStringLiteral("CREATE TABLE metadata (name text, value text)"));
            file.exec(QStringLiteral("INSERT INTO metadata VALUES ('format', 'png'), ('maxzoom', '3')"));
            file.exec(tilesTable);
        }
        ui::MainWindow window;
        QCOMPARE(window.setBaseMap({}), QString());
        QSignalSpy refused(&window, &ui::MainWindow::baseMapRefused);
        QCOMPARE(window.setBaseMap(hostile), QString()); // only the cheap checks before it returns
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_COMPARE_WITH_TIMEOUT(refused.count(), 1, 20000);
        QCOMPARE(refused.first().at(0).toString(), hostile);
        const QString reason = refused.first().at(1).toString();
        QVERIFY2(reason.contains(hostile) && reason.contains(QLatin1String("metadata is a view")),
                 qPrintable(reason));
        QCOMPARE(window.statusBar()->currentMessage(),
                 QStringLiteral("Base map not changed: %1").arg(reason));
        QCOMPARE(window.baseMap(), QString());
        QCOMPARE(QSettings().value(QStringLiteral("map/base")).toString(), QString());

        QCOMPARE(window.setBaseMap(good), QString());
        QTRY_COMPARE_WITH_TIMEOUT(window.baseMap(), good, 20000);
        QCOMPARE(QSettings().value(QStringLiteral("map/base")).toString(), good);
        QCOMPARE(refused.count(), 1);
        QCOMPARE(window.setBaseMap({}), QString());
    }

    void aboutListsLibraryVersions() {
        ui::AboutDialog about;
        QStringList texts;
        for (const QLabel* label : about.findChildren<QLabel*>())
            texts << label->text();
        const QString all = texts.join(QLatin1Char('\n'));
        for (const QString& expected :
             {QString::fromLatin1(qVersion()), ui::LibraryVersions::libpq(), ui::LibraryVersions::sqlite(),
              ui::LibraryVersions::zstd(), ui::LibraryVersions::curl()})
            QVERIFY2(all.contains(expected), qPrintable(expected + QStringLiteral(" missing in:\n") + all));
        QVERIFY2(ui::LibraryVersions::libpq().startsWith(QLatin1String("15.")),
                 qPrintable(ui::LibraryVersions::libpq()));
        // libsqlite3-mod-spatialite is a dependency of the package and installed here.
        QVERIFY2(ui::LibraryVersions::spatialite().startsWith(QLatin1String("5.")),
                 qPrintable(ui::LibraryVersions::spatialite()));
    }

    void connectDialogKeepsNoPassword() {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("settings.ini"));
        tidemark::ConnectionProfileStore store(ini);
        ui::ConnectDialog dialog(store, {});
        dialog.show();
        auto* positions = dialog.findChild<QLineEdit*>(QStringLiteral("positionsEdit"));
        auto* kudos = dialog.findChild<QLineEdit*>(QStringLiteral("kudosEdit"));
        auto* warning = dialog.findChild<QLabel*>(QStringLiteral("passwordWarning"));
        QVERIFY(positions && kudos && warning);
        QVERIFY(!warning->isVisible());
        positions->setText(QStringLiteral("host=db.example dbname=positions user=ops password=Sup3rSecret"));
        QTest::keyClicks(kudos, QStringLiteral("postgresql://ops:An0therSecret@db.example/kudos"));
        QVERIFY(warning->isVisible());
        dialog.setProfileName(QStringLiteral("production"));
        dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        // The session keeps what was typed; the settings never see it.
        QVERIFY(dialog.connections().positionsConninfo.contains(QLatin1String("Sup3rSecret")));
        store.sync();
        QFile file(ini);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray saved = file.readAll();
        QVERIFY2(saved.contains("production"), saved.constData());
        QVERIFY2(!saved.contains("Sup3rSecret") && !saved.contains("An0therSecret"), saved.constData());
        QVERIFY2(!saved.contains("password"), saved.constData());
        const tidemark::WorkspaceConnections reloaded =
            tidemark::ConnectionProfileStore(ini).profile(QStringLiteral("production"));
        QVERIFY(reloaded.positionsConninfo.contains(QLatin1String("dbname=positions")));
        QVERIFY(reloaded.kudosConninfo.contains(QLatin1String("user=ops")));
    }

    void loadsRealDatabasesInBackgroundJobs() {
        const QString positionsDb =
            test::TestPostgres::createDatabase(QStringLiteral("tidemark_console_positions"));
        const QString kudosDb = test::TestPostgres::createDatabase(QStringLiteral("tidemark_console_kudos"));
        {
            auto connection = PgConnection::open(positionsDb);
            SchemaMigrator(*connection, positions::positionsSchema()).migrate();
            connection->exec(QStringLiteral(
                "INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                " SELECT ('00000000-0000-0000-0000-00000000000' || m)::uuid,"
                "        '2026-08-01T00:00:00Z'::timestamptz + make_interval(secs => g), 52, 13, true"
                " FROM generate_series(1, 3) m, generate_series(1, 500) g"));
            auto kudos = PgConnection::open(kudosDb);
            SchemaMigrator(*kudos, kudos::kudosSchema()).migrate();
        }
        QTemporaryDir dir;
        const QString tracksPath = dir.filePath(QStringLiteral("gps_tracks.sqlite"));
        {
            // A real tracks file with one hike (a foreign SQLite file is refused by the tracks dataset).
            auto db = test::freshTracksFile(tracksPath);
            tracks::ImportedTrack hike;
            hike.sourceId = QStringLiteral("osm");
            hike.externalUrl = QStringLiteral("https://example.org/hike/1");
            hike.name = QStringLiteral("hike");
            hike.activityType = QStringLiteral("hiking");
            for (int i = 0; i < 20; ++i)
                hike.points.emplace_back(55.2 + i * 0.01, 37.1 + i * 0.01,
                                         parseIsoTimestamp(QStringLiteral("2026-08-01T00:00:00Z")) +
                                             i * kMicrosPerSecond);
            tracks::TrackImporter(*db, tracks::TrackSourceList::demo(), nowMicros())
                .importBatch(QStringLiteral("cfo"), QStringLiteral("osm"), {hike});
        }

        ui::MainWindow window;
        window.show();
        QSignalSpy settled(&window, &ui::MainWindow::workspaceSettled);
        window.connectTo({positionsDb, kudosDb, tracksPath, QStringLiteral("file:///tmp/archive"), {}});
        QVERIFY(settled.wait(60000));
        QCOMPARE(settled.first().first().toBool(), true);
        QCOMPARE(window.panel(Dataset::Positions)->state(), ui::DatasetPanel::State::Loaded);
        QCOMPARE(window.session()->positionsModel()->rowCount(), 3);
        QCOMPARE(window.session()->positionsModel()->totalRows(), 1500);
        QVERIFY2(window.panel(Dataset::Positions)->summaryText().contains(QLatin1String("3 mowers")),
                 qPrintable(window.panel(Dataset::Positions)->summaryText()));
        QCOMPARE(window.panel(Dataset::Kudos)->state(), ui::DatasetPanel::State::Loaded);
        QCOMPARE(window.panel(Dataset::Tracks)->state(), ui::DatasetPanel::State::Loaded);
        QVERIFY2(window.panel(Dataset::Tracks)->summaryText().contains(QLatin1String("1 track")),
                 qPrintable(window.panel(Dataset::Tracks)->summaryText()));
        QVERIFY(!tidemark::test::saveScreenshot(&window, QStringLiteral("console-connected.png")).isEmpty());
    }

    void unreachableServerIsOneLineInThePanel() {
        ui::MainWindow window;
        QSignalSpy settled(&window, &ui::MainWindow::workspaceSettled);
        window.connectTo(
            {QStringLiteral("host=127.0.0.1 port=1 dbname=nowhere connect_timeout=3"), {}, {}, {}, {}});
        QVERIFY(settled.wait(30000));
        QCOMPARE(settled.first().first().toBool(), false);
        ui::DatasetPanel* panel = window.panel(Dataset::Positions);
        QCOMPARE(panel->state(), ui::DatasetPanel::State::Failed);
        QVERIFY2(panel->messageText().contains(QLatin1String("127.0.0.1")), qPrintable(panel->messageText()));
        QVERIFY2(!panel->messageText().trimmed().contains(QLatin1Char('\n')),
                 qPrintable(panel->messageText()));
        QCOMPARE(window.panel(Dataset::Kudos)->state(), ui::DatasetPanel::State::NotConnected);
    }

    // Each dataset's dock shows while its workbench is in front (the disputes show the kudos dock); the Jobs
    // dock stays; a dock the user closed stays closed for its workbench until its View toggle shows it
    // again (which brings its workbench to the front); the home tab, first, shows no dataset's dock.
    void docksFollowTheWorkbench() {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const auto shown = [&window] {
            QStringList names;
            for (Dataset d : {Dataset::Positions, Dataset::Kudos, Dataset::Tracks})
                if (window.dock(d)->isVisible())
                    names << window.dock(d)->objectName();
            return names;
        };
        // The home is the first tab and in front at start: no dataset's dock.
        QCOMPARE(window.currentWorkbench(), QStringLiteral("homeWorkbench"));
        QCOMPARE(shown(), QStringList{});
        QVERIFY(window.jobsDock()->isVisible());
        QVERIFY(window.showWorkbench(QStringLiteral("positionsWorkbench")));
        QCOMPARE(shown(), QStringList{"positionsDock"});
        QVERIFY(window.showWorkbench(QStringLiteral("kudosWorkbench")));
        QCOMPARE(shown(), QStringList{"kudosDock"});
        QVERIFY(window.showWorkbench(QStringLiteral("disputeWorkbench")));
        QCOMPARE(shown(), QStringList{"kudosDock"});
        QVERIFY(window.showWorkbench(QStringLiteral("tracksWorkbench")));
        QCOMPARE(shown(), QStringList{"tracksDock"});
        QVERIFY(window.jobsDock()->isVisible());
        QVERIFY(
            !tidemark::test::saveScreenshot(&window, QStringLiteral("console-docks-tracks.png")).isEmpty());

        // The user closes the tracks dock (its close button): it stays closed with its workbench.
        window.dock(Dataset::Tracks)->close();
        QVERIFY(!window.dockToggle(Dataset::Tracks)->isChecked());
        QVERIFY(window.showWorkbench(QStringLiteral("positionsWorkbench")));
        QVERIFY(window.showWorkbench(QStringLiteral("tracksWorkbench")));
        QCOMPARE(shown(), QStringList());
        // Its toggle, from another workbench, shows it with its workbench.
        QVERIFY(window.showWorkbench(QStringLiteral("kudosWorkbench")));
        window.dockToggle(Dataset::Tracks)->trigger();
        QCOMPARE(window.currentWorkbench(), QStringLiteral("tracksWorkbench"));
        QCOMPARE(shown(), QStringList{"tracksDock"});
        QVERIFY(window.dockToggle(Dataset::Tracks)->isChecked());
        // The View menu's toggle hides the kudos dock; the Jobs dock keeps its own.
        QVERIFY(window.viewMenu()->actions().contains(window.dockToggle(Dataset::Kudos)));
        QVERIFY(window.viewMenu()->actions().contains(window.jobsDock()->toggleViewAction()));
        QVERIFY(window.showWorkbench(QStringLiteral("kudosWorkbench")));
        window.dockToggle(Dataset::Kudos)->trigger();
        QCOMPARE(shown(), QStringList());
        QVERIFY(window.showWorkbench(QStringLiteral("disputeWorkbench")));
        QCOMPARE(shown(), QStringList());
        window.dockToggle(Dataset::Kudos)->trigger();
        QCOMPARE(window.currentWorkbench(), QStringLiteral("disputeWorkbench")); // already its dock's
        QCOMPARE(shown(), QStringList{"kudosDock"});

        // The home has no dock, and of the commands only Reload (its Refresh).
        QVERIFY(window.showWorkbench(QStringLiteral("homeWorkbench")));
        QCOMPARE(shown(), QStringList());
        QVERIFY(window.jobsDock()->isVisible());
        for (int c = 0; c < ui::MainWindow::kCommandCount; ++c)
            if (ui::MainWindow::Command(c) != ui::MainWindow::Command::Reload)
                QVERIFY(!window.commandAction(ui::MainWindow::Command(c))->isEnabled());
        QVERIFY(window.showWorkbench(QStringLiteral("positionsWorkbench")));
        QCOMPARE(shown(), QStringList{"positionsDock"});
        QVERIFY(!tidemark::test::saveScreenshot(&window, QStringLiteral("console-docks-positions.png"))
                     .isEmpty());
    }

    // Closed, the window saves its geometry, its docks, the docks the user closed, the workbench in front and
    // the connections without a secret; a new window restores them (the console at start, not for
    // --screenshot) and reconnects to those connections.
    void layoutAndConnectionsAreRestored() {
        for (const char* group : {"window", "connections/lastUsed", "connections/lastDemo"})
            QSettings().remove(QLatin1String(group));
        QTemporaryDir dir;
        const WorkspaceConnections given{
            QStringLiteral("host=127.0.0.1 port=1 dbname=positions user=ops password=Sup3rSecret "
                           "connect_timeout=2"),
            QStringLiteral("postgresql://ops:An0therSecret@127.0.0.1:1/kudos?connect_timeout=2"),
            dir.filePath(QStringLiteral("missing.sqlite")),
            QStringLiteral("https://ops:ArchPa55@archive.invalid/kudos?X-Amz-Signature=S1gned&region=eu"),
            {}};
        QByteArray savedState;
        {
            ui::MainWindow window;
            window.setRemembersLayout(true);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QSignalSpy settled(&window, &ui::MainWindow::workspaceSettled);
            window.connectTo(given);
            QVERIFY(settled.wait(30000));
            // The Jobs dock moved to the right, the tracks dock closed by the user, the kudos workbench in
            // front.
            window.addDockWidget(Qt::RightDockWidgetArea, window.jobsDock());
            window.resizeDocks({window.jobsDock()}, {300}, Qt::Horizontal);
            QVERIFY(window.showWorkbench(QStringLiteral("tracksWorkbench")));
            window.dock(Dataset::Tracks)->close();
            QVERIFY(window.showWorkbench(QStringLiteral("kudosWorkbench")));
            window.resize(1500, 950);
            QVERIFY(window.close());
        }
        QSettings().sync();
        QFile file(QSettings().fileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray saved = file.readAll();
        QVERIFY2(saved.contains("dbname=positions") && saved.contains("kudosWorkbench"), saved.constData());
        for (const char* secret : {"Sup3rSecret", "An0therSecret", "ArchPa55", "S1gned", "password"})
            QVERIFY2(!saved.contains(secret), saved.constData());

        ui::MainWindow reopened;
        reopened.restoreLayout();
        reopened.show();
        QVERIFY(QTest::qWaitForWindowExposed(&reopened));
        QCOMPARE(reopened.currentWorkbench(), QStringLiteral("kudosWorkbench"));
        // The saved size comes back where it fits the screen (Xvfb's 1920×1200); the offscreen run's 800×800
        // screen gets the first start's place instead (test_console_screens tests both on real sizes).
        const QRect available = reopened.screen()->availableGeometry();
        if (available.width() >= 1500 && available.height() >= 950)
            QCOMPARE(reopened.size(), QSize(1500, 950));
        else
            QVERIFY2(available.contains(reopened.frameGeometry()),
                     qPrintable(QStringLiteral("%1×%2").arg(reopened.width()).arg(reopened.height())));
        QCOMPARE(reopened.dockWidgetArea(reopened.jobsDock()), Qt::RightDockWidgetArea);
        QVERIFY(reopened.jobsDock()->isVisible());
        QVERIFY(reopened.dock(Dataset::Kudos)->isVisible());
        QVERIFY(!reopened.dock(Dataset::Positions)->isVisible());
        QVERIFY(!reopened.dockToggle(Dataset::Tracks)->isChecked());
        QVERIFY(reopened.dockToggle(Dataset::Positions)->isChecked());
        QVERIFY(!tidemark::test::saveScreenshot(&reopened, QStringLiteral("console-restored-layout.png"))
                     .isEmpty());
        QVERIFY(reopened.showWorkbench(QStringLiteral("tracksWorkbench")));
        QVERIFY(!reopened.dock(Dataset::Tracks)->isVisible()); // still closed for its workbench
        QVERIFY(reopened.showWorkbench(QStringLiteral("positionsWorkbench")));
        QVERIFY(reopened.dock(Dataset::Positions)->isVisible());

        // The last connections, without their secrets; the console reconnects to them.
        const WorkspaceConnections last = reopened.lastConnections();
        QVERIFY2(last.positionsConninfo.contains(QLatin1String("dbname=positions")) &&
                     last.positionsConninfo.contains(QLatin1String("user=ops")) &&
                     !last.positionsConninfo.contains(QLatin1String("Sup3rSecret")),
                 qPrintable(last.positionsConninfo));
        QVERIFY2(last.kudosConninfo.contains(QLatin1String("kudos")) &&
                     !last.kudosConninfo.contains(QLatin1String("An0therSecret")),
                 qPrintable(last.kudosConninfo));
        QCOMPARE(last.tracksPath, given.tracksPath);
        QVERIFY2(last.archiveUrl.contains(QLatin1String("archive.invalid/kudos")) &&
                     !last.archiveUrl.contains(QLatin1String("ArchPa55")) &&
                     !last.archiveUrl.contains(QLatin1String("S1gned")),
                 qPrintable(last.archiveUrl));
        QSignalSpy settled(&reopened, &ui::MainWindow::workspaceSettled);
        QVERIFY(reopened.reconnectLast());
        QCOMPARE(reopened.session()->connections(), last);
        QVERIFY(settled.wait(30000));

        // A window that does not remember (--screenshot, the other tests) saves nothing on close.
        QVERIFY(reopened.showWorkbench(QStringLiteral("tracksWorkbench")));
        reopened.close();
        QCOMPARE(QSettings().value(QStringLiteral("window/workbench")).toString(),
                 QStringLiteral("kudosWorkbench"));
        for (const char* group : {"window", "connections/lastUsed", "connections/lastDemo"})
            QSettings().remove(QLatin1String(group));
        ui::MainWindow fresh;
        QVERIFY(!fresh.reconnectLast());
    }

    // Reload (F5), Preview (Ctrl+Shift+P), Run (Ctrl+Return), Pause (Ctrl+.) and Cancel (Shift+Esc) in the
    // Workbench menu click the buttons of the workbench in front and are enabled when those are; F5 and
    // Ctrl+Shift+P end to end on a real positions database.
    void shortcutsActOnTheFrontWorkbench() {
        using Command = ui::MainWindow::Command;
        const QString positionsDb =
            test::TestPostgres::createDatabase(QStringLiteral("tidemark_console_shortcuts"));
        {
            auto connection = PgConnection::open(positionsDb);
            SchemaMigrator(*connection, positions::positionsSchema()).migrate();
            connection->exec(QStringLiteral(
                "INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                " SELECT ('00000000-0000-0000-0000-00000000000' || m)::uuid,"
                "        '2026-08-01T00:00:00Z'::timestamptz + make_interval(secs => g), 52, 13, true"
                " FROM generate_series(1, 2) m, generate_series(1, 300) g"));
        }
        ui::MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));

        const std::pair<Command, QKeySequence> expected[] = {
            {Command::Reload, QKeySequence(QStringLiteral("F5"))},
            {Command::Preview, QKeySequence(QStringLiteral("Ctrl+Shift+P"))},
            {Command::Run, QKeySequence(QStringLiteral("Ctrl+Return"))},
            {Command::Pause, QKeySequence(QStringLiteral("Ctrl+."))},
            {Command::Cancel, QKeySequence(QStringLiteral("Shift+Esc"))},
        };
        for (const auto& [command, keys] : expected) {
            QAction* action = window.commandAction(command);
            QVERIFY(action);
            QVERIFY2(window.workbenchMenu()->actions().contains(action), qPrintable(action->text()));
            QCOMPARE(action->shortcut(), keys);
        }
        // No two actions of the menus share a shortcut (F5 was Reload all's: it is Shift+F5 now).
        QMap<QString, QString> owners;
        std::function<void(QMenu*)> collect = [&](QMenu* menu) {
            for (QAction* action : menu->actions()) {
                if (action->menu())
                    collect(action->menu());
                for (const QKeySequence& keys : action->shortcuts()) {
                    const QString key = keys.toString();
                    QVERIFY2(!owners.contains(key),
                             qPrintable(key + QStringLiteral(": ") + owners.value(key) +
                                        QStringLiteral(", ") + action->text()));
                    owners.insert(key, action->text());
                }
            }
        };
        for (QAction* menu : window.menuBar()->actions())
            collect(menu->menu());
        QCOMPARE(owners.value(QStringLiteral("Shift+F5")), QStringLiteral("&Reload all"));

        const auto enabled = [&window](Command command) {
            return window.commandAction(command)->isEnabled();
        };
        // Not connected: nothing to reload; the kudos workbench refuses rounds and dry runs (its Preview);
        // the tracks workbench deletes only what a preview found; the disputes cancel only a restore or a
        // drill. The home's Reload is its Refresh; the datasets' wait for a connection.
        QCOMPARE(window.currentWorkbench(), QStringLiteral("homeWorkbench"));
        QVERIFY(window.commandTarget(Command::Reload) == window.homeWorkbench()->refreshButton());
        QVERIFY(!enabled(Command::Run));
        QVERIFY(window.showWorkbench(QStringLiteral("positionsWorkbench")));
        QVERIFY(!enabled(Command::Reload));
        QVERIFY(window.showWorkbench(QStringLiteral("kudosWorkbench")));
        QVERIFY(window.commandTarget(Command::Run) == window.kudosWorkbench()->roundPanel()->runButton());
        QVERIFY(!enabled(Command::Run) && !enabled(Command::Preview) && !enabled(Command::Pause) &&
                !enabled(Command::Cancel));
        QVERIFY(window.commandTarget(Command::Preview) ==
                window.kudosWorkbench()->roundPanel()->previewButton());
        QVERIFY(window.showWorkbench(QStringLiteral("tracksWorkbench")));
        QVERIFY(window.commandTarget(Command::Preview));
        QCOMPARE(window.commandTarget(Command::Preview)->objectName(),
                 QStringLiteral("retentionPreviewButton"));
        QCOMPARE(window.commandTarget(Command::Run)->objectName(), QStringLiteral("retainButton"));
        QVERIFY(!enabled(Command::Run));
        QVERIFY(!window.commandTarget(Command::Pause));
        QVERIFY(window.showWorkbench(QStringLiteral("disputeWorkbench")));
        QVERIFY(window.commandTarget(Command::Cancel) == window.disputeWorkbench()->cancelButton());
        QVERIFY(!enabled(Command::Cancel));

        // The positions workbench, connected: F5 reloads its mowers, Ctrl+Shift+P previews.
        QVERIFY(window.showWorkbench(QStringLiteral("positionsWorkbench")));
        QSignalSpy settled(&window, &ui::MainWindow::workspaceSettled);
        window.connectTo({positionsDb, {}, {}, {}, {}});
        QVERIFY(settled.wait(60000));
        QCOMPARE(window.session()->positionsModel()->rowCount(), 2);
        QTRY_VERIFY(enabled(Command::Reload));
        QTRY_VERIFY(enabled(Command::Preview));
        QVERIFY(enabled(Command::Run));
        QVERIFY(!enabled(Command::Pause));
        QCOMPARE(window.commandAction(Command::Pause)->text(), QStringLiteral("P&ause"));
        {
            auto connection = PgConnection::open(positionsDb);
            connection->exec(QStringLiteral(
                "INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on)"
                " SELECT '00000000-0000-0000-0000-000000000009'::uuid,"
                "        '2026-08-01T00:00:00Z'::timestamptz + make_interval(secs => g), 52, 13, true"
                " FROM generate_series(1, 300) g"));
        }
        QSignalSpy loading(window.session(), &WorkspaceSession::loadingStarted);
        QTest::keyClick(&window, Qt::Key_F5);
        QCOMPARE(loading.count(), 1); // the positions dataset only, not Reload all
        QTRY_COMPARE_WITH_TIMEOUT(window.session()->positionsModel()->rowCount(), 3, 30000);

        ui::PositionsWorkbench* positions = window.positionsWorkbench();
        QTRY_VERIFY(!positions->isPreviewRunning());
        QSignalSpy previewed(positions, &ui::PositionsWorkbench::mowerPreviewLoaded);
        QTRY_VERIFY(enabled(Command::Preview));
        QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(positions->isPreviewRunning() || !previewed.isEmpty());
        QVERIFY(previewed.wait(60000) || !previewed.isEmpty());

        // A paused round: Pause resumes it (the Resume button) and says so; Cancel is the round's.
        ui::RoundPanel* rounds = positions->roundPanel();
        rounds->setState(ui::RoundPanel::State::Paused);
        QTRY_COMPARE(window.commandAction(Command::Pause)->text(), QStringLiteral("Res&ume"));
        QVERIFY(enabled(Command::Pause));
        QVERIFY(window.commandTarget(Command::Pause) == rounds->resumeButton());
        QVERIFY(window.commandTarget(Command::Cancel) == rounds->cancelButton());
        QVERIFY(enabled(Command::Cancel));
        QVERIFY(!enabled(Command::Run));
        rounds->setState(ui::RoundPanel::State::Running);
        QTRY_COMPARE(window.commandAction(Command::Pause)->text(), QStringLiteral("P&ause"));
        QVERIFY(window.commandTarget(Command::Pause) == rounds->pauseButton());
        rounds->setState(ui::RoundPanel::State::Idle);
        QTRY_VERIFY(!enabled(Command::Cancel));
        QVERIFY(enabled(Command::Run));
        window.workbenchMenu()->popup(window.mapToGlobal(QPoint(200, 30)));
        QVERIFY(!tidemark::test::saveScreenshot(window.workbenchMenu(),
                                                QStringLiteral("console-workbench-menu.png"))
                     .isEmpty());
        window.workbenchMenu()->hide();
        window.connectTo({});
    }

  private:
    ui::TranslationInstaller m_english;
};

QTEST_MAIN(TestConsole)
#include "test_console.moc"
