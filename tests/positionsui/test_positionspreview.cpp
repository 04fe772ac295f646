#include "demopositionsloader.h"
#include "inmemorypositionstore.h"
#include "mowersummaryloader.h"
#include "pgconnection.h"
#include "positionloader.h"
#include "positionsschema.h"
#include "previewjob.h"
#include "rangeverifier.h"
#include "roundhistory.h"
#include "roundhistorymodel.h"
#include "roundjob.h"
#include "schemamigrator.h"
#include "taskfeedback.h"
#include "testpostgres.h"
#include "thinningstatus.h"

#include <QTest>
#include <cmath>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

// The reference for the binary COPY loader: a plain SELECT with text results.
MowerTrack selectTrack(PgConnection& db, const QUuid& mower, Micros from, Micros to) {
    MowerTrack track;
    track.mowerId = mower;
    const std::vector<PgParam> params = {mower.toString(QUuid::WithoutBraces), formatIsoTimestamp(from),
                                         formatIsoTimestamp(to)};
    const PgResult r = db.exec(
        QStringLiteral(
            "SELECT (extract(epoch FROM observed_at) * 1000000)::bigint, lat, lon, blades_on, rtk_fix,"
            " wifi_rssi, mnet_rssi, speed_mps FROM mower_positions WHERE mower_id = $1::uuid"
            " AND observed_at >= $2::timestamptz AND observed_at < $3::timestamptz ORDER BY observed_at"),
        params);
    for (int i = 0; i < r.rows(); ++i) {
        PositionRow row;
        row.observedAt = r.toLong(i, 0);
        row.lat = r.toDouble(i, 1);
        row.lon = r.toDouble(i, 2);
        row.bladesOn = r.toBool(i, 3);
        row.rtkFix = r.isNull(i, 4) ? std::int8_t(-1) : static_cast<std::int8_t>(r.toLong(i, 4));
        row.wifiRssi = r.isNull(i, 5) ? PositionRow::kNoRssi : static_cast<std::int16_t>(r.toLong(i, 5));
        row.mnetRssi = r.isNull(i, 6) ? PositionRow::kNoRssi : static_cast<std::int16_t>(r.toLong(i, 6));
        if (!r.isNull(i, 7))
            row.speedMps = std::strtof(r.raw(i, 7), nullptr);
        track.rows.push_back(row);
    }
    const PgResult errors = db.exec(
        QStringLiteral(
            "SELECT (extract(epoch FROM observed_at) * 1000000)::bigint FROM mower_history"
            " WHERE mower_id = $1::uuid AND observed_at >= $2::timestamptz AND observed_at < $3::timestamptz"
            " AND error_code IS NOT NULL ORDER BY observed_at"),
        params);
    for (int i = 0; i < errors.rows(); ++i)
        track.errorInstants.push_back(errors.toLong(i, 0));
    return track;
}

// The round's own figures, as the task manager delivers them: the detail of its typed progress.
void collectRoundProgress(TaskFeedback& control, std::vector<RoundProgress>& progress) {
    control.setSink([&progress](const TaskProgress& t) {
        if (t.detail.canConvert<RoundProgress>())
            progress.push_back(t.detail.value<RoundProgress>());
    });
}

} // namespace

