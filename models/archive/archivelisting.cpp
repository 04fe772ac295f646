#include "archivelisting.h"

#include "archiveurl.h"
#include "error.h"

#include <QMap>

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

QList<ArchiveListingEntry> listArchive(ArchiveStore& store, const ArchiveLayout& layout,
                                       const QString& prefix,
                                       const std::function<bool(const QString& key)>& readManifest) {
    QMap<QString, ArchiveListingEntry> byKey;
    for (const ArchiveObjectInfo& o : store.list(prefix)) {
        const bool archiveName = o.key.endsWith(kObjectSuffix) || o.key.endsWith(kManifestSuffix);
        const QString key = archiveName && o.problem.isEmpty() ? objectKeyOf(o.key) : o.key;
        ArchiveListingEntry& entry = byKey[key];
        entry.key = key;
        if (!o.problem.isEmpty() || !archiveName) {
            const QString problem =
                !o.problem.isEmpty()
                    ? o.problem
                    : QStringLiteral("is not an archive object or manifest (….csv.zst, ….manifest.json)");
            entry.problem += (entry.problem.isEmpty() ? QString() : QStringLiteral("; ")) + problem;
            entry.bytes = o.bytes;
        } else if (o.key.endsWith(kObjectSuffix)) {
            entry.hasObject = true;
            entry.bytes = o.bytes;
        } else {
            entry.hasManifest = true;
        }
    }

    QList<ArchiveListingEntry> entries;
    entries.reserve(byKey.size());
    for (ArchiveListingEntry& entry : byKey) {
        if (entry.problem.isEmpty() && entry.hasManifest && (!readManifest || readManifest(entry.key))) {
            const QString manifestKey = manifestKeyFor(entry.key);
            try {
                const ArchiveManifest manifest = ArchiveManifest::parse(store.readAll(manifestKey), layout);
                entry.manifestProblem = manifestKeyDisagreement(entry.key, manifest, layout);
                if (entry.manifestProblem.isEmpty())
                    entry.manifest = manifest;
            } catch (const Error& e) {
                if (e.kind() == Error::Kind::Connection || e.kind() == Error::Kind::Cancelled)
                    throw;
                entry.manifestProblem = e.message();
            }
        }
        entries.append(entry);
    }
    return entries;
}

} // namespace tidemark::archive
