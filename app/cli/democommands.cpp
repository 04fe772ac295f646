#include "clicontext.h"
#include "cliregistry.h"
#include "displayformat.h"

#include "commandfeedback.h"
#include "demoworkspace.h"
#include "error.h"
#include "taskfeedback.h"

#include <QJsonArray>
#include <QLocale>

namespace tidemark::cli {

namespace {

using demo::DemoWorkspace;

const QCommandLineOption kDirOption(
    QStringLiteral("dir"),
    QStringLiteral(
        "The workspace folder (default TIDEMARK_DEMO_DIR, else the user's data folder). A folder that "
        "is not empty and has no .tidemark-demo marker is not a demo workspace: refused, exit code 3."),
    QStringLiteral("DIR"));
const QCommandLineOption kSeedOption(QStringLiteral("seed"),
                                     QStringLiteral("Seed of the generators (default 20261130)."),
                                     QStringLiteral("N"), QStringLiteral("20261130"));
const QCommandLineOption kPortOption(
    QStringLiteral("port"),
    QStringLiteral("Also listen on TCP 127.0.0.1:P (default: only on the cluster's private Unix socket)."),
    QStringLiteral("P"));
const QCommandLineOption kPurgeOption(QStringLiteral("purge"),
                                      QStringLiteral("Also delete the workspace's files."));

QString workspaceDir(CliContext& ctx) {
    return ctx.isSet(QStringLiteral("dir")) ? ctx.value(QStringLiteral("dir"))
                                            : DemoWorkspace::defaultRoot(ctx.settings().demoDir);
}

QString number(qint64 n) {
    return QLocale(QLocale::English).toString(n);
}

QJsonObject statusJson(const DemoWorkspace::Status& s) {
    QJsonArray counts;
    for (const auto& c : s.counts)
        counts.append(QJsonObject{{QStringLiteral("dataset"), c.dataset},
                                  {QStringLiteral("table"), c.table},
                                  {QStringLiteral("rows"), c.rows}});
    return {{QStringLiteral("root"), s.root},
            {QStringLiteral("initialized"), s.initialized},
            {QStringLiteral("running"), s.running},
            {QStringLiteral("port"), s.port},
            {QStringLiteral("socket_dir"), s.socketDir},
            {QStringLiteral("tcp_port"), s.tcpPort},
            {QStringLiteral("data_dir"), s.dataDir},
            {QStringLiteral("seed"), QString::number(s.seed)},
            {QStringLiteral("now"), s.initialized ? formatIsoTimestamp(s.now) : QString()},
            {QStringLiteral("positions_conninfo"), s.positionsConninfo},
            {QStringLiteral("kudos_conninfo"), s.kudosConninfo},
            {QStringLiteral("tracks_path"), s.tracksPath},
            {QStringLiteral("archive_url"), s.archiveUrl},
            {QStringLiteral("counts"), counts}};
}

QString statusText(const DemoWorkspace::Status& s) {
    QString text = QStringLiteral("demo workspace %1: %2\n")
                       .arg(s.root, !s.initialized ? QStringLiteral("not created")
                                    : s.running    ? QStringLiteral("running")
                                                   : QStringLiteral("stopped"));
    if (!s.initialized)
        return text + QStringLiteral("  run: tidemark-cli demo up --dir %1").arg(s.root);
    text += QStringLiteral("  seed %1, now %2\n").arg(s.seed).arg(formatIsoTimestamp(s.now));
    text += QStringLiteral("  socket:    %1 (port %2), %3\n")
                .arg(s.socketDir)
                .arg(s.port)
                .arg(s.tcpPort ? QStringLiteral("and TCP on 127.0.0.1:%1").arg(s.tcpPort)
                               : QStringLiteral("no TCP"));
    text += QStringLiteral("  pgdata:    %1\n").arg(s.dataDir);
    text += QStringLiteral("  positions: %1\n  kudos:     %2\n  tracks:    %3\n  archive:   %4\n")
                .arg(s.positionsConninfo, s.kudosConninfo, s.tracksPath, s.archiveUrl);
    for (const auto& c : s.counts)
        text += QStringLiteral("  %1 %2 %3\n")
                    .arg(c.dataset.leftJustified(10), c.table.leftJustified(26),
                         number(c.rows).rightJustified(11));
    return text;
}

int runUp(CliContext& ctx) {
    bool ok = false;
    const quint64 seed = ctx.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        throw Error(Error::Kind::Usage, QStringLiteral("--seed must be a non-negative integer, not \"%1\"")
                                            .arg(ctx.value(QStringLiteral("seed"))));
    DemoWorkspace::UpOptions options;
    if (ctx.isSet(QStringLiteral("port"))) {
        options.port = ctx.value(QStringLiteral("port")).toInt(&ok);
        if (!ok || options.port < 1 || options.port > 65535)
            throw Error(
                Error::Kind::Usage,
                QStringLiteral("--port must be 1-65535, not \"%1\"").arg(ctx.value(QStringLiteral("port"))));
    }
    // Without --now the data ends at today's midnight (UTC), so two runs on one day agree.
    const Micros now = ctx.nowGiven() ? ctx.now() : floorToStep(ctx.now(), kMicrosPerDay);
    DemoWorkspace workspace(workspaceDir(ctx));
    CommandFeedback control(ctx);
    workspace.up(seed, now, options, control);
    control.finishProgress();
    const auto& f = workspace.lastUpFigures();
    const DemoWorkspace::Status s = workspace.status();
    QJsonObject json = statusJson(s);
    QString text = statusText(s);
    if (f.generated) {
        json.insert(QStringLiteral("figures"),
                    QJsonObject{{QStringLiteral("position_rows"), f.positionRows},
                                {QStringLiteral("positions_seconds"), roundedTo(f.positionsSeconds, 3)},
                                {QStringLiteral("kudos_rows"), f.kudosRows},
                                {QStringLiteral("kudos_seconds"), roundedTo(f.kudosSeconds, 3)},
                                {QStringLiteral("tracks"), f.tracks},
                                {QStringLiteral("tracks_seconds"), roundedTo(f.tracksSeconds, 3)},
                                {QStringLiteral("total_seconds"), roundedTo(f.totalSeconds, 3)}});
        text += QStringLiteral(
                    "generated in %1: %2 position rows in %3 (%4 rows/s), %5 kudos rows in %6 (%7 rows/s), "
                    "%8 tracks in %9 (beside the COPYs)")
                    .arg(display::duration(f.totalSeconds), number(f.positionRows),
                         display::duration(f.positionsSeconds),
                         number(qRound64(f.positionRows / std::max(0.001, f.positionsSeconds))),
                         number(f.kudosRows), display::duration(f.kudosSeconds),
                         number(qRound64(f.kudosRows / std::max(0.001, f.kudosSeconds))), number(f.tracks),
                         display::duration(f.tracksSeconds));
    }
    ctx.print(json, text);
    return ExitDone;
}

int runStatus(CliContext& ctx) {
    const DemoWorkspace::Status s = DemoWorkspace(workspaceDir(ctx)).status();
    ctx.print(statusJson(s), statusText(s));
    return ExitDone;
}

int runDown(CliContext& ctx) {
    DemoWorkspace workspace(workspaceDir(ctx));
    const bool purge = ctx.isSet(QStringLiteral("purge"));
    purge ? workspace.purge() : workspace.down();
    ctx.print({{QStringLiteral("root"), workspace.root()},
               {QStringLiteral("stopped"), true},
               {QStringLiteral("purged"), purge}},
              QStringLiteral("demo workspace %1 %2")
                  .arg(workspace.root(),
                       purge ? QStringLiteral("stopped and deleted") : QStringLiteral("stopped")));
    return ExitDone;
}

} // namespace

void registerDemoCommands(CliRegistry& registry) {
    registry.add({{QStringLiteral("demo"), QStringLiteral("up")},
                  QStringLiteral("Create, fill and start the embedded demo workspace (or start it again)."),
                  {kSeedOption, kDirOption, kPortOption},
                  {},
                  {},
                  runUp});
    registry.add(
        {{QStringLiteral("demo"), QStringLiteral("status")},
         QStringLiteral("Show the demo workspace: running or not, connections and row counts per table."),
         {kDirOption},
         {},
         {},
         runStatus});
    registry.add({{QStringLiteral("demo"), QStringLiteral("down")},
                  QStringLiteral("Stop the demo workspace's cluster (--purge: delete its files too)."),
                  {kDirOption, kPurgeOption},
                  {},
                  {},
                  runDown});
}

} // namespace tidemark::cli
