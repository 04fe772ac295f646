#include "coveragecheck.h"

#include "coveragelayer.h"

#include <cmath>

namespace tidemark::positions {

QString CoverageCheck::verdictText() const {
    switch (verdict) {
    case Verdict::Pass:
        return QStringLiteral("pass");
    case Verdict::Fail:
        return QStringLiteral("fail");
    case Verdict::NoCoverage:
        break;
    }
    return QStringLiteral("no-coverage");
}

CoverageCheck checkCoverage(std::span<const PositionRow> raw, std::span<const PositionRow> survivors,
                            Micros now, const PositionSettings& settings, CoverageCheckLayers* layers) {
    const HeatmapPlane plane = HeatmapPlane::southWestOf(raw);
    const double cell = settings.heatmapCellMetres;
    const double swath = settings.heatmapSwathMetres;
    CoverageLayer before = CoverageLayer::build(raw, plane, CoverageJoin::normal(settings), cell, swath);
    CoverageLayer after =
        CoverageLayer::build(survivors, plane, CoverageJoin::agedAt(settings, now), cell, swath);
    CoverageLayer narrow =
        CoverageLayer::build(survivors, plane, CoverageJoin::normal(settings), cell, swath);

    CoverageCheck c;
    c.cellMetres = cell;
    c.rowsBefore = std::int64_t(raw.size());
    c.rowsAfter = std::int64_t(survivors.size());
    c.cellsBefore = before.cells().count();
    c.cellsAfter = after.cells().count();
    c.cellsAfterNarrow = narrow.cells().count();
    HeatmapCellSet lost = before.cells().minus(after.cells());
    HeatmapCellSet gained = after.cells().minus(before.cells());
    c.cellsLost = lost.count();
    c.cellsGained = gained.count();
    c.cellsLostNarrow = before.cells().minus(narrow.cells()).count();
    const double cellArea = cell * cell;
    c.areaBefore = double(c.cellsBefore) * cellArea;
    c.areaAfter = double(c.cellsAfter) * cellArea;
    c.areaAfterNarrow = double(c.cellsAfterNarrow) * cellArea;
    if (c.cellsBefore == 0) {
        c.ratio = c.cellsAfter == 0 ? 1.0 : 0.0;
        c.narrowRatio = c.cellsAfterNarrow == 0 ? 1.0 : 0.0;
        c.deviation = c.cellsAfter == 0 ? 0.0 : 1.0;
        c.verdict = c.cellsAfter == 0 ? CoverageCheck::Verdict::NoCoverage : CoverageCheck::Verdict::Fail;
    } else {
        c.ratio = double(c.cellsAfter) / double(c.cellsBefore);
        c.narrowRatio = double(c.cellsAfterNarrow) / double(c.cellsBefore);
        c.deviation = std::abs(double(c.cellsAfter - c.cellsBefore)) / double(c.cellsBefore);
        c.verdict = c.deviation <= CoverageCheck::kTolerance ? CoverageCheck::Verdict::Pass
                                                             : CoverageCheck::Verdict::Fail;
    }
    if (layers) {
        layers->plane = plane;
        layers->before = before.takeCells();
        layers->after = after.takeCells();
        layers->afterNarrow = narrow.takeCells();
        layers->lost = std::move(lost);
        layers->gained = std::move(gained);
    }
    return c;
}

} // namespace tidemark::positions
