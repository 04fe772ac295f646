#include "kudostablesummarymodel.h"

#include "displayformat.h"

namespace tidemark::kudos {

namespace {
QString displayInstant(const std::optional<Micros>& t) {
    if (!t)
        return QStringLiteral("—");
    return display::instant(*t);
}
} // namespace

KudosTableSummaryModel::KudosTableSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void KudosTableSummaryModel::setTables(std::vector<KudosTableSummary> tables) {
    beginResetModel();
    m_tables = std::move(tables);
    endResetModel();
}

void KudosTableSummaryModel::clear() {
    setTables({});
}

qint64 KudosTableSummaryModel::totalRows() const {
    qint64 total = 0;
    for (const KudosTableSummary& table : m_tables)
        total += table.rows;
    return total;
}

int KudosTableSummaryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_tables.size());
}

int KudosTableSummaryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KudosTableSummaryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const KudosTableSummary& table = m_tables[static_cast<size_t>(index.row())];
    const auto column = static_cast<Column>(index.column());
    if (role == Qt::DisplayRole) {
        switch (column) {
        case TableColumn:
            return table.table;
        case RowsColumn:
            return display::count(table.rows);
        case SizeColumn:
            return display::size(table.bytes);
        case OldestColumn:
            return displayInstant(table.oldest);
        case NewestColumn:
            return displayInstant(table.newest);
        case ColumnCount:
            break;
        }
    } else if (role == Qt::TextAlignmentRole) {
        if (column == RowsColumn || column == SizeColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == SortRole) {
        switch (column) {
        case TableColumn:
            return table.table;
        case RowsColumn:
            return table.rows;
        case SizeColumn:
            return table.bytes;
        case OldestColumn:
            return qlonglong(table.oldest.value_or(0));
        case NewestColumn:
            return qlonglong(table.newest.value_or(0));
        case ColumnCount:
            break;
        }
    }
    return {};
}

QVariant KudosTableSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TableColumn:
        return tr("Table");
    case RowsColumn:
        return tr("Rows");
    case SizeColumn:
        return tr("Size");
    case OldestColumn:
        return tr("Oldest (UTC)");
    case NewestColumn:
        return tr("Newest (UTC)");
    default:
        return {};
    }
}

} // namespace tidemark::kudos
