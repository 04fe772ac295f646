#include "roundhistorymodel.h"

#include "displayformat.h"

#include <QStringList>

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
    QStringList notes;
    if (e.clockOverride)
        notes << tr("clock check overridden (%1 ahead)").arg(display::duration(e.clockAheadSeconds));
    if (e.failedMowers > 0)
        notes << tr("%n mower(s) skipped", nullptr, e.failedMowers);
    if (e.pausedSeconds > 0)
        notes << tr("paused %1 holding the lock").arg(display::duration(e.pausedSeconds));
    const QString outcome = plainOutcomeText(e);
    return notes.isEmpty() ? outcome : outcome + QStringLiteral(" · ") + notes.join(QStringLiteral(" · "));
}

QString RoundHistoryModel::plainOutcomeText(const RoundHistoryEntry& e) {
    if (!e.interrupted.isEmpty())
        return tr("stopped: %1").arg(e.interrupted.section(QLatin1Char(':'), 0, 0));
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
    switch (index.column()) {
    case StartedColumn:
        return display::instant(e.startedAt);
    case KindColumn:
        if (e.jobs > 1)
            return e.dryRun ? tr("dry run, %n jobs", nullptr, e.jobs) : tr("run, %n jobs", nullptr, e.jobs);
        return e.dryRun ? tr("dry run") : tr("run");
    case OutcomeColumn:
        if (role == Qt::ToolTipRole && !(e.problems.isEmpty() && e.interrupted.isEmpty()))
            return QStringList{e.interrupted, e.problems}.join(QLatin1Char('\n')).trimmed();
        return outcomeText(e);
    case SlicesColumn:
        return display::count(e.slices);
    case ScannedColumn:
        return display::count(e.scanned);
    case DeletedColumn:
        return display::count(e.deleted);
    case SecondsColumn:
        return display::duration(e.seconds);
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
        return tr("Duration");
    }
    return {};
}

} // namespace tidemark::positions
