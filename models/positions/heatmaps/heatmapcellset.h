#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

namespace tidemark::positions {

// A sparse set of raster cells (i, j) of one local plane, stored as 256 × 256 bit tiles in a hash map, so a
// track spread over kilometres costs memory only where it has cells. Cell indices may be negative.
class HeatmapCellSet {
  public:
    static constexpr int kTileShift = 8;
    static constexpr int kTileSize = 1 << kTileShift;
    static constexpr int kWordsPerRow = kTileSize / 64;

    struct Bounds {
        std::int32_t iMin = 0, iMax = -1, jMin = 0, jMax = -1; // inclusive; empty when iMax < iMin
        bool empty() const { return iMax < iMin; }
    };

    HeatmapCellSet() = default;
    HeatmapCellSet(const HeatmapCellSet& other);
    HeatmapCellSet& operator=(const HeatmapCellSet& other);
    HeatmapCellSet(HeatmapCellSet&&) noexcept = default;
    HeatmapCellSet& operator=(HeatmapCellSet&&) noexcept = default;

    void insert(std::int32_t i, std::int32_t j) { insertRun(j, i, i); }
    // Cells i0..i1 (inclusive) of row j.
    void insertRun(std::int32_t j, std::int32_t i0, std::int32_t i1);
    bool contains(std::int32_t i, std::int32_t j) const;

    std::int64_t count() const;
    bool empty() const { return count() == 0; }
    Bounds bounds() const;
    std::size_t tileCount() const { return m_tiles.size(); }
    std::size_t memoryBytes() const;

    // Cells of this set that are not in `other`.
    HeatmapCellSet minus(const HeatmapCellSet& other) const;
    bool operator==(const HeatmapCellSet& other) const;

    // Maximal runs of consecutive cells per row, rows ascending, runs left to right (merged across tiles).
    void forEachRun(const std::function<void(std::int32_t j, std::int32_t i0, std::int32_t i1)>& visit) const;

  private:
    struct Tile {
        std::array<std::uint64_t, kTileSize * kWordsPerRow> words{};
    };
    static std::uint64_t key(std::int32_t tx, std::int32_t ty) {
        return (std::uint64_t(std::uint32_t(ty)) << 32) | std::uint32_t(tx);
    }
    static std::int32_t keyX(std::uint64_t k) { return std::int32_t(std::uint32_t(k)); }
    static std::int32_t keyY(std::uint64_t k) { return std::int32_t(std::uint32_t(k >> 32)); }
    Tile& tileAt(std::int32_t tx, std::int32_t ty);
    const Tile* findTile(std::int32_t tx, std::int32_t ty) const;
    static bool tileEmpty(const Tile& t);

    std::unordered_map<std::uint64_t, std::unique_ptr<Tile>> m_tiles;
    // The stampers write row runs close to each other: most lookups hit the previous tile.
    std::uint64_t m_lastKey = 0;
    Tile* m_lastTile = nullptr;
};

} // namespace tidemark::positions
