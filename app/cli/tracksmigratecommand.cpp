// tracks migrate: a tracks file into a PostGIS store, verified.
#include "clicontext.h"
#include "cliregistry.h"
#include "commandfeedback.h"

#include "error.h"
#include "taskfeedback.h"
#include "tracksmigratejob.h"

#include <QJsonArray>

namespace tidemark::cli {

namespace {

const QCommandLineOption kBatch(QStringLiteral("batch"),
                                QStringLiteral("Tracks per transaction, %1 to %2 (default %3).")
                                    .arg(tracks::TracksMigrateRequest::kBatchTracks.min)
                                    .arg(tracks::TracksMigrateRequest::kBatchTracks.max)
                                    .arg(tracks::TracksMigrateRequest::kDefaultBatchTracks),
                                QStringLiteral("N"));

int runMigrate(CliContext& ctx) {
    tracks::TracksMigrateRequest request;
    request.sqlitePath = ctx.sqlitePath();
    request.conninfo = ctx.dbConninfo().isEmpty() ? ctx.settings().tracksConninfo : ctx.dbConninfo();
    if (request.conninfo.isEmpty())
        throw Error(
            Error::Kind::Usage,
            QStringLiteral("--db CONNINFO is required (or set GPS_TRACKS_DB_CONNINFO): the PostGIS store to "
                           "fill"));
    request.batchTracks = ctx.wholeNumber(tracks::TracksMigrateRequest::kBatchTracks)
                              .value_or(tracks::TracksMigrateRequest::kDefaultBatchTracks);
    CommandFeedback feedback(ctx);
    const tracks::TracksMigrateReport report = tracks::TracksMigrateJob::run(request, feedback);
    feedback.finishProgress();
    QJsonObject groups;
    for (auto it = report.groups.cbegin(); it != report.groups.cend(); ++it)
        groups.insert(it.key().first + QLatin1Char('/') + it.key().second,
                      QJsonObject{{QStringLiteral("tracks"), it.value().tracks},
                                  {QStringLiteral("points"), it.value().points},
                                  {QStringLiteral("length_m"), roundedTo(it.value().lengthMetres, 1)}});
    const qint64 inStore =
        report.tracksBefore - report.tracksRemoved - report.tracksChanged + report.tracksCopied;
    QString text =
        QStringLiteral("%1 -> %2: %3 track(s) copied in %4 batch(es)%5, %6 pipeline run(s); %7 of %8 "
                       "tracks in the store")
            .arg(report.source, report.target)
            .arg(report.tracksCopied)
            .arg(report.batches)
            .arg(report.resumed ? QStringLiteral(" (resumed after %1)").arg(report.tracksBefore) : QString())
            .arg(report.runsCopied)
            .arg(inStore)
            .arg(report.tracksInFile);
    if (report.tracksChanged > 0 || report.tracksRemoved > 0)
        text += QStringLiteral("\nchanged in the file since they were copied: %1 track(s) copied again; "
                               "deleted from the file since: %2 track(s) removed from the store")
                    .arg(report.tracksChanged)
                    .arg(report.tracksRemoved);
    if (report.cancelled)
        text += QStringLiteral("\ncancelled between batches: run the same command again to resume");
    else if (report.alreadyMigrated)
        text += QStringLiteral("\nalready migrated and verified: nothing changed in the file since, nothing "
                               "was written; counts, dedup keys, points and length per activity and source "
                               "agree");
    else if (report.verified)
        text +=
            QStringLiteral("\nverified: counts, dedup keys, points and length per activity and source agree");
    else
        text += QStringLiteral("\nNOT VERIFIED:\n  ") + report.mismatches.join(QStringLiteral("\n  "));
    ctx.print({{QStringLiteral("sqlite"), report.source},
               {QStringLiteral("db"), report.target},
               {QStringLiteral("resumed"), report.resumed},
               {QStringLiteral("tracks_copied"), report.tracksCopied},
               {QStringLiteral("tracks_changed"), report.tracksChanged},
               {QStringLiteral("tracks_removed"), report.tracksRemoved},
               {QStringLiteral("already_migrated"), report.alreadyMigrated},
               {QStringLiteral("runs_copied"), report.runsCopied},
               {QStringLiteral("tracks_in_file"), report.tracksInFile},
               {QStringLiteral("tracks_in_store"), report.tracksInStore},
               {QStringLiteral("batches"), report.batches},
               {QStringLiteral("cancelled"), report.cancelled},
               {QStringLiteral("verified"), report.verified},
               {QStringLiteral("mismatches"), QJsonArray::fromStringList(report.mismatches)},
               {QStringLiteral("groups"), groups}},
              text);
    if (report.cancelled) // SIGTERM: the batch in flight committed or rolled back, the next run resumes
        return ExitRetry;
    return report.done() ? ExitDone : ExitFailed;
}

} // namespace

void registerTracksMigrateCommand(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("tracks"), QStringLiteral("migrate")},
         QStringLiteral("Copy a tracks file (--sqlite, only read) into an empty PostGIS store initialised "
                        "by tracks init --db (COPY, ids kept, --batch tracks per transaction), then "
                        "verify counts, dedup keys, points and length per activity and source (exit 1 "
                        "when they differ). Interrupted, the same command resumes, copying again what "
                        "the file changed since; run again when done, it writes nothing unless the file "
                        "changed. A store holding anything it did not write (an import, a retention) "
                        "is refused (exit 3)."),
         {kBatch},
         {CommonOption::Sqlite, CommonOption::TracksDb},
         {},
         runMigrate});
}

} // namespace tidemark::cli
