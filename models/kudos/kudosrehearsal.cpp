#include "kudosrehearsal.h"

#include "archiveinitjob.h"
#include "archiverestorejob.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "displayformat.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "kudosschema.h"
#include "kudosswapjob.h"
#include "pgconnection.h"
#include "processtempdir.h"
#include "rehearsalplans.h"
#include "rehearsalprojection.h"
#include "retentioncatalog.h"
#include "retentionjob.h"
#include "schemamigrator.h"
#include "taskfeedback.h"
#include "writerprobe.h"

#include <QDir>
#include <QElapsedTimer>
#include <QUrl>
#include <chrono>
#include <thread>
#include <unistd.h>

namespace tidemark::kudos {

namespace {

const QString kRehearsalScratchKind = QStringLiteral("rehearsal");

PgResult otherSessions(PgConnection& db) {
    return db.exec(QStringLiteral(
        "SELECT pid, coalesce(nullif(application_name, ''), usename::text, '?') FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' "
        "ORDER BY pid"));
}

// The rehearsal runs only where the operator named the database twice and nobody else uses it.
void refuseUnlessCopy(PgConnection& db, const KudosRehearsalRequest& request, const QString& database) {
    if (request.copyName != database)
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("--copy %1 is not the connected database (%2): a rehearsal swaps and drops, "
                           "so it runs only on the database named twice")
                .arg(request.copyName, database));
    // A session that was just closed stays listed until its backend has exited: look again for a moment.
    PgResult others = otherSessions(db);
    for (int attempt = 0; others.rows() > 0 && attempt < 20; ++attempt) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        others = otherSessions(db);
    }
    if (others.rows() == 0)
        return;
    QStringList sessions;
    for (int r = 0; r < others.rows() && r < 5; ++r)
        sessions << QStringLiteral("%1 (pid %2)").arg(others.text(r, 1), others.text(r, 0));
    throw Error(Error::Kind::Refused,
                QStringLiteral("%1 other session(s) use %2: %3. A rehearsal runs only on a copy nobody else "
                               "uses (production's writers would see its locks)")
                    .arg(others.rows())
                    .arg(database, sessions.join(QStringLiteral(", "))));
}

// A named archive must have been initialised for this copy: its marker names this database on this server.
// Production's archive (or one made without a database) is refused before anything is written.
void refuseForeignArchive(PgConnection& db, const archive::ArchiveStore& store, const QString& url) {
    const std::optional<archive::ArchiveMarker>& marker = store.marker();
    const archive::ArchiveMarker::Database copy = archive::ArchiveMarker::Database::of(db);
    const QString why =
        QStringLiteral("the archive %1 was not initialised for this copy (%2); a rehearsal writes only to "
                       "its own scratch archive or to one `archive init --db` made for the copy, never to "
                       "production's")
            .arg(url);
    if (!marker || !marker->database)
        throw Error(Error::Kind::Refused, why.arg(QStringLiteral("its marker names no database")));
    const archive::ArchiveMarker::Database& named = *marker->database;
    if (named.name != copy.name)
        throw Error(Error::Kind::Refused,
                    why.arg(QStringLiteral("its marker names the database %1").arg(named.name)));
    if (!named.systemIdentifier.isEmpty() && !copy.systemIdentifier.isEmpty() &&
        named.systemIdentifier != copy.systemIdentifier)
        throw Error(Error::Kind::Refused,
                    why.arg(QStringLiteral("its marker names %1 on the server %2, this is %3")
                                .arg(named.name, named.systemIdentifier, copy.systemIdentifier)));
}

KudosPlanUnits firstRangeOfEachDataset(const KudosPlanUnits& all) {
    KudosPlanUnits chosen;
    std::optional<CatalogEntry> first[2];
    for (const PlannedAction& planned : all.actions) {
        std::optional<CatalogEntry>& range = first[int(planned.action.entry.dataset)];
        if (!range)
            range = planned.action.entry;
        // The first partition's drop removes every sub-range with it: far more than one range.
        const bool firstPartitionDrop =
            planned.action.to == QLatin1String("dropped") && planned.action.entry.subrange;
        if (range->sameKey(planned.action.entry) && !firstPartitionDrop)
            chosen.actions.push_back(planned);
    }
    return chosen;
}

