#include "cliregistry.h"

#include "appsettings.h"
#include "clicompletion.h"
#include "clicontext.h"
#include "climanual.h"
#include "stopsignals.h"

#include "error.h"

#include <QCoreApplication>
#include <QTextStream>

namespace tidemark::cli {

void CliRegistry::add(CliCommand command) {
    m_commands.append(std::move(command));
}

int CliRegistry::printOverview(QTextStream& out, const QStringList& prefix) const {
    out << "Usage: tidemark-cli <command> [options]\n"
        << "Retention for mower positions, kudos and GPS tracks, headless.\n\n"
        << "Global options: --help, --version, --json, --now ISO-8601\n"
        << "Exit codes: 0 done, 1 failed, 2 bad usage or settings, 3 refused, 75 stopped by a timeout, "
           "conflict or SIGTERM/SIGINT (retry later).\n"
        << "SIGTERM or SIGINT: a long command stops after its unit in flight (at most "
        << StopSignals::kGraceSeconds
        << " s, then at once); a second signal stops it at once. What was done is recorded.\n\nCommands:\n";
    for (const CliCommand& c : m_commands) {
        if (!prefix.isEmpty() && c.path.mid(0, prefix.size()) != prefix)
            continue;
        out << "  " << c.path.join(QLatin1Char(' ')).leftJustified(28) << ' ' << c.summary << '\n';
    }
    out << "\nRun 'tidemark-cli <command> --help' for the options of one command, 'tidemark-cli help --man' "
           "for the manual page, 'tidemark-cli completion bash' for a bash completion script.\n";
    out.flush();
    return ExitDone;
}

QList<QCommandLineOption> CliRegistry::optionsOf(const CliCommand& command) {
    QList<QCommandLineOption> options = {
        {QStringLiteral("json"), QStringLiteral("Print the result as JSON.")},
        {QStringLiteral("now"), QStringLiteral("The clock for every age decision (ISO-8601)."),
         QStringLiteral("T")}};
    for (CommonOption common : command.common) {
        switch (common) {
        case CommonOption::Db:
            options.append({QStringLiteral("db"),
                            QStringLiteral("PostgreSQL: a libpq connection string, URI or service=NAME "
                                           "(PG* variables, ~/.pgpass and ~/.pg_service.conf apply)."),
                            QStringLiteral("CONNINFO")});
            break;
        case CommonOption::Sqlite:
            options.append({QStringLiteral("sqlite"),
                            QStringLiteral("The tracks SQLite file (default GPS_TRACKS_DB_PATH)."),
                            QStringLiteral("FILE")});
            break;
        case CommonOption::TracksDb:
            options.append(
                {QStringLiteral("db"),
                 QStringLiteral("A PostGIS tracks store instead of a file: a libpq connection string, "
                                "URI or service=NAME (default GPS_TRACKS_DB_CONNINFO)."),
                 QStringLiteral("CONNINFO")});
            break;
        case CommonOption::Archive:
            options.append({QStringLiteral("archive"),
                            QStringLiteral("The archive: file:///dir or "
                                           "s3://bucket/prefix?endpoint=URL&region=NAME (default "
                                           "TIDEMARK_ARCHIVE_URL)."),
                            QStringLiteral("URL")});
            break;
        case CommonOption::AllowClockAhead:
            options.append({QStringLiteral("allow-clock-ahead"),
                            QStringLiteral("Run although --now (or this machine's clock) is more than 5 "
                                           "minutes later than the clock it is checked against (the "
                                           "database server's now(); for tracks this machine's clock and "
                                           "the day the newest import turns the retention's age), for a "
                                           "rehearsal on a copy; printed as a warning and recorded.")});
            break;
        }
    }
    options += command.options;
    return options;
}

int CliRegistry::dispatch(const QStringList& arguments) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QStringList args = arguments.mid(1);
    if (args == QStringList{QStringLiteral("help"), QStringLiteral("--man")}) {
        out << CliManual(m_commands).roff(QCoreApplication::applicationVersion());
        return ExitDone;
    }
    if (!args.isEmpty() && args.first() == QLatin1String("completion")) {
        if (args.mid(1) != QStringList{QStringLiteral("bash")}) {
            err << "tidemark-cli completion: the only shell is bash (tidemark-cli completion bash)\n";
            return ExitUsage;
        }
        out << CliCompletion(m_commands).bashScript();
        return ExitDone;
    }
    if (args.isEmpty() || args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h") ||
        args.first() == QLatin1String("help"))
        return printOverview(out, {});
    if (args.first() == QLatin1String("--version") || args.first() == QLatin1String("-v")) {
        out << "tidemark-cli " << QCoreApplication::applicationVersion() << '\n';
        return ExitDone;
    }

