#pragma once

#include <QList>
#include <QPair>
#include <QRect>
#include <QString>
#include <QWidget>
#include <vector>

namespace tidemark::ui {

// A small figure of horizontal bars under a title, what a Home card shows at a glance: the backlog night
// by night, each archive tier against its budget, the tracks store against its mark. A bar without a scale
// (fraction < 0) draws no bar and says why in its value ("no budget"). The labels and values are what a
// card's text states too; drawnLabels() names each text painted and where, for the screen tests.
class BarFigure : public QWidget {
    Q_OBJECT
  public:
    struct Bar {
        QString label;        // left of the bar: "now", "night 2", "currency"
        double fraction = -1; // 0..1 of the bar filled (clamped); < 0: no scale, no bar
        QString value;        // right of the bar: "1,050 slices", "4.03 MiB of 1.00 GiB"
        bool warn = false;    // drawn in the console's error colour
    };

    explicit BarFigure(QWidget* parent = nullptr);

    void setFigure(const QString& title, const std::vector<Bar>& bars);
    void clear();
    QString title() const { return m_title; }
    const std::vector<Bar>& bars() const { return m_bars; }

    Q_INVOKABLE QList<QPair<QString, QRect>> drawnLabels() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    struct Layout {
        QList<QPair<QString, QRect>> texts;
        std::vector<QRect> tracks; // each bar's full track
    };
    Layout layoutFor(const QRect& area) const;
    int rowHeight() const;

    QString m_title;
    std::vector<Bar> m_bars;
};

} // namespace tidemark::ui
