#include "mowersummarymodel.h"

#include "displayformat.h"

#include <QLocale>
#include <algorithm>

namespace tidemark::positions {

namespace {
QString displayInstant(Micros t) {
    return display::instant(t);
}
} // namespace

MowerSummaryModel::MowerSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void MowerSummaryModel::setMowers(std::vector<MowerSummary> mowers) {
    beginResetModel();
    m_mowers = std::move(mowers);
    m_loadedAt = nowMicros();
    endResetModel();
}

void MowerSummaryModel::clear() {
    setMowers({});
}

int MowerSummaryModel::rowOf(const QUuid& mowerId) const {
    for (std::size_t i = 0; i < m_mowers.size(); ++i)
        if (m_mowers[i].mowerId == mowerId)
            return int(i);
    return -1;
}

void MowerSummaryModel::setExactRows(int row, qint64 rows) {
    if (row < 0 || row >= rowCount())
        return;
    m_mowers[std::size_t(row)].rows = rows;
    m_mowers[std::size_t(row)].rowsEstimated = false;
    const QModelIndex cell = index(row, RowsColumn);
    emit dataChanged(cell, cell);
}

bool MowerSummaryModel::hasEstimates() const {
    return std::any_of(m_mowers.begin(), m_mowers.end(),
                       [](const MowerSummary& m) { return m.rowsEstimated; });
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
    const MowerSummary& m = m_mowers[static_cast<size_t>(index.row())];
    const QString id = m.mowerId.toString(QUuid::WithoutBraces);
    const auto column = static_cast<Column>(index.column());
    const QLocale locale;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case MowerColumn:
            return id.left(8); // distinct enough for a fleet; the tooltip holds the whole uuid
        case RowsColumn:
            return m.rowsEstimated ? QStringLiteral("≈ ") + locale.toString(m.rows) : locale.toString(m.rows);
        case OldestColumn:
            return displayInstant(m.oldest).left(10);
        case NewestColumn:
            return displayInstant(m.newest);
        case WatermarkColumn:
            return m.watermark ? displayInstant(*m.watermark) : tr("not thinned yet");
        case SlicesColumn:
            return locale.toString(m.slicesPending);
        case ColumnCount:
            break;
        }
        break;
    case Qt::ToolTipRole:
        if (column == MowerColumn)
            return id;
        if (column == OldestColumn)
            return display::instantSeconds(m.oldest);
        if (column == WatermarkColumn)
            return m.watermark ? tr("Thinned until %1: older rows have been thinned")
                                     .arg(display::instantSeconds(*m.watermark))
                               : tr("No round has thinned this mower yet");
        if (column == RowsColumn && m.rowsEstimated)
            return tr("Estimated %1 from a sample of the table; double-click to count this mower's rows "
                      "exactly")
                .arg(display::age(m_loadedAt, nowMicros()));
        if (column == SlicesColumn)
            return tr("Slices between the watermark (or the oldest row) and the cutoff: what the next rounds "
                      "thin.");
        break;
    case Qt::TextAlignmentRole:
        if (column != MowerColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case MowerIdRole:
        return id;
    case SortRole:
        switch (column) {
        case MowerColumn:
            return id;
        case RowsColumn:
            return m.rows;
        case OldestColumn:
            return qlonglong(m.oldest);
        case NewestColumn:
            return qlonglong(m.newest);
        case WatermarkColumn:
            return qlonglong(m.watermark.value_or(0));
        case SlicesColumn:
            return m.slicesPending;
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
        return tr("Oldest");
    case NewestColumn:
        return tr("Newest (UTC)");
    case WatermarkColumn:
        return tr("Thinned to (UTC)");
    case SlicesColumn:
        return tr("Slices");
    default:
        return {};
    }
}

QString MowerSummaryModel::rowsText() const {
    const qint64 rows = totalRows();
    const QString counted = tr("%1 row(s)", "", display::pluralForm(rows)).arg(display::count(rows));
    return hasEstimates() ? tr("≈ %1, estimated %2").arg(counted, display::age(m_loadedAt, nowMicros()))
                          : counted;
}

} // namespace tidemark::positions
