#include "sortedtableview.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace tidemark::ui {

QTableView* sortedTableView(QAbstractItemModel* model, int sortRole, QWidget* parent) {
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(model);
    proxy->setSortRole(sortRole);
    auto* table = new QTableView(parent);
    table->setModel(proxy);
    table->setSortingEnabled(true);
    table->sortByColumn(-1, Qt::AscendingOrder);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    fitColumns(table);
    return table;
}

void fitColumns(QTableView* table) {
    QHeaderView* header = table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setStretchLastSection(
        false); // the last column stretches by its own mode (a second stretch adds a pixel)
    // The last column takes what is left, not its widest cell: a few pixels more than the room would
    // otherwise bring a scroll bar for a table that fits.
    if (header->count() > 0)
        header->setSectionResizeMode(header->logicalIndex(header->count() - 1), QHeaderView::Stretch);
}

void shareLeftoverWidth(QTableView* table, const QList<int>& columns) {
    QHeaderView* header = table->horizontalHeader();
    QVariantList names;
    for (int column : columns) {
        header->setSectionResizeMode(column, QHeaderView::Stretch);
        names << column;
    }
    table->setTextElideMode(Qt::ElideMiddle);
    table->setProperty("elidedColumns", names);
}

} // namespace tidemark::ui
