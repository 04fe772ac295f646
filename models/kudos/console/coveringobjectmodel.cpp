#include "coveringobjectmodel.h"

#include "displayformat.h"
#include "kudosvalues.h"

namespace tidemark::kudos {

CoveringObjectModel::CoveringObjectModel(QObject* parent) : QAbstractTableModel(parent) {}

void CoveringObjectModel::setObjects(std::vector<CoveringObject> objects) {
    beginResetModel();
    m_objects = std::move(objects);
    QHash<QString, Verification> kept;
    for (const CoveringObject& o : m_objects)
        if (m_verifications.contains(o.key))
            kept.insert(o.key, m_verifications.value(o.key));
    m_verifications = kept;
    endResetModel();
}

void CoveringObjectModel::setVerification(const QString& key, const Verification& verification) {
    m_verifications.insert(key, verification);
    rowChanged(rowOf(key));
}

void CoveringObjectModel::setDrill(const QString& key, const DrillRecord& drill) {
    const int row = rowOf(key);
    if (row < 0)
        return;
    m_objects[std::size_t(row)].lastDrill = drill;
    rowChanged(row);
}

void CoveringObjectModel::setRestoredKeys(const QSet<QString>& keys) {
    m_restored = keys;
    if (!m_objects.empty())
        emit dataChanged(index(0, RestoredColumn), index(rowCount() - 1, RestoredColumn));
}

const CoveringObject* CoveringObjectModel::object(const QString& key) const {
    const int row = rowOf(key);
    return row < 0 ? nullptr : &m_objects[std::size_t(row)];
}

QString CoveringObjectModel::drillTimeText(Micros t) {
    return display::instant(t);
}

QString CoveringObjectModel::checkedText(const Verification& v) {
    if (v.checkedAt == 0)
        return {};
    const QString when = display::instantSeconds(v.checkedAt);
    switch (v.by) {
    case Checker::Verify:
        return tr("checked %1").arg(when);
    case Checker::Restore:
        return tr("checked %1 by a restore").arg(when);
    case Checker::Drill:
        return tr("checked %1 by a drill").arg(when);
    }
    return {};
}

int CoveringObjectModel::rowOf(const QString& key) const {
    for (std::size_t i = 0; i < m_objects.size(); ++i)
        if (m_objects[i].key == key)
            return int(i);
    return -1;
}

void CoveringObjectModel::rowChanged(int row) {
    if (row >= 0)
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int CoveringObjectModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_objects.size());
}

int CoveringObjectModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CoveringObjectModel::display(const CoveringObject& o, int column) const {
    const auto& m = o.manifest;
    switch (column) {
    case ObjectColumn:
        return o.key.section(QLatin1Char('/'), -1);
    case RangeColumn:
        return m ? display::dateRange(m->createdFrom, m->createdTo - 1) : QString();
    case RowsColumn:
        return m ? QVariant(m->rowCount) : QVariant();
    case UserRowsColumn:
        return m ? QVariant(o.user.rows) : QVariant();
    case UserBalanceColumn:
        return m ? textFromCents(o.user.balanceCents) : QString();
    case UserEscrowColumn:
        return m ? textFromCents(o.user.escrowCents) : QString();
    case SizeColumn:
        return o.hasObject ? display::size(o.bytes) : tr("object missing");
    case PartitionColumn:
        return !m ? QString() : o.partitionOnline ? tr("online") : tr("dropped");
    case VerificationColumn: {
        const Verification v = m_verifications.value(o.key);
        switch (v.check) {
        case Check::NotChecked:
            return !o.hasManifest                 ? tr("no manifest")
                   : !o.manifestProblem.isEmpty() ? tr("manifest unreadable")
                                                  : tr("not verified");
        case Check::Checking:
            return tr("verifying…");
        case Check::Passed:
            return v.online ? tr("verified, online too") : tr("verified");
        case Check::Failed:
            return tr("FAILED: %Ln problem(s)", "", int(v.problems.size()));
        }
        return {};
    }
    case DrillColumn:
        if (!o.lastDrill)
            return tr("never");
        return o.lastDrill->passed ? tr("passed %1").arg(drillTimeText(o.lastDrill->drilledAt))
                                   : tr("failed %1").arg(drillTimeText(o.lastDrill->drilledAt));
    case RestoredColumn:
        return m_restored.contains(o.key) ? tr("yes") : QString();
    }
    return {};
}

QVariant CoveringObjectModel::drillToolTip(const CoveringObject& o) const {
    if (!o.lastDrill)
        return tr("Never drilled: a drill restores the object into a scratch file and compares its sums with "
                  "the daily statements.");
    const DrillRecord& d = *o.lastDrill;
    if (!d.passed)
        return d.problemMessages().join(QLatin1Char('\n'));
    return tr("Drilled %1: %Ln row(s) restored and their sums agreed with the daily statements.", "",
              int(d.rows))
        .arg(display::instantSeconds(d.drilledAt));
}

QVariant CoveringObjectModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const CoveringObject& o = m_objects[std::size_t(index.row())];
    const int column = index.column();
    const bool numeric = column == RowsColumn || column == UserRowsColumn || column == UserBalanceColumn ||
                         column == UserEscrowColumn || column == SizeColumn;
    switch (role) {
    case Qt::DisplayRole:
        return display(o, column);
    case SortRole:
        if (column == SizeColumn)
            return o.bytes;
        if (column == UserBalanceColumn)
            return o.user.balanceCents;
        if (column == UserEscrowColumn)
            return o.user.escrowCents;
        if (column == RangeColumn)
            return qint64(o.manifest ? o.manifest->createdFrom : 0);
        if (column == DrillColumn)
            return qint64(o.lastDrill ? o.lastDrill->drilledAt : 0);
        return display(o, column);
    case Qt::TextAlignmentRole:
        return numeric ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ToolTipRole:
        if (column == ObjectColumn)
            return o.key;
        if (column == VerificationColumn) {
            const Verification v = m_verifications.value(o.key);
            if (v.check == Check::Failed)
                return v.problems.join(QLatin1Char('\n'));
            if (v.check == Check::Passed)
                return checkedText(v);
            if (!o.manifestProblem.isEmpty())
                return o.manifestProblem;
        }
        if (column == DrillColumn)
            return drillToolTip(o);
        return {};
    case ToneRole: {
        const Check check = m_verifications.value(o.key).check;
        if (column == VerificationColumn && (check == Check::Failed || !o.hasManifest || !o.hasObject))
            return int(Tone::Bad);
        if (column == VerificationColumn && check == Check::Passed)
            return int(Tone::Good);
        if (column == DrillColumn)
            return int(!o.lastDrill ? Tone::Muted : o.lastDrill->passed ? Tone::Good : Tone::Bad);
        if (column == UserRowsColumn && o.manifest && o.user.rows == 0)
            return int(Tone::Muted);
        return int(Tone::Normal);
    }
    default:
        return {};
    }
}

QVariant CoveringObjectModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ObjectColumn:
        return tr("Object");
    case RangeColumn:
        return tr("Days (UTC)");
    case RowsColumn:
        return tr("Rows");
    case UserRowsColumn:
        return tr("User's rows");
    case UserBalanceColumn:
        return tr("User's balance");
    case UserEscrowColumn:
        return tr("User's escrow");
    case SizeColumn:
        return tr("Size");
    case PartitionColumn:
        return tr("Partition");
    case VerificationColumn:
        return tr("Verification");
    case DrillColumn:
        return tr("Last drill");
    case RestoredColumn:
        return tr("Restored");
    }
    return {};
}

} // namespace tidemark::kudos
