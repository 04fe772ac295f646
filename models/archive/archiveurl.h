#pragma once

#include "archivelayout.h"
#include "archivemanifest.h"
#include "archivestore.h"
#include "s3location.h"
#include "timestamp.h"

#include <QString>
#include <memory>
#include <optional>
#include <utility>

namespace tidemark::archive {

// Where TIDEMARK_ARCHIVE_URL (or --archive) points, parsed and checked; nothing is opened.
// file:///absolute/path is a folder, s3://bucket/prefix?endpoint=http(s)://host:port&region=NAME an S3
// prefix. Anything else, an unknown query parameter or a missing endpoint or region is Error(Settings) naming
// TIDEMARK_ARCHIVE_URL and the accepted forms.
struct ArchiveLocation {
    QString url;    // as messages show it: file:// and the folder, or the S3 URL (its forms carry no secret)
    QString folder; // file://: the absolute, cleaned folder; empty for S3
    std::optional<S3Location> s3;

    static ArchiveLocation parse(const QString& url);
};

// The archive TIDEMARK_ARCHIVE_URL names, as every command but `archive init` opens it: a DirectoryStore or
// an S3Store (credentials as S3Credentials::fromEnvironment reads them) holding the ArchiveMarker it found,
// never creating anything. Without the marker (a folder that does not exist, a NAS not mounted, a folder or
// prefix never initialised) it throws Error(Refused): "no Tidemark archive at URL: not mounted, or run
// archive init (the cause)"; a marker that is a link or does not parse is Error(Refused) naming it. A path
// that is not a folder or cannot be read, or a server that cannot be reached, is Error(Connection).
std::unique_ptr<ArchiveStore> openArchiveStore(const QString& url);
// The store at `location` without looking for the marker, creating nothing: for archive init (ArchiveInitJob)
// only. The folder of a file:// location must exist for the store to be usable.
std::unique_ptr<ArchiveStore> openUncheckedArchiveStore(const ArchiveLocation& location);
// The store's marker; empty when there is none (for a directory: no regular file of that name). A marker
// that is a symbolic link, larger than ArchiveMarker::kMaxBytes or not a marker of a known version is
// Error(Refused) naming `where` (the archive as messages show it).
std::optional<ArchiveMarker> readArchiveMarker(ArchiveStore& store, const QString& where);

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
