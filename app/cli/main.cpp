#include "cliregistry.h"
#include "stopsignals.h"

#include <QCoreApplication>
#include <QLocale>

int main(int argc, char** argv) {
    tidemark::cli::StopSignals::install(); // before any thread
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Tidemark"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("tidemark.example.org"));
    QCoreApplication::setApplicationName(QStringLiteral("Tidemark"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TIDEMARK_VERSION));
    // Numbers in the C form (no digit grouping, a dot), so scripts read the same text in every language.
    QLocale::setDefault(QLocale::c());

    tidemark::cli::CliRegistry registry;
    tidemark::cli::registerSchemaCommands(registry);
    tidemark::cli::registerDemoCommands(registry);
    tidemark::cli::registerTracksImportCommand(registry);
    tidemark::cli::registerTracksCommands(registry);
    tidemark::cli::registerTracksMigrateCommand(registry);
    tidemark::cli::registerTracksQueryCommands(registry);
    tidemark::cli::registerTracksForecastCommand(registry);
    tidemark::cli::registerPositionsCommands(registry);
    tidemark::cli::registerCoverageCommands(registry);
    tidemark::cli::registerPositionsForecastCommand(registry);
    tidemark::cli::registerKudosSwapCommands(registry);
    tidemark::cli::registerKudosRehearseCommand(registry);
    tidemark::cli::registerKudosCommands(registry);
    tidemark::cli::registerKudosForecastCommand(registry);
    tidemark::cli::registerArchiveCommands(registry);
    tidemark::cli::registerArchiveDrillCommand(registry);
    tidemark::cli::registerPlanCommand(registry);
    tidemark::cli::registerApplyCommand(registry);
    return registry.dispatch(QCoreApplication::arguments());
}
