#include "reconciliationmodel.h"

#include "kudosvalues.h"

namespace tidemark::kudos {

ReconciliationModel::ReconciliationModel(QObject* parent) : QAbstractTableModel(parent) {}

void ReconciliationModel::setReport(const ReconciliationReport& report) {
    beginResetModel();
    m_report = report;
    endResetModel();
}

void ReconciliationModel::clear() {
    beginResetModel();
    m_report = {};
    endResetModel();
}

int ReconciliationModel::rowOfUser(int userId) const {
    for (std::size_t i = 0; i < m_report.drifting.size(); ++i)
        if (m_report.drifting[i].userId == userId)
            return int(i);
    return -1;
}

int ReconciliationModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_report.drifting.size());
}

int ReconciliationModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReconciliationModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const ReconciliationDrift& d = m_report.drifting[std::size_t(index.row())];
    qint64 value = 0;
    switch (index.column()) {
    case UserColumn:
        value = d.userId;
        break;
    case ExpectedBalanceColumn:
        value = d.expectedBalance;
        break;
    case ActualBalanceColumn:
        value = d.actualBalance;
        break;
    case ExpectedEscrowColumn:
        value = d.expectedEscrow;
        break;
    case ActualEscrowColumn:
        value = d.actualEscrow;
        break;
    case DriftColumn:
        value = d.drift;
        break;
    default:
        return {};
    }
    if (role == SortRole)
        return value;
    if (role == Qt::TextAlignmentRole)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::DisplayRole)
        return index.column() == UserColumn ? QString::number(value) : textFromCents(value);
    return {};
}

QVariant ReconciliationModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case UserColumn:
        return tr("User");
    case ExpectedBalanceColumn:
        return tr("Expected balance");
    case ActualBalanceColumn:
        return tr("Balance");
    case ExpectedEscrowColumn:
        return tr("Expected escrow");
    case ActualEscrowColumn:
        return tr("Escrow");
    case DriftColumn:
        return tr("Drift");
    }
    return {};
}

} // namespace tidemark::kudos
