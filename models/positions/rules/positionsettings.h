#pragma once

#include "timestamp.h"

#include <QHash>
#include <QString>
#include <QTimeZone>

namespace tidemark {
class SettingsReader;
}

namespace tidemark::positions {

// The fixed constants of ADR 0053.
constexpr Micros kGapLimit = 120 * kMicrosPerSecond;
constexpr double kMovedMetres = 1.0;
constexpr double kTurnDegrees = 25.0;
constexpr double kNoiseStepMetres = 0.3;
constexpr Micros kMaxSlice = 6 * kMicrosPerHour;
constexpr Micros kSliceGrid = 5 * kMicrosPerMinute;
constexpr Micros kSliceContext = 10 * kMicrosPerMinute;
constexpr Micros kBinAnchor = 946684800LL * kMicrosPerSecond; // 2000-01-01T00:00:00Z

// The MOWDECK_TELEMETRY_* settings of spec/positions.md, validated on read.
struct PositionSettings {
    int detailDays = 90;
    int retentionDays = 730; // 0 = keep forever
    int thinActiveSeconds = 30;
    int thinIdleSeconds = 300;
    int heatmapJoinSeconds = 30;
    double heatmapJoinMetres = 10;
    double heatmapSwathMetres = 0.25;
    double heatmapCellMetres = 0.1;
    double heatmapSignalCellMetres = 2;
    int retentionIntervalSeconds = 3600;
    int windowStartHour = 1;
    int windowEndHour = 5;
    QTimeZone maintenanceZone = QTimeZone::utc();
    int budgetSeconds = 900;
    // Tidemark's own (TIDEMARK_POSITIONS_LOCK_TIMEOUT_SECONDS): how long a slice or an age-delete batch waits
    // for a lock before the round stops and leaves the slice to the next round.
    int lockTimeoutSeconds = 5;

    // Throws Error(Settings) naming the first bad setting.
    static PositionSettings read(const SettingsReader& reader);
    // The settings as the named values read() takes (a what-if reads them back with its changes).
    QHash<QString, QString> values() const;

    Micros detailWindow() const { return detailDays * kMicrosPerDay; }
    // floor_5min(now − detail_days): rows at or after it are never thinned.
    Micros thinningCutoff(Micros now) const { return floorToStep(now - detailWindow(), kSliceGrid); }
};

} // namespace tidemark::positions
