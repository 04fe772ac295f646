// The archive marker parser (tidemark-archive.json, read from the archive before anything else) on any bytes:
// it accepts them or refuses them with a tidemark::Error, and a marker it accepts writes back (toJson) to
// bytes that parse to the same marker.
#include "archivemarker.h"
#include "error.h"

#include <cstdint>
#include <cstdlib>

using namespace tidemark;
using namespace tidemark::archive;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const QString where = QStringLiteral("fuzz");
    try {
        const ArchiveMarker marker = ArchiveMarker::parse(bytes, where);
        if (!(ArchiveMarker::parse(marker.toJson(), where) == marker))
            std::abort();
    } catch (const Error&) {
        // refused, with a reason: what a bad marker must do
    }
    return 0;
}
