// GPX import next to tokenising the same bytes with QXmlStreamReader alone, in one run: MB/s and tracks/s for
// (1) QXmlStreamReader::readNext over the whole file, (2) GpxReader (points parsed, tracks built, nothing
// written), (3) the whole import (TracksImportJob, as the CLI and the console run it, into a fresh SpatiaLite
// file: its own connection, dedup keys, geometry, one transaction and pipeline_runs row per file), (4) the
// same import into a fresh PostGIS store (TIDEMARK_TEST_PG's server, else a private cluster). Two corpora:
// the real files of tests/data/gpx as `rounds` copies, every latitude of copy r moved r thousandths of a
// degree towards the equator (so that each copy's tracks are new ones and the import adds them all, as
// an operator's folder of many small files), imported as one import; and a synthetic file of long tracks.
// Prints the ratios (2)/(1), (3)/(1) and (4)/(3); goals (3)/(1) >= 0.5 and (4)/(3) >= 0.5 (issue 25).
// Arguments: MB of the synthetic file (default 40), copies of the real files (default 20, the files
// included).
#include "freshpostgisstore.h"
#include "freshtracksfile.h"
#include "gpxreader.h"
#include "spatialitedatabase.h"
#include "taskfeedback.h"
#include "tracksimportjob.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <cmath>
#include <cstdio>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {

struct Figure {
    double seconds = 0;
    qint64 tracks = 0;
};

// The real files and rounds - 1 copies of them, each copy's latitudes moved (see the top).
QStringList shiftedCopies(const QStringList& files, int rounds, const QString& dir) {
    static const QRegularExpression lat(QStringLiteral("(\\blat\\s*=\\s*[\"'])([-+0-9.eE]+)([\"'])"));
    QStringList all = files;
    for (int r = 1; r < rounds; ++r)
        for (const QString& path : files) {
            QFile in(path);
            if (!in.open(QIODevice::ReadOnly))
                qFatal("cannot read %s", qPrintable(path));
            const QString text = QString::fromUtf8(in.readAll());
            QString shifted;
            qsizetype from = 0;
            for (auto it = lat.globalMatch(text); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                const double value = m.captured(2).toDouble();
                const double moved = value - std::copysign(r * 1e-3, value);
                shifted += QStringView(text).mid(from, m.capturedStart(2) - from);
                shifted += QString::number(moved, 'f', 7);
                from = m.capturedEnd(2);
            }
            shifted += QStringView(text).mid(from);
            const QString copy = QStringLiteral("%1/%2-%3").arg(dir).arg(r).arg(QFileInfo(path).fileName());
            QFile out(copy);
            if (!out.open(QIODevice::WriteOnly) || out.write(shifted.toUtf8()) < 0)
                qFatal("cannot write %s", qPrintable(copy));
            all << copy;
        }
    return all;
}

Figure tokenise(const QStringList& files) {
    QElapsedTimer t;
    t.start();
    Figure f;
    for (const QString& path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(path));
        QXmlStreamReader xml(&file);
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::EndElement && xml.name() == QLatin1String("trk"))
                ++f.tracks;
        }
    }
    f.seconds = t.nsecsElapsed() / 1e9;
    return f;
}

Figure readOnly(const QStringList& files) {
    QElapsedTimer t;
    t.start();
    Figure f;
    for (const QString& path : files)
        f.tracks += GpxReader::readFile(path, {}, [](ImportedTrack&&) {}).tracks;
    f.seconds = t.nsecsElapsed() / 1e9;
    return f;
}

// A fresh store named `name`: a file in `dir`, or (dir empty) a PostGIS database.
TracksLocation freshStore(const QString& dir, const QString& name) {
    if (dir.isEmpty())
        return TracksLocation::postgis(test::freshPostgisStore(QStringLiteral("bench_import_") + name));
    const QString path = QStringLiteral("%1/bench-%2.sqlite").arg(dir, name);
    auto db = test::freshTracksFile(path);
    // A new file's SpatiaLite metadata (megabytes) is still in the WAL: not the first batch's cost.
    db->exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    return TracksLocation::file(path);
}

