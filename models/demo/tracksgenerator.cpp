#include "tracksgenerator.h"

#include "taskfeedback.h"

#include "demorandom.h"
#include "spatialitedatabase.h"
#include "trackdedupkey.h"
#include "trackimporter.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tidemark::demo {

namespace {

struct Town {
    const char* name;
    const char* region;
    double lat;
    double lon;
};
constexpr Town kTowns[] = {
    {"Moscow", "cfo", 55.751, 37.618},
    {"Tula", "cfo", 54.193, 37.617},
    {"Kaluga", "cfo", 54.513, 36.261},
    {"Vladimir", "cfo", 56.129, 40.407},
    {"Ryazan", "cfo", 54.629, 39.742},
    {"Yaroslavl", "cfo", 57.626, 39.884},
    {"Tver", "cfo", 56.859, 35.911},
    {"Ivanovo", "cfo", 57.000, 40.974},
    {"Bryansk", "cfo", 53.243, 34.364},
    {"Oryol", "cfo", 52.970, 36.064},
    {"Lipetsk", "cfo", 52.603, 39.571},
    {"Kostroma", "cfo", 57.768, 40.927},
    {"Cheboksary", "chuvashia", 56.146, 47.251},
};
constexpr int kTownCount = sizeof kTowns / sizeof kTowns[0];

struct ActivityShape {
    const char* type;
    double minKm, maxKm;
    double turniness; // heading change per step, radians (sigma)
};
constexpr ActivityShape kActivities[] = {
    {"hike", 4, 22, 0.35}, {"mtb", 10, 45, 0.25}, {"enduro", 15, 60, 0.3}, {"moto", 25, 110, 0.15}};

const char* const kWords[] = {"Oka",    "birch",  "ridge",  "river", "pine",     "loop",
                              "quarry", "forest", "meadow", "lake",  "old mill", "gully"};

struct Ride {
    int index;
    const Town* town;
    const ActivityShape* activity;
    std::vector<tracks::TrackPoint> points; // at least 8 m apart
    Micros startedAt;
    Micros firstImport;
    QStringList sources; // the first is where it appeared first
    QString name;
    QString user;
};

Ride makeRide(int index, quint64 seed, Micros rangeStart, Micros end) {
    DemoRandom random(DemoRandom::derive(seed, 3'000'000 + static_cast<quint64>(index)));
    Ride r;
    r.index = index;
    r.town = &kTowns[random.chance(0.25) ? 0 : random.range(0, kTownCount - 1)];
    r.activity = &kActivities[random.range(0, 3)];
    const double km = random.uniform(r.activity->minKm, r.activity->maxKm);
    const double step = std::max(8.0, km * 1000 / 900) * random.uniform(1.0, 1.6);
    const int count = std::max(20, static_cast<int>(km * 1000 / step));
    double lat = r.town->lat + random.normal(0.15);
    double lon = r.town->lon + random.normal(0.25);
    double heading = random.uniform(0, 6.283185307179586);
    r.firstImport = rangeStart + static_cast<Micros>(random.uniform() *
                                                     static_cast<double>(end - kMicrosPerDay - rangeStart));
    r.startedAt = r.firstImport - random.range(1, 60) * kMicrosPerDay -
                  random.range(6 * 3600, 18 * 3600) * kMicrosPerSecond;
    Micros t = r.startedAt;
    const double speed = qstrcmp(r.activity->type, "hike") == 0   ? 1.3
                         : qstrcmp(r.activity->type, "moto") == 0 ? 11
                                                                  : 4.5;
    r.points.reserve(count);
    for (int i = 0; i < count; ++i) {
        r.points.push_back({lat, lon, t});
        heading += random.normal(r.activity->turniness);
        const double d = step * random.uniform(0.8, 1.2);
        lat += d * std::cos(heading) / 111195.0;
        lon += d * std::sin(heading) / (111195.0 * std::cos(lat * 0.017453292519943295));
        t += static_cast<Micros>(d / speed * kMicrosPerSecond);
    }
    r.name = QStringLiteral("%1 %2 %3")
                 .arg(QString::fromLatin1(r.town->name), QLatin1String(kWords[random.range(0, 11)]),
                      QLatin1String(r.activity->type));
    r.user = QStringLiteral("rider%1").arg(random.range(1, 400));
    const double first = random.uniform();
    r.sources << (first < 0.45  ? QStringLiteral("osm")
                  : first < 0.8 ? QStringLiteral("ttrails")
                                : QStringLiteral("velomarsh"));
    for (const QString& other :
         {QStringLiteral("osm"), QStringLiteral("ttrails"), QStringLiteral("velomarsh")})
        if (!r.sources.contains(other) && random.chance(r.sources.size() == 1 ? 0.22 : 0.3))
            r.sources << other;
    return r;
}

// The ride as `source` delivers it; a source that was not the first adds points under 5 m apart.
tracks::ImportedTrack deliver(const Ride& r, const QString& source, bool duplicate, DemoRandom& random) {
    tracks::ImportedTrack t;
    t.sourceId = source;
    t.externalUrl = tracks::TrackSourceList::demo().find(source)->urlTemplate;
    t.externalUrl.replace(QLatin1String("{id}"),
                          QString::number(100000 + r.index * 7 + static_cast<int>(qHash(source) % 7)));
    t.name = r.name;
    t.activityType = QString::fromLatin1(r.activity->type);
    t.user = r.user;
    t.description = source == QLatin1String("ttrails")
                        ? QStringLiteral("%1 km").arg(r.points.size() * 0.02, 0, 'f', 1)
                        : QString();
    if (source != QLatin1String("osm"))
        t.tags = QStringList{QString::fromLatin1(r.town->region), t.activityType};
    const bool timed = source != QLatin1String("ttrails");
    t.points.reserve(r.points.size() * (duplicate ? 2 : 1));
    for (size_t i = 0; i < r.points.size(); ++i) {
        tracks::TrackPoint p = r.points[i];
        if (!timed)
            p.time.reset();
        t.points.push_back(p);
        if (duplicate && i + 1 < r.points.size() && random.chance(0.5)) {
            // A point under 2.5 m from the one before: the dedup key drops it.
            const double d = tracks::TrackDedupKey::haversineMetres(p, r.points[i + 1]);
            const double f = random.uniform(0.1, 0.6) * std::min(1.0, 4.0 / d);
            tracks::TrackPoint extra{
                p.lat + (r.points[i + 1].lat - p.lat) * f, p.lon + (r.points[i + 1].lon - p.lon) * f,
                timed ? std::optional<Micros>(*r.points[i].time + kMicrosPerSecond) : std::nullopt};
            t.points.push_back(extra);
        }
    }
    return t;
}

} // namespace

