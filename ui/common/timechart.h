#pragma once

#include "chartaxis.h"
#include "timeseries.h"

#include <QList>
#include <QPair>
#include <QRect>
#include <QWidget>

namespace tidemark::ui {

class ChartFrame;

// The console's one chart (QPainter, palette colours, no fixed pixel sizes): series of values over time (x in
// UTC), as lines, steps or bars, history solid and projections dashed or hatched, with limit lines, time
// markers, a legend, an empty state and a tooltip on the point nearest to the mouse.
class TimeChart : public QWidget {
    Q_OBJECT
  public:
    explicit TimeChart(QWidget* parent = nullptr);

    // Drawn in the order given (bars first). A series without a colour gets the next of the chart's own; a
    // projection without one continues the series before it, in its colour.
    void setSeries(std::vector<TimeSeries> series);
    void setLimits(std::vector<LimitLine> limits);
    void setMarkers(std::vector<TimeMarker> markers);
    void setValueUnit(ValueUnit unit);
    void setTitle(const QString& title);
    void setEmptyText(const QString& text); // shown without any point; "No history yet." unless set

    const std::vector<TimeSeries>& series() const { return m_series; }
    const std::vector<LimitLine>& limits() const { return m_limits; }
    const std::vector<TimeMarker>& markers() const { return m_markers; }
    ValueUnit valueUnit() const { return m_unit; }
    QString emptyText() const { return m_emptyText; }

    // Where a value at an instant is drawn at the current size, in widget coordinates.
    QPointF position(Micros at, double value) const;
    // What the tooltip at pos says: the nearest point's instant and values; empty off the plot or without
    // data.
    QString toolTipAt(const QPoint& pos) const;
    // The ticks drawn at the current size.
    TimeAxis timeAxis() const;
    ValueAxis valueAxis() const;

    // Each text the last paint drew (title, tick labels, limit and marker labels, legend, the empty text)
    // with its rectangle in widget coordinates, as the painter measured it: the screens test checks that none
    // overlap and all lie inside the chart.
    Q_INVOKABLE QList<QPair<QString, QRect>> drawnLabels() const { return m_drawnLabels; }

    QSize sizeHint() const override { return {480, 260}; }
    QSize minimumSizeHint() const override { return {240, 140}; }

  protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

  private:
    ChartFrame frame() const;
    QColor colourOf(std::size_t series, bool stacked) const;
    void paintAxes(QPainter& p, const ChartFrame& f) const;
    void paintSeries(QPainter& p, const ChartFrame& f, std::size_t index) const;
    void paintLimitsAndMarkers(QPainter& p, const ChartFrame& f) const;
    void paintLegend(QPainter& p, const ChartFrame& f) const;
    // Draws `text` in `r` as QPainter::drawText does and records where it went (drawnLabels()).
    void drawLabel(QPainter& p, const QRectF& r, int flags, const QString& text) const;

    std::vector<TimeSeries> m_series;
    std::vector<LimitLine> m_limits;
    std::vector<TimeMarker> m_markers;
    ValueUnit m_unit = ValueUnit::Number;
    QString m_title;
    QString m_emptyText;
    mutable QList<QPair<QString, QRect>> m_drawnLabels; // of the last paint
};

} // namespace tidemark::ui
