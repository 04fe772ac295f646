#include "previewresult.h"

#include <QCoreApplication>
#include <algorithm>

namespace tidemark::positions {

std::vector<PositionRow> PreviewResult::survivors() const {
    std::vector<PositionRow> out;
    out.reserve(static_cast<std::size_t>(kept));
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (fates[i] != RowFate::Removed)
            out.push_back(rows[i]);
    return out;
}

QString PreviewResult::explainRow(std::size_t i) const {
    switch (fates[i]) {
    case RowFate::Removed:
        return QCoreApplication::translate(
            "PreviewResult",
            "removed: no rule keeps it (same time bin, no gap, blades, rtk change, turn or error)");
    case RowFate::Kept:
        return QCoreApplication::translate("PreviewResult", "kept by %1")
            .arg(keepReasonsText(reasons[i]).replace(QLatin1Char('|'), QStringLiteral(", ")));
    case RowFate::Recent:
        return QCoreApplication::translate("PreviewResult",
                                           "kept: inside the detail window (after the cutoff %1)")
            .arg(formatIsoTimestamp(cutoff));
    case RowFate::BehindWatermark:
        return QCoreApplication::translate(
                   "PreviewResult", "kept: already thinned by an earlier round (before the watermark %1)")
            .arg(watermark ? formatIsoTimestamp(*watermark) : QString());
    }
    return {};
}

} // namespace tidemark::positions
