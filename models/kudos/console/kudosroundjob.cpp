#include "kudosroundjob.h"

#include "archivestore.h"
#include "archiveurl.h"
#include "error.h"
#include "pgconnection.h"
#include "taskfeedback.h"

#include <QCoreApplication>

namespace tidemark::kudos {

RetentionReport KudosRoundJob::run(const KudosRoundRequest& request, TaskFeedback& control) {
    auto db = PgConnection::open(request.conninfo, QStringLiteral("tidemark kudos retention"));
    std::unique_ptr<archive::ArchiveStore> store;
    QString problem;
    if (request.archiveUrl.isEmpty()) {
        problem = QStringLiteral("no archive is configured (TIDEMARK_ARCHIVE_URL)");
    } else {
        try {
            store = archive::openArchiveStore(request.archiveUrl);
            store->usedBytes(QStringLiteral("currency/")); // it answers
        } catch (const Error& error) {
            store.reset();
            problem = error.message();
        }
    }
    RetentionOptions options;
    options.allowClockAhead = request.allowClockAhead;
    RetentionJob job(*db, store.get(), request.settings, options);
    if (!store)
        job.setStoreProblem(problem);
    if (!request.oneStep)
        return job.run(request.now, &control);
    control.reportProgress(0, QCoreApplication::translate("KudosRoundJob", "one action"));
    RetentionReport report = job.step(request.now);
    TaskProgress progress;
    progress.done = qint64(report.done.size());
    progress.total = progress.done;
    progress.stage = report.done.empty()
                         ? QCoreApplication::translate("KudosRoundJob", "nothing to do")
                         : QStringLiteral("%1 %2").arg(report.done.front().action.verb(),
                                                       report.done.front().action.entry.partition);
    control.report(progress);
    return report;
}

} // namespace tidemark::kudos
