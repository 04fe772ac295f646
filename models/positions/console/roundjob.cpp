#include "roundjob.h"

#include "pgconnection.h"
#include "positionsschema.h"
#include "roundhistory.h"
#include "schemamigrator.h"
#include "taskfeedback.h"
#include "thinninground.h"

#include <QElapsedTimer>
#include <algorithm>

namespace tidemark::positions {

RoundReport RoundJob::run(const RoundRequest& request, TaskFeedback& control) {
    auto db = PgConnection::open(request.conninfo, QStringLiteral("tidemark round"));
    SchemaMigrator(*db, positions::positionsSchema()).requireSchema();
    const Micros startedAt = nowMicros();

    RoundProgress state;
    state.dryRun = request.dryRun;
    QElapsedTimer clock;
    clock.start();
    std::vector<double> sliceSeconds;
    double lastSliceAt = 0;
    RoundOptions options;
    options.now = request.now;
    options.dryRun = request.dryRun;
    options.ignoreWindow = request.ignoreWindow;
    options.budgetSeconds = request.budgetSeconds;
    options.control = &control;
    options.jobs = request.jobs;
    options.workerConninfo = request.conninfo;
    options.onPaused = [&](double seconds) {
        state.pausedSeconds = seconds;
        TaskProgress progress = pausedRoundProgress(seconds);
        progress.done = state.slicesDone;
        progress.total = state.slicesTotal;
        progress.rows = state.scanned;
        progress.detail = QVariant::fromValue(state);
        control.report(progress);
    };
    options.onSlice = [&](const SliceEvent& e) {
        state.pausedSeconds = -1;
        state.mowerId = e.mowerId;
        state.sliceOfMower = e.sliceOfMower;
        state.slicesOfMower = e.slicesOfMower;
        state.slicesDone = e.slicesDone;
        state.slicesTotal = e.slicesTotal;
        state.sliceScanned = e.scanned;
        state.sliceDeleted = e.deleted;
        state.scanned += e.scanned;
        state.deleted += e.deleted;
        state.elapsedSeconds = clock.nsecsElapsed() / 1e9;
        // The median pace of the latest slices: a pause (one long gap between two slices) does not skew it.
        // An event of several slices (the empty ones before a slice) counts its time once per slice.
        sliceSeconds.push_back((state.elapsedSeconds - lastSliceAt) / double(std::max(1LL, e.slices)));
        lastSliceAt = state.elapsedSeconds;
        if (sliceSeconds.size() > 64)
            sliceSeconds.erase(sliceSeconds.begin());
        std::vector<double> sorted = sliceSeconds;
        std::nth_element(sorted.begin(), sorted.begin() + long(sorted.size() / 2), sorted.end());
        state.secondsLeft = sorted[sorted.size() / 2] * double(e.slicesTotal - e.slicesDone);
        TaskProgress progress = e.progress();
        progress.secondsLeft = state.secondsLeft;
        progress.detail = QVariant::fromValue(state);
        control.report(progress);
    };

    RoundReport report = ThinningRound(*db, request.settings).run(options);
    if (request.recordHistory && !report.skippedLocked) {
        RoundHistory(*db).append(startedAt, report);
    }
    return report;
}

} // namespace tidemark::positions
