#include "zstdstreamwriter.h"

#include "error.h"

#include <QByteArray>
#include <zstd.h>

namespace tidemark::archive {

namespace {
void check(size_t code, const char* what) {
    if (ZSTD_isError(code))
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("zstd %1: %2").arg(QLatin1String(what), QLatin1String(ZSTD_getErrorName(code))));
}
} // namespace

ZstdStreamWriter::ZstdStreamWriter(Sink sink, int level, bool backgroundThread) : m_sink(std::move(sink)) {
    if (level < 1 || level > 19)
        throw Error(Error::Kind::Settings,
                    QStringLiteral("TIDEMARK_ARCHIVE_ZSTD_LEVEL is %1, expected 1-19").arg(level));
    m_context = ZSTD_createCCtx();
    if (!m_context)
        throw Error(Error::Kind::Failed, QStringLiteral("zstd: out of memory"));
    m_buffer = QByteArray(static_cast<qsizetype>(ZSTD_CStreamOutSize()), Qt::Uninitialized);
    try {
        check(ZSTD_CCtx_setParameter(m_context, ZSTD_c_compressionLevel, level), "level");
        check(ZSTD_CCtx_setParameter(m_context, ZSTD_c_checksumFlag, 1), "checksum");
        // A libzstd built without threads refuses this; it then compresses on the caller's thread.
        if (backgroundThread && !ZSTD_isError(ZSTD_CCtx_setParameter(m_context, ZSTD_c_nbWorkers, 1)))
            check(ZSTD_CCtx_setParameter(m_context, ZSTD_c_jobSize, kBackgroundJobBytes), "job size");
    } catch (...) {
        ZSTD_freeCCtx(m_context);
        throw;
    }
}

ZstdStreamWriter::~ZstdStreamWriter() {
    ZSTD_freeCCtx(m_context);
}

void ZstdStreamWriter::flushOutput(qsizetype produced) {
    if (produced > 0) {
        m_sink(m_buffer.constData(), produced);
        m_bytesOut += produced;
    }
}

void ZstdStreamWriter::write(const char* data, qint64 length) {
    if (m_finished)
        throw Error(Error::Kind::Failed, QStringLiteral("zstd: write after the frame was finished"));
    ZSTD_inBuffer in{data, static_cast<size_t>(length), 0};
    while (in.pos < in.size) {
        ZSTD_outBuffer out{m_buffer.data(), static_cast<size_t>(m_buffer.size()), 0};
        check(ZSTD_compressStream2(m_context, &out, &in, ZSTD_e_continue), "compress");
        flushOutput(static_cast<qsizetype>(out.pos));
    }
    m_bytesIn += length;
}

void ZstdStreamWriter::finish() {
    if (m_finished)
        return;
    ZSTD_inBuffer in{nullptr, 0, 0};
    for (size_t left = 1; left != 0;) {
        ZSTD_outBuffer out{m_buffer.data(), static_cast<size_t>(m_buffer.size()), 0};
        left = ZSTD_compressStream2(m_context, &out, &in, ZSTD_e_end);
        check(left, "finish");
        flushOutput(static_cast<qsizetype>(out.pos));
    }
    m_finished = true;
}

} // namespace tidemark::archive