// One import of `files` into a fresh store (see freshStore), timed.
Figure importAll(const QStringList& files, const QString& dir, const QString& name) {
    Figure f;
    const TracksLocation store = freshStore(dir, name);
    const QString path = store.sqlitePath;
    TracksImportRequest request;
    request.store = store;
    request.files = files;
    request.sourceId = QStringLiteral("osm");
    request.region = QStringLiteral("bench");
    request.now = nowMicros();
    TaskFeedback feedback;
    QElapsedTimer t;
    t.start();
    const TracksImportReport report = TracksImportJob::run(request, feedback);
    f.seconds = t.nsecsElapsed() / 1e9;
    for (const GpxFileImportResult& result : report.files) {
        if (result.refused())
            qFatal("%s", qPrintable(result.error));
        f.tracks += result.read.tracks;
    }
    if (!path.isEmpty()) {
        QFile::remove(path);
        QFile::remove(path + QStringLiteral("-wal"));
        QFile::remove(path + QStringLiteral("-shm"));
    }
    return f;
}

void report(const char* corpus, double megabytes, qint64 files, const Figure& tokens, const Figure& reader,
            const Figure& import, const Figure& postgis) {
    auto line = [&](const char* what, const Figure& f) {
        std::printf("  %-34s %8.1f MB/s %10.0f tracks/s  (%.3f s)\n", what, megabytes / f.seconds,
                    f.tracks / f.seconds, f.seconds);
    };
    std::printf("%s: %.1f MB, %lld tracks\n", corpus, megabytes, static_cast<long long>(import.tracks));
    line("QXmlStreamReader tokenising only", tokens);
    line("GpxReader (no database)", reader);
    line("import into SpatiaLite", import);
    line("import into PostGIS", postgis);
    std::printf("  ratio reader/tokenising %.2fx, import/tokenising %.2fx (goal >= 0.5x)\n",
                tokens.seconds / reader.seconds, tokens.seconds / import.seconds);
    std::printf("  ratio PostGIS/SpatiaLite %.2fx (goal >= 0.5x)\n", import.seconds / postgis.seconds);
    std::printf("  database share per file (batch, pipeline_runs row, checkpoint, rows): %.2f ms\n",
                (import.seconds - reader.seconds) * 1000 / files);
}

QString writeSynthetic(const QString& path, int megabytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"bench\" "
            "xmlns=\"http://www.topografix.com/GPX/1/1\">\n");
    // About 1,240 points a track (the ADR's average), 105 bytes a point.
    for (int t = 0; f.size() < qint64(megabytes) * 1000 * 1000; ++t) {
        QByteArray chunk =
            "<trk><name>synthetic " + QByteArray::number(t) + "</name><type>mtb</type><trkseg>\n";
        for (int i = 0; i < 1240; ++i) {
            chunk += "<trkpt lat=\"" + QByteArray::number(50 + t * 0.001 + i * 1e-4, 'f', 7) + "\" lon=\"" +
                     QByteArray::number(30 + i * 1.3e-4, 'f', 7) + "\"><ele>" +
                     QByteArray::number(100 + i % 50) +
                     ".5</ele><time>2026-01-01T10:" + QByteArray::number(10 + i / 60) + ":" +
                     QByteArray::number(10 + i % 49) + "Z</time></trkpt>\n";
        }
        f.write(chunk + "</trkseg></trk>\n");
    }
    f.write("</gpx>\n");
    return path;
}

double sizeMb(const QStringList& files) {
    qint64 bytes = 0;
    for (const QString& f : files)
        bytes += QFileInfo(f).size();
    return bytes / 1e6;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int syntheticMb = argc > 1 ? std::atoi(argv[1]) : 40;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 20;
    QTemporaryDir dir;

    QStringList real;
    const QDir gpx(QStringLiteral(TIDEMARK_SOURCE_DIR "/tests/data/gpx"));
    for (const QString& name : gpx.entryList({QStringLiteral("*.gpx")}, QDir::Files, QDir::Name))
        real << gpx.filePath(name);
    const QStringList copies = shiftedCopies(real, rounds, dir.path());
    tokenise(copies); // warm the page cache
    const Figure realTokens = tokenise(copies);
    const Figure realReader = readOnly(copies);
    const Figure realImport = importAll(copies, dir.path(), QStringLiteral("real"));
    const Figure realPostgis = importAll(copies, {}, QStringLiteral("real"));
    report("real files x rounds", sizeMb(copies), copies.size(), realTokens, realReader, realImport,
           realPostgis);

    const QStringList synthetic{writeSynthetic(dir.filePath(QStringLiteral("synthetic.gpx")), syntheticMb)};
    tokenise(synthetic);
    const Figure tokens = tokenise(synthetic);
    const Figure reader = readOnly(synthetic);
    const Figure import = importAll(synthetic, dir.path(), QStringLiteral("synthetic"));
    const Figure postgis = importAll(synthetic, {}, QStringLiteral("synthetic"));
    report("synthetic file (1,240 points a track)", sizeMb(synthetic), 1, tokens, reader, import, postgis);
    return 0;
}
