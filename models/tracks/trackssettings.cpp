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
    constexpr RequestLimit limit = TracksRetainRequest::kRetentionYears;
    return reader.integer32(
        QLatin1String(limit.option), TracksRetainRequest::kDefaultRetentionYears,
        [](int v) { return TracksRetainRequest::kRetentionYears.contains(v); },
        QStringLiteral("a whole number of years from %1 to %2").arg(limit.min).arg(limit.max));
}

TrackSourceList TracksSettings::sourcesFrom(const QString& path, const QString& setting) {
    try {
        return TrackSourceList::configured(path);
    } catch (const Error& e) {
        throw Error(e.kind(), QStringLiteral("%1: %2").arg(setting, e.message()));
    }
}

} // namespace tidemark::tracks
