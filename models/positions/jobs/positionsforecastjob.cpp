#include "positionsforecastjob.h"

#include "clockcheck.h"
#include "mowerbacklogjudge.h"
#include "pgconnection.h"
#include "pgtransaction.h"
#include "positionloader.h"
#include "positionslayout.h"
#include "roundhistory.h"
#include "sliceplanner.h"
#include "taskfeedback.h"
#include "thinningstatus.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QHash>
#include <algorithm>
#include <cmath>

namespace tidemark::positions {

namespace {

QString idText(const QUuid& id) {
    return id.toString(QUuid::WithoutBraces);
}

QString uuidArray(std::span<const QUuid> ids) {
    QStringList items;
    for (const QUuid& id : ids)
        items << idText(id);
    return pgPlainArray(items);
}

// Rows of every mower in [from, to): one index range count per mower.
long long rowsBetween(PgConnection& db, std::span<const QUuid> mowers, Micros from, Micros to) {
    return db
        .exec(QStringLiteral("SELECT count(*) FROM mower_positions WHERE mower_id = ANY ($1::uuid[])"
                             " AND observed_at >= $2::timestamptz AND observed_at < $3::timestamptz"),
              {uuidArray(mowers), formatIsoTimestamp(from), formatIsoTimestamp(to)})
        .toLong(0, 0);
}

// The sampled mowers' rows by UTC day of observation, each day in its band (detail from the cutoff's day,
// thinned before the mower's watermark's day, else backlog).
std::vector<BandRows> sampleDays(PgConnection& db, std::span<const QUuid> sample,
                                 const QHash<QUuid, std::optional<Micros>>& watermarks, Micros cutoff,
                                 long long& total) {
    const PgResult r = db.exec(
        QStringLiteral(
            "SELECT p.mower_id, (extract(epoch FROM date_bin('1 day', p.observed_at,"
            " '2000-01-01T00:00:00Z')) * 1000000)::bigint AS day, count(*) FROM mower_positions p"
            " WHERE p.mower_id = ANY($1::uuid[]) AND isfinite(p.observed_at) GROUP BY 1, 2 ORDER BY 2"),
        {uuidArray(sample)});
    std::vector<BandRows> days;
    total = 0;
    const Micros cutoffDay = floorToStep(cutoff, kMicrosPerDay);
    for (int i = 0; i < r.rows(); ++i) {
        const Micros day = r.toLong(i, 1);
        const double n = double(r.toLong(i, 2));
        total += r.toLong(i, 2);
        if (days.empty() || days.back().day != day)
            days.push_back(BandRows{day, 0, 0, 0});
        const std::optional<Micros> w = watermarks.value(QUuid::fromString(r.text(i, 0)));
        if (day >= cutoffDay)
            days.back().detail += n;
        else if (w && day + kMicrosPerDay <= *w)
            days.back().thinned += n;
        else
            days.back().backlog += n;
    }
    return days;
}

} // namespace

std::vector<QUuid> PositionsForecastJob::drawSample(std::vector<QUuid> mowers, std::optional<int> count,
                                                    quint64 seed) {
    std::sort(mowers.begin(), mowers.end());
    if (!count || *count >= static_cast<long long>(mowers.size()))
        return mowers;
    std::vector<std::pair<QByteArray, QUuid>> keyed;
    keyed.reserve(mowers.size());
    for (const QUuid& id : mowers)
        keyed.emplace_back(
            QCryptographicHash::hash(QStringLiteral("%1:%2").arg(seed).arg(idText(id)).toUtf8(),
                                     QCryptographicHash::Sha256),
            id);
    std::sort(keyed.begin(), keyed.end());
    std::vector<QUuid> out;
    for (int i = 0; i < *count; ++i)
        out.push_back(keyed[std::size_t(i)].second);
    std::sort(out.begin(), out.end());
    return out;
}

void PositionsForecastRequest::validate() const {
    if (sampleMowers)
        kSampleMowers.check(*sampleMowers);
}

PositionsForecast PositionsForecastJob::run(const PositionsForecastRequest& request, TaskFeedback& feedback) {
    request.validate();
    QElapsedTimer timer;
    timer.start();
    PositionsForecast f;
    f.seed = request.seed;
    PositionsMeasurements& m = f.measured;
    m.now = request.now;
    const PositionSettings& s = request.settings;
    const Micros cutoff = s.thinningCutoff(request.now);
    const Micros ageLimit = s.retentionDays > 0 ? request.now - s.retentionDays * kMicrosPerDay
                                                : std::numeric_limits<Micros>::min();

    feedback.reportProgress(0.01, QStringLiteral("connecting"));
    auto db = PgConnection::open(request.conninfo, QStringLiteral("tidemark forecast"));
    const PositionsLayout layout = requirePositionsSchema(*db);
    const ClockCheck clock{QStringLiteral("the forecast's clock"), request.now,
                           QStringLiteral("the database server's now()"), db->serverNow()};
    if (clock.tooFarAhead())
        f.warnings << clock.refusalText(
            QStringLiteral("the forecast judges rows a round would not judge yet"),
            QStringLiteral("it is read-only: shown as a warning"));
    PgTransaction tx(*db, {QStringLiteral("REPEATABLE READ READ ONLY"), 0, 0, {}});

    feedback.reportProgress(0.03, QStringLiteral("reading the fleet"));
    std::vector<MowerThinningStatus> fleet = ThinningStatus::query(*db, cutoff, RowCounting::Estimate);
    PositionLoader loader(*db);
    std::vector<QUuid> ids;
    QHash<QUuid, std::optional<Micros>> watermarks;
    for (MowerThinningStatus& st : fleet) {
        // Where a round starts the mower's slices: its watermark, else its oldest row the age delete leaves
        // (none before the cutoff: nothing to thin).
        if (!st.watermark && st.oldest && *st.oldest < ageLimit) {
            st.oldest = loader.nextRow(st.mowerId, ageLimit, cutoff);
            st.slicesPending = SlicePlanner::pendingSlices(st.watermark, st.oldest, cutoff);
        }
        ids.push_back(st.mowerId);
        watermarks.insert(st.mowerId, st.watermark);
        m.tableRows += std::max(0LL, st.rows);
        m.catchUp.slicesPending += st.slicesPending;
    }
    m.mowers = static_cast<long long>(fleet.size());
    const Micros today = floorToStep(request.now, kMicrosPerDay);
    m.rowsLast14Days =
        rowsBetween(*db, ids, today - PositionsForecast::kRowsPerDayDays * kMicrosPerDay, today);
    // A distributed table's own relation on the coordinator is empty; its size is its shards'.
    m.tableBytes =
        db->exec(layout.distributed ? QStringLiteral("SELECT citus_total_relation_size('mower_positions')")
                                    : QStringLiteral("SELECT pg_total_relation_size('mower_positions')"))
            .toLong(0, 0);
    m.catchUp.measurePace(RoundHistory(*db).latest());

    f.sample = drawSample(ids, request.sampleMowers, request.seed);
    m.sampledMowers = static_cast<long long>(f.sample.size());
    m.sampleDays = sampleDays(*db, f.sample, watermarks, cutoff, m.sampleRows);

    std::vector<PositionSettings> settings{s};
    for (const PositionsWhatIf& w : request.whatIf) {
        settings.push_back(w.settings);
        f.whatIf.push_back(WhatIfOutcome{w, 0, 0, std::nullopt, {}, 0});
    }
    QHash<QUuid, const MowerThinningStatus*> byId;
    for (const MowerThinningStatus& st : fleet)
        byId.insert(st.mowerId, &st);
    for (std::size_t i = 0; i < f.sample.size(); ++i) {
        if (!feedback.checkpoint()) {
            f.cancelled = true;
            return f;
        }
        const MowerThinningStatus& st = *byId.value(f.sample[i]);
        TaskProgress p;
        p.stage = QStringLiteral("judging mower %1").arg(idText(st.mowerId).left(8));
        p.done = static_cast<qint64>(i);
        p.total = static_cast<qint64>(f.sample.size());
        p.rows = m.sampleRowsScanned;
        feedback.report(p);
        if (!st.notAnInstant.isEmpty()) {
            f.failures
                << QStringLiteral("mower %1: %2; a round skips it").arg(idText(st.mowerId), st.notAnInstant);
            continue;
        }
        const std::vector<SliceRange> slices =
            SlicePlanner::plan(st.mowerId, st.watermark, st.oldest, cutoff);
        const std::vector<JudgedBacklog> judged = MowerBacklogJudge::judge(
            loader, slices, settings, request.now, ageLimit, request.rangeLength,
            st.rows >= 0 && st.rows <= request.readAtOnceRows, request.checkCoverage);
        m.sampleRowsScanned += judged[0].scanned;
        m.sampleRowsKept += judged[0].kept;
        if (!judged[0].failure.isEmpty())
            f.failures << judged[0].failure;
        if (!std::isnan(judged[0].worstDeviation))
            f.worstCoverageDeviation =
                std::max(f.worstCoverageDeviation.value_or(0), judged[0].worstDeviation);
        for (std::size_t k = 0; k < f.whatIf.size(); ++k) {
            WhatIfOutcome& o = f.whatIf[k];
            const JudgedBacklog& j = judged[k + 1];
            o.rowsScanned += j.scanned;
            o.rowsKept += j.kept;
            if (!std::isnan(j.worstDeviation) &&
                (!o.worstCoverageDeviation || j.worstDeviation > *o.worstCoverageDeviation)) {
                o.worstCoverageDeviation = j.worstDeviation;
                o.worstMower = st.mowerId;
                o.worstRangeBegin = j.worstRangeBegin;
            }
        }
    }
    tx.rollback();
    f.derive(s);
    f.seconds = timer.nsecsElapsed() / 1e9;
    feedback.reportProgress(1.0, QStringLiteral("done"));
    return f;
}

} // namespace tidemark::positions
