#pragma once

#include "coveragecheck.h"
#include "keepset.h"
#include "positionsettings.h"
#include "previewthinning.h"
#include "signallayers.h"

#include <QString>
#include <QUuid>
#include <array>
#include <optional>
#include <vector>

namespace tidemark::positions {

// What the console asks a preview for: one mower, a range [from, to), the clock and the settings.
struct PreviewRequest {
    QString conninfo;
    QUuid mowerId;
    Micros from = 0;
    Micros to = 0;
    Micros now = 0;
    PositionSettings settings;
};

// A preview: the rows of the range with what a round would do to each, the counts, and the coverage check.
struct PreviewResult {
    static constexpr int kReasonCount = 6; // bin, gap, blades, rtk, turn, error

    QUuid mowerId;
    Micros from = 0;
    Micros to = 0;
    Micros now = 0;
    Micros cutoff = 0;
    std::optional<Micros> watermark;
    std::vector<PositionRow> rows;    // the raw rows of [from, to) in time order
    std::vector<RowFate> fates;       // parallel to rows
    std::vector<KeepReasons> reasons; // parallel to rows; set for Kept rows
    long long kept = 0;               // rows left after the round: Kept + Recent + BehindWatermark
    long long removed = 0;
    long long keptBySet = 0;
    long long recent = 0;
    long long behindWatermark = 0;
    std::array<long long, kReasonCount> perReason{}; // Kept rows having each reason (a row may have several)
    long long slices = 0;     // slices run, including the one before the range for its context
    long long loadedRows = 0; // rows loaded including the context around the slices
    double loadSeconds = 0;
    double thinSeconds = 0;
    double coverageSeconds = 0;
    CoverageCheck check;
    CoverageCheckLayers checkLayers;
    SignalLayers signal;

    bool cancelled = false; // stopped before its end: nothing else is set

    std::vector<PositionRow> survivors() const;
    // "kept: turn, rtk" / "removed: no reason to keep it" / "kept: inside the detail window" …
    QString explainRow(std::size_t i) const;
};

} // namespace tidemark::positions
