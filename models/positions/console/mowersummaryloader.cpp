#include "mowersummaryloader.h"

#include "pgconnection.h"
#include "schemamigrator.h"
#include "sliceplanner.h"
#include "taskfeedback.h"

namespace tidemark::positions {

MowerSummaryLoader::MowerSummaryLoader(QString conninfo) : m_conninfo(std::move(conninfo)) {}

std::vector<MowerSummary> MowerSummaryLoader::load(const PositionSettings& settings, Micros now,
                                                   TaskFeedback* feedback) const {
    auto db = PgConnection::open(m_conninfo, QStringLiteral("tidemark mowers"));
    SchemaMigrator(*db, QStringLiteral("positions")).requireSchema();
    if (feedback && !feedback->checkpoint())
        return {};
    if (feedback)
        feedback->reportProgress(0.1, QStringLiteral("counting rows per mower"));
    const Micros cutoff = settings.thinningCutoff(now);
    const PgResult r = db->exec(
        QStringLiteral("SELECT p.mower_id::text, count(*),"
                       " (extract(epoch FROM min(p.observed_at)) * 1000000)::bigint,"
                       " (extract(epoch FROM max(p.observed_at)) * 1000000)::bigint,"
                       " (extract(epoch FROM t.thinned_until) * 1000000)::bigint,"
                       " count(*) FILTER (WHERE p.observed_at < $1::timestamptz"
                       "   AND (t.thinned_until IS NULL OR p.observed_at >= t.thinned_until))"
                       " FROM mower_positions p LEFT JOIN mower_positions_thinning t USING (mower_id)"
                       " GROUP BY p.mower_id, t.thinned_until ORDER BY p.mower_id"),
        {formatIsoTimestamp(cutoff)});
    std::vector<MowerSummary> mowers;
    mowers.reserve(std::size_t(r.rows()));
    for (int i = 0; i < r.rows(); ++i) {
        MowerSummary m;
        m.mowerId = QUuid::fromString(r.text(i, 0));
        m.rows = r.toLong(i, 1);
        m.oldest = r.toLong(i, 2);
        m.newest = r.toLong(i, 3);
        if (!r.isNull(i, 4))
            m.watermark = r.toLong(i, 4);
        m.eligible = r.toLong(i, 5);
        m.slicesPending = SlicePlanner::pendingSlices(m.watermark, m.oldest, cutoff);
        mowers.push_back(m);
    }
    if (feedback) {
        TaskProgress done = TaskProgress::share(1.0, QStringLiteral("%1 mowers").arg(mowers.size()));
        done.rows = 0;
        for (const MowerSummary& m : mowers)
            done.rows += m.rows;
        feedback->report(done);
    }
    return mowers;
}

} // namespace tidemark::positions
