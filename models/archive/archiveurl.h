#pragma once

#include "archivelayout.h"
#include "archivemanifest.h"
#include "archivestore.h"
#include "timestamp.h"

#include <QString>
#include <memory>
#include <optional>
#include <utility>

namespace tidemark::archive {

// The store TIDEMARK_ARCHIVE_URL names: file:///absolute/path (a DirectoryStore; the folder is created 0700
// when missing) or s3://bucket/prefix?endpoint=http(s)://host:port&region=NAME (an S3Store; credentials as
// S3Credentials::fromEnvironment reads them). Anything else, an unknown query parameter or a missing endpoint
// or region is Error(Settings) naming TIDEMARK_ARCHIVE_URL and the accepted forms.
std::unique_ptr<ArchiveStore> openArchiveStore(const QString& url);

// "<tier>/<table>/<partition>_<lo>_<hi>.csv.zst", lo and hi as YYYYMMDD when at midnight UTC, else
// YYYYMMDDTHHMMSSZ (with .ffffff before the Z when not on a whole second). Throws Error(Usage) for a tier
// that is not one of the layout's (naming those), a table or partition name that is not [a-z0-9_]+, or
// lo >= hi.
QString archiveObjectKey(const ArchiveLayout& layout, const QString& tier, const QString& table,
                         const QString& partition, Micros lo, Micros hi);
// The [lo, hi) an object key names in its last two parts (as archiveObjectKey writes them); empty for a key
// not in that form. A hint for skipping objects before reading their manifests, never a substitute for them.
std::optional<std::pair<Micros, Micros>> archiveKeyRange(const QString& objectKey);
// The manifest beside an object: ".csv.zst" replaced by ".manifest.json"; Error(Usage) for another key.
QString manifestKeyFor(const QString& objectKey);
// Why `manifest` is not the manifest of `objectKey`, empty when it is: the key must be the one the exporter
// writes for the manifest's tier (one of the layout's), dataset, partition, created_from and created_to, and
// the partition must be the dataset's table or one of its partitions by name (the table's name, or it and
// '_' and more).
QString manifestKeyDisagreement(const QString& objectKey, const ArchiveManifest& manifest,
                                const ArchiveLayout& layout);

} // namespace tidemark::archive
