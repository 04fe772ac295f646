#pragma once

#include "kudosvalues.h"

#include <QByteArray>
#include <optional>
#include <vector>

namespace tidemark::kudos {

struct KudosPartition;
struct KudosSettings;

// One row of kudos_retention_catalog: a partition, or a sub-range of the first partition (the pre-swap heap,
// retired in bounded pieces that each have their own eligibility and whose single DROP waits for all).
struct CatalogEntry {
    RetentionDataset dataset = RetentionDataset::Currency;
    Micros lo = 0;
    Micros hi = 0;
    QString partition;
    bool subrange = false;
    QString state = QStringLiteral("pending");
    std::optional<qint64> rowCount;
    QByteArray totals; // jsonb text, empty when NULL
    QString archiveKey;
    QString objectSha256;
    std::optional<qint64> objectBytes;
    QString error;
    Micros updatedAt = 0;

    bool sameKey(const CatalogEntry& other) const {
        return dataset == other.dataset && lo == other.lo && hi == other.hi;
    }
    // "currency kudos_ledger_p20261005 [2026-10-05T00:00:00Z, 2026-10-12T00:00:00Z)", for messages.
    QString describe() const;
};

// The catalog as the job's housekeeping leaves it: `entries` with the `missing` ones added, ordered by lo.
std::vector<CatalogEntry> withMissing(std::vector<CatalogEntry> entries,
                                      const std::vector<CatalogEntry>& missing);

// The states of spec/kudos.md, in order, and which of them wait only for the DROP.
QStringList statesOf(RetentionDataset dataset);
bool isReadyToDrop(RetentionDataset dataset, const QString& state);

// Reads and writes kudos_retention_catalog. The state changes run inside the caller's transaction, so that
// each commits with the work it records.
class RetentionCatalog {
  public:
    explicit RetentionCatalog(PgConnection& db);

    std::vector<CatalogEntry> entries();
    std::optional<CatalogEntry> entry(RetentionDataset dataset, Micros lo, Micros hi);

    // The rows the catalog lacks for these partitions (a pending row per weekly partition; for a first
    // partition, from lo = MINVALUE, pending sub-ranges on a grid anchored at its upper bound, from the one
    // holding its oldest row). Reads only; `add` writes them.
    std::vector<CatalogEntry> missing(const std::vector<KudosPartition>& partitions,
                                      const KudosSettings& settings);
    int add(const std::vector<CatalogEntry>& entries);

    // UPDATE of the entry's state and recorded fields (error cleared) in the caller's transaction; throws
    // Error(Failed) when the row is not in the state `from` (a second job or a stale plan).
    void advance(const CatalogEntry& entry, const QString& from);
    // Records (or clears, with "") why the entry cannot move on; its own statement.
    void setError(const CatalogEntry& entry, const QString& error);

  private:
    PgConnection& m_db;
};

} // namespace tidemark::kudos
