#pragma once

#include "positions/mowersummaryloader.h"

#include <QAbstractTableModel>

namespace tidemark::positions {

// The mowers of a positions database, one row each, filled by a MowerSummaryLoader job.
// Later columns (rows eligible for thinning) grow here as the positions console does.
class MowerSummaryModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { MowerColumn, RowsColumn, OldestColumn, NewestColumn, WatermarkColumn, ColumnCount };
    static constexpr int MowerIdRole = Qt::UserRole + 1; // the full uuid
    static constexpr int SortRole = Qt::UserRole + 2;    // numbers and instants as numbers

    explicit MowerSummaryModel(QObject* parent = nullptr);

    void setMowers(std::vector<MowerSummary> mowers);
    void clear();
    const std::vector<MowerSummary>& mowers() const { return m_mowers; }
    qint64 totalRows() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::vector<MowerSummary> m_mowers;
};

} // namespace tidemark::positions
