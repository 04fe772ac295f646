#include "trackssummarymodel.h"

#include "displayformat.h"

namespace tidemark::tracks {

TracksSummaryModel::TracksSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void TracksSummaryModel::setSummaries(std::vector<TracksSummary> summaries) {
    beginResetModel();
    m_summaries = std::move(summaries);
    endResetModel();
}

void TracksSummaryModel::clear() {
    setSummaries({});
}

qint64 TracksSummaryModel::totalTracks() const {
    return m_summaries.empty() ? 0 : m_summaries.front().tracks;
}

QString TracksSummaryModel::formatExtent(const TracksSummary& summary) {
    if (summary.tracks <= 0)
        return QStringLiteral("—");
    return display::box(summary.minLat, summary.minLon, summary.maxLat, summary.maxLon);
}

int TracksSummaryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_summaries.size());
}

int TracksSummaryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TracksSummaryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TracksSummary& summary = m_summaries[static_cast<size_t>(index.row())];
    const bool isTotal = index.row() == 0;
    const auto column = static_cast<Column>(index.column());
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case ActivityColumn:
            return isTotal ? tr("All tracks") : summary.activityType;
        case TracksColumn:
            return display::count(summary.tracks);
        case LengthColumn:
            return display::number(summary.lengthMetres / 1000.0, 0);
        case ExtentColumn:
            return formatExtent(summary);
        case ColumnCount:
            break;
        }
        break;
    case Qt::TextAlignmentRole:
        if (column == TracksColumn || column == LengthColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case SortRole:
        switch (column) {
        case ActivityColumn:
            return summary.activityType;
        case TracksColumn:
            return summary.tracks;
        case LengthColumn:
            return summary.lengthMetres;
        case ExtentColumn:
            return (summary.maxLon - summary.minLon) * (summary.maxLat - summary.minLat);
        case ColumnCount:
            break;
        }
        break;
    default:
        break;
    }
    return {};
}

QVariant TracksSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ActivityColumn:
        return tr("Activity");
    case TracksColumn:
        return tr("Tracks");
    case LengthColumn:
        return tr("Length (km)");
    case ExtentColumn:
        return tr("Extent");
    default:
        return {};
    }
}

} // namespace tidemark::tracks
