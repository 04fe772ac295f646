#include "mapplaceholder.h"

#include <QPainter>

namespace tidemark::ui {

MapPlaceholder::MapPlaceholder(QWidget* parent) : QWidget(parent) {
    setMinimumSize(320, 240);
    setAutoFillBackground(false);
}

void MapPlaceholder::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QColor base = palette().color(QPalette::Base);
    painter.fillRect(rect(), base);
    painter.setPen(QPen(palette().color(QPalette::Midlight), 1));
    constexpr int step = 48;
    for (int x = step; x < width(); x += step)
        painter.drawLine(x, 0, x, height());
    for (int y = step; y < height(); y += step)
        painter.drawLine(0, y, width(), y);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(rect(), Qt::AlignCenter, tr("Map"));
}

} // namespace tidemark::ui
