#include "partitiontimeline.h"

#include "displayformat.h"
#include "partitionstatusmodel.h"

#include <QDateTime>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QTimeZone>
#include <QToolTip>
#include <algorithm>

namespace tidemark::ui {

using kudos::PartitionStatus;
using kudos::PartitionStatusModel;
using Phase = PartitionStatusModel::Phase;

namespace {
constexpr int kLaneHeight = 38;
constexpr int kMargin = 8;
constexpr int kSwatchWidth = 16;
constexpr int kLegendGap = 16; // between two legend items
// Ranges that start before this long ahead of their end (a first partition from MINVALUE) are drawn from it.
constexpr Micros kLongestRange = 400 * kMicrosPerDay;

QColor fillOf(Phase phase) {
    switch (phase) {
    case Phase::Online:
        return QColor(0xb9, 0xd7, 0xf0);
    case Phase::RolledUp:
        return QColor(0xf2, 0xc1, 0x4e);
    case Phase::Archived:
        return QColor(0x6d, 0xbb, 0x7a);
    case Phase::Dropped:
        return QColor(0xdc, 0xdc, 0xdc);
    case Phase::Failed:
        return QColor(0xe0, 0x66, 0x66);
    }
    return Qt::white;
}
const QColor kEligible(0xd9, 0x48, 0x0f);
const QColor kCutoff(0xb0, 0x00, 0x20);

Micros drawnLo(const PartitionStatus& s) {
    return std::max(s.lo, s.hi - kLongestRange);
}
Micros monthStart(const QDate& month) {
    return QDateTime(month, QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch() * 1000;
}
} // namespace

PartitionTimeline::PartitionTimeline(PartitionStatusModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_selected = -1;
        updateAxis();
        update();
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, qOverload<>(&QWidget::update));
}

void PartitionTimeline::setWindows(Micros currencyWindow, Micros statsWindow) {
    m_currencyWindow = currencyWindow;
    m_statsWindow = statsWindow;
    updateAxis();
    update();
}

void PartitionTimeline::setSelectedRow(int row) {
    m_selected = row;
    update();
}

std::vector<PartitionTimeline::LegendItem> PartitionTimeline::legendItems() const {
    return {{fillOf(Phase::Online), tr("online"), false, false},
            {fillOf(Phase::Online), tr("eligible, not started"), false, true},
            {fillOf(Phase::RolledUp), tr("rolled up / checkpointed"), false, false},
            {fillOf(Phase::Archived), tr("archived"), false, false},
            {fillOf(Phase::Dropped), tr("dropped"), true, false},
            {fillOf(Phase::Failed), tr("dump failed"), false, false}};
}

int PartitionTimeline::legendRows(int width) const {
    int rows = 1;
    int x = kMargin;
    for (const LegendItem& item : legendItems()) {
        const int w = kSwatchWidth + 4 + fontMetrics().horizontalAdvance(item.text) + 2;
        if (x > kMargin && x + w > width - kMargin) {
            ++rows;
            x = kMargin;
        }
        x += w + kLegendGap;
    }
    return rows;
}

int PartitionTimeline::labelColumnWidth() const {
    const QFontMetrics fm = fontMetrics();
    return kMargin + std::max(fm.horizontalAdvance(tr("currency")), fm.horizontalAdvance(tr("statistics"))) +
           12;
}

int PartitionTimeline::textRowHeight() const {
    return fontMetrics().height() + 4;
}

int PartitionTimeline::lanesTop() const {
    return kMargin + legendRows(width()) * textRowHeight() + 4;
}

int PartitionTimeline::heightForWidth(int width) const {
    // The legend, two lanes each under its tag row, the axis row.
    return kMargin + legendRows(width) * textRowHeight() + 4 + 2 * (textRowHeight() + kLaneHeight) + 4 +
           textRowHeight() + kMargin;
}

QSize PartitionTimeline::sizeHint() const {
    return {900, heightForWidth(900)};
}

// As narrow as a lane of 300 px; as tall as it is at its current width (at least the preferred one), so a
// legend that wraps only on a narrow window does not make every window reserve its rows.
QSize PartitionTimeline::minimumSizeHint() const {
    return {labelColumnWidth() + 300, heightForWidth(std::max(width(), sizeHint().width()))};
}

void PartitionTimeline::updateAxis() {
    const auto& statuses = m_model->statuses();
    if (statuses.empty()) {
        m_from = m_to = 0;
        return;
    }
    m_from = drawnLo(statuses.front());
    m_to = statuses.front().hi;
    for (const PartitionStatus& s : statuses) {
        m_from = std::min(m_from, drawnLo(s));
        m_to = std::max(m_to, s.hi);
    }
    const Micros now = m_model->now();
    m_from = std::min(m_from, now - std::max(m_currencyWindow, m_statsWindow));
    m_to = std::max(m_to, now);
    const Micros pad = std::max<Micros>((m_to - m_from) / 60, kMicrosPerDay);
    m_from -= pad;
    m_to += pad;
}

QRectF PartitionTimeline::laneRect(int lane) const {
    const int top = lanesTop() + textRowHeight() + lane * (textRowHeight() + kLaneHeight);
    const int left = labelColumnWidth();
    return QRectF(left, top, width() - left - kMargin, kLaneHeight);
}

double PartitionTimeline::xOf(Micros t) const {
    const QRectF lane = laneRect(0);
    if (m_to <= m_from)
        return lane.left();
    return lane.left() + lane.width() * double(t - m_from) / double(m_to - m_from);
}

QRectF PartitionTimeline::blockRect(int row) const {
    if (row < 0 || row >= m_model->rowCount() || m_to <= m_from)
        return {};
    const PartitionStatus& s = m_model->at(row);
    const QRectF lane = laneRect(s.dataset == kudos::RetentionDataset::Currency ? 0 : 1);
    const double x0 = xOf(drawnLo(s));
    const double x1 = xOf(s.hi);
    return QRectF(x0 + 0.5, lane.top() + 4, std::max(2.0, x1 - x0 - 1.0), lane.height() - 8);
}

int PartitionTimeline::rowAt(const QPointF& point) const {
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (blockRect(row).contains(point))
            return row;
    return -1;
}

bool PartitionTimeline::drawLabel(QPainter& p, const QString& text, std::initializer_list<QRect> candidates,
                                  int flags) {
    for (const QRect& r : candidates) {
        if (!rect().contains(r))
            continue;
        const bool overlaps = std::any_of(m_labels.begin(), m_labels.end(),
                                          [&](const auto& l) { return l.second.intersects(r); });
        if (overlaps)
            continue;
        p.drawText(r, flags, text);
        m_labels.append({text, r});
        return true;
    }
    return false;
}

void PartitionTimeline::paintLegend(QPainter& p) {
    const QFontMetrics fm = p.fontMetrics();
    int x = kMargin;
    int y = kMargin;
    for (const LegendItem& item : legendItems()) {
        const int textWidth = fm.horizontalAdvance(item.text) + 2;
        if (x > kMargin && x + kSwatchWidth + 4 + textWidth > width() - kMargin) {
            x = kMargin;
            y += textRowHeight();
        }
        const QRect swatch(x, y + (textRowHeight() - 12) / 2, kSwatchWidth, 12);
        p.fillRect(swatch, item.fill);
        if (item.hatched)
            p.fillRect(swatch, QBrush(QColor(0x90, 0x90, 0x90), Qt::BDiagPattern));
        p.setPen(item.outlined ? QPen(kEligible, 2) : QPen(QColor(0x70, 0x70, 0x70), 1));
        p.drawRect(swatch);
        p.setPen(palette().color(QPalette::WindowText));
        drawLabel(p, item.text, {QRect(x + kSwatchWidth + 4, y + 2, textWidth, fm.height())},
                  Qt::AlignLeft | Qt::AlignVCenter);
        x += kSwatchWidth + 4 + textWidth + kLegendGap;
    }
}

void PartitionTimeline::paintBlocks(QPainter& p) {
    const QFontMetrics fm = p.fontMetrics();
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const PartitionStatus& s = m_model->at(row);
        const QRectF block = blockRect(row);
        const Phase phase = PartitionStatusModel::phaseOf(s);
        p.fillRect(block, fillOf(phase));
        if (phase == Phase::Dropped)
            p.fillRect(block, QBrush(QColor(0x90, 0x90, 0x90), Qt::BDiagPattern));
        const bool eligible = m_model->isEligiblePending(s);
        p.setPen(eligible ? QPen(kEligible, 2.5) : QPen(QColor(0x60, 0x60, 0x60), 1));
        p.drawRect(block.adjusted(1, 1, -1, -1));
        if (!s.error.isEmpty()) {
            p.setPen(QPen(kCutoff, 2, Qt::DashLine));
            p.drawRect(block.adjusted(3, 3, -3, -3));
        }
        if (row == m_selected) {
            p.setPen(QPen(palette().color(QPalette::Highlight), 3));
            p.drawRect(block.adjusted(-1, -1, 1, 1));
        }
    }
}

