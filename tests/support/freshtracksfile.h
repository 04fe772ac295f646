#pragma once

#include "importedtrack.h"
#include "spatialitedatabase.h"
#include "tracksmigrator.h"

#include <QString>
#include <memory>

namespace tidemark::test {

// A new, migrated tracks file at `path` (the tracks tests' starting point).
inline std::unique_ptr<tracks::SpatialiteDatabase> freshTracksFile(const QString& path) {
    auto db = tracks::SpatialiteDatabase::open(path, tracks::SpatialiteDatabase::Mode::CreateIfMissing);
    tracks::TracksMigrator(*db).migrate();
    return db;
}

// Track number `n` of `source` as the tracks tests import it: a hike of ten points on its own short line
// (the same number, the same line; the same number and source, the same external URL).
inline tracks::ImportedTrack numberedTrack(int n, const QString& source) {
    tracks::ImportedTrack t;
    t.sourceId = source;
    t.externalUrl = QStringLiteral("https://%1.example/%2").arg(source).arg(n);
    t.activityType = QStringLiteral("hike");
    for (int p = 0; p < 10; ++p)
        t.points.push_back({46.0 + n * 0.01 + p * 0.0003, 14.0 + p * 0.0004, std::nullopt});
    return t;
}

} // namespace tidemark::test
