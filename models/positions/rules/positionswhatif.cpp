#include "positionswhatif.h"

#include "error.h"
#include "settingsreader.h"

namespace tidemark::positions {

namespace {

const QString kPrefix = QStringLiteral("MOWDECK_TELEMETRY_");

QString number(double v) {
    return QString::number(v, 'g', 17);
}

// The configured settings as the values they are read from, so that a what-if reads them again with its
// overrides through PositionSettings::read (the one place that knows the rules).
QHash<QString, QString> valuesOf(const PositionSettings& s) {
    QHash<QString, QString> v;
    const auto put = [&v](const char* name, const QString& value) {
        v.insert(kPrefix + QLatin1String(name), value);
    };
    put("POSITIONS_DETAIL_DAYS", QString::number(s.detailDays));
    put("RETENTION_POSITIONS_DAYS", QString::number(s.retentionDays));
    put("POSITIONS_THIN_ACTIVE_SECONDS", QString::number(s.thinActiveSeconds));
    put("POSITIONS_THIN_IDLE_SECONDS", QString::number(s.thinIdleSeconds));
    put("HEATMAP_JOIN_SECONDS", QString::number(s.heatmapJoinSeconds));
    put("HEATMAP_JOIN_METRES", number(s.heatmapJoinMetres));
    put("HEATMAP_SWATH_METRES", number(s.heatmapSwathMetres));
    put("HEATMAP_CELL_METRES", number(s.heatmapCellMetres));
    put("HEATMAP_SIGNAL_CELL_METRES", number(s.heatmapSignalCellMetres));
    put("RETENTION_INTERVAL_SECONDS", QString::number(s.retentionIntervalSeconds));
    put("THINNING_WINDOW_START_HOUR", QString::number(s.windowStartHour));
    put("THINNING_WINDOW_END_HOUR", QString::number(s.windowEndHour));
    put("MAINTENANCE_TIMEZONE", QString::fromUtf8(s.maintenanceZone.id()));
    put("THINNING_BUDGET_SECONDS", QString::number(s.budgetSeconds));
    v.insert(QStringLiteral("TIDEMARK_POSITIONS_LOCK_TIMEOUT_SECONDS"),
             QString::number(s.lockTimeoutSeconds));
    return v;
}

QString fullName(const QString& name) {
    return name.startsWith(kPrefix) ? name : kPrefix + name;
}

} // namespace

const QStringList& PositionsWhatIf::changeableSettings() {
    static const QStringList names = {
        kPrefix + QStringLiteral("POSITIONS_THIN_ACTIVE_SECONDS"),
        kPrefix + QStringLiteral("POSITIONS_THIN_IDLE_SECONDS"),
        kPrefix + QStringLiteral("HEATMAP_JOIN_SECONDS"),
        kPrefix + QStringLiteral("HEATMAP_JOIN_METRES"),
        kPrefix + QStringLiteral("HEATMAP_SWATH_METRES"),
        kPrefix + QStringLiteral("HEATMAP_CELL_METRES"),
        kPrefix + QStringLiteral("HEATMAP_SIGNAL_CELL_METRES"),
    };
    return names;
}

PositionsWhatIf PositionsWhatIf::parse(const QString& text, const PositionSettings& configured) {
    std::vector<std::pair<QString, QString>> overrides;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype eq = part.indexOf(QLatin1Char('='));
        if (eq <= 0)
            throw Error(Error::Kind::Settings,
                        QStringLiteral("--what-if %1: expected NAME=VALUE").arg(part.trimmed()));
        overrides.emplace_back(fullName(part.left(eq).trimmed()), part.mid(eq + 1).trimmed());
    }
    if (overrides.empty())
        throw Error(Error::Kind::Settings, QStringLiteral("--what-if: expected NAME=VALUE, got nothing"));
    return apply(std::move(overrides), configured);
}

PositionsWhatIf PositionsWhatIf::apply(std::vector<std::pair<QString, QString>> overrides,
                                       const PositionSettings& configured) {
    QHash<QString, QString> values = valuesOf(configured);
    for (auto& [name, value] : overrides) {
        name = fullName(name);
        if (!values.contains(name))
            throw Error(Error::Kind::Settings,
                        QStringLiteral("%1: unknown setting (a what-if changes one of %2)")
                            .arg(name, changeableSettings().join(QStringLiteral(", "))));
        if (!changeableSettings().contains(name))
            throw Error(Error::Kind::Settings,
                        QStringLiteral("%1: not a thinning or heatmap setting; a what-if changes one of %2")
                            .arg(name, changeableSettings().join(QStringLiteral(", "))));
        values.insert(name, value);
    }
    PositionsWhatIf w;
    w.settings = PositionSettings::read(SettingsReader(values));
    w.overrides = std::move(overrides);
    return w;
}

QString PositionsWhatIf::label() const {
    QStringList parts;
    for (const auto& [name, value] : overrides)
        parts << QStringLiteral("%1=%2").arg(QString(name).remove(kPrefix), value);
    return parts.join(QStringLiteral(", "));
}

} // namespace tidemark::positions
