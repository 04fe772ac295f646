#pragma once

#include "importedtrack.h"
#include "trackrow.h"
#include "tracksimplifier.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <vector>

namespace tidemark::tracks {

// How the tracks table stores a track's lists and line; the importer writes them, the store reads them.

// sources_json, external_urls_json and tags_json: a JSON array of strings.
QByteArray toJsonArray(const QStringList& list);
QStringList fromJsonArray(const QString& json);

// SpatiaLite's own BLOB geometry of a 2D LINESTRING in SRID 4326, little endian, with its MBR `box` up front.
// Writing it directly saves formatting and parsing WKT, which took about a third of the time of a long track.
QByteArray spatialiteLineString(const std::vector<TrackPoint>& points, const TrackBox& box);
// Reads such a blob, in either byte order; false for any other geometry (compressed, another type) or a
// short blob.
bool readSpatialiteLineString(const QByteArray& blob, std::vector<LonLat>* points);
// PostGIS's hex EWKB of a 2D LINESTRING in SRID 4326 (what the geometry type reads as text: the value of a
// parameter or of a COPY column, with no parsing of WKT on either side).
QByteArray ewkbHexLineString(const std::vector<TrackPoint>& points);
QByteArray ewkbHexLineString(const std::vector<LonLat>& points);
// A 2D WKB LINESTRING as SpatiaLite's AsBinary (or PostGIS's ST_AsBinary) writes it; empty for anything else.
std::vector<LonLat> readWkbLineString(const QByteArray& wkb);

} // namespace tidemark::tracks
