#include "thinningtestdata.h"

#include "inmemorypositionstore.h"
#include "pgconnection.h"
#include "positionloader.h"
#include "positionsettings.h"
#include "positionslayout.h"
#include "positionsschema.h"
#include "schemamigrator.h"
#include "testcitus.h"
#include "testpostgres.h"

#include <QStringList>
#include <QTest>
#include <cmath>

namespace tidemark::test {

using namespace tidemark::positions;

MowerTrack RandomTracks::next(int maxRows) {
    MowerTrack track;
    track.mowerId = QUuid::createUuid();
    const int rows = between(1, maxRows);
    // Start on the 5-minute grid (a slice boundary), on a bin boundary, or anywhere, in 2025.
    Micros t = kRandomTracksBase + Micros(between(0, 48 * 3600)) * kMicrosPerSecond + between(0, 999999);
    const int startKind = between(0, 2);
    if (startKind == 0)
        t = floorToStep(t, kSliceGrid);
    else if (startKind == 1)
        t = floorToStep(t, 30 * kMicrosPerSecond) + between(-1, 1);
    double lat = uniform(-60, 60);
    double lon = uniform(-179, 179);
    double heading = uniform(0, 2 * M_PI);
    bool blades = chance(0.5);
    int rtk = between(-1, 2);
    enum Mode { Moving, Standing, Lanes } mode = Moving;
    double speed = uniform(0.05, 1.5);
    Micros interval = Micros(between(1, 20)) * kMicrosPerSecond;
    bool microJitter = chance(0.3);
    int lanePhase = 0;
    for (int i = 0; i < rows; ++i) {
        PositionRow r;
        r.observedAt = t;
        r.lat = lat;
        r.lon = lon;
        r.bladesOn = blades;
        r.rtkFix = static_cast<std::int8_t>(rtk);
        r.wifiRssi = chance(0.2) ? PositionRow::kNoRssi : static_cast<std::int16_t>(between(-90, -30));
        r.mnetRssi = chance(0.5) ? PositionRow::kNoRssi : static_cast<std::int16_t>(between(-110, -50));
        track.rows.push_back(r);
        if (chance(0.02))
            track.errorInstants.push_back(t);

        // The next row.
        if (chance(0.02))
            mode = static_cast<Mode>(between(0, 2));
        if (chance(0.03))
            speed = uniform(0.05, 1.5);
        if (chance(0.02))
            interval = Micros(between(1, 20)) * kMicrosPerSecond;
        if (chance(0.02))
            blades = !blades;
        if (chance(0.02))
            rtk = between(-1, 2);
        Micros dt = interval + (microJitter ? between(-400000, 400000) : 0);
        if (dt <= 0)
            dt = 1;
        const double gapRoll = uniform(0, 1);
        if (gapRoll < 0.01)
            dt = 120 * kMicrosPerSecond;
        else if (gapRoll < 0.02)
            dt = 120 * kMicrosPerSecond + 1;
        else if (gapRoll < 0.03)
            dt = Micros(between(121, 4 * 3600)) * kMicrosPerSecond;
        else if (gapRoll < 0.035)
            dt = floorToStep(t + 10 * kMicrosPerMinute, kSliceGrid) - t; // land on a slice boundary
        t += dt;

        const double seconds = double(dt) / kMicrosPerSecond;
        double north = 0, east = 0;
        switch (mode) {
        case Moving:
            if (chance(0.1))
                heading += uniform(-1.2, 1.2);
            north = std::cos(heading) * speed * std::min(seconds, 20.0);
            east = std::sin(heading) * speed * std::min(seconds, 20.0);
            break;
        case Standing:
            north = uniform(-0.05, 0.05);
            east = uniform(-0.05, 0.05);
            break;
        case Lanes:
            // Straight 0.35 m steps; at a lane end two sideways steps of 0.11 m and back the other way.
            if (++lanePhase % 30 == 0) {
                north = std::cos(heading + M_PI / 2) * 0.11;
                east = std::sin(heading + M_PI / 2) * 0.11;
            } else if (lanePhase % 30 == 1) {
                north = std::cos(heading + M_PI / 2) * 0.11;
                east = std::sin(heading + M_PI / 2) * 0.11;
                heading += M_PI;
            } else {
                north = std::cos(heading) * 0.35;
                east = std::sin(heading) * 0.35;
            }
            break;
        }
        lat += north / 111195.0;
        lon += east / (111195.0 * std::cos(lat * M_PI / 180));
    }
    if (chance(0.1))
        track.errorInstants.push_back(track.rows.front().observedAt + 1); // not at a row
    std::sort(track.errorInstants.begin(), track.errorInstants.end());
    track.errorInstants.erase(std::unique(track.errorInstants.begin(), track.errorInstants.end()),
                              track.errorInstants.end());
    return track;
}

namespace {
QString arrayLiteral(const QStringList& items) {
    return QLatin1Char('{') + items.join(QLatin1Char(',')) + QLatin1Char('}');
}
} // namespace

void insertTracks(PgConnection& db, const std::vector<MowerTrack>& tracks) {
    QStringList ids, times, lats, lons, blades, rtks, wifis, mnets;
    QStringList hIds, hTimes, hCodes;
    const auto flush = [&] {
        if (!ids.isEmpty())
            db.exec(QStringLiteral(
                        "INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on, rtk_fix, "
                        "wifi_rssi, mnet_rssi)"
                        " SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::float8[], $4::float8[],"
                        " $5::boolean[], $6::smallint[], $7::smallint[], $8::smallint[])"),
                    {arrayLiteral(ids), arrayLiteral(times), arrayLiteral(lats), arrayLiteral(lons),
                     arrayLiteral(blades), arrayLiteral(rtks), arrayLiteral(wifis), arrayLiteral(mnets)});
        if (!hIds.isEmpty())
            db.exec(QStringLiteral("INSERT INTO mower_history (mower_id, observed_at, state, error_code)"
                                   " SELECT i, t, 'state', c FROM unnest($1::uuid[], $2::timestamptz[], "
                                   "$3::int[]) AS u(i, t, c)"
                                   " ON CONFLICT DO NOTHING"),
                    {arrayLiteral(hIds), arrayLiteral(hTimes), arrayLiteral(hCodes)});
        for (QStringList* l :
             {&ids, &times, &lats, &lons, &blades, &rtks, &wifis, &mnets, &hIds, &hTimes, &hCodes})
            l->clear();
    };
    for (const MowerTrack& track : tracks) {
        const QString id = track.mowerId.toString(QUuid::WithoutBraces);
        for (const PositionRow& r : track.rows) {
            ids << id;
            times << QLatin1Char('"') + formatIsoTimestamp(r.observedAt) + QLatin1Char('"');
            lats << QString::number(r.lat, 'g', 17);
            lons << QString::number(r.lon, 'g', 17);
            blades << (r.bladesOn ? QStringLiteral("t") : QStringLiteral("f"));
            rtks << (r.hasRtkFix() ? QString::number(r.rtkFix) : QStringLiteral("NULL"));
            wifis << (r.hasWifi() ? QString::number(r.wifiRssi) : QStringLiteral("NULL"));
            mnets << (r.hasMnet() ? QString::number(r.mnetRssi) : QStringLiteral("NULL"));
        }
        for (Micros e : track.errorInstants) {
            hIds << id;
            hTimes << QLatin1Char('"') + formatIsoTimestamp(e) + QLatin1Char('"');
            hCodes << QStringLiteral("17");
        }
        // A history row without an error code at a row instant never keeps that row.
        if (track.rows.size() > 2) {
            const Micros plain = track.rows[track.rows.size() / 2].observedAt;
            if (!std::binary_search(track.errorInstants.begin(), track.errorInstants.end(), plain)) {
                hIds << id;
                hTimes << QLatin1Char('"') + formatIsoTimestamp(plain) + QLatin1Char('"');
                hCodes << QStringLiteral("NULL");
            }
        }
        if (ids.size() > 20000)
            flush();
    }
    flush();
    // Statistics as autovacuum would keep them on a live table (the thinning statement's joins need them).
    db.exec(QStringLiteral("ANALYZE mower_positions"));
    db.exec(QStringLiteral("ANALYZE mower_history"));
}

std::vector<PositionRow> tableRows(PgConnection& db, const QUuid& mowerId) {
    // 1900 .. 2200: every row of the tests.
    return PositionLoader(db)
        .load(mowerId, Micros(-2208988800) * kMicrosPerSecond, Micros(7258118400) * kMicrosPerSecond)
        .rows;
}

std::vector<MowerTrack> someTracks(std::uint32_t seed, int count, int maxRows) {
    RandomTracks random(seed);
    std::vector<MowerTrack> tracks;
    for (int i = 0; i < count; ++i)
        tracks.push_back(random.next(maxRows));
    return tracks;
}

MowerTrack longTrack(std::uint32_t seed) {
    MowerTrack track;
    track.mowerId = someTracks(seed, 1, 1)[0].mowerId;
    for (int i = 0; i < 30000; ++i)
        track.rows.push_back({kRandomTracksBase + i * 2 * kMicrosPerSecond, 50 + (i % 600) * 3e-6,
                              8 + (i / 600) * 2e-6, i % 5000 < 4000, 2});
    return track;
}

MowerTrack inSessions(const MowerTrack& track, std::uint32_t seed) {
    std::mt19937_64 rng(seed);
    // Pauses that end a session: none, around the context's 10 minutes, a few hours (the next slice, or
    // the one after), days.
    const Micros pauses[] = {0,
                             9 * kMicrosPerMinute,
                             10 * kMicrosPerMinute,
                             11 * kMicrosPerMinute,
                             3 * kMicrosPerHour,
                             6 * kMicrosPerHour,
                             13 * kMicrosPerHour,
                             3 * kMicrosPerDay};
    MowerTrack out{track.mowerId, {}, {}};
    Micros shift = 0;
    std::size_t errors = 0;
    for (std::size_t i = 0; i < track.rows.size();) {
        const std::size_t end =
            std::min(track.rows.size(), i + std::uniform_int_distribution<std::size_t>(5, 80)(rng));
        const Micros until = end < track.rows.size() ? track.rows[end].observedAt : kMicrosPerDay * 100000;
        for (; errors < track.errorInstants.size() && track.errorInstants[errors] < until; ++errors)
            out.errorInstants.push_back(track.errorInstants[errors] + shift);
        for (; i < end; ++i) {
            PositionRow row = track.rows[i];
            row.observedAt += shift;
            out.rows.push_back(row);
        }
        shift += pauses[std::uniform_int_distribution<std::size_t>(0, std::size(pauses) - 1)(rng)];
    }
    return out;
}

bool positionsOnCitus() {
    return qgetenv("TIDEMARK_TEST_POSITIONS_ENGINE") == "citus";
}

std::unique_ptr<PgConnection> freshPositionsDatabase(const QString& name, QString* conninfo) {
    const QString info =
        positionsOnCitus() ? TestCitus::createDatabase(name) : TestPostgres::createDatabase(name);
    if (conninfo)
        *conninfo = info;
    auto db = PgConnection::open(info);
    SchemaMigrator(*db, positions::positionsSchema()).migrate();
    if (positionsOnCitus())
        positions::PositionsLayout::distribute(*db);
    return db;
}

void expectThinnedLikeStore(PgConnection& db, const std::vector<MowerTrack>& tracks, Micros cutoff) {
    InMemoryPositionStore store(tracks);
    store.thinUntil(cutoff, PositionSettings{});
    for (std::size_t k = 0; k < tracks.size(); ++k) {
        const auto rows = tableRows(db, tracks[k].mowerId);
        const auto& expected = store.tracks()[k].rows;
        QCOMPARE(rows.size(), expected.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].observedAt, expected[i].observedAt);
            QCOMPARE(rows[i].lat, expected[i].lat);
        }
    }
}

RoundOptions roundAt(Micros now) {
    RoundOptions o;
    o.now = now;
    o.ignoreWindow = true;
    return o;
}

std::optional<Micros> watermarkOf(PgConnection& db, const QUuid& mowerId) {
    const PgResult r = db.exec(
        QStringLiteral(
            "SELECT (extract(epoch FROM thinned_until) * 1000000)::bigint FROM mower_positions_thinning"
            " WHERE mower_id = $1"),
        {mowerId.toString(QUuid::WithoutBraces)});
    if (r.rows() == 0)
        return std::nullopt;
    return r.toLong(0, 0);
}

} // namespace tidemark::test
