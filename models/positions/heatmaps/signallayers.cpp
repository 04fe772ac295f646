#include "signallayers.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace tidemark::positions {

std::optional<double> SignalLayers::median(std::vector<std::int16_t>& values) {
    if (values.empty())
        return std::nullopt;
    const std::size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + mid, values.end());
    const double upper = values[mid];
    if (values.size() % 2 == 1)
        return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + mid);
    return (lower + upper) / 2;
}

SignalLayers SignalLayers::build(std::span<const PositionRow> rows, const HeatmapPlane& plane,
                                 double cellMetres) {
    struct Accumulator {
        SignalCell cell;
        std::vector<std::int16_t> wifi;
        std::vector<std::int16_t> mnet;
    };
    std::unordered_map<std::uint64_t, Accumulator> byCell;
    for (const PositionRow& row : rows) {
        const PlanePoint p = plane.project(row.lat, row.lon);
        const auto i = static_cast<std::int32_t>(std::floor(p.x / cellMetres));
        const auto j = static_cast<std::int32_t>(std::floor(p.y / cellMetres));
        Accumulator& acc = byCell[(std::uint64_t(std::uint32_t(j)) << 32) | std::uint32_t(i)];
        acc.cell.i = i;
        acc.cell.j = j;
        ++acc.cell.rows;
        if (row.hasRtkFix()) {
            ++acc.cell.rtkRows;
            if (row.rtkFix == 2)
                ++acc.cell.fixedRows;
        }
        if (row.hasWifi())
            acc.wifi.push_back(row.wifiRssi);
        if (row.hasMnet())
            acc.mnet.push_back(row.mnetRssi);
    }

    SignalLayers layers;
    layers.m_cellMetres = cellMetres;
    layers.m_cells.reserve(byCell.size());
    for (auto& [key, acc] : byCell) {
        SignalCell cell = acc.cell;
        if (cell.rtkRows > 0)
            cell.fixedShare = double(cell.fixedRows) / cell.rtkRows;
        cell.wifiRows = int(acc.wifi.size());
        cell.mnetRows = int(acc.mnet.size());
        cell.wifiMedian = median(acc.wifi);
        cell.mnetMedian = median(acc.mnet);
        layers.m_cells.push_back(cell);
    }
    std::sort(layers.m_cells.begin(), layers.m_cells.end(),
              [](const SignalCell& a, const SignalCell& b) { return a.j != b.j ? a.j < b.j : a.i < b.i; });
    return layers;
}

const SignalCell* SignalLayers::find(std::int32_t i, std::int32_t j) const {
    const auto it = std::lower_bound(m_cells.begin(), m_cells.end(), std::pair{j, i},
                                     [](const SignalCell& c, std::pair<std::int32_t, std::int32_t> k) {
                                         return c.j != k.first ? c.j < k.first : c.i < k.second;
                                     });
    return it != m_cells.end() && it->i == i && it->j == j ? &*it : nullptr;
}

} // namespace tidemark::positions
