#include "trackcolumns.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cstring>

namespace tidemark::tracks {

QByteArray toJsonArray(const QStringList& list) {
    return QJsonDocument(QJsonArray::fromStringList(list)).toJson(QJsonDocument::Compact);
}

QStringList fromJsonArray(const QString& json) {
    QStringList list;
    for (const QJsonValue& v : QJsonDocument::fromJson(json.toUtf8()).array())
        list << v.toString();
    return list;
}

namespace {

template <typename T> void append(QByteArray* blob, T value) {
    blob->append(reinterpret_cast<const char*>(&value), sizeof value);
}

// Reads `count` XY points at `at` of a WKB or SpatiaLite blob in its byte order; false when it is too short.
bool readPoints(const QByteArray& bytes, qsizetype at, quint32 count, bool little,
                std::vector<LonLat>* points) {
    if (bytes.size() < at + static_cast<qsizetype>(count) * 16)
        return false;
    const auto f64 = [&](qsizetype from) {
        quint64 v = 0;
        for (int i = 0; i < 8; ++i)
            v |= static_cast<quint64>(static_cast<quint8>(bytes[from + (little ? i : 7 - i)])) << (8 * i);
        double d;
        std::memcpy(&d, &v, sizeof d);
        return d;
    };
    points->reserve(count);
    for (quint32 i = 0; i < count; ++i)
        points->push_back({f64(at + i * 16), f64(at + i * 16 + 8)});
    return true;
}

quint32 readU32(const QByteArray& bytes, qsizetype at, bool little) {
    quint32 v = 0;
    for (int i = 0; i < 4; ++i)
        v |= static_cast<quint32>(static_cast<quint8>(bytes[at + (little ? i : 3 - i)])) << (8 * i);
    return v;
}

constexpr quint32 kLineString = 2; // the geometry class of SpatiaLite blobs and WKB alike (XY)

} // namespace

// The layout: start 0x00, byte order (0x01 little), SRID, the MBR (four doubles), 0x7C, the class, the point
// count, the points, end 0xFE.
QByteArray spatialiteLineString(const std::vector<TrackPoint>& points, const TrackBox& box) {
    static_assert(Q_BYTE_ORDER == Q_LITTLE_ENDIAN, "the blob below is written little endian");
    QByteArray blob;
    blob.reserve(static_cast<qsizetype>(48 + points.size() * 16));
    blob.append(char(0x00)).append(char(0x01));
    append<qint32>(&blob, 4326);
    append(&blob, box.minLon);
    append(&blob, box.minLat);
    append(&blob, box.maxLon);
    append(&blob, box.maxLat);
    blob.append(char(0x7C));
    append<qint32>(&blob, kLineString);
    append<qint32>(&blob, static_cast<qint32>(points.size()));
    for (const TrackPoint& p : points) {
        append(&blob, p.lon);
        append(&blob, p.lat);
    }
    blob.append(char(0xFE));
    return blob;
}

namespace {
template <typename Point> QByteArray ewkbHex(const std::vector<Point>& points) {
    static_assert(Q_BYTE_ORDER == Q_LITTLE_ENDIAN, "the EWKB below is written little endian");
    QByteArray ewkb;
    ewkb.reserve(static_cast<qsizetype>(13 + points.size() * 16));
    ewkb.append(char(0x01));                          // little endian
    append<quint32>(&ewkb, kLineString | 0x20000000); // with an SRID
    append<qint32>(&ewkb, 4326);
    append<qint32>(&ewkb, static_cast<qint32>(points.size()));
    for (const Point& p : points) {
        append(&ewkb, p.lon);
        append(&ewkb, p.lat);
    }
    return ewkb.toHex();
}
} // namespace

QByteArray ewkbHexLineString(const std::vector<TrackPoint>& points) {
    return ewkbHex(points);
}

QByteArray ewkbHexLineString(const std::vector<LonLat>& points) {
    return ewkbHex(points);
}

bool readSpatialiteLineString(const QByteArray& blob, std::vector<LonLat>* points) {
    if (blob.size() < 48 || blob[0] != 0 || static_cast<quint8>(blob[38]) != 0x7C)
        return false;
    const bool little = blob[1] == 1;
    if (readU32(blob, 39, little) != kLineString)
        return false;
    return readPoints(blob, 47, readU32(blob, 43, little), little, points);
}

std::vector<LonLat> readWkbLineString(const QByteArray& wkb) {
    std::vector<LonLat> points;
    if (wkb.size() < 9)
        return points;
    const bool little = wkb[0] == 1;
    if (readU32(wkb, 1, little) != kLineString)
        return points;
    readPoints(wkb, 9, readU32(wkb, 5, little), little, &points);
    return points;
}

} // namespace tidemark::tracks
