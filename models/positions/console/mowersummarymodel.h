#pragma once

#include "mowersummaryloader.h"

#include <QAbstractTableModel>

namespace tidemark::positions {

// The mowers of a positions database, one row each: rows (an estimate marked with "≈" unless counted), oldest
// and newest row, watermark and slices pending (what the next rounds thin). The one summary of the dataset:
// the Positions dock and the workbench show this model; a MowerSummaryLoader task fills it, data() never
// queries.
class MowerSummaryModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        MowerColumn,
        RowsColumn,
        OldestColumn,
        NewestColumn,
        WatermarkColumn,
        SlicesColumn,
        ColumnCount
    };
    static constexpr int MowerIdRole = Qt::UserRole + 1; // the full uuid text
    static constexpr int SortRole = Qt::UserRole + 2;    // numbers and instants as numbers

    explicit MowerSummaryModel(QObject* parent = nullptr);

    void setMowers(std::vector<MowerSummary> mowers);
    void clear();
    const std::vector<MowerSummary>& mowers() const { return m_mowers; }
    int rowOf(const QUuid& mowerId) const; // -1 when absent
    // An exact count of one mower (MowerSummaryLoader::exactRows) replaces its estimate.
    void setExactRows(int row, qint64 rows);
    qint64 totalRows() const;
    // Whether any mower's rows are an estimate, and when the figures were read (this machine's clock): an
    // estimate is shown with its age.
    bool hasEstimates() const;
    // The table's rows as the workspace dock and the capacity panel say them: "3,323,319 rows", or with
    // estimates "≈ 3,323,319 rows, estimated 3 min ago".
    QString rowsText() const;
    Micros loadedAt() const { return m_loadedAt; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    std::vector<MowerSummary> m_mowers;
    Micros m_loadedAt = 0;
};

} // namespace tidemark::positions
