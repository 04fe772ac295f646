#include "tracksdatabase.h"

#include "postgistracksdatabase.h"
#include "spatialitedatabase.h"
#include "tracksstore.h"

#include "error.h"

namespace tidemark::tracks {

QString tracksOrderAndPage(const TracksQuery& query, const TracksOrderDialect& dialect) {
    QString column = QStringLiteral("id");
    switch (query.order) {
    case TracksQuery::Order::Id:
        break;
    case TracksQuery::Order::Name:
        column = dialect.name;
        break;
    case TracksQuery::Order::Activity:
        column = dialect.activity;
        break;
    case TracksQuery::Order::Length:
        column = QStringLiteral("length_m");
        break;
    case TracksQuery::Order::Points:
        column = QStringLiteral("points_count");
        break;
    case TracksQuery::Order::StartedAt:
        column = QStringLiteral("started_at");
        break;
    case TracksQuery::Order::CreatedAt:
        column = QStringLiteral("created_at");
        break;
    }
    const QString direction = query.descending ? QStringLiteral(" DESC") : QString();
    const QString nulls = !dialect.explicitNulls ? QString()
                          : query.descending     ? QStringLiteral(" NULLS LAST")
                                                 : QStringLiteral(" NULLS FIRST");
    QString sql = QStringLiteral(" ORDER BY %1%2%3").arg(column, direction, nulls);
    if (query.order != TracksQuery::Order::Id)
        sql += QStringLiteral(", id%1").arg(direction);
    if (query.sources.isEmpty() && (query.limit >= 0 || query.offset > 0))
        sql += QStringLiteral(" LIMIT %1 OFFSET %2")
                   .arg(query.limit < 0 ? dialect.noLimit : QString::number(query.limit))
                   .arg(query.offset);
    return sql;
}

std::unique_ptr<TracksDatabase> TracksDatabase::open(const TracksLocation& location, Access access) {
    if (location.isPostgis())
        return PostgisTracksDatabase::open(location.conninfo, access);
    if (location.sqlitePath.isEmpty())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("no tracks store given (--sqlite FILE or --db CONNINFO)"));
    return SpatialiteDatabase::open(location.sqlitePath,
                                    access == Access::Create     ? SpatialiteDatabase::Mode::CreateIfMissing
                                    : access == Access::ReadOnly ? SpatialiteDatabase::Mode::ReadOnly
                                                                 : SpatialiteDatabase::Mode::OpenExisting);
}

} // namespace tidemark::tracks
