#pragma once

#include "archivestore.h"

namespace tidemark::archive {

// An archive in a local folder (file:///path): a key is a path below the root. A write creates a temporary
// file exclusively in the key's folder, fsyncs it, publishes it with link(2) (which never replaces an
// existing name) and fsyncs the folder, so a crash leaves either the whole object or no object; temporary
// files (".<name>.tmp-*") are never listed. Keys with "..", ".", empty or dot-led components, a leading '/'
// or a backslash are refused with Error(Usage).
class DirectoryStore : public ArchiveStore {
  public:
    // The root must exist (openArchiveStore creates it); otherwise every call throws Error(Connection).
    explicit DirectoryStore(QString root);

    QString describe() const override;
    bool exists(const QString& key) override;
    QList<ArchiveObjectInfo> list(const QString& prefix) override;
    qint64 usedBytes(const QString& prefix) override;
    void putFile(const QString& key, const QString& localPath) override;
    void read(const QString& key, const Sink& sink) override;

    const QString& root() const { return m_root; }
    // Throws Error(Usage) for a key this store refuses.
    static void checkKey(const QString& key);

  private:
    void checkRoot() const;
    QString pathOf(const QString& key) const;
    // Creates the folders of `key` below the root (0700), fsyncing each parent of a new folder.
    void makeFolders(const QString& key) const;

    QString m_root;
};

} // namespace tidemark::archive
