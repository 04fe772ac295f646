#include "gpxreader.h"

#include "error.h"

#include <QFile>
#include <QXmlStreamReader>
#include <charconv>
#include <cmath>

namespace tidemark::tracks {

namespace {
const QLatin1String kGpx10("http://www.topografix.com/GPX/1/0");
const QLatin1String kGpx11("http://www.topografix.com/GPX/1/1");
// A point's time lies in the years 1970 to 2100 (UTC): a GPS receiver's, not a placeholder or garbage.
constexpr Micros kFirstTime = 0;                                   // 1970-01-01T00:00:00Z
constexpr Micros kAfterLastTime = 4133980800LL * kMicrosPerSecond; // 2101-01-01T00:00:00Z

bool is(const QXmlStreamReader& xml, const char* name) {
    return xml.name() == QLatin1String(name);
}

// QStringView::toDouble goes through a temporary Latin-1 copy and was half of the reader's own time; this
// gives the same correctly rounded value from a stack buffer, and falls back to it for anything unusual.
double toDouble(QStringView text, bool* ok) {
    char buffer[48];
    qsizetype start = text.startsWith(u'+') ? 1 : 0;
    const qsizetype n = text.size() - start;
    if (n <= 0 || n > qsizetype(sizeof buffer))
        return text.toDouble(ok);
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t c = text[start + i].unicode();
        if (c > 127)
            return text.toDouble(ok);
        buffer[i] = static_cast<char>(c);
    }
    double value = 0;
    const auto [end, error] = std::from_chars(buffer, buffer + n, value, std::chars_format::general);
    if (error != std::errc() || end != buffer + n)
        return text.toDouble(ok);
    *ok = true;
    return value;
}
} // namespace

GpxReader::GpxReader(QIODevice* device, QString fileName, GpxReadOptions options)
    : m_device(device), m_fileName(std::move(fileName)), m_options(std::move(options)) {}

GpxReadSummary GpxReader::readFile(const QString& path, const GpxReadOptions& options,
                                   const TrackSink& sink) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw Error(Error::Kind::Failed, QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    return GpxReader(&file, path, options).read(sink);
}

QString GpxReader::position(const QXmlStreamReader& xml) const {
    return QStringLiteral("%1 line %2, column %3")
        .arg(m_fileName)
        .arg(xml.lineNumber())
        .arg(xml.columnNumber());
}

void GpxReader::fail(const QXmlStreamReader& xml, const QString& why) const {
    throw Error(Error::Kind::Failed, QStringLiteral("%1: %2").arg(position(xml), why));
}

void GpxReader::refuseTime(const QXmlStreamReader& xml, const QString& why) {
    ++m_summary.refusedTimes;
    if (m_summary.timeProblems.size() < GpxReadSummary::kMaxTimeProblems)
        m_summary.timeProblems
            << QStringLiteral("%1: bad <time>: %2; the point is kept without a time").arg(position(xml), why);
}

bool GpxReader::ours(const QXmlStreamReader& xml) const {
    return xml.namespaceUri() == m_namespace;
}

GpxReadSummary GpxReader::read(const TrackSink& sink) {
    m_summary = {};
    m_author.clear();
    QXmlStreamReader xml(m_device);
    if (!xml.readNextStartElement()) {
        fail(xml, xml.hasError() ? xml.errorString() : QStringLiteral("no root element"));
    }
    if (!is(xml, "gpx"))
        fail(xml, QStringLiteral("not a GPX file: the root element is <%1>").arg(xml.name()));
    m_namespace = xml.namespaceUri().toString();
    m_summary.version = xml.attributes().value(QLatin1String("version")).toString();
    if (m_summary.version.isEmpty())
        m_summary.version = m_namespace == kGpx10   ? QStringLiteral("1.0")
                            : m_namespace == kGpx11 ? QStringLiteral("1.1")
                                                    : QString();
    while (xml.readNextStartElement()) {
        if (!ours(xml)) {
            xml.skipCurrentElement();
        } else if (is(xml, "trk")) {
            readTrack(xml, false, sink);
        } else if (is(xml, "rte")) {
            if (m_options.routesAsTracks) {
                readTrack(xml, true, sink);
            } else {
                ++m_summary.skippedRoutes;
                xml.skipCurrentElement();
            }
        } else if (is(xml, "wpt")) {
            ++m_summary.skippedWaypoints;
            xml.skipCurrentElement();
        } else if (is(xml, "metadata")) {
            readMetadata(xml);
        } else if (is(xml, "author")) { // GPX 1.0: the author's name directly under <gpx>
            m_author = xml.readElementText(QXmlStreamReader::SkipChildElements).trimmed();
        } else {
            xml.skipCurrentElement();
        }
    }
    while (!xml.atEnd() && !xml.hasError())
        xml.readNext();
    if (xml.hasError())
        fail(xml, xml.errorString());
    return m_summary;
}

void GpxReader::readMetadata(QXmlStreamReader& xml) {
    while (xml.readNextStartElement()) {
        if (ours(xml) && is(xml, "author")) {
            while (xml.readNextStartElement()) {
                if (ours(xml) && is(xml, "name"))
                    m_author = xml.readElementText(QXmlStreamReader::SkipChildElements).trimmed();
                else
                    xml.skipCurrentElement();
            }
        } else {
            xml.skipCurrentElement();
        }
    }
}

