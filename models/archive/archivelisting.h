#pragma once

#include "archivelayout.h"
#include "archivemanifest.h"
#include "archivestore.h"

#include <QList>
#include <QString>
#include <functional>
#include <optional>

namespace tidemark::archive {

// One archive object as a listing shows it: the object (when present) and its manifest (when present,
// readable and agreeing with the key). An entry exists for every object key, for a manifest whose object is
// missing, and for every name the listing holds that is no archive object: a stray name, a key the store
// refuses, a symbolic link, a name outside the prefix (then with its problem).
struct ArchiveListingEntry {
    QString key;            // the object's key ("….csv.zst"), or the name as listed for a stray entry
    bool hasObject = false; // the object is there and the store can read it
    qint64 bytes = 0;       // the object's size (0 without the object)
    bool hasManifest = false;
    std::optional<ArchiveManifest> manifest; // parsed and bound to the key; empty otherwise
    QString manifestProblem;                 // why a present manifest cannot be used (unreadable, foreign)
    QString problem; // why the entry is not an archive object the store can read (its manifest is not read)

    // Whether this is a complete, usable pair: both there, the manifest read, no problem.
    bool isSound() const { return problem.isEmpty() && hasObject && manifest.has_value(); }
};

// The object a key names: the key itself, or the object beside a manifest key.
QString objectKeyOf(const QString& key);

// Every object under `prefix`, sorted by key, with its manifest read and parsed under `layout` when
// `readManifest(key)` says so (default: every one; a listing of a large bucket can skip the ones it does not
// need). A manifest that does not parse (a dataset or tier outside the layout included) or names another key
// (manifestKeyDisagreement) is a manifestProblem, a bad entry is its problem, not an exception; a store that
// cannot be reached throws.
QList<ArchiveListingEntry> listArchive(ArchiveStore& store, const ArchiveLayout& layout,
                                       const QString& prefix,
                                       const std::function<bool(const QString& key)>& readManifest = {});

} // namespace tidemark::archive
