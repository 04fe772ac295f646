#include "tracksstore.h"

#include "tracksdatabase.h"
#include "trackssummary.h"

#include <algorithm>

namespace tidemark::tracks {

TracksStore::TracksStore(TracksDatabase& db) : m_db(db) {}

qint64 TracksStore::count() {
    return m_db.trackCount();
}

TracksExtent TracksStore::extent() {
    TracksExtent e;
    bool first = true;
    for (const TracksSummary& s : m_db.summariesByActivity()) {
        if (first) {
            e = {0, s.minLon, s.minLat, s.maxLon, s.maxLat};
            first = false;
        }
        e.tracks += s.tracks;
        e.minLon = std::min(e.minLon, s.minLon);
        e.minLat = std::min(e.minLat, s.minLat);
        e.maxLon = std::max(e.maxLon, s.maxLon);
        e.maxLat = std::max(e.maxLat, s.maxLat);
    }
    return e;
}

QMap<QString, qint64> TracksStore::countBySource() {
    QMap<QString, qint64> counts;
    m_db.forEachSourceList([&](const QStringList& sources) {
        for (const QString& source : sources)
            counts[source] += 1;
    });
    return counts;
}

qint64 TracksStore::pipelineRunCount() {
    return m_db.pipelineRunCount();
}

std::vector<qint64> TracksStore::idsInBox(double minLon, double minLat, double maxLon, double maxLat,
                                          const QStringList& activities, const QStringList& sources) {
    TracksQuery query;
    query.box = {minLon, minLat, maxLon, maxLat};
    query.activities = activities;
    query.sources = sources;
    std::vector<qint64> ids;
    for (const TrackRow& t : tracksInBox(query).tracks)
        ids.push_back(t.id);
    return ids;
}

namespace {

bool hasAnySource(const QStringList& trackSources, const QStringList& wanted) {
    return std::any_of(trackSources.begin(), trackSources.end(),
                       [&](const QString& s) { return wanted.contains(s); });
}

// Runs the scan and calls `take` for each row that passes the source filter and lies in the page; sets
// `*matching` (when given) to how many match. Without a sources filter the page and the count come from SQL,
// so a page of a million tracks in view reads one page.
template <typename Take>
void forEachInPage(TracksDatabase& db, const TracksQuery& query, bool withGeometry, Take take,
                   qint64* matching = nullptr) {
    qint64 seen = 0;
    if (query.sources.isEmpty()) {
        db.scanBox(query, withGeometry, [&](BoxRow& r) {
            ++seen;
            take(r);
        });
        if (matching) {
            const bool whole = query.offset == 0 && (query.limit < 0 || seen < query.limit);
            *matching = whole ? seen : db.countInBox(query);
        }
        return;
    }
    db.scanBox(query, withGeometry, [&](BoxRow& r) {
        if (!hasAnySource(r.row.sources, query.sources))
            return;
        const qint64 index = seen++;
        if (index < query.offset || (query.limit >= 0 && index >= query.offset + query.limit))
            return;
        take(r);
    });
    if (matching)
        *matching = seen;
}

} // namespace

TracksPage TracksStore::tracksInBox(const TracksQuery& query) {
    TracksPage page;
    forEachInPage(
        m_db, query, false, [&](BoxRow& r) { page.tracks.push_back(std::move(r.row)); }, &page.matching);
    return page;
}

std::vector<SimplifiedTrack> TracksStore::simplifiedInBox(const TracksQuery& query, int zoom,
                                                          double tolerancePixels) {
    const TrackSimplifier simplifier(zoom, tolerancePixels);
    std::vector<SimplifiedTrack> out;
    forEachInPage(m_db, query, true, [&](BoxRow& r) {
        SimplifiedTrack t;
        t.id = r.row.id;
        t.activity = std::move(r.row.activity);
        t.sources = std::move(r.row.sources);
        t.storedPoints = static_cast<qint64>(r.points.size());
        t.points = simplifier.simplify(r.points);
        out.push_back(std::move(t));
    });
    return out;
}

} // namespace tidemark::tracks
