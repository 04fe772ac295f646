#pragma once

#include "positionsettings.h"

#include <QString>
#include <QStringList>
#include <utility>
#include <vector>

namespace tidemark::positions {

// One what-if of a forecast (spec/operations.md, "Forecasts"): thinning or heatmap settings changed from the
// configured ones, validated by the same rules as at start.
struct PositionsWhatIf {
    std::vector<std::pair<QString, QString>> overrides; // full setting names and values, as given
    PositionSettings settings;                          // the configured settings with the overrides

    // The settings a what-if may change: the bin widths and the heatmap (join, swath, cells).
    static const QStringList& changeableSettings();
    // "NAME=VALUE[,NAME=VALUE…]"; NAME with or without its MOWDECK_TELEMETRY_ prefix. Throws
    // Error(Settings) naming the setting and the rule it breaks, or that it is unknown or not changeable.
    static PositionsWhatIf parse(const QString& text, const PositionSettings& configured);
    // The same overrides on the configured settings (the console's panel).
    static PositionsWhatIf apply(std::vector<std::pair<QString, QString>> overrides,
                                 const PositionSettings& configured);
    // "NAME=VALUE, NAME=VALUE" with the short names.
    QString label() const;
};

} // namespace tidemark::positions
