#include "roundhistorychart.h"

#include <QLocale>
#include <QPainter>
#include <algorithm>

namespace tidemark::ui {

RoundHistoryChart::RoundHistoryChart(QWidget* parent) : QWidget(parent) {
    setToolTip(tr("Rounds, oldest left: rows scanned (grey) and deleted (red); dry runs hatched."));
}

void RoundHistoryChart::setEntries(std::vector<positions::RoundHistoryEntry> entries) {
    m_entries = std::move(entries);
    update();
}

void RoundHistoryChart::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().mid().color());
    p.drawRect(rect().adjusted(0, 0, -1, -1));
    const QFontMetrics fm(font());
    const QRect plot = rect().adjusted(8, 2 * fm.height() + 12, -8, -(fm.height() + 8));
    p.setPen(palette().text().color());
    if (m_entries.empty()) {
        p.drawText(rect(), Qt::AlignCenter, tr("No rounds recorded yet."));
        return;
    }
    long long top = 1;
    for (const auto& e : m_entries)
        top = std::max(top, e.scanned);
    const QLocale l;
    p.drawText(QRect(8, 2, width() - 16, fm.height() + 4), Qt::AlignLeft | Qt::AlignVCenter,
               tr("Rows per round, oldest left (max %1)").arg(l.toString(top)));
    // The key, on the line below the title.
    const int box = fm.height() - 4;
    const int keyTop = fm.height() + 6;
    int x = 8;
    const auto key = [&](const QColor& colour, const QString& label) {
        p.fillRect(QRect(x, keyTop + 2, box, box), colour);
        x += box + 4;
        p.drawText(QPoint(x, keyTop + fm.ascent()), label);
        x += fm.horizontalAdvance(label) + 12;
    };
    key(QColor(170, 170, 180), tr("scanned"));
    key(QColor(200, 60, 50), tr("deleted (hatched: dry run)"));
    const int n = int(m_entries.size());
    const double slot = double(plot.width()) / n;
    const double bar = std::max(2.0, std::min(40.0, slot * 0.7));
    for (int i = 0; i < n; ++i) {
        const auto& e = m_entries[std::size_t(i)];
        const double x = plot.left() + slot * i + (slot - bar) / 2;
        const double hScanned = plot.height() * double(e.scanned) / double(top);
        const double hDeleted = plot.height() * double(e.deleted) / double(top);
        const QRectF scanned(x, plot.bottom() - hScanned, bar, hScanned);
        const QRectF deleted(x, plot.bottom() - hDeleted, bar, hDeleted);
        p.fillRect(scanned, QColor(170, 170, 180));
        p.fillRect(deleted,
                   e.dryRun ? QBrush(QColor(200, 60, 50), Qt::BDiagPattern) : QBrush(QColor(200, 60, 50)));
        if (slot > fm.horizontalAdvance(QStringLiteral("000.0 s")))
            p.drawText(QRectF(plot.left() + slot * i, plot.bottom() + 2, slot, fm.height() + 4),
                       Qt::AlignCenter, tr("%1 s").arg(l.toString(e.seconds, 'f', 1)));
    }
    p.setPen(palette().mid().color());
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
}

} // namespace tidemark::ui
