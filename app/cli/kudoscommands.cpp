#include "clicontext.h"
#include "climetrics.h"
#include "cliregistry.h"
#include "commandfeedback.h"
#include "kudosschema.h"

#include "error.h"
#include "kudosreconcilejob.h"
#include "kudosroundjob.h"
#include "kudossettings.h"
#include "ledgerstatements.h"
#include "partitionstatusloader.h"
#include "pgconnection.h"
#include "privacydisclosure.h"
#include "schemamigrator.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace tidemark::cli {

using namespace tidemark::kudos;

namespace {

const QCommandLineOption
    kOnce(QStringLiteral("once"),
          QStringLiteral("Do one step (one partition or sub-range one state forward) and exit."));
const QCommandLineOption kDryRun(QStringLiteral("dry-run"),
                                 QStringLiteral("Print what would be done; change nothing."));
const QCommandLineOption kUser(QStringLiteral("user"), QStringLiteral("The user id."), QStringLiteral("ID"));
const QCommandLineOption kFrom(QStringLiteral("from"), QStringLiteral("First instant (inclusive, ISO 8601)."),
                               QStringLiteral("T"));
const QCommandLineOption kTo(QStringLiteral("to"), QStringLiteral("Last instant (exclusive, ISO 8601)."),
                             QStringLiteral("T"));
const QCommandLineOption
    kApply(QStringLiteral("apply"),
           QStringLiteral("Write the repairs (compensating RECONCILIATION rows) through kudos_repair."));
const QCommandLineOption
    kSnapshot(QStringLiteral("snapshot"),
              QStringLiteral("The balance snapshot to reconcile against (default: the newest)."),
              QStringLiteral("UUID"));
const QCommandLineOption
    kTakeSnapshot(QStringLiteral("take-snapshot"),
                  QStringLiteral("Take a new balance snapshot first and reconcile against it."));
const QCommandLineOption kRebuild(
    QStringLiteral("rebuild-checkpoints"),
    QStringLiteral("First recompute the checkpoints of the ranges still online and raise the generation "
                   "(snapshots taken before are refused afterwards)."));
const QCommandLineOption kMarkdown(QStringLiteral("markdown"),
                                   QStringLiteral("Print Markdown instead of plain text."));

std::unique_ptr<PgConnection> openKudos(CliContext& ctx) {
    auto db = PgConnection::open(ctx.dbConninfo(), QStringLiteral("tidemark-cli kudos"));
    SchemaMigrator(*db, kudos::kudosSchema()).requireSchema();
    return db;
}

QString day(Micros t) {
    return formatIsoTimestamp(t).left(10);
}

QJsonObject actionJson(const RetentionAction& a) {
    return {{QStringLiteral("dataset"), datasetName(a.entry.dataset)},
            {QStringLiteral("partition"), a.entry.partition},
            {QStringLiteral("lo"), formatIsoTimestamp(a.entry.lo)},
            {QStringLiteral("hi"), formatIsoTimestamp(a.entry.hi)},
            {QStringLiteral("from"), a.entry.state},
            {QStringLiteral("to"), a.to}};
}

QString actionText(const RetentionAction& a) {
    return QStringLiteral("%1 %2 %3 [%4, %5): %6 -> %7")
        .arg(a.verb(), datasetName(a.entry.dataset), a.entry.partition, day(a.entry.lo), day(a.entry.hi),
             a.entry.state, a.to);
}

int runRetain(CliContext& ctx) {
    KudosRoundRequest request;
    request.settings = ctx.settings().kudos;
    request.conninfo = ctx.dbConninfo();
    request.archiveUrl = ctx.archiveUrl();
    request.now = ctx.now();
    request.allowClockAhead = ctx.allowClockAhead();
    request.oneStep = ctx.isSet(QStringLiteral("once"));
    request.dryRun = ctx.isSet(QStringLiteral("dry-run"));
    request.metricsPath = metricsTarget(ctx).path;
    CommandFeedback feedback(ctx);
    const RetentionReport report = KudosRoundJob::run(request, feedback);
    feedback.finishProgress();
    QStringList lines;
    QJsonArray done, remaining, incidents, alerts;
    for (const RetentionStepResult& s : report.done) {
        QJsonObject o = actionJson(s.action);
        o.insert(QStringLiteral("state"), s.state);
        o.insert(QStringLiteral("rows"), s.rows);
        o.insert(QStringLiteral("bytes"), s.bytes);
        o.insert(QStringLiteral("seconds"), roundedTo(s.seconds, 3));
        o.insert(QStringLiteral("detail"), s.detail);
        done.append(o);
        lines << QStringLiteral(
                     "kudos retain step=\"%1\" dataset=%2 partition=%3 lo=%4 hi=%5 state=%6 rows=%7"
                     " seconds=%8 detail=\"%9\"")
                     .arg(s.action.verb(), datasetName(s.action.entry.dataset), s.action.entry.partition,
                          day(s.action.entry.lo), day(s.action.entry.hi), s.state)
                     .arg(s.rows)
                     .arg(s.seconds, 0, 'f', 3)
                     .arg(s.detail);
    }
    for (const RetentionAction& a : report.remaining) {
        remaining.append(actionJson(a));
        if (report.dryRun)
            lines << QStringLiteral("would %1").arg(actionText(a));
    }
    for (const QString& warning : report.warnings)
        ctx.err() << "tidemark-cli: WARNING: " << warning << '\n';
    for (const RetentionIncident& i : report.incidents) {
        if (i.kind == RetentionIncident::Kind::UnappliedRows) {
            incidents.append(QJsonObject{{QStringLiteral("kind"), QStringLiteral("unapplied_rows")},
                                         {QStringLiteral("dataset"), datasetName(i.dataset)},
                                         {QStringLiteral("partition"), i.partition},
                                         {QStringLiteral("unapplied_rows"), i.rows},
                                         {QStringLiteral("oldest"), formatIsoTimestamp(i.oldest)}});
            ctx.err() << "tidemark-cli: INCIDENT: " << i.partition << " holds " << i.rows
                      << " unapplied row(s) older than the window, the oldest from "
                      << formatIsoTimestamp(i.oldest) << '\n';
            continue;
        }
        incidents.append(
            QJsonObject{{QStringLiteral("kind"), QStringLiteral("replacement_mismatch")},
                        {QStringLiteral("dataset"), datasetName(i.dataset)},
                        {QStringLiteral("partition"), i.partition},
                        {QStringLiteral("lo"), formatIsoTimestamp(i.lo)},
                        {QStringLiteral("hi"), formatIsoTimestamp(i.hi)},
                        {QStringLiteral("recorded_at"), formatIsoTimestamp(i.recordedAt)},
                        {QStringLiteral("detail"), i.detail},
                        {QStringLiteral("difference"), QJsonDocument::fromJson(i.difference).object()}});
        ctx.err() << "tidemark-cli: INCIDENT: " << datasetName(i.dataset) << ' ' << i.partition << " ["
                  << formatIsoTimestamp(i.lo) << ", " << formatIsoTimestamp(i.hi)
                  << ") was not dropped: its rows differ from their replacement (since "
                  << formatIsoTimestamp(i.recordedAt) << "): " << i.detail << '\n';
    }
    for (const RetentionAlert& a : report.alerts) {
        alerts.append(QJsonObject{{QStringLiteral("dataset"), datasetName(a.dataset)},
                                  {QStringLiteral("retryable"), a.retryable()},
                                  {QStringLiteral("stops_retention"), a.stopsRetention()},
                                  {QStringLiteral("message"), a.message}});
        ctx.err() << "tidemark-cli: ALERT: " << datasetName(a.dataset)
                  << (a.cause == RetentionAlert::Cause::DrillOverdue ? ": " : " retention stopped: ")
                  << a.message << '\n';
    }
    ctx.err().flush();
    if (report.lockBusy)
        lines << QStringLiteral("kudos retain skipped: another retention job holds the lock");
    else if (report.cancelled)
        lines << QStringLiteral("kudos retain cancelled: %1 step(s) committed before the cancel")
                     .arg(report.done.size());
    else if (report.done.empty() && !report.dryRun)
        lines << (report.remaining.empty()
                      ? QStringLiteral("kudos retain: nothing to do")
                      : QStringLiteral("kudos retain: %1 step(s) waiting (see the alerts)")
                            .arg(report.remaining.size()));
    else if (!report.dryRun)
        lines << QStringLiteral("kudos retain: %1 step(s) done, %2 still eligible")
                     .arg(report.done.size())
                     .arg(report.remaining.size());
    else if (report.remaining.empty())
        lines << QStringLiteral("kudos retain: nothing to do");
    ctx.print({{QStringLiteral("dry_run"), report.dryRun},
               {QStringLiteral("lock_busy"), report.lockBusy},
               {QStringLiteral("cancelled"), report.cancelled},
               {QStringLiteral("done"), done},
               {QStringLiteral("remaining"), remaining},
               {QStringLiteral("incidents"), incidents},
               {QStringLiteral("alerts"), alerts},
               {QStringLiteral("partitions_created"), QJsonArray::fromStringList(report.partitionsCreated)},
               {QStringLiteral("catalog_rows_added"), report.catalogRowsAdded},
               {QStringLiteral("keys_expired"), report.keysExpired},
               {QStringLiteral("server_now"), formatIsoTimestamp(report.serverNow)},
               {QStringLiteral("clock_ahead_seconds"), roundedTo(report.clockAheadSeconds, 3)},
               {QStringLiteral("clock_override"), report.clockOverride},
               {QStringLiteral("drop_lock_seconds"), roundedTo(report.dropLockSeconds, 4)}},
              lines.join(QLatin1Char('\n')));
    return report.exitCode();
}

int runPartitions(CliContext& ctx) {
    const KudosSettings settings = ctx.settings().kudos;
    auto db = openKudos(ctx);
    const std::vector<PartitionStatus> list = PartitionStatusLoader(*db, settings).load();
    const Micros now = ctx.now();
    QJsonArray rows;
    QStringList lines{QStringLiteral("dataset,partition,lo,hi,rows,unapplied,quarantined,state,eligible_at,"
                                     "archive_key,object_bytes")};
    for (const PartitionStatus& s : list) {
        rows.append(QJsonObject{{QStringLiteral("dataset"), datasetName(s.dataset)},
                                {QStringLiteral("partition"), s.partition},
                                {QStringLiteral("lo"), formatIsoTimestamp(s.lo)},
                                {QStringLiteral("hi"), formatIsoTimestamp(s.hi)},
                                {QStringLiteral("subrange"), s.subrange},
                                {QStringLiteral("online"), s.online},
                                {QStringLiteral("rows"), s.rows},
                                {QStringLiteral("unapplied"), s.unapplied},
                                {QStringLiteral("quarantined"), s.quarantined},
                                {QStringLiteral("state"), s.state},
                                {QStringLiteral("eligible_at"), formatIsoTimestamp(s.eligibleAt)},
                                {QStringLiteral("eligible"), s.eligible(now)},
                                {QStringLiteral("archive_key"), s.archiveKey},
                                {QStringLiteral("object_bytes"),
                                 s.objectBytes ? QJsonValue(double(*s.objectBytes)) : QJsonValue()},
                                {QStringLiteral("error"), s.error}});
        lines << QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9")
                         .arg(datasetName(s.dataset), s.partition, day(s.lo), day(s.hi))
                         .arg(s.rows)
                         .arg(s.unapplied)
                         .arg(s.quarantined)
                         .arg(s.state.isEmpty() ? QStringLiteral("-") : s.state, day(s.eligibleAt)) +
                     QStringLiteral(",%1,%2").arg(
                         s.archiveKey, s.objectBytes ? QString::number(*s.objectBytes) : QString());
    }
    ctx.print({{QStringLiteral("now"), formatIsoTimestamp(now)}, {QStringLiteral("partitions"), rows}},
              lines.join(QLatin1Char('\n')));
    return ExitDone;
}

int runStatement(CliContext& ctx) {
    bool ok = false;
    const int user = ctx.required(QStringLiteral("user")).toInt(&ok);
    if (!ok)
        throw Error(Error::Kind::Usage, QStringLiteral("--user must be a user id (an integer)"));
    const auto instant = [&](const QString& name) -> std::optional<Micros> {
        if (!ctx.isSet(name))
            return std::nullopt;
        return parseIsoTimestamp(ctx.value(name), QStringLiteral("--") + name);
    };
    auto db = openKudos(ctx);
    const auto lines =
        LedgerStatements(*db).statement(user, instant(QStringLiteral("from")), instant(QStringLiteral("to")));
    QJsonArray rows;
    QStringList text{QStringLiteral("day,entry_type,escrow,amount,rows,source")};
    qint64 balance = 0, escrow = 0;
    for (const StatementLine& l : lines) {
        (l.escrow ? escrow : balance) += l.amountCents;
        rows.append(QJsonObject{
            {QStringLiteral("day"), day(l.day)},
            {QStringLiteral("entry_type"), l.entryType},
            {QStringLiteral("escrow"), l.escrow},
            {QStringLiteral("amount"), textFromCents(l.amountCents)},
            {QStringLiteral("rows"), l.rows},
            {QStringLiteral("source"), l.archived ? QStringLiteral("statement") : QStringLiteral("online")}});
        text << QStringLiteral("%1,%2,%3,%4,%5,%6")
                    .arg(day(l.day), l.entryType, l.escrow ? QStringLiteral("true") : QStringLiteral("false"),
                         textFromCents(l.amountCents))
                    .arg(l.rows)
                    .arg(l.archived ? QStringLiteral("statement") : QStringLiteral("online"));
    }
    text
        << QStringLiteral("total spendable %1, escrow %2").arg(textFromCents(balance), textFromCents(escrow));
    ctx.print({{QStringLiteral("user_id"), user},
               {QStringLiteral("lines"), rows},
               {QStringLiteral("total_spendable"), textFromCents(balance)},
               {QStringLiteral("total_escrow"), textFromCents(escrow)}},
              text.join(QLatin1Char('\n')));
    return ExitDone;
}

int runReconcile(CliContext& ctx) {
    KudosReconcileRequest request;
    request.settings = ctx.settings().kudos;
    request.conninfo = ctx.dbConninfo();
    request.now = ctx.now();
    request.allowClockAhead = ctx.allowClockAhead();
    request.options.rebuildCheckpoints = ctx.isSet(QStringLiteral("rebuild-checkpoints"));
    if (ctx.isSet(QStringLiteral("snapshot"))) {
        const QUuid id(ctx.value(QStringLiteral("snapshot")));
        if (id.isNull())
            throw Error(Error::Kind::Usage, QStringLiteral("--snapshot must be a snapshot id (a UUID)"));
        request.options.snapshot = id;
    }
    request.options.takeSnapshot = ctx.isSet(QStringLiteral("take-snapshot"));
    request.options.apply = ctx.isSet(QStringLiteral("apply"));
    CommandFeedback feedback(ctx);
    const KudosReconcileReport job = KudosReconcileJob::run(request, feedback);
    feedback.finishProgress();
    if (job.rebuiltGeneration)
        ctx.err() << "tidemark-cli: checkpoints rebuilt; generation " << *job.rebuiltGeneration << '\n';
    for (const QString& warning : job.warnings)
        ctx.err() << "tidemark-cli: WARNING: " << warning << '\n';
    const ReconciliationReport& report = job.reconciliation;
    QJsonArray drifting;
    QStringList lines;
    if (!report.snapshot) {
        lines << QStringLiteral("kudos reconcile: the database holds no balance snapshot; take one with "
                                "--take-snapshot and reconcile against it later");
    } else {
        lines << QStringLiteral("snapshot %1 taken %2 (checkpoint generation %3); checkpoints reach %4")
                     .arg(report.snapshot->id.toString(QUuid::WithoutBraces),
                          formatIsoTimestamp(report.snapshot->created))
                     .arg(report.snapshot->generation)
                     .arg(report.checkpointBoundary ? formatIsoTimestamp(*report.checkpointBoundary)
                                                    : QStringLiteral("nowhere yet"));
        lines << QStringLiteral(
            "user_id,expected_balance,actual_balance,expected_escrow,actual_escrow,drift");
    }
    for (const ReconciliationDrift& d : report.drifting) {
        drifting.append(QJsonObject{{QStringLiteral("user_id"), d.userId},
                                    {QStringLiteral("expected_balance"), textFromCents(d.expectedBalance)},
                                    {QStringLiteral("actual_balance"), textFromCents(d.actualBalance)},
                                    {QStringLiteral("expected_escrow"), textFromCents(d.expectedEscrow)},
                                    {QStringLiteral("actual_escrow"), textFromCents(d.actualEscrow)},
                                    {QStringLiteral("drift"), textFromCents(d.drift)}});
        lines << QStringLiteral("%1,%2,%3,%4,%5,%6")
                     .arg(d.userId)
                     .arg(textFromCents(d.expectedBalance), textFromCents(d.actualBalance),
                          textFromCents(d.expectedEscrow), textFromCents(d.actualEscrow),
                          textFromCents(d.drift));
    }
    if (report.snapshot)
        lines << QStringLiteral("%1 user(s) checked, %2 drifting, total drift %3")
                     .arg(report.usersChecked)
                     .arg(report.usersDrifting)
                     .arg(textFromCents(report.totalDrift));
    QJsonObject json{{QStringLiteral("snapshot_id"),
                      report.snapshot ? report.snapshot->id.toString(QUuid::WithoutBraces) : QString()},
                     {QStringLiteral("generation"), report.checkpointGeneration},
                     {QStringLiteral("checkpoint_boundary"),
                      report.checkpointBoundary ? formatIsoTimestamp(*report.checkpointBoundary) : QString()},
                     {QStringLiteral("users_checked"), report.usersChecked},
                     {QStringLiteral("users_drifting"), report.usersDrifting},
                     {QStringLiteral("total_drift"), textFromCents(report.totalDrift)},
                     {QStringLiteral("drifting"), drifting}};
    json.insert(QStringLiteral("cancelled"), job.cancelled);
    if (job.applied) {
        const ReconciliationApplied& applied = *job.applied;
        json.insert(QStringLiteral("repaired"), applied.repaired);
        json.insert(QStringLiteral("already_repaired"), applied.alreadyRepaired);
        json.insert(QStringLiteral("no_drift"), applied.noDrift);
        lines << QStringLiteral(
                     "repairs written for %1 user(s); %2 already repaired under this snapshot; %3 without "
                     "drift any more")
                     .arg(applied.repaired)
                     .arg(applied.alreadyRepaired)
                     .arg(applied.noDrift);
    }
    ctx.print(json, lines.join(QLatin1Char('\n')));
    return ExitDone;
}

int runDisclosure(CliContext& ctx) {
    const KudosSettings settings = ctx.settings().kudos;
    const PrivacyDisclosure disclosure(settings);
    ctx.print(
        {{QStringLiteral("text"), disclosure.text()}, {QStringLiteral("markdown"), disclosure.markdown()}},
        ctx.isSet(QStringLiteral("markdown")) ? disclosure.markdown() : disclosure.text());
    return ExitDone;
}

} // namespace

