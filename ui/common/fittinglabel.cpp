#include "fittinglabel.h"

#include <QResizeEvent>

namespace tidemark::ui {

FittingLabel::FittingLabel(QWidget* parent) : QLabel(parent) {
    setTextFormat(Qt::PlainText);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void FittingLabel::setForms(const QStringList& longestFirst) {
    m_forms = longestFirst;
    setToolTip(m_forms.value(0));
    fit();
}

QSize FittingLabel::minimumSizeHint() const {
    return {0, QLabel::minimumSizeHint().height()};
}

void FittingLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    fit();
}

void FittingLabel::fit() {
    const int room = contentsRect().width();
    m_elided = false;
    for (const QString& form : m_forms)
        if (fontMetrics().horizontalAdvance(form) <= room) {
            setText(form);
            return;
        }
    const QString shortest = m_forms.value(m_forms.size() - 1);
    m_elided = !shortest.isEmpty();
    setText(fontMetrics().elidedText(shortest, Qt::ElideMiddle, room));
}

} // namespace tidemark::ui
