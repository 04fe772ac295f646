#pragma once

#include "heatmapcellset.h"
#include "heatmapplane.h"
#include "positionsettings.h"

#include <QString>
#include <optional>
#include <span>

namespace tidemark::positions {

// The coverage check of spec/positions.md for one mower and a range older than the detail window: the covered
// area of the raw rows (normal join) against that of the survivors (wider join for rows older than the detail
// window), plus the survivors with the normal join to show what the wider join saves.
struct CoverageCheck {
    static constexpr double kTolerance = 0.12;
    enum class Verdict { Pass, Fail, NoCoverage };

    double cellMetres = 0;
    std::int64_t rowsBefore = 0;
    std::int64_t rowsAfter = 0;
    std::int64_t cellsBefore = 0;
    std::int64_t cellsAfter = 0;
    std::int64_t cellsAfterNarrow = 0;
    std::int64_t cellsLost = 0;       // covered before, not after
    std::int64_t cellsGained = 0;     // covered after, not before
    std::int64_t cellsLostNarrow = 0; // covered before, not by the survivors with the normal join
    double areaBefore = 0;            // m²
    double areaAfter = 0;
    double areaAfterNarrow = 0;
    double ratio = 0;       // areaAfter / areaBefore (1 when both are 0)
    double narrowRatio = 0; // areaAfterNarrow / areaBefore
    double deviation = 0;   // |areaAfter − areaBefore| / areaBefore, the checked figure
    Verdict verdict = Verdict::NoCoverage;
    // The same computation on each UTC day's rows (same plane): the worst day's deviation and the day's
    // start (worstDay is empty when no day had coverage). Reported beside the range; the verdict stays on the
    // range.
    double worstDayDeviation = 0;
    std::optional<Micros> worstDay;

    bool passed() const { return verdict != Verdict::Fail; }
    QString verdictText() const;
};

// The cell layers behind a check, for images and GeoJSON.
struct CoverageCheckLayers {
    HeatmapPlane plane;
    HeatmapCellSet before;
    HeatmapCellSet after;
    HeatmapCellSet afterNarrow;
    HeatmapCellSet lost;
    HeatmapCellSet gained;
};

// `raw` and `survivors` are one mower's rows of the same range in time order; the plane's origin comes from
// the raw rows. Pure: `now` is only used for the detail window of the wider join.
CoverageCheck checkCoverage(std::span<const PositionRow> raw, std::span<const PositionRow> survivors,
                            Micros now, const PositionSettings& settings,
                            CoverageCheckLayers* layers = nullptr);
// The range's figures of the same check only (cells and area before and after, ratio, deviation, verdict;
// no narrow join, no days, no layers): what a forecast judges on every range of a sample.
CoverageCheck checkRangeCoverage(std::span<const PositionRow> raw, std::span<const PositionRow> survivors,
                                 Micros now, const PositionSettings& settings);

} // namespace tidemark::positions
