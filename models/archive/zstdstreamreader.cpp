#include "zstdstreamreader.h"

#include "error.h"

// ZSTD_getFrameHeader is in the advanced API; Debian's shared libzstd exports it.
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>

namespace tidemark::archive {

ZstdStreamReader::ZstdStreamReader(Sink sink)
    : m_sink(std::move(sink)), m_context(ZSTD_createDCtx()),
      m_buffer(static_cast<qsizetype>(ZSTD_DStreamOutSize()), Qt::Uninitialized) {
    if (!m_context)
        throw Error(Error::Kind::Failed, QStringLiteral("zstd: out of memory"));
    ZSTD_DCtx_setParameter(m_context, ZSTD_d_windowLogMax, kMaxWindowLog);
}

void ZstdStreamReader::limitOutput(qint64 maxBytes, const QString& rule) {
    m_maxBytesOut = maxBytes;
    m_maxRule = rule;
}

void ZstdStreamReader::deliver(qint64 length) {
    if (m_maxBytesOut >= 0 && m_bytesOut + length > m_maxBytesOut)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("decompresses past %1 %2").arg(m_maxRule).arg(m_maxBytesOut));
    m_sink(m_buffer.constData(), length);
    m_bytesOut += length;
}

ZstdStreamReader::~ZstdStreamReader() {
    ZSTD_freeDCtx(m_context);
}

void ZstdStreamReader::checkFrameHeader(const char* data, qint64 length) {
    m_header.append(data, length);
    ZSTD_frameHeader header;
    const size_t needed = ZSTD_getFrameHeader(&header, m_header.constData(), m_header.size());
    if (ZSTD_isError(needed))
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("zstd: not a zstd frame (%1)").arg(QLatin1String(ZSTD_getErrorName(needed))));
    if (needed > 0)
        return; // more bytes needed
    if (header.frameType != ZSTD_frame || !header.checksumFlag)
        throw Error(Error::Kind::Failed, QStringLiteral("zstd: the frame has no content checksum"));
    // A later frame is held to the same window by ZSTD_d_windowLogMax; the first one gets a clear message.
    if (header.windowSize > (1ULL << kMaxWindowLog))
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("zstd: the frame asks for a window of %1 bytes, more than the %2 MiB allowed")
                .arg(header.windowSize)
                .arg((1 << kMaxWindowLog) >> 20));
    m_headerChecked = true;
    m_header.clear();
}

void ZstdStreamReader::feed(const char* data, qint64 length) {
    if (!m_headerChecked)
        checkFrameHeader(data, length);
    ZSTD_inBuffer in{data, static_cast<size_t>(length), 0};
    m_bytesIn += length;
    while (in.pos < in.size) {
        ZSTD_outBuffer out{m_buffer.data(), static_cast<size_t>(m_buffer.size()), 0};
        const size_t hint = ZSTD_decompressStream(m_context, &out, &in);
        if (ZSTD_isError(hint))
            throw Error(Error::Kind::Failed, QStringLiteral("zstd: corrupt data at compressed byte %1: %2")
                                                 .arg(m_bytesIn - static_cast<qint64>(in.size - in.pos))
                                                 .arg(QLatin1String(ZSTD_getErrorName(hint))));
        m_lastHint = hint;
        if (out.pos > 0)
            deliver(static_cast<qint64>(out.pos));
    }
}

void ZstdStreamReader::finish() {
    if (m_bytesIn == 0)
        throw Error(Error::Kind::Failed, QStringLiteral("zstd: the input is empty"));
    if (!m_headerChecked)
        throw Error(Error::Kind::Failed, QStringLiteral("zstd: the input ends inside the frame header"));
    // Flush what the decoder may still hold for a full output buffer. (Once a frame is complete, another
    // call would start reading the next frame, so only while one is open.)
    while (m_lastHint != 0) {
        ZSTD_inBuffer in{nullptr, 0, 0};
        ZSTD_outBuffer out{m_buffer.data(), static_cast<size_t>(m_buffer.size()), 0};
        const size_t hint = ZSTD_decompressStream(m_context, &out, &in);
        if (ZSTD_isError(hint))
            throw Error(Error::Kind::Failed,
                        QStringLiteral("zstd: corrupt data: %1").arg(QLatin1String(ZSTD_getErrorName(hint))));
        m_lastHint = hint;
        if (out.pos == 0)
            break;
        deliver(static_cast<qint64>(out.pos));
    }
    if (m_lastHint != 0)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("zstd: the object is truncated (it ends inside a frame after %1 bytes)")
                        .arg(m_bytesIn));
}

} // namespace tidemark::archive
