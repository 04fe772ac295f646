#include "kudosswapjob.h"

#include "error.h"
#include "kudosschema.h"
#include "partitionswap.h"
#include "pgconnection.h"
#include "schemamigrator.h"
#include "sqlstate.h"
#include "taskfeedback.h"

namespace tidemark::kudos {

int KudosSwapReport::exitCode() const {
    if (dryRun || plan.alreadyPartitioned() || swap.cancelled)
        return 0;
    if (lockBusy)
        return 75;
    return swap.completed ? 0 : 1;
}

KudosSwapReport KudosSwapJob::run(const KudosSwapRequest& request, TaskFeedback& feedback) {
    auto db = PgConnection::open(request.conninfo, QStringLiteral("tidemark kudos swap"));
    SchemaMigrator(*db, kudos::kudosSchema()).requireSchema();
    PartitionSwap swap(*db, request.settings);
    KudosSwapReport report;
    report.dryRun = request.dryRun;
    report.plan = swap.plan(request.now);
    if (request.dryRun)
        return report;
    try {
        report.swap = swap.run(report.plan, feedback);
    } catch (const Error& e) {
        if (e.sqlState() != SqlState::kLockNotAvailable)
            throw;
        report.lockBusy = true;
        report.warnings << e.message();
    }
    return report;
}

} // namespace tidemark::kudos
