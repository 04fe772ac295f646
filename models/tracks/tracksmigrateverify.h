#pragma once

#include "tracksmigratejob.h"

#include <QByteArray>

namespace tidemark {
class PgConnection;
class SqliteFile;
} // namespace tidemark

namespace tidemark::tracks {

// tracks migrate's check before it says done, read only on both sides: the track counts, every (id, dedup
// key) pair, Σ points_count and Σ length_m per activity and source (summed in id order on both sides), the
// pipeline runs' count and the density overview's tiles byte for byte. Fills report->groups,
// tracksInStore, mismatches and verified.
void verifyMigration(SqliteFile& file, PgConnection& db, TracksMigrateReport* report);

// A digest of the store's density tiles, key and bytes, in key order (as forEachFileTile's of a file).
QByteArray storeDensityDigest(PgConnection& db, qint64* tiles);

} // namespace tidemark::tracks
