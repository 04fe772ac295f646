#include "freshtracksfile.h"
#include "spatialitedatabase.h"
#include "testfiles.h"
#include "thrownkind.h"
#include "trackdedupkey.h"
#include "trackimporter.h"
#include "tracksgenerator.h"
#include "tracksmigrator.h"
#include "tracksstore.h"
#include "trackssummaryloader.h"

#include "error.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <bit>
#include <cmath>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {
const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

std::vector<TrackPoint> line(double lat, double lon, int n, double stepMetres) {
    std::vector<TrackPoint> points;
    for (int i = 0; i < n; ++i)
        points.push_back(
            {lat + i * stepMetres / 111195.0, lon + i * stepMetres * 0.3 / 111195.0, std::nullopt});
    return points;
}

ImportedTrack track(const QString& source, const std::vector<TrackPoint>& points) {
    ImportedTrack t;
    t.sourceId = source;
    t.externalUrl = QStringLiteral("https://%1.example/1").arg(source);
    t.name = QStringLiteral("Oka ridge");
    t.activityType = QStringLiteral("mtb");
    t.user = QStringLiteral("rider7");
    t.points = points;
    return t;
}

QStringList jsonList(const QString& json) {
    QStringList out;
    for (const QJsonValue& v : QJsonDocument::fromJson(json.toUtf8()).array())
        out << v.toString();
    return out;
}
} // namespace

