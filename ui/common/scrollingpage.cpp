#include "scrollingpage.h"

#include <QFrame>
#include <QScrollArea>
#include <QVBoxLayout>

namespace tidemark::ui {

void setScrollingLayout(QWidget* panel, QLayout* content) {
    setScrollingLayout(panel, nullptr, content);
}

void setScrollingLayout(QWidget* panel, QLayout* fixedBar, QLayout* content) {
    auto* inner = new QWidget;
    inner->setLayout(content);
    auto* scroll = new QScrollArea(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the page follows the width
    scroll->setWidget(inner);
    auto* outer = new QVBoxLayout(panel);
    outer->setContentsMargins(0, 0, 0, 0);
    if (fixedBar) {
        const QMargins margins = content->contentsMargins();
        fixedBar->setContentsMargins(margins.left(), margins.top(), margins.right(), 0);
        outer->addLayout(fixedBar);
    }
    outer->addWidget(scroll);
}

} // namespace tidemark::ui
