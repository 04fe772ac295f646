#include "scalebar.h"

#include <QFontMetrics>
#include <QPainter>
#include <cmath>

namespace tidemark::ui {

ScaleBar::Choice ScaleBar::choose(double metresPerPixel, int maximumPixels) {
    Choice choice;
    if (!(metresPerPixel > 0) || maximumPixels <= 0)
        return choice;
    const double maximumMetres = metresPerPixel * maximumPixels;
    const double decade = std::pow(10.0, std::floor(std::log10(maximumMetres)));
    double metres = decade;
    for (const double step : {5.0, 2.0, 1.0}) {
        if (step * decade <= maximumMetres) {
            metres = step * decade;
            break;
        }
    }
    choice.metres = metres;
    choice.pixels = static_cast<int>(std::round(metres / metresPerPixel));
    if (metres >= 1000)
        choice.label = QStringLiteral("%1 km").arg(metres / 1000);
    else if (metres >= 1)
        choice.label = QStringLiteral("%1 m").arg(metres);
    else if (metres >= 0.01)
        choice.label = QStringLiteral("%1 cm").arg(std::round(metres * 100));
    else
        choice.label = QStringLiteral("%1 mm").arg(std::round(metres * 1000));
    return choice;
}

void ScaleBar::paint(QPainter& painter, const QPoint& bottomRight, const Choice& choice) {
    if (choice.pixels <= 0)
        return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    const QFontMetrics metrics(painter.font());
    const int textWidth = metrics.horizontalAdvance(choice.label);
    const int width = std::max(choice.pixels, textWidth) + 12;
    const QRect box(bottomRight.x() - width, bottomRight.y() - metrics.height() - 14, width,
                    metrics.height() + 14);
    painter.fillRect(box, QColor(255, 255, 255, 200));
    const int y = box.bottom() - 5;
    const int x1 = box.right() - 6, x0 = x1 - choice.pixels;
    painter.setPen(QPen(QColor(40, 40, 40), 1));
    painter.drawLine(x0, y, x1, y);
    painter.drawLine(x0, y - 5, x0, y);
    painter.drawLine(x1, y - 5, x1, y);
    painter.drawText(QRect(box.left(), box.top() + 2, box.width(), metrics.height()), Qt::AlignCenter,
                     choice.label);
    painter.restore();
}

} // namespace tidemark::ui
