#pragma once

class QLayout;
class QWidget;

namespace tidemark::ui {

// Lays `content` (a panel's own layout, built as usual) out in a scroll area that fills `panel`: a tab's page
// scrolls where a laptop's screen is too low for it, instead of making the whole window taller than the
// screen. Returns nothing: the panel stays the page its tab widget and its tests know.
void setScrollingLayout(QWidget* panel, QLayout* content);
// The same with a bar fixed above the scroll area (a page's action buttons): whatever the content does
// after an action (a report that grows, a note that appears), the buttons stay where they were.
void setScrollingLayout(QWidget* panel, QLayout* fixedBar, QLayout* content);

} // namespace tidemark::ui
