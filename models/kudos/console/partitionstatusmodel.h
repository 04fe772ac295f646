#pragma once

#include "partitionstatusloader.h"

#include <QAbstractTableModel>
#include <vector>

namespace tidemark::kudos {

// The ranges of both kudos tables (PartitionStatus), one row each, in the order loaded (by table, then lo).
class PartitionStatusModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        DatasetColumn,
        PartitionColumn,
        RangeColumn,
        RowsColumn,
        UnappliedColumn,
        QuarantinedColumn,
        StateColumn,
        EligibleColumn,
        ArchiveKeyColumn,
        SizeColumn,
        ColumnCount
    };
    // What the timeline colours a range by.
    enum class Phase { Online, RolledUp, Archived, Dropped, Failed };
    Q_ENUM(Phase)
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int PhaseRole = Qt::UserRole + 2;    // Phase as int
    static constexpr int EligibleRole = Qt::UserRole + 3; // bool: eligible at the model's `now`
    static constexpr int StateRole = Qt::UserRole + 4;    // the catalog state ("" not catalogued yet)

    explicit PartitionStatusModel(QObject* parent = nullptr);

    void setStatuses(std::vector<PartitionStatus> statuses, Micros now);
    void clear();
    const std::vector<PartitionStatus>& statuses() const { return m_statuses; }
    Micros now() const { return m_now; }
    const PartitionStatus& at(int row) const { return m_statuses[std::size_t(row)]; }

    static Phase phaseOf(const PartitionStatus& status);
    static QString stateText(const QString& state); // the catalog state in the user's language
    static QString rangeText(const PartitionStatus& status);
    bool isEligiblePending(const PartitionStatus& status) const; // eligible and retention has not started

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::vector<PartitionStatus> m_statuses;
    Micros m_now = 0;
};

} // namespace tidemark::kudos
