#include "trackssummarymodel.h"

#include <QLocale>
#include <cmath>

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
    const auto range = [](double low, double high, QChar positive, QChar negative) {
        // Hemisphere letters keep the text language-neutral; degrees to 4 places are about 10 m.
        const auto one = [&](double v) {
            return QStringLiteral("%1°%2").arg(QLocale().toString(std::abs(v), 'f', 4),
                                               v < 0 ? negative : positive);
        };
        return QStringLiteral("%1 … %2").arg(one(low), one(high));
    };
    return QStringLiteral("%1, %2").arg(
        range(summary.minLat, summary.maxLat, QLatin1Char('N'), QLatin1Char('S')),
        range(summary.minLon, summary.maxLon, QLatin1Char('E'), QLatin1Char('W')));
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
            return QLocale().toString(summary.tracks);
        case LengthColumn:
            return QLocale().toString(summary.lengthMetres / 1000.0, 'f', 0);
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
