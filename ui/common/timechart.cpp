#include "timechart.h"

#include "chartframe.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <array>
#include <cmath>

namespace tidemark::ui {

namespace {

using Kind = TimeSeries::Kind;

// Colours that read on light and dark bases alike (the dark palette gets them a little lighter).
constexpr std::array<QRgb, 6> kColours = {0x2f6fdf, 0xe07b27, 0x2e9d57, 0x8e5bd0, 0xd0453f, 0x1c9ba0};

QColor mix(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

// The centre of the device pixel a one-pixel line at v covers, so grid lines stay crisp.
double crisp(double v) {
    return std::floor(v) + 0.5;
}

QRectF snapped(const QRectF& r) {
    const QPointF topLeft(std::round(r.left()), std::round(r.top()));
    return QRectF(topLeft, QPointF(std::max(topLeft.x() + 2, std::round(r.right())), std::round(r.bottom())));
}

} // namespace

TimeChart::TimeChart(QWidget* parent) : QWidget(parent), m_emptyText(tr("No history yet.")) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void TimeChart::setSeries(std::vector<TimeSeries> series) {
    m_series = std::move(series);
    update();
}

void TimeChart::setLimits(std::vector<LimitLine> limits) {
    m_limits = std::move(limits);
    update();
}

void TimeChart::setMarkers(std::vector<TimeMarker> markers) {
    m_markers = std::move(markers);
    update();
}

void TimeChart::setValueUnit(ValueUnit unit) {
    m_unit = unit;
    update();
}

void TimeChart::setTitle(const QString& title) {
    m_title = title;
    update();
}

void TimeChart::setEmptyText(const QString& text) {
    m_emptyText = text;
    update();
}

ChartFrame TimeChart::frame() const {
    const QFontMetricsF metrics(font(), this);
    const double margin = std::round(metrics.height() * 0.6);
    return ChartFrame(m_series, m_limits, m_markers, m_title, m_unit,
                      QRectF(rect()).adjusted(margin, margin, -margin, -margin / 2), metrics);
}

QPointF TimeChart::position(Micros at, double value) const {
    const ChartFrame f = frame();
    return {f.x(at), f.y(value)};
}

TimeAxis TimeChart::timeAxis() const {
    return frame().time();
}

ValueAxis TimeChart::valueAxis() const {
    return frame().value();
}

QColor TimeChart::colourOf(std::size_t series, bool stacked) const {
    const TimeSeries& s = m_series[series];
    const auto continues = [this](std::size_t i) {
        return !m_series[i].colour.isValid() && m_series[i].projected && i > 0;
    };
    QColor colour = s.colour;
    if (continues(series)) {
        colour = colourOf(series - 1, false);
    } else if (!colour.isValid()) {
        std::size_t automatic = 0;
        for (std::size_t i = 0; i < series; ++i)
            automatic += m_series[i].colour.isValid() || continues(i) ? 0 : 1;
        colour = QColor(kColours[automatic % kColours.size()]);
        if (palette().color(QPalette::Base).lightness() < 128)
            colour = colour.lighter(125);
    }
    if (!stacked)
        return colour;
    return s.stackedColour.isValid() ? s.stackedColour : mix(colour, palette().color(QPalette::Base), 0.6);
}

void TimeChart::drawLabel(QPainter& p, const QRectF& r, int flags, const QString& text) const {
    const QRectF drawn = p.boundingRect(r, flags, text);
    p.drawText(r, flags, text);
    const QPoint topLeft(int(std::round(drawn.left())), int(std::round(drawn.top())));
    const QPoint bottomRight(int(std::round(drawn.right())) - 1, int(std::round(drawn.bottom())) - 1);
    m_drawnLabels.append({text, QRect(topLeft, bottomRight)});
}

void TimeChart::paintEvent(QPaintEvent*) {
    m_drawnLabels.clear();
    QPainter p(this);
    const QColor base = palette().color(QPalette::Base);
    p.fillRect(rect(), base);
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5));
    const ChartFrame f = frame();
    p.setPen(palette().color(QPalette::Text));
    if (!m_title.isEmpty())
        drawLabel(p, f.title(), Qt::AlignLeft | Qt::AlignVCenter, m_title);
    if (f.empty()) {
        p.setPen(mix(base, palette().color(QPalette::Text), 0.6));
        drawLabel(p, rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, m_emptyText);
        return;
    }
    paintAxes(p, f);
    p.save();
    p.setClipRect(f.plot().adjusted(-2, -4, 2, 1));
    for (const bool bars : {true, false})
        for (std::size_t i = 0; i < m_series.size(); ++i)
            if ((m_series[i].kind == Kind::Bars) == bars)
                paintSeries(p, f, i);
    p.restore();
    paintLimitsAndMarkers(p, f);
    paintLegend(p, f);
}

