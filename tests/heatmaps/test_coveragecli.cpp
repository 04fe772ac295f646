// tidemark-cli positions coverage, run as a process: files, kept files, images, GeoJSON, usage errors, and
// the database form on a real PostgreSQL.
#include "heatmaptestdata.h"
#include "positionsschema.h"
#include "testpostgres.h"

#include "pgconnection.h"
#include "previewjob.h"
#include "schemamigrator.h"
#include "taskfeedback.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

const QString kNow = QStringLiteral("2026-12-01T00:00:00Z");
constexpr Micros kOld = 1780272000LL * kMicrosPerSecond; // 2026-06-01, far beyond the 90-day detail window
const QString kMowerA = QStringLiteral("0b6a3c1e-8f5d-4c3a-9e61-5a4f0c2d7e11");
const QString kMowerB = QStringLiteral("7d2e9f40-1c3b-4a5e-8f60-2b1c3d4e5f60");

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

Run cli(const QStringList& args, const QHash<QString, QString>& env = {}) {
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (auto it = env.begin(); it != env.end(); ++it)
        e.insert(it.key(), it.value());
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(TIDEMARK_BINARY_DIR "/app/cli/tidemark-cli"),
            QStringList{QStringLiteral("positions"), QStringLiteral("coverage")} + args);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

std::vector<PositionRow> lanes(double x0) {
    return test::boustrophedon(HeatmapPlane(48.2, 16.3), kOld + 3 * kMicrosPerSecond, x0, 2, 25, 30);
}

QString csvLine(const QString& mower, const PositionRow& r) {
    return QStringLiteral("%1,%2,%3,%4,%5,%6,%7,\n")
        .arg(mower, formatIsoTimestamp(r.observedAt))
        .arg(r.lat, 0, 'f', 10)
        .arg(r.lon, 0, 'f', 10)
        .arg(r.bladesOn ? QStringLiteral("true") : QStringLiteral("false"))
        .arg(int(r.rtkFix))
        .arg(-60);
}

QString writeRows(const QString& path, const QList<std::pair<QString, std::vector<PositionRow>>>& tracks) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi,mnet_rssi\n");
    for (const auto& [mower, rows] : tracks)
        for (const PositionRow& r : rows)
            f.write(csvLine(mower, r).toUtf8());
    return path;
}

} // namespace

class TestCoverageCli : public QObject {
    Q_OBJECT
  private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

