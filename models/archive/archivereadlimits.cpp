#include "archivereadlimits.h"

#include "archivemanifest.h"
#include "settingsreader.h"

namespace tidemark::archive {

ArchiveReadLimits ArchiveReadLimits::read(const SettingsReader& reader) {
    constexpr qint64 kMiB = qint64(1) << 20;
    constexpr qint64 kGiB = qint64(1) << 30;
    ArchiveReadLimits limits;
    limits.maxContentBytes = reader.integer(
        QStringLiteral("TIDEMARK_ARCHIVE_MAX_CONTENT_BYTES"), kDefaultMaxContentBytes,
        [](long long v) { return v >= kMiB; }, QStringLiteral("must be a byte count of at least 1048576"));
    // A record is held whole while it is read: this cap is the reader's memory.
    limits.maxRecordBytes = reader.integer(
        QStringLiteral("TIDEMARK_ARCHIVE_MAX_RECORD_BYTES"), kDefaultMaxRecordBytes,
        [](long long v) { return v >= 1024 && v <= kGiB; }, QStringLiteral("must be 1024-1073741824 bytes"));
    return limits;
}

ObjectReadCaps ObjectReadCaps::of(const ArchiveManifest& manifest, const ArchiveReadLimits& limits) {
    ObjectReadCaps caps;
    caps.objectBytes = manifest.objectBytes;
    if (manifest.contentBytes) {
        caps.contentBytes = *manifest.contentBytes;
        caps.contentBytesRule = QStringLiteral("the manifest's content_bytes");
    } else {
        caps.contentBytes = limits.maxContentBytes;
        caps.contentBytesRule =
            QStringLiteral("TIDEMARK_ARCHIVE_MAX_CONTENT_BYTES (the manifest has no content_bytes)");
    }
    caps.recordBytes = limits.maxRecordBytes;
    caps.rows = manifest.rowCount;
    return caps;
}

QString capText(qint64 bytes) {
    constexpr qint64 kMiB = qint64(1) << 20;
    if (bytes >= kMiB && bytes % kMiB == 0)
        return QStringLiteral("%1 MiB").arg(bytes / kMiB);
    return QStringLiteral("%1 bytes").arg(bytes);
}

} // namespace tidemark::archive
