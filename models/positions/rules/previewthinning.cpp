#include "previewthinning.h"

namespace tidemark::positions {

std::vector<SliceRange> PreviewThinning::slicesFor(std::span<const SliceRange> plan, Micros from, Micros to) {
    std::vector<SliceRange> picked;
    for (std::size_t k = 0; k < plan.size(); ++k) {
        if (plan[k].end <= from || plan[k].begin >= to)
            continue;
        if (picked.empty() && k > 0)
            picked.push_back(plan[k - 1]);
        picked.push_back(plan[k]);
    }
    return picked;
}

PreviewThinning::Outcome PreviewThinning::run(const MowerTrack& track, std::span<const SliceRange> slices,
                                              const PositionSettings& settings) {
    KeepSet keepSet(settings);
    return SliceThinning::run(track.rows, {}, track.errorInstants, slices, keepSet);
}

} // namespace tidemark::positions
