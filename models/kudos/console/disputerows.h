#pragma once

#include <QString>
#include <QStringList>
#include <vector>

namespace tidemark::kudos {

// The user's ledger rows of a dispute, as the archive's CSV writes them (timestamps "YYYY-MM-DD HH:MM:SS…",
// booleans t/f, amounts with two decimals); a null QString is NULL.
struct DisputeRows {
    enum class Source { Archive, Online, Both };
    QStringList columns;
    std::vector<QStringList> rows; // ordered by created, then id
    std::vector<Source> sources;   // one per row
    bool truncated = false;        // more rows than DisputeRowsLoader::kRowLimit
    QStringList restoredKeys;      // the objects the restore file holds (its restore_manifest)
};

} // namespace tidemark::kudos
