#include "basemap.h"

#include <QPainter>
#include <algorithm>
#include <cmath>

namespace tidemark::ui {

namespace {
const QColor kBackground(238, 240, 235);
const QColor kMinorLine(224, 227, 220);
const QColor kMajorLine(205, 209, 200);
constexpr int kParentLevels = 4;
} // namespace

BaseMap::BaseMap(QObject* parent) : QObject(parent) {}

void BaseMap::setSource(std::shared_ptr<TileSource> source) {
    if (m_source)
        m_source->disconnect(this);
    m_source = std::move(source);
    m_tiles.clear();
    m_failed.clear();
    if (m_source) {
        connect(m_source.get(), &TileSource::tileReady, this,
                [this](const TileKey& key, const QImage& image) {
                    const int cost = std::max<int>(1, static_cast<int>(image.sizeInBytes() / 1024));
                    m_tiles.insert(
                        key, new QImage(image.convertToFormat(QImage::Format_ARGB32_Premultiplied)), cost);
                    emit tilesChanged();
                });
        connect(m_source.get(), &TileSource::tileFailed, this,
                [this](const TileKey& key, const QString& reason) {
                    m_failed.insert(key, QDeadlineTimer(kRetryFailedTileMs));
                    emit tileFailed(reason);
                });
        connect(m_source.get(), &TileSource::opened, this, [this] {
            emit tilesChanged(); // its attribution and zoom range are known now
            emit sourceOpened();
        });
    }
    emit tilesChanged();
}

int BaseMap::tileZoom(const MapViewport& viewport) const {
    const int z = static_cast<int>(std::round(viewport.zoom()));
    return m_source ? std::clamp(z, m_source->minZoom(), m_source->maxZoom()) : z;
}

QList<TileKey> BaseMap::visibleTiles(const MapViewport& viewport) const {
    const int z = tileZoom(viewport);
    const int count = 1 << z;
    const QPointF topLeft = viewport.screenToUnit({0, 0}) * count;
    const QPointF bottomRight =
        viewport.screenToUnit(QPointF(viewport.size().width(), viewport.size().height())) * count;
    const int x0 = std::max(0, static_cast<int>(std::floor(topLeft.x())));
    const int y0 = std::max(0, static_cast<int>(std::floor(topLeft.y())));
    const int x1 = std::min(count - 1, static_cast<int>(std::floor(bottomRight.x())));
    const int y1 = std::min(count - 1, static_cast<int>(std::floor(bottomRight.y())));
    QList<TileKey> keys;
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
            keys.append({z, x, y});
    const QPointF centre = viewport.centreUnit() * count;
    std::sort(keys.begin(), keys.end(), [&](const TileKey& a, const TileKey& b) {
        auto d = [&](const TileKey& k) { return std::hypot(k.x + 0.5 - centre.x(), k.y + 0.5 - centre.y()); };
        return d(a) < d(b);
    });
    return keys;
}

void BaseMap::requestTiles(const MapViewport& viewport) {
    if (!m_source || viewport.isEmpty())
        return;
    QList<TileKey> missing;
    for (const TileKey& key : visibleTiles(viewport))
        if (!m_tiles.contains(key) && !(m_failed.contains(key) && !m_failed.value(key).hasExpired()))
            missing.append(key);
    m_source->request(missing);
}

void BaseMap::paint(QPainter& painter, const MapViewport& viewport) const {
    paintGrid(painter, viewport);
    if (!m_source)
        return;
    painter.save();
    painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
    for (const TileKey& key : visibleTiles(viewport)) {
        if (paintTile(painter, viewport, key))
            continue;
        // Stand in with the nearest cached ancestor, scaled up.
        TileKey parent = key;
        for (int level = 1; level <= kParentLevels && parent.z > 0; ++level) {
            const TileKey up{parent.z - 1, parent.x / 2, parent.y / 2};
            parent = up;
            const QImage* image = m_tiles.object(parent);
            if (!image)
                continue;
            const int shift = key.z - parent.z;
            const double part = image->width() / double(1 << shift);
            const QRectF source((key.x - (parent.x << shift)) * part, (key.y - (parent.y << shift)) * part,
                                part, part);
            const double count = 1 << key.z;
            const QRectF target(viewport.unitToScreen(QPointF(key.x / count, key.y / count)),
                                viewport.unitToScreen(QPointF((key.x + 1) / count, (key.y + 1) / count)));
            painter.drawImage(target, *image, source);
            break;
        }
    }
    painter.restore();
}

bool BaseMap::paintTile(QPainter& painter, const MapViewport& viewport, const TileKey& key) const {
    const QImage* image = m_tiles.object(key);
    if (!image)
        return false;
    const double count = 1 << key.z;
    const QPointF topLeft = viewport.unitToScreen(QPointF(key.x / count, key.y / count));
    const QPointF bottomRight = viewport.unitToScreen(QPointF((key.x + 1) / count, (key.y + 1) / count));
    // Whole pixels on both edges avoid hairline seams between neighbouring tiles.
    const QRect target(QPoint(qRound(topLeft.x()), qRound(topLeft.y())),
                       QPoint(qRound(bottomRight.x()) - 1, qRound(bottomRight.y()) - 1));
    painter.drawImage(target, *image);
    return true;
}

void BaseMap::paintGrid(QPainter& painter, const MapViewport& viewport) const {
    painter.fillRect(QRect(QPoint(0, 0), viewport.size()), kBackground);
    // Lines on the tile grid two levels below the view: 64–128 px apart, every fourth one stronger.
    const int level = static_cast<int>(std::floor(viewport.zoom())) + 2;
    const double count = std::exp2(level);
    const double spacing = viewport.worldSize() / count;
    const QPointF topLeft = viewport.screenToUnit({0, 0}) * count;
    const int width = viewport.size().width(), height = viewport.size().height();
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    for (int pass = 0; pass < 2; ++pass) {
        painter.setPen(QPen(pass == 0 ? kMinorLine : kMajorLine, viewport.pixelRatio()));
        const double firstX = std::floor(topLeft.x());
        for (double i = firstX; (i - topLeft.x()) * spacing <= width; i += 1) {
            if (i < 0 || i > count || ((static_cast<long long>(i) % 4 == 0) != (pass == 1)))
                continue;
            const int x = static_cast<int>(std::round((i - topLeft.x()) * spacing));
            painter.drawLine(x, 0, x, height);
        }
        const double firstY = std::floor(topLeft.y());
        for (double j = firstY; (j - topLeft.y()) * spacing <= height; j += 1) {
            if (j < 0 || j > count || ((static_cast<long long>(j) % 4 == 0) != (pass == 1)))
                continue;
            const int y = static_cast<int>(std::round((j - topLeft.y()) * spacing));
            painter.drawLine(0, y, width, y);
        }
    }
    painter.restore();
}

} // namespace tidemark::ui
