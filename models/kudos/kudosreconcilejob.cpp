#include "kudosreconcilejob.h"

#include "kudosschema.h"
#include "ledgercheckpoint.h"
#include "pgconnection.h"
#include "schemamigrator.h"
#include "taskfeedback.h"

#include <QCoreApplication>

namespace tidemark::kudos {

KudosReconcileReport KudosReconcileJob::run(const KudosReconcileRequest& request, TaskFeedback& feedback) {
    auto db = PgConnection::open(request.conninfo, QStringLiteral("tidemark kudos reconciliation"));
    SchemaMigrator(*db, kudos::kudosSchema()).requireSchema();
    Reconciliation reconciliation(*db, request.allowClockAhead);
    reconciliation.checkClock(request.now);
    KudosReconcileReport report;
    const KudosReconcileOptions& options = request.options;
    const int units =
        1 + (options.rebuildCheckpoints ? 1 : 0) + (options.takeSnapshot ? 1 : 0) + (options.apply ? 1 : 0);
    int done = 0;
    const auto next = [&](const QString& stage) {
        TaskProgress progress;
        progress.stage = stage;
        progress.done = done++;
        progress.total = units;
        feedback.report(progress);
        report.cancelled = !feedback.checkpoint();
        return !report.cancelled;
    };
    if (options.rebuildCheckpoints) {
        if (!next(QCoreApplication::translate("KudosReconcileJob", "rebuilding the checkpoints")))
            return report;
        report.rebuiltGeneration = LedgerCheckpoint(*db).rebuild();
    }
    std::optional<QUuid> snapshot = options.snapshot;
    if (options.takeSnapshot) {
        if (!next(QCoreApplication::translate("KudosReconcileJob", "taking a balance snapshot")))
            return report;
        report.takenSnapshot = reconciliation.takeSnapshot(request.now);
        snapshot = report.takenSnapshot;
    }
    if (!next(QCoreApplication::translate("KudosReconcileJob", "comparing the balances")))
        return report;
    report.reconciliation = reconciliation.run(snapshot, request.now);
    if (options.apply) {
        if (!next(QCoreApplication::translate("KudosReconcileJob", "writing the repairs")))
            return report;
        report.applied =
            reconciliation.apply(report.reconciliation, request.now, request.settings.currencyWindow());
    }
    return report;
}

} // namespace tidemark::kudos
