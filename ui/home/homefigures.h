#pragma once

#include "barfigure.h"
#include "retentionplan.h"

namespace tidemark::ui {

// What each Home card draws under its text, from the same plan: the figures an operator scans first.
struct HomeFigure {
    QString title;
    std::vector<BarFigure::Bar> bars;
};

// The slices pending now and after each night at the recorded pace, until the backlog clears (at most seven
// bars); without a pace, the pending slices alone and why there is no projection.
HomeFigure positionsFigure(const PositionsPlan& plan);
// Each archive tier's use against its budget; a tier without one says so.
HomeFigure kudosFigure(const KudosPlan& plan);
// The store against the size mark, and what it keeps after the retention run.
HomeFigure tracksFigure(const TracksPlan& plan);

} // namespace tidemark::ui
