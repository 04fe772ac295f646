#include "freshtracksfile.h"
#include "gpxdomreading.h"
#include "testfiles.h"

#include "gpxfilebatch.h"
#include "gpxreadahead.h"
#include "gpxreader.h"
#include "spatialitedatabase.h"
#include "trackdedupkey.h"
#include "trackimporter.h"
#include "tracksmigrator.h"
#include "tracksstore.h"

#include "error.h"
#include "taskfeedback.h"

#include <QBuffer>
#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <sys/resource.h>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {
const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));
const QString kGpxDir = QStringLiteral(TIDEMARK_SOURCE_DIR "/tests/data/gpx");

QStringList realFiles() {
    return QDir(kGpxDir).entryList({QStringLiteral("*.gpx")}, QDir::Files, QDir::Name);
}

struct Collected {
    GpxReadSummary summary;
    std::vector<ImportedTrack> tracks;
};

Collected readAll(const QString& path, bool routes) {
    Collected c;
    GpxReadOptions options;
    options.routesAsTracks = routes;
    c.summary =
        GpxReader::readFile(path, options, [&](ImportedTrack&& t) { c.tracks.push_back(std::move(t)); });
    return c;
}

Collected readText(const QByteArray& text, bool routes = false) {
    QBuffer buffer;
    buffer.setData(text);
    buffer.open(QIODevice::ReadOnly);
    Collected c;
    GpxReadOptions options;
    options.routesAsTracks = routes;
    c.summary = GpxReader(&buffer, QStringLiteral("inline.gpx"), options).read([&](ImportedTrack&& t) {
        c.tracks.push_back(std::move(t));
    });
    return c;
}

long maxRssKb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

int countIf(const std::vector<TrackPoint>& points, bool time) {
    int n = 0;
    for (const TrackPoint& p : points)
        n += time ? p.time.has_value() : p.elevation.has_value();
    return n;
}

// The 1-based line of byte offset `at` in `text`.
int lineOf(const QByteArray& text, qsizetype at) {
    return static_cast<int>(text.left(at).count('\n')) + 1;
}
} // namespace

