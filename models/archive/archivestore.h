#pragma once

#include "archivemarker.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <functional>
#include <optional>
#include <utility>

namespace tidemark::archive {

struct ArchiveObjectInfo {
    QString key;
    qint64 bytes = 0;
    // Why this entry of the listing is not an object the store can read, empty for one it can: a key the
    // store refuses, a symbolic link, a name outside the store's prefix (`key` is then the name as listed).
    QString problem = {};
    bool operator==(const ArchiveObjectInfo&) const = default;
};

// Where archive objects live: a local directory (DirectoryStore) or an S3-compatible bucket (S3Store). Keys
// are relative paths with '/' (e.g. "currency/kudos_ledger/kudos_ledger_p20261005_20261005_20261012.csv.zst"
// as the kudos retention writes them). Objects are written once: never overwritten, never modified. Every
// method may throw Error(Connection) when the store cannot be reached, naming the store as describe() does.
// The archive's marker (ArchiveMarker::kKey) is no object: list() and usedBytes() leave it out.
class ArchiveStore {
  public:
    using Sink = std::function<void(const char* data, qint64 length)>;
    virtual ~ArchiveStore() = default;

    // "directory /srv/archive", "s3 bucket/prefix at https://host": never a secret.
    virtual QString describe() const = 0;
    virtual bool exists(const QString& key) = 0;
    // The objects whose key starts with `prefix` (a plain string prefix, as S3 lists), sorted by key; an
    // entry the store cannot use is listed with its problem, never dropped or renamed.
    virtual QList<ArchiveObjectInfo> list(const QString& prefix) = 0;
    // The bytes the objects under `prefix` take, entries with a problem included (the budget of a tier,
    // e.g. usedBytes("currency/")).
    virtual qint64 usedBytes(const QString& prefix) = 0;
    // Publishes the local file as `key`, write-once: an existing key throws Error(Refused) and keeps the
    // original. A failed upload leaves no object behind.
    virtual void putFile(const QString& key, const QString& localPath) = 0;
    // putFile for a local file that the caller gives up: it never writes to it again, only removes its name.
    // A store may then make that file the object instead of copying its bytes (a directory store on the
    // same filesystem links it).
    virtual void publishFile(const QString& key, const QString& localPath) { putFile(key, localPath); }
    // Streams the object to `sink` in chunks; a missing object throws Error(Failed).
    virtual void read(const QString& key, const Sink& sink) = 0;
    // The whole object, for small ones (manifests), through read(); throws Error(Failed) above `maxBytes`.
    virtual QByteArray readAll(const QString& key, qint64 maxBytes = 16 * 1024 * 1024);
    // Removes what a writer killed mid-upload left behind and no reader sees (a directory's temporary files);
    // how many. An S3 store has none of its own: an interrupted multipart upload's parts are the bucket's
    // lifecycle rule's (AbortIncompleteMultipartUpload).
    virtual int removeAbandonedTemporaries() { return 0; }

    // The marker openArchiveStore found (and checked) when it opened the store; empty for a store made
    // directly (tests, archive init before it writes one).
    const std::optional<ArchiveMarker>& marker() const { return m_marker; }
    void setMarker(ArchiveMarker marker) { m_marker = std::move(marker); }

  private:
    std::optional<ArchiveMarker> m_marker;
};

} // namespace tidemark::archive
