#pragma once

#include "kudosstatus.h"

#include <QAbstractTableModel>

namespace tidemark::kudos {

// The quarantined statistic events: those a rollup moved to kudos_stat_quarantine and those still online.
class QuarantineModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        IdColumn,
        CreatedColumn,
        TargetColumn,
        ActionColumn,
        AmountColumn,
        ReasonColumn,
        WhereColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit QuarantineModel(QObject* parent = nullptr);
    void setRows(std::vector<QuarantineRow> rows);
    const std::vector<QuarantineRow>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::vector<QuarantineRow> m_rows;
};

} // namespace tidemark::kudos
