#include "heatmapimagewriter.h"

#include "coveragecheck.h"
#include "error.h"

#include <QColor>
#include <QDir>
#include <algorithm>
#include <cmath>

namespace tidemark::positions {

namespace {

HeatmapCellSet::Bounds unite(HeatmapCellSet::Bounds a, const HeatmapCellSet::Bounds& b) {
    if (b.empty())
        return a;
    if (a.empty())
        return b;
    return {std::min(a.iMin, b.iMin), std::max(a.iMax, b.iMax), std::min(a.jMin, b.jMin),
            std::max(a.jMax, b.jMax)};
}

// 0 → red, 0.5 → yellow, 1 → green.
QRgb ramp(double t) {
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromHsvF(float(t / 3), 0.9f, 0.9f, 0.85f).rgba();
}

} // namespace

HeatmapImageWriter::HeatmapImageWriter(HeatmapCellSet::Bounds extent, double cellMetres, int maxSide)
    : m_cell(cellMetres) {
    if (extent.empty())
        extent = {0, 0, 0, 0};
    const std::int64_t w = std::int64_t(extent.iMax) - extent.iMin + 1;
    const std::int64_t h = std::int64_t(extent.jMax) - extent.jMin + 1;
    m_scale = int(std::max<std::int64_t>(1, (std::max(w, h) + maxSide - 1) / maxSide));
    m_iMin = extent.iMin;
    m_jMax = extent.jMax;
    m_width = int((w + m_scale - 1) / m_scale);
    m_height = int((h + m_scale - 1) / m_scale);
}

HeatmapCellSet::Bounds HeatmapImageWriter::extentOf(const CoverageCheckLayers& layers,
                                                    const SignalLayers& signal, double cellMetres) {
    HeatmapCellSet::Bounds b =
        unite(unite(layers.before.bounds(), layers.after.bounds()), layers.afterNarrow.bounds());
    const double s = signal.cellMetres();
    for (const SignalCell& c : signal.cells()) {
        const HeatmapCellSet::Bounds cb{std::int32_t(std::floor(c.i * s / cellMetres)),
                                        std::int32_t(std::ceil((c.i + 1) * s / cellMetres)) - 1,
                                        std::int32_t(std::floor(c.j * s / cellMetres)),
                                        std::int32_t(std::ceil((c.j + 1) * s / cellMetres)) - 1};
        b = unite(b, cb);
    }
    return b;
}

QImage HeatmapImageWriter::blank() const {
    QImage image(m_width, m_height, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    return image;
}

void HeatmapImageWriter::paint(QImage& image, const HeatmapCellSet& cells, QRgb colour) const {
    cells.forEachRun([&](std::int32_t j, std::int32_t i0, std::int32_t i1) {
        const std::int64_t py = (std::int64_t(m_jMax) - j) / m_scale;
        if (py < 0 || py >= m_height)
            return;
        const std::int64_t x0 = std::max<std::int64_t>(0, (std::int64_t(i0) - m_iMin) / m_scale);
        const std::int64_t x1 = std::min<std::int64_t>(m_width - 1, (std::int64_t(i1) - m_iMin) / m_scale);
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(int(py)));
        for (std::int64_t x = x0; x <= x1; ++x)
            line[x] = colour;
    });
}

QImage HeatmapImageWriter::coverage(const HeatmapCellSet& cells, QRgb colour) const {
    QImage image = blank();
    paint(image, cells, colour);
    return image;
}

QImage HeatmapImageWriter::difference(const HeatmapCellSet& before, const HeatmapCellSet& lost,
                                      const HeatmapCellSet& gained) const {
    QImage image = blank();
    paint(image, before, qRgba(150, 150, 150, 255));
    paint(image, lost, qRgba(220, 30, 30, 255));
    paint(image, gained, qRgba(30, 80, 230, 255));
    return image;
}

QImage HeatmapImageWriter::signal(const SignalLayers& layers, SignalKind kind) const {
    QImage image = blank();
    const double s = layers.cellMetres();
    for (const SignalCell& c : layers.cells()) {
        std::optional<double> t;
        switch (kind) {
        case SignalKind::Rtk:
            t = c.fixedShare;
            break;
        case SignalKind::Wifi:
            if (c.wifiMedian)
                t = (*c.wifiMedian + 100) / 60;
            break;
        case SignalKind::Mnet:
            if (c.mnetMedian)
                t = (*c.mnetMedian + 100) / 60;
            break;
        }
        if (!t)
            continue;
        // The signal cell's span in coverage cells, then in pixels (north up).
        const double ci0 = c.i * s / m_cell, ci1 = (c.i + 1) * s / m_cell;
        const double cj0 = c.j * s / m_cell, cj1 = (c.j + 1) * s / m_cell;
        const int x0 = std::max(0, int(std::floor((ci0 - m_iMin) / m_scale)));
        const int x1 = std::min(m_width, int(std::ceil((ci1 - m_iMin) / m_scale)));
        const int y0 = std::max(0, int(std::floor((m_jMax + 1 - cj1) / m_scale)));
        const int y1 = std::min(m_height, int(std::ceil((m_jMax + 1 - cj0) / m_scale)));
        const QRgb colour = ramp(*t);
        for (int y = y0; y < y1; ++y) {
            auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
            std::fill(line + x0, line + std::max(x0, x1), colour);
        }
    }
    return image;
}

void HeatmapImageWriter::save(const QImage& image, const QString& path) {
    if (!image.save(path, "PNG"))
        throw Error(Error::Kind::Failed, QStringLiteral("cannot write the image %1").arg(path));
}

QStringList HeatmapImageWriter::writeAll(const QString& dir, const CoverageCheckLayers& layers,
                                         const SignalLayers& signalLayers) const {
    if (!QDir().mkpath(dir))
        throw Error(Error::Kind::Failed, QStringLiteral("cannot create the folder %1").arg(dir));
    const QDir d(dir);
    const QRgb green = qRgba(40, 160, 60, 255);
    const QList<std::pair<QString, QImage>> images = {
        {QStringLiteral("coverage-before.png"), coverage(layers.before, green)},
        {QStringLiteral("coverage-after.png"), coverage(layers.after, green)},
        {QStringLiteral("coverage-after-narrow.png"), coverage(layers.afterNarrow, green)},
        {QStringLiteral("coverage-difference.png"), difference(layers.before, layers.lost, layers.gained)},
        {QStringLiteral("rtk.png"), signal(signalLayers, SignalKind::Rtk)},
        {QStringLiteral("wifi.png"), signal(signalLayers, SignalKind::Wifi)},
        {QStringLiteral("mnet.png"), signal(signalLayers, SignalKind::Mnet)},
    };
    QStringList written;
    for (const auto& [name, image] : images) {
        save(image, d.filePath(name));
        written << d.filePath(name);
    }
    return written;
}

} // namespace tidemark::positions
