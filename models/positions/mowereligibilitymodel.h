#pragma once

#include "common/timestamp.h"

#include <QAbstractTableModel>
#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark::positions {

// One mower as the positions console lists it.
struct MowerEligibility {
    QUuid mowerId;
    long long rows = 0;
    Micros oldest = 0;
    Micros newest = 0;
    std::optional<Micros> watermark;
    long long eligible = 0; // rows a round would thin: from the watermark (or the oldest row) to the cutoff
    long long slicesPending = 0;
};

// The mowers of the positions console: rows, oldest row, newest row, watermark, rows eligible for thinning
// and the slices pending. Filled by a MowerEligibilityJob; data() never queries.
class MowerEligibilityModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        MowerColumn,
        RowsColumn,
        OldestColumn,
        NewestColumn,
        WatermarkColumn,
        EligibleColumn,
        SlicesColumn,
        ColumnCount
    };
    static constexpr int MowerIdRole = Qt::UserRole + 1; // the full uuid text
    static constexpr int SortRole = Qt::UserRole + 2;

    explicit MowerEligibilityModel(QObject* parent = nullptr);
    void setMowers(std::vector<MowerEligibility> mowers);
    const std::vector<MowerEligibility>& mowers() const { return m_mowers; }
    int rowOf(const QUuid& mowerId) const; // -1 when absent

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::vector<MowerEligibility> m_mowers;
};

} // namespace tidemark::positions
