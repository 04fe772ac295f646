#pragma once

#include "trackssummaryloader.h"

#include <QAbstractTableModel>

namespace tidemark::tracks {

// Track counts, lengths and extents: the total first, then one row per activity type; filled by a loader job.
class TracksSummaryModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { ActivityColumn, TracksColumn, LengthColumn, ExtentColumn, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 2;

    explicit TracksSummaryModel(QObject* parent = nullptr);

    void setSummaries(std::vector<TracksSummary> summaries);
    void clear();
    const std::vector<TracksSummary>& summaries() const { return m_summaries; }
    qint64 totalTracks() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "55.1234…56.2345° N, 36.1234…38.2345° E", or a dash for no tracks.
    static QString formatExtent(const TracksSummary& summary);

  private:
    std::vector<TracksSummary> m_summaries;
};

} // namespace tidemark::tracks
