#include "roundhistorymodel.h"

#include <QDateTime>
#include <QLocale>

namespace tidemark::positions {

RoundHistoryModel::RoundHistoryModel(QObject* parent) : QAbstractTableModel(parent) {}

void RoundHistoryModel::setEntries(std::vector<RoundHistoryEntry> entries) {
    beginResetModel();
    m_entries = std::move(entries);
    endResetModel();
}

int RoundHistoryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_entries.size());
}

int RoundHistoryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString RoundHistoryModel::outcomeText(const RoundHistoryEntry& e) {
    if (e.cancelled)
        return tr("cancelled");
    if (e.budgetExhausted)
        return tr("budget used up");
    if (e.windowClosed)
        return tr("window closed");
    if (e.complete)
        return tr("complete");
    return e.slices == 0 ? tr("outside the window") : tr("partial");
}

QVariant RoundHistoryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(m_entries.size()))
        return {};
    const RoundHistoryEntry& e = m_entries[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() >= SlicesColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const QLocale locale;
    switch (index.column()) {
    case StartedColumn:
        return QDateTime::fromMSecsSinceEpoch(e.startedAt / 1000, Qt::UTC)
            .toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
    case KindColumn:
        return e.dryRun ? tr("dry run") : tr("run");
    case OutcomeColumn:
        return outcomeText(e);
    case SlicesColumn:
        return locale.toString(e.slices);
    case ScannedColumn:
        return locale.toString(e.scanned);
    case DeletedColumn:
        return locale.toString(e.deleted);
    case SecondsColumn:
        return locale.toString(e.seconds, 'f', 1);
    }
    return {};
}

QVariant RoundHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case StartedColumn:
        return tr("Started");
    case KindColumn:
        return tr("Kind");
    case OutcomeColumn:
        return tr("Outcome");
    case SlicesColumn:
        return tr("Slices");
    case ScannedColumn:
        return tr("Scanned");
    case DeletedColumn:
        return tr("Deleted");
    case SecondsColumn:
        return tr("Seconds");
    }
    return {};
}

} // namespace tidemark::positions
