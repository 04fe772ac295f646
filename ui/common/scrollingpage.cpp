#include "scrollingpage.h"

#include <QFrame>
#include <QScrollArea>
#include <QVBoxLayout>

namespace tidemark::ui {

void setScrollingLayout(QWidget* panel, QLayout* content) {
    auto* inner = new QWidget;
    inner->setLayout(content);
    auto* scroll = new QScrollArea(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the page follows the width
    scroll->setWidget(inner);
    auto* outer = new QVBoxLayout(panel);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

} // namespace tidemark::ui
