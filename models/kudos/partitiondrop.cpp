#include "partitiondrop.h"

#include "error.h"
#include "kudospartitions.h"
#include "lockingtransaction.h"
#include "pgtransaction.h"
#include "sqlstate.h"

#include <QElapsedTimer>
#include <QJsonDocument>

namespace tidemark::kudos {

namespace {

const QString kReattachCheck = QStringLiteral("tidemark_reattach_check");

// The partition's bound as the parent holds it: the first partition's from MINVALUE, a week's [lo, hi).
QString boundOf(const std::vector<CatalogEntry>& group) {
    const CatalogEntry& first = group.front();
    return QStringLiteral("FOR VALUES FROM (%1) TO (%2)")
        .arg(first.subrange ? QStringLiteral("MINVALUE") : sqlTimestampLiteral(first.lo),
             sqlTimestampLiteral(group.back().hi));
}

QString boundCheckOf(const std::vector<CatalogEntry>& group) {
    const CatalogEntry& first = group.front();
    const QString below = QStringLiteral("created < %1").arg(sqlTimestampLiteral(group.back().hi));
    return first.subrange ? below
                          : QStringLiteral("created >= %1 AND %2").arg(sqlTimestampLiteral(first.lo), below);
}

QString rangeCondition() {
    return QStringLiteral("dataset = $1 AND lo >= $2::timestamp AND hi <= $3::timestamp");
}

} // namespace

PartitionDrop::PartitionDrop(PgConnection& db, int lockTimeoutSeconds)
    : m_db(db), m_lockTimeoutSeconds(lockTimeoutSeconds) {}

DropOutcome PartitionDrop::run(const std::vector<CatalogEntry>& group,
                               const QHash<QString, archive::ArchiveManifest>& manifests,
                               const Notify& notify, const Recheck& recheck) {
    DropOutcome outcome;
    const CatalogEntry& first = group.front();
    const QString partition = first.partition;
    const PgResult where = m_db.exec(
        QStringLiteral(
            "SELECT to_regclass($1) IS NOT NULL,"
            " (SELECT inhparent::regclass::text FROM pg_inherits WHERE inhrelid = to_regclass($1))"),
        {pgQuoteIdentifier(partition)});
    if (!where.toBool(0, 0))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("%1 is not in %2 although the catalog holds it as %3; check by hand")
                        .arg(partition, m_db.describe(), first.state));
    const bool attached = !where.isNull(0, 1);
    if (attached && where.text(0, 1) != datasetTable(first.dataset))
        throw Error(Error::Kind::Failed, QStringLiteral("%1 is a partition of %2, not of %3")
                                             .arg(partition, where.text(0, 1), datasetTable(first.dataset)));
    if (attached) {
        const PgResult open = m_db.exec(
            QStringLiteral("SELECT count(*) FROM kudos_retention_incidents WHERE resolved_at IS NULL AND %1")
                .arg(rangeCondition()),
            {datasetName(first.dataset), utcParam(first.lo), utcParam(group.back().hi)});
        if (open.toLong(0, 0) > 0) {
            // Until a person has put the rows right, nothing is detached only to be attached back.
            QElapsedTimer check;
            check.start();
            outcome.mismatches = ReplacementCheck(m_db).compare(partition, group, manifests);
            outcome.checkSeconds += check.nsecsElapsed() / 1e9;
            if (!outcome.mismatches.empty()) {
                PgTransaction transaction(m_db, {QString(), 0, 0, {}}); // the server's isolation, as before
                recordMismatches(outcome.mismatches);
                transaction.commit();
                return outcome;
            }
        }
        if (recheck)
            recheck(); // nothing is detached for a plan that no longer holds
        detach(group, outcome);
        if (notify)
            notify(FaultPoint::AfterDetach);
    }
    dropChecked(group, manifests, notify, recheck, outcome);
    return outcome;
}

void PartitionDrop::detach(const std::vector<CatalogEntry>& group, DropOutcome& outcome) {
    const QString parent = datasetTable(group.front().dataset);
    QElapsedTimer held;
    PgTransaction::runWithRetry(
        m_db, lockTimeoutOptions(m_lockTimeoutSeconds),
        QStringLiteral("detaching %1 to drop it").arg(group.front().partition), [&](PgTransaction&) {
            lockForPartitionDdl(m_db, parent, QStringLiteral("ACCESS EXCLUSIVE"));
            held.start();
            m_db.exec(QStringLiteral("ALTER TABLE %1 DETACH PARTITION %2")
                          .arg(pgQuoteIdentifier(parent), pgQuoteIdentifier(group.front().partition)));
        });
    outcome.parentLockSeconds = held.nsecsElapsed() / 1e9;
}

