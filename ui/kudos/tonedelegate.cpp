#include "tonedelegate.h"

#include "coveringobjectmodel.h"

namespace tidemark::ui {

ToneDelegate::ToneDelegate(int toneRole, QObject* parent)
    : QStyledItemDelegate(parent), m_toneRole(toneRole) {}

void ToneDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    using Tone = kudos::CoveringObjectModel::Tone;
    QColor colour;
    switch (Tone(index.data(m_toneRole).toInt())) {
    case Tone::Good:
        colour = QColor(0x1b, 0x6e, 0x20);
        break;
    case Tone::Bad:
        colour = QColor(0xb0, 0x00, 0x20);
        option->font.setBold(true);
        break;
    case Tone::Muted:
        colour = QColor(0x90, 0x90, 0x90);
        break;
    case Tone::Normal:
        return;
    }
    option->palette.setColor(QPalette::Text, colour);
    option->palette.setColor(QPalette::HighlightedText, colour.lighter(170));
}

} // namespace tidemark::ui
