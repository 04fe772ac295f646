#include "mowereligibilitymodel.h"

#include <QDateTime>
#include <QLocale>

namespace tidemark::positions {

namespace {
QString day(Micros t) {
    return QDateTime::fromMSecsSinceEpoch(t / 1000, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}
} // namespace

MowerEligibilityModel::MowerEligibilityModel(QObject* parent) : QAbstractTableModel(parent) {}

void MowerEligibilityModel::setMowers(std::vector<MowerEligibility> mowers) {
    beginResetModel();
    m_mowers = std::move(mowers);
    endResetModel();
}

int MowerEligibilityModel::rowOf(const QUuid& mowerId) const {
    for (std::size_t i = 0; i < m_mowers.size(); ++i)
        if (m_mowers[i].mowerId == mowerId)
            return int(i);
    return -1;
}

int MowerEligibilityModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_mowers.size());
}

int MowerEligibilityModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MowerEligibilityModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(m_mowers.size()))
        return {};
    const MowerEligibility& m = m_mowers[std::size_t(index.row())];
    const QLocale locale;
    switch (role) {
    case MowerIdRole:
        return m.mowerId.toString(QUuid::WithoutBraces);
    case Qt::TextAlignmentRole:
        return index.column() == MowerColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == MowerColumn)
            return m.mowerId.toString(QUuid::WithoutBraces);
        if (index.column() == OldestColumn)
            return formatIsoTimestamp(m.oldest);
        if (index.column() == WatermarkColumn && m.watermark)
            return tr("Thinned until %1").arg(formatIsoTimestamp(*m.watermark));
        if (index.column() == EligibleColumn)
            return tr(
                "Rows between the watermark (or the oldest row) and the cutoff: what the next rounds thin.");
        return {};
    case SortRole:
        switch (index.column()) {
        case MowerColumn:
            return m.mowerId.toString(QUuid::WithoutBraces);
        case RowsColumn:
            return m.rows;
        case OldestColumn:
            return qint64(m.oldest);
        case NewestColumn:
            return qint64(m.newest);
        case WatermarkColumn:
            return m.watermark ? qint64(*m.watermark) : qint64(0);
        case EligibleColumn:
            return m.eligible;
        case SlicesColumn:
            return m.slicesPending;
        }
        return {};
    case Qt::DisplayRole:
        switch (index.column()) {
        case MowerColumn:
            return m.mowerId.toString(QUuid::WithoutBraces).left(8);
        case RowsColumn:
            return locale.toString(m.rows);
        case OldestColumn:
            return day(m.oldest).left(10);
        case NewestColumn:
            return day(m.newest);
        case WatermarkColumn:
            return m.watermark ? day(*m.watermark) : tr("none");
        case EligibleColumn:
            return locale.toString(m.eligible);
        case SlicesColumn:
            return locale.toString(m.slicesPending);
        }
        return {};
    }
    return {};
}

QVariant MowerEligibilityModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case MowerColumn:
        return tr("Mower");
    case RowsColumn:
        return tr("Rows");
    case OldestColumn:
        return tr("Oldest");
    case NewestColumn:
        return tr("Newest (UTC)");
    case WatermarkColumn:
        return tr("Watermark");
    case EligibleColumn:
        return tr("Eligible");
    case SlicesColumn:
        return tr("Slices");
    }
    return {};
}

} // namespace tidemark::positions
