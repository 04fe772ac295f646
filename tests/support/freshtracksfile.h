#pragma once

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

} // namespace tidemark::test