  private slots:
    void thinsFirstAndPasses() {
        const QString rows = writeRows(path(QStringLiteral("rows.csv")), {{kMowerA, lanes(2)}});
        const Run r =
            cli({QStringLiteral("--input"), rows, QStringLiteral("--now"), kNow, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json();
        for (const char* key : {"area_before_m2", "area_after_m2", "area_after_narrow_m2", "ratio",
                                "cells_lost", "cells_gained", "worst_day", "worst_day_deviation", "verdict"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        QCOMPARE(o[QStringLiteral("verdict")].toString(), QStringLiteral("pass"));
        QCOMPARE(o[QStringLiteral("ratio")].toDouble(), 1.0);
        // Nothing lost over the range, nor on its worst day (a date, YYYY-MM-DD).
        QCOMPARE(o[QStringLiteral("worst_day_deviation")].toDouble(), 0.0);
        QCOMPARE(o[QStringLiteral("worst_day")].toString().size(), 10);
        QCOMPARE(o[QStringLiteral("cells_lost")].toInt(), 0);
        QVERIFY(o[QStringLiteral("area_before_m2")].toDouble() > 100);
        QVERIFY(o[QStringLiteral("area_after_narrow_m2")].toDouble() <
                0.9 * o[QStringLiteral("area_before_m2")].toDouble());
        QVERIFY(o[QStringLiteral("rows_after")].toInt() * 5 < o[QStringLiteral("rows_before")].toInt());
        QCOMPARE(o[QStringLiteral("mowers")].toArray().size(), 1);
        QCOMPARE(o[QStringLiteral("mowers")][0][QStringLiteral("mower_id")].toString(), kMowerA);

        const Run text = cli({QStringLiteral("--input"), rows, QStringLiteral("--now"), kNow});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("area_before_m2=") && text.out.contains("verdict=pass"));
    }

    // A kept file missing half the lanes: the check fails, exit 1, the loss is in cells_lost.
    void keptFileThatLosesTooMuchFails() {
        const auto raw = lanes(2);
        const QString rows = writeRows(path(QStringLiteral("rows-kept.csv")), {{kMowerA, raw}});
        QFile kept(path(QStringLiteral("kept.csv")));
        QVERIFY(kept.open(QIODevice::WriteOnly));
        kept.write("mower_id,observed_at,reasons\n");
        for (std::size_t k = 0; k < raw.size() / 2; ++k)
            kept.write(
                QStringLiteral("%1,%2,bin\n").arg(kMowerA, formatIsoTimestamp(raw[k].observedAt)).toUtf8());
        kept.close();
        const Run r = cli({QStringLiteral("--input"), rows, QStringLiteral("--kept"), kept.fileName(),
                           QStringLiteral("--now"), kNow, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.json()[QStringLiteral("verdict")].toString(), QStringLiteral("fail"));
        QVERIFY(r.json()[QStringLiteral("cells_lost")].toInt() > 1000);
        QCOMPARE(r.json()[QStringLiteral("rows_after")].toInt(), int(raw.size() / 2));
    }

    void writesImagesAndGeoJsonPerMower() {
        const QString rows =
            writeRows(path(QStringLiteral("two.csv")), {{kMowerA, lanes(2)}, {kMowerB, lanes(40)}});
        const QString png = path(QStringLiteral("png"));
        const QString geojson = path(QStringLiteral("layers.geojson"));
        const Run r =
            cli({QStringLiteral("--input"), rows, QStringLiteral("--now"), kNow, QStringLiteral("--json"),
                 QStringLiteral("--png-dir"), png, QStringLiteral("--geojson"), geojson});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json()[QStringLiteral("mowers")].toArray().size(), 2);
        for (const QString& mower : {kMowerA, kMowerB}) {
            const QStringList files = QDir(QDir(png).filePath(mower)).entryList({QStringLiteral("*.png")});
            QCOMPARE(files.size(), 7);
        }
        QFile f(geojson);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray features =
            QJsonDocument::fromJson(f.readAll()).object()[QStringLiteral("features")].toArray();
        QSet<QString> layers, mowers;
        for (const QJsonValue& v : features) {
            layers.insert(v[QStringLiteral("properties")][QStringLiteral("layer")].toString());
            mowers.insert(v[QStringLiteral("properties")][QStringLiteral("mower_id")].toString());
        }
        QVERIFY(layers.contains(QStringLiteral("before")) && layers.contains(QStringLiteral("after")) &&
                layers.contains(QStringLiteral("after_narrow")) && layers.contains(QStringLiteral("signal")));
        QCOMPARE(mowers.size(), 2);
    }

    // The survivors of `positions thin-file`, given as --kept, give the same check as thinning in the
    // command.
    void keptFromThinFileMatchesThinningFirst() {
        const QString rows =
            writeRows(path(QStringLiteral("thin.csv")), {{kMowerA, lanes(2)}, {kMowerB, lanes(40)}});
        QProcess thin;
        thin.setStandardOutputFile(path(QStringLiteral("thin-kept.csv")));
        thin.start(QStringLiteral(TIDEMARK_BINARY_DIR "/app/cli/tidemark-cli"),
                   {QStringLiteral("positions"), QStringLiteral("thin-file"), QStringLiteral("--input"), rows,
                    QStringLiteral("--now"), kNow});
        QVERIFY(thin.waitForFinished(120000));
        QCOMPARE(thin.exitCode(), 0);
        const Run viaKept = cli({QStringLiteral("--input"), rows, QStringLiteral("--kept"),
                                 path(QStringLiteral("thin-kept.csv")), QStringLiteral("--now"), kNow,
                                 QStringLiteral("--json")});
        const Run direct =
            cli({QStringLiteral("--input"), rows, QStringLiteral("--now"), kNow, QStringLiteral("--json")});
        QVERIFY2(viaKept.exitCode == 0, viaKept.err.constData());
        QCOMPARE(direct.exitCode, 0);
        QVERIFY(viaKept.json()[QStringLiteral("rows_after")].toInt() <
                viaKept.json()[QStringLiteral("rows_before")].toInt());
        QCOMPARE(viaKept.json()[QStringLiteral("mowers")], direct.json()[QStringLiteral("mowers")]);
    }

    void usageErrorsExitTwo() {
        const QString rows = writeRows(path(QStringLiteral("u.csv")), {{kMowerA, lanes(2)}});
        QCOMPARE(cli({QStringLiteral("--now"), kNow}).exitCode,
                 2); // database form without --mower/--from/--to
        QCOMPARE(cli({QStringLiteral("--kept"), rows}).exitCode, 2);
        QCOMPARE(cli({QStringLiteral("--input"), rows, QStringLiteral("--from"), QStringLiteral("2026-07-01"),
                      QStringLiteral("--to"), QStringLiteral("2026-06-01")})
                     .exitCode,
                 2);
        const Run bad =
            cli({QStringLiteral("--input"), rows},
                {{QStringLiteral("MOWDECK_TELEMETRY_HEATMAP_CELL_METRES"), QStringLiteral("0.5")}});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("MOWDECK_TELEMETRY_HEATMAP_CELL_METRES"));
        QFile broken(path(QStringLiteral("broken.csv")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi,mnet_rssi\n");
        broken.write(QStringLiteral("%1,2026-06-01T00:00:00Z,48.2,16.3,maybe,2,,\n").arg(kMowerA).toUtf8());
        broken.close();
        const Run r = cli({QStringLiteral("--input"), broken.fileName()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("line 2") && r.err.contains("blades_on"), r.err.constData());
        QCOMPARE(cli({QStringLiteral("--input"), path(QStringLiteral("missing.csv"))}).exitCode, 1);
    }

    // The database form reads the mower's rows of the range (with slice context) and thins them in memory.
    void databaseForm() {
        const QString conninfo = test::TestPostgres::createDatabase(QStringLiteral("heatmaps_coverage_cli"));
        auto db = PgConnection::open(conninfo);
        SchemaMigrator(*db, positions::positionsSchema()).migrate();
        const auto raw = lanes(2);
        for (const PositionRow& r : raw)
            db->exec(
                QStringLiteral("INSERT INTO mower_positions (mower_id, observed_at, lat, lon, blades_on, "
                               "rtk_fix, wifi_rssi) "
                               "VALUES ($1, $2, $3, $4, $5, $6, $7)"),
                {kMowerA, formatIsoTimestamp(r.observedAt), r.lat, r.lon, r.bladesOn, int(r.rtkFix), -60});
        const QString rows = writeRows(path(QStringLiteral("db.csv")), {{kMowerA, raw}});
        const QStringList range = {QStringLiteral("--from"), QStringLiteral("2026-05-31T00:00:00Z"),
                                   QStringLiteral("--to"),   QStringLiteral("2026-06-02T00:00:00Z"),
                                   QStringLiteral("--now"),  kNow,
                                   QStringLiteral("--json")};
        const Run fromDb =
            cli(QStringList{QStringLiteral("--db"), conninfo, QStringLiteral("--mower"), kMowerA} + range);
        QVERIFY2(fromDb.exitCode == 0, fromDb.err.constData());
        const Run fromFile = cli(QStringList{QStringLiteral("--input"), rows} + range);
        QCOMPARE(fromFile.exitCode, 0);
        for (const char* key : {"rows_before", "rows_after", "area_before_m2", "area_after_m2",
                                "area_after_narrow_m2", "cells_lost"})
            QCOMPARE(fromDb.json()[QLatin1String(key)], fromFile.json()[QLatin1String(key)]);
        QVERIFY(fromDb.json()[QStringLiteral("rows_before")].toInt() == int(raw.size()));
        QVERIFY(!fromDb.err.contains("warning"));
        // Behind a watermark the stored rows are survivors already: the command says so.
        db->exec(
            QStringLiteral("INSERT INTO mower_positions_thinning (mower_id, thinned_until) VALUES ($1, $2)"),
            {kMowerA, QStringLiteral("2026-06-02T00:00:00Z")});
        const Run behind =
            cli(QStringList{QStringLiteral("--db"), conninfo, QStringLiteral("--mower"), kMowerA} + range);
        QCOMPARE(behind.exitCode, 0);
        QVERIFY2(behind.err.contains("warning") && behind.err.contains("thinned until"),
                 behind.err.constData());
    }

    // coverage --db reports exactly the console preview's check for the same mower and range: the round's
    // slices planned from the real watermark (here inside the range), their context, rows behind the
    // watermark as stored.
    void databaseFormEqualsPreview() {
        const QString conninfo =
            test::TestPostgres::createDatabase(QStringLiteral("heatmaps_coverage_preview"));
        auto db = PgConnection::open(conninfo);
        SchemaMigrator(*db, positions::positionsSchema()).migrate();
        const HeatmapPlane plane(48.2, 16.3);
        db->beginCopyIn(
            QStringLiteral("COPY mower_positions (mower_id, observed_at, lat, lon, blades_on, rtk_fix,"
                           " wifi_rssi) FROM STDIN"));
        long long inserted = 0;
        for (int day = 0; day < 4; ++day) {
            for (int session = 0; session < 2; ++session) {
                const Micros start = kOld + day * kMicrosPerDay + (7 + 6 * session) * kMicrosPerHour;
                for (const PositionRow& r :
                     test::boustrophedon(plane, start, 2 + day, 2 + session * 1.5, 20, 12)) {
                    db->putCopyData(QStringLiteral("%1\t%2\t%3\t%4\t%5\t%6\t-60\n")
                                        .arg(kMowerA, formatIsoTimestamp(r.observedAt))
                                        .arg(r.lat, 0, 'g', 17)
                                        .arg(r.lon, 0, 'g', 17)
                                        .arg(r.bladesOn ? QStringLiteral("t") : QStringLiteral("f"))
                                        .arg(int(r.rtkFix))
                                        .toUtf8());
                    ++inserted;
                }
            }
        }
        QCOMPARE(db->endCopyIn(), inserted);
        // A watermark inside the range, off the 6-hour grid of the oldest row: the slices start there.
        const Micros watermark = kOld + kMicrosPerDay + 10 * kMicrosPerHour + 35 * kMicrosPerMinute;
        db->exec(
            QStringLiteral("INSERT INTO mower_positions_thinning (mower_id, thinned_until) VALUES ($1, $2)"),
            {kMowerA, formatIsoTimestamp(watermark)});
        const Micros from = kOld - kMicrosPerDay;
        const Micros to = kOld + 4 * kMicrosPerDay;
        const Run run =
            cli({QStringLiteral("--db"), conninfo, QStringLiteral("--mower"), kMowerA,
                 QStringLiteral("--from"), formatIsoTimestamp(from), QStringLiteral("--to"),
                 formatIsoTimestamp(to), QStringLiteral("--now"), kNow, QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0 || run.exitCode == 1, run.err.constData());
        QVERIFY2(run.err.contains("thinned until"), run.err.constData());

        PreviewRequest request;
        request.conninfo = conninfo;
        request.mowerId = QUuid(kMowerA);
        request.from = from;
        request.to = to;
        request.now = parseIsoTimestamp(kNow);
        TaskFeedback feedback;
        const PreviewResult preview = PreviewJob::run(request, feedback);
        QVERIFY(preview.behindWatermark > 0);
        QVERIFY(preview.removed > 0);
        QCOMPARE(preview.watermark, std::optional<Micros>(watermark));
        const CoverageCheck& c = preview.check;
        const QJsonObject o = run.json();
        QCOMPARE(o[QStringLiteral("rows_before")].toInteger(), c.rowsBefore);
        QCOMPARE(o[QStringLiteral("rows_after")].toInteger(), c.rowsAfter);
        QCOMPARE(o[QStringLiteral("rows_after")].toInteger(), preview.kept);
        QCOMPARE(o[QStringLiteral("cells_lost")].toInteger(), c.cellsLost);
        QCOMPARE(o[QStringLiteral("cells_gained")].toInteger(), c.cellsGained);
        QCOMPARE(o[QStringLiteral("cells_lost_narrow")].toInteger(), c.cellsLostNarrow);
        QCOMPARE(o[QStringLiteral("area_before_m2")].toDouble(), std::round(c.areaBefore * 100) / 100);
        QCOMPARE(o[QStringLiteral("area_after_m2")].toDouble(), std::round(c.areaAfter * 100) / 100);
        QCOMPARE(o[QStringLiteral("area_after_narrow_m2")].toDouble(),
                 std::round(c.areaAfterNarrow * 100) / 100);
        QCOMPARE(o[QStringLiteral("ratio")].toDouble(), std::round(c.ratio * 1e4) / 1e4);
        QCOMPARE(o[QStringLiteral("narrow_ratio")].toDouble(), std::round(c.narrowRatio * 1e4) / 1e4);
        QCOMPARE(o[QStringLiteral("deviation")].toDouble(), std::round(c.deviation * 1e4) / 1e4);
        QCOMPARE(o[QStringLiteral("verdict")].toString(), c.verdictText());
        QCOMPARE(run.exitCode, c.passed() ? 0 : 1);
    }

    // Help names the command, not argv[0]; JSON figures carry at most four decimals.
    void helpAndRoundedFigures() {
        const Run help = cli({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.startsWith("Usage: tidemark-cli positions coverage [options]"),
                 help.out.constData());
        const QString rows = writeRows(path(QStringLiteral("rounded.csv")), {{kMowerA, lanes(2)}});
        const Run r =
            cli({QStringLiteral("--input"), rows, QStringLiteral("--now"), kNow, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!QString::fromUtf8(r.out).contains(QRegularExpression(QStringLiteral("\\d\\.\\d{5,}"))),
                 r.out.constData());
        const double area = r.json()[QStringLiteral("area_before_m2")].toDouble();
        QCOMPARE(area, std::round(area * 100) / 100);
    }
};

QTEST_GUILESS_MAIN(TestCoverageCli)
#include "test_coveragecli.moc"
