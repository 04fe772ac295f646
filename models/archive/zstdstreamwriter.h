#pragma once

#include <QByteArray>
#include <QtGlobal>
#include <functional>

struct ZSTD_CCtx_s;

namespace tidemark::archive {

// Streaming zstd compression into a sink, one frame with the content checksum on. Memory stays bounded by
// the level's window whatever the input size.
class ZstdStreamWriter {
  public:
    using Sink = std::function<void(const char* data, qint64 length)>;
    static constexpr int kDefaultLevel = 3;
    static constexpr int kBackgroundJobBytes = 1024 * 1024;

    // Throws Error(Settings) for a level outside 1-19. With backgroundThread, zstd compresses on a thread
    // of its own while the caller produces the next input (the frame stays one standard frame), in jobs of
    // kBackgroundJobBytes: memory stays bounded by a few jobs.
    explicit ZstdStreamWriter(Sink sink, int level = kDefaultLevel, bool backgroundThread = false);
    ~ZstdStreamWriter();
    ZstdStreamWriter(const ZstdStreamWriter&) = delete;
    ZstdStreamWriter& operator=(const ZstdStreamWriter&) = delete;

    void write(const char* data, qint64 length);
    void finish(); // ends the frame; nothing may be written after it

    qint64 bytesIn() const { return m_bytesIn; }
    qint64 bytesOut() const { return m_bytesOut; }

  private:
    void flushOutput(qsizetype produced);

    Sink m_sink;
    ZSTD_CCtx_s* m_context = nullptr;
    QByteArray m_buffer;
    qint64 m_bytesIn = 0;
    qint64 m_bytesOut = 0;
    bool m_finished = false;
};

} // namespace tidemark::archive
