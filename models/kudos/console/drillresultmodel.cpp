#include "drillresultmodel.h"

#include "coveringobjectmodel.h"

#include <QLocale>

namespace tidemark::kudos {

DrillResultModel::DrillResultModel(QObject* parent) : QAbstractTableModel(parent) {}

void DrillResultModel::setResults(std::vector<ArchiveDrillResult> results) {
    beginResetModel();
    m_results = std::move(results);
    endResetModel();
}

int DrillResultModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_results.size());
}

int DrillResultModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DrillResultModel::display(const ArchiveDrillResult& result, int column) const {
    const DrillRecord& record = result.record;
    switch (column) {
    case ObjectColumn:
        return record.archiveKey;
    case TierColumn:
        return result.dataset;
    case ResultColumn:
        return record.passed ? tr("passed") : tr("failed");
    case RowsColumn:
        return record.rows;
    case SecondsColumn:
        return QLocale().toString(record.seconds, 'f', 2);
    case ProblemsColumn: {
        const QStringList problems = record.problemMessages();
        if (problems.isEmpty())
            return record.passed ? tr("sums agree with %1").arg(result.replacement) : QString();
        return problems.size() == 1
                   ? problems.first()
                   : tr("%1 (and %Ln more)", "", int(problems.size() - 1)).arg(problems.first());
    }
    }
    return {};
}

QVariant DrillResultModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const ArchiveDrillResult& result = m_results[std::size_t(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(result, column);
    case SortRole:
        if (column == SecondsColumn)
            return result.record.seconds;
        return display(result, column);
    case Qt::TextAlignmentRole:
        return column == RowsColumn || column == SecondsColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                               : QVariant();
    case Qt::ToolTipRole:
        if (column == ProblemsColumn && !result.record.passed)
            return result.record.problemMessages().join(QLatin1Char('\n'));
        if (column == ObjectColumn)
            return result.record.archiveKey;
        return {};
    case ToneRole:
        if (column == ResultColumn)
            return int(result.record.passed ? CoveringObjectModel::Tone::Good
                                            : CoveringObjectModel::Tone::Bad);
        return int(CoveringObjectModel::Tone::Normal);
    default:
        return {};
    }
}

QVariant DrillResultModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ObjectColumn:
        return tr("Object");
    case TierColumn:
        return tr("Tier");
    case ResultColumn:
        return tr("Result");
    case RowsColumn:
        return tr("Rows");
    case SecondsColumn:
        return tr("Seconds");
    case ProblemsColumn:
        return tr("Problems");
    }
    return {};
}

} // namespace tidemark::kudos
