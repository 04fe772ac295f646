#include "partitionstatusmodel.h"

#include "displayformat.h"
#include <QLocale>

namespace tidemark::kudos {

namespace {
QString dateText(Micros t) {
    return display::date(t);
}
QString bytesText(qint64 bytes) {
    return display::size(bytes);
}
} // namespace

PartitionStatusModel::PartitionStatusModel(QObject* parent) : QAbstractTableModel(parent) {}

void PartitionStatusModel::setStatuses(std::vector<PartitionStatus> statuses, Micros now) {
    beginResetModel();
    m_statuses = std::move(statuses);
    m_now = now;
    endResetModel();
}

void PartitionStatusModel::clear() {
    setStatuses({}, 0);
}

PartitionStatusModel::Phase PartitionStatusModel::phaseOf(const PartitionStatus& s) {
    const QString& state = s.state;
    if (state == QLatin1String("dropped"))
        return Phase::Dropped;
    if (state == QLatin1String("dump_failed"))
        return Phase::Failed;
    if (state == QLatin1String("rolled_up") || state == QLatin1String("checkpointed") ||
        state == QLatin1String("stated"))
        return Phase::RolledUp;
    if (state == QLatin1String("dumped") || state == QLatin1String("exported") ||
        state == QLatin1String("verified"))
        return Phase::Archived;
    return Phase::Online;
}

QString PartitionStatusModel::stateText(const QString& state) {
    if (state.isEmpty())
        return tr("not catalogued");
    if (state == QLatin1String("pending"))
        return tr("pending");
    if (state == QLatin1String("rolled_up"))
        return tr("rolled up");
    if (state == QLatin1String("dumped"))
        return tr("dumped");
    if (state == QLatin1String("dump_failed"))
        return tr("dump failed");
    if (state == QLatin1String("checkpointed"))
        return tr("checkpointed");
    if (state == QLatin1String("stated"))
        return tr("statements written");
    if (state == QLatin1String("exported"))
        return tr("exported");
    if (state == QLatin1String("verified"))
        return tr("verified");
    if (state == QLatin1String("dropped"))
        return tr("dropped");
    return state;
}

QString PartitionStatusModel::rangeText(const PartitionStatus& s) {
    return QStringLiteral("%1 – %2").arg(dateText(s.lo), dateText(s.hi));
}

bool PartitionStatusModel::isEligiblePending(const PartitionStatus& s) const {
    return s.eligible(m_now) && (s.state.isEmpty() || s.state == QLatin1String("pending"));
}

int PartitionStatusModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_statuses.size());
}

int PartitionStatusModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PartitionStatusModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const PartitionStatus& s = at(index.row());
    const QLocale l;
    switch (role) {
    case PhaseRole:
        return int(phaseOf(s));
    case EligibleRole:
        return s.eligible(m_now);
    case StateRole:
        return s.state;
    case Qt::ToolTipRole:
        if (!s.error.isEmpty())
            return tr("Last error: %1").arg(s.error);
        // The names may be elided in a narrow table: whole in the tooltip.
        return index.column() == PartitionColumn || index.column() == ArchiveKeyColumn
                   ? data(index, Qt::DisplayRole)
                   : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == RowsColumn || index.column() == UnappliedColumn ||
                       index.column() == QuarantinedColumn || index.column() == SizeColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    case SortRole:
        switch (index.column()) {
        case RangeColumn:
            return qlonglong(s.lo);
        case RowsColumn:
            return s.rows;
        case UnappliedColumn:
            return s.unapplied;
        case QuarantinedColumn:
            return s.quarantined;
        case EligibleColumn:
            return qlonglong(s.eligibleAt);
        case SizeColumn:
            return s.objectBytes.value_or(-1);
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::DisplayRole:
        switch (index.column()) {
        case DatasetColumn:
            return s.dataset == RetentionDataset::Currency ? tr("currency") : tr("statistics");
        case PartitionColumn:
            return s.subrange ? tr("%1 (sub-range)").arg(s.partition) : s.partition;
        case RangeColumn:
            return rangeText(s);
        case RowsColumn:
            return s.online ? l.toString(s.rows)
                            : (s.catalogRows ? tr("(%1)").arg(l.toString(*s.catalogRows)) : QString());
        case UnappliedColumn:
            return l.toString(s.unapplied);
        case QuarantinedColumn:
            return s.dataset == RetentionDataset::Statistics ? l.toString(s.quarantined) : QString();
        case StateColumn:
            return s.error.isEmpty() ? stateText(s.state) : tr("%1 (error)").arg(stateText(s.state));
        case EligibleColumn:
            return s.eligible(m_now) ? tr("%1 (eligible)").arg(dateText(s.eligibleAt))
                                     : dateText(s.eligibleAt);
        case ArchiveKeyColumn:
            return s.archiveKey;
        case SizeColumn:
            return s.objectBytes ? bytesText(*s.objectBytes) : QString();
        }
        break;
    default:
        break;
    }
    return {};
}

QVariant PartitionStatusModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case DatasetColumn:
        return tr("Dataset");
    case PartitionColumn:
        return tr("Partition");
    case RangeColumn:
        return tr("Range (UTC)");
    case RowsColumn:
        return tr("Rows");
    case UnappliedColumn:
        return tr("Unapplied");
    case QuarantinedColumn:
        return tr("Quarantined");
    case StateColumn:
        return tr("State");
    case EligibleColumn:
        return tr("Eligible");
    case ArchiveKeyColumn:
        return tr("Archive object");
    case SizeColumn:
        return tr("Size");
    }
    return {};
}

} // namespace tidemark::kudos