class Rehearsal {
  public:
    Rehearsal(const KudosRehearsalRequest& request, TaskFeedback& feedback, KudosRehearsalReport& report)
        : m_request(request), m_feedback(feedback), m_report(report) {}

    void run() {
        m_db = PgConnection::open(m_request.conninfo, QStringLiteral("tidemark rehearsal"));
        SchemaMigrator(*m_db, kudosSchema()).requireSchema();
        m_report.database = m_db->exec(QStringLiteral("SELECT current_database()")).text(0, 0);
        refuseUnlessCopy(*m_db, m_request, m_report.database);
        m_report.serverNow = m_db->serverNow();
        m_report.now = m_request.now ? m_request.now : m_report.serverNow;
        openArchive();
        if (!step(0.05, QStringLiteral("swap")))
            return;
        swap();
        if (m_report.cancelled)
            return;
        const std::vector<RehearsalQueryPlan> after = explainApplicationReads(
            *m_db, m_report.serverNow, m_request.settings, QStringLiteral("after the swap"));
        m_report.plans.insert(m_report.plans.end(), after.begin(), after.end());
        if (!step(0.2, QStringLiteral("one range of each dataset")))
            return;
        chains();
        if (m_report.cancelled)
            return;
        for (RehearsalRange& range : m_report.ranges) {
            if (!step(0.8, QStringLiteral("restore %1").arg(range.objectKey)))
                return;
            restore(range);
        }
        m_report.projections = projectRehearsal(*m_db, *m_store, m_report, m_request.settings);
    }

  private:
    bool step(double fraction, const QString& stage) {
        if (!m_feedback.checkpoint()) {
            m_report.cancelled = true;
            return false;
        }
        m_feedback.reportProgress(fraction, stage);
        return true;
    }

    void openArchive() {
        QString url = m_request.archiveUrl;
        m_report.scratchArchive = url.isEmpty();
        const QString base = m_request.scratchBase.isEmpty() ? QDir::tempPath() : m_request.scratchBase;
        ProcessTempDir::removeAbandoned(base, kRehearsalScratchKind);
        m_scratch.emplace(base, kRehearsalScratchKind);
        if (url.isEmpty()) {
            archive::ArchiveInitRequest init;
            url = QUrl::fromLocalFile(m_scratch->filePath(QStringLiteral("archive"))).toString();
            init.archiveUrl = url;
            init.layout = kudosArchiveLayout();
            init.limits = m_request.settings.archiveReadLimits;
            init.conninfo = m_request.conninfo;
            archive::ArchiveInitJob::run(init, m_feedback);
        }
        m_archiveUrl = url;
        m_store = archive::openArchiveStore(url);
        if (!m_report.scratchArchive)
            refuseForeignArchive(*m_db, *m_store, url);
        m_report.archive = m_store->describe();
    }

    void swap() {
        KudosSwapRequest plan;
        plan.conninfo = m_request.conninfo;
        plan.settings = m_request.settings;
        plan.now = m_report.serverNow; // production swaps at its own clock
        plan.dryRun = true;
        const KudosSwapReport planned = KudosSwapJob::run(plan, m_feedback);
        if (planned.plan.alreadyPartitioned())
            return;
        m_report.plans = explainApplicationReads(*m_db, m_report.serverNow, m_request.settings,
                                                 QStringLiteral("before the swap"));
        KudosSwapRequest request = plan;
        request.dryRun = false;
        WriterProbe writer(m_request.conninfo, QStringLiteral("kudos_ledger"));
        const KudosSwapReport done = KudosSwapJob::run(request, m_feedback);
        m_report.swap.writer = writer.finish();
        m_report.swap.measured = true;
        m_report.swap.boundary = done.plan.boundary;
        m_report.swap.swap = done.swap;
        if (done.lockBusy)
            throw Error(Error::Kind::Failed, QStringLiteral("the swap's exclusive lock was not granted: %1")
                                                 .arg(done.warnings.join(QStringLiteral("; "))));
        m_report.changes << QStringLiteral(
                                "a writer inserted %1 row(s) into kudos_ledger during the swap and "
                                "rolled each back (only its identity sequence moved on)")
                                .arg(m_report.swap.writer.inserts);
        if (done.cancelled()) {
            m_report.cancelled = true;
            return;
        }
        m_report.changes << QStringLiteral(
                                "partitioned kudos_ledger and kudos_stat_events (first boundary %1, "
                                "%2 partitions created)")
                                .arg(display::instant(done.plan.boundary))
                                .arg(done.swap.partitionsCreated.size());
    }

