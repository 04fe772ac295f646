#include "previewjob.h"

#include "error.h"
#include "heatmapplane.h"
#include "pgconnection.h"
#include "positionloader.h"
#include "positionslayout.h"
#include "taskfeedback.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>

namespace tidemark::positions {

namespace {

void progress(TaskFeedback& feedback, double fraction, const char* what) {
    feedback.reportProgress(fraction, QCoreApplication::translate("PreviewJob", what));
}

PreviewResult cancelledPreview() {
    PreviewResult result;
    result.cancelled = true;
    return result;
}

} // namespace

PreviewJob::Input PreviewJob::load(PgConnection& db, const PreviewRequest& request) {
    positions::requirePositionsSchema(db);
    PositionLoader loader(db);
    const std::optional<Micros> oldest = loader.oldest(request.mowerId);
    Input input;
    input.watermark = loader.watermark(request.mowerId);
    const Micros cutoff = request.settings.thinningCutoff(request.now);
    const std::vector<SliceRange> plan = SlicePlanner::plan(request.mowerId, input.watermark, oldest, cutoff);
    input.slices = PreviewThinning::slicesFor(plan, request.from, request.to);
    Micros loadFrom = request.from;
    Micros loadTo = request.to;
    if (!input.slices.empty()) {
        loadFrom = std::min(loadFrom, input.slices.front().begin - kSliceContext);
        loadTo = std::max(loadTo, input.slices.back().end + kSliceContext);
    }
    QElapsedTimer timer;
    timer.start();
    input.track = loader.load(request.mowerId, loadFrom, loadTo);
    input.loadSeconds = timer.nsecsElapsed() / 1e9;
    return input;
}

PreviewResult PreviewJob::run(const PreviewRequest& request, TaskFeedback& feedback) {
    progress(feedback, 0.02, QT_TRANSLATE_NOOP("PreviewJob", "connecting"));
    auto db = PgConnection::open(request.conninfo, QStringLiteral("tidemark preview"));
    if (!feedback.checkpoint())
        return cancelledPreview();
    progress(feedback, 0.1, QT_TRANSLATE_NOOP("PreviewJob", "loading the range"));
    const Input input = load(*db, request);
    db.reset();
    if (!feedback.checkpoint())
        return cancelledPreview();
    progress(feedback, 0.4, QT_TRANSLATE_NOOP("PreviewJob", "running keep_set slice by slice"));
    PreviewResult result = evaluate(request, input.track, input.watermark, input.slices);
    result.loadSeconds = input.loadSeconds;
    progress(feedback, 1.0, QT_TRANSLATE_NOOP("PreviewJob", "done"));
    return result;
}

PreviewResult PreviewJob::evaluate(const PreviewRequest& request, const MowerTrack& track,
                                   std::optional<Micros> watermark, std::span<const SliceRange> slices) {
    PreviewResult result;
    result.mowerId = request.mowerId;
    result.from = request.from;
    result.to = request.to;
    result.now = request.now;
    result.cutoff = request.settings.thinningCutoff(request.now);
    result.watermark = watermark;
    result.loadedRows = static_cast<long long>(track.rows.size());

    QElapsedTimer timer;
    timer.start();
    const PreviewThinning::Outcome outcome = PreviewThinning::run(track, slices, request.settings);
    if (outcome.failure)
        throw Error(Error::Kind::Failed, outcome.failure->describe(request.mowerId));
    result.slices = outcome.slices;

    const auto byTime = [](const PositionRow& r, Micros t) { return r.observedAt < t; };
    const auto first = std::lower_bound(track.rows.begin(), track.rows.end(), request.from, byTime);
    const auto last = std::lower_bound(first, track.rows.end(), request.to, byTime);
    result.rows.assign(first, last);
    result.fates.resize(result.rows.size());
    result.reasons.assign(result.rows.size(), 0);
    std::size_t s =
        std::lower_bound(outcome.survivors.begin(), outcome.survivors.end(), request.from, byTime) -
        outcome.survivors.begin();
    for (std::size_t i = 0; i < result.rows.size(); ++i) {
        const Micros t = result.rows[i].observedAt;
        while (s < outcome.survivors.size() && outcome.survivors[s].observedAt < t)
            ++s;
        const bool survives = s < outcome.survivors.size() && outcome.survivors[s].observedAt == t;
        RowFate fate;
        if (t >= result.cutoff) {
            fate = RowFate::Recent;
            ++result.recent;
        } else if (watermark && t < *watermark) {
            fate = RowFate::BehindWatermark;
            ++result.behindWatermark;
        } else if (survives) {
            fate = RowFate::Kept;
            result.reasons[i] = outcome.reasons[s];
            ++result.keptBySet;
            for (int r = 0; r < PreviewResult::kReasonCount; ++r)
                if (outcome.reasons[s] & (1u << r))
                    ++result.perReason[r];
        } else {
            fate = RowFate::Removed;
            ++result.removed;
        }
        result.fates[i] = fate;
    }
    result.kept = result.keptBySet + result.recent + result.behindWatermark;
    result.thinSeconds = timer.nsecsElapsed() / 1e9;

    timer.restart();
    const std::vector<PositionRow> survivors = result.survivors();
    result.check = checkCoverage(result.rows, survivors, request.now, request.settings, &result.checkLayers);
    result.signal =
        SignalLayers::build(result.rows, result.checkLayers.plane, request.settings.heatmapSignalCellMetres);
    result.coverageSeconds = timer.nsecsElapsed() / 1e9;
    return result;
}

} // namespace tidemark::positions
