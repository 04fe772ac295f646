#include "clicontext.h"
#include "cliregistry.h"
#include "commandfeedback.h"

#include "archiveinitjob.h"
#include "archivelisting.h"
#include "archivemanifest.h"
#include "archivereadlimits.h"
#include "archiverestorejob.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "archiveverifyjob.h"
#include "csvrecordwriter.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "kudossettings.h"

#include <QJsonArray>
#include <QSet>

namespace tidemark::cli {

using namespace tidemark::archive;

namespace {

const QCommandLineOption kTier(QStringLiteral("tier"),
                               QStringLiteral("Only this tier: currency or statistics."),
                               QStringLiteral("T"));
const QCommandLineOption kAll(QStringLiteral("all"), QStringLiteral("Verify every object of the archive."));
const QCommandLineOption
    kInto(QStringLiteral("into"),
          QStringLiteral("Restore into this PostgreSQL table (created when missing; --db)."),
          QStringLiteral("SCHEMA.TABLE"));
const QCommandLineOption kSqliteFile(QStringLiteral("sqlite"),
                                     QStringLiteral("Restore into this local SQLite file for the console."),
                                     QStringLiteral("FILE"));

const QLatin1String kObjectSuffix(".csv.zst");

QString archiveUrlOf(CliContext& ctx) {
    const QString url = ctx.archiveUrl();
    if (url.isEmpty())
        throw Error(Error::Kind::Settings,
                    QStringLiteral("no archive configured: pass --archive URL or set TIDEMARK_ARCHIVE_URL"));
    return url;
}

std::unique_ptr<ArchiveStore> openStore(CliContext& ctx) {
    return openArchiveStore(archiveUrlOf(ctx));
}

QString archiveIdOf(const ArchiveStore& store) {
    return store.marker() ? store.marker()->id : QString();
}

QString tierPrefix(CliContext& ctx, const ArchiveLayout& layout) {
    if (!ctx.isSet(QStringLiteral("tier")))
        return {};
    const QString tier = ctx.value(QStringLiteral("tier"));
    if (!layout.hasTier(tier))
        throw Error(Error::Kind::Usage,
                    QStringLiteral("--tier is '%1', expected %2").arg(tier, layout.expectedTiers()));
    return tier + QLatin1Char('/');
}

QString onePositionalKey(CliContext& ctx) {
    const QStringList args = ctx.parser().positionalArguments();
    if (args.size() != 1)
        throw Error(Error::Kind::Usage, QStringLiteral("name one archive key (relative to the archive URL)"));
    return objectKeyOf(args.first());
}

// The state column of `archive list` for an entry.
QString stateOf(const ArchiveListingEntry& entry) {
    if (!entry.problem.isEmpty())
        return QStringLiteral("problem");
    if (!entry.hasObject)
        return QStringLiteral("object missing");
    if (!entry.hasManifest)
        return QStringLiteral("missing");
    return entry.manifest ? QStringLiteral("yes") : QStringLiteral("unreadable");
}

// Every entry is listed, a bad one with its problem; exit 1 when any entry is not a sound pair.
int runList(CliContext& ctx) {
    auto store = openStore(ctx);
    const ArchiveLayout layout = kudos::kudosArchiveLayout();
    QJsonArray rows;
    QStringList lines{QStringLiteral("key,bytes,manifest,created_from,created_to,rows,problem")};
    qint64 totalBytes = 0;
    int unsound = 0;
    for (const ArchiveListingEntry& entry : listArchive(*store, layout, tierPrefix(ctx, layout))) {
        QJsonObject row{
            {QStringLiteral("key"), entry.key},
            {QStringLiteral("object"), entry.hasObject},
            {QStringLiteral("bytes"), entry.hasObject ? QJsonValue(double(entry.bytes)) : QJsonValue()},
            {QStringLiteral("manifest"), entry.hasManifest}};
        QString from, to, rowCount;
        const QString problem = !entry.problem.isEmpty() ? entry.problem : entry.manifestProblem;
        if (const std::optional<ArchiveManifest>& m = entry.manifest) {
            from = formatIsoTimestamp(m->createdFrom);
            to = formatIsoTimestamp(m->createdTo);
            rowCount = QString::number(m->rowCount);
            row.insert(QStringLiteral("created_from"), from);
            row.insert(QStringLiteral("created_to"), to);
            row.insert(QStringLiteral("rows"), double(m->rowCount));
            row.insert(QStringLiteral("dataset"), m->dataset);
            row.insert(QStringLiteral("partition"), m->partition);
        }
        if (!entry.problem.isEmpty())
            row.insert(QStringLiteral("problem"), entry.problem);
        if (!entry.manifestProblem.isEmpty())
            row.insert(QStringLiteral("manifest_problem"), entry.manifestProblem);
        unsound += entry.isSound() ? 0 : 1;
        totalBytes += entry.bytes;
        rows.append(row);
        lines << QString::fromUtf8(
                     csvRecord({entry.key, entry.hasObject ? QString::number(entry.bytes) : QString(),
                                stateOf(entry), from, to, rowCount, problem}))
                     .chopped(1);
    }
    lines << QStringLiteral("%1 object(s), %2 bytes in %3 (archive %4)%5")
                 .arg(rows.size())
                 .arg(totalBytes)
                 .arg(store->describe(), archiveIdOf(*store),
                      unsound > 0 ? QStringLiteral("; %1 with a problem or missing half").arg(unsound)
                                  : QString());
    ctx.print({{QStringLiteral("archive"), store->describe()},
               {QStringLiteral("archive_id"), archiveIdOf(*store)},
               {QStringLiteral("ok"), unsound == 0},
               {QStringLiteral("objects"), rows},
               {QStringLiteral("bytes"), double(totalBytes)}},
              lines.join(QLatin1Char('\n')));
    return unsound == 0 ? ExitDone : ExitFailed;
}

// One key, or with --all every entry of the listing: a bad entry (a stray name, a hostile key, a link) is a
// failed entry with its problems and the run goes on; only an unreachable store or server ends it.
int runVerify(CliContext& ctx) {
    ArchiveVerifyRequest request;
    request.layout = kudos::kudosArchiveLayout();
    request.limits = ctx.settings().archiveLimits;
    request.archiveUrl = archiveUrlOf(ctx);
    if (ctx.isSet(QStringLiteral("all"))) {
        if (!ctx.parser().positionalArguments().isEmpty())
            throw Error(Error::Kind::Usage, QStringLiteral("name a key or --all, not both"));
        request.all = true;
        request.prefix = tierPrefix(ctx, request.layout);
    } else {
        request.keys = {onePositionalKey(ctx)};
    }
    if (ctx.isSet(QStringLiteral("db")))
        request.conninfo = ctx.dbConninfo();

    CommandFeedback feedback(ctx);
    const ArchiveVerifyReport report = ArchiveVerifyJob::run(request, feedback);
    feedback.finishProgress();
    QJsonArray results;
    QStringList lines;
    for (const ArchiveObjectCheck& check : report.objects) {
        const VerifyResult& r = check.result;
        results.append(QJsonObject{{QStringLiteral("key"), check.key},
                                   {QStringLiteral("ok"), r.ok},
                                   {QStringLiteral("rows"), double(r.rows)},
                                   {QStringLiteral("online_checked"), check.onlineChecked},
                                   {QStringLiteral("cancelled"), r.cancelled},
                                   {QStringLiteral("problems"), QJsonArray::fromStringList(r.problems)}});
        const QString where =
            check.onlineChecked
                ? QStringLiteral(" (also against the online partition %1)").arg(r.manifest.partition)
            : check.partitionOffline
                ? QStringLiteral(" (its partition is no longer online: object and manifest only)")
                : QString();
        lines << (r.cancelled
                      ? QStringLiteral("%1: cancelled after %2 bytes").arg(check.key).arg(r.objectBytesRead)
                  : r.ok ? QStringLiteral("%1: ok, %2 rows%3").arg(check.key).arg(r.rows).arg(where)
                         : QStringLiteral("%1: FAILED%2").arg(check.key, where));
        for (const QString& p : r.problems)
            lines << QStringLiteral("  - %1").arg(p);
    }
    lines << QStringLiteral("%1 object(s) verified, %2 with problems%3")
                 .arg(report.verified())
                 .arg(report.failed)
                 .arg(report.cancelled ? QStringLiteral("; cancelled before the other %1")
                                             .arg(report.planned - report.verified())
                                       : QString());
    for (const QString& warning : report.warnings)
        lines << QStringLiteral("warning: %1").arg(warning);
    ctx.print({{QStringLiteral("archive"), report.archive},
               {QStringLiteral("ok"), report.ok()},
               {QStringLiteral("cancelled"), report.cancelled},
               {QStringLiteral("warnings"), QJsonArray::fromStringList(report.warnings)},
               {QStringLiteral("objects"), results}},
              lines.join(QLatin1Char('\n')));
    return report.ok() ? ExitDone : ExitFailed;
}

int runRestore(CliContext& ctx) {
    ArchiveRestoreRequest request;
    request.keys = {onePositionalKey(ctx)};
    const bool intoTable = ctx.isSet(QStringLiteral("into"));
    const bool intoSqlite = ctx.isSet(QStringLiteral("sqlite"));
    if (intoTable == intoSqlite)
        throw Error(Error::Kind::Usage,
                    QStringLiteral("name one target: --into SCHEMA.TABLE (with --db) or --sqlite FILE"));
    request.layout = kudos::kudosArchiveLayout();
    request.limits = ctx.settings().archiveLimits;
    request.archiveUrl = archiveUrlOf(ctx);
    if (intoTable) {
        request.target = ArchiveRestoreRequest::Target::PostgresTable;
        request.conninfo = ctx.dbConninfo();
        request.table = ctx.required(QStringLiteral("into"));
    } else {
        request.target = ArchiveRestoreRequest::Target::SqliteFile;
        request.sqliteFile = ctx.required(QStringLiteral("sqlite"));
    }
    CommandFeedback feedback(ctx);
    const ArchiveRestoreReport report = ArchiveRestoreJob::run(request, feedback);
    feedback.finishProgress();
    const QString& key = request.keys.first();
    if (report.restored.empty()) {
        ctx.print(
            {{QStringLiteral("key"), key}, {QStringLiteral("cancelled"), true}, {QStringLiteral("rows"), 0}},
            QStringLiteral("the restore of %1 was cancelled; nothing was loaded").arg(key));
        return ExitFailed;
    }
    const RestoreResult& r = report.restored.front();
    const QString text =
        r.alreadyRestored
            ? QStringLiteral("%1 already holds the %2 rows of %3 (verified %4); nothing loaded")
                  .arg(r.target)
                  .arg(r.manifest.rowCount)
                  .arg(key, formatIsoTimestamp(r.verifiedAt))
            : QStringLiteral("restored %1 rows of %2 into %3%4; verified %5: object sha256 %6, totals of %7 "
                             "key(s) agree")
                  .arg(r.rows)
                  .arg(key, r.target, r.tableCreated ? QStringLiteral(" (table created)") : QString(),
                       formatIsoTimestamp(r.verifiedAt),
                       r.manifest.objectSha256.left(12) + QStringLiteral(".."))
                  .arg(r.manifest.totals.size());
    ctx.print({{QStringLiteral("key"), key},
               {QStringLiteral("target"), r.target},
               {QStringLiteral("cancelled"), false},
               {QStringLiteral("rows"), double(r.rows)},
               {QStringLiteral("manifest_rows"), double(r.manifest.rowCount)},
               {QStringLiteral("already_restored"), r.alreadyRestored},
               {QStringLiteral("table_created"), r.tableCreated},
               {QStringLiteral("verified_at"), formatIsoTimestamp(r.verifiedAt)},
               {QStringLiteral("object_sha256"), r.manifest.objectSha256},
               {QStringLiteral("content_sha256"), r.manifest.contentSha256}},
              text);
    return ExitDone;
}

int runUsage(CliContext& ctx) {
    const kudos::KudosSettings& settings = ctx.settings().kudos;
    auto store = openStore(ctx);
    struct Tier {
        QString name;
        const char* setting;
        qint64 budget;
    };
    const Tier tiers[] = {
        {QStringLiteral("currency"), "KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES", settings.currencyBudgetBytes},
        {QStringLiteral("statistics"), "KUDOS_ARCHIVE_BUDGET_STATISTICS_BYTES",
         settings.statisticsBudgetBytes}};
    QJsonArray rows;
    QStringList lines{QStringLiteral("tier,bytes,objects,budget_bytes,used")};
    for (const Tier& t : tiers) {
        const QString prefix = t.name + QLatin1Char('/');
        const qint64 used = store->usedBytes(prefix);
        int objects = 0;
        for (const ArchiveObjectInfo& o : store->list(prefix))
            objects += o.key.endsWith(kObjectSuffix) && o.problem.isEmpty() ? 1 : 0;
        const QString share = t.budget > 0 ? QStringLiteral("%1%").arg(100.0 * used / t.budget, 0, 'f', 1)
                                           : QStringLiteral("no budget");
        rows.append(QJsonObject{
            {QStringLiteral("tier"), t.name},
            {QStringLiteral("bytes"), double(used)},
            {QStringLiteral("objects"), objects},
            {QStringLiteral("budget_bytes"), t.budget > 0 ? QJsonValue(double(t.budget)) : QJsonValue()},
            {QStringLiteral("budget_setting"), QLatin1String(t.setting)},
            {QStringLiteral("over_budget"), t.budget > 0 && used > t.budget}});
        lines << QStringLiteral("%1,%2,%3,%4,%5")
                     .arg(t.name)
                     .arg(used)
                     .arg(objects)
                     .arg(t.budget > 0 ? QString::number(t.budget) : QStringLiteral("-"), share);
    }
    lines << QStringLiteral("%1 (archive %2)").arg(store->describe(), archiveIdOf(*store));
    ctx.print({{QStringLiteral("archive"), store->describe()},
               {QStringLiteral("archive_id"), archiveIdOf(*store)},
               {QStringLiteral("tiers"), rows}},
              lines.join(QLatin1Char('\n')));
    return ExitDone;
}

QJsonObject markerJson(const ArchiveMarker& m) {
    return QJsonObject{{QStringLiteral("id"), m.id},
                       {QStringLiteral("created_at"), formatIsoTimestamp(m.createdAt)},
                       {QStringLiteral("os_user"), m.osUser},
                       {QStringLiteral("database"), m.database ? QJsonValue(m.database->name) : QJsonValue()},
                       {QStringLiteral("adopted_objects"), double(m.adoptedObjects)}};
}

// Exit 0 when the archive has its marker (written now or there before), 3 when objects there do not verify
// (each named), 75 when cancelled.
int runInit(CliContext& ctx) {
    ArchiveInitRequest request;
    request.archiveUrl = archiveUrlOf(ctx);
    request.layout = kudos::kudosArchiveLayout();
    request.limits = ctx.settings().archiveLimits;
    if (ctx.isSet(QStringLiteral("db")))
        request.conninfo = ctx.dbConninfo();
    CommandFeedback feedback(ctx);
    const ArchiveInitReport report = ArchiveInitJob::run(request, feedback);
    feedback.finishProgress();
    QJsonArray failures;
    QStringList lines;
    for (const ArchiveInitFailure& f : report.failures) {
        failures.append(QJsonObject{{QStringLiteral("key"), f.key},
                                    {QStringLiteral("problems"), QJsonArray::fromStringList(f.problems)}});
        lines << QStringLiteral("%1: FAILED").arg(f.key);
        for (const QString& p : f.problems)
            lines << QStringLiteral("  - %1").arg(p);
    }
    const ArchiveMarker& m = report.marker;
    if (report.cancelled)
        lines << QStringLiteral("archive init of %1 cancelled while verifying the objects there; no marker "
                                "written")
                     .arg(report.archive);
    else if (report.refused())
        lines << report.refusal();
    else if (report.alreadyInitialised)
        lines << QStringLiteral("%1 is already a Tidemark archive (id %2, created %3); nothing written")
                     .arg(report.archive, m.id, formatIsoTimestamp(m.createdAt));
    else
        lines << QStringLiteral("%1 is now Tidemark archive %2%3; %4 object(s) verified and adopted")
                     .arg(report.archive, m.id,
                          report.folderCreated ? QStringLiteral(" (folder created)") : QString())
                     .arg(m.adoptedObjects);
    const bool ok = !report.cancelled && !report.refused();
    ctx.print({{QStringLiteral("archive"), report.archive},
               {QStringLiteral("ok"), ok},
               {QStringLiteral("already_initialised"), report.alreadyInitialised},
               {QStringLiteral("folder_created"), report.folderCreated},
               {QStringLiteral("cancelled"), report.cancelled},
               {QStringLiteral("objects"), report.objects},
               {QStringLiteral("failures"), failures},
               {QStringLiteral("marker"), ok ? QJsonValue(markerJson(m)) : QJsonValue()}},
              lines.join(QLatin1Char('\n')));
    return report.cancelled ? ExitRetry : report.refused() ? ExitRefused : ExitDone;
}

} // namespace

void registerArchiveCommands(CliRegistry& registry) {
    registry.add({{QStringLiteral("archive"), QStringLiteral("init")},
                  QStringLiteral(
                      "Make a folder (created when its parent exists) or an S3 prefix (in an existing "
                      "bucket) a Tidemark archive by writing its marker; objects already there are "
                      "verified and adopted, or nothing is written (exit 3). Every other command refuses "
                      "an archive without the marker. With --db the marker names that database and takes its "
                      "clock."),
                  {},
                  {CommonOption::Archive, CommonOption::Db},
                  {},
                  runInit});
    registry.add({{QStringLiteral("archive"), QStringLiteral("list")},
                  QStringLiteral("List the archive's objects: key, size, manifest, created range, rows, and "
                                 "the problem of a bad entry; exit 1 when an entry has one or lacks a half."),
                  {kTier},
                  {CommonOption::Archive},
                  {},
                  runList});
    registry.add(
        {{QStringLiteral("archive"), QStringLiteral("verify")},
         QStringLiteral("Verify objects against their manifests (with --db also against the partition "
                        "while it is online); every entry is verified, a bad one is listed with its "
                        "problems; exit 1 on any problem."),
         {kAll, kTier},
         {CommonOption::Archive, CommonOption::Db},
         QStringLiteral("KEY (relative to the archive URL), or --all"),
         runVerify});
    registry.add(
        {{QStringLiteral("archive"), QStringLiteral("restore")},
         QStringLiteral("Verify an object, then load its rows into a PostgreSQL table (--into, --db) or a "
                        "SQLite file (--sqlite); a mismatch loads nothing."),
         {kInto, kSqliteFile},
         {CommonOption::Archive, CommonOption::Db},
         QStringLiteral("KEY (relative to the archive URL)"),
         runRestore});
    registry.add({{QStringLiteral("archive"), QStringLiteral("usage")},
                  QStringLiteral("Bytes per archive tier and its budget (KUDOS_ARCHIVE_BUDGET_*_BYTES)."),
                  {},
                  {CommonOption::Archive},
                  {},
                  runUsage});
}

} // namespace tidemark::cli
