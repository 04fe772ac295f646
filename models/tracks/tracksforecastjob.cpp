#include "tracksforecastjob.h"

#include "tracksdatabase.h"
#include "tracksretention.h"

#include "error.h"
#include "taskfeedback.h"

namespace tidemark::tracks {

namespace {

void checkpoint(TaskFeedback& feedback, double share, const QString& stage) {
    if (!feedback.checkpoint())
        throw Error(Error::Kind::Cancelled, QStringLiteral("the tracks forecast was cancelled"));
    feedback.reportProgress(share, stage);
}

TracksForecastMeasurements measure(TracksDatabase& db, const TracksForecastRequest& request,
                                   TaskFeedback& feedback) {
    TracksForecastMeasurements m;
    m.now = request.now;
    checkpoint(feedback, 0, QStringLiteral("counting the tracks"));
    m.tracks = db.trackCount();
    m.bytes = db.storeBytes();
    m.tracksLast30Days =
        db.countCreatedIn(request.now - TracksForecast::kGrowthWindowDays * kMicrosPerDay, request.now);
    checkpoint(feedback, 0.2, QStringLiteral("reading the imports per day"));
    m.history = db.tracksPerCreatedDay();
    checkpoint(feedback, 0.7, QStringLiteral("reading what the retention would delete"));
    m.retentionCutoff = TracksRetention::cutoff(request.now, request.settings.retentionYears);
    m.wouldDelete = TracksRetention(db).preview(m.retentionCutoff).ids;
    return m;
}

} // namespace

TracksForecast TracksForecastJob::run(const TracksForecastRequest& request, TaskFeedback& feedback) {
    auto db = TracksDatabase::open(request.store, TracksDatabase::Access::ReadOnly);
    TracksForecastMeasurements measured;
    db->beginRead();
    try {
        measured = measure(*db, request, feedback);
    } catch (...) {
        db->endRead();
        throw;
    }
    db->endRead();
    TracksForecast forecast = TracksForecast::derive(measured, request.settings);
    forecast.store = request.store;
    forecast.storeName = db->describe();
    feedback.reportProgress(1, QStringLiteral("done"));
    return forecast;
}

} // namespace tidemark::tracks
