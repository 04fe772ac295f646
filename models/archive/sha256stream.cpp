#include "sha256stream.h"

#include "error.h"

#include <QByteArray>
#include <openssl/evp.h>

namespace tidemark::archive {

Sha256Stream::Sha256Stream() : m_context(EVP_MD_CTX_new()) {
    if (!m_context || EVP_DigestInit_ex(m_context, EVP_sha256(), nullptr) != 1)
        throw Error(Error::Kind::Failed, QStringLiteral("OpenSSL cannot start a sha256"));
}

Sha256Stream::~Sha256Stream() {
    EVP_MD_CTX_free(m_context);
}

void Sha256Stream::add(const char* data, qint64 length) {
    if (EVP_DigestUpdate(m_context, data, static_cast<size_t>(length)) != 1)
        throw Error(Error::Kind::Failed, QStringLiteral("OpenSSL sha256 failed"));
}

QString Sha256Stream::hex() const {
    // Finish a copy, so that more data may still be added.
    EVP_MD_CTX* copy = EVP_MD_CTX_new();
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    const bool ok =
        copy && EVP_MD_CTX_copy_ex(copy, m_context) == 1 && EVP_DigestFinal_ex(copy, digest, &length) == 1;
    EVP_MD_CTX_free(copy);
    if (!ok)
        throw Error(Error::Kind::Failed, QStringLiteral("OpenSSL sha256 failed"));
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char*>(digest), length).toHex());
}

} // namespace tidemark::archive
