// A stored density tile (TrackDensity::decode, and decodeSparse that the import's merge reads) on any bytes:
// refused by both, or a tile of exactly 65,536 pixels with no negative count whose encoding reads back as the
// same tile, the sparse form its non-zero pixels ascending and merging into it keeps it a tile; never a
// crash.
#include "trackdensity.h"

#include <cstdint>
#include <cstdlib>

using namespace tidemark::tracks;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const std::optional<DensityCounts> counts = TrackDensity::decode(bytes);
    const std::optional<DensitySparse> sparse = TrackDensity::decodeSparse(bytes);
    if (counts.has_value() != sparse.has_value())
        std::abort();
    if (!counts)
        return 0;
    for (size_t i = 0; i < sparse->size(); ++i)
        if ((*sparse)[i].count <= 0 || (i > 0 && (*sparse)[i].pixel <= (*sparse)[i - 1].pixel) ||
            (*counts)[(*sparse)[i].pixel] != (*sparse)[i].count)
            std::abort();
    // One track taken away from every stored pixel and added back: the same tile.
    std::vector<DensityChange> changes;
    for (const DensityPixel& p : *sparse) {
        changes.push_back({p.pixel, -1});
        changes.push_back({p.pixel, 1});
    }
    if (TrackDensity::combine(*sparse, changes) != sparse)
        std::abort();
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
