#include "inmemorypositionstore.h"

#include "sliceplanner.h"

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

InMemoryPositionStore::Totals InMemoryPositionStore::thinUntil(Micros cutoff,
                                                               const PositionSettings& settings) {
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

InMemoryPositionStore::Totals InMemoryPositionStore::thinTrack(std::size_t track, Micros cutoff,
                                                               KeepSet& keepSet) {
    MowerTrack& mower = m_tracks[track];
    const std::optional<Micros> oldest =
        mower.rows.empty() ? std::nullopt : std::optional<Micros>(mower.rows.front().observedAt);
    const std::vector<SliceRange> slices =
        SlicePlanner::plan(mower.mowerId, m_watermarks[track], oldest, cutoff);
    if (slices.empty())
        return {};
    SliceThinning thinned =
        SliceThinning::run(mower.rows, m_reasons[track], mower.errorInstants, slices, keepSet);
    mower.rows = std::move(thinned.survivors);
    m_reasons[track] = std::move(thinned.reasons);
    if (thinned.failure) {
        // The watermark stays where the failing slice begins, as the round's rolled-back slice leaves it.
        if (thinned.failure->slice.begin != slices.front().begin)
            m_watermarks[track] = thinned.failure->slice.begin;
        m_failures.push_back({mower.mowerId, *thinned.failure});
    } else {
        m_watermarks[track] = slices.back().end;
    }
    return {thinned.slices, thinned.scanned, thinned.deleted};
}

} // namespace tidemark::positions
