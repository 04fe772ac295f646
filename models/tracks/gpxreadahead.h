#pragma once

#include "gpxreader.h"
#include "trackimporter.h"

#include "boundedqueue.h"
#include "error.h"

#include <QStringList>
#include <optional>
#include <thread>

namespace tidemark::tracks {

// Reads the GPX files of an import in order on a thread of its own, ahead of the batches that write them
// (the writes wait on the store, the reading on the CPU, and a machine has two cores): each track with its
// TrackFacts, and each file's end with its summary or why it was refused. At most kQueuedPoints points wait,
// so a file larger than that streams through, never held whole. A track gets the source id, and without a
// <link>/<url> the file's URL with "#track-N" (N: 1-based among the file's tracks and imported routes).
class GpxReadAhead {
  public:
    static constexpr qint64 kQueuedPoints = 1 << 18; // about 12 MB of points
    GpxReadAhead(QStringList files, QString sourceId, GpxReadOptions options);
    ~GpxReadAhead(); // stops the reading and waits for its thread
    GpxReadAhead(const GpxReadAhead&) = delete;
    GpxReadAhead& operator=(const GpxReadAhead&) = delete;

    // The file the next call of readNext() reads; empty after the last.
    QString nextFile() const { return m_next < m_files.size() ? m_files.at(m_next) : QString(); }
    // Hands the next file's tracks to `take` in order and returns its summary. Throws the file's
    // tidemark::Error (malformed, unreadable) after the tracks read before it. When `take` throws, the error
    // goes on and the next call passes over the rest of this file.
    GpxReadSummary readNext(const TrackImporter::TrackSink& take);

    // One file read on the caller's thread, as the read-ahead reads each: the tracks with their facts.
    static GpxReadSummary readFile(const QString& path, const QString& sourceId,
                                   const GpxReadOptions& options, const TrackImporter::TrackSink& take);

  private:
    struct Item {
        int file = 0;
        bool end = false; // the file's end: summary or error
        ImportedTrack track;
        TrackFacts facts;
        GpxReadSummary summary;
        std::optional<Error> error;
    };
    void readAll();

    const QStringList m_files;
    const QString m_sourceId;
    const GpxReadOptions m_options;
    BoundedQueue<Item> m_queue{kQueuedPoints};
    int m_next = 0; // the consumer's file
    std::thread m_thread;
};

} // namespace tidemark::tracks
