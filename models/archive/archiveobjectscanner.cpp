#include "archiveobjectscanner.h"

#include "archivestore.h"
#include "csvarchiveencoder.h"
#include "error.h"
#include "sha256stream.h"
#include "taskfeedback.h"
#include "zstdstreamreader.h"

namespace tidemark::archive {

ObjectScan ArchiveObjectScanner::scan(ArchiveStore& store, const QString& key, TaskFeedback* feedback) {
    ObjectScan scan;
    Sha256Stream objectHash;
    // The CSV digest runs on the encoder's worker thread while this one reads, hashes and decompresses.
    CsvArchiveEncoder encoder(nullptr, ZstdStreamWriter::kDefaultLevel);
    ZstdStreamReader decompressor([&](const char* data, qint64 length) { encoder.write(data, length); });
    store.read(key, [&](const char* data, qint64 length) {
        if (feedback && !feedback->checkpoint())
            throw Error(Error::Kind::Cancelled, QStringLiteral("reading %1 was cancelled").arg(key));
        objectHash.add(data, length);
        scan.objectBytes += length;
        if (!scan.contentProblem.isEmpty())
            return; // keep hashing the object after the content failed
        try {
            decompressor.feed(data, length);
        } catch (const Error& e) {
            if (e.kind() != Error::Kind::Failed)
                throw;
            scan.contentProblem = e.message();
        }
        if (feedback)
            feedback->report(
                TaskProgress{QStringLiteral("reading %1").arg(key), 0, -1, -1, scan.objectBytes, -1, {}});
    });
    if (scan.contentProblem.isEmpty()) {
        try {
            decompressor.finish();
            encoder.finish();
        } catch (const Error& e) {
            if (e.kind() != Error::Kind::Failed)
                throw;
            scan.contentProblem = e.message();
        }
    }
    encoder.abort(); // after a failure: the worker has stopped; the digest covers the part before it
    const CsvContentDigest& content = encoder.content();
    scan.objectSha256 = objectHash.hex();
    scan.contentSha256 = content.contentSha256();
    scan.contentBytes = content.contentBytes();
    scan.columns = content.columns();
    scan.rows = content.rows();
    scan.totals = content.totals();
    return scan;
}

} // namespace tidemark::archive
