#include "heatmapcellset.h"

#include <algorithm>
#include <bit>

namespace tidemark::positions {

HeatmapCellSet::HeatmapCellSet(const HeatmapCellSet& other) {
    *this = other;
}

HeatmapCellSet& HeatmapCellSet::operator=(const HeatmapCellSet& other) {
    if (this == &other)
        return *this;
    m_tiles.clear();
    m_lastTile = nullptr;
    for (const auto& [k, tile] : other.m_tiles)
        m_tiles.emplace(k, std::make_unique<Tile>(*tile));
    return *this;
}

HeatmapCellSet::Tile& HeatmapCellSet::tileAt(std::int32_t tx, std::int32_t ty) {
    const std::uint64_t k = key(tx, ty);
    if (m_lastTile && m_lastKey == k)
        return *m_lastTile;
    auto& slot = m_tiles[k];
    if (!slot)
        slot = std::make_unique<Tile>();
    m_lastKey = k;
    m_lastTile = slot.get();
    return *slot;
}

const HeatmapCellSet::Tile* HeatmapCellSet::findTile(std::int32_t tx, std::int32_t ty) const {
    const auto it = m_tiles.find(key(tx, ty));
    return it == m_tiles.end() ? nullptr : it->second.get();
}

void HeatmapCellSet::insertRun(std::int32_t j, std::int32_t i0, std::int32_t i1) {
    if (i1 < i0)
        return;
    const std::int32_t ty = j >> kTileShift; // arithmetic shift: floor for negative rows (C++20)
    const int row = j & (kTileSize - 1);
    for (std::int32_t tx = i0 >> kTileShift; tx <= (i1 >> kTileShift); ++tx) {
        const std::int32_t base = tx * kTileSize;
        const int a = std::max(i0, base) - base;
        const int b = std::min(i1, base + kTileSize - 1) - base;
        std::uint64_t* words = tileAt(tx, ty).words.data() + row * kWordsPerRow;
        for (int w = a >> 6; w <= (b >> 6); ++w) {
            const int lo = std::max(a, w * 64) - w * 64;
            const int hi = std::min(b, w * 64 + 63) - w * 64;
            const std::uint64_t upper = hi == 63 ? ~std::uint64_t(0) : ((std::uint64_t(1) << (hi + 1)) - 1);
            words[w] |= upper & (~std::uint64_t(0) << lo);
        }
    }
}

bool HeatmapCellSet::contains(std::int32_t i, std::int32_t j) const {
    const Tile* t = findTile(i >> kTileShift, j >> kTileShift);
    if (!t)
        return false;
    const int col = i & (kTileSize - 1);
    const int row = j & (kTileSize - 1);
    return (t->words[row * kWordsPerRow + (col >> 6)] >> (col & 63)) & 1;
}

namespace {
// The x86-64 baseline has no popcnt instruction: std::popcount is a libgcc call there, which took a quarter
// of a forecast's time. The bit-parallel count inlines, and most words of a sparse tile are zero.
int bitsSet(std::uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return int((x * 0x0101010101010101ULL) >> 56);
}
} // namespace

std::int64_t HeatmapCellSet::count() const {
    std::int64_t n = 0;
    for (const auto& [k, tile] : m_tiles)
        for (std::uint64_t w : tile->words)
            if (w != 0)
                n += bitsSet(w);
    return n;
}

bool HeatmapCellSet::tileEmpty(const Tile& t) {
    return std::all_of(t.words.begin(), t.words.end(), [](std::uint64_t w) { return w == 0; });
}

std::size_t HeatmapCellSet::memoryBytes() const {
    return m_tiles.size() * (sizeof(Tile) + sizeof(std::uint64_t) + 4 * sizeof(void*)) +
           m_tiles.bucket_count() * sizeof(void*);
}

HeatmapCellSet::Bounds HeatmapCellSet::bounds() const {
    Bounds b;
    forEachRun([&b](std::int32_t j, std::int32_t i0, std::int32_t i1) {
        if (b.empty()) {
            b = {i0, i1, j, j};
            return;
        }
        b.iMin = std::min(b.iMin, i0);
        b.iMax = std::max(b.iMax, i1);
        b.jMin = std::min(b.jMin, j);
        b.jMax = std::max(b.jMax, j);
    });
    return b;
}

HeatmapCellSet HeatmapCellSet::minus(const HeatmapCellSet& other) const {
    HeatmapCellSet result;
    for (const auto& [k, tile] : m_tiles) {
        auto copy = std::make_unique<Tile>(*tile);
        if (const Tile* o = other.findTile(keyX(k), keyY(k)))
            for (std::size_t w = 0; w < copy->words.size(); ++w)
                copy->words[w] &= ~o->words[w];
        if (!tileEmpty(*copy))
            result.m_tiles.emplace(k, std::move(copy));
    }
    return result;
}

bool HeatmapCellSet::operator==(const HeatmapCellSet& other) const {
    const auto covers = [](const HeatmapCellSet& a, const HeatmapCellSet& b) {
        for (const auto& [k, tile] : a.m_tiles) {
            const Tile* o = b.findTile(keyX(k), keyY(k));
            if (!o ? !tileEmpty(*tile) : tile->words != o->words)
                return false;
        }
        return true;
    };
    return covers(*this, other) && covers(other, *this);
}

void HeatmapCellSet::forEachRun(
    const std::function<void(std::int32_t, std::int32_t, std::int32_t)>& visit) const {
    std::vector<std::uint64_t> keys;
    keys.reserve(m_tiles.size());
    for (const auto& [k, tile] : m_tiles)
        keys.push_back(k);
    // Row-major order of tiles: by ty, then tx.
    std::sort(keys.begin(), keys.end(), [](std::uint64_t a, std::uint64_t b) {
        return keyY(a) != keyY(b) ? keyY(a) < keyY(b) : keyX(a) < keyX(b);
    });
    std::size_t groupStart = 0;
    while (groupStart < keys.size()) {
        std::size_t groupEnd = groupStart;
        while (groupEnd < keys.size() && keyY(keys[groupEnd]) == keyY(keys[groupStart]))
            ++groupEnd;
        const std::int32_t ty = keyY(keys[groupStart]);
        for (int row = 0; row < kTileSize; ++row) {
            bool open = false;
            std::int32_t runStart = 0, runEnd = 0;
            for (std::size_t g = groupStart; g < groupEnd; ++g) {
                const std::int32_t base = keyX(keys[g]) * kTileSize;
                const std::uint64_t* words = m_tiles.at(keys[g])->words.data() + row * kWordsPerRow;
                for (int w = 0; w < kWordsPerRow; ++w) {
                    std::uint64_t bits = words[w];
                    int bit = 0;
                    while (bit < 64) {
                        // Skip zeros, then take the ones.
                        const std::uint64_t rest = bits >> bit;
                        if (rest == 0)
                            break;
                        bit += std::countr_zero(rest);
                        const int ones = std::countr_one(bits >> bit);
                        const std::int32_t i0 = base + w * 64 + bit;
                        const std::int32_t i1 = i0 + ones - 1;
                        if (open && i0 == runEnd + 1) {
                            runEnd = i1;
                        } else {
                            if (open)
                                visit(ty * kTileSize + row, runStart, runEnd);
                            open = true;
                            runStart = i0;
                            runEnd = i1;
                        }
                        bit += ones;
                    }
                }
            }
            if (open)
                visit(ty * kTileSize + row, runStart, runEnd);
        }
        groupStart = groupEnd;
    }
}

} // namespace tidemark::positions
