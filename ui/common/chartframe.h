#pragma once

#include "chartaxis.h"
#include "timeseries.h"

#include <QFontMetricsF>
#include <QRectF>
#include <optional>

namespace tidemark::ui {

// The geometry of a TimeChart at one size: where the title, the legend, the marker labels, the axes and the
// plot go, where a value is drawn, and which point lies nearest to a position. Values in, geometry out.
class ChartFrame {
  public:
    struct LegendEntry {
        std::size_t series = 0;
        bool stacked = false; // the entry of the series' stacked part
        QRectF swatch;
        QRectF text;
    };
    struct Hit {
        std::size_t series = 0;
        std::size_t point = 0;
    };

    ChartFrame(const std::vector<TimeSeries>& series, const std::vector<LimitLine>& limits,
               const std::vector<TimeMarker>& markers, const QString& title, ValueUnit unit,
               const QRectF& area, const QFontMetricsF& metrics);

    bool empty() const { return m_empty; }
    const QRectF& plot() const { return m_plot; }
    const TimeAxis& time() const { return m_time; }
    const ValueAxis& value() const { return m_value; }
    const QRectF& title() const { return m_title; }
    const std::vector<LegendEntry>& legend() const { return m_legend; }
    // Per marker, where its label goes (empty rectangle: the marker has no label).
    const std::vector<QRectF>& markerLabels() const { return m_markerLabels; }
    // Where the x tick labels' row and the y tick labels' column are.
    double timeLabelTop() const { return m_plot.bottom() + m_tickLength; }
    double valueLabelRight() const { return m_plot.left() - m_tickLength; }
    double tickLength() const { return m_tickLength; }

    double x(Micros t) const;
    double y(double v) const;
    // A bar of a Bars series: its width in pixels, and the rectangle from `from` to `to` (values) at `at`.
    double barWidth(std::size_t series) const { return m_barWidths[series]; }
    QRectF bar(std::size_t series, Micros at, double from, double to) const;
    // The point nearest to pos (inside a bar counts as on it); none off the plot or without points.
    std::optional<Hit> nearest(const QPointF& pos) const;
    // Where a limit line's label of this size goes: above or below the line, right or left, wherever no
    // series crosses it first.
    QRectF limitLabel(double value, const QSizeF& size) const;

  private:
    void layOut(int markerRows, const QRectF& area, const QFontMetricsF& metrics);
    int placeMarkerLabels(const QRectF& area, const QFontMetricsF& metrics);
    bool crosses(const QRectF& r) const; // whether a series is drawn in r

    const std::vector<TimeSeries>& m_series;
    const std::vector<TimeMarker>& m_markers;
    ValueUnit m_unit;
    bool m_empty = true;
    Micros m_first = 0;
    Micros m_last = 0;
    double m_low = 0;
    double m_high = 0;
    std::vector<Micros> m_barTimes; // per series: the bar width in time (0 for lines)
    std::vector<double> m_barWidths;
    double m_tickLength = 4;
    QRectF m_title;
    std::vector<LegendEntry> m_legend;
    std::vector<QRectF> m_markerLabels;
    QRectF m_plot;
    TimeAxis m_time;
    ValueAxis m_value;
};

} // namespace tidemark::ui
