// A stored density tile (TrackDensity::decode) on any bytes: refused, or a tile of exactly 65,536 pixels
// with no negative count whose encoding reads back as the same tile, never a crash.
#include "trackdensity.h"

#include <cstdint>
#include <cstdlib>

using namespace tidemark::tracks;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const std::optional<DensityCounts> counts = TrackDensity::decode(bytes);
    if (!counts)
        return 0;
    if (counts->size() != static_cast<size_t>(TrackDensity::kPixels))
        std::abort();
    for (qint32 c : *counts)
        if (c < 0)
            std::abort();
    // Varints may be written with redundant zero groups; a tile read back and written again reads the same.
    const QByteArray again = TrackDensity::encode(*counts);
    if (TrackDensity::decode(again) != counts)
        std::abort();
    return 0;
}
