#include "positionswhatif.h"

#include "error.h"
#include "settingsreader.h"

namespace tidemark::positions {

namespace {

const QString kPrefix = QStringLiteral("MOWDECK_TELEMETRY_");

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
    QHash<QString, QString> values = configured.values();
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