TracksGenerator::TracksGenerator(TracksGeneratorOptions options) : m_options(options) {
    if (m_options.end == 0)
        m_options.end = floorToStep(nowMicros(), kMicrosPerDay);
}

std::vector<TrackBatch> TracksGenerator::generate() const {
    const Micros halfYear = 182 * kMicrosPerDay + 12 * kMicrosPerHour;
    const int runs = std::max(1, m_options.years * 2);
    const Micros rangeStart = m_options.end - runs * halfYear;
    DemoRandom random(DemoRandom::derive(m_options.seed, 3));
    // (run, source order, region) -> batch
    std::map<std::tuple<int, int, QString>, TrackBatch> batches;
    const tracks::TrackSourceList sources = tracks::TrackSourceList::demo();
    for (int i = 0; i < m_options.tracks; ++i) {
        const Ride ride = makeRide(i, m_options.seed, rangeStart, m_options.end);
        int run = static_cast<int>((ride.firstImport - rangeStart) / halfYear);
        for (int s = 0; s < ride.sources.size(); ++s) {
            if (s > 0) // a duplicate appears in the same or a later run
                run = std::min(runs - 1, run + static_cast<int>(random.range(0, 2)));
            const QString region = QString::fromLatin1(ride.town->region);
            TrackBatch& batch = batches[{run, sources.rank(ride.sources[s]), region}];
            batch.region = region;
            batch.source = ride.sources[s];
            batch.importedAt = rangeStart + (run + 1) * halfYear - kMicrosPerDay +
                               sources.rank(ride.sources[s]) * kMicrosPerHour;
            batch.tracks.push_back(deliver(ride, ride.sources[s], s > 0, random));
        }
    }
    std::vector<TrackBatch> out;
    out.reserve(batches.size());
    for (auto& [key, batch] : batches)
        out.push_back(std::move(batch));
    return out;
}

void TracksGenerator::importInto(tracks::SpatialiteDatabase& db, TaskFeedback& feedback) const {
    for (const TrackBatch& batch : generate())
        tracks::TrackImporter(db, sources(), batch.importedAt)
            .importBatch(batch.region, batch.source, batch.tracks, feedback);
}

void TracksGenerator::importInto(tracks::SpatialiteDatabase& db) const {
    TaskFeedback withoutOperator;
    importInto(db, withoutOperator);
}

} // namespace tidemark::demo
