#include "tracksmigratecopy.h"

#include "trackcolumns.h"

#include "error.h"
#include "sqlitefile.h"

#include <QCryptographicHash>
#include <vector>

namespace tidemark::tracks {

namespace {

std::optional<QByteArray> textOf(SqliteStatement& q, int column) {
    if (q.isNull(column))
        return std::nullopt;
    return q.text(column).toUtf8();
}

QByteArray numberOf(SqliteStatement& q, int column) {
    return QByteArray::number(q.toInt64(column));
}

QByteArray realOf(SqliteStatement& q, int column) {
    return QByteArray::number(q.toDouble(column), 'g', 17); // round-trips exactly
}

} // namespace

void appendCopyField(QByteArray* line, const std::optional<QByteArray>& value) {
    if (!line->isEmpty())
        line->append('\t');
    if (!value) {
        line->append("\\N");
        return;
    }
    for (const char c : *value) {
        switch (c) {
        case '\\':
            line->append("\\\\");
            break;
        case '\t':
            line->append("\\t");
            break;
        case '\n':
            line->append("\\n");
            break;
        case '\r':
            line->append("\\r");
            break;
        default:
            line->append(c);
        }
    }
}

QString unescapedCopyField(const QByteArray& field) {
    QByteArray out;
    out.reserve(field.size());
    for (qsizetype i = 0; i < field.size(); ++i) {
        if (field[i] != '\\' || i + 1 == field.size()) {
            out.append(field[i]);
            continue;
        }
        const char next = field[++i];
        out.append(next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : next);
    }
    return QString::fromUtf8(out);
}

const QLatin1String
    kCopiedTrackColumns("id, dedup_key, name, activity_type, sources_json, external_urls_json, \"user\","
                        " description, tags_json, points_count, length_m, min_lon, min_lat, max_lon, max_lat,"
                        " started_at, created_at, geom");

QString fileTrackSelect(const QString& tail, bool withLine) {
    return QStringLiteral("SELECT id, dedup_key, name, activity_type, sources_json, external_urls_json, user,"
                          " description, tags_json, points_count, length_m, min_lon, min_lat, max_lon,"
                          " max_lat, started_at, created_at, length(geom)%1 FROM tracks ")
               .arg(withLine ? QStringLiteral(", geom") : QString()) +
           tail;
}

FileTrackRow readFileTrack(SqliteStatement& q, const QString& path, bool withLine) {
    FileTrackRow row;
    row.id = q.toInt64(0);
    QByteArray& line = row.line;
    appendCopyField(&line, numberOf(q, 0));
    for (int c = 1; c <= 8; ++c)
        appendCopyField(&line, textOf(q, c));
    appendCopyField(&line, numberOf(q, 9));
    for (int c = 10; c <= 14; ++c)
        appendCopyField(&line, realOf(q, c));
    appendCopyField(&line, textOf(q, 15));
    appendCopyField(&line, textOf(q, 16));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(line);
    hash.addData(QByteArray("\t") + numberOf(q, 17)); // the line's length in bytes
    const QByteArray digest = hash.result();
    std::copy_n(digest.constData(), row.fingerprint.size(), row.fingerprint.begin());
    if (!withLine) {
        line.clear();
        return row;
    }
    std::vector<LonLat> points;
    if (!readSpatialiteLineString(q.blob(18), &points))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("%1: track %2 has a geometry that is not a plain "
                                   "SpatiaLite LINESTRING; nothing of this batch was copied")
                        .arg(path)
                        .arg(row.id));
    appendCopyField(&line, ewkbHexLineString(points));
    line.append('\n');
    return row;
}

FileRowsDigest forEachFileRun(SqliteFile& file, const std::function<void(const QByteArray&)>& take) {
    FileRowsDigest seen;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    SqliteStatement q = file.prepare(QStringLiteral(
        "SELECT id, region, source, started_at, finished_at, status, tracks_added, tracks_merged,"
        " error FROM pipeline_runs ORDER BY id"));
    while (q.step()) {
        QByteArray line;
        appendCopyField(&line, numberOf(q, 0));
        for (int c = 1; c <= 5; ++c)
            appendCopyField(&line, textOf(q, c));
        appendCopyField(&line, numberOf(q, 6));
        appendCopyField(&line, numberOf(q, 7));
        appendCopyField(&line, textOf(q, 8));
        line.append('\n');
        hash.addData(line);
        ++seen.rows;
        seen.maxId = q.toInt64(0);
        if (take)
            take(line);
    }
    seen.digest = hash.result();
    return seen;
}

FileRowsDigest forEachFileTile(SqliteFile& file, bool perActivity,
                               const std::function<void(const QByteArray&)>& take) {
    FileRowsDigest seen;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    SqliteStatement q = file.prepare(
        perActivity
            ? QStringLiteral("SELECT zoom, tile_x, tile_y, pixels, activity FROM track_density_activity"
                             " ORDER BY activity, zoom, tile_x, tile_y")
            : QStringLiteral("SELECT zoom, tile_x, tile_y, pixels FROM track_density ORDER BY 1, 2, 3"));
    while (q.step()) {
        const QByteArray pixels = q.blob(3);
        if (perActivity)
            hash.addData(q.text(4).toUtf8() + '\0');
        hash.addData(
            QStringLiteral("%1/%2/%3:").arg(q.toInt64(0)).arg(q.toInt64(1)).arg(q.toInt64(2)).toUtf8());
        hash.addData(pixels);
        ++seen.rows;
        if (!take)
            continue;
        QByteArray line;
        if (perActivity)
            appendCopyField(&line, textOf(q, 4));
        appendCopyField(&line, numberOf(q, 0));
        appendCopyField(&line, numberOf(q, 1));
        appendCopyField(&line, numberOf(q, 2));
        appendCopyField(&line, QByteArray("\\x") + pixels.toHex()); // bytea's hex input
        line.append('\n');
        take(line);
    }
    seen.digest = hash.result();
    return seen;
}

QByteArray densityDigestOf(const QByteArray& everyTrack, const QByteArray& perActivity) {
    return QCryptographicHash::hash(everyTrack + perActivity, QCryptographicHash::Sha256);
}

FileRowsDigest fileDensityDigest(SqliteFile& file) {
    const FileRowsDigest total = forEachFileTile(file, false);
    const FileRowsDigest activities = forEachFileTile(file, true);
    FileRowsDigest both;
    both.rows = total.rows + activities.rows;
    both.digest = densityDigestOf(total.digest, activities.digest);
    return both;
}

} // namespace tidemark::tracks
