#pragma once

#include <QByteArray>
#include <QLatin1String>
#include <QString>
#include <array>
#include <functional>
#include <optional>

namespace tidemark {
class SqliteFile;
class SqliteStatement;
} // namespace tidemark

namespace tidemark::tracks {

// tracks migrate's reading of a tracks file, written as lines of PostgreSQL's COPY text format.

// One field appended to a line: NULL as \N, the format's escapes otherwise.
void appendCopyField(QByteArray* line, const std::optional<QByteArray>& value);
// A field of a COPY text row, unescaped.
QString unescapedCopyField(const QByteArray& field);

// What the migration keeps of a copied track: the first 16 bytes of the SHA-256 of the file's row as it
// was copied (every column; the line by its length, since a line is never rewritten in place: the dedup key,
// the bbox, points_count and length_m come from it), so that a later run sees a row the file changed. Read
// without the line, a file's comparison with its copy reads only the small columns.
using TrackFingerprint = std::array<char, 16>;

// The store's columns of a copied track, in the order of fileTrackSelect's.
extern const QLatin1String kCopiedTrackColumns;
// The file's SELECT of those columns (withLine: the line too), with `tail` (WHERE, ORDER BY, LIMIT) after it.
QString fileTrackSelect(const QString& tail, bool withLine);

struct FileTrackRow {
    qint64 id = 0;
    TrackFingerprint fingerprint{};
    QByteArray line; // the COPY line with its '\n', when asked for
};
// The row `q` (a fileTrackSelect of the same withLine) is on. Error(Failed) naming the file `path` and the
// track for a line that is not a plain SpatiaLite LINESTRING.
FileTrackRow readFileTrack(SqliteStatement& q, const QString& path, bool withLine);

// What a pass over the file's pipeline runs or density tiles saw: the rows, the highest id (runs), and a
// digest of them all in key order.
struct FileRowsDigest {
    qint64 rows = 0;
    qint64 maxId = 0;
    QByteArray digest; // SHA-256
};
// Every pipeline run of the file as a COPY line of (id, region, source, started_at, finished_at, status,
// tracks_added, tracks_merged, error), in id order, to `take` (when given).
FileRowsDigest forEachFileRun(SqliteFile& file, const std::function<void(const QByteArray&)>& take = {});
// Every tile of one of the file's density overviews, in key order, as a COPY line: of every track's
// (track_density: zoom, tile_x, tile_y, pixels), or of the per-activity one (track_density_activity:
// activity, zoom, tile_x, tile_y, pixels).
FileRowsDigest forEachFileTile(SqliteFile& file, bool perActivity,
                               const std::function<void(const QByteArray&)>& take = {});
// Both overviews of the file: their tiles, and the one digest of the two that the ledger records and the
// verification compares with the store's (storeDensityDigest).
FileRowsDigest fileDensityDigest(SqliteFile& file);
// The digest of both overviews from the digests of each.
QByteArray densityDigestOf(const QByteArray& everyTrack, const QByteArray& perActivity);

} // namespace tidemark::tracks