void PartitionDrop::dropChecked(const std::vector<CatalogEntry>& group,
                                const QHash<QString, archive::ArchiveManifest>& manifests,
                                const Notify& notify, const Recheck& recheck, DropOutcome& outcome) {
    const QString partition = group.front().partition;
    const QString table = pgQuoteIdentifier(partition);
    QElapsedTimer held;
    {
        PgTransaction transaction(m_db, lockTimeoutOptions(m_lockTimeoutSeconds));
        // Nobody reaches the detached table through the parent any more; the lock keeps out a writer that
        // names it, and the comparison below sees every row the DROP removes.
        m_db.exec(QStringLiteral("LOCK TABLE %1 IN ACCESS EXCLUSIVE MODE").arg(table));
        if (recheck) {
            try {
                recheck();
            } catch (const Error&) {
                transaction.rollback();
                attachBack(group, {});
                throw;
            }
        }
        QElapsedTimer check;
        check.start();
        outcome.mismatches = ReplacementCheck(m_db).compare(partition, group, manifests, &outcome.rows);
        outcome.checkSeconds += check.nsecsElapsed() / 1e9;
        if (!outcome.mismatches.empty()) {
            transaction.rollback();
            attachBack(group, outcome.mismatches);
            return;
        }
        lockInShortWaits(m_db, referencedTables(m_db, partition), QStringLiteral("ACCESS EXCLUSIVE"),
                         m_lockTimeoutSeconds, QStringLiteral("dropping %1").arg(partition));
        held.start();
        m_db.exec(QStringLiteral("DROP TABLE %1").arg(table));
        RetentionCatalog catalog(m_db);
        for (CatalogEntry e : group) {
            const QString from = e.state;
            e.state = QStringLiteral("dropped");
            catalog.advance(e, from);
        }
        m_db.exec(
            QStringLiteral("UPDATE kudos_retention_incidents SET resolved_at = now() AT TIME ZONE 'UTC'"
                           " WHERE resolved_at IS NULL AND %1")
                .arg(rangeCondition()),
            {datasetName(group.front().dataset), utcParam(group.front().lo), utcParam(group.back().hi)});
        if (notify)
            notify(FaultPoint::BeforeCommit);
        transaction.commit();
    }
    outcome.referencedLockSeconds = held.nsecsElapsed() / 1e9;
    outcome.dropped = true;
    if (notify)
        notify(FaultPoint::AfterCommit);
}

void PartitionDrop::attachBack(const std::vector<CatalogEntry>& group,
                               const std::vector<ReplacementMismatch>& mismatches) {
    const QString partition = group.front().partition;
    const QString table = pgQuoteIdentifier(partition);
    const QString parent = pgQuoteIdentifier(datasetTable(group.front().dataset));
    try {
        // The CHECK is validated here, under the detached table's lock only, so that the attach below need
        // not scan the rows while it holds the parent and users.
        PgTransaction::runWithRetry(
            m_db, lockTimeoutOptions(m_lockTimeoutSeconds),
            QStringLiteral("attaching %1 back").arg(partition), [&](PgTransaction&) {
                m_db.exec(QStringLiteral("LOCK TABLE %1 IN ACCESS EXCLUSIVE MODE").arg(table));
                m_db.exec(
                    QStringLiteral("ALTER TABLE %1 DROP CONSTRAINT IF EXISTS %2").arg(table, kReattachCheck));
                m_db.exec(QStringLiteral("ALTER TABLE %1 ADD CONSTRAINT %2 CHECK (%3)")
                              .arg(table, kReattachCheck, boundCheckOf(group)));
            });
    } catch (const Error& e) {
        if (e.sqlState() != SqlState::kCheckViolation)
            throw;
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("%1 cannot be attached back to %2: it holds rows outside [%3, %4) that were "
                           "written into it while it was detached; it stays detached with every row, "
                           "move those rows and attach it by hand")
                .arg(partition, datasetTable(group.front().dataset), formatIsoTimestamp(group.front().lo),
                     formatIsoTimestamp(group.back().hi)));
    }
    PgTransaction::runWithRetry(
        m_db, lockTimeoutOptions(m_lockTimeoutSeconds), QStringLiteral("attaching %1 back").arg(partition),
        [&](PgTransaction&) {
            m_db.exec(QStringLiteral("LOCK TABLE %1 IN SHARE UPDATE EXCLUSIVE MODE").arg(parent));
            lockInShortWaits(m_db, referencedTables(m_db, partition), QStringLiteral("ACCESS EXCLUSIVE"),
                             m_lockTimeoutSeconds, QStringLiteral("attaching %1 back").arg(partition));
            m_db.exec(
                QStringLiteral("ALTER TABLE %1 ATTACH PARTITION %2 %3").arg(parent, table, boundOf(group)));
            m_db.exec(QStringLiteral("ALTER TABLE %1 DROP CONSTRAINT %2").arg(table, kReattachCheck));
            recordMismatches(mismatches);
        });
}

void PartitionDrop::recordMismatches(const std::vector<ReplacementMismatch>& mismatches) {
    RetentionCatalog catalog(m_db);
    for (const ReplacementMismatch& m : mismatches) {
        const CatalogEntry& e = m.entry;
        const QString detail = m.problems.join(QStringLiteral("; "));
        const QByteArray difference = QJsonDocument(m.difference).toJson(QJsonDocument::Compact);
        const std::vector<PgParam> key{datasetName(e.dataset), utcParam(e.lo), utcParam(e.hi)};
        // One open incident per range: a range that still differs on a later run updates it.
        const PgResult updated = m_db.exec(
            QStringLiteral(
                "UPDATE kudos_retention_incidents SET detail = $4, difference = $5::jsonb"
                " WHERE resolved_at IS NULL AND dataset = $1 AND lo = $2::timestamp AND hi = $3::timestamp"),
            {key[0], key[1], key[2], detail, difference});
        if (updated.affectedRows() == 0)
            m_db.exec(
                QStringLiteral("INSERT INTO kudos_retention_incidents (dataset, lo, hi, partition_name, kind,"
                               " detail, difference) VALUES ($1, $2::timestamp, $3::timestamp, $4,"
                               " 'replacement_mismatch', $5, $6::jsonb)"),
                {key[0], key[1], key[2], e.partition, detail, difference});
        if (e.dataset == RetentionDataset::Statistics && e.state != QLatin1String("pending")) {
            // The rollup is rebuilt from the rows as they are now (it replaces its source's rollup rows).
            CatalogEntry redo = e;
            redo.state = QStringLiteral("pending");
            redo.rowCount.reset();
            redo.totals.clear();
            redo.archiveKey.clear();
            redo.objectSha256.clear();
            redo.objectBytes.reset();
            catalog.advance(redo, e.state);
        }
        catalog.setError(e, detail.left(2000));
    }
}

} // namespace tidemark::kudos
