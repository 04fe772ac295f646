#include "partitionstatusloader.h"

#include "error.h"
#include "kudospartitions.h"
#include "retentioncatalog.h"
#include "taskfeedback.h"

#include <QHash>
#include <algorithm>

namespace tidemark::kudos {

PartitionStatusLoader::PartitionStatusLoader(PgConnection& db, KudosSettings settings)
    : m_db(db), m_settings(settings) {}

std::vector<PartitionStatus> PartitionStatusLoader::load() {
    TaskFeedback withoutOperator;
    return load(withoutOperator);
}

std::vector<PartitionStatus> PartitionStatusLoader::load(TaskFeedback& feedback) {
    for (RetentionDataset dataset : {RetentionDataset::Currency, RetentionDataset::Statistics})
        if (!isPartitioned(m_db, datasetTable(dataset)))
            throw Error(Error::Kind::Schema,
                        QStringLiteral("%1 is not partitioned yet: run tidemark-cli kudos swap first")
                            .arg(datasetTable(dataset)));
    const std::vector<KudosPartition> partitions = listAllPartitions(m_db);
    RetentionCatalog catalog(m_db);
    std::vector<CatalogEntry> entries = catalog.entries();
    const auto missing = catalog.missing(partitions, m_settings);
    entries.insert(entries.end(), missing.begin(), missing.end());

    std::vector<PartitionStatus> list;
    QHash<QString, bool> online;
    for (const KudosPartition& p : partitions)
        online.insert(p.name, true);
    for (const CatalogEntry& e : entries) {
        PartitionStatus s;
        s.dataset = e.dataset;
        s.partition = e.partition;
        s.lo = e.lo;
        s.hi = e.hi;
        s.subrange = e.subrange;
        s.online = online.contains(e.partition);
        s.catalogRows = e.rowCount;
        s.state = e.state;
        s.eligibleAt = e.hi + (e.dataset == RetentionDataset::Currency ? m_settings.currencyWindow()
                                                                       : m_settings.statsWindow());
        s.archiveKey = e.archiveKey;
        s.objectBytes = e.objectBytes;
        s.error = e.error;
        list.push_back(s);
    }
    // Entries from `missing` are not in the catalog yet: they show without a state.
    for (size_t i = list.size() - missing.size(); i < list.size(); ++i)
        list[i].state.clear();
    std::sort(list.begin(), list.end(), [](const PartitionStatus& a, const PartitionStatus& b) {
        return a.dataset != b.dataset ? a.dataset < b.dataset : a.lo < b.lo;
    });

    // One scan per table, counted per partition and day, then summed into the ranges.
    int scanned = 0;
    for (RetentionDataset dataset : {RetentionDataset::Currency, RetentionDataset::Statistics}) {
        feedback.reportProgress(scanned++ / 2.0, datasetTable(dataset));
        if (!feedback.checkpoint())
            break;
        const bool statistics = dataset == RetentionDataset::Statistics;
        const PgResult r = m_db.exec(
            QStringLiteral(
                "SELECT tableoid::regclass::text, %1, count(*), count(*) FILTER (WHERE NOT applied), %2"
                " FROM %3 GROUP BY 1, 2")
                .arg(microsOf(QStringLiteral("date_trunc('day', created)")),
                     statistics ? QStringLiteral("count(*) FILTER (WHERE quarantined)") : QStringLiteral("0"),
                     datasetTable(dataset)));
        for (int i = 0; i < r.rows(); ++i) {
            const QString partition = r.text(i, 0);
            const Micros day = r.toLong(i, 1);
            for (PartitionStatus& s : list) {
                if (s.dataset != dataset || s.partition != partition || day < s.lo || day >= s.hi)
                    continue;
                s.rows += r.toLong(i, 2);
                s.unapplied += r.toLong(i, 3);
                s.quarantined += r.toLong(i, 4);
                break;
            }
        }
    }
    return list;
}

} // namespace tidemark::kudos
