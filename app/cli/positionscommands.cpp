#include "clicontext.h"
#include "cliregistry.h"

#include "common/error.h"
#include "common/pgconnection.h"
#include "common/schemamigrator.h"
#include "common/settingsreader.h"
#include "positions/inmemorypositionstore.h"
#include "positions/positionsettings.h"
#include "positions/thinningmetrics.h"
#include "positions/thinninground.h"
#include "positions/thinningstatus.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <algorithm>

namespace tidemark::cli {

using namespace tidemark::positions;

namespace {

const QCommandLineOption kInput(QStringLiteral("input"), QStringLiteral("Positions CSV: mower_id,observed_at,lat,lon,"
                                                                        "blades_on,rtk_fix,wifi_rssi,mnet_rssi."),
                                QStringLiteral("ROWS.csv"));
const QCommandLineOption kErrors(QStringLiteral("errors"), QStringLiteral("Error instants CSV: mower_id,observed_at,error_code."),
                                 QStringLiteral("ERRORS.csv"));
const QCommandLineOption kIgnoreWindow(QStringLiteral("ignore-window"), QStringLiteral("Thin even outside the nightly window."));
const QCommandLineOption kBudget(QStringLiteral("budget"), QStringLiteral("Thinning budget in seconds (default: the setting)."),
                                 QStringLiteral("S"));
const QCommandLineOption kDryRun(QStringLiteral("dry-run"), QStringLiteral("Report what would be scanned and deleted; delete nothing."));
const QCommandLineOption kMetricsFile(QStringLiteral("metrics-file"),
                                      QStringLiteral("Write the Prometheus metrics to this textfile-collector file."),
                                      QStringLiteral("PATH"));

PositionSettings settingsFromEnvironment() { return PositionSettings::read(SettingsReader::fromEnvironment()); }

QString isoOrEmpty(const std::optional<Micros>& t) { return t ? formatIsoTimestamp(*t) : QString(); }

// One CSV file of the thin-file command, read line by line with the header checked.
class CsvLines {
public:
    CsvLines(const QString& path, const QString& header) : m_path(path), m_file(path) {
        if (!m_file.open(QIODevice::ReadOnly | QIODevice::Text))
            throw Error(Error::Kind::Usage, QStringLiteral("cannot read %1: %2").arg(path, m_file.errorString()));
        QStringList fields;
        if (!next(&fields) || fields.join(QLatin1Char(',')) != header)
            throw Error(Error::Kind::Usage, QStringLiteral("%1: the header must be %2").arg(path, header));
        m_columns = static_cast<int>(fields.size());
    }
    bool next(QStringList* fields) {
        while (!m_file.atEnd()) {
            ++m_line;
            const QString line = QString::fromUtf8(m_file.readLine()).trimmed();
            if (line.isEmpty())
                continue;
            *fields = line.split(QLatin1Char(','));
            for (QString& f : *fields)
                f = f.trimmed();
            if (m_columns && fields->size() != m_columns)
                fail(QStringLiteral("expected %1 fields").arg(m_columns));
            return true;
        }
        return false;
    }
    [[noreturn]] void fail(const QString& what) const {
        throw Error(Error::Kind::Usage, QStringLiteral("%1:%2: %3").arg(m_path).arg(m_line).arg(what));
    }

private:
    QString m_path;
    QFile m_file;
    int m_columns = 0;
    int m_line = 0;
};

QUuid parseMower(const CsvLines& csv, const QString& text) {
    const QUuid id = QUuid::fromString(text);
    if (id.isNull())
        csv.fail(QStringLiteral("bad mower_id \"%1\"").arg(text));
    return id;
}
Micros parseTime(const CsvLines& csv, const QString& text) {
    Micros t = 0;
    if (!tryParseIsoTimestamp(text, &t))
        csv.fail(QStringLiteral("bad observed_at \"%1\"").arg(text));
    return t;
}
double parseReal(const CsvLines& csv, const QString& text, const char* name) {
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v))
        csv.fail(QStringLiteral("bad %1 \"%2\"").arg(QLatin1String(name), text));
    return v;
}
long optionalInt(const CsvLines& csv, const QString& text, const char* name, long none, long lo, long hi) {
    if (text.isEmpty())
        return none;
    bool ok = false;
    const long v = text.toLong(&ok);
    if (!ok || v < lo || v > hi)
        csv.fail(QStringLiteral("bad %1 \"%2\"").arg(QLatin1String(name), text));
    return v;
}

struct InputRow {
    QString mowerText;
    QString timeText;
    PositionRow row;
};

