#pragma once

#include "archivemanifest.h"
#include "archivestore.h"

#include <QList>
#include <QString>
#include <functional>
#include <optional>

namespace tidemark::archive {

// One archive object as a listing shows it: the object (when present) and its manifest (when present and
// readable). An entry exists for every object key, and for a manifest whose object is missing.
struct ArchiveListingEntry {
    QString key;            // the object's key ("….csv.zst")
    bool hasObject = false; //
    qint64 bytes = 0;       // the object's size (0 without the object)
    bool hasManifest = false;
    std::optional<ArchiveManifest> manifest; // parsed; empty when missing or unreadable
    QString manifestProblem;                 // why a present manifest could not be read
};

// The object a key names: the key itself, or the object beside a manifest key.
QString objectKeyOf(const QString& key);

// Every object under `prefix`, sorted by key, with its manifest read and parsed when `readManifest(key)`
// says so (default: every one; a listing of a large bucket can skip the ones it does not need). A manifest
// that does not parse is a manifestProblem, not an exception; a store that cannot be reached throws.
QList<ArchiveListingEntry> listArchive(ArchiveStore& store, const QString& prefix,
                                       const std::function<bool(const QString& key)>& readManifest = {});

} // namespace tidemark::archive
