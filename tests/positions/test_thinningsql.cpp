#include "geodesy.h"
#include "inmemorypositionstore.h"
#include "pgconnection.h"
#include "schemamigrator.h"
#include "sliceplanner.h"
#include "testpostgres.h"
#include "thinningstatement.h"
#include "thinningtestdata.h"

#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;

// keep_set (through the in-memory store) against the SQL statement on a real PostgreSQL 15: both thin the
// same tracks slice by slice, and every slice's survivors and reasons must agree row for row.
class TestThinningSql : public QObject {
    Q_OBJECT

    // Thins `tracks` in memory and in the database (statement by statement) and compares.
    void compare(PgConnection& db, const std::vector<MowerTrack>& tracks, Micros cutoff,
                 const PositionSettings& settings, long long* slicesOut = nullptr) {
        test::insertTracks(db, tracks);
        InMemoryPositionStore store(tracks);
        store.thinUntil(cutoff, settings);
        const ThinningStatement statement(settings);
        long long slices = 0;
        for (std::size_t k = 0; k < tracks.size(); ++k) {
            const MowerTrack& track = tracks[k];
            const MowerTrack& thinned = store.tracks()[k];
            const auto plan =
                SlicePlanner::plan(track.mowerId, std::nullopt, track.rows.front().observedAt, cutoff);
            std::size_t at = 0; // index into the store's survivors
            for (const SliceRange& slice : plan) {
                const auto kept = statement.keptRows(db, slice, true);
                ++slices;
                while (at < thinned.rows.size() && thinned.rows[at].observedAt < slice.begin)
                    ++at;
                std::size_t j = 0;
                for (; at < thinned.rows.size() && thinned.rows[at].observedAt < slice.end; ++at, ++j) {
                    const QByteArray where =
                        QStringLiteral("track %1 (mower %2) slice %3..%4 row %5")
                            .arg(k)
                            .arg(track.mowerId.toString(), formatIsoTimestamp(slice.begin),
                                 formatIsoTimestamp(slice.end),
                                 formatIsoTimestamp(thinned.rows[at].observedAt))
                            .toUtf8();
                    QVERIFY2(j < kept.size(), where.constData());
                    QVERIFY2(
                        kept[j].observedAt == thinned.rows[at].observedAt,
                        (where + " SQL kept " + formatIsoTimestamp(kept[j].observedAt).toUtf8()).constData());
                    QVERIFY2(kept[j].reasons == store.reasons(k)[at],
                             (where + " reasons SQL " + keepReasonsText(kept[j].reasons).toUtf8() + " C++ " +
                              keepReasonsText(store.reasons(k)[at]).toUtf8())
                                 .constData());
                }
                QVERIFY2(j == kept.size(),
                         qPrintable(QStringLiteral("track %1 slice %2: SQL kept %3 rows, C++ %4")
                                        .arg(k)
                                        .arg(formatIsoTimestamp(slice.begin))
                                        .arg(kept.size())
                                        .arg(j)));
            }
            const std::vector<PositionRow> left = test::tableRows(db, track.mowerId);
            QCOMPARE(left.size(), thinned.rows.size());
            for (std::size_t i = 0; i < left.size(); ++i)
                QCOMPARE(left[i].observedAt, thinned.rows[i].observedAt);
        }
        if (slicesOut)
            *slicesOut = slices;
    }

  private slots:
    void randomTracksAgree_data() {
        QTest::addColumn<quint32>("seed");
        QTest::addColumn<int>("active");
        QTest::addColumn<int>("idle");
        QTest::newRow("defaults") << 20261130u << 30 << 300;
        QTest::newRow("60/100 (bins not nested)") << 7u << 60 << 100;
    }
    void randomTracksAgree() {
        QFETCH(quint32, seed);
        QFETCH(int, active);
        QFETCH(int, idle);
        PositionSettings settings;
        settings.thinActiveSeconds = active;
        settings.thinIdleSeconds = idle;
        auto db = test::freshPositionsDatabase(QStringLiteral("thinsql_random_%1").arg(seed));
        test::RandomTracks random(seed);
        const int count = active == 30 ? 2000 : 100;
        long long rows = 0, slices = 0;
        for (int batch = 0; batch < count / 100; ++batch) {
            std::vector<MowerTrack> tracks;
            for (int i = 0; i < 100; ++i)
                tracks.push_back(random.next(500));
            for (const MowerTrack& t : tracks)
                rows += static_cast<long long>(t.rows.size());
            long long s = 0;
            // A cutoff inside many tracks, so that last slices are short and recent rows stay.
            compare(*db, tracks, test::kRandomTracksBase + 30 * kMicrosPerHour, settings, &s);
            slices += s;
        }
        qInfo("%d random tracks, %lld rows, %lld slices compared", count, rows, slices);
    }

