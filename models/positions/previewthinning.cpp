#include "previewthinning.h"

#include <algorithm>

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
    Outcome out;
    const std::vector<PositionRow>& rows = track.rows;
    KeepSet keepSet(settings);
    std::vector<PositionRow>& done = out.survivors;
    std::vector<KeepReasons>& doneReasons = out.reasons;
    done.reserve(rows.size());
    doneReasons.reserve(rows.size());
    std::vector<PositionRow> context;
    std::size_t next = 0;
    const auto byTime = [](const PositionRow& r, Micros t) { return r.observedAt < t; };
    for (const SliceRange& slice : slices) {
        while (next < rows.size() && rows[next].observedAt < slice.begin) {
            done.push_back(rows[next]);
            doneReasons.push_back(0);
            ++next;
        }
        const std::size_t tail =
            std::lower_bound(done.begin(), done.end(), slice.begin - kSliceContext, byTime) - done.begin();
        const std::size_t sliceEnd =
            std::lower_bound(rows.begin() + next, rows.end(), slice.end, byTime) - rows.begin();
        const std::size_t ahead =
            std::lower_bound(rows.begin() + sliceEnd, rows.end(), slice.end + kSliceContext, byTime) -
            rows.begin();
        context.assign(done.begin() + tail, done.end());
        context.insert(context.end(), rows.begin() + next, rows.begin() + ahead);
        const auto errorsFrom =
            std::lower_bound(track.errorInstants.begin(), track.errorInstants.end(), slice.begin);
        const auto errorsTo = std::lower_bound(errorsFrom, track.errorInstants.end(), slice.end);
        const std::vector<KeptRow>& kept =
            keepSet.evaluate(context, std::span<const Micros>(errorsFrom, errorsTo), slice.begin, slice.end);
        for (const KeptRow& k : kept) {
            done.push_back(context[k.index]);
            doneReasons.push_back(k.reasons);
        }
        out.slices += 1;
        out.scanned += static_cast<long long>(sliceEnd - next);
        out.deleted += static_cast<long long>(sliceEnd - next - kept.size());
        next = sliceEnd;
    }
    done.insert(done.end(), rows.begin() + next, rows.end());
    doneReasons.resize(done.size(), 0);
    return out;
}

} // namespace tidemark::positions
