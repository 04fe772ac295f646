#include "archiverestorejob.h"

#include "archiveprogressscope.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "error.h"
#include "pgconnection.h"
#include "taskfeedback.h"

namespace tidemark::archive {

qint64 ArchiveRestoreReport::rows() const {
    qint64 rows = 0;
    for (const RestoreResult& r : restored)
        rows += r.rows;
    return rows;
}

int ArchiveRestoreReport::alreadyRestored() const {
    int already = 0;
    for (const RestoreResult& r : restored)
        already += r.alreadyRestored ? 1 : 0;
    return already;
}

QString ArchiveRestoreReport::describeRestored() const {
    return QStringLiteral("%1 row(s) of %2 object(s)").arg(rows()).arg(restored.size());
}

ArchiveRestoreReport ArchiveRestoreJob::run(const ArchiveRestoreRequest& request, TaskFeedback& feedback) {
    using Target = ArchiveRestoreRequest::Target;
    if (request.archiveUrl.isEmpty())
        throw Error(Error::Kind::Settings, QStringLiteral("no archive is configured (TIDEMARK_ARCHIVE_URL)"));
    if (request.keys.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("name an archive object to restore"));
    if (request.target == Target::PostgresTable && request.keys.size() != 1)
        throw Error(Error::Kind::Usage,
                    QStringLiteral("a restore table holds one archive object; name one key for %1")
                        .arg(request.table));
    const std::unique_ptr<ArchiveStore> store = openArchiveStore(request.archiveUrl);
    std::unique_ptr<PgConnection> db;
    if (request.target == Target::PostgresTable)
        db = PgConnection::open(request.conninfo, QStringLiteral("tidemark archive restore"));
    ArchiveRestoreReport report;
    report.archive = store->describe();

    ArchiveRestorer restorer(*store, request.layout, request.limits);
    ArchiveProgress at;
    at.objects = int(request.keys.size());
    for (const QString& key : request.keys) {
        if (!feedback.checkpoint()) {
            report.cancelled = true;
            return report;
        }
        at.key = key;
        ArchiveProgressScope::report(feedback, at, QStringLiteral("restoring %1").arg(key));
        try {
            const ArchiveProgressScope scope(feedback, at);
            report.restored.push_back(request.target == Target::PostgresTable
                                          ? restorer.restoreIntoTable(key, *db, request.table, feedback)
                                          : restorer.restoreIntoSqlite(key, request.sqliteFile, feedback));
        } catch (const Error& e) {
            if (e.kind() == Error::Kind::Cancelled) {
                report.cancelled = true;
                report.stoppedAt = key;
                return report;
            }
            if (report.restored.empty())
                throw;
            throw Error(
                e.kind(),
                QStringLiteral("%1 (restored before it: %2)").arg(e.message(), report.describeRestored()),
                e.sqlState());
        }
        ++at.object;
    }
    at.key.clear();
    ArchiveProgressScope::report(feedback, at, QStringLiteral("restored"));
    return report;
}

} // namespace tidemark::archive