void GpxReader::readTrack(QXmlStreamReader& xml, bool route, const TrackSink& sink) {
    ImportedTrack track;
    track.activityType = m_options.defaultActivity;
    track.user = m_author;
    while (xml.readNextStartElement()) {
        if (!ours(xml)) {
            xml.skipCurrentElement();
        } else if (is(xml, "name")) {
            track.name = xml.readElementText(QXmlStreamReader::SkipChildElements).trimmed();
        } else if (is(xml, "desc")) {
            track.description = xml.readElementText(QXmlStreamReader::SkipChildElements).trimmed();
        } else if (is(xml, "type")) {
            const QString type = xml.readElementText(QXmlStreamReader::SkipChildElements).trimmed().toLower();
            if (!type.isEmpty())
                track.activityType = type;
        } else if (is(xml, "link")) { // GPX 1.1
            if (track.externalUrl.isEmpty())
                track.externalUrl = xml.attributes().value(QLatin1String("href")).trimmed().toString();
            xml.skipCurrentElement();
        } else if (is(xml, "url")) { // GPX 1.0
            const QString url = xml.readElementText(QXmlStreamReader::SkipChildElements).trimmed();
            if (track.externalUrl.isEmpty())
                track.externalUrl = url;
        } else if (!route && is(xml, "trkseg")) {
            readSegment(xml, &track);
        } else if (route && is(xml, "rtept")) {
            if (track.points.empty())
                track.segmentStarts.push_back(0);
            readPoint(xml, &track);
        } else {
            xml.skipCurrentElement();
        }
    }
    if (xml.hasError())
        return; // read() reports it with its position
    ++(route ? m_summary.routes : m_summary.tracks);
    m_summary.points += static_cast<qint64>(track.points.size());
    sink(std::move(track));
}

void GpxReader::readSegment(QXmlStreamReader& xml, ImportedTrack* track) {
    const qsizetype start = static_cast<qsizetype>(track->points.size());
    while (xml.readNextStartElement()) {
        if (is(xml, "trkpt") && ours(xml))
            readPoint(xml, track);
        else
            xml.skipCurrentElement();
    }
    if (static_cast<qsizetype>(track->points.size()) == start)
        ++m_summary.emptySegments;
    else
        track->segmentStarts.push_back(start);
}

double GpxReader::coordinate(const QXmlStreamReader& xml, const QXmlStreamAttributes& attributes,
                             QLatin1String name, double limit) const {
    if (!attributes.hasAttribute(name))
        fail(xml, QStringLiteral("<%1> without a %2 attribute").arg(xml.name(), name));
    const QStringView text = attributes.value(name);
    bool ok = false;
    const double value = toDouble(text.trimmed(), &ok);
    if (!ok || !std::isfinite(value) || std::abs(value) > limit)
        fail(xml, QStringLiteral("<%1> has a bad %2 \"%3\" (a number from -%4 to %4 expected)")
                      .arg(xml.name(), name, text.left(40))
                      .arg(limit));
    return value;
}

QStringView GpxReader::simpleText(QXmlStreamReader& xml) {
    m_text.resize(0); // keeps its capacity: no allocation per point
    while (!xml.atEnd()) {
        const QXmlStreamReader::TokenType token = xml.readNext();
        if (token == QXmlStreamReader::Characters || token == QXmlStreamReader::EntityReference)
            m_text.append(xml.text());
        else if (token == QXmlStreamReader::StartElement)
            xml.skipCurrentElement();
        else if (token == QXmlStreamReader::EndElement || token == QXmlStreamReader::Invalid)
            break;
    }
    return QStringView(m_text).trimmed();
}

void GpxReader::readPoint(QXmlStreamReader& xml, ImportedTrack* track) {
    TrackPoint point;
    const QXmlStreamAttributes attributes = xml.attributes();
    point.lat = coordinate(xml, attributes, QLatin1String("lat"), 90);
    point.lon = coordinate(xml, attributes, QLatin1String("lon"), 180);
    while (xml.readNextStartElement()) {
        if (is(xml, "ele") && ours(xml)) {
            const QStringView text = simpleText(xml);
            if (text.isEmpty())
                continue;
            bool ok = false;
            const double ele = toDouble(text, &ok);
            if (!ok || !std::isfinite(ele))
                fail(xml, QStringLiteral("bad <ele> \"%1\" (metres expected)").arg(text.left(40)));
            point.elevation = ele;
        } else if (is(xml, "time") && ours(xml)) {
            const QStringView text = simpleText(xml);
            if (text.isEmpty())
                continue;
            Micros t = 0;
            if (!tryParseIsoTimestamp(text, &t))
                refuseTime(xml, isoTimestampProblem(text.toString()));
            else if (t < kFirstTime || t >= kAfterLastTime)
                refuseTime(
                    xml, QStringLiteral("\"%1\" is outside the years 1970 to 2100 (UTC)").arg(text.left(64)));
            else
                point.time = t;
        } else {
            xml.skipCurrentElement();
        }
    }
    track->points.push_back(point);
}

} // namespace tidemark::tracks
