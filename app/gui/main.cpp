#include "appsettings.h"
#include "basemapspec.h"
#include "connectionprofilestore.h"
#include "demoworkspace.h"
#include "error.h"
#include "mainwindow.h"
#include "screenshotsaver.h"
#include "translationinstaller.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QSettings>
#include <cstdio>
#include <memory>

namespace {

// --lang must act before the parser's own texts are made, so it is read ahead of the parser.
QString languageArgument(const QStringList& arguments) {
    for (int i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--lang") && i + 1 < arguments.size())
            return arguments[i + 1];
        if (arguments[i].startsWith(QLatin1String("--lang=")))
            return arguments[i].mid(7);
    }
    return {};
}

int usageError(const QString& message) {
    std::fprintf(stderr, "tidemark: %s\n", qPrintable(message));
    return 2;
}

// --help and --version print and exit: they must work without a display, so they get no GUI application.
bool onlyPrints(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--help" || arg == "-h" || arg == "--help-all" || arg == "--version" || arg == "-v")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char** argv) {
    std::unique_ptr<QCoreApplication> application;
    if (onlyPrints(argc, argv))
        application = std::make_unique<QCoreApplication>(argc, argv);
    else
        application = std::make_unique<QApplication>(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Tidemark"));
    QApplication::setOrganizationDomain(QStringLiteral("tidemark.org"));
    QApplication::setApplicationName(QStringLiteral("Tidemark"));
    QApplication::setApplicationVersion(QStringLiteral(TIDEMARK_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("org.tidemark.Tidemark"));
    if (qobject_cast<QApplication*>(application.get())) {
        QIcon icon;
        for (int size : {32, 64, 256})
            icon.addFile(QStringLiteral(":/icons/org.tidemark.Tidemark-%1.png").arg(size), QSize(size, size));
        QApplication::setWindowIcon(icon);
    }

    const QString requestedLanguage = languageArgument(QApplication::arguments());
    if (!requestedLanguage.isEmpty() &&
        !tidemark::ui::TranslationInstaller::availableLanguages().contains(requestedLanguage))
        return usageError(
            QApplication::translate("main", "--lang: no translation for \"%1\" (available: %2)")
                .arg(requestedLanguage,
                     tidemark::ui::TranslationInstaller::availableLanguages().join(QStringLiteral(", "))));
    tidemark::ui::TranslationInstaller translations;
    translations.install(tidemark::ui::TranslationInstaller::resolveLanguage(requestedLanguage));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Tidemark operations console for data retention."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demo(
        QStringLiteral("demo"),
        QApplication::translate("main", "Open the embedded demo workspace (created on first use)."));
    const QCommandLineOption demoDir(QStringLiteral("demo-dir"),
                                     QApplication::translate("main", "Folder of the demo workspace."),
                                     QApplication::translate("main", "DIR"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Save the window as a PNG once the panels have loaded, then exit."),
        QApplication::translate("main", "FILE.png"));
    const QCommandLineOption timeout(
        QStringLiteral("timeout"),
        QApplication::translate("main", "Seconds --screenshot waits for loading (default 600)."),
        QApplication::translate("main", "SECONDS"), QStringLiteral("600"));
    const QCommandLineOption lang(
        QStringLiteral("lang"),
        QApplication::translate("main", "Language of the console (en, ru); default: the system's."),
        QApplication::translate("main", "LANG"));
    const QCommandLineOption dbPositions(
        QStringLiteral("db-positions"),
        QApplication::translate("main", "Positions database: libpq connection string or service=NAME."),
        QApplication::translate("main", "CONNINFO"));
    const QCommandLineOption dbKudos(
        QStringLiteral("db-kudos"),
        QApplication::translate("main", "Kudos database: libpq connection string or service=NAME."),
        QApplication::translate("main", "CONNINFO"));
    const QCommandLineOption sqlite(QStringLiteral("sqlite"),
                                    QApplication::translate("main", "Tracks database (gps_tracks.sqlite)."),
                                    QApplication::translate("main", "FILE"));
    const QCommandLineOption tracksDb(
        QStringLiteral("tracks-db"),
        QApplication::translate("main", "Tracks in PostGIS instead of a file: libpq connection string or "
                                        "service=NAME."),
        QApplication::translate("main", "CONNINFO"));
    const QCommandLineOption archive(
        QStringLiteral("archive"),
        QApplication::translate("main", "Archive URL (default: TIDEMARK_ARCHIVE_URL)."),
        QApplication::translate("main", "URL"));
    const QCommandLineOption tiles(
        QStringLiteral("tiles"),
        QApplication::translate("main",
                                "Base map: an XYZ URL template with {z}, {x}, {y}, or an MBTiles file "
                                "(default: TIDEMARK_TILES_URL, else the last choice, else a neutral grid; "
                                "an API key in the template's query is never saved)."),
        QApplication::translate("main", "URL|FILE"));
    const QCommandLineOption set(
        QStringLiteral("set"),
        QApplication::translate("main",
                                "Override a setting for this session (repeatable); over the environment and "
                                "the [settings] of the configuration file."),
        QApplication::translate("main", "NAME=VALUE"));
    parser.addOptions({demo, demoDir, screenshot, timeout, lang, dbPositions, dbKudos, sqlite, tracksDb,
                       archive, tiles, set});
    if (!parser.parse(QApplication::arguments()))
        return usageError(parser.errorText());
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    if (!parser.positionalArguments().isEmpty())
        return usageError(QApplication::translate("main", "unexpected argument: %1")
                              .arg(parser.positionalArguments().first()));
    bool timeoutOk = false;
    const int timeoutSeconds = parser.value(timeout).toInt(&timeoutOk);
    if (!timeoutOk || timeoutSeconds <= 0)
        return usageError(
            QApplication::translate("main", "--timeout: expected a positive number of seconds, got \"%1\"")
                .arg(parser.value(timeout)));

    // Read once and validated at start like the CLI's: the environment, the configuration's [settings], the
    // command line; a bad value names the setting and the console does not open.
    QHash<QString, QString> commandLine;
    for (const QString& assignment : parser.values(set)) {
        const qsizetype equals = assignment.indexOf(QLatin1Char('='));
        if (equals <= 0)
            return usageError(
                QApplication::translate("main", "--set: expected NAME=VALUE, got \"%1\"").arg(assignment));
        commandLine.insert(assignment.left(equals), assignment.mid(equals + 1));
    }
    if (parser.isSet(archive))
        commandLine.insert(QStringLiteral("TIDEMARK_ARCHIVE_URL"), parser.value(archive));
    tidemark::WorkspaceSettings settings;
    try {
        tidemark::app::AppSettings::requireKnown(commandLine, QStringLiteral("--set"));
        QSettings configuration;
        settings = tidemark::app::AppSettings::read(tidemark::app::AppSettings::merged(
            {tidemark::app::AppSettings::environment(),
             tidemark::app::AppSettings::consoleConfiguration(configuration), commandLine}));
    } catch (const tidemark::Error& e) {
        return usageError(e.message());
    }

    tidemark::WorkspaceConnections connections;
    connections.positionsConninfo = parser.value(dbPositions);
    connections.kudosConninfo = parser.value(dbKudos);
    connections.tracksPath = parser.value(sqlite);
    connections.tracksConninfo = parser.value(tracksDb);
    if (!connections.tracksPath.isEmpty() && !connections.tracksConninfo.isEmpty())
        return usageError(QApplication::translate(
            "main", "--sqlite and --tracks-db name two tracks stores: give one of them"));
    connections.archiveUrl = settings.archiveUrl;
    const bool useDemo = parser.isSet(demo) || parser.isSet(demoDir);
    const bool explicitConnections = !connections.positionsConninfo.isEmpty() ||
                                     !connections.kudosConninfo.isEmpty() || connections.hasTracks();
    if (useDemo && explicitConnections)
        return usageError(QApplication::translate(
            "main", "--demo cannot be combined with --db-positions, --db-kudos, --sqlite or --tracks-db"));

    tidemark::ui::MainWindow window(settings);
    const QString demoRoot = parser.isSet(demoDir)
                                 ? parser.value(demoDir)
                                 : tidemark::demo::DemoWorkspace::defaultRoot(settings.demoDir);
    window.setDemoRoot(demoRoot);
    if (parser.isSet(tiles)) {
        // What the cheap checks find stops the start; an MBTiles file refused once its metadata has been read
        // (off the GUI thread, the window already open) is said here and in the status bar.
        const QString chosen = parser.value(tiles).trimmed();
        QObject::connect(&window, &tidemark::ui::MainWindow::baseMapRefused, &window,
                         [chosen](const QString& spec, const QString& reason) {
                             if (spec == chosen)
                                 std::fprintf(stderr, "tidemark: --tiles: %s\n", qPrintable(reason));
                         });
        const QString problem = window.setBaseMap(parser.value(tiles));
        if (!problem.isEmpty())
            return usageError(QStringLiteral("--tiles: %1").arg(problem));
        if (tidemark::ui::BaseMapSpec::forSettings(parser.value(tiles)) != parser.value(tiles).trimmed())
            std::fprintf(stderr,
                         "tidemark: --tiles: the template's query or user info (an API key?) is used for "
                         "this session only, and other users of this machine can read it in the "
                         "process list; %s keeps it out of sight\n",
                         tidemark::ui::BaseMapSpec::kEnvironmentVariable);
    }

    std::unique_ptr<tidemark::app::ScreenshotSaver> saver;
    if (parser.isSet(screenshot))
        saver = std::make_unique<tidemark::app::ScreenshotSaver>(&window, parser.value(screenshot),
                                                                 timeoutSeconds);

    // The layout, the workbench in front and the connections of the last close come back, except for a
    // screenshot: it is placed as at a first start and saves nothing.
    if (!saver) {
        window.setRemembersLayout(true);
        window.restoreLayout();
    } else {
        window.placeOnScreen();
    }
    window.show();
    if (useDemo) {
        window.openDemoWorkspace(demoRoot);
    } else if (explicitConnections) {
        window.connectTo(connections);
    } else if (saver) {
        saver->saveWhenShown();
    } else if (!window.reconnectLast()) {
        tidemark::ConnectionProfileStore profiles;
        const QString last = profiles.lastProfile();
        if (!last.isEmpty() && profiles.profileNames().contains(last))
            window.connectTo(profiles.profile(last));
    }
    return application->exec();
}
