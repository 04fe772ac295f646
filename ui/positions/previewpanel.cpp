#include "previewpanel.h"

#include "displayformat.h"

#include "errortext.h"
#include "scrollingpage.h"
#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace tidemark::ui {

using namespace tidemark::positions;

namespace {
QString utc(Micros t) {
    return display::instantSeconds(t);
}
QString rssi(std::int16_t v) {
    return v == PositionRow::kNoRssi ? QStringLiteral("–") : QStringLiteral("%1 dBm").arg(v);
}
} // namespace

PreviewPanel::PreviewPanel(QWidget* parent) : QWidget(parent) {
    m_preview = new QPushButton(tr("Preview"), this);
    m_preview->setToolTip(
        tr("Load the range and run keep_set on it exactly as a round would; nothing is deleted."));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setFormat(tr("idle"));
    m_summary = new QLabel(tr("Select a mower and a range, then Preview."), this);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_row = new QLabel(this);
    m_row->setWordWrap(true);
    m_row->setTextFormat(Qt::RichText);
    m_row->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_row->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_row->setFrameShape(QFrame::StyledPanel);
    m_row->setMargin(6);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_preview);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_progress, 1);
    auto* layout = new QVBoxLayout;
    layout->addWidget(m_summary);
    layout->addWidget(m_row);
    clearRow();
    layout->addStretch(1);
    setScrollingLayout(this, buttons, layout); // the buttons stay in view above the result
    connect(m_preview, &QPushButton::clicked, this, &PreviewPanel::previewRequested);
    connect(m_cancel, &QPushButton::clicked, this, &PreviewPanel::cancelRequested);
}

void PreviewPanel::setRunning(bool running) {
    m_preview->setEnabled(!running);
    m_cancel->setEnabled(running);
    if (running) {
        m_progress->setValue(0);
        m_progress->setFormat(tr("starting"));
    }
}

void PreviewPanel::setProgress(double fraction, const QString& message) {
    m_progress->setValue(int(fraction * 1000));
    m_progress->setFormat(message);
}

void PreviewPanel::clear() {
    m_progress->setValue(0);
    m_progress->setFormat(tr("idle"));
    m_summary->setText(tr("Select a mower and a range, then Preview."));
    clearRow();
}

// The row picked on the map belongs to the preview shown: it goes with it.
void PreviewPanel::clearRow() {
    m_row->setText(tr("Click a point on the map to see its row and why it is kept or removed."));
}

void PreviewPanel::showError(const QString& message) {
    m_progress->setFormat(tr("failed"));
    m_summary->setText(errorHtml(message));
    clearRow();
}

QString PreviewPanel::verdictLabel(const CoverageCheck& check) {
    switch (check.verdict) {
    case CoverageCheck::Verdict::Pass:
        return tr("pass");
    case CoverageCheck::Verdict::Fail:
        return tr("fail");
    case CoverageCheck::Verdict::NoCoverage:
        break;
    }
    return tr("no coverage in the range");
}

void PreviewPanel::showResult(const PreviewResult& r) {
    m_progress->setValue(1000);
    m_progress->setFormat(
        tr("loaded %1 rows in %2").arg(display::count(r.loadedRows), display::duration(r.loadSeconds)));
    const double share = r.rows.empty() ? 0 : 100.0 * double(r.removed) / double(r.rows.size());
    QString reasons;
    static const char* names[] = {"bin", "gap", "blades", "rtk", "turn", "error"};
    for (int i = 0; i < PreviewResult::kReasonCount; ++i)
        reasons += QStringLiteral("%1 %2 · ")
                       .arg(QLatin1String(names[i]), display::count(r.perReason[std::size_t(i)]));
    reasons.chop(3);
    const CoverageCheck& c = r.check;
    const QString colour =
        c.verdict == CoverageCheck::Verdict::Fail ? QStringLiteral("#b00020") : QStringLiteral("#1b7a2f");
    m_summary->setText(
        tr("<b>%1 rows</b> in %2 – %3<br>"
           "<b style='color:#1b7a2f'>kept %4</b> (by keep_set %5, detail window %6, thinned earlier %7) · "
           "<b style='color:#c0392b'>removed %8</b> (%9 %)<br>"
           "reasons: %10<br>"
           "coverage: before %11 m², after %12 m² (normal join %13 m²), deviation %14 % — "
           "<b style='color:%15'>%16</b>%21<br>"
           "<span style='color:#666'>cutoff %17 · %18 slices run · keep_set %19 · coverage %20</span>")
            .arg(display::count(qint64(r.rows.size())), utc(r.from), utc(r.to))
            .arg(display::count(r.kept), display::count(r.keptBySet), display::count(r.recent),
                 display::count(r.behindWatermark), display::count(r.removed), display::number(share, 1),
                 reasons)
            .arg(display::number(c.areaBefore, 1), display::number(c.areaAfter, 1),
                 display::number(c.areaAfterNarrow, 1), display::number(c.deviation * 100, 1), colour,
                 verdictLabel(c), utc(r.cutoff), display::count(r.slices))
            .arg(display::duration(r.thinSeconds), display::duration(r.coverageSeconds),
                 c.worstDay
                     ? tr(" · worst day %1: deviation %2 % (the verdict is on the range)")
                           .arg(display::date(*c.worstDay), display::number(c.worstDayDeviation * 100, 1))
                     : QString()));
}

void PreviewPanel::showRow(const PreviewResult& result, long index) {
    if (index < 0) {
        m_row->setText(tr("No row near the click."));
        return;
    }
    const PositionRow& r = result.rows[std::size_t(index)];
    const RowFate fate = result.fates[std::size_t(index)];
    const QString colour = fate == RowFate::Removed ? QStringLiteral("#c0392b") : QStringLiteral("#1b7a2f");
    m_row->setText(tr("<b>%1</b><br>%2 · blades %3 · rtk %4 · wifi %5 · mnet %6 · speed %7<br>"
                      "<b style='color:%8'>%9</b>")
                       .arg(utc(r.observedAt), display::coordinate(r.lat, r.lon, 7),
                            r.bladesOn ? tr("on") : tr("off"),
                            r.hasRtkFix() ? QString::number(r.rtkFix) : QStringLiteral("NULL"),
                            rssi(r.wifiRssi), rssi(r.mnetRssi),
                            std::isnan(r.speedMps) ? QStringLiteral("–")
                                                   : tr("%1 m/s").arg(display::number(r.speedMps, 2)),
                            colour, result.explainRow(std::size_t(index)).toHtmlEscaped()));
}

QString PreviewPanel::summaryText() const {
    return m_summary->text();
}
QString PreviewPanel::rowText() const {
    return m_row->text();
}

} // namespace tidemark::ui
