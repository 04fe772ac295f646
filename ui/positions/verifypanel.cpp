#include "verifypanel.h"

#include "displayformat.h"

#include "errortext.h"
#include "scrollingpage.h"
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace tidemark::ui {

VerifyPanel::VerifyPanel(QWidget* parent) : QWidget(parent) {
    m_verify = new QPushButton(tr("Verify the previewed range"), this);
    m_verify->setToolTip(
        tr("Reload the range of the last preview and compare it with the preview's survivors."));
    m_verdict = new QLabel(tr("Preview a range, run a round, then verify it here."), this);
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_details = new QLabel(this);
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::PlainText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* top = new QHBoxLayout;
    top->addWidget(m_verify);
    top->addStretch(1);
    auto* layout = new QVBoxLayout;
    layout->addWidget(m_verdict);
    layout->addWidget(m_details);
    layout->addStretch(1);
    setScrollingLayout(this, top, layout); // the button stays in view above the findings
    connect(m_verify, &QPushButton::clicked, this, &VerifyPanel::verifyRequested);
    setAvailable(false);
}

void VerifyPanel::setAvailable(bool available) {
    m_verify->setEnabled(available);
}

void VerifyPanel::setRunning(bool running) {
    m_verify->setEnabled(!running);
    if (running)
        m_verdict->setText(tr("Reloading the range…"));
}

void VerifyPanel::showVerification(const positions::RangeVerification& v) {
    const QString colour = v.equal() ? QStringLiteral("#1b7a2f") : QStringLiteral("#b00020");
    m_verdict->setText(QStringLiteral("<b style='color:%1; font-size:large'>%2</b>")
                           .arg(colour, v.verdictText().toHtmlEscaped()));
    QString details =
        tr("expected %1 · in the table %2 · matching %3 · missing %4 · not thinned as "
           "previewed %5 · changed %6")
            .arg(display::count(v.expected), display::count(v.actual), display::count(v.matching),
                 display::count(v.missing), display::count(v.unexpected), display::count(v.changed));
    details +=
        QLatin1Char('\n') + (v.watermark ? tr("watermark now %1").arg(display::instantSeconds(*v.watermark))
                                         : tr("no watermark: no round has thinned this mower"));
    if (!v.firstDifferences.empty()) {
        QStringList at;
        for (Micros t : v.firstDifferences)
            at << display::instantSeconds(t);
        details += QLatin1Char('\n') + tr("first differences: %1").arg(at.join(QStringLiteral(", ")));
    }
    m_details->setText(details);
}

void VerifyPanel::clear() {
    m_verdict->clear();
    m_verify->setEnabled(false);
}

void VerifyPanel::showError(const QString& message) {
    m_verdict->setText(errorHtml(message));
}

QString VerifyPanel::verdictText() const {
    return m_verdict->text();
}

} // namespace tidemark::ui
