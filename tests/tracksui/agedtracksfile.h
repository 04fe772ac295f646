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
        for (int k = 0; k < 10; ++k, ++n)
            batch.push_back(numberedTrack(n, QStringLiteral("osm")));
        tracks::TrackImporter(*db, tracks::TrackSourceList::demo(), now + age)
            .importBatch(QStringLiteral("si"), QStringLiteral("osm"), batch);
    }
    return path;
}

} // namespace tidemark::test
