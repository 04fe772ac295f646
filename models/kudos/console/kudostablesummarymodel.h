#pragma once

#include "kudostablesummaryloader.h"

#include <QAbstractTableModel>

namespace tidemark::kudos {

// The tables of a kudos database with their row counts, sizes and created range; filled by a loader job.
class KudosTableSummaryModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { TableColumn, RowsColumn, SizeColumn, OldestColumn, NewestColumn, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 2;

    explicit KudosTableSummaryModel(QObject* parent = nullptr);

    void setTables(std::vector<KudosTableSummary> tables);
    void clear();
    const std::vector<KudosTableSummary>& tables() const { return m_tables; }
    qint64 totalRows() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::vector<KudosTableSummary> m_tables;
};

} // namespace tidemark::kudos
