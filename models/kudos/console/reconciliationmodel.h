#pragma once

#include "reconciliation.h"

#include <QAbstractTableModel>

namespace tidemark::kudos {

// The drift per user of the last reconciliation (amounts in kudos with two decimals).
class ReconciliationModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        UserColumn,
        ExpectedBalanceColumn,
        ActualBalanceColumn,
        ExpectedEscrowColumn,
        ActualEscrowColumn,
        DriftColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit ReconciliationModel(QObject* parent = nullptr);

    void setReport(const ReconciliationReport& report);
    void clear();
    const ReconciliationReport& report() const { return m_report; }
    int rowOfUser(int userId) const; // -1 when the user does not drift

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    ReconciliationReport m_report;
};

} // namespace tidemark::kudos
