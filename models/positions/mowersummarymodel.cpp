#include "mowersummarymodel.h"

#include <QDateTime>
#include <QLocale>
#include <QTimeZone>

namespace tidemark::positions {

namespace {
QString displayInstant(Micros t) {
    return QDateTime::fromMSecsSinceEpoch(floorDiv(t, 1000), QTimeZone::utc())
        .toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}
} // namespace

MowerSummaryModel::MowerSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void MowerSummaryModel::setMowers(std::vector<MowerSummary> mowers) {
    beginResetModel();
    m_mowers = std::move(mowers);
    endResetModel();
}

void MowerSummaryModel::clear() {
    setMowers({});
}

qint64 MowerSummaryModel::totalRows() const {
    qint64 total = 0;
    for (const MowerSummary& mower : m_mowers)
        total += mower.rows;
    return total;
}

int MowerSummaryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_mowers.size());
}

int MowerSummaryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MowerSummaryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const MowerSummary& mower = m_mowers[static_cast<size_t>(index.row())];
    const auto column = static_cast<Column>(index.column());
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case MowerColumn:
            // Short enough for the panel, distinct for a fleet; the tooltip and MowerIdRole hold the full
            // uuid.
            return mower.mowerId.size() > 13
                       ? mower.mowerId.left(8) + QStringLiteral("…") + mower.mowerId.right(4)
                       : mower.mowerId;
        case RowsColumn:
            return QLocale().toString(mower.rows);
        case OldestColumn:
            return displayInstant(mower.oldest);
        case NewestColumn:
            return displayInstant(mower.newest);
        case WatermarkColumn:
            return mower.thinnedUntil ? displayInstant(*mower.thinnedUntil) : tr("not thinned yet");
        case ColumnCount:
            break;
        }
        break;
    case Qt::ToolTipRole:
        if (column == MowerColumn)
            return mower.mowerId;
        if (column == WatermarkColumn)
            return tr("Rows older than the watermark have been thinned");
        break;
    case Qt::TextAlignmentRole:
        if (column == RowsColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case MowerIdRole:
        return mower.mowerId;
    case SortRole:
        switch (column) {
        case MowerColumn:
            return mower.mowerId;
        case RowsColumn:
            return mower.rows;
        case OldestColumn:
            return qlonglong(mower.oldest);
        case NewestColumn:
            return qlonglong(mower.newest);
        case WatermarkColumn:
            return qlonglong(mower.thinnedUntil.value_or(0));
        case ColumnCount:
            break;
        }
        break;
    default:
        break;
    }
    return {};
}

QVariant MowerSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case MowerColumn:
        return tr("Mower");
    case RowsColumn:
        return tr("Rows");
    case OldestColumn:
        return tr("Oldest (UTC)");
    case NewestColumn:
        return tr("Newest (UTC)");
    case WatermarkColumn:
        return tr("Thinned to (UTC)");
    default:
        return {};
    }
}

} // namespace tidemark::positions
