#pragma once

#include "keepset.h"
#include "positionrow.h"
#include "positionsettings.h"
#include "slicethinning.h"

#include <optional>
#include <vector>

namespace tidemark::positions {

// Position tracks in memory, thinned exactly as the database is: per mower, slice by slice from its
// watermark (or oldest row) to the cutoff, each slice seeing the already thinned rows before it. Keeps the
// reasons of every surviving row of a thinned slice (0 for rows never thinned: recent, or behind a
// watermark).
class InMemoryPositionStore {
  public:
    struct Totals {
        long long slices = 0;
        long long scanned = 0; // rows of the thinned slices
        long long deleted = 0;
    };

    explicit InMemoryPositionStore(std::vector<MowerTrack> tracks);

    Totals thinUntil(Micros cutoff, const PositionSettings& settings);

    const std::vector<MowerTrack>& tracks() const { return m_tracks; }
    // Parallel to tracks()[track].rows.
    const std::vector<KeepReasons>& reasons(std::size_t track) const { return m_reasons[track]; }
    std::optional<Micros> watermark(std::size_t track) const { return m_watermarks[track]; }
    // Mowers whose thinning stopped at a row without a finite position, as a round reports them.
    struct Failure {
        QUuid mowerId;
        SliceThinning::Failure failure;
    };
    const std::vector<Failure>& failures() const { return m_failures; }
    // Index of the mower's track, or -1.
    long indexOf(const QUuid& mowerId) const;

  private:
    Totals thinTrack(std::size_t track, Micros cutoff, KeepSet& keepSet);

    std::vector<MowerTrack> m_tracks;
    std::vector<std::vector<KeepReasons>> m_reasons;
    std::vector<std::optional<Micros>> m_watermarks;
    std::vector<Failure> m_failures;
};

} // namespace tidemark::positions
