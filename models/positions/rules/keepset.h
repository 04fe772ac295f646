#pragma once

#include "positionrow.h"
#include "positionsettings.h"

#include <QString>
#include <cstdint>
#include <span>
#include <vector>

namespace tidemark::positions {

// Why a row survives thinning (spec/positions.md, "keep_set"); bits in the order of the spec's text.
enum class KeepReason : std::uint8_t { Bin = 1, Gap = 2, Blades = 4, Rtk = 8, Turn = 16, Error = 32 };
using KeepReasons = std::uint8_t;

constexpr KeepReasons reasonBit(KeepReason r) {
    return static_cast<KeepReasons>(r);
}
constexpr bool hasReason(KeepReasons set, KeepReason r) {
    return (set & reasonBit(r)) != 0;
}
// "bin|gap|turn": the names joined with '|' in the order bin, gap, blades, rtk, turn, error; "" for none.
QString keepReasonsText(KeepReasons reasons);

// Index into the context rows and the reasons it is kept for.
struct KeptRow {
    std::uint32_t index = 0;
    KeepReasons reasons = 0;
};

// The pure keep_set. Input: the rows of one mower in [begin − 10 min, end + 10 min) in time order (as the
// table holds them, earlier slices already thinned), the mower's error instants (sorted; any superset of
// the range is fine), the settings and the slice [begin, end). Output: the kept rows of the slice.
// An object so that its scratch buffers are reused from slice to slice (no allocation per row).
class KeepSet {
  public:
    explicit KeepSet(const PositionSettings& settings);

    const std::vector<KeptRow>& evaluate(std::span<const PositionRow> context,
                                         std::span<const Micros> errorInstants, Micros sliceBegin,
                                         Micros sliceEnd);

    // The turn rule's neighbours of row i inside the context set by setContext (or the last evaluate):
    // the latest row before i and the earliest after i at least 0.3 m away; -1 when there is none.
    void setContext(std::span<const PositionRow> context);
    long turnPredecessor(std::size_t i);
    long turnSuccessor(std::size_t i);

  private:
    // The same searches on m_context, reusing its tree.
    long predecessor(std::size_t i);
    long successor(std::size_t i);
    struct Box {
        double minX, maxX, minY, maxY;
    };
    void prepareSearch(std::span<const PositionRow> context);
    void buildTree(std::size_t node, std::size_t lo, std::size_t hi);
    bool farFromBox(const Box& box, std::size_t i) const;
    long searchBack(std::size_t node, std::size_t lo, std::size_t hi, std::size_t limit, std::size_t i) const;
    long searchForward(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from,
                       std::size_t i) const;
    bool farEnough(std::size_t a, std::size_t b) const;

    Micros m_activeWidth;
    Micros m_idleWidth;
    double m_turnRadians;
    std::vector<KeptRow> m_kept;
    // Steps between consecutive context rows: step k goes from row k−1 to row k.
    std::vector<double> m_stepDx, m_stepDy, m_stepDist, m_stepBearing;
    // The lazily built bounding-box tree over a fixed local plane, used only when the nearest row ≥ 0.3 m
    // is more than a few rows away (standing jitter): it keeps that search logarithmic, not linear.
    std::span<const PositionRow> m_context;
    bool m_treeReady = false;
    bool m_treeUsable = false;
    double m_pruneScale = 1;
    std::vector<double> m_x, m_y;
    std::vector<Box> m_tree;
};

// Convenience for tests and tools: a fresh KeepSet, one call.
std::vector<KeptRow> keepSet(std::span<const PositionRow> context, std::span<const Micros> errorInstants,
                             const PositionSettings& settings, Micros sliceBegin, Micros sliceEnd);

} // namespace tidemark::positions
