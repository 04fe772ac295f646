#include "archivelayout.h"

namespace tidemark::archive {

namespace {

QString oneOf(const QStringList& names, const QString& none) {
    if (names.isEmpty())
        return none;
    if (names.size() == 1)
        return names.first();
    return names.mid(0, names.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" or ") + names.last();
}

} // namespace

QString ArchiveLayout::expectedDatasets() const {
    return oneOf(datasets, QStringLiteral("no dataset (the archive layout names none)"));
}

QString ArchiveLayout::expectedTiers() const {
    return oneOf(tiers, QStringLiteral("no tier (the archive layout names none)"));
}

} // namespace tidemark::archive
