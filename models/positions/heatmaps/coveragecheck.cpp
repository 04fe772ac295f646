#include "coveragecheck.h"

#include "coveragelayer.h"

#include <algorithm>
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

namespace {

// |after − before| / before in cells; with no coverage before, 0 when there is none after either, else 1.
double deviationOf(std::int64_t cellsBefore, std::int64_t cellsAfter) {
    if (cellsBefore == 0)
        return cellsAfter == 0 ? 0.0 : 1.0;
    return std::abs(double(cellsAfter - cellsBefore)) / double(cellsBefore);
}

// The rows of [from, to) of a time-ordered span.
std::span<const PositionRow> rowsIn(std::span<const PositionRow> rows, Micros from, Micros to) {
    const auto at = [](const PositionRow& r, Micros t) { return r.observedAt < t; };
    const auto b = std::lower_bound(rows.begin(), rows.end(), from, at);
    const auto e = std::lower_bound(b, rows.end(), to, at);
    return rows.subspan(std::size_t(b - rows.begin()), std::size_t(e - b));
}

// The worst single UTC day: each day's raw rows against its survivors, with the range's joins and plane.
void checkDays(std::span<const PositionRow> raw, std::span<const PositionRow> survivors,
               const HeatmapPlane& plane, Micros now, const PositionSettings& settings, CoverageCheck& c) {
    const double cell = settings.heatmapCellMetres;
    const double swath = settings.heatmapSwathMetres;
    Micros day = raw.empty() ? 0 : floorToStep(raw.front().observedAt, kMicrosPerDay);
    while (!raw.empty() && day <= raw.back().observedAt) {
        const Micros next = day + kMicrosPerDay;
        const auto before =
            CoverageLayer::build(rowsIn(raw, day, next), plane, CoverageJoin::normal(settings), cell, swath)
                .cells()
                .count();
        const auto after = CoverageLayer::build(rowsIn(survivors, day, next), plane,
                                                CoverageJoin::agedAt(settings, now), cell, swath)
                               .cells()
                               .count();
        if (before > 0 || after > 0) {
            const double deviation = deviationOf(before, after);
            if (!c.worstDay || deviation > c.worstDayDeviation) {
                c.worstDayDeviation = deviation;
                c.worstDay = day;
            }
        }
        day = next;
    }
}

// The verdict and ratio of the range's figures (cellsBefore, cellsAfter).
void judgeRange(CoverageCheck& c) {
    c.deviation = deviationOf(c.cellsBefore, c.cellsAfter);
    if (c.cellsBefore == 0) {
        c.ratio = c.cellsAfter == 0 ? 1.0 : 0.0;
        c.verdict = c.cellsAfter == 0 ? CoverageCheck::Verdict::NoCoverage : CoverageCheck::Verdict::Fail;
    } else {
        c.ratio = double(c.cellsAfter) / double(c.cellsBefore);
        c.verdict = c.deviation <= CoverageCheck::kTolerance ? CoverageCheck::Verdict::Pass
                                                             : CoverageCheck::Verdict::Fail;
    }
}

} // namespace

CoverageCheck checkRangeCoverage(std::span<const PositionRow> raw, std::span<const PositionRow> survivors,
                                 Micros now, const PositionSettings& settings) {
    const HeatmapPlane plane = HeatmapPlane::southWestOf(raw);
    const double cell = settings.heatmapCellMetres;
    const double swath = settings.heatmapSwathMetres;
    CoverageCheck c;
    c.cellMetres = cell;
    c.rowsBefore = std::int64_t(raw.size());
    c.rowsAfter = std::int64_t(survivors.size());
    c.cellsBefore =
        CoverageLayer::build(raw, plane, CoverageJoin::normal(settings), cell, swath).cells().count();
    c.cellsAfter = CoverageLayer::build(survivors, plane, CoverageJoin::agedAt(settings, now), cell, swath)
                       .cells()
                       .count();
    c.areaBefore = double(c.cellsBefore) * cell * cell;
    c.areaAfter = double(c.cellsAfter) * cell * cell;
    judgeRange(c);
    return c;
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
    judgeRange(c);
    if (c.cellsBefore == 0)
        c.narrowRatio = c.cellsAfterNarrow == 0 ? 1.0 : 0.0;
    else
        c.narrowRatio = double(c.cellsAfterNarrow) / double(c.cellsBefore);
    checkDays(raw, survivors, plane, now, settings, c);
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
