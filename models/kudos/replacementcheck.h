#pragma once

#include "archivemanifest.h"
#include "retentioncatalog.h"

#include <QHash>
#include <QJsonObject>
#include <QStringList>
#include <vector>

namespace tidemark::kudos {

// A range whose rows, read under the drop's lock, are not what replaced them.
struct ReplacementMismatch {
    CatalogEntry entry;
    QStringList problems;   // one line each: what was recorded, what the rows are
    QJsonObject difference; // the same in figures (recorded_rows, rows, recorded_amount, amount, …)
    qint64 unapplied = 0;   // unapplied rows among them
};

// Compares the rows of each catalogued range of `relation` (the partition about to be dropped, which the
// caller has locked) with what was recorded when its replacement was made. Statistics: the rollup's row
// count and Σ amount (the catalog's totals) and the rollup rows of that source, with no quarantined row left
// behind the rollup (a flag set after it). Currency: the verified manifest's row count and per-user totals
// and the checkpoint's row count (the catalog's). No range may hold an unapplied row, and `relation` no row
// outside the ranges. Returns the ranges that differ; empty: the rows are exactly what was replaced.
class ReplacementCheck {
  public:
    explicit ReplacementCheck(PgConnection& db);
    // `manifests`: for currency, the verified manifest of each range by its archive key. `rows`: the rows
    // found in the ranges.
    std::vector<ReplacementMismatch> compare(const QString& relation, const std::vector<CatalogEntry>& ranges,
                                             const QHash<QString, archive::ArchiveManifest>& manifests,
                                             qint64* rows = nullptr);

  private:
    // Each returns the rows found in the entry's range.
    qint64 compareStatistics(const QString& table, const CatalogEntry& entry, ReplacementMismatch& m);
    qint64 compareCurrency(const QString& relation, const CatalogEntry& entry,
                           const archive::ArchiveManifest& manifest, ReplacementMismatch& m);

    PgConnection& m_db;
};

} // namespace tidemark::kudos
