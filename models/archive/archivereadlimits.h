#pragma once

#include <QString>
#include <QtGlobal>

namespace tidemark {
class SettingsReader;
}

namespace tidemark::archive {

struct ArchiveManifest;

// The settings that bound reading an archive object where its manifest does not (TIDEMARK_ARCHIVE_MAX_*),
// read once by app/ (the CLI's and the console's wiring) and passed to the verifier, the restorer and the
// exporter as a value. The defaults hold every object the exporter writes.
struct ArchiveReadLimits {
    static constexpr qint64 kDefaultMaxContentBytes = qint64(16) << 30; // 16 GiB
    static constexpr qint64 kDefaultMaxRecordBytes = qint64(1) << 20;   // 1 MiB

    // TIDEMARK_ARCHIVE_MAX_CONTENT_BYTES: the decompressed bytes of an object whose manifest has no
    // content_bytes (written before the manifests carried it).
    qint64 maxContentBytes = kDefaultMaxContentBytes;
    // TIDEMARK_ARCHIVE_MAX_RECORD_BYTES: one CSV record (header included), as it stands in the CSV.
    qint64 maxRecordBytes = kDefaultMaxRecordBytes;

    // Throws Error(Settings) naming the bad setting.
    static ArchiveReadLimits read(const SettingsReader& reader);
    bool operator==(const ArchiveReadLimits&) const = default;
};

// How far one read of an object may go; past a cap the read stops and the object has a problem.
struct ObjectReadCaps {
    qint64 objectBytes = -1;  // compressed bytes; -1: not known (the read then stops at the first problem)
    qint64 contentBytes = 0;  // decompressed bytes
    QString contentBytesRule; // what set contentBytes, as messages name it ("the manifest's content_bytes")
    qint64 recordBytes = 0;   // one CSV record
    qint64 rows = -1;         // data rows after the header; -1: not known

    // From the manifest (object_bytes, content_bytes or else the setting, row_count) and the limits.
    static ObjectReadCaps of(const ArchiveManifest& manifest, const ArchiveReadLimits& limits);
};

// "1 MiB" for whole MiB, else "N bytes": how messages show a cap.
QString capText(qint64 bytes);

} // namespace tidemark::archive
