#pragma once

#include "archivestore.h"
#include "error.h"

#include <QHash>

namespace tidemark::fuzz {

// An archive held in memory, for the fuzz targets: the verifier reads the fuzzer's bytes as an object.
class MemoryArchiveStore : public archive::ArchiveStore {
  public:
    QHash<QString, QByteArray> objects;

    QString describe() const override { return QStringLiteral("memory"); }
    bool exists(const QString& key) override { return objects.contains(key); }
    QList<archive::ArchiveObjectInfo> list(const QString& prefix) override {
        QList<archive::ArchiveObjectInfo> list;
        for (auto it = objects.cbegin(); it != objects.cend(); ++it)
            if (it.key().startsWith(prefix))
                list.append({it.key(), it.value().size()});
        return list;
    }
    qint64 usedBytes(const QString& prefix) override {
        qint64 bytes = 0;
        for (const archive::ArchiveObjectInfo& o : list(prefix))
            bytes += o.bytes;
        return bytes;
    }
    void putFile(const QString&, const QString&) override {
        throw Error(Error::Kind::Refused, QStringLiteral("the fuzz store is read-only"));
    }
    // In pieces of 4 KiB, as a store streams.
    void read(const QString& key, const Sink& sink) override {
        const auto it = objects.constFind(key);
        if (it == objects.cend())
            throw Error(Error::Kind::Failed, QStringLiteral("archive object %1 is not in memory").arg(key));
        for (qsizetype at = 0; at < it->size(); at += 4096)
            sink(it->constData() + at, std::min<qsizetype>(4096, it->size() - at));
    }
};

} // namespace tidemark::fuzz