// Each block's first day as month-day (the year is on the axis), painted after the month, "now" and cutoff
// lines on the block's own fill: a line stops at the text instead of crossing it.
void PartitionTimeline::paintBlockLabels(QPainter& p) {
    const QFontMetrics fm = p.fontMetrics();
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const PartitionStatus& s = m_model->at(row);
        const QRectF block = blockRect(row);
        const QString label = display::date(drawnLo(s)).mid(5);
        const int w = fm.horizontalAdvance(label) + 2;
        if (block.width() <= w + 6)
            continue;
        const QPoint centre = block.center().toPoint();
        const QRect where(centre.x() - w / 2, centre.y() - fm.height() / 2, w, fm.height());
        const Phase phase = PartitionStatusModel::phaseOf(s);
        p.fillRect(where, fillOf(phase));
        if (phase == Phase::Dropped)
            p.fillRect(where, QBrush(QColor(0x90, 0x90, 0x90), Qt::BDiagPattern));
        p.setPen(QColor(0x20, 0x20, 0x20));
        drawLabel(p, label, {where});
    }
}

// Each lane's "now − window" line, its tag in the row above the lane, left of the line or else right of it.
void PartitionTimeline::paintCutoffs(QPainter& p) {
    const QFontMetrics fm = p.fontMetrics();
    const Micros windows[] = {m_currencyWindow, m_statsWindow};
    for (int lane = 0; lane < 2; ++lane) {
        const QRectF r = laneRect(lane);
        const double x = xOf(m_model->now() - windows[lane]);
        p.setPen(QPen(kCutoff, 2, Qt::DashLine));
        p.drawLine(QPointF(x, r.top() - 3), QPointF(x, r.bottom() + 3));
        const QString text = tr("now − %Ln day(s)", "", int(windows[lane] / kMicrosPerDay));
        const int w = fm.horizontalAdvance(text) + 6;
        const int top = int(r.top()) - textRowHeight() + 1;
        const int xi = int(x);
        p.setPen(kCutoff);
        drawLabel(p, text, {QRect(xi - w - 3, top, w, fm.height()), QRect(xi + 3, top, w, fm.height())});
    }
}

