#pragma once

#include "ledgerstatements.h"

#include <QAbstractTableModel>
#include <vector>

namespace tidemark::kudos {

// A user's daily statement in a dispute: one row per day, entry type and account (spendable or escrow),
// with the amount, the rows and where the line comes from (the statement table of archived weeks, or the
// online ledger).
class StatementModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        DayColumn,
        EntryTypeColumn,
        AccountColumn,
        AmountColumn,
        RowsColumn,
        SourceColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit StatementModel(QObject* parent = nullptr);
    void setLines(std::vector<StatementLine> lines);
    const std::vector<StatementLine>& lines() const { return m_lines; }
    qint64 totalCents(bool escrow) const; // the sum over the lines of that account
    qint64 totalRows() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::vector<StatementLine> m_lines;
};

} // namespace tidemark::kudos
