#include "inmemorypositionstore.h"

#include "sliceplanner.h"

#include <algorithm>

namespace tidemark::positions {

InMemoryPositionStore::InMemoryPositionStore(std::vector<MowerTrack> tracks)
    : m_tracks(std::move(tracks)), m_reasons(m_tracks.size()), m_watermarks(m_tracks.size()) {
    for (std::size_t k = 0; k < m_tracks.size(); ++k)
        m_reasons[k].assign(m_tracks[k].rows.size(), 0);
}

long InMemoryPositionStore::indexOf(const QUuid& mowerId) const {
    for (std::size_t k = 0; k < m_tracks.size(); ++k)
        if (m_tracks[k].mowerId == mowerId)
            return static_cast<long>(k);
    return -1;
}

InMemoryPositionStore::Totals InMemoryPositionStore::thinUntil(Micros cutoff, const PositionSettings& settings) {
    KeepSet keepSet(settings);
    Totals totals;
    for (std::size_t k = 0; k < m_tracks.size(); ++k) {
        const Totals t = thinTrack(k, cutoff, keepSet);
        totals.slices += t.slices;
        totals.scanned += t.scanned;
        totals.deleted += t.deleted;
    }
    return totals;
}

// Rebuilds the track into `done` slice by slice: each slice's context is the tail of `done` (already
// thinned) followed by the untouched rows ahead, so the whole pass stays linear in the track's length.
InMemoryPositionStore::Totals InMemoryPositionStore::thinTrack(std::size_t track, Micros cutoff, KeepSet& keepSet) {
    Totals totals;
    MowerTrack& mower = m_tracks[track];
    std::vector<PositionRow>& rows = mower.rows;
    std::vector<KeepReasons>& reasons = m_reasons[track];
    const std::optional<Micros> oldest = rows.empty() ? std::nullopt : std::optional<Micros>(rows.front().observedAt);
    const std::vector<SliceRange> slices = SlicePlanner::plan(mower.mowerId, m_watermarks[track], oldest, cutoff);
    if (slices.empty())
        return totals;

    std::vector<PositionRow> done;
    std::vector<KeepReasons> doneReasons;
    done.reserve(rows.size());
    doneReasons.reserve(rows.size());
    std::size_t next = 0; // first row of `rows` not yet moved to `done`
    const auto byTime = [](const PositionRow& r, Micros t) { return r.observedAt < t; };
    for (const SliceRange& slice : slices) {
        while (next < rows.size() && rows[next].observedAt < slice.begin) {
            done.push_back(rows[next]);
            doneReasons.push_back(reasons[next]);
            ++next;
        }
        const std::size_t tail = std::lower_bound(done.begin(), done.end(), slice.begin - kSliceContext, byTime) - done.begin();
        const std::size_t sliceEnd = std::lower_bound(rows.begin() + next, rows.end(), slice.end, byTime) - rows.begin();
        const std::size_t ahead = std::lower_bound(rows.begin() + sliceEnd, rows.end(), slice.end + kSliceContext, byTime) - rows.begin();
        m_context.assign(done.begin() + tail, done.end());
        m_context.insert(m_context.end(), rows.begin() + next, rows.begin() + ahead);

        const auto errorsFrom = std::lower_bound(mower.errorInstants.begin(), mower.errorInstants.end(), slice.begin);
        const auto errorsTo = std::lower_bound(errorsFrom, mower.errorInstants.end(), slice.end);
        const std::vector<KeptRow>& kept =
            keepSet.evaluate(m_context, std::span<const Micros>(errorsFrom, errorsTo), slice.begin, slice.end);
        for (const KeptRow& k : kept) {
            done.push_back(m_context[k.index]);
            doneReasons.push_back(k.reasons);
        }
        totals.slices += 1;
        totals.scanned += static_cast<long long>(sliceEnd - next);
        totals.deleted += static_cast<long long>(sliceEnd - next - kept.size());
        next = sliceEnd;
        m_watermarks[track] = slice.end;
    }
    done.insert(done.end(), rows.begin() + next, rows.end());
    doneReasons.insert(doneReasons.end(), reasons.begin() + next, reasons.end());
    rows = std::move(done);
    reasons = std::move(doneReasons);
    return totals;
}

} // namespace tidemark::positions
