#include "gpxfilebatch.h"

#include "gpxreadahead.h"

#include "error.h"

namespace tidemark::tracks {

GpxFileBatch::GpxFileBatch(TrackImporter& importer, QString region, QString sourceId, GpxReadOptions options)
    : m_importer(importer), m_region(std::move(region)), m_sourceId(std::move(sourceId)),
      m_options(std::move(options)) {}

GpxFileBatch::~GpxFileBatch() = default;

void GpxFileBatch::readAhead(QStringList files) {
    m_readAhead = std::make_unique<GpxReadAhead>(std::move(files), m_sourceId, m_options);
}

GpxFileImportResult GpxFileBatch::importFile(const QString& path, TaskFeedback& feedback) {
    GpxFileImportResult result;
    result.path = path;
    const bool ahead = m_readAhead && m_readAhead->nextFile() == path;
    try {
        result.written = m_importer.importStream(
            m_region, m_sourceId,
            [&](const TrackImporter::TrackSink& importTrack) {
                result.read = ahead ? m_readAhead->readNext(importTrack)
                                    : GpxReadAhead::readFile(path, m_sourceId, m_options, importTrack);
            },
            feedback);
    } catch (const Error& e) {
        result.error = e.message();
        result.cancelled = e.kind() == Error::Kind::Cancelled;
        result.written = {};
    }
    return result;
}

void GpxImportTotals::add(const GpxFileImportResult& result) {
    ++files;
    if (result.refused()) {
        ++refused;
        return;
    }
    tracks += result.read.tracks + result.read.routes;
    points += result.read.points;
    added += result.written.added;
    merged += result.written.merged;
    unchanged += result.written.unchanged;
    tooShort += result.written.tooShort;
    skippedWaypoints += result.read.skippedWaypoints;
    skippedRoutes += result.read.skippedRoutes;
    refusedTimes += result.read.refusedTimes;
    if (result.written.extent)
        unite(&extent, *result.written.extent);
}

GpxImportTotals GpxImportTotals::of(const std::vector<GpxFileImportResult>& results) {
    GpxImportTotals totals;
    for (const GpxFileImportResult& result : results)
        totals.add(result);
    return totals;
}

} // namespace tidemark::tracks
