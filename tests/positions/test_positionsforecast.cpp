// The positions forecast (spec/operations.md, "Forecasts"): its derived figures by hand, the what-if rules,
// the sample's draw, and against real rounds on copies of one database: a forecast says what the round then
// does, to the row, under the configured settings and under a what-if, and writes nothing.
#include "clirunner.h"
#include "error.h"
#include "pgconnection.h"
#include "positionsettings.h"
#include "positionsforecastjob.h"
#include "roundjob.h"
#include "settingsreader.h"
#include "taskfeedback.h"
#include "testpostgres.h"
#include "thinninground.h"
#include "thinningtestdata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

const Micros kNow = test::kRandomTracksBase + 30 * kMicrosPerDay + PositionSettings{}.detailWindow();

// One mower mowing on three days, the middle session across a boundary of the forecast's 7-day ranges (the
// first range starts at the first row's 5-minute slot), so that a range's context comes from the range
// before it.
MowerTrack threeDays(std::uint32_t seed) {
    const std::vector<MowerTrack> sessions = test::someTracks(seed, 3, 2500);
    MowerTrack track;
    track.mowerId = sessions[0].mowerId;
    const Micros start = floorToStep(sessions[0].rows.front().observedAt, kSliceGrid);
    const auto add = [&track](const MowerTrack& session, Micros shift) {
        for (PositionRow r : session.rows) {
            r.observedAt += shift;
            track.rows.push_back(r);
        }
        for (const Micros e : session.errorInstants)
            track.errorInstants.push_back(e + shift);
    };
    add(sessions[0], 0);
    const MowerTrack& middle = sessions[1];
    // Its middle row just after the boundary: the rows before it are the next range's context.
    add(middle,
        start + 7 * kMicrosPerDay + kMicrosPerSecond - middle.rows[middle.rows.size() / 2].observedAt);
    add(sessions[2], 15 * kMicrosPerDay);
    return track;
}

// Every row, watermark and history row of the database, as one digest.
QString contentDigest(PgConnection& db) {
    QString digest;
    for (const char* sql :
         {"SELECT md5(coalesce(string_agg(p::text, '|' ORDER BY mower_id, observed_at), '')) FROM "
          "mower_positions p",
          "SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY mower_id), '')) FROM "
          "mower_positions_thinning t",
          "SELECT md5(coalesce(string_agg(h::text, '|' ORDER BY observed_at), '')) FROM mower_history h",
          "SELECT count(*) FROM pg_tables WHERE tablename = 'tidemark_round_history'"})
        digest += db.exec(QString::fromLatin1(sql)).text(0, 0) + QLatin1Char(' ');
    return digest;
}

// A forecast at kNow; with `rangeLength`, read a range at a time (not each mower at once) in ranges that
// long.
PositionsForecast forecast(const QString& conninfo, std::optional<int> sample,
                           std::vector<PositionsWhatIf> whatIf = {}, std::optional<Micros> rangeLength = {}) {
    PositionsForecastRequest r;
    if (rangeLength) {
        r.rangeLength = *rangeLength;
        r.readAtOnceRows = 0;
    }
    r.conninfo = conninfo;
    r.now = kNow;
    r.sampleMowers = sample;
    r.whatIf = std::move(whatIf);
    TaskFeedback feedback;
    return PositionsForecastJob::run(r, feedback);
}

RoundReport round(const QString& conninfo, const PositionSettings& settings = {}) {
    auto db = PgConnection::open(conninfo);
    return ThinningRound(*db, settings).run(test::roundAt(kNow));
}

} // namespace