class TestTracks : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir m_dir;
    std::unique_ptr<SpatialiteDatabase> freshFile(const QString& name) {
        return test::freshTracksFile(m_dir.filePath(name));
    }

  private slots:
    void openerLoadsSpatialiteAndSetsWal() {
        auto db = SpatialiteDatabase::open(m_dir.filePath(QStringLiteral("a.sqlite")),
                                           SpatialiteDatabase::Mode::CreateIfMissing);
        QVERIFY(db->hasTable(QStringLiteral("spatial_ref_sys")));
        QVERIFY(db->scalar(QStringLiteral("SELECT count(*) FROM spatial_ref_sys WHERE srid = 4326")) == 1);
        auto mode = db->prepare(QStringLiteral("PRAGMA journal_mode"));
        QVERIFY(mode.step());
        QCOMPARE(mode.text(0), QStringLiteral("wal"));
        QVERIFY(db->scalar(QStringLiteral(
                    "SELECT ST_NPoints(GeomFromText('LINESTRING(0 0, 1 1, 2 2)', 4326))")) == 3);
    }

    void missingFileIsAConnectionError() {
        try {
            SpatialiteDatabase::open(m_dir.filePath(QStringLiteral("nope/x.sqlite")));
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Connection);
            QVERIFY(e.message().contains(QLatin1String("nope/x.sqlite")));
        }
    }

    void migrationsAreIdempotentAndRefuseNewer() {
        auto db = SpatialiteDatabase::open(m_dir.filePath(QStringLiteral("m.sqlite")),
                                           SpatialiteDatabase::Mode::CreateIfMissing);
        TracksMigrator migrator(*db);
        QCOMPARE(migrator.status().missingTables.size(), 4);
        QVERIFY_THROWS_EXCEPTION(Error, migrator.requireSchema());
        QCOMPARE(migrator.migrate().size(), 4);
        QCOMPARE(migrator.migrate().size(), 0);
        const SchemaStatus s = migrator.status();
        QCOMPARE(s.currentVersion, 4);
        QVERIFY(s.missingTables.isEmpty());
        migrator.requireSchema();
        QVERIFY(db->scalar(QStringLiteral(
                    "SELECT count(*) FROM geometry_columns WHERE f_table_name = 'tracks'")) == 1);
        db->exec(QStringLiteral(
            "INSERT INTO tidemark_schema_migrations VALUES ('tracks', 99, 'future', 'x', '2030-01-01')"));
        try {
            migrator.migrate();
            QFAIL("a newer schema was not refused");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
        }
    }

    void dedupKeyIgnoresCloseExtraPoints() {
        const auto base = line(55.5, 37.5, 50, 12);
        std::vector<TrackPoint> extra;
        for (size_t i = 0; i < base.size(); ++i) {
            extra.push_back(base[i]);
            if (i + 1 < base.size())
                extra.push_back({base[i].lat + (base[i + 1].lat - base[i].lat) * 0.2,
                                 base[i].lon + (base[i + 1].lon - base[i].lon) * 0.2, std::nullopt});
        }
        QCOMPARE(TrackDedupKey::of(extra), TrackDedupKey::of(base));
        auto reversed = base;
        std::reverse(reversed.begin(), reversed.end());
        QVERIFY(TrackDedupKey::of(reversed) != TrackDedupKey::of(base));
        QVERIFY(TrackDedupKey::of(line(55.5003, 37.5, 50, 12)) != TrackDedupKey::of(base));
        QCOMPARE(TrackDedupKey::of(base).size(), 64);
        QVERIFY(TrackDedupKey::normalisedText(base).startsWith("55.5000,37.5000\n"));
    }

    // The key's one pass (each cosine once, a step's distance reused by the length) against the rule written
    // plainly: every distance by the formula, the text by QByteArray::number, on random walks with steps
    // either side of 5 m, both hemispheres, zero and the antimeridian; key text and length to the bit.
    void dedupKeyAndLengthMatchThePlainRule() {
        auto plainDistance = [](const TrackPoint& a, const TrackPoint& b) {
            constexpr double r = 6371008.8, rad = 0.017453292519943295;
            const double dPhi = (b.lat - a.lat) * rad, dLambda = (b.lon - a.lon) * rad;
            const double h =
                std::sin(dPhi / 2) * std::sin(dPhi / 2) +
                std::cos(a.lat * rad) * std::cos(b.lat * rad) * std::sin(dLambda / 2) * std::sin(dLambda / 2);
            return 2 * r * std::asin(std::min(1.0, std::sqrt(h)));
        };
        auto fixed4 = [](double degrees) {
            return QByteArray::number(static_cast<double>(std::llround(degrees * 1e4)) / 1e4, 'f', 4);
        };
        QRandomGenerator random(29);
        for (int round = 0; round < 400; ++round) {
            std::vector<TrackPoint> points;
            double lat = random.bounded(178.0) - 89.0, lon = random.bounded(360.0) - 180.0;
            if (round % 4 == 0)
                lat = lon = random.bounded(2e-4) - 1e-4;       // around zero: signs and "-0.0000"
            const double stepDegrees = (round % 3 + 1) * 2e-5; // about 2, 4 and 7 m
            for (int i = random.bounded(1, 200); i > 0; --i) {
                points.push_back({lat, lon});
                lat = std::clamp(lat + (random.generateDouble() - 0.5) * stepDegrees * 2, -90.0, 90.0);
                lon += (random.generateDouble() - 0.5) * stepDegrees * 2;
                if (lon > 180)
                    lon -= 360;
            }
            QByteArray text;
            double length = 0;
            const TrackPoint* kept = nullptr;
            for (size_t i = 0; i < points.size(); ++i) {
                if (i > 0)
                    length += plainDistance(points[i - 1], points[i]);
                if (kept && plainDistance(*kept, points[i]) < TrackDedupKey::kMinStepMetres)
                    continue;
                kept = &points[i];
                text += fixed4(points[i].lat) + ',' + fixed4(points[i].lon) + '\n';
            }
            double onePass = -1;
            QCOMPARE(TrackDedupKey::normalisedText(points, &onePass), text);
            QCOMPARE(std::bit_cast<quint64>(onePass), std::bit_cast<quint64>(length));
            QCOMPARE(TrackDedupKey::of(points),
                     QString::fromLatin1(QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex()));
            if (points.size() > 1)
                QCOMPARE(TrackDedupKey::haversineMetres(points[0], points[1]),
                         plainDistance(points[0], points[1]));
        }
    }

    void duplicatesFromTwoSourcesMergeInConfiguredOrder() {
        auto db = freshFile(QStringLiteral("merge.sqlite"));
        TrackImporter importer(*db, TrackSourceList::demo(), kNow);
        const auto points = line(55.5, 37.5, 40, 15);
        QCOMPARE(importer
                     .importBatch(QStringLiteral("cfo"), QStringLiteral("ttrails"),
                                  {track(QStringLiteral("ttrails"), points)})
                     .added,
                 1);
        auto dup = track(QStringLiteral("osm"), points);
        dup.points.insert(dup.points.begin() + 1,
                          {points[0].lat + 1e-5, points[0].lon, std::nullopt}); // 1.1 m on
        const TrackImportReport report =
            importer.importBatch(QStringLiteral("cfo"), QStringLiteral("osm"), {dup, dup});
        QCOMPARE(report.added, 0);
        QCOMPARE(report.merged, 1);
        QCOMPARE(report.unchanged, 1);
        TracksStore store(*db);
        QCOMPARE(store.count(), 1);
        auto row = db->prepare(
            QStringLiteral("SELECT sources_json, external_urls_json, user, points_count FROM tracks"));
        QVERIFY(row.step());
        QCOMPARE(jsonList(row.text(0)), (QStringList{QStringLiteral("osm"), QStringLiteral("ttrails")}));
        QCOMPARE(jsonList(row.text(1)), (QStringList{QStringLiteral("https://osm.example/1"),
                                                     QStringLiteral("https://ttrails.example/1")}));
        QVERIFY(row.isNull(2)); // ttrails's licence does not allow authors; the first import decides
        QCOMPARE(row.toInt64(3), 40);
        QCOMPARE(store.pipelineRunCount(), 2);
        QCOMPARE(store.countBySource().value(QStringLiteral("ttrails")), 1);
    }

    void mergeKeepsAtMostEightSources() {
        TrackSourceList sources;
        QStringList s, u;
        for (int i = 0; i < 10; ++i)
            sources.merge(&s, &u, QStringLiteral("s%1").arg(9 - i), QStringLiteral("u%1").arg(9 - i));
        QCOMPARE(s.size(), TrackSourceList::kMaxSourcesPerTrack);
        QCOMPARE(u.size(), s.size());
        QCOMPARE(s.indexOf(QStringLiteral("s5")), u.indexOf(QStringLiteral("u5")));
    }

    void sourcesFromYaml() {
        const QString path = m_dir.filePath(QStringLiteral("gps_sources.yaml"));
        test::writeFile(path,
                        "sources:\n  - id: osm\n    name: OpenStreetMap\n    licence_allows_author: true\n"
                        "    url_template: \"https://osm.org/{id}\"\n  - id: ttrails\n    name: T Trails\n");
        const TrackSourceList list = TrackSourceList::fromYaml(path);
        QCOMPARE(list.sources().size(), 2);
        QCOMPARE(list.rank(QStringLiteral("ttrails")), 1);
        QVERIFY(list.find(QStringLiteral("osm"))->licenceAllowsAuthor);
        QCOMPARE(list.find(QStringLiteral("osm"))->urlTemplate, QStringLiteral("https://osm.org/{id}"));
    }

    // The same from bytes (the fuzzers' entry), with CR LF lines; a file larger than the cap is refused
    // naming it, before it is parsed; a bad line is named.
    void sourcesFromBytesAndBounded() {
        const TrackSourceList list = TrackSourceList::fromYamlBytes(
            "sources:\r\n  - id: osm\r\n    licence_allows_author: yes\r\n  - id: garmin\r\n",
            QStringLiteral("inline.yaml"));
        QCOMPARE(list.sources().size(), 2);
        QCOMPARE(list.sources().at(1).id, QStringLiteral("garmin"));
        QVERIFY(list.sources().at(0).licenceAllowsAuthor);
        QString message;
        QCOMPARE(test::thrownKind(
                     [] { TrackSourceList::fromYamlBytes("- id: a\nnot yaml\n", QStringLiteral("x.yaml")); },
                     &message),
                 Error::Kind::Settings);
        QVERIFY2(message.startsWith(QLatin1String("x.yaml line 2, column 1: more than the one list")),
                 qPrintable(message));
        const QString big = m_dir.filePath(QStringLiteral("big.yaml"));
        test::writeFile(big, "- id: a\n" + QByteArray(TrackSourceList::kMaxFileBytes, '#'));
        QCOMPARE(test::thrownKind([&] { TrackSourceList::fromYaml(big); }, &message), Error::Kind::Settings);
        QVERIFY2(message.contains(big) && message.contains(QLatin1String("larger than")),
                 qPrintable(message));
    }

    // What the sources fuzzer found (a second source with the same id was accepted, and with it an order of
    // sources_json that names one source twice) and what it led to: what cannot be one source of the list is
    // refused, naming the file, the line and column (yaml-cpp's mark) and why.
    void aSourcesFileIsRefusedLineByLine() {
        struct Refusal {
            QByteArray bytes;
            QString at; // "line L, column C"
            QString why;
        };
        const QList<Refusal> refused{
            {"- id: osm\n- id: ttrails\n- id: osm\n", QStringLiteral("line 3, column 7"),
             QStringLiteral("the id osm again")},
            {"- id: osm\n  id: other\n", QStringLiteral("line 2, column 3"),
             QStringLiteral("a second id in one source")},
            {"- id: \"\"\n", QStringLiteral("line 1, column 7"), QStringLiteral("an empty id")},
            {"- id:\n", QStringLiteral("line 1, column 3"), QStringLiteral("an empty id")},
            {"- name: no id\n", QStringLiteral("line 1, column 3"), QStringLiteral("a source without an id")},
            {"- id: osm\n  name: [\n", QStringLiteral("line 3, column 1"),
             QStringLiteral("end of sequence flow not found")},
            {"- id: osm\n  name: [a, b]\n", QStringLiteral("line 2, column 9"),
             QStringLiteral("name must be a single value")},
            {"- id: osm\n  licence_allows_author: maybe\n", QStringLiteral("line 2, column 26"),
             QStringLiteral("licence_allows_author is 'maybe'")},
            {"- id: osm\n  licence: true\n", QStringLiteral("line 2, column 3"),
             QStringLiteral("unknown key licence")},
            {"- id: osm\n---\n- id: garmin\n", QStringLiteral("line 3, column 1"),
             QStringLiteral("more than the one list of sources")},
            {"servers:\n  - id: osm\n", QStringLiteral("line 1, column 1"),
             QStringLiteral("expected \"sources:\"")},
            {"sources: osm\n", QStringLiteral("line 1, column 10"),
             QStringLiteral("expected a list of sources")},
            {QByteArray("- id: osm\n  name: a\0b\n", 22), QStringLiteral("line 2, column 10"),
             QStringLiteral("a NUL byte")}};
        for (const Refusal& r : refused) {
            QString message;
            QCOMPARE(
                test::thrownKind([&] { TrackSourceList::fromYamlBytes(r.bytes, QStringLiteral("s.yaml")); },
                                 &message),
                Error::Kind::Settings);
            QVERIFY2(message.startsWith(QStringLiteral("s.yaml %1: ").arg(r.at)) && message.contains(r.why),
                     qPrintable(message));
        }
        const TrackSourceList quoted = TrackSourceList::fromYamlBytes(
            "- id: 'osm'\n  name: \"a 'quoted' name\"\n", QStringLiteral("s.yaml"));
        QCOMPARE(quoted.sources().at(0).id, QStringLiteral("osm"));
        QCOMPARE(quoted.sources().at(0).name, QStringLiteral("a 'quoted' name"));
        // YAML's other spellings of the same list: a flow sequence, comments, an empty "sources:".
        const TrackSourceList flow = TrackSourceList::fromYamlBytes(
            "# configured sources\nsources: [{id: osm, licence_allows_author: true}, {id: garmin}]\n",
            QStringLiteral("s.yaml"));
        QCOMPARE(flow.sources().size(), 2);
        QVERIFY(flow.sources().at(0).licenceAllowsAuthor);
        QCOMPARE(TrackSourceList::fromYamlBytes("sources:\n", QStringLiteral("s.yaml")).sources().size(), 0);
        // What fuzz_sources found in yaml-cpp 0.7.0 (LoadAll parsing empty documents forever, allocating): a
        // ',' at the top level and a run of empty scalars; each is refused at once; a ',' in a value is not.
        for (const QByteArray& bytes :
             {QByteArray(",\""), QByteArray("- id: a\n,"), QByteArray("\t,"), QByteArray("[a] ,x"),
              QByteArray("{a: b} ,"), QByteArray("\"x\" ,"), QByteArray("# c\n,"), QByteArray("---\n,"),
              QByteArray::fromBase64(
                  "IiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiQ21vaG8gJ3RydWUKIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIi"
                  "IiIiIi"
                  "IiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiwiIiIiIiIiIiIiIiIiIi"
                  "IiIiIi"
                  "IiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiKiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIi"
                  "IiIiIi"
                  "IiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIyB0aGXgmmVtbyciIiIiIiJlcwpzb3Uj")}) {
            QString message;
            QCOMPARE(test::thrownKind(
                         [&] { TrackSourceList::fromYamlBytes(bytes, QStringLiteral("s.yaml")); }, &message),
                     Error::Kind::Settings);
            QVERIFY2(message.startsWith(QLatin1String("s.yaml")), qPrintable(message));
        }
        QCOMPARE(TrackSourceList::fromYamlBytes("- id: osm\n  name: \"Smith, John\" # a, b\n  url_template: "
                                                "'x,y'\n- {id: b, name: 'it''s, ok'}\n",
                                                QStringLiteral("s.yaml"))
                     .sources()
                     .size(),
                 2);
        // Nesting deeper than yaml-cpp's bound is refused, not a crash.
        QCOMPARE(test::thrownKind([] {
                     TrackSourceList::fromYamlBytes(QByteArray(100000, '['), QStringLiteral("s.yaml"));
                 }),
                 Error::Kind::Settings);
    }

    void generatedTracksImportWithMergedDuplicates() {
        demo::TracksGeneratorOptions options;
        options.end = kNow;
        const auto batches = demo::TracksGenerator(options).generate();
        const auto again = demo::TracksGenerator(options).generate();
        QCOMPARE(again.size(), batches.size());
        size_t delivered = 0;
        QSet<QString> sourceIds;
        for (size_t i = 0; i < batches.size(); ++i) {
            QCOMPARE(again[i].tracks.size(), batches[i].tracks.size());
            QCOMPARE(TrackDedupKey::of(again[i].tracks.front().points),
                     TrackDedupKey::of(batches[i].tracks.front().points));
            QVERIFY(i == 0 || batches[i].importedAt >= batches[i - 1].importedAt);
            delivered += batches[i].tracks.size();
            sourceIds.insert(batches[i].source);
        }
        QCOMPARE(sourceIds.size(), 3);
        options.seed = 5;
        QVERIFY(TrackDedupKey::of(demo::TracksGenerator(options).generate().front().tracks.front().points) !=
                TrackDedupKey::of(batches.front().tracks.front().points));

        auto db = freshFile(QStringLiteral("demo.sqlite"));
        int merged = 0;
        for (const auto& batch : batches)
            merged += TrackImporter(*db, demo::TracksGenerator::sources(), batch.importedAt)
                          .importBatch(batch.region, batch.source, batch.tracks)
                          .merged;
        TracksStore store(*db);
        qInfo("%zu tracks delivered in %zu batches, %lld rows, %d merged", delivered, batches.size(),
              store.count(), merged);
        QCOMPARE(store.count(), 2000);
        QCOMPARE(static_cast<size_t>(store.count() + merged), delivered);
        QVERIFY(merged > 300);
        QVERIFY(db->scalar(QStringLiteral("SELECT count(*) FROM tracks WHERE sources_json LIKE '%,%,%'")) >
                20);
        const TracksExtent e = store.extent();
        QVERIFY(e.minLat > 50 && e.maxLat < 60 && e.minLon > 30 && e.maxLon < 50);
        QCOMPARE(TracksSummaryLoader::summarize(*db).size(), size_t(1 + 4)); // the total, 4 activities
        const auto near = store.idsInBox(37.3, 55.5, 37.9, 56.0);
        QVERIFY(!near.empty());
        const auto osmOnly = store.idsInBox(37.3, 55.5, 37.9, 56.0, {}, {QStringLiteral("osm")});
        QVERIFY(osmOnly.size() < near.size());
        QVERIFY(db->scalar(QStringLiteral("SELECT count(*) FROM tracks WHERE created_at < '2021-11-30'")) >
                0);
    }
};

QTEST_GUILESS_MAIN(TestTracks)
#include "test_tracks.moc"
