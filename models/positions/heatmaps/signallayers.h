#pragma once

#include "heatmapplane.h"

#include <optional>
#include <span>
#include <vector>

namespace tidemark::positions {

// One cell of signal_cell_metres with what the rtk, wifi and mnet layers show there.
struct SignalCell {
    std::int32_t i = 0;
    std::int32_t j = 0;
    int rows = 0;      // every row in the cell
    int rtkRows = 0;   // rows with a known rtk_fix (NULL is not counted)
    int fixedRows = 0; // rows with rtk_fix = 2
    int wifiRows = 0;
    int mnetRows = 0;
    std::optional<double> fixedShare; // fixedRows / rtkRows; empty without a known fix
    std::optional<double> wifiMedian; // dBm; the mean of the two middle values for an even count
    std::optional<double> mnetMedian;
};

// The rtk, wifi and mnet layers: every row of the range is a point (no joins), binned into cells of the local
// plane; the rtk layer is the share of rows with a fixed solution, wifi and mnet the median RSSI of the rows
// that have one. Cells are sorted by row j, then i.
class SignalLayers {
  public:
    static SignalLayers build(std::span<const PositionRow> rows, const HeatmapPlane& plane,
                              double cellMetres);

    const std::vector<SignalCell>& cells() const { return m_cells; }
    const SignalCell* find(std::int32_t i, std::int32_t j) const;
    double cellMetres() const { return m_cellMetres; }

    // The median of `values` (reordered in place): the middle value, or the mean of the two middle values.
    static std::optional<double> median(std::vector<std::int16_t>& values);

  private:
    std::vector<SignalCell> m_cells;
    double m_cellMetres = 0;
};

} // namespace tidemark::positions
