#pragma once

#include "timestamp.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <vector>

namespace tidemark::tracks {

struct TracksSettings;

// One track a retention plan deletes, with what its apply re-checks: that the row holding the id is still the
// track that was planned (created_at and dedup_key: SQLite may give a deleted track's id to a new one) and
// that no duplicate from another source was merged into it since (its sources: a merge rewrites
// sources_json, so a track someone else imported again is kept).
struct PlannedTrack {
    qint64 id = 0;
    Micros createdAt = 0;
    QString dedupKey;
    QStringList sources; // in the stored order
    bool operator==(const PlannedTrack&) const = default;
    // {"id", "created_at", "dedup_key", "sources"}
    QJsonObject toJson() const;
};

// The units of a tracks retention plan (spec/operations.md): the tracks `tracks retain --dry-run` lists, in
// ascending id. JSON: {"delete_ids": [ids], "delete_tracks": [{"id", "created_at", "dedup_key",
// "sources"}]}, the two lists the same ids in the same order.
struct TracksPlanUnits {
    static constexpr qint64 kMaxTracks = 10'000'000;
    std::vector<PlannedTrack> tracks;

    std::vector<qint64> ids() const;
    bool operator==(const TracksPlanUnits&) const = default;
    QJsonObject toJson() const;
    // Throws Error(Usage) naming the bad key (and the entry): a missing or mistyped key, ids not ascending
    // or repeated, delete_ids and delete_tracks that disagree, more than kMaxTracks tracks.
    static TracksPlanUnits fromJson(const QJsonObject& json);
};

// Every setting that decides what a tracks retention deletes: {"retention_years": n}.
QJsonObject tracksPlanSettings(int retentionYears);
QJsonObject tracksPlanSettings(const TracksSettings& settings);

} // namespace tidemark::tracks
