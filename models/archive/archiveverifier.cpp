#include "archiveverifier.h"

#include "archiveobjectscanner.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "cents.h"
#include "error.h"
#include "partitionexporter.h"
#include "pgconnection.h"

#include <optional>

namespace tidemark::archive {

namespace {

QString timestampText(Micros t) {
    // PostgreSQL reads the ISO form into `timestamp` and ignores the 'Z': created holds UTC.
    return formatIsoTimestamp(t);
}

} // namespace

ArchiveVerifier::ArchiveVerifier(ArchiveStore& store, ArchiveLayout layout, ArchiveReadLimits limits)
    : m_store(store), m_layout(std::move(layout)), m_limits(limits) {}

ControlTotals ArchiveVerifier::onlineTotals(PgConnection& connection, const QString& relation,
                                            const QStringList& columns, Micros from, Micros to,
                                            qint64* rows) {
    const bool hasUser = columns.contains(QLatin1String("user_id"));
    const bool hasWorker = columns.contains(QLatin1String("worker_id"));
    const bool hasAmount = columns.contains(QLatin1String("amount"));
    const bool hasEscrow = columns.contains(QLatin1String("escrow"));
    QString key = QStringLiteral("CASE ");
    if (hasUser)
        key += QStringLiteral("WHEN user_id IS NOT NULL THEN user_id::text ");
    if (hasWorker)
        key += QStringLiteral("WHEN worker_id IS NOT NULL THEN 'worker:' || worker_id::text ");
    key += QStringLiteral("ELSE 'none' END");
    const QString amount = hasAmount ? QStringLiteral("amount") : QStringLiteral("0::numeric");
    const QString balance = hasEscrow ? QStringLiteral("sum(%1) FILTER (WHERE NOT escrow)").arg(amount)
                                      : QStringLiteral("sum(%1)").arg(amount);
    const QString escrow = hasEscrow ? QStringLiteral("sum(%1) FILTER (WHERE escrow)").arg(amount)
                                     : QStringLiteral("0::numeric");
    const PgResult result = connection.exec(
        QStringLiteral(
            "SELECT %1, COALESCE(%2, 0)::numeric(40,2)::text, COALESCE(%3, 0)::numeric(40,2)::text, "
            "count(*) FROM %4 WHERE created >= $1::timestamp AND created < $2::timestamp GROUP BY 1")
            .arg(key, balance, escrow, pgQuoteIdentifier(relation)),
        {timestampText(from), timestampText(to)});
    ControlTotals totals;
    *rows = 0;
    for (int i = 0; i < result.rows(); ++i) {
        ControlTotal total;
        const auto balanceCents = parseCents(QByteArrayView(result.raw(i, 1)));
        const auto escrowCents = parseCents(QByteArrayView(result.raw(i, 2)));
        if (!balanceCents || !escrowCents)
            throw Error(Error::Kind::Failed, QStringLiteral("the sums of %1 in %2 do not fit 64-bit cents")
                                                 .arg(result.text(i, 0), relation));
        total.balanceCents = *balanceCents;
        total.escrowCents = *escrowCents;
        total.rows = result.toLong(i, 3);
        *rows += total.rows;
        totals.insert(result.text(i, 0), total);
    }
    return totals;
}

void ArchiveVerifier::checkObject(const QString& objectKey, const ArchiveManifest& manifest,
                                  TaskFeedback& feedback, VerifyResult& result) {
    QStringList& p = result.problems;
    const ObjectScan scan =
        ArchiveObjectScanner::scan(m_store, objectKey, ObjectReadCaps::of(manifest, m_limits), feedback);
    result.rows = scan.rows;
    result.objectBytesRead = scan.objectBytes;
    if (scan.cancelled) {
        result.cancelled = true;
        return;
    }
    if (scan.objectLonger) {
        p.append(
            QStringLiteral("object size differs: manifest %1 bytes, the object is longer (not read further)")
                .arg(manifest.objectBytes));
        return;
    }
    if (!scan.contentProblem.isEmpty())
        p.append(
            QStringLiteral("object %1 does not read back as CSV: %2").arg(objectKey, scan.contentProblem));
    if (scan.objectSha256 != manifest.objectSha256)
        p.append(QStringLiteral("object sha256 differs: manifest %1, object %2")
                     .arg(shortSha(manifest.objectSha256), shortSha(scan.objectSha256)));
    if (scan.objectBytes != manifest.objectBytes)
        p.append(QStringLiteral("object size differs: manifest %1 bytes, object %2 bytes")
                     .arg(manifest.objectBytes)
                     .arg(scan.objectBytes));
    if (!scan.contentProblem.isEmpty())
        return;
    if (scan.contentSha256 != manifest.contentSha256)
        p.append(QStringLiteral("content sha256 differs: manifest %1, decompressed object %2")
                     .arg(shortSha(manifest.contentSha256), shortSha(scan.contentSha256)));
    if (manifest.contentBytes && scan.contentBytes != *manifest.contentBytes)
        p.append(QStringLiteral("content size differs: manifest %1 bytes, decompressed object %2 bytes")
                     .arg(*manifest.contentBytes)
                     .arg(scan.contentBytes));
    if (scan.columns != manifest.columns)
        p.append(QStringLiteral("columns differ: manifest %1, object header %2")
                     .arg(manifest.columns.join(QLatin1Char(',')), scan.columns.join(QLatin1Char(','))));
    if (scan.rows != manifest.rowCount)
        p.append(QStringLiteral("row count differs: manifest %1, object %2")
                     .arg(manifest.rowCount)
                     .arg(scan.rows));
    p.append(controlTotalsDifferences(manifest.totals, scan.totals, QStringLiteral("manifest"),
                                      QStringLiteral("object")));
}

void ArchiveVerifier::checkOnline(PgConnection& online, const ArchiveManifest& manifest,
                                  VerifyResult& result) {
    if (!online.relationExists(manifest.partition)) {
        result.problems.append(
            QStringLiteral("partition %1 is not online in %2").arg(manifest.partition, online.describe()));
        return;
    }
    // A manifest may name any table of the database: it is counted only when it holds the archived columns.
    const QStringList columns = PartitionExporter::columnsOf(online, manifest.partition);
    for (const QString& column : manifest.columns + QStringList{QStringLiteral("created")}) {
        if (!columns.contains(column)) {
            result.problems.append(QStringLiteral("partition %1 in %2 has no column %3 of the manifest; "
                                                  "it is not the partition the object was exported from")
                                       .arg(manifest.partition, online.describe(), column));
            return;
        }
    }
    qint64 rows = 0;
    const ControlTotals totals = onlineTotals(online, manifest.partition, manifest.columns,
                                              manifest.createdFrom, manifest.createdTo, &rows);
    if (rows != manifest.rowCount)
        result.problems.append(
            QStringLiteral("online row count differs: manifest %1, partition %2 has %3 "
                           "rows in [%4, %5)")
                .arg(manifest.rowCount)
                .arg(manifest.partition)
                .arg(rows)
                .arg(formatIsoTimestamp(manifest.createdFrom), formatIsoTimestamp(manifest.createdTo)));
    result.problems.append(controlTotalsDifferences(manifest.totals, totals, QStringLiteral("manifest"),
                                                    QStringLiteral("online")));
}

VerifyResult ArchiveVerifier::verify(const QString& objectKey, PgConnection* online, TaskFeedback& feedback) {
    VerifyResult result;
    // Only an unreachable store or server, or a cancel, ends the verification; anything else is a problem of
    // this object (a key the store refuses, an object that cannot be read, a query the partition fails).
    const auto problemOf = [&](const QString& what, const auto& step) {
        try {
            step();
            return true;
        } catch (const Error& e) {
            if (e.kind() == Error::Kind::Connection || e.kind() == Error::Kind::Cancelled)
                throw;
            result.problems.append(what.isEmpty() ? e.message()
                                                  : QStringLiteral("%1: %2").arg(what, e.message()));
            return false;
        }
    };
    QString manifestKey;
    if (!problemOf(QString(), [&] { manifestKey = manifestKeyFor(objectKey); }))
        return result;

    std::optional<ArchiveManifest> manifest;
    bool hasManifest = false;
    if (!problemOf(QString(), [&] { hasManifest = m_store.exists(manifestKey); }))
        return result;
    if (!hasManifest) {
        result.problems.append(
            QStringLiteral("manifest %1 is missing from %2; the object is not read without it")
                .arg(manifestKey, m_store.describe()));
    } else {
        problemOf(QStringLiteral("manifest %1").arg(manifestKey), [&] {
            manifest = ArchiveManifest::parse(m_store.readAll(manifestKey), m_layout);
            result.manifest = *manifest;
        });
    }
    if (manifest) {
        const QString disagreement = manifestKeyDisagreement(objectKey, *manifest, m_layout);
        if (!disagreement.isEmpty())
            result.problems.append(QStringLiteral("manifest %1: %2").arg(manifestKey, disagreement));
    }

    bool hasObject = false;
    if (!problemOf(QString(), [&] { hasObject = m_store.exists(objectKey); }))
        return result;
    if (!hasObject)
        result.problems.append(
            QStringLiteral("object %1 is missing from %2").arg(objectKey, m_store.describe()));
    else if (manifest)
        problemOf(QStringLiteral("object %1").arg(objectKey),
                  [&] { checkObject(objectKey, *manifest, feedback, result); });
    if (result.cancelled)
        return result;

    if (online && manifest)
        problemOf(QStringLiteral("the online check of partition %1").arg(manifest->partition),
                  [&] { checkOnline(*online, *manifest, result); });
    result.ok = result.problems.isEmpty();
    return result;
}

} // namespace tidemark::archive
