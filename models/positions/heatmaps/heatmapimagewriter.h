#pragma once

#include "heatmapcellset.h"
#include "signallayers.h"

#include <QImage>
#include <QString>

namespace tidemark::positions {

struct CoverageCheckLayers;

// Heatmap layers as images (Qt Gui's QImage, no widgets; this file lives in its own library,
// tidemark_positions_images, so that the pure positions library stays on Qt Core). Every image of one writer
// shares one frame: north up, one pixel per coverage cell (or a square of cells when the extent is larger
// than maxSide pixels, a pixel being set when any of its cells is), so the images overlay each other exactly.
class HeatmapImageWriter {
  public:
    enum class SignalKind { Rtk, Wifi, Mnet };

    // `extent` in coverage cells of `cellMetres`.
    HeatmapImageWriter(HeatmapCellSet::Bounds extent, double cellMetres, int maxSide = 4096);

    // The extent of a check's layers and its signal cells.
    static HeatmapCellSet::Bounds extentOf(const CoverageCheckLayers& layers, const SignalLayers& signal,
                                           double cellMetres);

    int cellsPerPixel() const { return m_scale; }
    QSize size() const { return {m_width, m_height}; }

    QImage coverage(const HeatmapCellSet& cells, QRgb colour) const;
    // Kept cells grey, lost cells red, gained cells blue.
    QImage difference(const HeatmapCellSet& before, const HeatmapCellSet& lost,
                      const HeatmapCellSet& gained) const;
    // rtk: fixed share 0 → red … 1 → green; wifi/mnet: median −100 dBm → red … −40 dBm → green.
    QImage signal(const SignalLayers& layers, SignalKind kind) const;

    // coverage-before.png, coverage-after.png, coverage-after-narrow.png, coverage-difference.png, rtk.png,
    // wifi.png, mnet.png in `dir` (created). Throws Error(Failed) naming a file that cannot be written.
    QStringList writeAll(const QString& dir, const CoverageCheckLayers& layers,
                         const SignalLayers& signal) const;

    static void save(const QImage& image, const QString& path);

  private:
    QImage blank() const;
    void paint(QImage& image, const HeatmapCellSet& cells, QRgb colour) const;

    std::int32_t m_iMin = 0;
    std::int32_t m_jMax = 0;
    double m_cell = 0;
    int m_scale = 1;
    int m_width = 1;
    int m_height = 1;
};

} // namespace tidemark::positions
