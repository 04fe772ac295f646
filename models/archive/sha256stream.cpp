#include "sha256stream.h"

namespace tidemark::archive {

void Sha256Stream::add(const char* data, qint64 length) {
    m_hash.addData(QByteArrayView(data, length));
}

QString Sha256Stream::hex() const {
    return QString::fromLatin1(m_hash.resultView().toByteArray().toHex());
}

} // namespace tidemark::archive
