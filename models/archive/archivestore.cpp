#include "archivestore.h"

#include "error.h"

namespace tidemark::archive {

QByteArray ArchiveStore::readAll(const QString& key, qint64 maxBytes) {
    QByteArray all;
    read(key, [&](const char* data, qint64 length) {
        if (all.size() + length > maxBytes)
            throw Error(Error::Kind::Failed,
                        QStringLiteral("archive object %1 is larger than %2 bytes").arg(key).arg(maxBytes));
        all.append(data, length);
    });
    return all;
}

} // namespace tidemark::archive
