#pragma once

#include <QString>
#include <QStringList>

namespace tidemark::archive {

// What an archive holds, as the area that owns it says (the archive itself names no dataset): the datasets
// (tables) an object may carry in its manifest's `dataset`, and the tiers its key starts with (the
// manifest's `tier`). Each area has its own (e.g. kudos::kudosArchiveLayout()) and passes it as a value to
// everything in models/archive that checks a dataset or a tier.
struct ArchiveLayout {
    QStringList datasets;
    QStringList tiers;

    bool hasDataset(const QString& dataset) const { return datasets.contains(dataset); }
    bool hasTier(const QString& tier) const { return tiers.contains(tier); }
    // What the layout expects, for error messages: "a", "a or b", "a, b or c"; when empty, "no dataset (the
    // archive layout names none)" (and "no tier ...").
    QString expectedDatasets() const;
    QString expectedTiers() const;

    bool operator==(const ArchiveLayout&) const = default;
};

} // namespace tidemark::archive
