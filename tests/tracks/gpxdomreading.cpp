#include "gpxdomreading.h"

#include <QDateTime>
#include <QDomDocument>
#include <QFile>
#include <stdexcept>

namespace tidemark::test {

namespace {
QString childText(const QDomElement& parent, const QString& name) {
    for (QDomElement e = parent.firstChildElement(); !e.isNull(); e = e.nextSiblingElement())
        if (e.localName() == name)
            return e.text().trimmed();
    return {};
}

tracks::TrackPoint point(const QDomElement& e) {
    tracks::TrackPoint p;
    p.lat = e.attribute(QStringLiteral("lat")).toDouble();
    p.lon = e.attribute(QStringLiteral("lon")).toDouble();
    const QString ele = childText(e, QStringLiteral("ele"));
    if (!ele.isEmpty())
        p.elevation = ele.toDouble();
    const QString time = childText(e, QStringLiteral("time"));
    if (!time.isEmpty()) {
        QDateTime t = QDateTime::fromString(time, Qt::ISODateWithMs);
        if (!t.isValid())
            throw std::runtime_error("QDateTime cannot read " + time.toStdString());
        if (t.timeSpec() == Qt::LocalTime) // no zone in the text: UTC, as the reader takes it
            t.setTimeSpec(Qt::UTC);
        // The reader's rule: a time outside the years 1970 to 2100 (UTC) is no time (Mojstrovka.gpx has
        // 1901-12-13T20:45:52Z, a 32-bit clock's least value, at every point).
        const int year = t.toUTC().date().year();
        if (year >= 1970 && year <= 2100)
            p.time = t.toMSecsSinceEpoch() * 1000;
    }
    return p;
}

DomTrack track(const QDomElement& e, bool route) {
    DomTrack t;
    t.name = childText(e, QStringLiteral("name"));
    t.type = childText(e, QStringLiteral("type"));
    for (QDomElement c = e.firstChildElement(); !c.isNull(); c = c.nextSiblingElement()) {
        if (route && c.localName() == QLatin1String("rtept")) {
            t.points.push_back(point(c));
        } else if (!route && c.localName() == QLatin1String("trkseg")) {
            const size_t before = t.points.size();
            for (QDomElement p = c.firstChildElement(); !p.isNull(); p = p.nextSiblingElement())
                if (p.localName() == QLatin1String("trkpt"))
                    t.points.push_back(point(p));
            ++(t.points.size() == before ? t.emptySegments : t.nonEmptySegments);
        }
    }
    if (route && !t.points.empty())
        t.nonEmptySegments = 1;
    return t;
}
} // namespace

qint64 DomReading::trackPoints() const {
    qint64 n = 0;
    for (const DomTrack& t : tracks)
        n += static_cast<qint64>(t.points.size());
    return n;
}

qint64 DomReading::routePoints() const {
    qint64 n = 0;
    for (const DomTrack& t : routes)
        n += static_cast<qint64>(t.points.size());
    return n;
}

DomReading readWithDom(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw std::runtime_error("cannot open " + path.toStdString());
    QDomDocument doc;
    QString error;
    if (!doc.setContent(&file, true, &error))
        throw std::runtime_error("DOM: " + error.toStdString());
    DomReading r;
    const QDomElement root = doc.documentElement();
    r.version = root.attribute(QStringLiteral("version"));
    for (QDomElement e = root.firstChildElement(); !e.isNull(); e = e.nextSiblingElement()) {
        if (e.localName() == QLatin1String("trk")) {
            r.tracks.push_back(track(e, false));
            r.inFileOrder.push_back(r.tracks.back());
        } else if (e.localName() == QLatin1String("rte")) {
            r.routes.push_back(track(e, true));
            r.inFileOrder.push_back(r.routes.back());
        } else if (e.localName() == QLatin1String("wpt"))
            ++r.waypoints;
    }
    return r;
}

} // namespace tidemark::test