// "now" at the top of its line, in the first lane's tag row (centred, else beside it); then the axis row
// under the lanes: each month's label right of its line, else left of it, else left out.
void PartitionTimeline::paintAxis(QPainter& p) {
    const QFontMetrics fm = p.fontMetrics();
    const QRectF first = laneRect(0);
    const QRectF last = laneRect(1);
    const int labelTop = int(last.bottom()) + 6;
    const int nowTop = int(first.top()) - textRowHeight() + 1;
    const int xNow = int(xOf(m_model->now()));
    p.setPen(QPen(palette().color(QPalette::WindowText), 2));
    p.drawLine(QPointF(xNow, nowTop + fm.height()), QPointF(xNow, last.bottom() + 4));
    const QString now = tr("now");
    const int nowWidth = fm.horizontalAdvance(now) + 4;
    drawLabel(p, now,
              {QRect(xNow - nowWidth / 2, nowTop, nowWidth, fm.height()),
               QRect(xNow + 3, nowTop, nowWidth, fm.height()),
               QRect(xNow - nowWidth - 3, nowTop, nowWidth, fm.height())});

    const QDate from = QDateTime::fromMSecsSinceEpoch(floorDiv(m_from, 1000), QTimeZone::utc()).date();
    for (QDate month = QDate(from.year(), from.month(), 1).addMonths(1);; month = month.addMonths(1)) {
        const Micros t = monthStart(month);
        if (t >= m_to)
            break;
        const double x = xOf(t);
        p.setPen(QPen(QColor(0xa0, 0xa0, 0xa0), 1, Qt::DotLine));
        p.drawLine(QPointF(x, first.top()), QPointF(x, last.bottom() + 2));
        p.setPen(palette().color(QPalette::WindowText));
        const QString text = display::month(t);
        const int w = fm.horizontalAdvance(text) + 2;
        const int xi = int(x);
        drawLabel(p, text,
                  {QRect(xi + 3, labelTop, w, fm.height()), QRect(xi - w - 3, labelTop, w, fm.height())},
                  Qt::AlignLeft | Qt::AlignVCenter);
    }
}

