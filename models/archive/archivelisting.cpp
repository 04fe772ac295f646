#include "archivelisting.h"

#include "archiveurl.h"
#include "error.h"

#include <QHash>

namespace tidemark::archive {

namespace {
const QLatin1String kObjectSuffix(".csv.zst");
const QLatin1String kManifestSuffix(".manifest.json");
} // namespace

QString objectKeyOf(const QString& key) {
    if (key.endsWith(kManifestSuffix))
        return key.left(key.size() - kManifestSuffix.size()) + kObjectSuffix;
    return key;
}

QList<ArchiveListingEntry> listArchive(ArchiveStore& store, const QString& prefix,
                                       const std::function<bool(const QString& key)>& readManifest) {
    QHash<QString, qint64> bytes;
    QStringList keys;
    for (const ArchiveObjectInfo& o : store.list(prefix)) {
        bytes.insert(o.key, o.bytes);
        if (o.key.endsWith(kObjectSuffix) || o.key.endsWith(kManifestSuffix))
            keys.append(objectKeyOf(o.key));
    }
    keys.removeDuplicates();
    keys.sort();

    QList<ArchiveListingEntry> entries;
    entries.reserve(keys.size());
    for (const QString& key : keys) {
        ArchiveListingEntry entry;
        entry.key = key;
        entry.hasObject = bytes.contains(key);
        entry.bytes = bytes.value(key);
        const QString manifestKey = manifestKeyFor(key);
        entry.hasManifest = bytes.contains(manifestKey);
        if (entry.hasManifest && (!readManifest || readManifest(key))) {
            try {
                entry.manifest = ArchiveManifest::parse(store.readAll(manifestKey));
            } catch (const Error& e) {
                if (e.kind() != Error::Kind::Failed && e.kind() != Error::Kind::Refused)
                    throw;
                entry.manifestProblem = e.message();
            }
        }
        entries.append(entry);
    }
    return entries;
}

} // namespace tidemark::archive
