#pragma once

#include <QStyledItemDelegate>

namespace tidemark::ui {

// Draws a progress bar from an index's progress role (0..1; below 0 means unknown, drawn as text only).
class ProgressDelegate : public QStyledItemDelegate {
    Q_OBJECT
  public:
    ProgressDelegate(int progressRole, QObject* parent = nullptr);
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;

  private:
    int m_progressRole;
};

} // namespace tidemark::ui
