#include "trackssettings.h"

#include "error.h"
#include "settingsreader.h"

namespace tidemark::tracks {

TracksSettings TracksSettings::read(const SettingsReader& reader) {
    TracksSettings s;
    s.retentionYears = retentionYearsFrom(reader);
    s.sourcesPath = reader.text(QStringLiteral("GPS_SOURCES_CONFIG"), {});
    s.sources = sourcesFrom(s.sourcesPath, QStringLiteral("GPS_SOURCES_CONFIG"));
    return s;
}

int TracksSettings::retentionYearsFrom(const SettingsReader& reader) {
    return reader.integer32(
        QStringLiteral("GPS_TRACKS_RETENTION_YEARS"), kDefaultRetentionYears,
        [](int v) { return v >= 1 && v <= 100; }, QStringLiteral("a whole number of years from 1 to 100"));
}

TrackSourceList TracksSettings::sourcesFrom(const QString& path, const QString& setting) {
    try {
        return TrackSourceList::configured(path);
    } catch (const Error& e) {
        throw Error(e.kind(), QStringLiteral("%1: %2").arg(setting, e.message()));
    }
}

} // namespace tidemark::tracks
