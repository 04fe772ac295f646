#include "gpxreadahead.h"

#include <QFileInfo>
#include <QUrl>

namespace tidemark::tracks {

namespace {
struct Stopped {}; // the consumer went away: the reading thread ends
} // namespace

GpxReadAhead::GpxReadAhead(QStringList files, QString sourceId, GpxReadOptions options)
    : m_files(std::move(files)), m_sourceId(std::move(sourceId)), m_options(std::move(options)) {
    m_thread = std::thread([this] { readAll(); });
}

GpxReadAhead::~GpxReadAhead() {
    m_queue.abort();
    m_thread.join();
}

GpxReadSummary GpxReadAhead::readFile(const QString& path, const QString& sourceId,
                                      const GpxReadOptions& options, const TrackImporter::TrackSink& take) {
    const QUrl fileUrl = QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath());
    int delivered = 0;
    return GpxReader::readFile(path, options, [&](ImportedTrack&& track) {
        ++delivered;
        track.sourceId = sourceId;
        if (track.externalUrl.isEmpty()) {
            QUrl url = fileUrl;
            url.setFragment(QStringLiteral("track-%1").arg(delivered));
            track.externalUrl = url.toString();
        }
        take(track, TrackFacts::of(track.points));
    });
}

void GpxReadAhead::readAll() {
    try {
        for (int file = 0; file < m_files.size(); ++file) {
            Item end;
            end.file = file;
            end.end = true;
            try {
                end.summary = readFile(m_files.at(file), m_sourceId, m_options,
                                       [&](const ImportedTrack& track, const TrackFacts& facts) {
                                           Item item;
                                           item.file = file;
                                           item.track = track;
                                           item.facts = facts;
                                           const qint64 points = static_cast<qint64>(track.points.size());
                                           if (!m_queue.push(std::move(item), points + 1))
                                               throw Stopped{};
                                       });
            } catch (const Stopped&) {
                throw;
            } catch (const Error& e) {
                end.error = e;
            } catch (const std::exception& e) { // out of memory: the file is refused, the reading goes on
                end.error =
                    Error(Error::Kind::Failed,
                          QStringLiteral("%1: %2").arg(m_files.at(file), QString::fromLocal8Bit(e.what())));
            }
            if (!m_queue.push(std::move(end)))
                return;
        }
        m_queue.finish();
    } catch (const Stopped&) {
    }
}

GpxReadSummary GpxReadAhead::readNext(const TrackImporter::TrackSink& take) {
    const int file = m_next++;
    Item item;
    while (m_queue.pop(item)) {
        if (item.file < file) // the rest of a file whose import stopped half-way
            continue;
        if (!item.end) {
            take(item.track, item.facts);
            continue;
        }
        if (item.error)
            throw *item.error;
        return item.summary;
    }
    throw Error(Error::Kind::Failed, QStringLiteral("%1: the reading stopped").arg(m_files.value(file)));
}

} // namespace tidemark::tracks