void registerKudosCommands(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("kudos"), QStringLiteral("retain")},
         QStringLiteral("Run kudos retention: roll up, checkpoint, state, export, verify and drop what is "
                        "eligible, one partition at a time."),
         {kOnce, kDryRun, metricsFileOption()},
         {CommonOption::Db, CommonOption::Archive, CommonOption::AllowClockAhead},
         {},
         runRetain});
    registry.add(
        {{QStringLiteral("kudos"), QStringLiteral("partitions")},
         QStringLiteral("List the partitions of both kudos tables with their rows and retention state."),
         {},
         {CommonOption::Db},
         {},
         runPartitions});
    registry.add(
        {{QStringLiteral("kudos"), QStringLiteral("statement")},
         QStringLiteral("A user's daily statement: archived days from the statements, recent days online."),
         {kUser, kFrom, kTo},
         {CommonOption::Db},
         {},
         runStatement});
    registry.add({{QStringLiteral("kudos"), QStringLiteral("reconcile")},
                  QStringLiteral(
                      "Compare every balance with its snapshot plus the applied movements since (checkpoint "
                      "plus online tail); --apply writes compensating repairs."),
                  {kApply, kSnapshot, kTakeSnapshot, kRebuild},
                  {CommonOption::Db, CommonOption::AllowClockAhead},
                  {},
                  runReconcile});
    registry.add({{QStringLiteral("kudos"), QStringLiteral("disclosure")},
                  QStringLiteral("Print the privacy disclosure rendered from the retention settings."),
                  {kMarkdown},
                  {},
                  {},
                  runDisclosure});
}

} // namespace tidemark::cli
