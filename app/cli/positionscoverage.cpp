// tidemark-cli positions coverage: the 12 % coverage check of spec/positions.md on a CSV file or a database.
#include "clicontext.h"
#include "cliregistry.h"
#include "commandfeedback.h"

#include "coveragecheck.h"
#include "error.h"
#include "heatmapgeojsonwriter.h"
#include "heatmapimagewriter.h"
#include "inmemorypositionstore.h"
#include "positionscsv.h"
#include "previewjob.h"
#include "signallayers.h"

#include <QDir>
#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <limits>

namespace tidemark::cli {

namespace {

using namespace tidemark::positions;

const QCommandLineOption kInput(QStringLiteral("input"),
                                QStringLiteral("Rows CSV (the format of positions thin-file)."),
                                QStringLiteral("ROWS.csv"));
const QCommandLineOption
    kKept(QStringLiteral("kept"),
          QStringLiteral("Survivors CSV (thin-file's output); without it the rows are thinned first."),
          QStringLiteral("KEPT.csv"));
const QCommandLineOption kErrors(QStringLiteral("errors"),
                                 QStringLiteral("Error instants CSV, for thinning."),
                                 QStringLiteral("ERRORS.csv"));
const QCommandLineOption kMower(QStringLiteral("mower"),
                                QStringLiteral("The mower (required with the database)."),
                                QStringLiteral("ID"));
const QCommandLineOption kFrom(QStringLiteral("from"),
                               QStringLiteral("Range start, inclusive (required with the database)."),
                               QStringLiteral("T"));
const QCommandLineOption kTo(QStringLiteral("to"),
                             QStringLiteral("Range end, exclusive (required with the database)."),
                             QStringLiteral("T"));
const QCommandLineOption kPngDir(QStringLiteral("png-dir"),
                                 QStringLiteral("Write the layers as PNG images into this folder."),
                                 QStringLiteral("DIR"));
const QCommandLineOption kGeoJson(QStringLiteral("geojson"),
                                  QStringLiteral("Write the layers as GeoJSON cell polygons."),
                                  QStringLiteral("FILE"));

struct MowerInput {
    QUuid mowerId;
    std::vector<PositionRow> raw;
    std::vector<PositionRow> survivors;
    std::optional<CoverageCheck> check; // computed already (the database's preview)
    CoverageCheckLayers layers;
};

std::vector<PositionRow> inRange(const std::vector<PositionRow>& rows, Micros from, Micros to) {
    std::vector<PositionRow> out;
    std::copy_if(rows.begin(), rows.end(), std::back_inserter(out),
                 [&](const PositionRow& r) { return r.observedAt >= from && r.observedAt < to; });
    return out;
}

std::vector<MowerTrack> thinned(std::vector<MowerTrack> tracks, Micros now,
                                const PositionSettings& settings) {
    InMemoryPositionStore store(std::move(tracks));
    store.thinUntil(settings.thinningCutoff(now), settings);
    return store.tracks();
}

std::vector<MowerInput> fromFiles(CliContext& ctx, Micros now, const PositionSettings& settings, Micros from,
                                  Micros to) {
    PositionsCsv csv = PositionsCsv::readRows(ctx.value(QStringLiteral("input")));
    if (ctx.isSet(QStringLiteral("errors")))
        csv.readErrors(ctx.value(QStringLiteral("errors")));
    std::vector<MowerTrack> tracks = csv.tracks();
    if (ctx.isSet(QStringLiteral("mower"))) {
        const QUuid id(ctx.value(QStringLiteral("mower")));
        std::erase_if(tracks, [&](const MowerTrack& t) { return t.mowerId != id; });
        if (tracks.empty())
            throw Error(Error::Kind::Usage,
                        QStringLiteral("--mower %1 has no rows in %2")
                            .arg(ctx.value(QStringLiteral("mower")), ctx.value(QStringLiteral("input"))));
    }

    std::vector<MowerInput> inputs;
    if (ctx.isSet(QStringLiteral("kept"))) {
        const auto kept = PositionsCsv::readKept(ctx.value(QStringLiteral("kept")));
        for (const MowerTrack& t : tracks) {
            MowerInput in;
            in.mowerId = t.mowerId;
            in.raw = inRange(t.rows, from, to);
            const auto it = kept.constFind(t.mowerId);
            for (const PositionRow& r : in.raw)
                if (it != kept.constEnd() && it->count(r.observedAt))
                    in.survivors.push_back(r);
            inputs.push_back(std::move(in));
        }
        return inputs;
    }
    const std::vector<MowerTrack> survivors = thinned(tracks, now, settings);
    for (std::size_t k = 0; k < tracks.size(); ++k) {
        MowerInput in;
        in.mowerId = tracks[k].mowerId;
        in.raw = inRange(tracks[k].rows, from, to);
        in.survivors = inRange(survivors[k].rows, from, to);
        inputs.push_back(std::move(in));
    }
    return inputs;
}

// Exactly the console's preview of the range: the round's own slices from the real watermark, with their
// context, thinned as the round would thin them; rows behind the watermark stay as stored.
std::vector<MowerInput> fromDatabase(CliContext& ctx, Micros now, const PositionSettings& settings,
                                     Micros from, Micros to) {
    const QUuid id(ctx.required(QStringLiteral("mower")));
    if (id.isNull())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("--mower: not a uuid: %1").arg(ctx.value(QStringLiteral("mower"))));
    PreviewRequest request;
    request.conninfo = ctx.dbConninfo();
    request.mowerId = id;
    request.from = from;
    request.to = to;
    request.now = now;
    request.settings = settings;
    CommandFeedback feedback(ctx);
    PreviewResult preview = PreviewJob::run(request, feedback);
    feedback.finishProgress();
    // Rows behind the mower's watermark are already thinned: then "before" is not the raw track. Say so.
    if (preview.watermark && *preview.watermark > from)
        ctx.err() << "tidemark-cli: warning: mower " << id.toString(QUuid::WithoutBraces)
                  << " is thinned until " << formatIsoTimestamp(*preview.watermark)
                  << ": the stored rows of the range are survivors already, not the raw track\n";
    MowerInput in;
    in.mowerId = id;
    in.raw = std::move(preview.rows);
    in.survivors = preview.survivors();
    in.check = preview.check;
    in.layers = std::move(preview.checkLayers);
    return {std::move(in)};
}

QJsonObject checkJson(const CoverageCheck& c) {
    return {{QStringLiteral("rows_before"), qint64(c.rowsBefore)},
            {QStringLiteral("rows_after"), qint64(c.rowsAfter)},
            {QStringLiteral("area_before_m2"), roundedTo(c.areaBefore, 2)},
            {QStringLiteral("area_after_m2"), roundedTo(c.areaAfter, 2)},
            {QStringLiteral("area_after_narrow_m2"), roundedTo(c.areaAfterNarrow, 2)},
            // Ratios to 1e-4: percentages to 0.01.
            {QStringLiteral("ratio"), roundedTo(c.ratio, 4)},
            {QStringLiteral("narrow_ratio"), roundedTo(c.narrowRatio, 4)},
            {QStringLiteral("deviation"), roundedTo(c.deviation, 4)},
            {QStringLiteral("cells_lost"), qint64(c.cellsLost)},
            {QStringLiteral("cells_gained"), qint64(c.cellsGained)},
            {QStringLiteral("cells_lost_narrow"), qint64(c.cellsLostNarrow)},
            {QStringLiteral("worst_day"), c.worstDay ? formatIsoTimestamp(*c.worstDay).left(10) : QString()},
            {QStringLiteral("worst_day_deviation"), roundedTo(c.worstDayDeviation, 4)},
            {QStringLiteral("verdict"), c.verdictText()}};
}

QString checkText(const CoverageCheck& c) {
    return QStringLiteral(
               "rows_before=%1 rows_after=%2 area_before_m2=%3 area_after_m2=%4 area_after_narrow_m2=%5 "
               "ratio=%6 narrow_ratio=%7 cells_lost=%8 cells_gained=%9 worst_day=%10 "
               "worst_day_deviation=%11 verdict=%12")
        .arg(c.rowsBefore)
        .arg(c.rowsAfter)
        .arg(c.areaBefore, 0, 'f', 2)
        .arg(c.areaAfter, 0, 'f', 2)
        .arg(c.areaAfterNarrow, 0, 'f', 2)
        .arg(c.ratio, 0, 'f', 4)
        .arg(c.narrowRatio, 0, 'f', 4)
        .arg(c.cellsLost)
        .arg(c.cellsGained)
        .arg(c.worstDay ? formatIsoTimestamp(*c.worstDay).left(10) : QStringLiteral("-"))
        .arg(c.worstDayDeviation, 0, 'f', 4)
        .arg(c.verdictText());
}

int runCoverage(CliContext& ctx) {
    const PositionSettings& settings = ctx.settings().positions;
    const Micros now = ctx.now();
    const bool files = ctx.isSet(QStringLiteral("input"));
    if (!files && (ctx.isSet(QStringLiteral("kept")) || ctx.isSet(QStringLiteral("errors"))))
        throw Error(Error::Kind::Usage, QStringLiteral("--kept and --errors need --input"));
    if (files && ctx.isSet(QStringLiteral("db")))
        throw Error(Error::Kind::Usage, QStringLiteral("give either --input or --db, not both"));
    Micros from = std::numeric_limits<Micros>::min(), to = std::numeric_limits<Micros>::max();
    if (ctx.isSet(QStringLiteral("from")) || !files)
        from = parseIsoTimestamp(ctx.required(QStringLiteral("from")), QStringLiteral("--from"));
    if (ctx.isSet(QStringLiteral("to")) || !files)
        to = parseIsoTimestamp(ctx.required(QStringLiteral("to")), QStringLiteral("--to"));
    if (to <= from)
        throw Error(Error::Kind::Usage, QStringLiteral("--to must be after --from"));

    std::vector<MowerInput> inputs =
        files ? fromFiles(ctx, now, settings, from, to) : fromDatabase(ctx, now, settings, from, to);

    CoverageCheck total;
    total.cellMetres = settings.heatmapCellMetres;
    QJsonArray mowers;
    QStringList lines;
    std::unique_ptr<HeatmapGeoJsonWriter> geojson;
    const bool several = inputs.size() > 1;
    bool anyFail = false;
    for (const MowerInput& in : inputs) {
        CoverageCheckLayers computed;
        const CoverageCheck c =
            in.check ? *in.check : checkCoverage(in.raw, in.survivors, now, settings, &computed);
        const CoverageCheckLayers& layers = in.check ? in.layers : computed;
        const QString id = in.mowerId.toString(QUuid::WithoutBraces);
        anyFail = anyFail || !c.passed();
        QJsonObject o = checkJson(c);
        o.insert(QStringLiteral("mower_id"), id);
        mowers.append(o);
        lines << QStringLiteral("mower %1: %2").arg(id, checkText(c));
        total.rowsBefore += c.rowsBefore;
        total.rowsAfter += c.rowsAfter;
        total.cellsBefore += c.cellsBefore;
        total.cellsAfter += c.cellsAfter;
        total.cellsAfterNarrow += c.cellsAfterNarrow;
        total.cellsLost += c.cellsLost;
        total.cellsGained += c.cellsGained;
        total.cellsLostNarrow += c.cellsLostNarrow;
        if (c.worstDay && (!total.worstDay || c.worstDayDeviation > total.worstDayDeviation)) {
            total.worstDay = c.worstDay;
            total.worstDayDeviation = c.worstDayDeviation;
        }

        if (ctx.isSet(QStringLiteral("png-dir")) || ctx.isSet(QStringLiteral("geojson"))) {
            const SignalLayers signal =
                SignalLayers::build(in.survivors, layers.plane, settings.heatmapSignalCellMetres);
            if (ctx.isSet(QStringLiteral("png-dir"))) {
                const QString base = ctx.value(QStringLiteral("png-dir"));
                const QString dir = several ? QDir(base).filePath(id) : base;
                HeatmapImageWriter images(
                    HeatmapImageWriter::extentOf(layers, signal, settings.heatmapCellMetres),
                    settings.heatmapCellMetres);
                images.writeAll(dir, layers, signal);
            }
            if (ctx.isSet(QStringLiteral("geojson"))) {
                if (!geojson)
                    geojson = std::make_unique<HeatmapGeoJsonWriter>(layers.plane);
                geojson->setMower(layers.plane, id);
                const double cell = settings.heatmapCellMetres;
                geojson->addCells(QStringLiteral("before"), layers.before, cell);
                geojson->addCells(QStringLiteral("after"), layers.after, cell);
                geojson->addCells(QStringLiteral("after_narrow"), layers.afterNarrow, cell);
                geojson->addCells(QStringLiteral("lost"), layers.lost, cell);
                geojson->addCells(QStringLiteral("gained"), layers.gained, cell);
                geojson->addSignal(signal);
            }
        }
    }
    if (geojson)
        geojson->write(ctx.value(QStringLiteral("geojson")));

    // Totals over all mowers; the verdict fails when any mower's check fails.
    const double cellArea = total.cellMetres * total.cellMetres;
    total.areaBefore = double(total.cellsBefore) * cellArea;
    total.areaAfter = double(total.cellsAfter) * cellArea;
    total.areaAfterNarrow = double(total.cellsAfterNarrow) * cellArea;
    total.ratio = total.cellsBefore ? double(total.cellsAfter) / double(total.cellsBefore)
                                    : (total.cellsAfter ? 0.0 : 1.0);
    total.narrowRatio = total.cellsBefore ? double(total.cellsAfterNarrow) / double(total.cellsBefore)
                                          : (total.cellsAfterNarrow ? 0.0 : 1.0);
    total.deviation = total.cellsBefore
                          ? std::abs(double(total.cellsAfter - total.cellsBefore)) / double(total.cellsBefore)
                          : 0.0;
    total.verdict =
        anyFail ? CoverageCheck::Verdict::Fail
                : (total.cellsBefore ? CoverageCheck::Verdict::Pass : CoverageCheck::Verdict::NoCoverage);

    QJsonObject json = checkJson(total);
    json.insert(QStringLiteral("now"), formatIsoTimestamp(now));
    json.insert(QStringLiteral("cell_metres"), total.cellMetres);
    json.insert(QStringLiteral("tolerance"), CoverageCheck::kTolerance);
    json.insert(QStringLiteral("mowers"), mowers);
    if (several || inputs.empty())
        lines << QStringLiteral("total: %1").arg(checkText(total));
    ctx.print(json, inputs.size() == 1 ? checkText(total) : lines.join(QLatin1Char('\n')));
    return anyFail ? ExitFailed : ExitDone;
}

} // namespace

void registerCoverageCommands(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("positions"), QStringLiteral("coverage")},
         QStringLiteral("The 12 % coverage check: covered area of the raw rows against the thinned ones "
                        "(exit 1 when a mower fails it)."),
         {kInput, kKept, kErrors, kMower, kFrom, kTo, kPngDir, kGeoJson},
         {CommonOption::Db},
         {},
         runCoverage});
}

} // namespace tidemark::cli
