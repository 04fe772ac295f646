// forecast tracks: the size of a tracks store against 2 GB, its growth and the retention's steady state.
#include "clicontext.h"
#include "cliregistry.h"
#include "commandfeedback.h"
#include "displayformat.h"

#include "taskfeedback.h"
#include "tracksforecastjob.h"

#include <QJsonArray>
#include <cmath>

namespace tidemark::cli {

namespace {

QString sizeText(double bytes) {
    return display::size(std::llround(bytes));
}

QString dayText(Micros t) {
    return display::date(t);
}

QString limitText() {
    return display::size(tracks::TracksForecast::kAlertBytes);
}

QJsonObject json(const tracks::TracksForecast& f) {
    const tracks::TracksForecastMeasurements& m = f.measured;
    QJsonArray history;
    for (const tracks::TracksCreatedDay& d : m.history)
        history.append(
            QJsonObject{{QStringLiteral("day"), dayText(d.day)}, {QStringLiteral("tracks"), d.tracks}});
    QJsonArray ids;
    for (qint64 id : m.wouldDelete)
        ids.append(id);
    QJsonObject o{
        {f.store.isPostgis() ? QStringLiteral("db") : QStringLiteral("sqlite"), f.storeName},
        {QStringLiteral("now"), formatIsoTimestamp(m.now)},
        {QStringLiteral("retention_years"), f.retentionYears},
        {QStringLiteral("tracks"), m.tracks},
        {QStringLiteral("bytes"), m.bytes},
        {QStringLiteral("tracks_last_30_days"), m.tracksLast30Days},
        {QStringLiteral("tracks_per_day"), f.tracksPerDay},
        {QStringLiteral("bytes_per_track"), f.bytesPerTrack ? QJsonValue(*f.bytesPerTrack) : QJsonValue()},
        {QStringLiteral("above_2gb"), f.aboveAlert},
        {QStringLiteral("reaches_2gb_on"),
         f.reaches2GbOn ? QJsonValue(formatIsoTimestamp(*f.reaches2GbOn)) : QJsonValue()},
        {QStringLiteral("steady_state_tracks"), f.steadyStateTracks},
        {QStringLiteral("history"), history},
        {QStringLiteral("retention"),
         QJsonObject{{QStringLiteral("cutoff"), formatIsoTimestamp(m.retentionCutoff)},
                     {QStringLiteral("would_delete"), ids},
                     {QStringLiteral("would_delete_tracks"), static_cast<qint64>(m.wouldDelete.size())},
                     {QStringLiteral("would_delete_bytes"), f.wouldDeleteBytes},
                     {QStringLiteral("tracks_after"), f.tracksAfterRetention}}}};
    if (!f.bytesPerTrack)
        o.insert(QStringLiteral("bytes_per_track_reason"), f.bytesPerTrackReason);
    if (!f.reaches2GbOn)
        o.insert(QStringLiteral("reaches_2gb_on_reason"), f.reaches2GbReason);
    return o;
}

QString text(const tracks::TracksForecast& f) {
    const tracks::TracksForecastMeasurements& m = f.measured;
    QStringList lines{
        QStringLiteral("tracks forecast of %1 at %2").arg(f.storeName, display::instantSeconds(m.now)),
        QStringLiteral("  tracks: %1, size: %2%3")
            .arg(m.tracks)
            .arg(sizeText(static_cast<double>(m.bytes)),
                 f.bytesPerTrack ? QStringLiteral(" (%1 a track)").arg(sizeText(*f.bytesPerTrack))
                                 : QString()),
        QStringLiteral("  imported in the %1 days before now: %2 (%3 a day)")
            .arg(tracks::TracksForecast::kGrowthWindowDays)
            .arg(m.tracksLast30Days)
            .arg(f.tracksPerDay, 0, 'f', 2)};
    if (f.aboveAlert)
        lines << QStringLiteral("  ABOVE %1 already: %2%3")
                     .arg(limitText(), sizeText(static_cast<double>(m.bytes)),
                          f.store.isPostgis()
                              ? QString()
                              : QStringLiteral(" (ADR-005: move it to PostGIS, tracks migrate)"));
    else if (f.reaches2GbOn)
        lines << QStringLiteral("  reaches %1 on %2").arg(limitText(), dayText(*f.reaches2GbOn));
    else
        lines << QStringLiteral("  reaches %1: not projected (%2)").arg(limitText(), f.reaches2GbReason);
    lines << QStringLiteral("  steady state at %1 year(s) of retention: %2 tracks")
                 .arg(f.retentionYears)
                 .arg(f.steadyStateTracks, 0, 'f', 0);
    lines << QStringLiteral(
                 "  retention now (created before %1): would delete %2 track(s), about %3; %4 left")
                 .arg(display::instantSeconds(m.retentionCutoff))
                 .arg(m.wouldDelete.size())
                 .arg(sizeText(static_cast<double>(f.wouldDeleteBytes)))
                 .arg(f.tracksAfterRetention);
    if (!m.history.empty())
        lines << QStringLiteral("  imports on %1 day(s) from %2 to %3")
                     .arg(m.history.size())
                     .arg(dayText(m.history.front().day), dayText(m.history.back().day));
    return lines.join(QLatin1Char('\n'));
}

int runForecastTracks(CliContext& ctx) {
    const tracks::TracksForecastRequest request{ctx.tracksLocation(), ctx.settings().tracks, ctx.now()};
    CommandFeedback feedback(ctx);
    const tracks::TracksForecast forecast = tracks::TracksForecastJob::run(request, feedback);
    feedback.finishProgress();
    ctx.print(json(forecast), text(forecast));
    return ExitDone;
}

} // namespace

void registerTracksForecastCommand(CliRegistry& registry) {
    registry.add({{QStringLiteral("forecast"), QStringLiteral("tracks")},
                  QStringLiteral(
                      "Forecast a tracks store's size, read only: tracks, bytes, tracks a day (the "
                      "30 days before --now), bytes a track, the day it reaches ADR-005's limit, the steady "
                      "state at GPS_TRACKS_RETENTION_YEARS, the imports per day, and what tracks "
                      "retain would delete now."),
                  {},
                  {CommonOption::Sqlite, CommonOption::TracksDb},
                  {},
                  runForecastTracks});
}

} // namespace tidemark::cli
