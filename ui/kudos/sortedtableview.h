#pragma once

#include <QList>

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace tidemark::ui {

// A read-only table over `model` as the kudos workbenches show one: through a QSortFilterProxyModel that
// sorts by `sortRole` (the model's own order until the operator clicks a header), whole rows selected, no row
// numbers, columns sized to their contents, alternating rows, no word wrap.
QTableView* sortedTableView(QAbstractItemModel* model, int sortRole, QWidget* parent);
// Columns sized to their contents, the last one (as shown) taking the room that is left; again after the
// columns were reordered.
void fitColumns(QTableView* table);
// The columns (logical) that share what the others leave, their long names elided in the middle and whole in
// the model's tooltip; the table names them (property "elidedColumns") for the screen tests.
void shareLeftoverWidth(QTableView* table, const QList<int>& columns);

} // namespace tidemark::ui
