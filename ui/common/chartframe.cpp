#include "chartframe.h"

#include <QLineF>
#include <algorithm>
#include <cmath>

namespace tidemark::ui {

namespace {

using Kind = TimeSeries::Kind;

// The width in time of the bars that have none: 60 % of the usual (median) spacing of all their points, so
// interleaved bar series (rounds and dry runs) share one width.
Micros autoBarTime(const std::vector<TimeSeries>& series, Micros span) {
    std::vector<Micros> times;
    for (const TimeSeries& s : series)
        if (s.kind == Kind::Bars && s.barWidth <= 0)
            for (const TimePoint& p : s.points)
                times.push_back(p.at);
    std::sort(times.begin(), times.end());
    std::vector<Micros> gaps;
    for (std::size_t i = 1; i < times.size(); ++i)
        if (times[i] > times[i - 1])
            gaps.push_back(times[i] - times[i - 1]);
    if (gaps.empty())
        return span / 10;
    std::nth_element(gaps.begin(), gaps.begin() + std::ptrdiff_t(gaps.size() / 2), gaps.end());
    return std::min(gaps[gaps.size() / 2] * 6 / 10, span / 4);
}

} // namespace

ChartFrame::ChartFrame(const std::vector<TimeSeries>& series, const std::vector<LimitLine>& limits,
                       const std::vector<TimeMarker>& markers, const QString& title, ValueUnit unit,
                       const QRectF& area, const QFontMetricsF& metrics)
    : m_series(series), m_markers(markers), m_unit(unit) {
    m_tickLength = std::round(metrics.height() / 4);
    const auto extend = [this](Micros t) {
        m_first = m_empty ? t : std::min(m_first, t);
        m_last = m_empty ? t : std::max(m_last, t);
        m_empty = false;
    };
    for (const TimeSeries& s : series)
        for (const TimePoint& p : s.points) {
            extend(p.at);
            const double top = s.kind == Kind::Bars ? p.value + p.stacked : p.value;
            m_low = std::min({m_low, p.value, top});
            m_high = std::max({m_high, p.value, top});
        }
    const bool hasPoints = !m_empty;
    for (const TimeMarker& marker : markers)
        extend(marker.at);
    m_empty = !hasPoints;
    for (const LimitLine& limit : limits) {
        m_low = std::min(m_low, limit.value);
        m_high = std::max(m_high, limit.value);
    }
    if (m_first == m_last) {
        m_first -= 30 * kMicrosPerMinute;
        m_last += 30 * kMicrosPerMinute;
    }
    // Room for the outer half of the first and last bars.
    Micros pad = 0;
    const Micros automatic = autoBarTime(series, m_last - m_first);
    for (const TimeSeries& s : series) {
        const Micros width = s.kind != Kind::Bars ? 0 : (s.barWidth > 0 ? s.barWidth : automatic);
        m_barTimes.push_back(width);
        pad = std::max(pad, width / 2);
    }
    m_first -= pad;
    m_last += pad;

    // The title and the legend entries, wrapped into rows.
    const double em = metrics.height();
    double x = area.left();
    double y = area.top();
    const auto place = [&](double width) {
        if (x > area.left() && x + width > area.right()) {
            x = area.left();
            y += std::round(em * 1.25);
        }
        const QRectF r(x, y, width, em);
        x += width + em;
        return r;
    };
    if (!title.isEmpty())
        m_title = place(metrics.horizontalAdvance(title) + em / 2);
    for (std::size_t i = 0; i < series.size(); ++i)
        for (const bool stacked : {false, true}) {
            const QString& name = stacked ? series[i].stackedName : series[i].name;
            if (name.isEmpty() || (stacked && series[i].kind != Kind::Bars))
                continue;
            const double swatch = series[i].kind == Kind::Bars ? std::round(em * 0.7) : std::round(em * 1.6);
            const QRectF r = place(swatch + em / 3 + metrics.horizontalAdvance(name));
            const double inset = (em - std::min(swatch, em * 0.7)) / 2;
            m_legend.push_back(
                {i, stacked, QRectF(r.left(), r.top() + inset, swatch, em - 2 * inset),
                 QRectF(r.left() + swatch + em / 3, r.top(), r.width() - swatch - em / 3, em)});
        }
    const double legendBottom = (m_title.isNull() && m_legend.empty()) ? area.top() : y + em * 1.5;

    int rows = 0;
    for (const TimeMarker& marker : markers)
        rows += marker.label.isEmpty() ? 0 : 1;
    rows = std::min(rows, 2);
    m_markerLabels.assign(markers.size(), QRectF());
    const QRectF below(area.left(), legendBottom, area.width(), area.bottom() - legendBottom);
    layOut(rows, below, metrics);
    if (const int used = placeMarkerLabels(below, metrics); used < rows) {
        layOut(used, below, metrics);
        placeMarkerLabels(below, metrics);
    }
}

void ChartFrame::layOut(int markerRows, const QRectF& area, const QFontMetricsF& metrics) {
    const double em = metrics.height();
    const double top = area.top() + markerRows * std::round(em * 1.2) + (markerRows > 0 ? em / 4 : em / 2);
    const double bottom = std::max(top + 1, area.bottom() - m_tickLength - em);
    m_value = ChartAxis::value(m_low, m_high, std::max(2, int((bottom - top) / (em * 2.2)) + 1), m_unit);
    double labels = 0;
    for (const double tick : m_value.ticks)
        labels = std::max(labels, metrics.horizontalAdvance(ChartAxis::valueLabel(tick, m_value, m_unit)));
    const double left = area.left() + labels + m_tickLength + em / 4;
    const double right =
        std::max(left + 1, area.right() - metrics.horizontalAdvance(QStringLiteral("00:00")) / 2);
    m_plot = QRectF(QPointF(left, top), QPointF(right, bottom));
    const double spacing = metrics.horizontalAdvance(QStringLiteral("28 Sep")) + 2 * em;
    m_time = ChartAxis::time(m_first, m_last, std::max(2, int(m_plot.width() / spacing) + 1));
    m_barWidths.clear();
    for (const Micros width : m_barTimes)
        m_barWidths.push_back(std::clamp(double(width) / double(m_time.to - m_time.from) * m_plot.width(),
                                         3.0, std::max(3.0, std::round(em * 3))));
}

int ChartFrame::placeMarkerLabels(const QRectF& area, const QFontMetricsF& metrics) {
    const double rowHeight = std::round(metrics.height() * 1.2);
    const int reserved = int(std::round((m_plot.top() - area.top()) / rowHeight));
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < m_markers.size(); ++i)
        if (!m_markers[i].label.isEmpty())
            order.push_back(i);
    std::sort(order.begin(), order.end(),
              [this](std::size_t a, std::size_t b) { return m_markers[a].at < m_markers[b].at; });
    int used = 0;
    std::vector<double> rowEnds(std::size_t(std::max(reserved, 1)), area.left() - 1);
    for (const std::size_t i : order) {
        const double width = metrics.horizontalAdvance(m_markers[i].label) + metrics.height() / 2;
        const double left = std::clamp(x(m_markers[i].at) - width / 2, area.left(),
                                       std::max(area.left(), area.right() - width));
        std::size_t row = 0;
        while (row + 1 < rowEnds.size() && left < rowEnds[row])
            ++row;
        rowEnds[row] = left + width;
        used = std::max(used, int(row) + 1);
        m_markerLabels[i] = QRectF(left, area.top() + double(row) * rowHeight, width, metrics.height());
    }
    return used;
}

