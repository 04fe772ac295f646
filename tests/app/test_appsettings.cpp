#include "appsettings.h"
#include "error.h"

#include <QDir>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using app::AppSettings;

// The settings both executables read once at start: the layers in their order, validation naming the
// setting, unknown names refused; and the console refusing to open on a bad value from its configuration.
class TestAppSettings : public QObject {
    Q_OBJECT
  private:
    static QString writeConfiguration(const QTemporaryDir& home, const QString& lines) {
        const QString dir = home.filePath(QStringLiteral("Tidemark"));
        QDir().mkpath(dir);
        const QString path = dir + QStringLiteral("/Tidemark.conf");
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        file.write(lines.toUtf8());
        return path;
    }

    // The console run with a configuration home and arguments, until it exits (a refusal) or `timeoutMs`.
    static QProcess* runConsole(const QTemporaryDir& home, const QStringList& args, QObject* parent,
                                const QString& partitionDays = {}) {
        auto* process = new QProcess(parent);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.remove(QStringLiteral("KUDOS_PARTITION_DAYS"));
        if (!partitionDays.isEmpty())
            env.insert(QStringLiteral("KUDOS_PARTITION_DAYS"), partitionDays);
        process->setProcessEnvironment(env);
        process->start(QStringLiteral(TIDEMARK_BINARY_DIR "/app/gui/tidemark"), args);
        return process;
    }

  private slots:
    // A later layer wins: the configuration over the environment, the command line over both.
    void layersInOrder() {
        const QHash<QString, QString> environment{
            {QStringLiteral("KUDOS_PARTITION_DAYS"), QStringLiteral("14")},
            {QStringLiteral("GPS_TRACKS_RETENTION_YEARS"), QStringLiteral("7")},
            {QStringLiteral("TIDEMARK_TILES_URL"), QStringLiteral("env")}};
        const QHash<QString, QString> configuration{
            {QStringLiteral("KUDOS_PARTITION_DAYS"), QStringLiteral("21")},
            {QStringLiteral("TIDEMARK_TILES_URL"), QStringLiteral("conf")}};
        const QHash<QString, QString> commandLine{
            {QStringLiteral("TIDEMARK_TILES_URL"), QStringLiteral("line")}};
        const WorkspaceSettings s =
            AppSettings::read(AppSettings::merged({environment, configuration, commandLine}));
        QCOMPARE(s.kudos.partitionDays, 21);
        QCOMPARE(s.tracks.retentionYears, 7);
        QCOMPARE(s.tilesUrl, QStringLiteral("line"));
        const WorkspaceSettings defaults = AppSettings::read({});
        QCOMPARE(defaults.kudos.partitionDays, 7);
        QCOMPARE(defaults.tracks.retentionYears, 5);
    }

    void badValueNamesTheSetting_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::newRow("positions") << "MOWDECK_TELEMETRY_POSITIONS_DETAIL_DAYS"
                                   << "3";
        QTest::newRow("kudos") << "KUDOS_RETENTION_CURRENCY_WINDOW_DAYS"
                               << "10";
        QTest::newRow("archive") << "TIDEMARK_ARCHIVE_MAX_RECORD_BYTES"
                                 << "12";
        QTest::newRow("tracks") << "GPS_TRACKS_RETENTION_YEARS"
                                << "zero";
    }
    void badValueNamesTheSetting() {
        QFETCH(QString, name);
        QFETCH(QString, value);
        try {
            AppSettings::read({{name, value}});
            QFAIL("a bad value was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Settings);
            QVERIFY2(e.message().startsWith(name), qPrintable(e.message()));
        }
    }

    // A misspelt name in the configuration would silently keep its default: it is refused, with the file.
    void unknownNameInTheConfigurationIsRefused() {
        QTemporaryDir home;
        const QString path = writeConfiguration(
            home, QStringLiteral("[settings]\nKUDOS_PARTITON_DAYS=14\nKUDOS_PARTITION_DAYS=14\n"));
        QSettings configuration(path, QSettings::IniFormat);
        try {
            AppSettings::consoleConfiguration(configuration);
            QFAIL("an unknown setting was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Settings);
            QVERIFY2(e.message().startsWith(QLatin1String("KUDOS_PARTITON_DAYS: no such setting")),
                     qPrintable(e.message()));
            QVERIFY2(e.message().contains(path), qPrintable(e.message()));
        }
        const QString good =
            writeConfiguration(home, QStringLiteral("[settings]\nKUDOS_PARTITION_DAYS=14\n"));
        QSettings goodConfiguration(good, QSettings::IniFormat);
        QCOMPARE(AppSettings::consoleConfiguration(goodConfiguration)
                     .value(QStringLiteral("KUDOS_PARTITION_DAYS")),
                 QStringLiteral("14"));
    }

    // The console itself: a bad value in its configuration stops it at start (exit 2) naming the setting, and
    // so does a bad --set; the configuration's value overrides the environment's.
    void consoleRefusesABadConfiguredValueAtStart() {
        QTemporaryDir home;
        writeConfiguration(home, QStringLiteral("[settings]\nKUDOS_PARTITION_DAYS=0\n"));
        QProcess* refused = runConsole(home, {}, this);
        QVERIFY(refused->waitForFinished(60000));
        QCOMPARE(refused->exitCode(), 2);
        const QString err = QString::fromUtf8(refused->readAllStandardError());
        QVERIFY2(err.contains(QLatin1String("KUDOS_PARTITION_DAYS=\"0\"")), qPrintable(err));

        writeConfiguration(home, QStringLiteral("[settings]\nKUDOS_PARTITION_DAYS=14\n"));
        QProcess* overridden =
            runConsole(home, {QStringLiteral("--set"), QStringLiteral("KUDOS_PARTITION_DAYS=400")}, this);
        QVERIFY(overridden->waitForFinished(60000));
        QCOMPARE(overridden->exitCode(), 2);
        const QString setErr = QString::fromUtf8(overridden->readAllStandardError());
        QVERIFY2(setErr.contains(QLatin1String("KUDOS_PARTITION_DAYS=\"400\"")), qPrintable(setErr));

        // The environment's bad value is overridden by the configuration's good one: the console opens.
        const QString screenshot = home.filePath(QStringLiteral("console.png"));
        QProcess* opened =
            runConsole(home, {QStringLiteral("--screenshot"), screenshot}, this, QStringLiteral("0"));
        QVERIFY(opened->waitForFinished(120000));
        QVERIFY2(opened->exitCode() == 0, opened->readAllStandardError().constData());
        QVERIFY(QFile::exists(screenshot));

        QProcess* unknown = runConsole(home, {QStringLiteral("--set"), QStringLiteral("NO_SUCH=1")}, this);
        QVERIFY(unknown->waitForFinished(60000));
        QCOMPARE(unknown->exitCode(), 2);
        QVERIFY(QString::fromUtf8(unknown->readAllStandardError())
                    .contains(QLatin1String("NO_SUCH: no such setting (in --set)")));
    }
};

QTEST_GUILESS_MAIN(TestAppSettings)
#include "test_appsettings.moc"