// The models behind the positions console on real PostgreSQL: the binary COPY loader against
// a plain SELECT, the preview against InMemoryPositionStore (the reference of a round), a round job with
// its per-slice figures and history, the verifier, and the eligibility figures.
class TestPositionsPreview : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        m_conninfo = test::TestPostgres::createDatabase(QStringLiteral("positions_preview"));
        auto db = PgConnection::open(m_conninfo);
        SchemaMigrator(*db, positions::positionsSchema()).migrate();
        demo::PositionsGeneratorOptions options;
        options.mowers = 2;
        options.days = 20;
        options.end = m_now;
        QVERIFY(demo::DemoPositionsLoader(*db, options).load() > 10000);
        // Unknown fix, no signal, no speed here and there: NULLs must travel as NULLs.
        QVERIFY(db->exec(QStringLiteral(
                             "UPDATE mower_positions SET rtk_fix = NULL, wifi_rssi = NULL, mnet_rssi = NULL,"
                             " speed_mps = NULL WHERE extract(epoch FROM observed_at)::bigint % 997 = 0"))
                    .affectedRows() > 10);
        m_settings.detailDays = 7;
        m_mowers = PositionLoader(*db).listMowers();
        QCOMPARE(m_mowers.size(), std::size_t(2));
    }

    void loaderEqualsSelect() {
        auto db = PgConnection::open(m_conninfo);
        bool sawNull = false;
        for (const QUuid& mower : m_mowers) {
            for (const auto& [from, to] : {std::pair<Micros, Micros>{0, m_now + kMicrosPerDay},
                                           {m_now - 9 * kMicrosPerDay, m_now - 2 * kMicrosPerDay}}) {
                const MowerTrack a = selectTrack(*db, mower, from, to);
                const MowerTrack b = PositionLoader(*db).load(mower, from, to);
                QVERIFY(!a.rows.empty());
                QCOMPARE(b.rows.size(), a.rows.size());
                for (std::size_t i = 0; i < a.rows.size(); ++i) {
                    const PositionRow& x = a.rows[i];
                    const PositionRow& y = b.rows[i];
                    QCOMPARE(y.observedAt, x.observedAt);
                    QCOMPARE(y.lat, x.lat);
                    QCOMPARE(y.lon, x.lon);
                    QCOMPARE(y.bladesOn, x.bladesOn);
                    QCOMPARE(y.rtkFix, x.rtkFix);
                    QCOMPARE(y.wifiRssi, x.wifiRssi);
                    QCOMPARE(y.mnetRssi, x.mnetRssi);
                    QCOMPARE(std::isnan(y.speedMps), std::isnan(x.speedMps));
                    if (!std::isnan(x.speedMps))
                        QCOMPARE(y.speedMps, x.speedMps);
                    sawNull = sawNull || !x.hasRtkFix() || !x.hasWifi() || !x.hasMnet();
                }
                QVERIFY(a.errorInstants == b.errorInstants);
            }
        }
        QVERIFY(sawNull); // NULLs travel as NULLs
    }

    // The preview of a range thinned as a round would: equal, row for row and reason for reason, to the
    // whole track thinned from its first row by InMemoryPositionStore.
    void previewEqualsInMemoryStore() {
        auto db = PgConnection::open(m_conninfo);
        const Micros cutoff = m_settings.thinningCutoff(m_now);
        for (const QUuid& mower : m_mowers) {
            const MowerTrack whole = PositionLoader(*db).load(mower, 0, m_now + kMicrosPerDay);
            InMemoryPositionStore store({whole});
            QVERIFY(store.thinUntil(cutoff, m_settings).deleted > 0);
            PreviewRequest request{m_conninfo,
                                   mower,
                                   cutoff - 3 * kMicrosPerDay - 7 * kMicrosPerHour,
                                   cutoff + kMicrosPerDay,
                                   m_now,
                                   m_settings};
            TaskFeedback feedback;
            const PreviewResult preview = PreviewJob::run(request, feedback);
            QVERIFY(preview.removed > 0);
            QVERIFY(preview.recent > 0);
            QVERIFY(preview.slices >= 13);
            std::vector<std::pair<Micros, KeepReasons>> expected;
            const std::vector<PositionRow>& rows = store.tracks()[0].rows;
            for (std::size_t i = 0; i < rows.size(); ++i)
                if (rows[i].observedAt >= request.from && rows[i].observedAt < request.to)
                    expected.emplace_back(rows[i].observedAt,
                                          rows[i].observedAt < cutoff ? store.reasons(0)[i] : 0);
            std::vector<std::pair<Micros, KeepReasons>> actual;
            for (std::size_t i = 0; i < preview.rows.size(); ++i)
                if (preview.fates[i] != RowFate::Removed)
                    actual.emplace_back(preview.rows[i].observedAt, preview.reasons[i]);
            QCOMPARE(actual.size(), expected.size());
            QVERIFY(actual == expected);
            QCOMPARE(preview.kept, qint64(expected.size()));
            QVERIFY(preview.check.verdict == CoverageCheck::Verdict::Pass);
            m_previews.push_back(preview);
        }
    }

    void eligibilityBeforeTheRound() {
        TaskFeedback feedback;
        const std::vector<MowerSummary> mowers =
            MowerSummaryLoader(m_conninfo).load(m_settings, m_now, feedback);
        QCOMPARE(mowers.size(), std::size_t(2));
        auto db = PgConnection::open(m_conninfo);
        const long long total = db->exec(QStringLiteral("SELECT count(*) FROM mower_positions")).toLong(0, 0);
        // A sample bound well over the table (the planner's size is a guess) counts exactly; the one-mower
        // count agrees.
        MowerSummaryLoader whole(m_conninfo);
        whole.setSampleRows(10 * total);
        for (const MowerSummary& m : whole.load(m_settings, m_now, feedback)) {
            QVERIFY(!m.rowsEstimated);
            QCOMPARE(m.rows, whole.exactRows(m.mowerId));
        }
        for (const MowerSummary& m : mowers) {
            QVERIFY(!m.watermark);
            const long long older =
                db->exec(QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = $1::uuid"
                                        " AND observed_at < $2::timestamptz"),
                         {m.mowerId.toString(QUuid::WithoutBraces),
                          formatIsoTimestamp(m_settings.thinningCutoff(m_now))})
                    .toLong(0, 0);
            QVERIFY(older > 0);
            if (total > 2 * ThinningStatus::kDefaultSampleRows)
                QVERIFY(m.rowsEstimated);
            QVERIFY(m.rows > 0);
            QVERIFY(m.slicesPending >= 13 * 4);
        }
    }

    void dryRunCountsWhatItScans() {
        RoundRequest request;
        request.conninfo = m_conninfo;
        request.settings = m_settings;
        request.now = m_now;
        request.dryRun = true;
        TaskFeedback control;
        std::vector<RoundProgress> progress;
        collectRoundProgress(control, progress);
        const RoundReport report = RoundJob::run(request, control);
        QVERIFY(report.dryRun && report.complete);
        // One progress event per transaction, which may also cover empty slices before its own.
        QCOMPARE(progress.back().slicesDone, report.slices);
        QVERIFY(qint64(progress.size()) <= report.slices);
        QVERIFY(progress.back().dryRun);
        QCOMPARE(progress.back().scanned, report.scanned);
        QCOMPARE(progress.back().deleted, report.deleted); // the round's would-delete, slice by slice
        QVERIFY(report.deleted > 0);
        auto db = PgConnection::open(m_conninfo);
        const std::vector<RoundHistoryEntry> history = RoundHistory(*db).latest();
        QCOMPARE(history.size(), std::size_t(1));
        QVERIFY(history[0].dryRun);
        QCOMPARE(history[0].deleted, report.deleted);
        db->exec(QStringLiteral("DELETE FROM tidemark_round_history"));
    }

    void cancelStopsBetweenSlices() {
        RoundRequest request;
        request.conninfo = m_conninfo;
        request.settings = m_settings;
        request.now = m_now;
        request.ignoreWindow = true;
        TaskFeedback control;
        long long seen = 0;
        control.setSink([&](const TaskProgress& t) {
            if (!t.detail.canConvert<RoundProgress>())
                return;
            seen = t.detail.value<RoundProgress>().slicesDone;
            if (seen >= 3) // an event may cover empty slices before its own: slicesDone can step past 3
                control.cancel();
        });
        const RoundReport report = RoundJob::run(request, control);
        QVERIFY(report.cancelled);
        QVERIFY(!report.complete);
        QVERIFY(seen >= 3);
        QCOMPARE(report.slices, seen);
        auto db = PgConnection::open(m_conninfo);
        const std::vector<RoundHistoryEntry> history = RoundHistory(*db).latest();
        QCOMPARE(history.size(), std::size_t(1));
        QVERIFY(history[0].cancelled);
        QCOMPARE(RoundHistoryModel::outcomeText(history[0]), QStringLiteral("cancelled"));
        db->exec(QStringLiteral("DELETE FROM tidemark_round_history"));
    }

    void roundReportsEverySliceThenVerifies() {
        RoundRequest request;
        request.conninfo = m_conninfo;
        request.settings = m_settings;
        request.now = m_now;
        request.ignoreWindow = true;
        TaskFeedback control;
        std::vector<RoundProgress> progress;
        collectRoundProgress(control, progress);
        const RoundReport report = RoundJob::run(request, control);
        QVERIFY(report.complete);
        QCOMPARE(qint64(progress.size()), report.slices);
        QCOMPARE(progress.back().slicesDone, progress.back().slicesTotal);
        QCOMPARE(progress.back().scanned, report.scanned); // per-slice figures add up to the round's
        QCOMPARE(progress.back().deleted, report.deleted);
        QCOMPARE(progress.back().secondsLeft, 0.0);
        QVERIFY(progress[progress.size() / 2].secondsLeft > 0);
        QCOMPARE(progress.front().sliceOfMower, 1LL);
        QCOMPARE(progress.back().sliceOfMower, progress.back().slicesOfMower);
        QVERIFY(progress.front().mowerId != progress.back().mowerId);

        auto db = PgConnection::open(m_conninfo);
        const std::vector<RoundHistoryEntry> history = RoundHistory(*db).latest();
        QCOMPARE(history.size(), std::size_t(1));
        QCOMPARE(history[0].deleted, report.deleted);
        QCOMPARE(history[0].slices, report.slices);
        QVERIFY(history[0].complete && !history[0].dryRun);

        for (const PreviewResult& preview : m_previews) {
            const RangeVerification v = RangeVerifier::verify(m_conninfo, preview.mowerId, preview.from,
                                                              preview.to, preview.survivors());
            QVERIFY2(v.equal(), qPrintable(v.verdictText()));
            QCOMPARE(v.actual, preview.kept);
            QCOMPARE(v.watermark, std::optional<Micros>(m_settings.thinningCutoff(m_now)));
            // After the round the same range is all behind the watermark or recent: nothing left to remove.
            TaskFeedback feedback;
            const PreviewResult again = PreviewJob::run(
                {m_conninfo, preview.mowerId, preview.from, preview.to, m_now, m_settings}, feedback);
            QCOMPARE(again.removed, 0LL);
            QCOMPARE(again.kept, preview.kept);
            QVERIFY(again.behindWatermark > 0);
        }
        TaskFeedback loading;
        for (const MowerSummary& m : MowerSummaryLoader(m_conninfo).load(m_settings, m_now, loading)) {
            QCOMPARE(m.slicesPending, 0LL);
        }
    }

    void verifierCompare() {
        std::vector<PositionRow> expected(4);
        for (int i = 0; i < 4; ++i)
            expected[std::size_t(i)].observedAt = i * kMicrosPerSecond;
        QVERIFY(RangeVerifier::compare(expected, expected).equal());
        std::vector<PositionRow> actual = expected;
        actual.erase(actual.begin() + 1); // a row the preview kept is gone
        actual.push_back({});             // a row the preview removed is still there
        actual.back().observedAt = 9 * kMicrosPerSecond;
        actual[0].lat = 1; // a row changed
        const RangeVerification v = RangeVerifier::compare(expected, actual);
        QVERIFY(!v.equal());
        QCOMPARE(v.missing, 1LL);
        QCOMPARE(v.unexpected, 1LL);
        QCOMPARE(v.changed, 1LL);
        QCOMPARE(v.matching, 2LL);
        QCOMPARE(v.firstDifferences.size(), std::size_t(3));
    }

  private:
    const Micros m_now = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));
    QString m_conninfo;
    PositionSettings m_settings;
    std::vector<QUuid> m_mowers;
    std::vector<PreviewResult> m_previews;
};

QTEST_GUILESS_MAIN(TestPositionsPreview)
#include "test_positionspreview.moc"