    // Random tracks cut into sessions (thinningtestdata's inSessions), thinned by the batch statement: the
    // slices that hold rows, each batch as many of them in order as lie a context apart (a slice next to the
    // one before starts the next batch). Every slice's counts and the survivors agree with keep_set slice by
    // slice.
    void batchesAgreeWithKeepSet() {
        auto db = test::freshPositionsDatabase(QStringLiteral("thinsql_batches"));
        const PositionSettings settings;
        test::RandomTracks random(20261204);
        std::vector<MowerTrack> tracks;
        for (int i = 0; i < 200; ++i)
            tracks.push_back(test::inSessions(random.next(500), 1000u + static_cast<std::uint32_t>(i)));
        const Micros cutoff = test::kRandomTracksBase + 6 * kMicrosPerDay;
        test::insertTracks(*db, tracks);
        InMemoryPositionStore store(tracks);
        store.thinUntil(cutoff, settings);
        const ThinningStatement statement(settings);
        long long batches = 0, batched = 0, split = 0;
        for (std::size_t k = 0; k < tracks.size(); ++k) {
            const std::vector<PositionRow>& rows = tracks[k].rows;
            const std::vector<PositionRow>& kept = store.tracks()[k].rows;
            const auto within = [](const std::vector<PositionRow>& r, const SliceRange& s) {
                const auto by = [](const PositionRow& row, Micros t) { return row.observedAt < t; };
                return std::lower_bound(r.begin(), r.end(), s.end, by) -
                       std::lower_bound(r.begin(), r.end(), s.begin, by);
            };
            std::vector<SliceRange> held;
            for (const SliceRange& slice :
                 SlicePlanner::plan(tracks[k].mowerId, std::nullopt, rows.front().observedAt, cutoff))
                if (within(rows, slice) > 0)
                    held.push_back(slice);
            for (std::size_t i = 0; i < held.size();) {
                std::vector<SliceRange> batch{held[i++]};
                for (; i < held.size() && held[i].begin - batch.back().end >= kSliceContext; ++i)
                    batch.push_back(held[i]);
                split += i < held.size();
                db->execScript(QStringLiteral("BEGIN; ") + ThinningStatement::transactionSettings());
                const auto counts = ThinningStatement::countsOfSlices(
                    db->execPipelined({statement.statementFor(batch)}).front());
                db->exec(QStringLiteral("COMMIT"));
                QCOMPARE(counts.size(), batch.size());
                for (std::size_t j = 0; j < batch.size(); ++j) {
                    QCOMPARE(counts[j].scanned, static_cast<long long>(within(rows, batch[j])));
                    QCOMPARE(counts[j].deleted, counts[j].scanned - within(kept, batch[j]));
                    QVERIFY(!counts[j].badRowAt);
                }
                ++batches;
                batched += batch.size() > 1 ? static_cast<long long>(batch.size()) : 0;
            }
            const std::vector<PositionRow> left = test::tableRows(*db, tracks[k].mowerId);
            QCOMPARE(left.size(), kept.size());
            for (std::size_t i = 0; i < left.size(); ++i)
                QCOMPARE(left[i].observedAt, kept[i].observedAt);
        }
        qInfo(
            "%lld batches, %lld slices in batches of two or more, %lld batches ended by a slice next to them",
            batches, batched, split);
        QVERIFY(batched > 100);
        QVERIFY(split > 100);
    }

    // Hand-made boundary cases (each also checked against the rules in test_keepset) agree with SQL.
    void boundaryCasesAgree() {
        auto db = test::freshPositionsDatabase(QStringLiteral("thinsql_boundaries"));
        PositionSettings settings;
        std::vector<MowerTrack> tracks;
        const Micros t0 = Micros(1767225600) * kMicrosPerSecond; // 2026-01-01, on every grid
        // Exactly 120 s and 120 s + 1 µs between rows.
        {
            MowerTrack t{QUuid::createUuid(), {}, {}};
            Micros at = t0;
            for (Micros dt : {Micros(0), 10 * kMicrosPerSecond, 120 * kMicrosPerSecond, 10 * kMicrosPerSecond,
                              120 * kMicrosPerSecond + 1, 10 * kMicrosPerSecond, 10 * kMicrosPerSecond}) {
                at += dt;
                t.rows.push_back({at, 52.5, 13.4});
            }
            tracks.push_back(t);
        }
        // Steps of exactly 1 m (found by searching the latitude) and just over, standing otherwise.
        {
            MowerTrack t{QUuid::createUuid(), {}, {}};
            // At the equator exact 1 m steps exist: rows go back and forth between 0 and lat1 (exactly 1 m)
            // or the next double above it (just over).
            double lat1 = 1.0 / (kEarthRadiusMetres * kRadiansPerDegree);
            while (distanceMetres(0.0, 13.4, lat1, 13.4) > 1.0)
                lat1 = std::nextafter(lat1, 0.0);
            while (distanceMetres(0.0, 13.4, lat1, 13.4) < 1.0)
                lat1 = std::nextafter(lat1, 90.0);
            QCOMPARE(distanceMetres(0.0, 13.4, lat1, 13.4), 1.0);
            for (int i = 0; i < 40; ++i) {
                const double lat = i % 2 == 0 ? 0.0 : (i % 3 == 0 ? std::nextafter(lat1, 90.0) : lat1);
                t.rows.push_back({t0 + i * 7 * kMicrosPerSecond, lat, 13.4});
            }
            tracks.push_back(t);
        }
        // Turns of just under and just over 25°, and steps just under 0.3 m.
        {
            MowerTrack t{QUuid::createUuid(), {}, {}};
            double lat = 48.1, lon = 11.5;
            Micros at = t0;
            for (int k = 0; k < 30; ++k) {
                const double angle = (25.0 + (k % 2 ? 1e-9 : -1e-9)) * kRadiansPerDegree;
                const double step = (k % 3 == 0) ? 0.2999 : 0.5;
                for (int s = 0; s < 3; ++s) {
                    t.rows.push_back({at, lat, lon});
                    at += kMicrosPerSecond;
                    const double heading = (s == 2 ? angle : 0) + k * 0.1;
                    lat += std::cos(heading) * step / 111195.0;
                    lon += std::sin(heading) * step / (111195.0 * std::cos(lat * kRadiansPerDegree));
                }
            }
            tracks.push_back(t);
        }
        compare(*db, tracks, t0 + kMicrosPerDay, settings);
    }
};

QTEST_GUILESS_MAIN(TestThinningSql)
#include "test_thinningsql.moc"
