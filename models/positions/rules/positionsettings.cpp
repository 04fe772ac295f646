#include "positionsettings.h"

#include "settingsreader.h"

namespace tidemark::positions {

namespace {
const QString kPrefix = QStringLiteral("MOWDECK_TELEMETRY_");
QString name(const char* suffix) {
    return kPrefix + QLatin1String(suffix);
}
} // namespace

PositionSettings PositionSettings::read(const SettingsReader& r) {
    PositionSettings s;
    const auto positive = [](int v) { return v > 0; };
    const auto dividesFiveMinutes = [](int v) { return v > 0 && 300 % v == 0; };
    const auto hour = [](int v) { return v >= 0 && v <= 23; };
    const auto positiveReal = [](double v) { return v > 0; };

    s.detailDays = r.integer32(
        name("POSITIONS_DETAIL_DAYS"), 90, [](int v) { return v >= 7 && v <= 100000; },
        QStringLiteral("must be at least 7 days"));
    const int detail = s.detailDays;
    s.retentionDays = r.integer32(
        name("RETENTION_POSITIONS_DAYS"), 730,
        [detail](int v) { return v == 0 || (v >= detail && v <= 1000000); },
        QStringLiteral("must be 0 (keep forever) or at least the detail days (%1)").arg(detail));
    s.thinActiveSeconds = r.integer32(name("POSITIONS_THIN_ACTIVE_SECONDS"), 30, dividesFiveMinutes,
                                      QStringLiteral("must be > 0 and divide 300"));
    s.thinIdleSeconds = r.integer32(name("POSITIONS_THIN_IDLE_SECONDS"), 300, dividesFiveMinutes,
                                    QStringLiteral("must be > 0 and divide 300"));
    s.heatmapJoinSeconds = r.integer32(
        name("HEATMAP_JOIN_SECONDS"), 30, [](int v) { return v > 0 && v <= 86400; },
        QStringLiteral("must be > 0"));
    s.heatmapJoinMetres =
        r.real(name("HEATMAP_JOIN_METRES"), 10, positiveReal, QStringLiteral("must be > 0"));
    s.heatmapSwathMetres =
        r.real(name("HEATMAP_SWATH_METRES"), 0.25, positiveReal, QStringLiteral("must be > 0"));
    const double swath = s.heatmapSwathMetres;
    s.heatmapCellMetres = r.real(
        name("HEATMAP_CELL_METRES"), 0.1, [swath](double v) { return v > 0 && v <= swath; },
        QStringLiteral("must be > 0 and at most the swath (%1 m)").arg(swath));
    s.heatmapSignalCellMetres =
        r.real(name("HEATMAP_SIGNAL_CELL_METRES"), 2, positiveReal, QStringLiteral("must be > 0"));
    s.retentionIntervalSeconds =
        r.integer32(name("RETENTION_INTERVAL_SECONDS"), 3600, positive, QStringLiteral("must be > 0"));
    s.windowStartHour =
        r.integer32(name("THINNING_WINDOW_START_HOUR"), 1, hour, QStringLiteral("must be an hour 0-23"));
    s.windowEndHour =
        r.integer32(name("THINNING_WINDOW_END_HOUR"), 5, hour, QStringLiteral("must be an hour 0-23"));
    s.maintenanceZone = r.timeZone(name("MAINTENANCE_TIMEZONE"), QStringLiteral("UTC"));
    s.budgetSeconds =
        r.integer32(name("THINNING_BUDGET_SECONDS"), 900, positive, QStringLiteral("must be > 0"));
    s.lockTimeoutSeconds = r.integer32(
        QStringLiteral("TIDEMARK_POSITIONS_LOCK_TIMEOUT_SECONDS"), 5,
        [](int v) { return v > 0 && v <= 3600; }, QStringLiteral("must be 1-3600 seconds"));
    return s;
}

QHash<QString, QString> PositionSettings::values() const {
    const auto real = [](double v) { return QString::number(v, 'g', 17); };
    QHash<QString, QString> v{
        {name("POSITIONS_DETAIL_DAYS"), QString::number(detailDays)},
        {name("RETENTION_POSITIONS_DAYS"), QString::number(retentionDays)},
        {name("POSITIONS_THIN_ACTIVE_SECONDS"), QString::number(thinActiveSeconds)},
        {name("POSITIONS_THIN_IDLE_SECONDS"), QString::number(thinIdleSeconds)},
        {name("HEATMAP_JOIN_SECONDS"), QString::number(heatmapJoinSeconds)},
        {name("HEATMAP_JOIN_METRES"), real(heatmapJoinMetres)},
        {name("HEATMAP_SWATH_METRES"), real(heatmapSwathMetres)},
        {name("HEATMAP_CELL_METRES"), real(heatmapCellMetres)},
        {name("HEATMAP_SIGNAL_CELL_METRES"), real(heatmapSignalCellMetres)},
        {name("RETENTION_INTERVAL_SECONDS"), QString::number(retentionIntervalSeconds)},
        {name("THINNING_WINDOW_START_HOUR"), QString::number(windowStartHour)},
        {name("THINNING_WINDOW_END_HOUR"), QString::number(windowEndHour)},
        {name("MAINTENANCE_TIMEZONE"), QString::fromUtf8(maintenanceZone.id())},
        {name("THINNING_BUDGET_SECONDS"), QString::number(budgetSeconds)},
        {QStringLiteral("TIDEMARK_POSITIONS_LOCK_TIMEOUT_SECONDS"), QString::number(lockTimeoutSeconds)}};
    return v;
}

} // namespace tidemark::positions
