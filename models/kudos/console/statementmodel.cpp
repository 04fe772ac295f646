#include "statementmodel.h"

#include "displayformat.h"
#include "kudosvalues.h"

namespace tidemark::kudos {

StatementModel::StatementModel(QObject* parent) : QAbstractTableModel(parent) {}

void StatementModel::setLines(std::vector<StatementLine> lines) {
    beginResetModel();
    m_lines = std::move(lines);
    endResetModel();
}

qint64 StatementModel::totalCents(bool escrow) const {
    qint64 sum = 0;
    for (const StatementLine& line : m_lines)
        sum += line.escrow == escrow ? line.amountCents : 0;
    return sum;
}

qint64 StatementModel::totalRows() const {
    qint64 sum = 0;
    for (const StatementLine& line : m_lines)
        sum += line.rows;
    return sum;
}

int StatementModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_lines.size());
}

int StatementModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StatementModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const StatementLine& line = m_lines[std::size_t(index.row())];
    const bool numeric = index.column() == AmountColumn || index.column() == RowsColumn;
    if (role == Qt::TextAlignmentRole)
        return numeric ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::ToolTipRole && index.column() == SourceColumn)
        return line.archived
                   ? tr("From kudos_ledger_daily: the day's rows were stated before they were archived.")
                   : tr("Summed from the rows still online in kudos_ledger.");
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case DayColumn:
        return role == SortRole ? QVariant(qint64(line.day)) : QVariant(display::date(line.day));
    case EntryTypeColumn:
        return line.entryType;
    case AccountColumn:
        return line.escrow ? tr("escrow") : tr("spendable");
    case AmountColumn:
        return role == SortRole ? QVariant(line.amountCents) : QVariant(textFromCents(line.amountCents));
    case RowsColumn:
        return line.rows;
    case SourceColumn:
        return line.archived ? tr("statement (archived)") : tr("online");
    }
    return {};
}

QVariant StatementModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case DayColumn:
        return tr("Day (UTC)");
    case EntryTypeColumn:
        return tr("Entry type");
    case AccountColumn:
        return tr("Account");
    case AmountColumn:
        return tr("Amount");
    case RowsColumn:
        return tr("Rows");
    case SourceColumn:
        return tr("Source");
    }
    return {};
}

} // namespace tidemark::kudos
