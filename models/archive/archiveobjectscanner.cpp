#include "archiveobjectscanner.h"

#include "archivestore.h"
#include "csvarchiveencoder.h"
#include "error.h"
#include "sha256stream.h"
#include "taskfeedback.h"
#include "zstdstreamreader.h"

namespace tidemark::archive {

namespace {
struct StopReading {}; // thrown through the store's read to end it early
} // namespace

ObjectScan ArchiveObjectScanner::scan(ArchiveStore& store, const QString& key, const ObjectReadCaps& caps,
                                      TaskFeedback& feedback) {
    ObjectScan scan;
    Sha256Stream objectHash;
    // The CSV digest runs on the encoder's worker thread while this one reads, hashes and decompresses.
    CsvArchiveEncoder encoder(nullptr, ZstdStreamWriter::kDefaultLevel);
    encoder.limitContent(caps.recordBytes, caps.rows);
    ZstdStreamReader decompressor([&](const char* data, qint64 length) { encoder.write(data, length); });
    decompressor.limitOutput(caps.contentBytes, caps.contentBytesRule);
    const auto contentFails = [&](const auto& step) {
        try {
            step();
        } catch (const Error& e) {
            if (e.kind() != Error::Kind::Failed)
                throw;
            scan.contentProblem = e.message();
        }
    };
    try {
        store.read(key, [&](const char* data, qint64 length) {
            if (!feedback.checkpoint()) {
                scan.cancelled = true;
                throw StopReading{};
            }
            qint64 taken = length;
            if (caps.objectBytes >= 0 && scan.objectBytes + length > caps.objectBytes)
                taken = caps.objectBytes - scan.objectBytes;
            objectHash.add(data, taken);
            scan.objectBytes += taken;
            if (scan.contentProblem.isEmpty() && taken > 0)
                contentFails([&] { decompressor.feed(data, taken); });
            if (taken < length) {
                scan.objectLonger = true;
                if (scan.contentProblem.isEmpty())
                    scan.contentProblem =
                        QStringLiteral("the read stopped after %1 bytes of the object").arg(caps.objectBytes);
                throw StopReading{};
            }
            if (!scan.contentProblem.isEmpty() && caps.objectBytes < 0)
                throw StopReading{};
            feedback.report(TaskProgress{QStringLiteral("reading %1").arg(key),
                                         scan.objectBytes,
                                         caps.objectBytes,
                                         -1,
                                         scan.objectBytes,
                                         -1,
                                         {}});
        });
    } catch (const StopReading&) {
    }
    if (scan.contentProblem.isEmpty() && !scan.cancelled)
        contentFails([&] {
            decompressor.finish();
            encoder.finish();
        });
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

QString shortSha(const QString& hex) {
    return hex.left(12) + QStringLiteral("..");
}

} // namespace tidemark::archive
