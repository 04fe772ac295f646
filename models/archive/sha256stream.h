#pragma once

#include <QString>
#include <memory>

struct evp_md_ctx_st;

namespace tidemark::archive {

// SHA-256 over a stream of chunks, with the lower-case hex digest the manifest stores. OpenSSL's, which uses
// the CPU's SHA instructions: several times faster than QCryptographicHash on Qt 6.4, and it is hashed twice
// per archived byte.
class Sha256Stream {
  public:
    Sha256Stream();
    ~Sha256Stream();
    Sha256Stream(const Sha256Stream&) = delete;
    Sha256Stream& operator=(const Sha256Stream&) = delete;

    void add(const char* data, qint64 length);
    QString hex() const; // of everything added so far

  private:
    evp_md_ctx_st* m_context = nullptr;
};

} // namespace tidemark::archive