void TimeChart::paintAxes(QPainter& p, const ChartFrame& f) const {
    const QColor base = palette().color(QPalette::Base);
    const QColor text = palette().color(QPalette::Text);
    const QColor grid = mix(base, text, 0.12);
    const QColor axis = mix(base, text, 0.45);
    const QColor label = mix(base, text, 0.72);
    const QRectF& plot = f.plot();
    const double em = QFontMetricsF(font(), this).height();
    const ValueAxis& value = f.value();
    for (const double tick : value.ticks) {
        const double y = crisp(f.y(tick));
        p.setPen(tick == 0 || tick == value.from ? axis : grid);
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(label);
        drawLabel(p, QRectF(0, y - em / 2, f.valueLabelRight(), em), Qt::AlignRight | Qt::AlignVCenter,
                  ChartAxis::valueLabel(tick, value, m_unit));
    }
    const QFontMetricsF metrics(font(), this);
    double lastRight = -1e9;
    for (const Micros tick : f.time().ticks) {
        const double x = crisp(f.x(tick));
        p.setPen(axis);
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + f.tickLength()));
        const QString text = ChartAxis::timeLabel(tick, f.time().step);
        const double labelWidth = metrics.horizontalAdvance(text);
        const double left = std::clamp(x - labelWidth / 2, 0.0, std::max(0.0, width() - labelWidth - 1));
        const QRectF place(left, f.timeLabelTop(), labelWidth, em);
        // Not over the previous label, nor over a value label reaching down to the time axis (the lowest
        // "0").
        if (left < lastRight + em / 2 ||
            std::any_of(m_drawnLabels.begin(), m_drawnLabels.end(),
                        [&](const auto& l) { return place.intersects(QRectF(l.second)); }))
            continue;
        p.setPen(label);
        drawLabel(p, place, Qt::AlignCenter, text);
        lastRight = left + labelWidth;
    }
    if (f.time().step.unit < TimeStep::Unit::Day) {
        const QString utc = tr("UTC");
        const double left = width() - metrics.horizontalAdvance(utc) - em / 2;
        if (lastRight + em / 2 < left) {
            p.setPen(label);
            drawLabel(p, QRectF(left, f.timeLabelTop(), metrics.horizontalAdvance(utc), em), Qt::AlignCenter,
                      utc);
        }
    }
}

