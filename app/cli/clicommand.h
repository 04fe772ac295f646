#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>

namespace tidemark::cli {

class CliContext;

// Process exit codes of tidemark-cli.
// ExitRetry (EX_TEMPFAIL): stopped early by a lock or statement timeout, a serialization failure or a
// deadlock; nothing was lost and the next run retries.
enum ExitCode : int { ExitDone = 0, ExitFailed = 1, ExitUsage = 2, ExitRefused = 3, ExitRetry = 75 };

// Options every command of an area can ask for by name.
// AllowClockAhead: run although the clock is more than 5 minutes ahead (ClockCheck), for rehearsals on a
// copy. TracksDb: --db naming a PostGIS tracks store, beside Sqlite (CliContext::tracksLocation).
enum class CommonOption { Db, Sqlite, TracksDb, Archive, AllowClockAhead };

// One subcommand, e.g. {"positions", "thin-file"}. Areas register theirs in register<Area>Commands().
struct CliCommand {
    QStringList path;
    QString summary;
    QList<QCommandLineOption> options;
    QList<CommonOption> common;
    QString positionalHelp; // empty: no positional arguments accepted
    std::function<int(CliContext&)> run;
};

class CliRegistry;
void registerSchemaCommands(CliRegistry& registry);
// The datasets `schema migrate|status --dataset` names (for the completion script).
QStringList schemaDatasetNames();
void registerDemoCommands(CliRegistry& registry);
void registerTracksImportCommand(CliRegistry& registry);   // tracks import
void registerTracksCommands(CliRegistry& registry);        // tracks init, status
void registerTracksMigrateCommand(CliRegistry& registry);  // tracks migrate
void registerTracksQueryCommands(CliRegistry& registry);   // tracks query, retain, health
void registerTracksForecastCommand(CliRegistry& registry); // forecast tracks
void registerPositionsCommands(CliRegistry& registry);
void registerCoverageCommands(CliRegistry& registry);
void registerPositionsForecastCommand(CliRegistry& registry); // forecast positions
void registerKudosSwapCommands(CliRegistry& registry);
void registerKudosRehearseCommand(CliRegistry& registry); // kudos rehearse
void registerKudosCommands(CliRegistry& registry);
void registerKudosForecastCommand(CliRegistry& registry); // forecast kudos
void registerArchiveCommands(CliRegistry& registry);
void registerArchiveDrillCommand(CliRegistry& registry); // archive drill
void registerPlanCommand(CliRegistry& registry);         // plan
void registerApplyCommand(CliRegistry& registry);        // apply

} // namespace tidemark::cli
