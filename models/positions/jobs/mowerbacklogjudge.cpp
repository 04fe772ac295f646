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

// Where a judge reads a mower's rows: the table, a range at a time, or the mower's whole backlog read once.
class RowSource {
  public:
    RowSource(PositionLoader& loader, const QUuid& mowerId, std::optional<MowerTrack> whole)
        : m_loader(loader), m_mowerId(mowerId), m_whole(std::move(whole)) {}

    std::optional<Micros> nextRow(Micros from, Micros to) {
        if (!m_whole)
            return m_loader.nextRow(m_mowerId, from, to);
        const auto it = std::lower_bound(m_whole->rows.begin(), m_whole->rows.end(), from, byTime);
        if (it == m_whole->rows.end() || it->observedAt >= to)
            return std::nullopt;
        return it->observedAt;
    }
    MowerTrack load(Micros from, Micros to) {
        if (!m_whole)
            return m_loader.load(m_mowerId, from, to);
        MowerTrack t;
        t.mowerId = m_mowerId;
        t.rows = between(m_whole->rows, from, to);
        const auto e = std::lower_bound(m_whole->errorInstants.begin(), m_whole->errorInstants.end(), from);
        t.errorInstants.assign(e, std::lower_bound(e, m_whole->errorInstants.end(), to));
        return t;
    }

  private:
    PositionLoader& m_loader;
    QUuid m_mowerId;
    std::optional<MowerTrack> m_whole;
};

} // namespace

std::vector<JudgedBacklog> MowerBacklogJudge::judge(PositionLoader& loader,
                                                    std::span<const SliceRange> slices,
                                                    std::span<const PositionSettings> settings, Micros now,
                                                    Micros rowsFrom, Micros rangeLength, bool readAtOnce,
                                                    bool checkCoverage) {
    if (slices.empty())
        return std::vector<JudgedBacklog>(settings.size());
    std::optional<MowerTrack> whole;
    if (readAtOnce)
        whole = loader.load(slices.front().mowerId, std::max(rowsFrom, slices.front().begin - kSliceContext),
                            slices.back().end + kSliceContext);
    RowSource source(loader, slices.front().mowerId, std::move(whole));
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
            source.nextRow(std::max(rowsFrom, slices[first].begin), slices.back().end);
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
            source.load(std::max({rowsFrom, begin - kSliceContext, loadedUpTo}), end + kSliceContext);
        const std::span<const SliceRange> rangeSlices = slices.subspan(first, last - first + 1);
        const std::vector<PositionRow> raw =
            checkCoverage ? between(track.rows, begin, end) : std::vector<PositionRow>{};
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
            if (checkCoverage) {
                const std::vector<PositionRow> survivors = between(out.survivors, begin, end);
                const CoverageCheck check = checkRangeCoverage(raw, survivors, now, *c.settings);
                if (check.verdict != CoverageCheck::Verdict::NoCoverage &&
                    (std::isnan(c.judged.worstDeviation) || check.deviation > c.judged.worstDeviation)) {
                    c.judged.worstDeviation = check.deviation;
                    c.judged.worstRangeBegin = begin;
                }
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