    RetentionReport retain(RetentionOptions options) {
        options.allowClockAhead = true; // a copy: the operator's clock may run ahead to make ranges eligible
        RetentionJob job(*m_db, m_store.get(), m_request.settings, options);
        return job.run(m_report.now, m_feedback);
    }

    void chains() {
        RetentionOptions dry;
        dry.dryRun = true;
        dry.collectUnits = true;
        const RetentionReport planned = retain(dry);
        const KudosPlanUnits chosen = firstRangeOfEachDataset(planned.units);
        for (const PlannedAction& planned : chosen.actions) {
            const CatalogEntry& e = planned.action.entry;
            if (std::none_of(m_report.ranges.begin(), m_report.ranges.end(),
                             [&e](const RehearsalRange& r) { return r.dataset == e.dataset; })) {
                RehearsalRange range;
                range.dataset = e.dataset;
                range.partition = e.partition;
                range.lo = e.lo;
                range.hi = e.hi;
                range.rows = planned.rows;
                m_report.ranges.push_back(range);
            }
        }
        // The drops alone, each with a writer on its table; everything before them in one apply.
        KudosPlanUnits before;
        std::vector<PlannedAction> drops;
        for (const PlannedAction& planned : chosen.actions)
            (planned.action.to == QLatin1String("dropped") ? drops : before.actions).push_back(planned);
        apply(before, nullptr);
        for (const PlannedAction& drop : drops) {
            RehearsalRange* range = rangeOf(drop.action.entry.dataset);
            if (m_report.cancelled || !range->failure.isEmpty())
                continue;
            KudosPlanUnits one;
            one.actions.push_back(drop);
            WriterProbe writer(m_request.conninfo, datasetTable(drop.action.entry.dataset));
            const RetentionReport report = apply(one, range);
            range->dropWriter = writer.finish();
            range->dropLockSeconds = report.dropLockSeconds;
            range->dropped = range->step(QStringLiteral("dropped")) != nullptr;
        }
        for (RehearsalRange& range : m_report.ranges) {
            describeObject(range);
            if (!range.dropped && range.dropNotReached.isEmpty())
                range.dropNotReached =
                    range.failure.isEmpty()
                        ? QStringLiteral("a sub-range of the first partition, which drops with all its "
                                         "sub-ranges at once (one window after the swap)")
                        : QStringLiteral("the chain stopped before it");
        }
    }

    RehearsalRange* rangeOf(RetentionDataset dataset) {
        for (RehearsalRange& range : m_report.ranges)
            if (range.dataset == dataset)
                return &range;
        return nullptr;
    }

    RetentionReport apply(const KudosPlanUnits& units, RehearsalRange* only) {
        if (units.actions.empty())
            return {};
        RetentionOptions options;
        options.plan = units;
        options.planSha256 = QStringLiteral("rehearsal");
        options.onCommit = m_request.onCommit;
        const RetentionReport report = retain(options);
        for (const RetentionStepResult& done : report.done) {
            RehearsalRange* range = only ? only : rangeOf(done.action.entry.dataset);
            range->steps.push_back(done);
            m_report.changes << QStringLiteral("%1: %2 row(s)").arg(done.action.verb()).arg(done.rows);
        }
        for (const PlanUnitOutcome& outcome : report.unitOutcomes) {
            if (outcome.status == PlanUnitOutcome::Status::Applied ||
                outcome.status == PlanUnitOutcome::Status::Done)
                continue;
            const RetentionDataset dataset =
                datasetFromName(outcome.unit.value(QStringLiteral("dataset")).toString());
            RehearsalRange* range = only ? only : rangeOf(dataset);
            if (range && range->failure.isEmpty())
                range->failure = outcome.detail;
        }
        for (const RetentionAlert& alert : report.alerts)
            if (alert.stopsRetention())
                if (RehearsalRange* range = only ? only : rangeOf(alert.dataset);
                    range && range->failure.isEmpty())
                    range->failure = alert.message;
        if (report.catalogRowsAdded > 0)
            m_report.changes
                << QStringLiteral("added %1 row(s) to kudos_retention_catalog").arg(report.catalogRowsAdded);
        if (!report.partitionsCreated.isEmpty())
            m_report.changes << QStringLiteral("created the partitions %1")
                                    .arg(report.partitionsCreated.join(QStringLiteral(", ")));
        if (report.keysExpired > 0)
            m_report.changes << QStringLiteral("expired %1 idempotency key(s)").arg(report.keysExpired);
        m_report.warnings << report.warnings;
        if (report.cancelled)
            m_report.cancelled = true;
        return report;
    }

