#include "tracksimportjob.h"

#include "error.h"
#include "taskfeedback.h"
#include "trackimporter.h"
#include "tracksdatabase.h"

#include <QFileInfo>

namespace tidemark::tracks {

namespace {

// Each refused <time> of a file (the first GpxReadSummary::kMaxTimeProblems) and how many more there were.
void addTimeWarnings(const QString& path, const GpxReadSummary& read, QStringList* warnings) {
    *warnings += read.timeProblems;
    if (read.refusedTimes > read.timeProblems.size())
        *warnings << QStringLiteral("%1: and %2 more refused <time> in the same file")
                         .arg(path)
                         .arg(read.refusedTimes - read.timeProblems.size());
}

} // namespace

QRegularExpression TracksImportRequest::regionPattern() {
    return QRegularExpression(
        QRegularExpression::anchoredPattern(QStringLiteral("[\\p{L}\\p{N}._-]{1,%1}").arg(kMaxRegionLength)));
}

QRegularExpression TracksImportRequest::activityPattern() {
    return QRegularExpression(QRegularExpression::anchoredPattern(
        QStringLiteral("[\\p{L}\\p{N}_-]{1,%1}").arg(kMaxActivityLength)));
}

void TracksImportRequest::validate() const {
    if (files.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("no GPX files given"));
    if (!regionPattern().match(region).hasMatch())
        throw Error(
            Error::Kind::Usage,
            QStringLiteral("--region takes a name of 1 to %1 letters, digits, '.', '-' or '_' (default: "
                           "%2), not \"%3\"")
                .arg(kMaxRegionLength)
                .arg(QLatin1String(kDefaultRegion), region));
    if (!activityPattern().match(options.defaultActivity.trimmed().toLower()).hasMatch())
        throw Error(
            Error::Kind::Usage,
            QStringLiteral("--activity takes one word of 1 to %1 letters, digits, '-' or '_', stored in "
                           "lower case (default: %2), not \"%3\"")
                .arg(kMaxActivityLength)
                .arg(QLatin1String(kDefaultActivity), options.defaultActivity));
}

TracksImportReport TracksImportJob::run(const TracksImportRequest& request, TaskFeedback& feedback) {
    request.validate();
    request.sources.require(request.sourceId);
    GpxReadOptions options = request.options;
    options.defaultActivity = options.defaultActivity.trimmed().toLower();

    auto db = TracksDatabase::open(request.store);
    TrackImporter importer(*db, request.sources, request.now);
    GpxFileBatch batch(importer, request.region, request.sourceId, options);
    batch.readAhead(request.files);

    TracksImportReport report;
    report.store = request.store;
    report.storeName = db->describe();
    report.sourceId = request.sourceId;
    report.region = request.region;
    TracksImportProgress detail;
    detail.files = static_cast<int>(request.files.size());
    for (int i = 0; i < request.files.size(); ++i) {
        const QString& file = request.files.at(i);
        if (!feedback.checkpoint()) {
            report.cancelled = true;
            report.notImported = request.files.mid(i);
            break;
        }
        TaskProgress before =
            TaskProgress::share(static_cast<double>(i) / detail.files,
                                QStringLiteral("importing %1").arg(QFileInfo(file).fileName()));
        before.done = i;
        before.total = detail.files;
        before.rows = detail.points;
        feedback.report(before);

        GpxFileImportResult result = batch.importFile(file, feedback);
        if (result.cancelled) { // rolled back whole: the file is not imported
            report.cancelled = true;
            report.notImported = request.files.mid(i);
            break;
        }
        if (!result.refused())
            addTimeWarnings(file, result.read, &report.warnings);
        detail.filesDone = i + 1;
        detail.points += result.refused() ? 0 : result.read.points;
        detail.lastFile = result;
        report.files.push_back(std::move(result));

        TaskProgress after =
            TaskProgress::share(static_cast<double>(i + 1) / detail.files,
                                QStringLiteral("imported %1").arg(QFileInfo(file).fileName()));
        after.done = i + 1;
        after.total = detail.files;
        after.rows = detail.points;
        after.detail = QVariant::fromValue(detail);
        feedback.report(after);
    }
    importer.finish();
    if (importer.abandonedRunsFailed() > 0)
        report.warnings << QStringLiteral(
                               "%1 import run(s) of %2 left \"running\" by a process that died were "
                               "marked failed")
                               .arg(importer.abandonedRunsFailed())
                               .arg(report.storeName);
    return report;
}

} // namespace tidemark::tracks
