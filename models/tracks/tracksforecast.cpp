#include "tracksforecast.h"

#include "trackssettings.h"

#include <cmath>

namespace tidemark::tracks {

TracksForecast TracksForecast::derive(const TracksForecastMeasurements& measured,
                                      const TracksSettings& settings) {
    TracksForecast f;
    f.measured = measured;
    f.retentionYears = settings.retentionYears;
    f.tracksPerDay = static_cast<double>(measured.tracksLast30Days) / kGrowthWindowDays;
    // Divided last, so that whole figures stay whole (21 tracks in 30 days: 1277.5, not 1277.4999999999998).
    f.steadyStateTracks =
        static_cast<double>(measured.tracksLast30Days) * 365 * settings.retentionYears / kGrowthWindowDays;
    if (measured.tracks > 0)
        f.bytesPerTrack = static_cast<double>(measured.bytes) / static_cast<double>(measured.tracks);
    else
        f.bytesPerTrackReason = QStringLiteral("the store holds no tracks");
    f.aboveAlert = measured.bytes > kAlertBytes;
    const double growthPerDay = f.tracksPerDay * f.bytesPerTrack.value_or(0);
    if (f.aboveAlert) {
        f.reaches2GbReason =
            QStringLiteral("the store is above 2 GiB already (%1 bytes)").arg(measured.bytes);
    } else if (!f.bytesPerTrack) {
        f.reaches2GbReason = QStringLiteral("the store holds no tracks, so there is no size of a track to "
                                            "project");
    } else if (!(growthPerDay > 0)) {
        f.reaches2GbReason = QStringLiteral("no track was imported in the %1 days before now, so the store "
                                            "does not grow")
                                 .arg(kGrowthWindowDays);
    } else {
        const double days = static_cast<double>(kAlertBytes - measured.bytes) / growthPerDay;
        const double micros = days * static_cast<double>(kMicrosPerDay);
        if (micros > static_cast<double>(kLastFormattable - measured.now))
            f.reaches2GbReason =
                QStringLiteral("at %1 bytes a day the store reaches 2 GiB only after the year 9999")
                    .arg(growthPerDay, 0, 'f', 1);
        else
            f.reaches2GbOn = measured.now + std::llround(micros);
    }
    const qint64 deleted = static_cast<qint64>(measured.wouldDelete.size());
    f.wouldDeleteBytes =
        deleted > 0 ? std::llround(static_cast<double>(deleted) * f.bytesPerTrack.value_or(0)) : 0;
    f.tracksAfterRetention = measured.tracks - deleted;
    return f;
}

} // namespace tidemark::tracks
