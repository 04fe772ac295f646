#include "appsettings.h"

#include "error.h"
#include "settingsreader.h"

#include <QProcessEnvironment>
#include <QSettings>

namespace tidemark::app {

namespace {

const QString kGroup = QStringLiteral("settings");

WorkspaceSettings readAll(const SettingsReader& reader) {
    WorkspaceSettings s;
    s.positions = positions::PositionSettings::read(reader);
    s.kudos = kudos::KudosSettings::read(reader);
    s.archiveLimits = archive::ArchiveReadLimits::read(reader);
    s.tracks = tracks::TracksSettings::read(reader);
    s.archiveUrl = reader.text(QStringLiteral("TIDEMARK_ARCHIVE_URL"), {});
    s.tracksPath = reader.text(QStringLiteral("GPS_TRACKS_DB_PATH"), {});
    s.tracksConninfo = reader.text(QStringLiteral("GPS_TRACKS_DB_CONNINFO"), {});
    s.tilesUrl = reader.text(QStringLiteral("TIDEMARK_TILES_URL"), {});
    s.metricsFile = reader.text(QStringLiteral("TIDEMARK_METRICS_FILE"), {});
    s.demoDir = reader.text(QStringLiteral("TIDEMARK_DEMO_DIR"), {});
    return s;
}

} // namespace

WorkspaceSettings AppSettings::read(const QHash<QString, QString>& values) {
    return readAll(SettingsReader(values));
}

QHash<QString, QString> AppSettings::environment() {
    QHash<QString, QString> values;
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& key : env.keys())
        values.insert(key, env.value(key));
    return values;
}

QHash<QString, QString> AppSettings::consoleConfiguration(QSettings& configuration) {
    QHash<QString, QString> values;
    configuration.beginGroup(kGroup);
    for (const QString& key : configuration.childKeys())
        values.insert(key, configuration.value(key).toString());
    configuration.endGroup();
    requireKnown(values, QStringLiteral("[%1] of %2").arg(kGroup, configuration.fileName()));
    return values;
}

void AppSettings::requireKnown(const QHash<QString, QString>& values, const QString& where) {
    // Which names the readers ask for is known only by asking: read once with the defaults.
    const SettingsReader probe(QHash<QString, QString>{});
    readAll(probe);
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        if (!probe.wasAsked(it.key()))
            throw Error(Error::Kind::Settings,
                        QStringLiteral("%1: no such setting (in %2); the settings are listed in the README "
                                       "and in tidemark-cli help --man")
                            .arg(it.key(), where));
}

QHash<QString, QString> AppSettings::merged(std::initializer_list<QHash<QString, QString>> layers) {
    QHash<QString, QString> values;
    for (const QHash<QString, QString>& layer : layers)
        for (auto it = layer.cbegin(); it != layer.cend(); ++it)
            values.insert(it.key(), it.value());
    return values;
}

} // namespace tidemark::app