class TestPositionsForecast : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("forecast_template"), &info);
        std::vector<MowerTrack> tracks = test::someTracks(71, 6, 2500);
        tracks.push_back(threeDays(72));
        // A mower with rows past retention: the round's age delete removes them before it thins.
        MowerTrack old = test::someTracks(73, 1, 800)[0];
        const std::size_t young = old.rows.size();
        for (std::size_t i = 0; i < young; ++i) {
            PositionRow r = old.rows[i];
            r.observedAt -= 740 * kMicrosPerDay;
            old.rows.push_back(r);
        }
        std::sort(old.rows.begin(), old.rows.end(),
                  [](const PositionRow& a, const PositionRow& b) { return a.observedAt < b.observedAt; });
        tracks.push_back(old);
        // Rows of the last 14 days, which a round leaves alone.
        MowerTrack recent = test::someTracks(74, 1, 1400)[0];
        for (PositionRow& r : recent.rows)
            r.observedAt += kNow - test::kRandomTracksBase - 5 * kMicrosPerDay;
        tracks.push_back(recent);
        test::insertTracks(*db, tracks);
        m_recentRows = static_cast<long long>(recent.rows.size());
        m_mowers = static_cast<long long>(tracks.size());
        // A row without a finite position: a round skips its mower, and so does the forecast.
        m_nanMower = tracks[1].mowerId;
        db->exec(
            QStringLiteral("UPDATE mower_positions SET lat = 'NaN' WHERE mower_id = $1 AND observed_at = $2"),
            {m_nanMower.toString(QUuid::WithoutBraces), formatIsoTimestamp(tracks[1].rows[20].observedAt)});
        db->exec(QStringLiteral("ANALYZE"));
        m_template = info;
    }

    // A what-if reads the configured settings back from their values: every setting read() asks for, and
    // the same values again.
    void settingsRoundTripThroughTheirValues() {
        PositionSettings s;
        s.detailDays = 30;
        s.retentionDays = 400;
        s.thinActiveSeconds = 20;
        s.heatmapJoinMetres = 7.25;
        s.heatmapCellMetres = 0.05;
        s.maintenanceZone = QTimeZone("Europe/Helsinki");
        s.lockTimeoutSeconds = 9;
        const QHash<QString, QString> values = s.values();
        const SettingsReader reader(values);
        const PositionSettings back = PositionSettings::read(reader);
        QCOMPARE(back.values(), values);
        for (auto it = values.begin(); it != values.end(); ++it)
            QVERIFY2(reader.wasAsked(it.key()), qPrintable(it.key()));
    }

    void whatIfNamesTheSettingAndItsRule() {
        const PositionsWhatIf ok =
            PositionsWhatIf::parse(QStringLiteral("POSITIONS_THIN_ACTIVE_SECONDS=60,"
                                                  "MOWDECK_TELEMETRY_HEATMAP_JOIN_METRES=15"),
                                   PositionSettings{});
        QCOMPARE(ok.settings.thinActiveSeconds, 60);
        QCOMPARE(ok.settings.heatmapJoinMetres, 15.0);
        QCOMPARE(ok.settings.thinIdleSeconds, 300);
        QCOMPARE(ok.label(), QStringLiteral("POSITIONS_THIN_ACTIVE_SECONDS=60, HEATMAP_JOIN_METRES=15"));
        const auto refusal = [](const QString& text) {
            try {
                PositionsWhatIf::parse(text, PositionSettings{});
            } catch (const Error& e) {
                return std::make_pair(e.kind(), e.message());
            }
            return std::make_pair(Error::Kind::Failed, QString());
        };
        auto [kind, message] = refusal(QStringLiteral("POSITIONS_THIN_ACTIVE_SECONDS=7"));
        QCOMPARE(kind, Error::Kind::Settings);
        QVERIFY2(message.contains(QStringLiteral("MOWDECK_TELEMETRY_POSITIONS_THIN_ACTIVE_SECONDS")) &&
                     message.contains(QStringLiteral("divide 300")),
                 qPrintable(message));
        std::tie(kind, message) = refusal(QStringLiteral("HEATMAP_CELL_METRES=0.5")); // wider than the swath
        QCOMPARE(kind, Error::Kind::Settings);
        QVERIFY2(message.contains(QStringLiteral("HEATMAP_CELL_METRES")), qPrintable(message));
        std::tie(kind, message) = refusal(QStringLiteral("THIN_FAST=1"));
        QCOMPARE(kind, Error::Kind::Settings);
        QVERIFY2(message.contains(QStringLiteral("MOWDECK_TELEMETRY_THIN_FAST: unknown setting")),
                 qPrintable(message));
        std::tie(kind, message) = refusal(QStringLiteral("POSITIONS_DETAIL_DAYS=30"));
        QVERIFY2(message.contains(QStringLiteral("not a thinning or heatmap setting")), qPrintable(message));
        std::tie(kind, message) = refusal(QStringLiteral("oops"));
        QCOMPARE(kind, Error::Kind::Settings);

        const test::CliRun cli = test::runCli(
            {QStringLiteral("forecast"), QStringLiteral("positions"), QStringLiteral("--db"), m_template,
             QStringLiteral("--what-if"), QStringLiteral("POSITIONS_THIN_ACTIVE_SECONDS=7")});
        QCOMPARE(cli.exitCode, 2);
        QVERIFY2(cli.err.contains(QStringLiteral("POSITIONS_THIN_ACTIVE_SECONDS")), qPrintable(cli.err));
    }

    void derivedFiguresFollowTheDefinitions() {
        PositionSettings s;
        PositionsForecast f;
        PositionsMeasurements& m = f.measured;
        m.now = kNow;
        m.mowers = 10;
        m.sampledMowers = 2;
        m.rowsLast14Days = 14 * 1000;
        m.tableRows = 500000;
        m.tableBytes = 50000000;
        m.sampleRowsScanned = 4000;
        m.sampleRowsKept = 1000;
        m.catchUp.slicesPending = 1000;
        m.catchUp.slicesPerSecond = 0.1;
        f.derive(s);
        QCOMPARE(*f.rowsPerDay, 1000.0);
        QCOMPARE(*f.thinningRatio, 0.25);
        QCOMPARE(*f.bytesPerRow, 100.0);
        QCOMPARE(*f.steadyStateRows, 1000.0 * 90 + 1000.0 * 0.25 * (730 - 90));
        QCOMPARE(*f.steadyStateBytes, *f.steadyStateRows * 100);
        // The default window 01–05 with a round an hour of 900 s: 3,600 s a night; 1,000 slices at 0.1/s.
        QCOMPARE(f.measured.catchUp.thinningSecondsPerNight, 3600.0);
        QCOMPARE(*f.measured.catchUp.nights, 3LL);
        // The projection settles on the steady state once the retention has passed.
        QVERIFY(!f.projection.empty());
        QVERIFY2(std::abs(f.projection.back().total() - *f.steadyStateRows) < 0.01 * *f.steadyStateRows,
                 qPrintable(QString::number(f.projection.back().total())));

        PositionSettings keepForever = s;
        keepForever.retentionDays = 0;
        f.derive(keepForever);
        QVERIFY(!f.steadyStateRows);
        QVERIFY(f.steadyStateReason.contains(QStringLiteral("keep forever")));

        m.catchUp.slicesPerSecond.reset();
        m.rowsLast14Days = 0;
        f.derive(s);
        QVERIFY(!f.measured.catchUp.nights);
        QVERIFY(!f.measured.catchUp.reason.isEmpty());
        QCOMPARE(*f.rowsPerDay, 0.0);
        QVERIFY(!f.steadyStateRows);
        QVERIFY(f.steadyStateReason.contains(QStringLiteral("no growth")));

        PositionsForecast empty;
        empty.measured.now = kNow;
        empty.derive(s);
        QVERIFY(!empty.rowsPerDay && !empty.thinningRatio && !empty.steadyStateRows && !empty.bytesPerRow);
        QVERIFY(!empty.rowsPerDayReason.isEmpty() && !empty.thinningRatioReason.isEmpty());
        QVERIFY(empty.projection.empty());
    }

    void sampleIsASeededDrawInIdOrder() {
        std::vector<QUuid> fleet;
        for (int i = 0; i < 40; ++i)
            fleet.push_back(QUuid::createUuidV5(QUuid(), QString::number(i)));
        const std::vector<QUuid> a = PositionsForecastJob::drawSample(fleet, 5, 1);
        QCOMPARE(a.size(), std::size_t(5));
        QVERIFY(std::is_sorted(a.begin(), a.end()));
        QCOMPARE(PositionsForecastJob::drawSample(fleet, 5, 1), a);
        QVERIFY(PositionsForecastJob::drawSample(fleet, 5, 2) != a);
        std::vector<QUuid> sorted = fleet;
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(PositionsForecastJob::drawSample(fleet, 400, 1), sorted); // larger than the fleet: the fleet
        QCOMPARE(PositionsForecastJob::drawSample(fleet, std::nullopt, 1), sorted);
    }

    // The whole fleet sampled: the forecast's rows are the round's, to the row; a sample's rows are the
    // round's for those mowers; the round that follows finds nothing left to judge.
    void forecastAgreesWithTheRound() {
        const QString info = test::TestPostgres::copyDatabase(m_template, QStringLiteral("forecast_round"));
        const PositionsForecast f = forecast(info, std::nullopt);
        // Read a range at a time: of 7 days, and of two slices (a range boundary every 12 hours, inside the
        // sessions).
        const PositionsForecast ranges = forecast(info, std::nullopt, {}, 7 * kMicrosPerDay);
        const PositionsForecast shortRanges = forecast(info, std::nullopt, {}, 12 * kMicrosPerHour);
        const PositionsForecast some = forecast(info, 3);
        const RoundReport r = round(info);
        QCOMPARE(f.measured.mowers, m_mowers);
        QCOMPARE(f.measured.sampledMowers, m_mowers);
        QVERIFY(r.scanned > 0 && r.deleted > 0 && r.ageDeleted > 0);
        QCOMPARE(f.measured.sampleRowsScanned, r.scanned);
        QCOMPARE(f.measured.sampleRowsKept, r.scanned - r.deleted);
        QCOMPARE(ranges.measured.sampleRowsScanned, r.scanned);
        QCOMPARE(ranges.measured.sampleRowsKept, r.scanned - r.deleted);
        QCOMPARE(ranges.worstCoverageDeviation, f.worstCoverageDeviation);
        QCOMPARE(shortRanges.measured.sampleRowsScanned, r.scanned);
        QCOMPARE(shortRanges.measured.sampleRowsKept, r.scanned - r.deleted);
        QCOMPARE(f.failures.size(), qsizetype(r.failures.size()));
        QVERIFY(f.failures.first().contains(m_nanMower.toString(QUuid::WithoutBraces)));
        QCOMPARE(f.measured.catchUp.slicesPending, r.slices + r.slicesPending);
        QCOMPARE(*f.rowsPerDay, double(m_recentRows) / 14);
        QVERIFY(f.worstCoverageDeviation.has_value());

        long long scanned = 0, deleted = 0;
        for (const MowerRoundFigures& m : r.perMower)
            if (std::find(some.sample.begin(), some.sample.end(), m.mowerId) != some.sample.end()) {
                scanned += m.scanned;
                deleted += m.deleted;
            }
        QCOMPARE(some.measured.sampledMowers, 3LL);
        QCOMPARE(some.measured.sampleRowsScanned, scanned);
        QCOMPARE(some.measured.sampleRowsKept, scanned - deleted);

        const PositionsForecast after = forecast(info, std::nullopt);
        QCOMPARE(after.measured.sampleRowsScanned, 0LL);
        QVERIFY(!after.thinningRatio);
        QVERIFY(!after.thinningRatioReason.isEmpty());
    }

    // A what-if judges the sample as a round with those settings does.
    void whatIfAgreesWithARoundUnderItsSettings() {
        const QString info = test::TestPostgres::copyDatabase(m_template, QStringLiteral("forecast_whatif"));
        const PositionsWhatIf wider = PositionsWhatIf::parse(
            QStringLiteral("POSITIONS_THIN_ACTIVE_SECONDS=60,HEATMAP_JOIN_METRES=20"), PositionSettings{});
        const PositionsWhatIf narrower =
            PositionsWhatIf::parse(QStringLiteral("POSITIONS_THIN_ACTIVE_SECONDS=10"), PositionSettings{});
        const PositionsForecast f = forecast(info, std::nullopt, {wider, narrower});
        QCOMPARE(f.whatIf.size(), std::size_t(2));
        const RoundReport r = round(info, wider.settings);
        QCOMPARE(f.whatIf[0].rowsScanned, r.scanned);
        QCOMPARE(f.whatIf[0].rowsKept, r.scanned - r.deleted);
        QVERIFY(f.whatIf[0].rowsKept < f.measured.sampleRowsKept);
        QVERIFY(f.whatIf[1].rowsKept > f.measured.sampleRowsKept);
        QVERIFY(f.whatIf[0].worstCoverageDeviation.has_value());
    }

    void forecastWritesNothing() {
        const QString info =
            test::TestPostgres::copyDatabase(m_template, QStringLiteral("forecast_readonly"));
        auto db = PgConnection::open(info);
        // An earlier round leaves watermarks and a history row (the pace) to keep, and rows to judge.
        RoundRequest earlier;
        earlier.conninfo = info;
        earlier.now = kNow - 25 * kMicrosPerDay;
        earlier.ignoreWindow = true;
        TaskFeedback feedback;
        QVERIFY(RoundJob::run(earlier, feedback).slices > 0);
        const QString before = contentDigest(*db);
        const PositionsForecast f = forecast(
            info, std::nullopt,
            {PositionsWhatIf::parse(QStringLiteral("POSITIONS_THIN_IDLE_SECONDS=150"), PositionSettings{})});
        QVERIFY(f.measured.sampleRowsScanned > 0);
        QCOMPARE(f.measured.catchUp.recordedRounds, 1);
        QVERIFY(f.measured.catchUp.nights.has_value());
        QCOMPARE(contentDigest(*db), before);
    }

    void cliPrintsTheSpecsFields() {
        const test::CliRun cli = test::runCli(
            {QStringLiteral("forecast"), QStringLiteral("positions"), QStringLiteral("--db"), m_template,
             QStringLiteral("--now"), formatIsoTimestamp(kNow), QStringLiteral("--sample-mowers"),
             QStringLiteral("all"), QStringLiteral("--what-if"),
             QStringLiteral("POSITIONS_THIN_ACTIVE_SECONDS=60"), QStringLiteral("--json")});
        QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));
        const QJsonObject json = QJsonDocument::fromJson(cli.out.toUtf8()).object();
        const PositionsForecast f = forecast(
            m_template, std::nullopt,
            {PositionsWhatIf::parse(QStringLiteral("POSITIONS_THIN_ACTIVE_SECONDS=60"), PositionSettings{})});
        QCOMPARE(json.value(QStringLiteral("sampled_mowers")).toInteger(), f.measured.sampledMowers);
        QCOMPARE(json.value(QStringLiteral("sample_rows_scanned")).toInteger(), f.measured.sampleRowsScanned);
        QCOMPARE(json.value(QStringLiteral("sample_rows_kept")).toInteger(), f.measured.sampleRowsKept);
        QVERIFY(std::abs(json.value(QStringLiteral("rows_per_day")).toDouble() - *f.rowsPerDay) < 1e-3);
        QVERIFY(json.value(QStringLiteral("thinning_ratio")).isDouble());
        QVERIFY(json.value(QStringLiteral("steady_state_rows")).isDouble());
        QVERIFY(json.value(QStringLiteral("steady_state_bytes")).isDouble());
        const QJsonObject catchUp = json.value(QStringLiteral("catch_up")).toObject();
        QCOMPARE(catchUp.value(QStringLiteral("slices_pending")).toInteger(),
                 f.measured.catchUp.slicesPending);
        QVERIFY(catchUp.value(QStringLiteral("nights")).isNull()); // no round recorded
        const QJsonArray whatIf = json.value(QStringLiteral("what_if")).toArray();
        QCOMPARE(whatIf.size(), 1);
        const QJsonObject w = whatIf[0].toObject();
        QCOMPARE(w.value(QStringLiteral("settings"))
                     .toObject()
                     .value(QStringLiteral("MOWDECK_TELEMETRY_POSITIONS_THIN_ACTIVE_SECONDS"))
                     .toString(),
                 QStringLiteral("60"));
        QCOMPARE(w.value(QStringLiteral("rows_kept")).toInteger(), f.whatIf[0].rowsKept);
        QVERIFY(w.value(QStringLiteral("worst_coverage_deviation")).isDouble());

        const test::CliRun text =
            test::runCli({QStringLiteral("forecast"), QStringLiteral("positions"), QStringLiteral("--db"),
                          m_template, QStringLiteral("--now"), formatIsoTimestamp(kNow)});
        QVERIFY2(text.exitCode == 0 && text.out.contains(QStringLiteral("steady state")),
                 qPrintable(text.out));
        const test::CliRun bad =
            test::runCli({QStringLiteral("forecast"), QStringLiteral("positions"), QStringLiteral("--db"),
                          m_template, QStringLiteral("--sample-mowers"), QStringLiteral("0")});
        QCOMPARE(bad.exitCode, 2);
    }

    void emptyDatasetGivesNullsWithReasons() {
        QString info;
        test::freshPositionsDatabase(QStringLiteral("forecast_empty"), &info);
        const PositionsForecast f = forecast(info, 50);
        QCOMPARE(f.measured.mowers, 0LL);
        QCOMPARE(f.measured.sampledMowers, 0LL);
        QVERIFY(!f.rowsPerDay && !f.thinningRatio && !f.steadyStateRows);
        QVERIFY(!f.rowsPerDayReason.isEmpty() && !f.steadyStateReason.isEmpty());
        QCOMPARE(*f.measured.catchUp.nights, 0LL);
    }

  private:
    QString m_template;
    QUuid m_nanMower;
    long long m_recentRows = 0;
    long long m_mowers = 0;
};

QTEST_GUILESS_MAIN(TestPositionsForecast)
#include "test_positionsforecast.moc"
