#include "trackstablemodel.h"

#include "displayformat.h"
#include "error.h"

namespace tidemark::tracks {

namespace {
// The stored ISO text as display::instant; a text that does not parse is shown as stored.
QString instantText(const QString& iso) {
    if (iso.isEmpty())
        return {};
    try {
        return display::instant(parseIsoTimestamp(iso));
    } catch (const Error&) {
        return iso;
    }
}
} // namespace

QString TracksTableModel::startedText(const TrackRow& track) {
    return instantText(track.startedAt);
}

QString TracksTableModel::importedText(const TrackRow& track) {
    return instantText(track.createdAt);
}

TracksTableModel::TracksTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TracksTableModel::setPage(const TracksPage& page) {
    beginResetModel();
    m_page = page;
    endResetModel();
}

int TracksTableModel::rowOfTrack(qint64 id) const {
    for (std::size_t i = 0; i < m_page.tracks.size(); ++i)
        if (m_page.tracks[i].id == id)
            return int(i);
    return -1;
}

TracksQuery::Order TracksTableModel::orderOf(int column) {
    switch (column) {
    case NameColumn:
        return TracksQuery::Order::Name;
    case ActivityColumn:
        return TracksQuery::Order::Activity;
    case PointsColumn:
        return TracksQuery::Order::Points;
    case LengthColumn:
        return TracksQuery::Order::Length;
    case StartedColumn:
        return TracksQuery::Order::StartedAt;
    case CreatedColumn:
        return TracksQuery::Order::CreatedAt;
    default:
        return TracksQuery::Order::Id;
    }
}

int TracksTableModel::columnOf(TracksQuery::Order order) {
    for (int column = 0; column < ColumnCount; ++column)
        if (column != SourcesColumn && orderOf(column) == order)
            return column;
    return IdColumn;
}

int TracksTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_page.tracks.size());
}

int TracksTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TracksTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const TrackRow& t = m_page.tracks[std::size_t(index.row())];
    if (role == IdRole)
        return t.id;
    if (role == Qt::TextAlignmentRole)
        return index.column() == PointsColumn || index.column() == LengthColumn || index.column() == IdColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    if (role == Qt::ToolTipRole && index.column() == SourcesColumn)
        return t.externalUrls.join(QLatin1Char('\n'));
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return t.name;
    case ActivityColumn:
        return t.activity;
    case SourcesColumn:
        return t.sources.join(QStringLiteral(", "));
    case PointsColumn:
        return t.pointsCount;
    case LengthColumn:
        return display::number(t.lengthMetres / 1000.0, 1);
    case StartedColumn:
        return startedText(t);
    case CreatedColumn:
        return t.createdAt.isEmpty() ? QString() : instantText(t.createdAt).left(10);
    case IdColumn:
        return t.id;
    }
    return {};
}

QVariant TracksTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case ActivityColumn:
        return tr("Activity");
    case SourcesColumn:
        return tr("Sources");
    case PointsColumn:
        return tr("Points");
    case LengthColumn:
        return tr("Length, km");
    case StartedColumn:
        return tr("Ridden (UTC)");
    case CreatedColumn:
        return tr("Imported");
    case IdColumn:
        return tr("Id");
    }
    return {};
}

void TracksTableModel::sort(int column, Qt::SortOrder order) {
    if (column == SourcesColumn)
        return;
    emit orderRequested(orderOf(column), order == Qt::DescendingOrder);
}

} // namespace tidemark::tracks
