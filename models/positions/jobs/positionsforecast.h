#pragma once

#include "positionsettings.h"
#include "positionswhatif.h"
#include "roundhistory.h"

#include <QMetaType>
#include <QStringList>
#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark::positions {

// One what-if's outcome on the sampled mowers.
struct WhatIfOutcome {
    PositionsWhatIf whatIf;
    long long rowsScanned = 0;
    long long rowsKept = 0;
    // The worst coverage deviation of the sampled mowers' ranges under these settings; none without coverage.
    std::optional<double> worstCoverageDeviation;
    QUuid worstMower;
    Micros worstRangeBegin = 0;
    bool passes() const; // the 12 % check holds on every range
};

// The slices pending over the whole fleet and the nights they need at the recorded rounds' pace.
struct ThinningCatchUp {
    long long slicesPending = 0;
    int recordedRounds = 0;                // rounds of the history that thinned slices (not dry runs)
    std::optional<double> slicesPerSecond; // their pace: slices / seconds
    double thinningSecondsPerNight = 0;    // min(window, rounds a night × budget)
    std::optional<long long> nights;
    QString reason; // why nights is null

    // The pace of the recorded rounds that thinned slices (dry runs aside): their slices over their seconds.
    void measurePace(const std::vector<RoundHistoryEntry>& history);
    // thinningSecondsPerNight and the nights the pending slices need at the pace (or the reason there is
    // none). Pure.
    void deriveNights(const PositionSettings& settings);
};

// Rows of the table on one day, by band.
struct BandRows {
    Micros day = 0;
    double detail = 0;  // younger than the thinning cutoff
    double backlog = 0; // older than the cutoff, not thinned yet
    double thinned = 0; // thinned already
    double total() const { return detail + backlog + thinned; }
};

// What the measurements of the job are, before anything is derived from them (the pure part's input).
struct PositionsMeasurements {
    Micros now = 0;
    long long mowers = 0;
    long long sampledMowers = 0;
    long long rowsLast14Days = 0; // over the whole fleet, in the 14 whole UTC days before now
    long long tableRows = 0;      // estimated (planner statistics and a bounded sample)
    long long tableBytes = 0;     // pg_total_relation_size
    long long sampleRowsScanned = 0;
    long long sampleRowsKept = 0;
    long long sampleRows = 0;         // every row of the sampled mowers (the history's scale)
    ThinningCatchUp catchUp;          // slices pending and the recorded pace; nights is derived
    std::vector<BandRows> sampleDays; // the sampled mowers' rows by day of observation and band, unscaled
};

// `tidemark-cli forecast positions` and the console's Capacity view (spec/operations.md, "Forecasts").
struct PositionsForecast {
    static constexpr int kRowsPerDayDays = 14; // rows a day: the mean of this many whole UTC days before now

    PositionsMeasurements measured;
    Micros cutoff = 0;
    std::vector<QUuid> sample; // id order
    quint64 seed = 0;
    bool cancelled = false;

    std::optional<double> rowsPerDay;
    QString rowsPerDayReason;
    std::optional<double> thinningRatio; // kept / scanned
    QString thinningRatioReason;
    std::optional<double> worstCoverageDeviation; // of the configured settings
    std::optional<double> bytesPerRow;
    std::optional<double> steadyStateRows;
    std::optional<double> steadyStateBytes;
    QString steadyStateReason;
    std::vector<WhatIfOutcome> whatIf;
    QStringList failures;          // sampled mowers a round would skip, and why
    QStringList warnings;          // a clock ahead of the server
    std::vector<BandRows> history; // the table's rows by day of observation, the sample scaled to the fleet
    std::vector<BandRows> projection; // the table's rows by band, a point a day from now
    double seconds = 0;

    // Fills the derived figures from `measured` (the spec's definitions): rows a day, ratio, steady state,
    // catch-up nights, history and projection. Pure.
    void derive(const PositionSettings& settings);
    // The thinning time a night gives: min(window length, rounds a night × budget), in seconds.
    static double thinningSecondsPerNight(const PositionSettings& settings);
};

} // namespace tidemark::positions

Q_DECLARE_METATYPE(tidemark::positions::PositionsForecast)
