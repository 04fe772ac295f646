#include "retentioncatalog.h"

#include "error.h"
#include "kudospartitions.h"
#include "kudossettings.h"

#include <QSet>
#include <algorithm>

namespace tidemark::kudos {

QString CatalogEntry::describe() const {
    return QStringLiteral("%1 %2 [%3, %4)")
        .arg(datasetName(dataset), partition, formatIsoTimestamp(lo), formatIsoTimestamp(hi));
}

namespace {

const QString kColumns =
    QStringLiteral(
        "dataset, %1, %2, partition_name, kind, state, row_count, totals::text, archive_key, object_sha256,"
        " object_bytes, error, %3")
        .arg(microsOf(QStringLiteral("lo")), microsOf(QStringLiteral("hi")),
             microsOf(QStringLiteral("updated_at")));

CatalogEntry entryFrom(const PgResult& r, int row) {
    CatalogEntry e;
    e.dataset = datasetFromName(r.text(row, 0));
    e.lo = r.toLong(row, 1);
    e.hi = r.toLong(row, 2);
    e.partition = r.text(row, 3);
    e.subrange = r.text(row, 4) == QLatin1String("subrange");
    e.state = r.text(row, 5);
    if (!r.isNull(row, 6))
        e.rowCount = r.toLong(row, 6);
    if (!r.isNull(row, 7))
        e.totals = r.text(row, 7).toUtf8();
    e.archiveKey = r.text(row, 8);
    e.objectSha256 = r.text(row, 9);
    if (!r.isNull(row, 10))
        e.objectBytes = r.toLong(row, 10);
    e.error = r.text(row, 11);
    e.updatedAt = r.toLong(row, 12);
    return e;
}

std::optional<RetentionDataset> datasetOfTable(const QString& table) {
    for (RetentionDataset d : {RetentionDataset::Currency, RetentionDataset::Statistics})
        if (datasetTable(d) == table)
            return d;
    return std::nullopt;
}

PgParam optionalText(const QString& text) {
    return text.isEmpty() ? PgParam(std::nullopt) : PgParam(text);
}

} // namespace

QStringList statesOf(RetentionDataset dataset) {
    if (dataset == RetentionDataset::Statistics)
        return {QStringLiteral("pending"), QStringLiteral("rolled_up"), QStringLiteral("dumped"),
                QStringLiteral("dump_failed"), QStringLiteral("dropped")};
    return {QStringLiteral("pending"),  QStringLiteral("checkpointed"), QStringLiteral("stated"),
            QStringLiteral("exported"), QStringLiteral("verified"),     QStringLiteral("dropped")};
}

std::vector<CatalogEntry> withMissing(std::vector<CatalogEntry> entries,
                                      const std::vector<CatalogEntry>& missing) {
    entries.insert(entries.end(), missing.begin(), missing.end());
    std::sort(entries.begin(), entries.end(),
              [](const CatalogEntry& a, const CatalogEntry& b) { return a.lo < b.lo; });
    return entries;
}

bool isReadyToDrop(RetentionDataset dataset, const QString& state) {
    if (dataset == RetentionDataset::Statistics)
        return state == QLatin1String("dumped") || state == QLatin1String("dump_failed");
    return state == QLatin1String("verified");
}

RetentionCatalog::RetentionCatalog(PgConnection& db) : m_db(db) {}

std::vector<CatalogEntry> RetentionCatalog::entries() {
    const PgResult r = m_db.exec(
        QStringLiteral("SELECT %1 FROM kudos_retention_catalog ORDER BY dataset, lo, hi").arg(kColumns));
    std::vector<CatalogEntry> list;
    list.reserve(r.rows());
    for (int i = 0; i < r.rows(); ++i)
        list.push_back(entryFrom(r, i));
    return list;
}

std::optional<CatalogEntry> RetentionCatalog::entry(RetentionDataset dataset, Micros lo, Micros hi) {
    const PgResult r =
        m_db.exec(QStringLiteral("SELECT %1 FROM kudos_retention_catalog"
                                 " WHERE dataset = $1 AND lo = $2::timestamp AND hi = $3::timestamp")
                      .arg(kColumns),
                  {datasetName(dataset), utcParam(lo), utcParam(hi)});
    if (r.rows() == 0)
        return std::nullopt;
    return entryFrom(r, 0);
}

std::vector<CatalogEntry> RetentionCatalog::missing(const std::vector<KudosPartition>& partitions,
                                                    const KudosSettings& settings) {
    QSet<QString> known;
    for (const CatalogEntry& e : entries())
        known.insert(datasetName(e.dataset) + QString::number(e.lo) + QLatin1Char('/') +
                     QString::number(e.hi));
    std::vector<CatalogEntry> add;
    const auto propose = [&](RetentionDataset dataset, const KudosPartition& p, Micros lo, Micros hi,
                             bool sub) {
        if (known.contains(datasetName(dataset) + QString::number(lo) + QLatin1Char('/') +
                           QString::number(hi)))
            return;
        CatalogEntry e;
        e.dataset = dataset;
        e.lo = lo;
        e.hi = hi;
        e.partition = p.name;
        e.subrange = sub;
        add.push_back(e);
    };
    for (const KudosPartition& p : partitions) {
        const auto dataset = datasetOfTable(p.table);
        if (!dataset)
            continue;
        if (p.lo) {
            propose(*dataset, p, *p.lo, p.hi, false);
            continue;
        }
        // The first partition: its oldest row decides where the sub-ranges start (an empty one gets one).
        const PgResult oldest =
            m_db.exec(QStringLiteral("SELECT %1 FROM %2")
                          .arg(microsOf(QStringLiteral("min(created)")), pgQuoteIdentifier(p.name)));
        const Micros width = settings.subrangeWidth();
        const Micros first =
            oldest.isNull(0, 0) ? p.hi - width : floorToStep(oldest.toLong(0, 0), width, p.hi);
        for (Micros lo = first; lo < p.hi; lo += width)
            propose(*dataset, p, lo, lo + width, true);
    }
    return add;
}

int RetentionCatalog::add(const std::vector<CatalogEntry>& list) {
    int added = 0;
    for (const CatalogEntry& e : list) {
        const PgResult r = m_db.exec(
            QStringLiteral(
                "INSERT INTO kudos_retention_catalog (dataset, lo, hi, partition_name, kind, state)"
                " VALUES ($1, $2::timestamp, $3::timestamp, $4, $5, 'pending') ON CONFLICT DO NOTHING"),
            {datasetName(e.dataset), utcParam(e.lo), utcParam(e.hi), e.partition,
             e.subrange ? QStringLiteral("subrange") : QStringLiteral("partition")});
        added += static_cast<int>(r.affectedRows());
    }
    return added;
}

void RetentionCatalog::advance(const CatalogEntry& e, const QString& from) {
    const PgResult r = m_db.exec(
        QStringLiteral("UPDATE kudos_retention_catalog SET state = $4, row_count = $5, totals = $6::jsonb,"
                       " archive_key = $7, object_sha256 = $8, object_bytes = $9, error = NULL,"
                       " updated_at = now() AT TIME ZONE 'UTC'"
                       " WHERE dataset = $1 AND lo = $2::timestamp AND hi = $3::timestamp AND state = $10"),
        {datasetName(e.dataset), utcParam(e.lo), utcParam(e.hi), e.state,
         e.rowCount ? PgParam(static_cast<long long>(*e.rowCount)) : PgParam(std::nullopt),
         e.totals.isEmpty() ? PgParam(std::nullopt) : PgParam(e.totals), optionalText(e.archiveKey),
         optionalText(e.objectSha256),
         e.objectBytes ? PgParam(static_cast<long long>(*e.objectBytes)) : PgParam(std::nullopt), from});
    if (r.affectedRows() != 1)
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("the catalog row %1 [%2, %3) is no longer %4 (another job moved it)")
                .arg(datasetName(e.dataset), formatIsoTimestamp(e.lo), formatIsoTimestamp(e.hi), from));
}

void RetentionCatalog::setError(const CatalogEntry& e, const QString& error) {
    m_db.exec(
        QStringLiteral("UPDATE kudos_retention_catalog SET error = $4, updated_at = now() AT TIME ZONE 'UTC'"
                       " WHERE dataset = $1 AND lo = $2::timestamp AND hi = $3::timestamp"
                       " AND error IS DISTINCT FROM $4"),
        {datasetName(e.dataset), utcParam(e.lo), utcParam(e.hi), optionalText(error)});
}

} // namespace tidemark::kudos
