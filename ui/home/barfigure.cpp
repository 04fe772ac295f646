#include "barfigure.h"

#include <QPainter>
#include <algorithm>

namespace tidemark::ui {

namespace {
const QColor kFill(0x4a, 0x7b, 0xb7);
const QColor kWarn(0xb0, 0x00, 0x20);
const QColor kTrack(0xdd, 0xe3, 0xea);
const QColor kText(0x30, 0x30, 0x38);
constexpr int kGap = 8;
constexpr int kMinTrack = 40;
} // namespace

BarFigure::BarFigure(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    hide();
}

void BarFigure::setFigure(const QString& title, const std::vector<Bar>& bars) {
    m_title = title;
    m_bars = bars;
    setVisible(!bars.empty());
    updateGeometry();
    update();
}

void BarFigure::clear() {
    setFigure(QString(), {});
}

int BarFigure::rowHeight() const {
    return fontMetrics().height() + 6;
}

QSize BarFigure::sizeHint() const {
    const int rows = int(m_bars.size()) + (m_title.isEmpty() ? 0 : 1);
    return {240, rows * rowHeight() + 4};
}

QSize BarFigure::minimumSizeHint() const {
    return {120, sizeHint().height()};
}

// Labels take their widest width (at most a third), values theirs (at most half); a value that does not fit
// beside a track of kMinTrack goes over the track, which then is not drawn, so no text is ever cut.
BarFigure::Layout BarFigure::layoutFor(const QRect& area) const {
    Layout layout;
    const QFontMetrics fm = fontMetrics();
    const int row = rowHeight();
    int y = area.top();
    if (!m_title.isEmpty()) {
        const QString title = fm.horizontalAdvance(m_title) <= area.width()
                                  ? m_title
                                  : fm.elidedText(m_title, Qt::ElideRight, area.width());
        layout.texts.append({title, QRect(area.left(), y, fm.horizontalAdvance(title), row)});
        y += row;
    }
    int labelWidth = 0, valueWidth = 0;
    for (const Bar& bar : m_bars) {
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(bar.label));
        valueWidth = std::max(valueWidth, fm.horizontalAdvance(bar.value));
    }
    const bool valuesBeside = labelWidth + valueWidth + 2 * kGap + kMinTrack <= area.width();
    for (const Bar& bar : m_bars) {
        const QRect label(area.left(), y, fm.horizontalAdvance(bar.label), row);
        layout.texts.append({bar.label, label});
        const int trackLeft = area.left() + labelWidth + kGap;
        if (valuesBeside) {
            const int trackRight = area.right() - valueWidth - kGap;
            layout.tracks.emplace_back(trackLeft, y + 3, trackRight - trackLeft + 1, row - 6);
            layout.texts.append(
                {bar.value, QRect(trackRight + kGap, y, fm.horizontalAdvance(bar.value), row)});
        } else {
            layout.tracks.emplace_back();
            layout.texts.append({bar.value, QRect(trackLeft, y, fm.horizontalAdvance(bar.value), row)});
        }
        y += row;
    }
    return layout;
}

QList<QPair<QString, QRect>> BarFigure::drawnLabels() const {
    return layoutFor(rect().adjusted(0, 2, -1, -2)).texts;
}

void BarFigure::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const Layout layout = layoutFor(rect().adjusted(0, 2, -1, -2));
    int text = 0;
    if (!m_title.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(layout.texts[0].second, Qt::AlignLeft | Qt::AlignVCenter, layout.texts[0].first);
        text = 1;
    }
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        const Bar& bar = m_bars[i];
        p.setPen(bar.warn ? kWarn : kText);
        p.drawText(layout.texts[text].second, Qt::AlignLeft | Qt::AlignVCenter, layout.texts[text].first);
        const QRect track = layout.tracks[i];
        if (track.isValid() && bar.fraction >= 0) {
            p.fillRect(track, kTrack);
            const int filled = int(std::clamp(bar.fraction, 0.0, 1.0) * track.width() + 0.5);
            // A small share still shows as a sliver, so "3 %" is not drawn as nothing.
            const int shown = bar.fraction > 0 ? std::max(filled, 2) : 0;
            p.fillRect(QRect(track.left(), track.top(), shown, track.height()), bar.warn ? kWarn : kFill);
        }
        p.setPen(bar.warn ? kWarn : kText);
        p.drawText(layout.texts[text + 1].second, Qt::AlignLeft | Qt::AlignVCenter,
                   layout.texts[text + 1].first);
        text += 2;
    }
}

} // namespace tidemark::ui
