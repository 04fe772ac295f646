// The archive manifest parser on any bytes: it accepts them or refuses them with a tidemark::Error, and a
// manifest it accepts writes back (toJson) to bytes that parse to the same manifest.
#include "archivelayout.h"
#include "archivemanifest.h"
#include "error.h"

#include <cstdint>
#include <cstdlib>

using namespace tidemark;
using namespace tidemark::archive;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // The layout of the seed corpus's manifests (the kudos one; the fuzz build has no kudos library).
    static const ArchiveLayout layout{{QStringLiteral("kudos_ledger"), QStringLiteral("kudos_stat_events")},
                                      {QStringLiteral("currency"), QStringLiteral("statistics")}};
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        const ArchiveManifest manifest = ArchiveManifest::parse(bytes, layout);
        if (!(ArchiveManifest::parse(manifest.toJson(), layout) == manifest))
            std::abort();
    } catch (const Error&) {
        // refused, with a reason: what a bad manifest must do
    }
    return 0;
}