int runThinFile(CliContext& ctx) {
    const PositionSettings settings = settingsFromEnvironment();
    const QString inputPath = ctx.required(QStringLiteral("input"));
    const Micros cutoff = settings.thinningCutoff(ctx.now());

    std::vector<InputRow> input;
    QHash<QUuid, std::size_t> trackOf;
    std::vector<MowerTrack> tracks;
    std::vector<std::vector<std::size_t>> inputIndexOf; // per track: input indices, sorted by time below
    {
        CsvLines csv(inputPath, QStringLiteral("mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi,mnet_rssi"));
        QStringList f;
        while (csv.next(&f)) {
            InputRow in{f[0], f[1], {}};
            const QUuid mower = parseMower(csv, f[0]);
            in.row.observedAt = parseTime(csv, f[1]);
            in.row.lat = parseReal(csv, f[2], "lat");
            in.row.lon = parseReal(csv, f[3], "lon");
            if (f[4] != QLatin1String("true") && f[4] != QLatin1String("false"))
                csv.fail(QStringLiteral("bad blades_on \"%1\" (true or false)").arg(f[4]));
            in.row.bladesOn = f[4] == QLatin1String("true");
            in.row.rtkFix = static_cast<std::int8_t>(optionalInt(csv, f[5], "rtk_fix", -1, 0, 2));
            in.row.wifiRssi = static_cast<std::int16_t>(optionalInt(csv, f[6], "wifi_rssi", PositionRow::kNoRssi, -32767, 32767));
            in.row.mnetRssi = static_cast<std::int16_t>(optionalInt(csv, f[7], "mnet_rssi", PositionRow::kNoRssi, -32767, 32767));
            auto it = trackOf.find(mower);
            if (it == trackOf.end()) {
                it = trackOf.insert(mower, tracks.size());
                tracks.push_back({mower, {}, {}});
                inputIndexOf.emplace_back();
            }
            inputIndexOf[*it].push_back(input.size());
            input.push_back(std::move(in));
        }
    }
    for (std::size_t k = 0; k < tracks.size(); ++k) {
        std::vector<std::size_t>& order = inputIndexOf[k];
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return input[a].row.observedAt < input[b].row.observedAt; });
        for (std::size_t i = 0; i < order.size(); ++i) {
            if (i > 0 && input[order[i]].row.observedAt == input[order[i - 1]].row.observedAt)
                throw Error(Error::Kind::Usage, QStringLiteral("%1: mower %2 has two rows at %3")
                                                    .arg(inputPath, input[order[i]].mowerText, input[order[i]].timeText));
            tracks[k].rows.push_back(input[order[i]].row);
        }
    }
    if (ctx.isSet(QStringLiteral("errors"))) {
        CsvLines csv(ctx.value(QStringLiteral("errors")), QStringLiteral("mower_id,observed_at,error_code"));
        QStringList f;
        while (csv.next(&f)) {
            const QUuid mower = parseMower(csv, f[0]);
            const Micros t = parseTime(csv, f[1]);
            if (optionalInt(csv, f[2], "error_code", LONG_MIN, INT_MIN, INT_MAX) == LONG_MIN)
                continue; // a history row without an error code
            const auto it = trackOf.constFind(mower);
            if (it != trackOf.constEnd())
                tracks[*it].errorInstants.push_back(t);
        }
        for (MowerTrack& t : tracks) {
            std::sort(t.errorInstants.begin(), t.errorInstants.end());
            t.errorInstants.erase(std::unique(t.errorInstants.begin(), t.errorInstants.end()), t.errorInstants.end());
        }
    }

    InMemoryPositionStore store(std::move(tracks));
    store.thinUntil(cutoff, settings);

    // Survivors back in input order: each track's rows are the kept subset of its time-sorted input.
    std::vector<QString> reasonOf(input.size());
    std::vector<bool> survives(input.size(), false);
    for (std::size_t k = 0; k < store.tracks().size(); ++k) {
        const std::vector<PositionRow>& rows = store.tracks()[k].rows;
        const std::vector<std::size_t>& order = inputIndexOf[k];
        std::size_t j = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            while (input[order[j]].row.observedAt != rows[i].observedAt)
                ++j;
            survives[order[j]] = true;
            const KeepReasons reasons = store.reasons(k)[i];
            reasonOf[order[j]] = rows[i].observedAt >= cutoff || reasons == 0 ? QStringLiteral("recent")
                                                                               : keepReasonsText(reasons);
        }
    }
    QTextStream& out = ctx.out();
    out << "mower_id,observed_at,reasons\n";
    for (std::size_t i = 0; i < input.size(); ++i)
        if (survives[i])
            out << input[i].mowerText << ',' << input[i].timeText << ',' << reasonOf[i] << '\n';
    out.flush();
    return ExitDone;
}

std::unique_ptr<PgConnection> openPositions(CliContext& ctx) {
    auto db = PgConnection::open(ctx.dbConninfo(), QStringLiteral("tidemark-cli positions"));
    SchemaMigrator(*db, QStringLiteral("positions")).requireSchema();
    return db;
}

