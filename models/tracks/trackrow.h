#pragma once

#include <QString>
#include <QStringList>
#include <QtGlobal>
#include <optional>

namespace tidemark::tracks {

// A longitude/latitude rectangle in degrees (WGS 84).
struct TrackBox {
    double minLon = 0, minLat = 0, maxLon = 0, maxLat = 0;
    TrackBox united(const TrackBox& other) const {
        return {qMin(minLon, other.minLon), qMin(minLat, other.minLat), qMax(maxLon, other.maxLon),
                qMax(maxLat, other.maxLat)};
    }
};

// `extent` widened to take in `box` (set to it when empty).
inline void unite(std::optional<TrackBox>* extent, const TrackBox& box) {
    *extent = *extent ? (*extent)->united(box) : box;
}

// One row of the bounding-box query: what a table, a map label or the CLI shows of a track, without its
// points.
struct TrackRow {
    qint64 id = 0;
    QString name;
    QString activity;
    QStringList sources;      // in configured order
    QStringList externalUrls; // same order and length as sources
    qint64 pointsCount = 0;
    double lengthMetres = 0;
    TrackBox bbox;
    QString startedAt; // ISO-8601 UTC, empty when the source has no times
    QString createdAt; // ISO-8601 UTC of the import
};

} // namespace tidemark::tracks
