#pragma once

#include <QByteArray>
#include <QCryptographicHash>
#include <QString>

namespace tidemark::archive {

// SHA-256 over a stream of chunks, with the lower-case hex digest the manifest stores.
class Sha256Stream {
  public:
    void add(const char* data, qint64 length);
    QString hex() const; // of everything added so far

  private:
    QCryptographicHash m_hash{QCryptographicHash::Sha256};
};

} // namespace tidemark::archive