int runRound(CliContext& ctx) {
    const PositionSettings settings = settingsFromEnvironment();
    RoundOptions options;
    options.now = ctx.now();
    options.ignoreWindow = ctx.isSet(QStringLiteral("ignore-window"));
    options.dryRun = ctx.isSet(QStringLiteral("dry-run"));
    if (ctx.isSet(QStringLiteral("budget"))) {
        bool ok = false;
        const int budget = ctx.value(QStringLiteral("budget")).toInt(&ok);
        if (!ok || budget <= 0)
            throw Error(Error::Kind::Usage, QStringLiteral("--budget must be a positive number of seconds"));
        options.budgetSeconds = budget;
    }
    auto db = openPositions(ctx);
    const RoundReport report = ThinningRound(*db, settings).run(options);

    if (ctx.isSet(QStringLiteral("metrics-file"))) {
        ThinningMetrics metrics;
        metrics.record(report);
        metrics.writeTextfile(ctx.value(QStringLiteral("metrics-file")));
    }

    QJsonArray mowers;
    QString text;
    if (report.skippedLocked)
        text = QStringLiteral("positions round skipped: another runner holds the lock");
    else if (!report.insideWindow)
        text = QStringLiteral("positions round: outside the thinning window (%1 slices pending); age_deleted=%2")
                   .arg(report.slicesPending)
                   .arg(report.ageDeleted);
    else
        text = report.infoLine();
    for (const MowerRoundFigures& m : report.perMower) {
        const QString id = m.mowerId.toString(QUuid::WithoutBraces);
        mowers.append(QJsonObject{{QStringLiteral("mower_id"), id},
                                  {QStringLiteral("slices"), m.slices},
                                  {QStringLiteral("scanned"), m.scanned},
                                  {QStringLiteral("deleted"), m.deleted}});
        if (report.dryRun)
            text += QStringLiteral("\nmower=%1 slices=%2 would_scan=%3 would_delete=%4").arg(id).arg(m.slices).arg(m.scanned).arg(m.deleted);
    }
    ctx.print({{QStringLiteral("dry_run"), report.dryRun},
               {QStringLiteral("skipped_locked"), report.skippedLocked},
               {QStringLiteral("inside_window"), report.insideWindow},
               {QStringLiteral("age_deleted"), report.ageDeleted},
               {QStringLiteral("mowers"), report.mowers},
               {QStringLiteral("slices"), report.slices},
               {QStringLiteral("scanned"), report.scanned},
               {QStringLiteral("deleted"), report.deleted},
               {QStringLiteral("slices_pending"), report.slicesPending},
               {QStringLiteral("seconds"), report.seconds},
               {QStringLiteral("complete"), report.complete},
               {QStringLiteral("cancelled"), report.cancelled},
               {QStringLiteral("per_mower"), mowers}},
              text);
    return ExitDone;
}

int runStatus(CliContext& ctx) {
    const PositionSettings settings = settingsFromEnvironment();
    auto db = openPositions(ctx);
    const Micros cutoff = settings.thinningCutoff(ctx.now());
    const std::vector<MowerThinningStatus> status = ThinningStatus::query(*db, cutoff);
    QJsonArray mowers;
    QString text = QStringLiteral("cutoff %1\nmower_id,rows,oldest,watermark,slices_pending").arg(formatIsoTimestamp(cutoff));
    for (const MowerThinningStatus& s : status) {
        const QString id = s.mowerId.toString(QUuid::WithoutBraces);
        mowers.append(QJsonObject{{QStringLiteral("mower_id"), id},
                                  {QStringLiteral("rows"), s.rows},
                                  {QStringLiteral("oldest"), isoOrEmpty(s.oldest)},
                                  {QStringLiteral("watermark"), isoOrEmpty(s.watermark)},
                                  {QStringLiteral("slices_pending"), s.slicesPending}});
        text += QStringLiteral("\n%1,%2,%3,%4,%5").arg(id).arg(s.rows).arg(isoOrEmpty(s.oldest), isoOrEmpty(s.watermark)).arg(s.slicesPending);
    }
    ctx.print({{QStringLiteral("cutoff"), formatIsoTimestamp(cutoff)}, {QStringLiteral("mowers"), mowers}}, text);
    return ExitDone;
}

} // namespace

void registerPositionsCommands(CliRegistry& registry) {
    registry.add({{QStringLiteral("positions"), QStringLiteral("thin-file")},
                  QStringLiteral("Thin a positions CSV like a round without window or budget; print the survivors."),
                  {kInput, kErrors},
                  {},
                  {},
                  runThinFile});
    registry.add({{QStringLiteral("positions"), QStringLiteral("round")},
                  QStringLiteral("Run one retention round: age delete, then thinning slice by slice."),
                  {kIgnoreWindow, kBudget, kDryRun, kMetricsFile},
                  {CommonOption::Db},
                  {},
                  runRound});
    registry.add({{QStringLiteral("positions"), QStringLiteral("status")},
                  QStringLiteral("Per mower: rows, oldest row, watermark, slices pending."),
                  {},
                  {CommonOption::Db},
                  {},
                  runStatus});
}

} // namespace tidemark::cli
