#pragma once

#include "archivestore.h"

namespace tidemark::archive {

// An archive in a local folder (file:///path): a key is a path below the root. The root is resolved and
// opened once, when the store is made (the operator may name it through a symbolic link), and every key is
// reached from that open folder: a NAS unmounted while the store is in use is never written through its
// empty mount point on the local disk (the kernel keeps a mount busy while the store holds it). Below the
// root no component of a key's path is ever followed through a link: each folder is opened with O_NOFOLLOW |
// O_DIRECTORY relative to its parent, the file with O_NOFOLLOW, and a link there is refused (Error(Refused))
// and listed as a problem. A write creates a temporary file exclusively in the key's folder, fsyncs it,
// publishes it with linkat(2) (which never replaces an existing name) and fsyncs the folder, so a crash
// leaves either the whole object or no object; temporary files (".<name>.tmp-<boot>-<pid>-<random>") are
// never listed, and those a killed writer left are removed by removeAbandonedTemporaries(). Keys with
// "..", ".", empty or dot-led components, a leading '/' or a backslash are refused with Error(Usage).
class DirectoryStore : public ArchiveStore {
  public:
    static constexpr int kMaxListDepth = 8; // folders below the root; an archive key has two
    // A temporary file not written by a process of this machine's boot is abandoned after this long.
    static constexpr qint64 kAbandonedAfterSeconds = 24 * 3600;

    // The root must exist (archive init creates it); otherwise every call throws Error(Connection).
    explicit DirectoryStore(QString root);
    ~DirectoryStore() override;
    DirectoryStore(const DirectoryStore&) = delete;
    DirectoryStore& operator=(const DirectoryStore&) = delete;

    QString describe() const override;
    bool exists(const QString& key) override;
    // Links, files that are not regular, names that are not UTF-8 or that checkKey refuses, and folders
    // nested deeper than kMaxListDepth are entries with a problem. The marker at the root is left out.
    QList<ArchiveObjectInfo> list(const QString& prefix) override;
    qint64 usedBytes(const QString& prefix) override;
    void putFile(const QString& key, const QString& localPath) override;
    // A hard link of the file as the object's temporary file when they share a filesystem (synced, then
    // published as putFile publishes its copy); putFile otherwise.
    void publishFile(const QString& key, const QString& localPath) override;
    void read(const QString& key, const Sink& sink) override;
    // The temporary files whose writer is gone (a process of this boot that no longer runs; another's or an
    // older Tidemark's after kAbandonedAfterSeconds), removed; how many.
    int removeAbandonedTemporaries() override;

    const QString& root() const { return m_root; }
    // Throws Error(Usage) for a key this store refuses.
    static void checkKey(const QString& key);
    // checkKey's reason, or empty for a key the store takes.
    static QString keyProblem(const QString& key);

  private:
    void put(const QString& key, const QString& localPath, bool mayLink);
    int openRoot() const;
    int removeAbandonedTemporaries(int folder, int depth);
    // The folder holding `key` (every component but the last), opened from the root without following a
    // link; with `create`, missing folders are made 0700 (each parent fsynced). -1 when a folder is missing.
    int openFolderOf(const QString& key, bool create) const;
    void list(int folder, const QString& folderKey, int depth, const QString& prefix,
              QList<ArchiveObjectInfo>& objects) const;

    QString m_root;
    int m_rootFolder = -1; // the root as opened when the store was made; -1 when it could not be
};

} // namespace tidemark::archive
