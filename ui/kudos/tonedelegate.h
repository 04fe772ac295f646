#pragma once

#include <QStyledItemDelegate>

namespace tidemark::ui {

// Colours a cell's text by the tone a model gives in `toneRole` (CoveringObjectModel::Tone: normal, good,
// bad, muted), so that item models stay free of Qt GUI types.
class ToneDelegate : public QStyledItemDelegate {
    Q_OBJECT
  public:
    ToneDelegate(int toneRole, QObject* parent = nullptr);

  protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;

  private:
    int m_toneRole;
};

} // namespace tidemark::ui
