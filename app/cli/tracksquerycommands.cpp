// tracks query / retain / health: the bounding-box query, retention and health of a tracks file.
#include "clicontext.h"
#include "climetrics.h"
#include "cliregistry.h"
#include "commandfeedback.h"
#include "displayformat.h"

#include "error.h"
#include "taskfeedback.h"
#include "tracksdatabase.h"
#include "trackshealth.h"
#include "tracksretainjob.h"
#include "trackssettings.h"
#include "tracksstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>
#include <optional>

namespace tidemark::cli {

namespace {

const QCommandLineOption kBbox(QStringLiteral("bbox"),
                               QStringLiteral("The box: minlon,minlat,maxlon,maxlat (degrees)."),
                               QStringLiteral("BOX"));
const QCommandLineOption kActivity(QStringLiteral("activity"),
                                   QStringLiteral("Only these activity types (comma-separated)."),
                                   QStringLiteral("A,..."));
const QCommandLineOption kSource(QStringLiteral("source"),
                                 QStringLiteral("Only tracks with any of these sources (comma-separated)."),
                                 QStringLiteral("S,..."));
const QCommandLineOption kDryRun(QStringLiteral("dry-run"),
                                 QStringLiteral("Only print the tracks a run would delete."));
const QCommandLineOption
    kWarnAboveMb(QStringLiteral("warn-above-mb"),
                 QStringLiteral("Warn above this many mebibytes of database plus WAL (default 2048)."),
                 QStringLiteral("N"));

tracks::TrackBox parseBbox(const QString& text) {
    const QStringList parts = text.split(QLatin1Char(','));
    const auto bad = [&](const QString& why) {
        return Error(Error::Kind::Usage,
                     QStringLiteral("--bbox '%1': %2 (expected minlon,minlat,maxlon,maxlat in degrees)")
                         .arg(text, why));
    };
    if (parts.size() != 4)
        throw bad(QStringLiteral("%1 numbers instead of 4").arg(parts.size()));
    double v[4];
    for (int i = 0; i < 4; ++i) {
        bool ok = false;
        v[i] = parts[i].trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(v[i]))
            throw bad(QStringLiteral("'%1' is not a number").arg(parts[i]));
    }
    if (v[0] < -180 || v[2] > 180 || v[1] < -90 || v[3] > 90)
        throw bad(QStringLiteral("outside -180..180 / -90..90"));
    if (v[0] > v[2] || v[1] > v[3])
        throw bad(QStringLiteral("the minimum is above the maximum"));
    return {v[0], v[1], v[2], v[3]};
}

QStringList listOption(CliContext& ctx, const QString& name) {
    QStringList list;
    for (const QString& item : ctx.value(name).split(QLatin1Char(','), Qt::SkipEmptyParts))
        list << item.trimmed();
    return list;
}

int runQuery(CliContext& ctx) {
    tracks::TracksQuery query;
    query.box = parseBbox(ctx.required(QStringLiteral("bbox")));
    query.activities = listOption(ctx, QStringLiteral("activity"));
    query.sources = listOption(ctx, QStringLiteral("source"));
    auto db = tracks::TracksDatabase::open(ctx.tracksLocation(), tracks::TracksDatabase::Access::ReadOnly);
    for (const tracks::TrackRow& t : tracks::TracksStore(*db).tracksInBox(query).tracks) {
        const QJsonObject row{
            {QStringLiteral("id"), t.id},
            {QStringLiteral("name"), t.name},
            {QStringLiteral("activity"), t.activity},
            {QStringLiteral("sources"), QJsonArray::fromStringList(t.sources)},
            {QStringLiteral("points_count"), t.pointsCount},
            {QStringLiteral("length_m"), roundedTo(t.lengthMetres, 1)},
            {QStringLiteral("bbox"), QJsonArray{t.bbox.minLon, t.bbox.minLat, t.bbox.maxLon, t.bbox.maxLat}}};
        ctx.out() << QJsonDocument(row).toJson(QJsonDocument::Compact) << '\n';
    }
    ctx.out().flush();
    return ExitDone;
}

QJsonArray idArray(const std::vector<qint64>& ids) {
    QJsonArray array;
    for (qint64 id : ids)
        array.append(id);
    return array;
}

QString idText(const std::vector<qint64>& ids) {
    QStringList text;
    for (qint64 id : ids)
        text << QString::number(id);
    return text.isEmpty() ? QStringLiteral("none") : text.join(QLatin1Char(' '));
}

int runRetain(CliContext& ctx) {
    tracks::TracksRetainRequest request;
    request.store = ctx.tracksLocation();
    request.retentionYears = ctx.settings().tracks.retentionYears;
    request.now = ctx.now();
    request.machineNow = nowMicros();
    request.dryRun = ctx.isSet(QStringLiteral("dry-run"));
    request.allowClockAhead = ctx.allowClockAhead();
    const MetricsTarget metrics = metricsTarget(ctx);
    request.metricsPath = metrics.path;
    request.metricsPathOrigin = metrics.origin;
    CommandFeedback feedback(ctx);
    const tracks::TracksRetainReport report = tracks::TracksRetainJob::run(request, feedback);
    feedback.finishProgress();
    for (const QString& warning : report.warnings)
        ctx.err() << "tidemark-cli: WARNING: " << warning << '\n';
    ctx.err().flush();

    QJsonObject json{
        {report.store.isPostgis() ? QStringLiteral("db") : QStringLiteral("sqlite"), report.storeName},
        {QStringLiteral("retention_years"), report.retentionYears},
        {QStringLiteral("cutoff"), formatIsoTimestamp(report.cutoff)},
        {QStringLiteral("clock_override"), report.clockOverride.has_value()}};
    if (report.dryRun) {
        json.insert(QStringLiteral("dry_run"), true);
        json.insert(QStringLiteral("would_delete"), idArray(report.wouldDelete));
        ctx.print(json, QStringLiteral("would delete %1 track(s) created before %2 (%3 years): %4")
                            .arg(report.wouldDelete.size())
                            .arg(formatIsoTimestamp(report.cutoff))
                            .arg(report.retentionYears)
                            .arg(idText(report.wouldDelete)));
        return ExitDone;
    }
    const tracks::TracksRetentionReport& r = report.run;
    json.insert(QStringLiteral("deleted"), idArray(r.deleted));
    json.insert(QStringLiteral("batches"), r.batches);
    json.insert(QStringLiteral("vacuum_steps"), r.vacuumSteps);
    json.insert(QStringLiteral("bytes_before"), double(r.fileBytesBefore));
    json.insert(QStringLiteral("bytes_after"), double(r.fileBytesAfter));
    json.insert(QStringLiteral("freed_bytes"), double(r.freedBytes()));
    json.insert(QStringLiteral("spatial_index_valid"), r.spatialIndexValid);
    json.insert(QStringLiteral("cancelled"), report.cancelled);
    QString text =
        QStringLiteral("deleted %1 track(s) created before %2 (%3 years) in %4 batch(es): %5\n"
                       "freed %6 bytes (%7 -> %8) in %9 vacuum step(s); R-tree %10 (%11 rows, %12 "
                       "geometries)")
            .arg(r.deleted.size())
            .arg(formatIsoTimestamp(report.cutoff))
            .arg(report.retentionYears)
            .arg(r.batches)
            .arg(idText(r.deleted))
            .arg(r.freedBytes())
            .arg(r.fileBytesBefore)
            .arg(r.fileBytesAfter)
            .arg(r.vacuumSteps)
            .arg(r.spatialIndexValid ? QStringLiteral("consistent") : QStringLiteral("INCONSISTENT"))
            .arg(r.spatialIndexRows)
            .arg(r.geometryRows);
    if (!r.incrementalVacuum && !report.store.isPostgis())
        text +=
            QStringLiteral("\nthe file was not created with auto_vacuum=INCREMENTAL: run VACUUM to reclaim "
                           "the space");
    if (report.cancelled)
        text += QStringLiteral("\ncancelled: the older tracks left are deleted by the next run");
    ctx.print(json, text);
    return report.indexInconsistent() || report.cancelled ? ExitFailed : ExitDone;
}

int runHealth(CliContext& ctx) {
    qint64 warnAbove = tracks::TracksHealthReport::kDefaultWarnAboveBytes;
    if (ctx.isSet(QStringLiteral("warn-above-mb"))) {
        bool ok = false;
        const qint64 mb = ctx.value(QStringLiteral("warn-above-mb")).toLongLong(&ok);
        if (!ok || mb < 0)
            throw Error(Error::Kind::Usage,
                        QStringLiteral("--warn-above-mb '%1' is not a whole number of mebibytes")
                            .arg(ctx.value(QStringLiteral("warn-above-mb"))));
        warnAbove = mb * 1024 * 1024;
    }
    auto db = tracks::TracksDatabase::open(ctx.tracksLocation(), tracks::TracksDatabase::Access::ReadOnly);
    const tracks::TracksHealthReport h = tracks::TracksHealth(*db).read(warnAbove);
    QJsonArray runs;
    QStringList lines{QStringLiteral("tracks: %1").arg(h.tracks),
                      h.postgis ? QStringLiteral("tables: %1, indexes: %2")
                                      .arg(display::size(h.databaseBytes), display::size(h.indexBytes))
                                : QStringLiteral("database: %1, WAL: %2")
                                      .arg(display::size(h.databaseBytes), display::size(h.walBytes))};
    for (const tracks::PipelineRun& r : h.lastRuns) {
        runs.append(QJsonObject{{QStringLiteral("id"), r.id},
                                {QStringLiteral("region"), r.region},
                                {QStringLiteral("source"), r.source},
                                {QStringLiteral("started_at"), r.startedAt},
                                {QStringLiteral("finished_at"), r.finishedAt},
                                {QStringLiteral("status"), r.status},
                                {QStringLiteral("tracks_added"), r.tracksAdded},
                                {QStringLiteral("tracks_merged"), r.tracksMerged},
                                {QStringLiteral("error"), r.error}});
        lines << QStringLiteral("run %1 %2/%3 %4 %5: added %6, merged %7%8")
                     .arg(r.id)
                     .arg(r.region, r.source, r.startedAt, r.status)
                     .arg(r.tracksAdded)
                     .arg(r.tracksMerged)
                     .arg(r.error.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(r.error));
    }
    if (h.lastRuns.empty())
        lines << QStringLiteral("no pipeline runs");
    if (h.overThreshold())
        lines << QStringLiteral("WARNING: database and WAL are %1, above %2")
                     .arg(display::size(h.databaseBytes + h.walBytes), display::size(h.warnAboveBytes));
    QJsonObject json{{QStringLiteral("tracks"), h.tracks},
                     {QStringLiteral("warning"), h.overThreshold()},
                     {QStringLiteral("last_runs"), runs}};
    if (h.postgis) {
        json.insert(QStringLiteral("db"), db->describe());
        json.insert(QStringLiteral("table_size_mb"), roundedTo(h.databaseMb(), 2));
        json.insert(QStringLiteral("index_size_mb"), roundedTo(h.indexMb(), 2));
    } else {
        json.insert(QStringLiteral("sqlite"), db->describe());
        json.insert(QStringLiteral("db_size_mb"), roundedTo(h.databaseMb(), 2));
        json.insert(QStringLiteral("wal_size_mb"), roundedTo(h.walMb(), 2));
        json.insert(QStringLiteral("warn_above_mb"), roundedTo(h.warnAboveBytes / 1048576.0, 2));
    }
    ctx.print(json, lines.join(QLatin1Char('\n')));
    return ExitDone;
}

} // namespace

