#include "checkedobjectreader.h"

#include "archivestore.h"
#include "csvcontentdigest.h"
#include "error.h"
#include "sha256stream.h"
#include "taskfeedback.h"
#include "zstdstreamreader.h"

#include <exception>

namespace tidemark::archive {

CheckedObjectReader::CheckedObjectReader(ArchiveStore& store, const ArchiveManifest& manifest,
                                         const ArchiveReadLimits& limits)
    : m_store(store), m_manifest(manifest), m_caps(ObjectReadCaps::of(manifest, limits)) {}

void CheckedObjectReader::read(const QString& objectKey, const Sink& sink, TaskFeedback& feedback,
                               const QString& stage) {
    const auto changed = [&](const QString& what) {
        return Error(
            Error::Kind::Refused,
            QStringLiteral("archive object %1 changed after it was verified (%2); nothing was loaded")
                .arg(objectKey, what));
    };
    Sha256Stream objectHash;
    CsvContentDigest content;
    content.setLimits(m_caps.recordBytes, m_caps.rows);
    // An error of the caller's sink passes through the decompressor unchanged; any other is the object's.
    std::exception_ptr sinkError;
    ZstdStreamReader decompressor([&](const char* data, qint64 length) {
        content.feed(data, length);
        try {
            sink(data, length);
        } catch (...) {
            sinkError = std::current_exception();
            throw;
        }
    });
    decompressor.limitOutput(m_caps.contentBytes, m_caps.contentBytesRule);
    m_objectBytes = 0;
    try {
        m_store.read(objectKey, [&](const char* data, qint64 length) {
            if (!feedback.checkpoint())
                throw Error(Error::Kind::Cancelled, QStringLiteral("%1 was cancelled").arg(stage));
            if (m_objectBytes + length > m_caps.objectBytes)
                throw Error(Error::Kind::Failed,
                            QStringLiteral("the object is longer than the manifest's object_bytes %1")
                                .arg(m_caps.objectBytes));
            objectHash.add(data, length);
            m_objectBytes += length;
            decompressor.feed(data, length);
            feedback.report(TaskProgress{stage,
                                         m_objectBytes,
                                         m_manifest.objectBytes,
                                         content.rows(),
                                         content.contentBytes(),
                                         -1,
                                         {}});
        });
        decompressor.finish();
        content.finish();
    } catch (const Error& e) {
        if (sinkError)
            std::rethrow_exception(sinkError);
        if (e.kind() != Error::Kind::Failed)
            throw;
        throw changed(e.message());
    }
    m_rows = content.rows();
    if (objectHash.hex() != m_manifest.objectSha256 || m_objectBytes != m_manifest.objectBytes)
        throw changed(QStringLiteral("object sha256 or size differs from the manifest"));
    if (content.contentSha256() != m_manifest.contentSha256)
        throw changed(QStringLiteral("content sha256 differs from the manifest"));
    if (content.columns() != m_manifest.columns || m_rows != m_manifest.rowCount ||
        content.totals() != m_manifest.totals)
        throw changed(QStringLiteral("columns, row count or totals differ from the manifest"));
}

} // namespace tidemark::archive
