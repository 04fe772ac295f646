#include "trackssummaryloader.h"

#include "error.h"
#include "taskfeedback.h"

#include <QFileInfo>
#include <algorithm>
#include <memory>
#include <sqlite3.h>

namespace tidemark::tracks {

namespace {
struct SqliteCloser {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
struct StatementFinalizer {
    void operator()(sqlite3_stmt* statement) const { sqlite3_finalize(statement); }
};
} // namespace

TracksSummaryLoader::TracksSummaryLoader(QString path) : m_path(std::move(path)) {}

std::vector<TracksSummary> TracksSummaryLoader::load(TaskFeedback* control) const {
    if (!QFileInfo(m_path).isFile())
        throw Error(Error::Kind::Connection, QStringLiteral("tracks file not found: %1").arg(m_path));
    sqlite3* raw = nullptr;
    const int opened =
        sqlite3_open_v2(QFile::encodeName(m_path).constData(), &raw, SQLITE_OPEN_READWRITE, nullptr);
    std::unique_ptr<sqlite3, SqliteCloser> db(raw);
    if (opened != SQLITE_OK)
        throw Error(Error::Kind::Connection, QStringLiteral("cannot open tracks file %1: %2")
                                                 .arg(m_path, QString::fromUtf8(sqlite3_errstr(opened))));
    sqlite3_busy_timeout(db.get(), 5000);
    if (control && !control->checkpoint())
        return {};

    const char* sql = "SELECT activity_type, count(*), total(length_m), min(min_lon), min(min_lat),"
                      " max(max_lon), max(max_lat) FROM tracks GROUP BY activity_type ORDER BY count(*) DESC";
    sqlite3_stmt* rawStatement = nullptr;
    if (sqlite3_prepare_v2(db.get(), sql, -1, &rawStatement, nullptr) != SQLITE_OK) {
        const QString why = QString::fromUtf8(sqlite3_errmsg(db.get()));
        sqlite3_finalize(rawStatement);
        if (why.contains(QLatin1String("no such table")))
            throw Error(Error::Kind::Schema,
                        QStringLiteral("%1 has no tracks table; run: tidemark-cli tracks init --sqlite %1")
                            .arg(m_path));
        throw Error(Error::Kind::Failed, QStringLiteral("reading tracks from %1: %2").arg(m_path, why));
    }
    std::unique_ptr<sqlite3_stmt, StatementFinalizer> statement(rawStatement);

    TracksSummary total;
    std::vector<TracksSummary> rows;
    int step;
    while ((step = sqlite3_step(statement.get())) == SQLITE_ROW) {
        TracksSummary summary;
        summary.activityType =
            QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(statement.get(), 0)));
        summary.tracks = sqlite3_column_int64(statement.get(), 1);
        summary.lengthMetres = sqlite3_column_double(statement.get(), 2);
        summary.minLon = sqlite3_column_double(statement.get(), 3);
        summary.minLat = sqlite3_column_double(statement.get(), 4);
        summary.maxLon = sqlite3_column_double(statement.get(), 5);
        summary.maxLat = sqlite3_column_double(statement.get(), 6);
        if (total.tracks == 0) {
            total.minLon = summary.minLon;
            total.minLat = summary.minLat;
            total.maxLon = summary.maxLon;
            total.maxLat = summary.maxLat;
        } else {
            total.minLon = std::min(total.minLon, summary.minLon);
            total.minLat = std::min(total.minLat, summary.minLat);
            total.maxLon = std::max(total.maxLon, summary.maxLon);
            total.maxLat = std::max(total.maxLat, summary.maxLat);
        }
        total.tracks += summary.tracks;
        total.lengthMetres += summary.lengthMetres;
        rows.push_back(std::move(summary));
    }
    if (step != SQLITE_DONE)
        throw Error(Error::Kind::Failed, QStringLiteral("reading tracks from %1: %2")
                                             .arg(m_path, QString::fromUtf8(sqlite3_errmsg(db.get()))));
    rows.insert(rows.begin(), total); // the total comes first
    if (control)
        control->reportProgress(1.0, QStringLiteral("%1 tracks").arg(total.tracks));
    return rows;
}

} // namespace tidemark::tracks
