#include "mowerbacklogjudge.h"

#include "positionloader.h"
#include "slicethinning.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace tidemark::positions {

namespace {

const auto byTime = [](const PositionRow& r, Micros t) { return r.observedAt < t; };

std::vector<PositionRow> between(std::span<const PositionRow> rows, Micros from, Micros to) {
    const auto first = std::lower_bound(rows.begin(), rows.end(), from, byTime);
    const auto last = std::lower_bound(first, rows.end(), to, byTime);
    return {first, last};
}

// One set of settings' chain through the ranges: its keep_set and the survivors it carries as the next
// range's thinned context.
struct Chain {
    const PositionSettings* settings;
    std::unique_ptr<KeepSet> keepSet;
    std::vector<PositionRow> carried;
    JudgedBacklog judged;
    bool stopped = false;
};

} // namespace

std::vector<JudgedBacklog> MowerBacklogJudge::judge(PositionLoader& loader,
                                                    std::span<const SliceRange> slices,
                                                    std::span<const PositionSettings> settings, Micros now,
                                                    Micros rowsFrom, Micros rangeLength) {
    std::vector<Chain> chains;
    for (const PositionSettings& s : settings)
        chains.push_back(Chain{&s, std::make_unique<KeepSet>(s), {}, {}, false});
    const auto sliceOf = [&](Micros t) {
        return std::size_t(std::upper_bound(slices.begin(), slices.end(), t,
                                            [](Micros at, const SliceRange& r) { return at < r.end; }) -
                           slices.begin());
    };
    std::size_t first = 0;
    Micros loadedUpTo = std::numeric_limits<Micros>::min(); // the rows before it are in the chains
    while (first < slices.size()) {
        // Slices without a row are skipped: a range starts at the slice of the next row.
        const std::optional<Micros> next =
            loader.nextRow(slices[first].mowerId, std::max(rowsFrom, slices[first].begin), slices.back().end);
        if (!next)
            break;
        first = sliceOf(*next);
        const Micros begin = slices[first].begin;
        std::size_t last = first;
        while (last + 1 < slices.size() && slices[last + 1].begin < begin + rangeLength)
            ++last;
        const Micros end = slices[last].end;
        // The context behind the range: the table's (thinned by earlier rounds) before the first range, the
        // chains' survivors after it.
        const MowerTrack track =
            loader.load(slices[first].mowerId, std::max({rowsFrom, begin - kSliceContext, loadedUpTo}),
                        end + kSliceContext);
        const std::span<const SliceRange> rangeSlices = slices.subspan(first, last - first + 1);
        const std::vector<PositionRow> raw = between(track.rows, begin, end);
        for (Chain& c : chains) {
            if (c.stopped)
                continue;
            std::vector<PositionRow> rows = std::move(c.carried);
            rows.insert(rows.end(), track.rows.begin(), track.rows.end());
            const SliceThinning out =
                SliceThinning::run(rows, {}, track.errorInstants, rangeSlices, *c.keepSet);
            c.judged.slices += out.slices;
            c.judged.scanned += out.scanned;
            c.judged.kept += out.scanned - out.deleted;
            if (out.failure) {
                c.judged.failure = out.failure->describe(slices[first].mowerId);
                c.stopped = true;
                continue;
            }
            const std::vector<PositionRow> survivors = between(out.survivors, begin, end);
            const CoverageCheck check = checkCoverage(raw, survivors, now, *c.settings);
            if (check.verdict != CoverageCheck::Verdict::NoCoverage &&
                (std::isnan(c.judged.worstDeviation) || check.deviation > c.judged.worstDeviation)) {
                c.judged.worstDeviation = check.deviation;
                c.judged.worstRangeBegin = begin;
            }
            c.carried = between(out.survivors, end - kSliceContext, end);
        }
        loadedUpTo = end;
        first = last + 1;
    }
    std::vector<JudgedBacklog> out;
    for (Chain& c : chains)
        out.push_back(std::move(c.judged));
    return out;
}

} // namespace tidemark::positions