    void describeObject(RehearsalRange& range) {
        if (!range.verified())
            return;
        const std::optional<CatalogEntry> entry =
            RetentionCatalog(*m_db).entry(range.dataset, range.lo, range.hi);
        if (!entry || entry->archiveKey.isEmpty())
            return;
        range.objectKey = entry->archiveKey;
        range.objectBytes = entry->objectBytes.value_or(0);
    }

    void restore(RehearsalRange& range) {
        if (range.objectKey.isEmpty())
            return;
        archive::ArchiveRestoreRequest request;
        request.archiveUrl = m_archiveUrl;
        request.layout = kudosArchiveLayout();
        request.limits = m_request.settings.archiveReadLimits;
        request.keys = {range.objectKey};
        try {
            request.target = archive::ArchiveRestoreRequest::Target::SqliteFile;
            request.sqliteFile =
                m_scratch->filePath(QStringLiteral("restore-%1.sqlite").arg(datasetName(range.dataset)));
            QElapsedTimer timer;
            timer.start();
            const archive::ArchiveRestoreReport file = archive::ArchiveRestoreJob::run(request, m_feedback);
            range.restoreSqliteSeconds = timer.nsecsElapsed() / 1e9;
            range.restoredSqliteRows = file.rows();
            if (!file.restored.empty() && file.restored.front().manifest.contentBytes)
                range.contentBytes = *file.restored.front().manifest.contentBytes;

            const QString table = QStringLiteral("tidemark_rehearsal_restore_%1_%2")
                                      .arg(datasetName(range.dataset))
                                      .arg(::getpid());
            request.target = archive::ArchiveRestoreRequest::Target::PostgresTable;
            request.conninfo = m_request.conninfo;
            request.table = table;
            timer.restart();
            const archive::ArchiveRestoreReport into = archive::ArchiveRestoreJob::run(request, m_feedback);
            range.restoreTableSeconds = timer.nsecsElapsed() / 1e9;
            range.restoredTableRows = into.rows();
            m_db->exec(QStringLiteral("DROP TABLE IF EXISTS %1").arg(table));
            m_report.changes << QStringLiteral("restored %1 into the table %2 and dropped it again")
                                    .arg(range.objectKey, table);
        } catch (const Error& e) {
            if (e.kind() == Error::Kind::Connection)
                throw;
            range.restoreProblem = e.message();
        }
    }

    const KudosRehearsalRequest& m_request;
    TaskFeedback& m_feedback;
    KudosRehearsalReport& m_report;
    std::unique_ptr<PgConnection> m_db;
    std::optional<ProcessTempDir> m_scratch;
    QString m_archiveUrl;
    std::unique_ptr<archive::ArchiveStore> m_store;
};

} // namespace

void KudosRehearsalRequest::validate() const {
    if (copyName.isEmpty())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("--copy DBNAME is required: the name of the restored copy, as connected"));
    if (!(maxLockMillis > 0))
        throw Error(Error::Kind::Usage, QStringLiteral("KUDOS_REHEARSAL_MAX_LOCK_MS must be above 0"));
}

KudosRehearsalReport KudosRehearsalJob::run(const KudosRehearsalRequest& request, TaskFeedback& feedback) {
    request.validate();
    QElapsedTimer timer;
    timer.start();
    KudosRehearsalReport report;
    report.maxLockMillis = request.maxLockMillis;
    Rehearsal(request, feedback, report).run();
    report.verdicts = rehearsalVerdicts(report);
    report.seconds = timer.nsecsElapsed() / 1e9;
    feedback.reportProgress(1, QStringLiteral("done"));
    return report;
}

} // namespace tidemark::kudos
