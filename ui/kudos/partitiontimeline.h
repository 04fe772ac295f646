#pragma once

#include "timestamp.h"

#include <QList>
#include <QPair>
#include <QRect>
#include <QWidget>

class QPainter;

namespace tidemark::kudos {
class PartitionStatusModel;
struct PartitionStatus;
} // namespace tidemark::kudos

namespace tidemark::ui {

// The kudos ranges at a glance: a lane per table (currency, statistics), a block per week or sub-range
// along a time axis with month labels, coloured by what retention has done (online, rolled up, archived,
// dropped hatched, dump failed), eligible ranges that retention has not started outlined, and each lane's
// "now − window" line. A tooltip per block; a click selects the range (rowClicked).
//
// Top to bottom: the legend (wrapped into as many rows as the width needs), each lane with its cutoff tag in
// a row above it, then the axis row with "now" and the month labels. A label that would overlap one placed
// before it, or leave the widget, is moved to its other side of its line or left out.
class PartitionTimeline : public QWidget {
    Q_OBJECT
  public:
    explicit PartitionTimeline(kudos::PartitionStatusModel* model, QWidget* parent = nullptr);

    // The windows of the two lanes (their cutoff lines).
    void setWindows(Micros currencyWindow, Micros statsWindow);
    void setSelectedRow(int row); // the model row drawn as selected; -1 none
    int selectedRow() const { return m_selected; }
    int rowAt(const QPointF& point) const; // the model row of the block under the point, -1 none
    QRectF blockRect(int row) const;       // where a model row is drawn (empty when not shown)
    // Every text the last paint drew, with its rectangle in widget coordinates (the screen tests check that
    // none overlaps another or leaves the widget).
    Q_INVOKABLE QList<QPair<QString, QRect>> drawnLabels() const { return m_labels; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

  signals:
    void rowClicked(int row);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

  private:
    struct LegendItem {
        QColor fill;
        QString text;
        bool hatched;
        bool outlined;
    };
    std::vector<LegendItem> legendItems() const;
    int legendRows(int width) const; // how many rows the legend takes at this width
    int labelColumnWidth() const;    // the lane names' column
    int textRowHeight() const;
    int lanesTop() const; // the top of the first lane's tag row
    void updateAxis();
    QRectF laneRect(int lane) const;
    double xOf(Micros t) const;
    QString toolTipOf(const kudos::PartitionStatus& status) const;
    // Draws `text` in the first of `candidates` that lies inside the widget and meets no label drawn before;
    // false when none does (the text is left out).
    bool drawLabel(QPainter& p, const QString& text, std::initializer_list<QRect> candidates,
                   int flags = Qt::AlignCenter);
    void paintLegend(QPainter& p);
    void paintBlocks(QPainter& p);
    void paintBlockLabels(QPainter& p);
    void paintCutoffs(QPainter& p);
    void paintAxis(QPainter& p);

    kudos::PartitionStatusModel* m_model;
    Micros m_from = 0;
    Micros m_to = 0;
    Micros m_currencyWindow = 30 * kMicrosPerDay;
    Micros m_statsWindow = 30 * kMicrosPerDay;
    int m_selected = -1;
    QList<QPair<QString, QRect>> m_labels; // of the last paint
};

} // namespace tidemark::ui
