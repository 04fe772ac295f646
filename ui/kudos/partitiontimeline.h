#pragma once

#include "timestamp.h"

#include <QWidget>

namespace tidemark::kudos {
class PartitionStatusModel;
struct PartitionStatus;
} // namespace tidemark::kudos

namespace tidemark::ui {

// The kudos ranges at a glance: a lane per table (currency, statistics), a block per week or sub-range
// along a time axis with month labels, coloured by what retention has done (online, rolled up, archived,
// dropped hatched, dump failed), eligible ranges that retention has not started outlined, and each lane's
// "now − window" line. A tooltip per block; a click selects the range (rowClicked).
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

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  signals:
    void rowClicked(int row);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

  private:
    void updateAxis();
    QRectF laneRect(int lane) const;
    double xOf(Micros t) const;
    QString toolTipOf(const kudos::PartitionStatus& status) const;
    void paintLegend(class QPainter& p) const;
    void paintAxis(class QPainter& p) const;

    kudos::PartitionStatusModel* m_model;
    Micros m_from = 0;
    Micros m_to = 0;
    Micros m_currencyWindow = 30 * kMicrosPerDay;
    Micros m_statsWindow = 30 * kMicrosPerDay;
    int m_selected = -1;
};

} // namespace tidemark::ui
