#pragma once

#include "tracksstore.h"

#include <QAbstractTableModel>

namespace tidemark::tracks {

// One page of the tracks in view. Sorting is the file's, not this page's: sort() asks for a new order
// (orderRequested) and the dataset loads the first page in it.
class TracksTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        NameColumn,
        ActivityColumn,
        SourcesColumn,
        PointsColumn,
        LengthColumn,
        StartedColumn,
        CreatedColumn,
        IdColumn,
        ColumnCount
    };
    static constexpr int IdRole = Qt::UserRole + 1;

    explicit TracksTableModel(QObject* parent = nullptr);
    void setPage(const TracksPage& page);
    const std::vector<TrackRow>& tracks() const { return m_page.tracks; }
    int rowOfTrack(qint64 id) const; // -1 when not on this page
    static TracksQuery::Order orderOf(int column);
    static int columnOf(TracksQuery::Order order);
    // The track's ride start and import as display::instant; "" when it has no times.
    static QString startedText(const TrackRow& track);
    static QString importedText(const TrackRow& track);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

  signals:
    void orderRequested(tidemark::tracks::TracksQuery::Order order, bool descending);

  private:
    TracksPage m_page;
};

} // namespace tidemark::tracks