void TimeChart::paintSeries(QPainter& p, const ChartFrame& f, std::size_t index) const {
    const TimeSeries& s = m_series[index];
    const QColor colour = colourOf(index, false);
    const QColor base = palette().color(QPalette::Base);
    if (s.kind == Kind::Bars) {
        p.setRenderHint(QPainter::Antialiasing, false);
        const QColor stackedColour = colourOf(index, true);
        for (const TimePoint& point : s.points)
            for (const bool stacked : {false, true}) {
                if (stacked && point.stacked == 0)
                    continue;
                const QRectF r =
                    snapped(stacked ? f.bar(index, point.at, point.value, point.value + point.stacked)
                                    : f.bar(index, point.at, 0, point.value));
                const QColor c = stacked ? stackedColour : colour;
                if (!s.projected) {
                    p.fillRect(r, c);
                    continue;
                }
                p.fillRect(r, mix(c, base, 0.7));
                p.fillRect(r, QBrush(c, Qt::BDiagPattern));
            }
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    QPainterPath path;
    for (std::size_t j = 0; j < s.points.size(); ++j) {
        const QPointF pt(f.x(s.points[j].at), f.y(s.points[j].value));
        if (j == 0)
            path.moveTo(pt);
        else if (s.kind == Kind::Step)
            path.lineTo(pt.x(), path.currentPosition().y());
        if (j > 0)
            path.lineTo(pt);
    }
    QPen pen(colour, 2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    if (s.projected)
        pen.setDashPattern({3, 2.5});
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
    // Dots where the points are few enough to tell apart (a single point has nothing else to show).
    if (s.projected || (s.points.size() > 1 && double(s.points.size()) > f.plot().width() / 14))
        return;
    p.setPen(Qt::NoPen);
    p.setBrush(colour);
    for (const TimePoint& point : s.points)
        p.drawEllipse(QPointF(f.x(point.at), f.y(point.value)), 2.75, 2.75);
}

void TimeChart::paintLimitsAndMarkers(QPainter& p, const ChartFrame& f) const {
    p.setRenderHint(QPainter::Antialiasing, false);
    const QColor base = palette().color(QPalette::Base);
    const QColor text = palette().color(QPalette::Text);
    const QFontMetricsF metrics(font(), this);
    const double em = metrics.height();
    const QRectF& plot = f.plot();
    const auto label = [&](const QRectF& r, const QColor& c, const QString& s) {
        QColor backing = base;
        backing.setAlphaF(0.8f);
        p.fillRect(r, backing);
        p.setPen(c);
        drawLabel(p, r, Qt::AlignCenter, s);
    };
    for (const LimitLine& limit : m_limits) {
        const QColor c = limit.colour.isValid() ? limit.colour : mix(base, text, 0.7);
        const double y = crisp(f.y(limit.value));
        p.setPen(QPen(c, 1, Qt::DashLine));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        if (limit.label.isEmpty())
            continue;
        label(f.limitLabel(limit.value, QSizeF(metrics.horizontalAdvance(limit.label) + em / 2, em)), c,
              limit.label);
    }
    for (std::size_t i = 0; i < m_markers.size(); ++i) {
        const TimeMarker& marker = m_markers[i];
        const QColor c = marker.colour.isValid() ? marker.colour : mix(base, text, 0.6);
        const double x = crisp(f.x(marker.at));
        const QRectF& r = f.markerLabels()[i];
        p.setPen(QPen(c, 1, Qt::DashLine));
        p.drawLine(QPointF(x, r.isNull() ? plot.top() : r.bottom()), QPointF(x, plot.bottom()));
        if (!r.isNull())
            label(r, c, marker.label);
    }
}

void TimeChart::paintLegend(QPainter& p, const ChartFrame& f) const {
    const QColor base = palette().color(QPalette::Base);
    const QColor text = mix(base, palette().color(QPalette::Text), 0.8);
    for (const ChartFrame::LegendEntry& entry : f.legend()) {
        const TimeSeries& s = m_series[entry.series];
        const QColor c = colourOf(entry.series, entry.stacked);
        if (s.kind == Kind::Bars) {
            p.setRenderHint(QPainter::Antialiasing, false);
            p.fillRect(snapped(entry.swatch), s.projected ? mix(c, base, 0.7) : c);
            if (s.projected)
                p.fillRect(snapped(entry.swatch), QBrush(c, Qt::BDiagPattern));
        } else {
            p.setRenderHint(QPainter::Antialiasing, true);
            QPen pen(c, 2, Qt::SolidLine, Qt::FlatCap);
            if (s.projected)
                pen.setDashPattern({3, 2.5});
            p.setPen(pen);
            const double y = entry.swatch.center().y();
            p.drawLine(QPointF(entry.swatch.left(), y), QPointF(entry.swatch.right(), y));
        }
        p.setPen(text);
        drawLabel(p, entry.text, Qt::AlignLeft | Qt::AlignVCenter, entry.stacked ? s.stackedName : s.name);
    }
}

bool TimeChart::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    const QString text = toolTipAt(help->pos());
    if (text.isEmpty()) {
        QToolTip::hideText();
        event->ignore();
    } else {
        QToolTip::showText(help->globalPos(), text, this, QRect(help->pos() - QPoint(3, 3), QSize(7, 7)));
    }
    return true;
}

QString TimeChart::toolTipAt(const QPoint& pos) const {
    const ChartFrame f = frame();
    const std::optional<ChartFrame::Hit> hit = f.nearest(pos);
    if (!hit)
        return {};
    const TimeSeries& s = m_series[hit->series];
    const TimePoint& point = s.points[hit->point];
    const auto line = [this](const QString& name, double v) {
        const QString value = ChartAxis::valueText(v, m_unit);
        return name.isEmpty() ? value : tr("%1: %2", "series name: value").arg(name, value);
    };
    QStringList lines{ChartAxis::instantText(point.at), line(s.name, point.value)};
    if (s.kind == Kind::Bars && !s.stackedName.isEmpty())
        lines << line(s.stackedName, point.stacked);
    if (!point.note.isEmpty())
        lines << point.note;
    return lines.join(QLatin1Char('\n'));
}

} // namespace tidemark::ui
