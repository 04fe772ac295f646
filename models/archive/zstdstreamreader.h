#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>
#include <functional>

struct ZSTD_DCtx_s;

namespace tidemark::archive {

// Streaming zstd decompression into a sink. Input arrives in chunks cut anywhere. Corrupt input (a bad
// frame, a checksum that does not match) throws Error(Failed) from feed(); input that stops inside a frame,
// an empty input, or a first frame without a content checksum throws from finish(). Memory stays flat
// whatever the input says: a frame that asks for a window above kMaxWindowLog (the exporter's levels 1-19
// use at most 2^23) is refused, and with limitOutput() decompressing past a cap throws before the sink gets
// any byte beyond it.
class ZstdStreamReader {
  public:
    using Sink = std::function<void(const char* data, qint64 length)>;
    static constexpr int kMaxWindowLog = 24; // 16 MiB

    explicit ZstdStreamReader(Sink sink);
    ~ZstdStreamReader();
    ZstdStreamReader(const ZstdStreamReader&) = delete;
    ZstdStreamReader& operator=(const ZstdStreamReader&) = delete;

    // Past `maxBytes` of output, feed() and finish() throw Error(Failed): "decompresses past <rule> <N>".
    void limitOutput(qint64 maxBytes, const QString& rule);
    void feed(const char* data, qint64 length);
    void finish();

    qint64 bytesIn() const { return m_bytesIn; }
    qint64 bytesOut() const { return m_bytesOut; }

  private:
    void checkFrameHeader(const char* data, qint64 length);
    void deliver(qint64 length);

    Sink m_sink;
    ZSTD_DCtx_s* m_context = nullptr;
    QByteArray m_buffer;
    QByteArray m_header; // the first bytes, until the frame header is known
    bool m_headerChecked = false;
    size_t m_lastHint = 0; // 0 once a frame is complete
    qint64 m_bytesIn = 0;
    qint64 m_bytesOut = 0;
    qint64 m_maxBytesOut = -1; // -1: no cap
    QString m_maxRule;
};

} // namespace tidemark::archive
