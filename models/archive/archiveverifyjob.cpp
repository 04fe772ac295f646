#include "archiveverifyjob.h"

#include "archivelisting.h"
#include "archiveprogressscope.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "error.h"
#include "pgconnection.h"
#include "taskfeedback.h"

namespace tidemark::archive {

namespace {

// Whether the manifest's partition is still online in `db` (a missing, unreadable or foreign manifest: no;
// the verifier reports it).
bool partitionOnline(ArchiveStore& store, const ArchiveLayout& layout, PgConnection& db,
                     const QString& objectKey) {
    try {
        const ArchiveManifest m = ArchiveManifest::parse(store.readAll(manifestKeyFor(objectKey)), layout);
        return manifestKeyDisagreement(objectKey, m, layout).isEmpty() && db.relationExists(m.partition);
    } catch (const Error& e) {
        if (e.kind() == Error::Kind::Connection || e.kind() == Error::Kind::Cancelled)
            throw;
        return false;
    }
}

} // namespace

ArchiveVerifyReport ArchiveVerifyJob::run(const ArchiveVerifyRequest& request, TaskFeedback& feedback) {
    if (request.archiveUrl.isEmpty())
        throw Error(Error::Kind::Settings, QStringLiteral("no archive is configured (TIDEMARK_ARCHIVE_URL)"));
    if (request.all && !request.keys.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("name keys or all, not both"));
    const std::unique_ptr<ArchiveStore> store = openArchiveStore(request.archiveUrl);
    return run(*store, request, feedback);
}

ArchiveVerifyReport ArchiveVerifyJob::run(ArchiveStore& store, const ArchiveVerifyRequest& request,
                                          TaskFeedback& feedback) {
    if (request.all && !request.keys.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("name keys or all, not both"));
    ArchiveVerifyReport report;
    report.archive = store.describe();

    QList<ArchiveListingEntry> entries;
    if (request.all) {
        entries = listArchive(store, request.layout, request.prefix, [](const QString&) { return false; });
    } else {
        for (const QString& key : request.keys) {
            ArchiveListingEntry one;
            one.key = key;
            entries.append(one);
        }
    }
    report.planned = int(entries.size());
    std::unique_ptr<PgConnection> db;
    if (!request.conninfo.isEmpty())
        db = PgConnection::open(request.conninfo, QStringLiteral("tidemark archive verify"));

    ArchiveVerifier verifier(store, request.layout, request.limits);
    ArchiveProgress at;
    at.objects = report.planned;
    for (const ArchiveListingEntry& entry : entries) {
        if (!feedback.checkpoint()) {
            report.cancelled = true;
            return report;
        }
        at.key = entry.key;
        ArchiveProgressScope::report(feedback, at, QStringLiteral("verifying %1").arg(entry.key));
        ArchiveObjectCheck check;
        check.key = entry.key;
        if (!entry.problem.isEmpty()) {
            check.result.problems = {entry.problem};
        } else {
            const ArchiveProgressScope scope(feedback, at);
            try {
                check.onlineChecked = db && partitionOnline(store, request.layout, *db, entry.key);
                check.partitionOffline = db && !check.onlineChecked;
                check.result = verifier.verify(entry.key, check.onlineChecked ? db.get() : nullptr, feedback);
            } catch (const Error& e) {
                if (e.kind() == Error::Kind::Connection || e.kind() == Error::Kind::Cancelled)
                    throw;
                check.result = VerifyResult();
                check.result.problems = {e.message()};
            }
        }
        if (check.result.cancelled) {
            report.objects.push_back(std::move(check));
            report.cancelled = true;
            return report;
        }
        report.failed += check.result.ok ? 0 : 1;
        at.failed = report.failed;
        report.objects.push_back(std::move(check));
        ++at.object;
    }
    at.key.clear();
    ArchiveProgressScope::report(feedback, at, QStringLiteral("verified"));
    return report;
}

} // namespace tidemark::archive
