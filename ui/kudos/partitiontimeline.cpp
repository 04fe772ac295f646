#include "partitiontimeline.h"

#include "partitionstatusmodel.h"

#include <QDateTime>
#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QTimeZone>
#include <QToolTip>

namespace tidemark::ui {

using kudos::PartitionStatus;
using kudos::PartitionStatusModel;
using Phase = PartitionStatusModel::Phase;

namespace {
constexpr int kLabelWidth = 92;
constexpr int kLegendHeight = 42; // the legend, then the cutoff tag of the first lane
constexpr int kLaneHeight = 38;
constexpr int kLaneGap = 20; // room for the cutoff tag of the next lane
constexpr int kAxisHeight = 22;
constexpr int kMargin = 8;
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

QDateTime utc(Micros t) {
    return QDateTime::fromMSecsSinceEpoch(floorDiv(t, 1000), QTimeZone::utc());
}
Micros drawnLo(const PartitionStatus& s) {
    return std::max(s.lo, s.hi - kLongestRange);
}
} // namespace

PartitionTimeline::PartitionTimeline(PartitionStatusModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
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

QSize PartitionTimeline::sizeHint() const {
    return {900, minimumSizeHint().height()};
}

QSize PartitionTimeline::minimumSizeHint() const {
    return {kLabelWidth + 300, kMargin + kLegendHeight + 2 * kLaneHeight + kLaneGap + kAxisHeight + kMargin};
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
    const double top = kMargin + kLegendHeight + lane * (kLaneHeight + kLaneGap);
    return QRectF(kLabelWidth, top, width() - kLabelWidth - kMargin, kLaneHeight);
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

void PartitionTimeline::paintLegend(QPainter& p) const {
    double x = kLabelWidth;
    const double y = kMargin + 4;
    const auto item = [&](const QColor& fill, const QString& text, bool hatched, bool outlined) {
        const QRectF swatch(x, y, 16, 12);
        p.fillRect(swatch, fill);
        if (hatched)
            p.fillRect(swatch, QBrush(QColor(0x90, 0x90, 0x90), Qt::BDiagPattern));
        p.setPen(outlined ? QPen(kEligible, 2) : QPen(QColor(0x70, 0x70, 0x70), 1));
        p.drawRect(swatch);
        p.setPen(palette().color(QPalette::WindowText));
        const QRectF label(x + 20, y - 3, 400, 18);
        p.drawText(label, Qt::AlignLeft | Qt::AlignVCenter, text);
        x += 20 + p.fontMetrics().horizontalAdvance(text) + 16;
    };
    item(fillOf(Phase::Online), tr("online"), false, false);
    item(fillOf(Phase::Online), tr("eligible, not started"), false, true);
    item(fillOf(Phase::RolledUp), tr("rolled up / checkpointed"), false, false);
    item(fillOf(Phase::Archived), tr("archived"), false, false);
    item(fillOf(Phase::Dropped), tr("dropped"), true, false);
    item(fillOf(Phase::Failed), tr("dump failed"), false, false);
}

void PartitionTimeline::paintAxis(QPainter& p) const {
    const QRectF last = laneRect(1);
    const double top = laneRect(0).top();
    const double labelTop = last.bottom() + 4;
    QDate month = utc(m_from).date();
    month = QDate(month.year(), month.month(), 1).addMonths(1);
    const QLocale locale;
    while (true) {
        const Micros t = QDateTime(month, QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch() * 1000;
        if (t >= m_to)
            break;
        const double x = xOf(t);
        p.setPen(QPen(QColor(0xa0, 0xa0, 0xa0), 1, Qt::DotLine));
        p.drawLine(QPointF(x, top), QPointF(x, last.bottom() + 2));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRectF(x + 3, labelTop, 120, kAxisHeight - 4), Qt::AlignLeft | Qt::AlignTop,
                   locale.toString(month, QStringLiteral("MMM yyyy")));
        month = month.addMonths(1);
    }
    // Now: where the ranges end that exist already.
    const double xNow = xOf(m_model->now());
    p.setPen(QPen(palette().color(QPalette::WindowText), 2));
    p.drawLine(QPointF(xNow, top - 4), QPointF(xNow, last.bottom() + 2));
    p.drawText(QRectF(xNow - 83, labelTop, 80, kAxisHeight - 4), Qt::AlignRight | Qt::AlignTop, tr("now"));
}

void PartitionTimeline::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.fillRect(rect(), palette().color(QPalette::Base));
    paintLegend(p);
    const QString lanes[] = {tr("currency"), tr("statistics")};
    const Micros windows[] = {m_currencyWindow, m_statsWindow};
    for (int lane = 0; lane < 2; ++lane) {
        const QRectF r = laneRect(lane);
        p.fillRect(r, palette().color(QPalette::AlternateBase));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRectF(kMargin, r.top(), kLabelWidth - kMargin - 4, r.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, lanes[lane]);
    }
    if (m_to <= m_from) {
        p.drawText(laneRect(0).united(laneRect(1)), Qt::AlignCenter, tr("No ranges loaded."));
        return;
    }
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
        const QString label = utc(drawnLo(s)).toString(QStringLiteral("dd.MM"));
        if (block.width() > p.fontMetrics().horizontalAdvance(label) + 6) {
            p.setPen(QColor(0x20, 0x20, 0x20));
            p.drawText(block, Qt::AlignCenter, label);
        }
    }
    for (int lane = 0; lane < 2; ++lane) {
        // What is older than this line is eligible in this table.
        const QRectF r = laneRect(lane);
        const double x = xOf(m_model->now() - windows[lane]);
        p.setPen(QPen(kCutoff, 2, Qt::DashLine));
        p.drawLine(QPointF(x, r.top() - 3), QPointF(x, r.bottom() + 3));
        const QString text = tr("now − %Ln day(s)", "", int(windows[lane] / kMicrosPerDay));
        const double w = p.fontMetrics().horizontalAdvance(text) + 6;
        const QRectF tag(x - w - 2, r.top() - p.fontMetrics().height() - 1, w, p.fontMetrics().height());
        p.fillRect(tag, QColor(255, 255, 255, 210));
        p.setPen(kCutoff);
        p.drawText(tag, Qt::AlignCenter, text);
    }
    paintAxis(p);
}

QString PartitionTimeline::toolTipOf(const PartitionStatus& s) const {
    const QLocale l;
    QString text = QStringLiteral("<b>%1</b> %2<br>")
                       .arg(s.partition.toHtmlEscaped(), PartitionStatusModel::rangeText(s).toHtmlEscaped());
    text += tr("State: %1").arg(PartitionStatusModel::stateText(s.state)) + QStringLiteral("<br>");
    text += tr("Rows: %1 · unapplied: %2").arg(l.toString(s.rows), l.toString(s.unapplied));
    if (s.dataset == kudos::RetentionDataset::Statistics)
        text += tr(" · quarantined: %1").arg(l.toString(s.quarantined));
    text += QStringLiteral("<br>") +
            tr("Eligible from %1").arg(utc(s.eligibleAt).toString(QStringLiteral("yyyy-MM-dd")));
    if (!s.archiveKey.isEmpty())
        text += QStringLiteral("<br>") + tr("Archive: %1").arg(s.archiveKey.toHtmlEscaped());
    if (s.objectBytes)
        text += QStringLiteral(" (%1)").arg(l.formattedDataSize(*s.objectBytes));
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