void PartitionTimeline::paintEvent(QPaintEvent*) {
    m_labels.clear();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.fillRect(rect(), palette().color(QPalette::Base));
    paintLegend(p);
    const QString lanes[] = {tr("currency"), tr("statistics")};
    for (int lane = 0; lane < 2; ++lane) {
        const QRectF r = laneRect(lane);
        p.fillRect(r, palette().color(QPalette::AlternateBase));
        p.setPen(palette().color(QPalette::WindowText));
        drawLabel(p, lanes[lane],
                  {QRect(kMargin, int(r.center().y()) - fontMetrics().height() / 2,
                         labelColumnWidth() - kMargin, fontMetrics().height())},
                  Qt::AlignLeft | Qt::AlignVCenter);
    }
    if (m_to <= m_from) {
        const QString empty = tr("No ranges loaded.");
        const QRect lanesRect = laneRect(0).united(laneRect(1)).toRect();
        const int w = fontMetrics().horizontalAdvance(empty) + 4;
        drawLabel(p, empty,
                  {QRect(lanesRect.center().x() - w / 2, lanesRect.center().y() - fontMetrics().height() / 2,
                         w, fontMetrics().height())});
        return;
    }
    paintBlocks(p);
    paintAxis(p); // "now" before the cutoff tags: it keeps its place, a tag moves
    paintCutoffs(p);
    paintBlockLabels(p);
}

QString PartitionTimeline::toolTipOf(const PartitionStatus& s) const {
    QString text = QStringLiteral("<b>%1</b> %2<br>")
                       .arg(s.partition.toHtmlEscaped(), PartitionStatusModel::rangeText(s).toHtmlEscaped());
    text += tr("State: %1").arg(PartitionStatusModel::stateText(s.state)) + QStringLiteral("<br>");
    text += tr("Rows: %1 · unapplied: %2").arg(display::count(s.rows), display::count(s.unapplied));
    if (s.dataset == kudos::RetentionDataset::Statistics)
        text += tr(" · quarantined: %1").arg(display::count(s.quarantined));
    text += QStringLiteral("<br>") + tr("Eligible from %1").arg(display::date(s.eligibleAt));
    if (!s.archiveKey.isEmpty())
        text += QStringLiteral("<br>") + tr("Archive: %1").arg(s.archiveKey.toHtmlEscaped());
    if (s.objectBytes)
        text += QStringLiteral(" (%1)").arg(display::size(*s.objectBytes));
    if (!s.error.isEmpty())
        text += QStringLiteral("<br><span style='color:#b00020'>%1</span>").arg(s.error.toHtmlEscaped());
    return text;
}

bool PartitionTimeline::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int row = rowAt(help->pos());
        if (row >= 0)
            QToolTip::showText(help->globalPos(), toolTipOf(m_model->at(row)), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void PartitionTimeline::mousePressEvent(QMouseEvent* event) {
    const int row = rowAt(event->position());
    if (row >= 0) {
        setSelectedRow(row);
        emit rowClicked(row);
    }
}

} // namespace tidemark::ui
