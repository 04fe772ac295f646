#pragma once

#include "roundhistory.h"

#include <QAbstractTableModel>

namespace tidemark::positions {

// The recorded rounds, newest last, one row each; filled from a job's RoundHistory::latest().
class RoundHistoryModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        StartedColumn,
        KindColumn,
        OutcomeColumn,
        SlicesColumn,
        ScannedColumn,
        DeletedColumn,
        SecondsColumn,
        ColumnCount
    };

    explicit RoundHistoryModel(QObject* parent = nullptr);
    void setEntries(std::vector<RoundHistoryEntry> entries);
    const std::vector<RoundHistoryEntry>& entries() const { return m_entries; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString outcomeText(const RoundHistoryEntry& e);
    static QString plainOutcomeText(const RoundHistoryEntry& e);

  private:
    std::vector<RoundHistoryEntry> m_entries;
};

} // namespace tidemark::positions