class TestGpxImport : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir m_dir;
    TaskFeedback m_feedback; // an import without an operator: never paused or cancelled
    std::unique_ptr<SpatialiteDatabase> freshFile(const QString& name) {
        return test::freshTracksFile(m_dir.filePath(name));
    }

    // Refused with the file, line and column named, and nothing of it written; the batch's pipeline_runs
    // row says "failed" with the same message.
    void expectRefused(SpatialiteDatabase& db, const QString& path, int expectedLine) {
        TracksStore store(db);
        const qint64 rowsBefore = store.count();
        const qint64 runsBefore = store.pipelineRunCount();
        TrackImporter importer(db, TrackSourceList::demo(), kNow);
        GpxFileBatch batch(importer, QStringLiteral("test"), QStringLiteral("osm"));
        const GpxFileImportResult r = batch.importFile(path, m_feedback);
        QVERIFY(r.refused());
        qInfo("%s", qPrintable(r.error));
        QVERIFY2(r.error.startsWith(path), qPrintable(r.error));
        const auto m = QRegularExpression(QStringLiteral(" line (\\d+), column (\\d+): ")).match(r.error);
        QVERIFY2(m.hasMatch(), qPrintable(r.error));
        if (expectedLine > 0)
            QCOMPARE(m.captured(1).toInt(), expectedLine);
        QVERIFY(m.captured(2).toInt() > 0);
        QCOMPARE(r.written.added, 0);
        QCOMPARE(store.count(), rowsBefore);
        QCOMPARE(store.pipelineRunCount(), runsBefore + 1);
        auto run = db.prepare(
            QStringLiteral("SELECT status, error, tracks_added FROM pipeline_runs ORDER BY id DESC LIMIT 1"));
        QVERIFY(run.step());
        QCOMPARE(run.text(0), QStringLiteral("failed"));
        QCOMPARE(run.text(1), r.error);
        QCOMPARE(run.toInt64(2), 0);
    }

  private slots:
    void initTestCase() {
        qputenv("TZ", "UTC");
        QVERIFY(m_dir.isValid());
        QVERIFY2(realFiles().size() >= 28, "the real GPX files are missing");
    }

    // First, while the process's peak RSS is still low: a 60 MB file streams through the reader and the
    // import with its peak RSS growing far less than the file.
    void largeFileIsStreamed() {
        const QString path = m_dir.filePath(QStringLiteral("large.gpx"));
        const int tracksWanted = 300, pointsPerTrack = 2000;
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"test\" "
                    "xmlns=\"http://www.topografix.com/GPX/1/1\">\n");
            for (int t = 0; t < tracksWanted; ++t) {
                QByteArray chunk = "<trk><name>synthetic " + QByteArray::number(t) + "</name><trkseg>\n";
                for (int i = 0; i < pointsPerTrack; ++i) {
                    const double lat = 50 + t * 0.01 + i * 1e-4, lon = 30 + i * 1e-4;
                    chunk += "<trkpt lat=\"" + QByteArray::number(lat, 'f', 7) + "\" lon=\"" +
                             QByteArray::number(lon, 'f', 7) + "\"><ele>" + QByteArray::number(100 + i % 50) +
                             ".5</ele><time>2026-01-01T00:00:00Z</time></trkpt>\n";
                }
                f.write(chunk + "</trkseg></trk>\n");
            }
            f.write("</gpx>\n");
        }
        const double mb = QFileInfo(path).size() / 1e6;
        auto db =
            freshFile(QStringLiteral("large.sqlite")); // SpatiaLite's libraries are loaded before measuring
        const long before = maxRssKb();
        qint64 points = 0;
        int tracks = 0;
        const GpxReadSummary s = GpxReader::readFile(path, {}, [&](ImportedTrack&& t) {
            ++tracks;
            points += static_cast<qint64>(t.points.size());
        });
        const long afterRead = maxRssKb();
        QCOMPARE(tracks, tracksWanted);
        QCOMPARE(s.points, qint64(tracksWanted) * pointsPerTrack);
        QCOMPARE(points, s.points);

        TrackImporter importer(*db, TrackSourceList::demo(), kNow);
        const GpxFileImportResult r = GpxFileBatch(importer, QStringLiteral("test"), QStringLiteral("osm"))
                                          .importFile(path, m_feedback);
        const long afterImport = maxRssKb();
        QVERIFY2(!r.refused(), qPrintable(r.error));
        QCOMPARE(r.written.added, tracksWanted);
        qInfo("file %.1f MB; peak RSS before %ld kB, +%ld kB after reading, +%ld kB after importing", mb,
              before, afterRead - before, afterImport - before);
        QVERIFY(mb > 50);
        // Holding the file (or its points) whole would add far more than this.
        QVERIFY2((afterRead - before) / 1024.0 < mb / 6, "the reader's peak memory grew with the file");
        QVERIFY2((afterImport - before) / 1024.0 < mb / 4, "the import's peak memory grew with the file");
        QFile::remove(path);
    }

    void realFilesReadAsTheDomCounts_data() {
        QTest::addColumn<QString>("file");
        for (const QString& f : realFiles())
            QTest::newRow(qPrintable(f)) << f;
    }
    void realFilesReadAsTheDomCounts() {
        QFETCH(QString, file);
        const QString path = kGpxDir + QLatin1Char('/') + file;
        const test::DomReading dom = test::readWithDom(path);
        const Collected tracksOnly = readAll(path, false);
        const Collected withRoutes = readAll(path, true);

        QCOMPARE(tracksOnly.summary.tracks, static_cast<int>(dom.tracks.size()));
        QCOMPARE(tracksOnly.summary.routes, 0);
        QCOMPARE(tracksOnly.summary.skippedRoutes, static_cast<int>(dom.routes.size()));
        QCOMPARE(tracksOnly.summary.skippedWaypoints, dom.waypoints);
        QCOMPARE(tracksOnly.summary.points, dom.trackPoints());
        QCOMPARE(withRoutes.summary.tracks, static_cast<int>(dom.tracks.size()));
        QCOMPARE(withRoutes.summary.routes, static_cast<int>(dom.routes.size()));
        QCOMPARE(withRoutes.summary.skippedRoutes, 0);
        QCOMPARE(withRoutes.summary.points, dom.trackPoints() + dom.routePoints());
        QCOMPARE(withRoutes.tracks.size(), dom.tracks.size() + dom.routes.size());
        if (!dom.version.isEmpty())
            QCOMPARE(tracksOnly.summary.version, dom.version);

        int emptySegments = 0;
        for (size_t i = 0; i < withRoutes.tracks.size(); ++i) {
            const test::DomTrack& expected = dom.inFileOrder.at(i);
            const ImportedTrack& got = withRoutes.tracks[i];
            emptySegments += expected.emptySegments;
            QCOMPARE(got.name, expected.name);
            QCOMPARE(got.activityType,
                     expected.type.isEmpty() ? QStringLiteral("unknown") : expected.type.toLower());
            QCOMPARE(got.points.size(), expected.points.size());
            QCOMPARE(static_cast<int>(got.segmentStarts.size()), expected.nonEmptySegments);
            QCOMPARE(countIf(got.points, true), countIf(expected.points, true));
            QCOMPARE(countIf(got.points, false), countIf(expected.points, false));
            for (size_t k = 0; k < got.points.size(); ++k) {
                const TrackPoint& a = got.points[k];
                const TrackPoint& b = expected.points[k];
                QCOMPARE(a.lat, b.lat);
                QCOMPARE(a.lon, b.lon);
                QCOMPARE(a.elevation.has_value(), b.elevation.has_value());
                if (a.elevation)
                    QCOMPARE(*a.elevation, *b.elevation);
                QCOMPARE(a.time.has_value(), b.time.has_value());
                if (a.time) // QDateTime keeps milliseconds; the reader microseconds
                    QVERIFY2(std::abs(*a.time - *b.time) < 1000, qPrintable(formatIsoTimestamp(*a.time)));
            }
        }
        QCOMPARE(tracksOnly.summary.emptySegments, emptySegments);
        QCOMPARE(withRoutes.summary.emptySegments, emptySegments);
    }

    // The whole folder into one file, one batch per file: the rows are exactly the distinct dedup keys of the
    // DOM's tracks (and routes) of two or more points, and each batch has its "ok" pipeline_runs row.
    void realFilesImportIntoOneFile() {
        auto db = freshFile(QStringLiteral("real.sqlite"));
        TrackImporter importer(*db, TrackSourceList::demo(), kNow);
        GpxReadOptions options;
        options.routesAsTracks = true;
        GpxFileBatch batch(importer, QStringLiteral("slovenia"), QStringLiteral("osm"), options);
        QStringList paths; // read on the read-ahead's thread, as an import job reads them
        for (const QString& file : realFiles())
            paths << kGpxDir + QLatin1Char('/') + file;
        batch.readAhead(paths);
        QSet<QString> keys;
        qint64 expectedPoints = 0;
        int eligible = 0, tooShort = 0, added = 0, unchanged = 0, merged = 0;
        for (const QString& file : realFiles()) {
            const QString path = kGpxDir + QLatin1Char('/') + file;
            const test::DomReading dom = test::readWithDom(path);
            std::vector<test::DomTrack> all = dom.tracks;
            all.insert(all.end(), dom.routes.begin(), dom.routes.end());
            for (const test::DomTrack& t : all) {
                if (t.points.size() < 2) {
                    ++tooShort;
                    continue;
                }
                ++eligible;
                const QString key = TrackDedupKey::of(t.points);
                if (!keys.contains(key))
                    expectedPoints += static_cast<qint64>(t.points.size());
                keys.insert(key);
            }
            const GpxFileImportResult r = batch.importFile(path, m_feedback);
            QVERIFY2(!r.refused(), qPrintable(r.error));
            added += r.written.added;
            unchanged += r.written.unchanged;
            merged += r.written.merged;
            QCOMPARE(r.written.tooShort + r.written.added + r.written.unchanged,
                     static_cast<int>(all.size()));
        }
        TracksStore store(*db);
        qInfo(
            "%lld files: %d tracks of two points or more, %d shorter, %lld distinct; %d added, %d unchanged",
            static_cast<long long>(realFiles().size()), eligible, tooShort,
            static_cast<long long>(keys.size()), added, unchanged);
        QCOMPARE(merged, 0); // one source
        QCOMPARE(store.count(), static_cast<qint64>(keys.size()));
        QCOMPARE(added, static_cast<int>(keys.size()));
        QCOMPARE(unchanged, eligible - added);
        QVERIFY(unchanged >=
                4 * 7); // the cerknicko variants repeat one ride's 7 tracks of two points or more
        QCOMPARE(db->scalar(QStringLiteral("SELECT sum(points_count) FROM tracks")), expectedPoints);
        // The geometry as SpatiaLite reads it back: a LINESTRING in 4326 with every point, its MBR the row's
        // box.
        QCOMPARE(
            db->scalar(QStringLiteral(
                "SELECT count(*) FROM tracks WHERE GeometryType(geom) = 'LINESTRING' AND ST_SRID(geom) = 4326"
                " AND ST_NPoints(geom) = points_count AND MbrMinX(geom) = min_lon AND MbrMaxY(geom) = max_lat"
                " AND abs(ST_Length(geom, 1) - length_m) < 0.01 * length_m + 1")),
            static_cast<qint64>(keys.size()));
        QCOMPARE(store.pipelineRunCount(), static_cast<qint64>(realFiles().size()));
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM pipeline_runs WHERE status <> 'ok'")), 0);
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM tracks WHERE activity_type = 'run'")), 1);
    }

    // The same ride from a second source merges into the first source's rows, in configured order.
    void aSecondSourceMergesIntoTheRealRows() {
        auto db = freshFile(QStringLiteral("merge.sqlite"));
        TrackImporter importer(*db, TrackSourceList::demo(), kNow);
        const auto first = GpxFileBatch(importer, QStringLiteral("si"), QStringLiteral("velomarsh"))
                               .importFile(kGpxDir + QStringLiteral("/cerknicko-jezero.gpx"), m_feedback);
        const auto second =
            GpxFileBatch(importer, QStringLiteral("si"), QStringLiteral("osm"))
                .importFile(kGpxDir + QStringLiteral("/cerknicko-without-times.gpx"), m_feedback);
        QVERIFY(!first.refused() && !second.refused());
        QCOMPARE(first.written.added, 7);
        QCOMPARE(first.written.tooShort, 1);
        QCOMPARE(second.written.added, 0);
        QCOMPARE(second.written.merged, 7);
        QCOMPARE(db->scalar(QStringLiteral(
                     "SELECT count(*) FROM tracks WHERE sources_json = '[\"osm\",\"velomarsh\"]'")),
                 7);
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM tracks WHERE started_at IS NOT NULL")), 7);
        auto url = db->prepare(QStringLiteral("SELECT external_urls_json FROM tracks ORDER BY id LIMIT 1"));
        QVERIFY(url.step());
        QVERIFY2(url.text(0).contains(QLatin1String("cerknicko-without-times.gpx#track-")),
                 qPrintable(url.text(0)));
    }

    void cancelledImportWritesNothing() {
        auto db = freshFile(QStringLiteral("cancel.sqlite"));
        TrackImporter importer(*db, TrackSourceList::demo(), kNow);
        TaskFeedback feedback;
        feedback.cancel();
        const auto r = GpxFileBatch(importer, QStringLiteral("si"), QStringLiteral("osm"))
                           .importFile(kGpxDir + QStringLiteral("/korita-zbevnica.gpx"), feedback);
        QVERIFY(r.refused());
        QVERIFY(r.error.contains(QLatin1String("cancelled")));
        QVERIFY(r.cancelled);
        QCOMPARE(TracksStore(*db).count(), 0);
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM pipeline_runs WHERE status = 'stopped'")),
                 1);
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM pipeline_runs")), 1);
    }

    // The read-ahead hands each file's tracks, with their facts, to that file's reading only: after a file
    // refused half-way (cut off) and a file whose writer stopped at its first track, the next file still
    // gets exactly its own tracks, as the DOM reads them.
    void readAheadKeepsEachFileToItself() {
        const QByteArray korita = test::readFile(kGpxDir + QStringLiteral("/korita-zbevnica.gpx"));
        const QString cutPath = m_dir.filePath(QStringLiteral("korita-cut-ahead.gpx"));
        test::writeFile(cutPath, korita.left(korita.size() * 3 / 4));
        const QString korita_ = kGpxDir + QStringLiteral("/korita-zbevnica.gpx");
        const QString mojstrovka = kGpxDir + QStringLiteral("/Mojstrovka.gpx");
        GpxReadAhead ahead({cutPath, korita_, mojstrovka, korita_}, QStringLiteral("osm"), {});
        const auto domTracks = [](const QString& path) { return test::readWithDom(path).tracks.size(); };

        int handed = 0;
        QCOMPARE(ahead.nextFile(), cutPath);
        QVERIFY_THROWS_EXCEPTION(Error,
                                 ahead.readNext([&](const ImportedTrack&, const TrackFacts&) { ++handed; }));
        QVERIFY(handed >= 2); // tracks came before the break

        QCOMPARE(ahead.nextFile(), korita_);
        QVERIFY_THROWS_EXCEPTION(Error, ahead.readNext([](const ImportedTrack&, const TrackFacts&) {
            throw Error(Error::Kind::Cancelled, QStringLiteral("stop"));
        }));

        for (const QString& path : {mojstrovka, korita_}) {
            std::vector<ImportedTrack> tracks;
            const GpxReadSummary read = ahead.readNext([&](const ImportedTrack& t, const TrackFacts& facts) {
                QCOMPARE(facts.dedupKey, t.points.size() < 2 ? QString() : TrackDedupKey::of(t.points));
                QCOMPARE(t.sourceId, QStringLiteral("osm"));
                tracks.push_back(t);
            });
            QCOMPARE(tracks.size(), domTracks(path));
            QCOMPARE(read.tracks, static_cast<int>(tracks.size()));
        }
        QCOMPARE(ahead.nextFile(), QString());
    }

    void withoutTimesStartsAtNull() {
        auto db = freshFile(QStringLiteral("notimes.sqlite"));
        TrackImporter importer(*db, TrackSourceList::demo(), kNow);
        const auto r = GpxFileBatch(importer, QStringLiteral("si"), QStringLiteral("osm"))
                           .importFile(kGpxDir + QStringLiteral("/cerknicko-without-times.gpx"), m_feedback);
        QCOMPARE(r.written.added, 7);
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM tracks WHERE started_at IS NULL")), 7);
        const Collected c =
            readAll(kGpxDir + QStringLiteral("/cerknicko-jezero-without-elevations.gpx"), false);
        for (const ImportedTrack& t : c.tracks)
            QCOMPARE(countIf(t.points, false), 0);
    }

    void versionsBomAndUnicode() {
        QCOMPARE(readAll(kGpxDir + QStringLiteral("/Mojstrovka.gpx"), false).summary.version,
                 QStringLiteral("1.0"));
        QCOMPARE(readAll(kGpxDir + QStringLiteral("/around-visnjan-with-car.gpx"), false).summary.version,
                 QStringLiteral("1.1"));
        QCOMPARE(readAll(kGpxDir + QStringLiteral("/track_with_speed.gpx"), false).summary.version,
                 QString());
        QVERIFY(test::readFile(kGpxDir + QStringLiteral("/unicode_with_bom.gpx")).startsWith("\xEF\xBB\xBF"));
        QCOMPARE(readAll(kGpxDir + QStringLiteral("/unicode_with_bom.gpx"), false).summary.skippedWaypoints,
                 1);
        QCOMPARE(readAll(kGpxDir + QStringLiteral("/unicode_with_bom_noencoding.gpx"), false)
                     .summary.skippedWaypoints,
                 1);
        // Namespace alone decides the version when the attribute is missing.
        const QByteArray noAttribute =
            "\xEF\xBB\xBF" + QStringLiteral("<gpx xmlns=\"http://www.topografix.com/GPX/1/0\">"
                                            "<trk><name>Čerkniško озеро</name><trkseg>"
                                            "<trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>")
                                 .toUtf8();
        const Collected c = readText(noAttribute);
        QCOMPARE(c.summary.version, QStringLiteral("1.0"));
        QCOMPARE(c.tracks.at(0).name, QString::fromUtf8("Čerkniško озеро"));
    }

    void emptySegmentIsCounted() {
        const Collected c = readAll(kGpxDir + QStringLiteral("/track-with-empty-segment.gpx"), false);
        QCOMPARE(c.tracks.size(), size_t(1));
        QCOMPARE(c.summary.emptySegments, 1);
        QCOMPARE(c.tracks[0].points.size(), size_t(9));
    }

    void timesToMicrosUtc() {
        const Collected c = readAll(kGpxDir + QStringLiteral("/track-with-less-sec-time.gpx"), false);
        QCOMPARE(c.tracks.at(0).activityType, QStringLiteral("run"));
        QCOMPARE(*c.tracks[0].points.at(0).time, parseIsoTimestamp(QStringLiteral("2015-12-11T14:43:13Z")));
        QCOMPARE(*c.tracks[0].points.at(1).time,
                 parseIsoTimestamp(QStringLiteral("2015-12-11T14:43:13.994Z")));
        const Collected hand =
            readText("<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
                     "<trkpt lat=\"1\" lon=\"2\"><time>2020-01-01T10:00:00.1234567+02:00</time></trkpt>"
                     "<trkpt lat=\"1\" lon=\"2\"><time> 2020-01-01T00:00:00-05:30 </time></trkpt>"
                     "<trkpt lat=\"1\" lon=\"2\"><time>2020-01-01T00:00:01</time></trkpt>"
                     "<trkpt lat=\"1\" lon=\"2\"><time></time><ele></ele></trkpt>"
                     "</trkseg></trk></gpx>");
        const auto& p = hand.tracks.at(0).points;
        QCOMPARE(formatIsoTimestamp(*p.at(0).time), QStringLiteral("2020-01-01T08:00:00.123456Z"));
        QCOMPARE(formatIsoTimestamp(*p.at(1).time), QStringLiteral("2020-01-01T05:30:00Z"));
        QCOMPARE(formatIsoTimestamp(*p.at(2).time), QStringLiteral("2020-01-01T00:00:01Z"));
        QVERIFY(!p.at(3).time && !p.at(3).elevation);
    }

    // Extensions (namespaced or in GPX's own namespace), foreign elements and comments are read past: an
    // <ele>, <time> or <trkpt> inside them is not the track's.
    void extensionsAndCommentsAreReadPast() {
        const Collected c =
            readText("<?xml version=\"1.0\"?>\n<!-- before -->\n<gpx version=\"1.1\" "
                     "xmlns=\"http://www.topografix.com/GPX/1/1\""
                     " xmlns:x=\"urn:x\"><metadata><author><name>Ana</name></author></"
                     "metadata><x:trk><trkseg/></x:trk>"
                     "<trk><!-- c --><name>A<!-- c -->B</name><type>MTB</type><link "
                     "href=\"https://t.example/7\"><type>"
                     "link</type></link>"
                     "<extensions><trkseg><trkpt lat=\"9\" lon=\"9\"/></trkseg></extensions><trkseg>"
                     "<trkpt lat=\"1\" lon=\"2\"><ele>5</ele><extensions><ele>999</ele><time>bad</time>"
                     "<x:ele>7</x:ele></extensions><x:time>bad</x:time></trkpt><!-- c -->"
                     "<trkpt lat=\"1.5\" lon=\"2.5\"><x:any><trkpt lat=\"9\" lon=\"9\"/></x:any></trkpt>"
                     "</trkseg><trkseg></trkseg></trk><rte><rtept lat=\"3\" lon=\"4\"/></rte><wpt lat=\"0\" "
                     "lon=\"0\"/></gpx>");
        QCOMPARE(c.tracks.size(), size_t(1));
        const ImportedTrack& t = c.tracks[0];
        QCOMPARE(t.name, QStringLiteral("AB"));
        QCOMPARE(t.activityType, QStringLiteral("mtb"));
        QCOMPARE(t.externalUrl, QStringLiteral("https://t.example/7"));
        QCOMPARE(t.user, QStringLiteral("Ana"));
        QCOMPARE(t.points.size(), size_t(2));
        QCOMPARE(*t.points[0].elevation, 5.0);
        QVERIFY(!t.points[0].time);
        QCOMPARE(t.points[1].lat, 1.5);
        QCOMPARE(c.summary.emptySegments, 1);
        QCOMPARE(c.summary.skippedRoutes, 1);
        QCOMPARE(c.summary.skippedWaypoints, 1);
    }

    void malformedInputNamesLineAndColumn_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("why");
        const QByteArray head =
            "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n";
        QTest::newRow("no lat") << head + "<trkpt lon=\"2\"/>\n</trkseg></trk></gpx>" << 3 << "without a lat";
        QTest::newRow("bad lon") << head + "<trkpt lat=\"1\" lon=\"2,5\"/>\n</trkseg></trk></gpx>" << 3
                                 << "bad lon";
        QTest::newRow("lat out of range")
            << head + "<trkpt lat=\"91\" lon=\"2\"/></trkseg></trk></gpx>" << 3 << "bad lat";
        QTest::newRow("bad ele")
            << head + "<trkpt lat=\"1\" lon=\"2\">\n<ele>high</ele></trkpt></trkseg></trk></gpx>" << 4
            << "bad <ele>";
        QTest::newRow("mismatched tag") << head + "<trkpt lat=\"1\" lon=\"2\"></trkseg>" << 3 << "";
        QTest::newRow("cut off") << head + "<trkpt lat=\"1\" lon=\"2\"/>\n<trkpt lat=\"1.1\" lo" << 4 << "";
        QTest::newRow("not gpx") << QByteArray("<kml>\n</kml>") << 1 << "not a GPX file";
        QTest::newRow("empty") << QByteArray() << 1 << "";
    }
    void malformedInputNamesLineAndColumn() {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(QString, why);
        try {
            readText(text);
            QFAIL("not refused");
        } catch (const Error& e) {
            qInfo("%s", qPrintable(e.message()));
            QVERIFY2(e.message().startsWith(QStringLiteral("inline.gpx line %1, column ").arg(line)),
                     qPrintable(e.message()));
            QVERIFY2(e.message().contains(why), qPrintable(e.message()));
        }
    }

    // A <time> that is not an instant of the years 1970 to 2100 (UTC, ASCII digits) is a refused point time
    // with its line and column; the point keeps its position (the dedup key is of the positions), the other
    // points keep their times, and the file is read on.
    void badTimesAreRefusedWithLineAndColumn_data() {
        QTest::addColumn<QString>("time");
        QTest::addColumn<QString>("why");
        QTest::newRow("24:00 at the end of 9999") << "9999-12-31T24:00:00Z"
                                                  << "time 24:00:00 does not exist";
        QTest::newRow("year 0000") << "0000-01-01T00:00:00Z"
                                   << "year 0000 does not exist";
        QTest::newRow("1969") << "1969-12-31T23:59:59.999Z"
                              << "outside the years 1970 to 2100";
        QTest::newRow("1970 by its offset") << "1970-01-01T00:30:00+01:00"
                                            << "outside the years 1970 to 2100";
        QTest::newRow("2101") << "2101-01-01T00:00:00Z"
                              << "outside the years 1970 to 2100";
        QTest::newRow("Arabic-Indic digits")
            << QString::fromUtf8("٢٠٢٠-٠١-٠١T10:00:00Z") << "no date YYYY-MM-DD";
        QTest::newRow("full-width digits")
            << QString::fromUtf8("２０２０-01-01T10:00:00Z") << "no date YYYY-MM-DD";
        QTest::newRow("no such day") << "2020-02-30T00:00:00Z"
                                     << "day 30 does not exist";
    }
    void badTimesAreRefusedWithLineAndColumn() {
        QFETCH(QString, time);
        QFETCH(QString, why);
        const QByteArray text =
            "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n"
            "<trkpt lat=\"1\" lon=\"2\"><time>2020-01-01T10:00:00Z</time></trkpt>\n"
            "<trkpt lat=\"1.001\" lon=\"2\">\n  <time>" +
            time.toUtf8() +
            "</time></trkpt>\n"
            "<trkpt lat=\"1.002\" lon=\"2\"><time>2020-01-01T10:00:02Z</time></trkpt>\n"
            "</trkseg></trk>\n<trk><trkseg><trkpt lat=\"3\" lon=\"4\"><time>1970-01-01T00:00:00Z"
            "</time></trkpt><trkpt lat=\"3\" lon=\"4.1\"><time>2100-12-31T23:59:59.999999Z"
            "</time></trkpt></trkseg></trk></gpx>";
        const Collected c = readText(text);
        QCOMPARE(c.summary.refusedTimes, 1);
        QCOMPARE(c.summary.timeProblems.size(), 1);
        const QString problem = c.summary.timeProblems.first();
        qInfo("%s", qPrintable(problem));
        QVERIFY2(problem.startsWith(QStringLiteral("inline.gpx line 5, column ")), qPrintable(problem));
        QVERIFY2(problem.contains(QLatin1String("bad <time>")) && problem.contains(why), qPrintable(problem));
        QCOMPARE(c.tracks.size(), size_t(2));
        const std::vector<TrackPoint>& points = c.tracks[0].points;
        QCOMPARE(points.size(), size_t(3));
        QCOMPARE(points[1].lat, 1.001);
        QVERIFY(!points[1].time);
        QCOMPARE(formatIsoTimestamp(*points[0].time), QStringLiteral("2020-01-01T10:00:00Z"));
        QCOMPARE(formatIsoTimestamp(*points[2].time), QStringLiteral("2020-01-01T10:00:02Z"));
        // The first and the last instant of the range are times.
        QCOMPARE(formatIsoTimestamp(*c.tracks[1].points.at(0).time), QStringLiteral("1970-01-01T00:00:00Z"));
        QCOMPARE(formatIsoTimestamp(*c.tracks[1].points.at(1).time),
                 QStringLiteral("2100-12-31T23:59:59.999999Z"));
    }

    // Every refused time is counted, the first 20 are named; a real file whose every point has a 32-bit
    // clock's least time (1901-12-13) imports with its positions and no times.
    void manyBadTimesAreCountedAndTheRideKept() {
        QByteArray text = "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n";
        for (int i = 0; i < 50; ++i)
            text += "<trkpt lat=\"1." + QByteArray::number(i) +
                    "\" lon=\"2\"><time>2101-01-01T00:00:00Z</time></trkpt>\n";
        const Collected c = readText(text + "</trkseg></trk></gpx>");
        QCOMPARE(c.summary.refusedTimes, 50);
        QCOMPARE(c.summary.timeProblems.size(), GpxReadSummary::kMaxTimeProblems);
        QVERIFY(c.summary.timeProblems.last().startsWith(QStringLiteral("inline.gpx line 21, column ")));

        auto db = freshFile(QStringLiteral("mojstrovka.sqlite"));
        TrackImporter importer(*db, TrackSourceList::demo(), kNow);
        const GpxFileImportResult r =
            GpxFileBatch(importer, QStringLiteral("si"), QStringLiteral("osm"))
                .importFile(kGpxDir + QStringLiteral("/Mojstrovka.gpx"), m_feedback);
        QVERIFY2(!r.refused(), qPrintable(r.error));
        QCOMPARE(r.read.refusedTimes, 184);
        QCOMPARE(r.written.added, 1);
        QCOMPARE(db->scalar(QStringLiteral("SELECT points_count FROM tracks")), 184);
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM tracks WHERE started_at IS NULL")), 1);
    }

    // Broken copies of a real file: cut in the middle (after whole tracks were read and written into the
    // batch's transaction), a bad lat attribute, a missing lon: refused, nothing written.
    void brokenCopiesOfRealFilesAreRefusedWhole() {
        auto db = freshFile(QStringLiteral("broken.sqlite"));
        TrackImporter importer(*db, TrackSourceList::demo(), kNow);
        QVERIFY(!GpxFileBatch(importer, QStringLiteral("si"), QStringLiteral("osm"))
                     .importFile(kGpxDir + QStringLiteral("/Mojstrovka.gpx"), m_feedback)
                     .refused());
        QCOMPARE(TracksStore(*db).count(), 1);

        const QByteArray korita = test::readFile(kGpxDir + QStringLiteral("/korita-zbevnica.gpx"));
        const QByteArray cut = korita.left(korita.size() * 3 / 4);
        QVERIFY(cut.count("</trk>") >= 2); // tracks were handed to the batch before the break
        const QString cutPath = m_dir.filePath(QStringLiteral("korita-cut.gpx"));
        test::writeFile(cutPath, cut);
        expectRefused(*db, cutPath, lineOf(cut, cut.size()));

        const QByteArray mojstrovka = test::readFile(kGpxDir + QStringLiteral("/Mojstrovka.gpx"));
        qsizetype at = -1;
        for (int i = 0; i < 100; ++i)
            at = mojstrovka.indexOf("<trkpt lat=\"", at + 1);
        QVERIFY(at > 0);
        QByteArray badLat = mojstrovka;
        badLat.insert(at + 12, "x");
        const QString badLatPath = m_dir.filePath(QStringLiteral("Mojstrovka-bad-lat.gpx"));
        test::writeFile(badLatPath, badLat);
        expectRefused(*db, badLatPath, lineOf(badLat, badLat.indexOf('>', at)));

        QByteArray noLon = mojstrovka;
        const qsizetype lon = noLon.indexOf(" lon=\"", at);
        noLon.remove(lon, noLon.indexOf('"', lon + 6) - lon + 1);
        const QString noLonPath = m_dir.filePath(QStringLiteral("Mojstrovka-no-lon.gpx"));
        test::writeFile(noLonPath, noLon);
        expectRefused(*db, noLonPath, lineOf(noLon, noLon.indexOf('>', at)));

        const GpxFileImportResult missing =
            GpxFileBatch(importer, QStringLiteral("si"), QStringLiteral("osm"))
                .importFile(m_dir.filePath(QStringLiteral("nope.gpx")), m_feedback);
        QVERIFY(missing.refused());
        QVERIFY(missing.error.contains(QLatin1String("nope.gpx")));
        QCOMPARE(TracksStore(*db).count(), 1);
    }
};

QTEST_GUILESS_MAIN(TestGpxImport)
#include "test_gpximport.moc"