void registerTracksQueryCommands(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("tracks"), QStringLiteral("query")},
         QStringLiteral("Print the tracks whose bounding box meets --bbox, one JSON object per line."),
         {kBbox, kActivity, kSource},
         {CommonOption::Sqlite, CommonOption::TracksDb},
         {},
         runQuery});
    registry.add({{QStringLiteral("tracks"), QStringLiteral("retain")},
                  QStringLiteral(
                      "Delete tracks older than GPS_TRACKS_RETENTION_YEARS (default 5) in batches, "
                      "reclaim the space, check the R-tree (--dry-run: only list them). A clock more than "
                      "5 minutes ahead of this machine's, of the database server's, or of the day the newest "
                      "track turns the retention's age, is refused (exit 3)."),
                  {kDryRun, metricsFileOption()},
                  {CommonOption::Sqlite, CommonOption::TracksDb, CommonOption::AllowClockAhead},
                  {},
                  runRetain});
    registry.add({{QStringLiteral("tracks"), QStringLiteral("health")},
                  QStringLiteral("Track count, database and WAL size (PostGIS: table and index size), last "
                                 "pipeline runs, a file's size warning."),
                  {kWarnAboveMb},
                  {CommonOption::Sqlite, CommonOption::TracksDb},
                  {},
                  runHealth});
}

} // namespace tidemark::cli
