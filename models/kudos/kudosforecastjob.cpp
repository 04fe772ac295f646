#include "kudosforecastjob.h"

#include "archivelisting.h"
#include "archiveurl.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "kudospartitions.h"
#include "kudosschema.h"
#include "pgconnection.h"
#include "pgtransaction.h"
#include "retentioncatalog.h"
#include "schemamigrator.h"
#include "statrollup.h"
#include "taskfeedback.h"

#include <QCoreApplication>

namespace tidemark::kudos {

namespace {

void measureDatabase(PgConnection& db, KudosForecastFacts& facts, TaskFeedback& feedback) {
    const KudosSettings& settings = facts.settings;
    facts.ranges = PartitionStatusLoader(db, settings).load(feedback);
    if (feedback.isCancelled())
        return;
    RetentionCatalog catalog(db);
    facts.entries = withMissing(catalog.entries(), catalog.missing(listAllPartitions(db), settings));

    const PgResult sizes =
        db.exec(QStringLiteral("SELECT c.relname::text, pg_total_relation_size(c.oid) FROM pg_inherits i"
                               " JOIN pg_class c ON c.oid = i.inhrelid"
                               " WHERE i.inhparent IN (to_regclass($1), to_regclass($2))"),
                {datasetTable(RetentionDataset::Currency), datasetTable(RetentionDataset::Statistics)});
    for (int i = 0; i < sizes.rows(); ++i)
        facts.partitionBytes.insert(sizes.text(i, 0), sizes.toLong(i, 1));

    const PgResult sources = db.exec(
        QStringLiteral(
            "SELECT %1, %2, count(*) FROM kudos_stat_rollups GROUP BY source_lo, source_hi ORDER BY 1")
            .arg(microsOf(QStringLiteral("source_lo")), microsOf(QStringLiteral("source_hi"))));
    for (int i = 0; i < sources.rows(); ++i)
        facts.rollupSources.push_back({sources.toLong(i, 0), sources.toLong(i, 1), sources.toLong(i, 2)});
    facts.rollupBytes =
        db.exec(QStringLiteral("SELECT pg_total_relation_size('kudos_stat_rollups'::regclass)")).toLong(0, 0);

    // Only the ranges the next run may roll up: eligible, pending, and without an unapplied row.
    QHash<QString, qint64> unapplied;
    for (const PartitionStatus& r : facts.ranges)
        unapplied.insert(KudosForecastFacts::rangeKey(r.dataset, r.lo, r.hi), r.unapplied);
    std::vector<const CatalogEntry*> toRollUp;
    for (const CatalogEntry& e : facts.entries) {
        const QString key = KudosForecastFacts::rangeKey(e.dataset, e.lo, e.hi);
        if (e.dataset == RetentionDataset::Statistics && e.state == QLatin1String("pending") &&
            e.hi <= facts.now - settings.statsWindow() && unapplied.value(key) == 0)
            toRollUp.push_back(&e);
    }
    for (size_t i = 0; i < toRollUp.size(); ++i) {
        feedback.reportProgress(
            double(i) / double(toRollUp.size()),
            QCoreApplication::translate("KudosForecastJob", "counting the rollup keys of %1")
                .arg(toRollUp[i]->partition));
        if (!feedback.checkpoint())
            return;
        const CatalogEntry& e = *toRollUp[i];
        facts.rollupRowsOfRange.insert(KudosForecastFacts::rangeKey(e.dataset, e.lo, e.hi),
                                       StatRollup(db).rowsToWrite(e.partition, e.lo, e.hi));
    }
}

void measureArchive(const QString& url, KudosForecastFacts& facts, TaskFeedback& feedback) {
    // As every command opens it: an archive without its marker (a folder that does not exist, a NAS not
    // mounted) is refused, never measured as an empty one.
    const std::unique_ptr<archive::ArchiveStore> store = archive::openArchiveStore(url);
    facts.archive = store->describe();
    for (RetentionDataset dataset : {RetentionDataset::Currency, RetentionDataset::Statistics}) {
        KudosForecastFacts::TierUse use;
        use.dataset = dataset;
        const QString prefix = datasetName(dataset) + QLatin1Char('/');
        const QString stage =
            QCoreApplication::translate("KudosForecastJob", "reading the manifests of the %1 tier")
                .arg(datasetName(dataset));
        feedback.reportProgress(0, stage);
        bool stopped = false;
        const auto readManifest = [&](const QString&) {
            if (stopped)
                return false;
            if (facts.manifestsRead % 64 == 0) {
                TaskProgress progress;
                progress.stage = stage;
                progress.done = facts.manifestsRead;
                feedback.report(progress);
                stopped = !feedback.checkpoint();
                if (stopped)
                    return false;
            }
            ++facts.manifestsRead;
            return true;
        };
        const QList<archive::ArchiveListingEntry> listing =
            archive::listArchive(*store, kudosArchiveLayout(), prefix, readManifest);
        if (stopped)
            return;
        for (const archive::ArchiveListingEntry& entry : listing) {
            if (!entry.isSound()) {
                ++use.manifestProblems;
                continue;
            }
            const archive::ArchiveManifest& m = *entry.manifest;
            facts.archived.push_back(
                {dataset, entry.key, m.createdFrom, m.createdTo, m.rowCount, m.objectBytes});
        }
        use.usedBytes = store->usedBytes(prefix);
        facts.tiers.push_back(use);
    }
}

} // namespace

KudosForecastFacts KudosForecastJob::measure(const KudosForecastRequest& request, TaskFeedback& feedback,
                                             bool* cancelled) {
    *cancelled = false;
    if (request.archiveUrl.isEmpty())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("the kudos forecast measures the archive's tiers: give "
                                   "--archive URL (or set TIDEMARK_ARCHIVE_URL)"));
    KudosForecastFacts facts;
    facts.now = request.now;
    facts.settings = request.settings;
    auto db = PgConnection::open(request.conninfo, QStringLiteral("tidemark kudos forecast"));
    {
        PgTransactionOptions readOnly;
        readOnly.isolation = QStringLiteral("REPEATABLE READ READ ONLY");
        PgTransaction transaction(*db, readOnly);
        SchemaMigrator(*db, kudosSchema()).requireSchema();
        facts.serverNow = db->serverNow();
        feedback.reportProgress(0, QCoreApplication::translate("KudosForecastJob", "counting the ranges"));
        if (!feedback.checkpoint()) {
            *cancelled = true;
            return facts;
        }
        measureDatabase(*db, facts, feedback);
        transaction.rollback(); // it wrote nothing; nothing to commit
    }
    if (feedback.isCancelled()) {
        *cancelled = true;
        return facts;
    }
    measureArchive(request.archiveUrl, facts, feedback);
    *cancelled = feedback.isCancelled();
    return facts;
}

KudosForecast KudosForecastJob::run(const KudosForecastRequest& request, TaskFeedback& feedback) {
    bool cancelled = false;
    const KudosForecastFacts facts = measure(request, feedback, &cancelled);
    if (cancelled) {
        KudosForecast report;
        report.now = request.now;
        report.cancelled = true;
        return report;
    }
    feedback.reportProgress(1, QCoreApplication::translate("KudosForecastJob", "forecasting"));
    return KudosForecast::compute(facts);
}

} // namespace tidemark::kudos
