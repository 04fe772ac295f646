#include "mowersummaryloader.h"

#include "common/jobcontrol.h"
#include "common/pgconnection.h"
#include "common/schemamigrator.h"

namespace tidemark::positions {

MowerSummaryLoader::MowerSummaryLoader(QString conninfo) : m_conninfo(std::move(conninfo)) {}

std::vector<MowerSummary> MowerSummaryLoader::load(JobControl* control) const {
    auto connection = PgConnection::open(m_conninfo, QStringLiteral("tidemark-console"));
    SchemaMigrator(*connection, QStringLiteral("positions")).requireSchema();
    if (control && !control->checkpoint())
        return {};
    if (control)
        control->reportProgress(0.1, QStringLiteral("counting rows per mower"));

    // The primary key (mower_id, observed_at) makes min/max per mower cheap; the count is one scan.
    const PgResult result = connection->exec(QStringLiteral(
        "SELECT p.mower_id::text, p.rows,"
        "       (extract(epoch FROM p.oldest) * 1000000)::bigint,"
        "       (extract(epoch FROM p.newest) * 1000000)::bigint,"
        "       (extract(epoch FROM t.thinned_until) * 1000000)::bigint"
        "  FROM (SELECT mower_id, count(*) AS rows, min(observed_at) AS oldest, max(observed_at) AS newest"
        "          FROM mower_positions GROUP BY mower_id) p"
        "  LEFT JOIN mower_positions_thinning t ON t.mower_id = p.mower_id"
        " ORDER BY p.mower_id"));

    std::vector<MowerSummary> mowers;
    mowers.reserve(static_cast<size_t>(result.rows()));
    for (int row = 0; row < result.rows(); ++row) {
        MowerSummary mower;
        mower.mowerId = result.text(row, 0);
        mower.rows = result.toLong(row, 1);
        mower.oldest = result.toLong(row, 2);
        mower.newest = result.toLong(row, 3);
        if (!result.isNull(row, 4))
            mower.thinnedUntil = result.toLong(row, 4);
        mowers.push_back(std::move(mower));
    }
    if (control)
        control->reportProgress(1.0, QStringLiteral("%1 mowers").arg(mowers.size()));
    return mowers;
}

} // namespace tidemark::positions
