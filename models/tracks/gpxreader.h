#pragma once

#include "importedtrack.h"

#include <QString>
#include <QStringList>
#include <functional>

class QIODevice;
class QXmlStreamAttributes;
class QXmlStreamReader;

namespace tidemark::tracks {

struct GpxReadOptions {
    static constexpr char kDefaultActivity[] = "unknown";

    bool routesAsTracks = false; // <rte> as tracks; else skipped and counted
    // For a track without a <type>; TracksImportRequest says which values an import takes.
    QString defaultActivity = QString::fromLatin1(kDefaultActivity);
};

// What one GPX file held. Every <trk> is delivered, also one without points; a route counts in `routes`
// when delivered as a track, else in `skippedRoutes`.
struct GpxReadSummary {
    QString version; // "1.0", "1.1", or "" when neither the attribute nor the namespace says
    int tracks = 0;
    int routes = 0;
    qint64 points = 0; // of the delivered tracks (and routes)
    int emptySegments = 0;
    int skippedRoutes = 0;
    int skippedWaypoints = 0;
    // Points whose <time> was refused (not an ISO-8601 instant of the years 1970 to 2100 in UTC with ASCII
    // digits): kept without a time. The first kMaxTimeProblems as "FILE line L, column C: bad <time>: why".
    static constexpr int kMaxTimeProblems = 20;
    int refusedTimes = 0;
    QStringList timeProblems;
};

// A streamed GPX 1.0 / 1.1 reader on QXmlStreamReader: the file is never held in memory, only the track being
// read. Each <trk> (and <rte> when asked) is handed to the sink when its end tag is read, with its points,
// segments, times (UTC), elevations, name, description, <type> as activity (lower case), <link>/<url> as
// external URL and the file's author as user. Elements of other namespaces, extensions, waypoints,
// comments and a byte-order mark are read past. Broken XML, a missing or bad lat/lon, a bad <ele> or a
// cut-off file throw Error(Failed) "FILE line L, column C: why"; tracks handed out before stay handed out, so
// a caller that must not keep part of a file reads into one transaction (TrackImporter::importStream). A
// <time> that is not an ISO-8601 instant of the years 1970 to 2100 (UTC, ASCII digits) is refused with its
// line and column in the summary and its point kept without a time: the position is sound, and the dedup
// key (of the positions) still finds the same ride from another source. Reads nothing but the device, so a
// QBuffer over any bytes will do.
class GpxReader {
  public:
    using TrackSink = std::function<void(ImportedTrack&&)>;

    GpxReader(QIODevice* device, QString fileName, GpxReadOptions options = {});
    GpxReadSummary read(const TrackSink& sink);
    // Opens `path` and reads it; a file that cannot be opened is Error(Failed) naming it.
    static GpxReadSummary readFile(const QString& path, const GpxReadOptions& options, const TrackSink& sink);

  private:
    void readMetadata(QXmlStreamReader& xml);
    void readTrack(QXmlStreamReader& xml, bool route, const TrackSink& sink);
    void readSegment(QXmlStreamReader& xml, ImportedTrack* track);
    void readPoint(QXmlStreamReader& xml, ImportedTrack* track);
    double coordinate(const QXmlStreamReader& xml, const QXmlStreamAttributes& attributes, QLatin1String name,
                      double limit) const;
    QStringView simpleText(QXmlStreamReader& xml); // trimmed; valid until the next call
    bool ours(const QXmlStreamReader& xml) const;
    QString position(const QXmlStreamReader& xml) const; // "FILE line L, column C"
    [[noreturn]] void fail(const QXmlStreamReader& xml, const QString& why) const;
    void refuseTime(const QXmlStreamReader& xml, const QString& why);

    QIODevice* m_device;
    QString m_fileName;
    GpxReadOptions m_options;
    QString m_namespace;
    QString m_author;
    GpxReadSummary m_summary;
    QString m_text;
};

} // namespace tidemark::tracks
