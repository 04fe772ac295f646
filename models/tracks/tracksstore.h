#pragma once

#include "trackrow.h"
#include "tracksimplifier.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <vector>

namespace tidemark::tracks {

class TracksDatabase;

struct TracksExtent {
    qint64 tracks = 0;
    double minLon = 0, minLat = 0, maxLon = 0, maxLat = 0; // meaningful when tracks > 0
};

// The bounding-box query with its filters and, for a table view, its order and page.
struct TracksQuery {
    enum class Order { Id, Name, Activity, Length, Points, StartedAt, CreatedAt };
    TrackBox box;
    QStringList activities; // empty: every activity (filtered in SQL)
    QStringList sources;    // empty: every source; else a track with any of them (filtered in C++)
    Order order = Order::Id;
    bool descending = false;
    qint64 offset = 0; // rows of the filtered, ordered result to skip
    qint64 limit = -1; // at most this many rows; -1: all
};

struct TracksPage {
    std::vector<TrackRow> tracks;
    qint64 matching = 0; // rows matching the box and filters before offset and limit
};

// A track's geometry for the map at one zoom level.
struct SimplifiedTrack {
    qint64 id = 0;
    QString activity;
    QStringList sources;
    std::vector<LonLat> points; // simplified
    qint64 storedPoints = 0;    // before simplification
};

// Read queries over a migrated tracks store, file or PostGIS: counts, the extent, and the bounding-box query
// (the spatial index's prefetch and the stored bbox columns, activity filter in SQL: TracksDatabase::scanBox;
// the source filter on sources_json and the page here, so both backends page alike).
class TracksStore {
  public:
    explicit TracksStore(TracksDatabase& db);

    qint64 count();
    TracksExtent extent();
    QMap<QString, qint64> countBySource(); // a track counts once for each of its sources
    qint64 pipelineRunCount();
    // Ids of the tracks whose bounding box meets the box, optionally only of these activities / sources.
    std::vector<qint64> idsInBox(double minLon, double minLat, double maxLon, double maxLat,
                                 const QStringList& activities = {}, const QStringList& sources = {});

    // Tracks whose bounding box meets query.box, filtered, ordered (ties by id) and paged by offset/limit.
    TracksPage tracksInBox(const TracksQuery& query);
    // The same tracks (order and page of the query) with their points simplified for `zoom`.
    std::vector<SimplifiedTrack> simplifiedInBox(const TracksQuery& query, int zoom,
                                                 double tolerancePixels = 1.0);

  private:
    TracksDatabase& m_db;
};

} // namespace tidemark::tracks