    const CliCommand* best = nullptr;
    for (const CliCommand& c : m_commands)
        if (args.mid(0, c.path.size()) == c.path && (!best || c.path.size() > best->path.size()))
            best = &c;
    if (!best) {
        const bool isArea = std::any_of(m_commands.cbegin(), m_commands.cend(),
                                        [&](const CliCommand& c) { return c.path.first() == args.first(); });
        if (isArea) {
            err << "tidemark-cli: " << args.first() << ": missing or unknown subcommand\n";
            printOverview(err, {args.first()});
        } else {
            err << "tidemark-cli: unknown command \"" << args.first() << "\" (see tidemark-cli --help)\n";
        }
        return ExitUsage;
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(best->summary);
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addHelpOption();
    parser.addOptions(optionsOf(*best));
    if (!best->positionalHelp.isEmpty())
        parser.addPositionalArgument(QStringLiteral("args"), best->positionalHelp);

    QStringList parseArgs = {QStringLiteral("tidemark-cli ") + best->path.join(QLatin1Char(' '))};
    parseArgs += args.mid(best->path.size());
    if (!parser.parse(parseArgs)) {
        err << "tidemark-cli " << best->path.join(QLatin1Char(' ')) << ": " << parser.errorText() << '\n';
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // helpText names the program by argv[0] (e.g. "app/cli/tidemark-cli"): name the command instead.
        QString help = parser.helpText();
        const QString usage = QStringLiteral("Usage: ");
        const qsizetype options = help.indexOf(QLatin1String(" [options]"));
        const qsizetype lineEnd = help.indexOf(QLatin1Char('\n'));
        if (help.startsWith(usage) && options > 0 && (lineEnd < 0 || options < lineEnd))
            help.replace(0, options,
                         usage + QStringLiteral("tidemark-cli ") + best->path.join(QLatin1Char(' ')));
        out << help;
        return ExitDone;
    }
    if (best->positionalHelp.isEmpty() && !parser.positionalArguments().isEmpty()) {
        err << "tidemark-cli " << best->path.join(QLatin1Char(' ')) << ": unexpected argument \""
            << parser.positionalArguments().first() << "\"\n";
        return ExitUsage;
    }

    try {
        const WorkspaceSettings settings = app::AppSettings::read(app::AppSettings::environment());
        CliContext context(parser, settings, out, err);
        if (parser.isSet(QStringLiteral("now")))
            context.now(); // validates --now up front
        const int code = best->run(context);
        if (const int signal = StopSignals::received()) {
            err << "tidemark-cli: stopped by " << StopSignals::name(signal)
                << "; what was done is recorded and the next run goes on\n";
            return code == ExitDone ? ExitRetry : code;
        }
        return code;
    } catch (const Error& e) {
        err << "tidemark-cli: " << e.message() << '\n';
        switch (e.kind()) {
        case Error::Kind::Usage:
        case Error::Kind::Settings:
            return ExitUsage;
        case Error::Kind::Refused:
            return ExitRefused;
        case Error::Kind::Cancelled: // only a stop signal cancels a command
            return ExitRetry;
        default:
            return ExitFailed;
        }
    } catch (const std::exception& e) {
        err << "tidemark-cli: " << e.what() << '\n';
        return ExitFailed;
    }
}

} // namespace tidemark::cli
