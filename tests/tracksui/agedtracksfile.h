#pragma once

#include "freshtracksfile.h"
#include "trackimporter.h"

#include "timestamp.h"

namespace tidemark::test {

// A tracks file with ten tracks created six years before `now` and ten two days before it (the tracks
// console's retention tests).
inline QString agedTracksFile(const QString& path, Micros now) {
    auto db = freshTracksFile(path);
    int n = 0;
    for (const Micros age : {-6 * 366 * kMicrosPerDay, -2 * kMicrosPerDay}) {
        std::vector<tracks::ImportedTrack> batch;
        for (int k = 0; k < 10; ++k, ++n) {
            tracks::ImportedTrack t;
            t.sourceId = QStringLiteral("osm");
            t.externalUrl = QStringLiteral("https://osm.example/%1").arg(n);
            t.activityType = QStringLiteral("hike");
            for (int p = 0; p < 10; ++p)
                t.points.push_back({46.0 + n * 0.01 + p * 0.0003, 14.0 + p * 0.0004, std::nullopt});
            batch.push_back(std::move(t));
        }
        tracks::TrackImporter(*db, tracks::TrackSourceList::demo(), now + age)
            .importBatch(QStringLiteral("si"), QStringLiteral("osm"), batch);
    }
    return path;
}

} // namespace tidemark::test