double ChartFrame::x(Micros t) const {
    return m_plot.left() + double(t - m_time.from) / double(m_time.to - m_time.from) * m_plot.width();
}

double ChartFrame::y(double v) const {
    return m_plot.bottom() - (v - m_value.from) / (m_value.to - m_value.from) * m_plot.height();
}

QRectF ChartFrame::bar(std::size_t series, Micros at, double from, double to) const {
    const double width = m_barWidths[series];
    const double top = y(std::max(from, to));
    return QRectF(x(at) - width / 2, top, width, y(std::min(from, to)) - top);
}

std::optional<ChartFrame::Hit> ChartFrame::nearest(const QPointF& pos) const {
    if (m_empty || !m_plot.adjusted(-8, -8, 8, 8).contains(pos))
        return std::nullopt;
    std::optional<Hit> best;
    double bestDistance = 0;
    for (std::size_t i = 0; i < m_series.size(); ++i)
        for (std::size_t j = 0; j < m_series[i].points.size(); ++j) {
            const TimePoint& p = m_series[i].points[j];
            double dx = std::abs(pos.x() - x(p.at));
            double dy = std::abs(pos.y() - y(p.value));
            if (m_series[i].kind == Kind::Bars) {
                const QRectF r = bar(i, p.at, 0, p.value + p.stacked);
                dx = std::max(0.0, dx - r.width() / 2);
                dy =
                    pos.y() < r.top() ? r.top() - pos.y() : (pos.y() > r.bottom() ? pos.y() - r.bottom() : 0);
            }
            const double distance = 4 * dx * dx + dy * dy; // the time under the mouse counts double
            if (!best || distance < bestDistance) {
                best = Hit{i, j};
                bestDistance = distance;
            }
        }
    return best;
}

QRectF ChartFrame::limitLabel(double value, const QSizeF& size) const {
    const double y = std::floor(this->y(value));
    const double gap = std::max(2.0, m_tickLength / 2);
    const double right = m_plot.right() - size.width() - gap;
    const double left = m_plot.left() + gap;
    const double above = y - size.height() - 1;
    const double below = y + 2;
    std::vector<QRectF> candidates;
    for (const double x : {right, left})
        for (const double top : {above, below})
            if (top >= m_plot.top() && top + size.height() <= m_plot.bottom())
                candidates.push_back(QRectF(QPointF(x, top), size));
    for (const QRectF& r : candidates)
        if (!crosses(r))
            return r;
    return candidates.empty() ? QRectF(QPointF(right, above), size) : candidates.front();
}

bool ChartFrame::crosses(const QRectF& r) const {
    const QRectF room = r.adjusted(-2, -2, 2, 2); // and the line's width around it
    const auto segmentCrosses = [&room](QPointF a, QPointF b) {
        const int steps = 1 + int(QLineF(a, b).length() / 2);
        for (int i = 0; i <= steps; ++i)
            if (room.contains(a + (b - a) * (double(i) / steps)))
                return true;
        return false;
    };
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        const TimeSeries& s = m_series[i];
        for (std::size_t j = 0; j < s.points.size(); ++j) {
            const TimePoint& p = s.points[j];
            const QPointF here(x(p.at), y(p.value));
            if (s.kind == Kind::Bars) {
                if (bar(i, p.at, 0, p.value + p.stacked).intersects(room))
                    return true;
                continue;
            }
            if (room.contains(here))
                return true;
            if (j == 0)
                continue;
            const QPointF before(x(s.points[j - 1].at), y(s.points[j - 1].value));
            const QPointF corner = s.kind == Kind::Step ? QPointF(here.x(), before.y()) : here;
            if (segmentCrosses(before, corner) || segmentCrosses(corner, here))
                return true;
        }
    }
    return false;
}

} // namespace tidemark::ui
