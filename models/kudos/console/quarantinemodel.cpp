#include "quarantinemodel.h"

#include "displayformat.h"
#include "kudosvalues.h"

namespace tidemark::kudos {

QuarantineModel::QuarantineModel(QObject* parent) : QAbstractTableModel(parent) {}

void QuarantineModel::setRows(std::vector<QuarantineRow> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int QuarantineModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int QuarantineModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant QuarantineModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const QuarantineRow& r = m_rows[std::size_t(index.row())];
    if (role == SortRole) {
        switch (index.column()) {
        case IdColumn:
            return r.id;
        case CreatedColumn:
            return qlonglong(r.created);
        case AmountColumn:
            return r.amountCents;
        default:
            return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::TextAlignmentRole && (index.column() == IdColumn || index.column() == AmountColumn))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    // The reason and the place may be elided in a narrow table: whole in the tooltip.
    if (role == Qt::ToolTipRole && (index.column() == ReasonColumn || index.column() == WhereColumn))
        return data(index, Qt::DisplayRole);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case IdColumn:
        return QString::number(r.id);
    case CreatedColumn:
        return display::instant(r.created);
    case TargetColumn:
        if (r.userId)
            return tr("user %1").arg(*r.userId);
        if (r.workerUserId)
            return tr("worker (user %1)").arg(*r.workerUserId);
        return tr("worker");
    case ActionColumn:
        return r.statAction;
    case AmountColumn:
        return QStringLiteral("%1 %2").arg(textFromCents(r.amountCents), r.unit);
    case ReasonColumn:
        return r.reason;
    case WhereColumn:
        return r.online ? tr("online in %1").arg(r.where) : r.where;
    }
    return {};
}

QVariant QuarantineModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn:
        return tr("Id");
    case CreatedColumn:
        return tr("Created (UTC)");
    case TargetColumn:
        return tr("User / worker");
    case ActionColumn:
        return tr("Action");
    case AmountColumn:
        return tr("Amount");
    case ReasonColumn:
        return tr("Reason");
    case WhereColumn:
        return tr("Where");
    }
    return {};
}

} // namespace tidemark::kudos
