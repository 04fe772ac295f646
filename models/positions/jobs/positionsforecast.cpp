#include "positionsforecast.h"

#include "coveragecheck.h"

#include <algorithm>
#include <cmath>
#include <deque>

namespace tidemark::positions {

namespace {

constexpr long long kMaxProjectionDays = 3650;

// The table's rows a day from now: every day adds a day of detail rows, a day that leaves the detail window
// joins the backlog, the nightly rounds thin the backlog oldest first at `capacity` rows a night (× ratio),
// and the age limit removes the days past retention.
std::vector<BandRows> project(std::vector<BandRows> days, Micros now, const PositionSettings& settings,
                              double rowsPerDay, double ratio, double capacity, long long horizonDays) {
    std::deque<BandRows> buckets(days.begin(), days.end());
    const Micros today = floorToStep(now, kMicrosPerDay);
    std::vector<BandRows> out;
    out.reserve(static_cast<std::size_t>(horizonDays));
    for (long long d = 1; d <= horizonDays; ++d) {
        const Micros t = today + d * kMicrosPerDay;
        buckets.push_back(BandRows{t - kMicrosPerDay, rowsPerDay, 0, 0});
        const Micros cutoff = t - settings.detailWindow();
        double left = capacity;
        for (BandRows& b : buckets) {
            if (b.day + kMicrosPerDay <= cutoff && b.detail > 0) {
                b.backlog += b.detail;
                b.detail = 0;
            }
            if (b.backlog > 0 && left > 0) {
                const double take = std::min(b.backlog, left);
                b.backlog -= take;
                b.thinned += take * ratio;
                left -= take;
            }
        }
        if (settings.retentionDays > 0)
            while (!buckets.empty() && buckets.front().day < t - settings.retentionDays * kMicrosPerDay)
                buckets.pop_front();
        BandRows sum{t, 0, 0, 0};
        for (const BandRows& b : buckets) {
            sum.detail += b.detail;
            sum.backlog += b.backlog;
            sum.thinned += b.thinned;
        }
        out.push_back(sum);
    }
    return out;
}

} // namespace

bool WhatIfOutcome::passes() const {
    return !worstCoverageDeviation || *worstCoverageDeviation <= CoverageCheck::kTolerance;
}

double PositionsForecast::thinningSecondsPerNight(const PositionSettings& s) {
    int windowHours = 24;
    if (s.windowStartHour != s.windowEndHour)
        windowHours = (s.windowEndHour - s.windowStartHour + 24) % 24;
    const double window = windowHours * 3600.0;
    const double rounds = std::ceil(window / s.retentionIntervalSeconds);
    return std::min(window, rounds * s.budgetSeconds);
}

void ThinningCatchUp::measurePace(const std::vector<RoundHistoryEntry>& history) {
    long long slices = 0;
    double seconds = 0;
    recordedRounds = 0;
    slicesPerSecond.reset();
    for (const RoundHistoryEntry& e : history) {
        if (e.dryRun || e.slices <= 0 || e.seconds <= 0)
            continue;
        ++recordedRounds;
        slices += e.slices;
        seconds += e.seconds;
    }
    if (seconds > 0)
        slicesPerSecond = double(slices) / seconds;
}

void ThinningCatchUp::deriveNights(const PositionSettings& settings) {
    thinningSecondsPerNight = PositionsForecast::thinningSecondsPerNight(settings);
    nights.reset();
    if (slicesPending == 0) {
        nights = 0;
        reason.clear();
    } else if (!slicesPerSecond || *slicesPerSecond <= 0) {
        reason = QStringLiteral("no recorded round has thinned a slice yet: no pace to project");
    } else {
        nights = static_cast<long long>(
            std::ceil(double(slicesPending) / (*slicesPerSecond * thinningSecondsPerNight)));
        reason.clear();
    }
}

void PositionsForecast::derive(const PositionSettings& s) {
    const PositionsMeasurements& m = measured;
    cutoff = s.thinningCutoff(m.now);
    rowsPerDay.reset();
    thinningRatio.reset();
    bytesPerRow.reset();
    steadyStateRows.reset();
    steadyStateBytes.reset();
    if (m.mowers == 0) {
        rowsPerDayReason = QStringLiteral("the table holds no positions");
    } else {
        rowsPerDay = double(m.rowsLast14Days) / kRowsPerDayDays;
        rowsPerDayReason.clear();
    }
    if (m.sampleRowsScanned > 0) {
        thinningRatio = double(m.sampleRowsKept) / double(m.sampleRowsScanned);
        thinningRatioReason.clear();
    } else {
        thinningRatioReason = m.sampledMowers == 0
                                  ? QStringLiteral("no mower was sampled")
                                  : QStringLiteral("the sampled mowers have no rows older than the cutoff "
                                                   "past their watermark: nothing to judge");
    }
    if (m.tableRows > 0)
        bytesPerRow = double(m.tableBytes) / double(m.tableRows);

    const int thinnedDays = s.retentionDays - s.detailDays;
    if (!rowsPerDay) {
        steadyStateReason = rowsPerDayReason;
    } else if (*rowsPerDay == 0) {
        steadyStateReason = QStringLiteral("no rows arrived in the last 14 days: no growth to project");
    } else if (s.retentionDays == 0) {
        steadyStateReason = QStringLiteral("retention is 0 (keep forever): the table grows without bound");
    } else if (thinnedDays > 0 && !thinningRatio) {
        steadyStateReason = thinningRatioReason;
    } else {
        steadyStateRows = *rowsPerDay * s.detailDays + *rowsPerDay * thinningRatio.value_or(1) * thinnedDays;
        steadyStateReason.clear();
        if (bytesPerRow)
            steadyStateBytes = *steadyStateRows * *bytesPerRow;
    }

    measured.catchUp.deriveNights(s);
    const ThinningCatchUp& c = measured.catchUp;

    const double scale = m.sampleRows > 0 ? double(m.tableRows) / double(m.sampleRows) : 0;
    history.clear();
    for (const BandRows& d : m.sampleDays)
        history.push_back(BandRows{d.day, d.detail * scale, d.backlog * scale, d.thinned * scale});
    double backlog = 0;
    for (const BandRows& d : history)
        backlog += d.backlog;
    const double perDay = rowsPerDay.value_or(0);
    // Without a recorded pace the backlog is thinned on the first night; the nightly rounds always keep up
    // with a day's new backlog.
    const double capacity =
        std::max(c.nights && *c.nights > 0 ? backlog / double(*c.nights) : backlog, perDay);
    const long long horizon = std::min(kMaxProjectionDays, (s.retentionDays > 0 ? s.retentionDays : 730) +
                                                               c.nights.value_or(0) + 7);
    projection = m.mowers == 0
                     ? std::vector<BandRows>{}
                     : project(history, m.now, s, perDay, thinningRatio.value_or(1), capacity, horizon);
}

} // namespace tidemark::positions
