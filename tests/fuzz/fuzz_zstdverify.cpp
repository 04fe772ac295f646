// The verifier on any object bytes: ArchiveVerifier reads them (zstd, then the CSV digest and the per-user
// totals) against a manifest whose row count comes from the first byte. It reports problems or "ok", never
// crashes, and stays bounded in memory and time whatever the object decompresses to (the fuzzer's RSS and
// time limits are the test).
#include "archivelayout.h"
#include "archivemanifest.h"
#include "archiveurl.h"
#include "archiveverifier.h"
#include "memoryarchivestore.h"
#include "sha256stream.h"
#include "taskfeedback.h"

#include <cstdint>

using namespace tidemark;
using namespace tidemark::archive;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 3)
        return 0;
    // The layout of the seed corpus's manifests (the kudos one; the fuzz build has no kudos library).
    static const ArchiveLayout layout{{QStringLiteral("kudos_ledger"), QStringLiteral("kudos_stat_events")},
                                      {QStringLiteral("currency"), QStringLiteral("statistics")}};
    const QByteArray object(reinterpret_cast<const char*>(data + 3), static_cast<qsizetype>(size - 3));
    const QString key = archiveObjectKey(layout, QStringLiteral("currency"), QStringLiteral("kudos_ledger"),
                                         QStringLiteral("kudos_ledger_initial"), 0, 7 * kMicrosPerDay);
    ArchiveManifest manifest;
    manifest.dataset = QStringLiteral("kudos_ledger");
    manifest.tier = QStringLiteral("currency");
    manifest.partition = QStringLiteral("kudos_ledger_initial");
    manifest.createdFrom = 0;
    manifest.createdTo = 7 * kMicrosPerDay;
    manifest.rowCount = data[0] & 0x7f;
    if (data[0] & 0x80) {
        manifest.schemaVersion = 1;
    } else {
        manifest.contentBytes = 16 * ((qint64(data[1]) << 8) | data[2]);
    }
    manifest.columns = QStringList{QStringLiteral("id"), QStringLiteral("user_id"), QStringLiteral("escrow"),
                                   QStringLiteral("amount")};
    if (manifest.rowCount > 0)
        manifest.totals.insert(QStringLiteral("1"), ControlTotal{100, 0, manifest.rowCount});
    manifest.contentSha256 = QString(64, QLatin1Char('0'));
    Sha256Stream digest;
    digest.add(object.constData(), object.size());
    manifest.objectSha256 = digest.hex();
    manifest.objectBytes = std::max<qint64>(1, object.size());
    manifest.exporter = QStringLiteral("fuzz");
    fuzz::MemoryArchiveStore store;
    store.objects.insert(key, object);
    store.objects.insert(manifestKeyFor(key), manifest.toJson());
    ArchiveReadLimits limits;
    limits.maxContentBytes = 4 << 20; // the setting's cap for version 1 manifests, small enough to fuzz
    limits.maxRecordBytes = 64 << 10;
    TaskFeedback feedback;
    ArchiveVerifier(store, layout, limits).verify(key, nullptr, feedback);
    return 0;
}
