#include "roundjob.h"

#include "common/taskfeedback.h"
#include "common/pgconnection.h"
#include "common/schemamigrator.h"
#include "roundhistory.h"
#include "sliceplanner.h"
#include "thinninground.h"
#include "thinningstatus.h"

#include <QElapsedTimer>
#include <algorithm>

namespace tidemark::positions {

RoundReport RoundJob::run(const RoundRequest& request, TaskFeedback& control, const ProgressSink& sink) {
    auto db = PgConnection::open(request.conninfo, QStringLiteral("tidemark round"));
    SchemaMigrator(*db, QStringLiteral("positions")).requireSchema();
    const Micros startedAt = nowMicros();

    RoundProgress state;
    // The round names the mower only in its message; follow it through the round's own order instead.
    const std::vector<MowerThinningStatus> order =
        ThinningStatus::query(*db, request.settings.thinningCutoff(request.now), false);
    for (const MowerThinningStatus& m : order)
        state.slicesTotal += m.slicesPending;
    QElapsedTimer clock;
    clock.start();
    std::vector<double> sliceSeconds;
    double lastSliceAt = 0;

    // The slice's own counts, read just before its commit: the rows left in the slice on the round's
    // connection, and the rows it had on a second connection, which does not see the uncommitted delete yet
    // (a plain MVCC read: it neither waits nor blocks).
    auto side = PgConnection::open(request.conninfo, QStringLiteral("tidemark round figures"));
    const QString countSql =
        QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = $1::uuid"
                       " AND observed_at >= $2::timestamptz AND observed_at < $3::timestamptz");
    long long sliceScanned = 0;
    long long sliceDeleted = 0;
    RoundOptions options;
    options.now = request.now;
    options.dryRun = request.dryRun;
    options.ignoreWindow = request.ignoreWindow;
    options.budgetSeconds = request.budgetSeconds;
    options.control = &control;
    options.beforeCommit = [&](PgConnection& conn, const SliceRange& slice) {
        const std::vector<PgParam> params = {slice.mowerId.toString(QUuid::WithoutBraces),
                                             formatIsoTimestamp(slice.begin), formatIsoTimestamp(slice.end)};
        const long long left = conn.exec(countSql, params).toLong(0, 0);
        sliceScanned = side->exec(countSql, params).toLong(0, 0);
        sliceDeleted = sliceScanned - left;
    };
    std::size_t mowerIndex = 0;
    long long sliceInMower = 0;
    const ProgressSink forward = sink;
    const auto advance = [&]() {
        while (mowerIndex < order.size() && sliceInMower >= order[mowerIndex].slicesPending) {
            ++mowerIndex;
            sliceInMower = 0;
        }
        if (mowerIndex < order.size()) {
            state.mowerId = order[mowerIndex].mowerId;
            state.slicesOfMower = order[mowerIndex].slicesPending;
            state.sliceOfMower = ++sliceInMower;
        }
    };
    // A dry run has no transaction per slice: count the slice's rows after it (they are all still there).
    const Micros cutoff = request.settings.thinningCutoff(request.now);
    std::vector<SliceRange> plan;
    const auto countDrySlice = [&]() {
        if (!request.dryRun || mowerIndex >= order.size())
            return;
        if (state.sliceOfMower == 1)
            plan = SlicePlanner::plan(order[mowerIndex].mowerId, order[mowerIndex].watermark,
                                      order[mowerIndex].oldest, cutoff);
        if (state.sliceOfMower - 1 < static_cast<long long>(plan.size())) {
            const SliceRange& slice = plan[std::size_t(state.sliceOfMower - 1)];
            sliceScanned =
                side->exec(countSql, {slice.mowerId.toString(QUuid::WithoutBraces),
                                      formatIsoTimestamp(slice.begin), formatIsoTimestamp(slice.end)})
                    .toLong(0, 0);
        }
    };
    state.dryRun = request.dryRun;
    const TaskFeedback::Sink outer = control.sink();
    control.setSink([&](const TaskProgress&) {
        advance();
        countDrySlice();
        state.slicesDone += 1;
        state.scanned += sliceScanned;
        state.deleted += sliceDeleted;
        sliceScanned = sliceDeleted = 0;
        state.elapsedSeconds = clock.nsecsElapsed() / 1e9;
        const long long left = state.slicesTotal - state.slicesDone;
        // The median pace of the latest slices: a pause (one long gap between two slices) does not skew it.
        sliceSeconds.push_back(state.elapsedSeconds - lastSliceAt);
        lastSliceAt = state.elapsedSeconds;
        if (sliceSeconds.size() > 64)
            sliceSeconds.erase(sliceSeconds.begin());
        std::vector<double> sorted = sliceSeconds;
        std::nth_element(sorted.begin(), sorted.begin() + long(sorted.size() / 2), sorted.end());
        state.secondsLeft = sorted[sorted.size() / 2] * double(left);
        if (forward)
            forward(state);
        if (outer) {
            TaskProgress p;
            p.stage = QStringLiteral("mower %1, slice %2 of %3")
                          .arg(state.mowerId.toString(QUuid::WithoutBraces).left(8))
                          .arg(state.sliceOfMower)
                          .arg(state.slicesOfMower);
            p.done = state.slicesDone;
            p.total = state.slicesTotal;
            p.rows = state.scanned;
            p.secondsLeft = state.secondsLeft;
            p.detail = QVariant::fromValue(state);
            outer(p);
        }
    });

    RoundReport report = ThinningRound(*db, request.settings).run(options);
    control.setSink(outer);
    if (request.recordHistory && !report.skippedLocked) {
        RoundHistory history(*db);
        history.ensureTable();
        history.append(startedAt, report);
    }
    return report;
}

} // namespace tidemark::positions
