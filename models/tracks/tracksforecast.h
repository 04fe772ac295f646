#pragma once

#include "trackscreatedday.h"
#include "trackshealth.h"
#include "trackslocation.h"

#include "timestamp.h"

#include <QMetaType>
#include <QString>
#include <optional>
#include <vector>

namespace tidemark::tracks {

struct TracksSettings;

// What TracksForecastJob reads of a store, before anything is derived from it (the pure part's input).
struct TracksForecastMeasurements {
    Micros now = 0;
    qint64 tracks = 0;
    qint64 bytes = 0; // file plus WAL, or the relations with their indexes (TracksDatabase::storeBytes)
    qint64 tracksLast30Days = 0;           // created_at in [now - 30 days, now)
    std::vector<TracksCreatedDay> history; // the tracks per UTC day of created_at, ascending
    Micros retentionCutoff = 0;            // TracksRetention::cutoff(now, retention years)
    std::vector<qint64> wouldDelete;       // TracksRetention::preview(cutoff): what tracks retain deletes now
};

// `tidemark-cli forecast tracks` and the console's Capacity view of the tracks (spec/operations.md,
// "Forecasts"): the size of the store against ADR-005's 2 GB, projected from the last 30 days' imports, and
// the retention's steady state; with the history of imports (for a cumulative curve) and what a retention
// run would delete now.
struct TracksForecast {
    static constexpr int kGrowthWindowDays = 30;
    static constexpr qint64 kAlertBytes = TracksHealthReport::kDefaultWarnAboveBytes; // ADR-005's 2 GB

    TracksLocation store;
    QString storeName; // TracksDatabase::describe()
    TracksForecastMeasurements measured;
    int retentionYears = 0;

    double tracksPerDay = 0;             // tracks of the last 30 days / 30
    std::optional<double> bytesPerTrack; // bytes / tracks; none for an empty store
    QString bytesPerTrackReason;
    bool aboveAlert = false;            // bytes at or above 2 GiB already
    std::optional<Micros> reaches2GbOn; // now + (2 GiB - bytes) / (tracks a day x bytes a track) days
    QString reaches2GbReason;           // why it is none
    double steadyStateTracks = 0;       // tracks a day x 365 x retention years
    qint64 wouldDeleteBytes = 0;        // the retention's tracks at bytes a track (rounded)
    qint64 tracksAfterRetention = 0;    // tracks - the retention's tracks

    // The report of `measured` under `settings` (their retention years): the spec's definitions. Pure.
    static TracksForecast derive(const TracksForecastMeasurements& measured, const TracksSettings& settings);
};

} // namespace tidemark::tracks

Q_DECLARE_METATYPE(tidemark::tracks::TracksForecast)
