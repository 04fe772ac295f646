#include "mowersummaryloader.h"

#include "pgconnection.h"
#include "positionslayout.h"
#include "taskfeedback.h"
#include "thinningstatus.h"

namespace tidemark::positions {

MowerSummaryLoader::MowerSummaryLoader(QString conninfo)
    : m_conninfo(std::move(conninfo)), m_sampleRows(ThinningStatus::kDefaultSampleRows) {}

std::vector<MowerSummary> MowerSummaryLoader::load(const PositionSettings& settings, Micros now,
                                                   TaskFeedback& feedback, int* citusNodes) const {
    auto db = PgConnection::open(m_conninfo, QStringLiteral("tidemark mowers"));
    const PositionsLayout layout = requirePositionsSchema(*db);
    if (citusNodes)
        *citusNodes = layout.distributed && layout.citus ? layout.citus->nodes : 0;
    if (!feedback.checkpoint())
        return {};
    feedback.reportProgress(0.1, QStringLiteral("reading each mower's ends"));
    const Micros cutoff = settings.thinningCutoff(now);
    std::vector<MowerSummary> mowers;
    for (const MowerThinningStatus& s :
         ThinningStatus::query(*db, cutoff, RowCounting::Estimate, m_sampleRows)) {
        if (!s.oldest && s.rows <= 0)
            continue; // a watermark without rows: nothing to show
        MowerSummary m;
        m.mowerId = s.mowerId;
        m.rows = s.rows;
        m.rowsEstimated = s.rowsEstimated;
        m.oldest = s.oldest.value_or(0);
        m.newest = s.newest.value_or(m.oldest);
        m.watermark = s.watermark;
        m.slicesPending = s.slicesPending;
        mowers.push_back(m);
    }
    TaskProgress done = TaskProgress::share(1.0, QStringLiteral("%1 mowers").arg(mowers.size()));
    done.rows = 0;
    for (const MowerSummary& m : mowers)
        done.rows += m.rows;
    feedback.report(done);
    return mowers;
}

qint64 MowerSummaryLoader::exactRows(const QUuid& mowerId) const {
    auto db = PgConnection::open(m_conninfo, QStringLiteral("tidemark mowers"));
    return ThinningStatus::exactRows(*db, mowerId);
}

} // namespace tidemark::positions
