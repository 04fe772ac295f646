#pragma once

#include "archivedrilljob.h"

#include <QAbstractTableModel>
#include <vector>

namespace tidemark::kudos {

// The objects of the last restore drill, one row each in the drill's order: the key, its tier, passed or
// failed, the rows restored, the seconds, and why a failed one failed (its problems, the first in the cell
// and all of them in the tooltip). Filled from the drill's report; cleared with the connection.
class DrillResultModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        ObjectColumn,
        TierColumn,
        ResultColumn,
        RowsColumn,
        SecondsColumn,
        ProblemsColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int ToneRole = Qt::UserRole + 2; // int(CoveringObjectModel::Tone)

    explicit DrillResultModel(QObject* parent = nullptr);
    void setResults(std::vector<ArchiveDrillResult> results);
    void clear() { setResults({}); }
    const std::vector<ArchiveDrillResult>& results() const { return m_results; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    QVariant display(const ArchiveDrillResult& result, int column) const;

    std::vector<ArchiveDrillResult> m_results;
};

} // namespace tidemark::kudos
