#include "disputeloader.h"

#include "archivelisting.h"
#include "archiveurl.h"
#include "displayformat.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "kudosuserlookup.h"
#include "kudosvalues.h"
#include "taskfeedback.h"

namespace tidemark::kudos {

namespace {
bool meets(Micros lo, Micros hi, const DisputeQuery& query) {
    return lo < query.to && query.from < hi;
}
} // namespace

DisputeLoader::DisputeLoader(QString conninfo, QString archiveUrl, int drillWindowDays)
    : m_conninfo(std::move(conninfo)), m_archiveUrl(std::move(archiveUrl)),
      m_drillWindowDays(drillWindowDays) {}

void DisputeLoader::validate(const DisputeQuery& query) {
    if (query.from >= query.to)
        throw Error(Error::Kind::Usage,
                    QStringLiteral("the dispute's range %1 .. %2 is empty")
                        .arg(display::instantSeconds(query.from), display::instantSeconds(query.to)));
}

DisputeFindings DisputeLoader::load(const DisputeQuery& query, TaskFeedback& feedback) const {
    validate(query);
    auto db = PgConnection::open(m_conninfo, QStringLiteral("tidemark dispute"));
    return load(query, *db, feedback);
}

DisputeFindings DisputeLoader::load(const QString& user, Micros from, Micros to,
                                    TaskFeedback& feedback) const {
    validate({0, from, to});
    feedback.reportProgress(0.05, QStringLiteral("finding the user %1").arg(user.trimmed()));
    auto db = PgConnection::open(m_conninfo, QStringLiteral("tidemark dispute"));
    const KudosUser found = KudosUserLookup(*db).resolve(user);
    DisputeFindings findings = load({found.id, from, to}, *db, feedback);
    findings.user = found;
    return findings;
}

DisputeFindings DisputeLoader::load(const DisputeQuery& query, PgConnection& db,
                                    TaskFeedback& feedback) const {
    DisputeFindings findings;
    findings.query = query;
    feedback.reportProgress(0.1, QStringLiteral("reading the statement of user %1").arg(query.userId));
    findings.statement = LedgerStatements(db).statement(query.userId, query.from, query.to);
    if (!feedback.checkpoint())
        return findings;
    loadObjects(findings, &query, db, feedback);
    if (!feedback.checkpoint())
        return findings;
    feedback.reportProgress(0.9, QStringLiteral("reading the restore drills"));
    addDrills(findings, loadDrills(db));
    return findings;
}

DisputeFindings DisputeLoader::loadArchive(TaskFeedback& feedback) const {
    auto db = PgConnection::open(m_conninfo, QStringLiteral("tidemark dispute"));
    DisputeFindings findings;
    loadObjects(findings, nullptr, *db, feedback);
    if (!feedback.checkpoint())
        return findings;
    feedback.reportProgress(0.9, QStringLiteral("reading the restore drills"));
    addDrills(findings, loadDrills(*db));
    return findings;
}

void DisputeLoader::addDrills(DisputeFindings& findings, const DisputeDrills& drills) {
    for (CoveringObject& object : findings.objects) {
        const auto last = drills.last.find(object.key);
        if (last != drills.last.end())
            object.lastDrill = last->second;
    }
    findings.drillCoverage = drills.coverage;
}

DisputeDrills DisputeLoader::loadDrills(TaskFeedback& feedback) const {
    feedback.reportProgress(0.1, QStringLiteral("reading the restore drills"));
    auto db = PgConnection::open(m_conninfo, QStringLiteral("tidemark dispute"));
    return loadDrills(*db);
}

DisputeDrills DisputeLoader::loadDrills(PgConnection& db) const {
    ArchiveDrillHistory history(db);
    DisputeDrills drills;
    drills.last = history.lastPerKey();
    drills.coverage = history.coverage(m_drillWindowDays);
    return drills;
}

void DisputeLoader::loadObjects(DisputeFindings& findings, const DisputeQuery* query, PgConnection& db,
                                TaskFeedback& feedback) const {
    if (m_archiveUrl.isEmpty()) {
        findings.archiveProblem = QStringLiteral("no archive is configured (TIDEMARK_ARCHIVE_URL)");
        return;
    }
    // Without a query every object of the ledger is listed.
    const auto meetsQuery = [query](Micros lo, Micros hi) { return !query || meets(lo, hi, *query); };
    try {
        const std::unique_ptr<archive::ArchiveStore> store = archive::openArchiveStore(m_archiveUrl);
        findings.archive = store->describe();
        feedback.reportProgress(0.4, QStringLiteral("listing %1").arg(findings.archive));
        const QString prefix = QStringLiteral("%1/%2/").arg(datasetName(RetentionDataset::Currency),
                                                            datasetTable(RetentionDataset::Currency));
        // The range in a key spares reading the manifests of the other weeks.
        const auto wanted = [&meetsQuery](const QString& key) {
            const auto range = archive::archiveKeyRange(key);
            return !range || meetsQuery(range->first, range->second);
        };
        for (const archive::ArchiveListingEntry& entry :
             archive::listArchive(*store, kudosArchiveLayout(), prefix, wanted)) {
            if (!wanted(entry.key))
                continue;
            if (entry.manifest && !meetsQuery(entry.manifest->createdFrom, entry.manifest->createdTo))
                continue;
            CoveringObject object;
            object.key = entry.key;
            object.bytes = entry.bytes;
            object.hasObject = entry.hasObject;
            object.hasManifest = entry.hasManifest;
            object.manifest = entry.manifest;
            // A bad entry (a stray name, a link, a key the store refuses) shows why, as an unreadable
            // manifest.
            object.manifestProblem = entry.problem.isEmpty() ? entry.manifestProblem : entry.problem;
            if (entry.manifest) {
                if (query)
                    object.user = entry.manifest->totals.value(QString::number(query->userId));
                object.partitionOnline = db.relationExists(entry.manifest->partition);
            }
            findings.objects.push_back(std::move(object));
        }
    } catch (const Error& e) {
        if (e.kind() != Error::Kind::Connection && e.kind() != Error::Kind::Settings)
            throw;
        findings.objects.clear();
        findings.archiveProblem = e.message();
    }
}

} // namespace tidemark::kudos
