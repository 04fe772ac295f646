#include "climanual.h"

#include "cliregistry.h"

namespace tidemark::cli {

namespace {

// roff needs backslashes doubled, hyphens escaped (so they stay ASCII minus signs in options) and no line
// starting with a control character.
QString escaped(QString text) {
    text.replace(QLatin1Char('\\'), QLatin1String("\\e"));
    text.replace(QLatin1Char('-'), QLatin1String("\\-"));
    if (text.startsWith(QLatin1Char('.')) || text.startsWith(QLatin1Char('\'')))
        text.prepend(QLatin1String("\\&"));
    return text;
}

QString optionSynopsis(const QCommandLineOption& option) {
    QString text = QStringLiteral("\\fB\\-\\-%1\\fR").arg(escaped(option.names().constLast()));
    if (!option.valueName().isEmpty())
        text += QStringLiteral(" \\fI%1\\fR").arg(escaped(option.valueName()));
    return text;
}

const QStringList kPositionsSettings = {QStringLiteral("MOWDECK_TELEMETRY_POSITIONS_DETAIL_DAYS"),
                                        QStringLiteral("MOWDECK_TELEMETRY_RETENTION_POSITIONS_DAYS"),
                                        QStringLiteral("MOWDECK_TELEMETRY_POSITIONS_THIN_ACTIVE_SECONDS"),
                                        QStringLiteral("MOWDECK_TELEMETRY_POSITIONS_THIN_IDLE_SECONDS"),
                                        QStringLiteral("MOWDECK_TELEMETRY_HEATMAP_JOIN_SECONDS"),
                                        QStringLiteral("MOWDECK_TELEMETRY_HEATMAP_JOIN_METRES"),
                                        QStringLiteral("MOWDECK_TELEMETRY_HEATMAP_SWATH_METRES"),
                                        QStringLiteral("MOWDECK_TELEMETRY_HEATMAP_CELL_METRES"),
                                        QStringLiteral("MOWDECK_TELEMETRY_HEATMAP_SIGNAL_CELL_METRES"),
                                        QStringLiteral("MOWDECK_TELEMETRY_RETENTION_INTERVAL_SECONDS"),
                                        QStringLiteral("MOWDECK_TELEMETRY_THINNING_WINDOW_START_HOUR"),
                                        QStringLiteral("MOWDECK_TELEMETRY_THINNING_WINDOW_END_HOUR"),
                                        QStringLiteral("MOWDECK_TELEMETRY_MAINTENANCE_TIMEZONE"),
                                        QStringLiteral("MOWDECK_TELEMETRY_THINNING_BUDGET_SECONDS"),
                                        QStringLiteral("TIDEMARK_POSITIONS_LOCK_TIMEOUT_SECONDS")};
const QStringList kKudosSettings = {QStringLiteral("KUDOS_RETENTION_CURRENCY_WINDOW_DAYS"),
                                    QStringLiteral("KUDOS_RETENTION_STATS_WINDOW_DAYS"),
                                    QStringLiteral("KUDOS_PARTITION_DAYS"),
                                    QStringLiteral("KUDOS_FIRST_PARTITION_SUBRANGE_DAYS"),
                                    QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES"),
                                    QStringLiteral("KUDOS_ARCHIVE_BUDGET_STATISTICS_BYTES"),
                                    QStringLiteral("KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS"),
                                    QStringLiteral("TIDEMARK_KUDOS_PARTITIONS_AHEAD"),
                                    QStringLiteral("TIDEMARK_KUDOS_LOCK_TIMEOUT_SECONDS")};
const QStringList kArchiveSettings = {
    QStringLiteral("TIDEMARK_ARCHIVE_ZSTD_LEVEL"), QStringLiteral("AWS_ACCESS_KEY_ID"),
    QStringLiteral("AWS_SECRET_ACCESS_KEY"), QStringLiteral("TIDEMARK_S3_CREDENTIALS_FILE")};
// What bounds reading an archive object (ArchiveReadLimits), read by the archive commands and kudos
// retention.
const QStringList kArchiveReadSettings = {QStringLiteral("TIDEMARK_ARCHIVE_MAX_CONTENT_BYTES"),
                                          QStringLiteral("TIDEMARK_ARCHIVE_MAX_RECORD_BYTES")};

} // namespace

QStringList CliManual::settingsReadBy(const CliCommand& command) {
    const QString area = command.path.first();
    QStringList settings;
    if (area == QLatin1String("positions"))
        settings += kPositionsSettings;
    else if (area == QLatin1String("kudos"))
        settings += kKudosSettings;
    else if (area == QLatin1String("demo"))
        settings += QStringLiteral("TIDEMARK_DEMO_DIR");
    if (command.path == QStringList{QStringLiteral("tracks"), QStringLiteral("retain")})
        settings += QStringLiteral("GPS_TRACKS_RETENTION_YEARS");
    else if (command.path == QStringList{QStringLiteral("tracks"), QStringLiteral("import")})
        settings += QStringLiteral("GPS_SOURCES_CONFIG");
    if (area == QLatin1String("archive")) {
        settings += QStringLiteral("TIDEMARK_ARCHIVE_URL");
        settings += kKudosSettings.filter(QStringLiteral("BUDGET"));
    }
    if (command.path == QStringList{QStringLiteral("archive"), QStringLiteral("drill")})
        settings += QStringLiteral("KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS");
    if (command.path == QStringList{QStringLiteral("kudos"), QStringLiteral("rehearse")})
        settings += QStringLiteral("KUDOS_REHEARSAL_MAX_LOCK_MS");
    for (CommonOption common : command.common) {
        switch (common) {
        case CommonOption::Db:
            settings += QStringLiteral("PG* (libpq: PGHOST, PGDATABASE, PGUSER, PGSERVICE, PGPASSFILE, ...)");
            break;
        case CommonOption::Sqlite:
            settings += QStringLiteral("GPS_TRACKS_DB_PATH");
            break;
        case CommonOption::TracksDb:
            settings += QStringLiteral("GPS_TRACKS_DB_CONNINFO");
            settings += QStringLiteral("PG* (libpq: PGHOST, PGDATABASE, PGUSER, PGSERVICE, PGPASSFILE, ...)");
            break;
        case CommonOption::Archive:
            settings += QStringLiteral("TIDEMARK_ARCHIVE_URL");
            break;
        case CommonOption::AllowClockAhead:
            break;
        }
    }
    if (area == QLatin1String("archive") || command.common.contains(CommonOption::Archive))
        settings += kArchiveSettings + kArchiveReadSettings;
    settings.removeDuplicates();
    return settings;
}

QString CliManual::roff(const QString& version) const {
    QString t;
    t +=
        QStringLiteral(".TH TIDEMARK\\-CLI 1 \"\" \"tidemark %1\" \"User Commands\"\n").arg(escaped(version));
    t += QStringLiteral(".ad l\n");
    t += QStringLiteral(".SH NAME\ntidemark\\-cli \\- retention for mower positions, kudos and GPS tracks, "
                        "headless\n");
    t += QStringLiteral(".SH SYNOPSIS\n.B tidemark\\-cli\n.I command\n.RI [ options ]\n.br\n"
                        ".B tidemark\\-cli completion bash\n.br\n.B tidemark\\-cli help \\-\\-man\n");
    t += QStringLiteral(
        ".SH DESCRIPTION\n\\fBtidemark\\-cli\\fR is the headless twin of the \\fBtidemark\\fR(1) console: it "
        "runs the same retention rounds, schema migrations, archive verifications and restores from scripts "
        "and systemd timers. Every command takes \\fB\\-\\-help\\fR, \\fB\\-\\-json\\fR and "
        "\\fB\\-\\-now\\fR "
        "\\fIISO\\-8601\\fR (the clock for every age decision). On a terminal, long commands draw one "
        "progress "
        "line on standard error; piped, or with \\fB\\-\\-json\\fR, they print only their result.\n");
    t += QStringLiteral(".SH COMMANDS\n");
    for (const CliCommand& command : m_commands) {
        const QString name = command.path.join(QLatin1Char(' '));
        t += QStringLiteral(".SS \"%1\"\n").arg(escaped(name));
        QString synopsis = QStringLiteral("\\fBtidemark\\-cli %1\\fR").arg(escaped(name));
        const QList<QCommandLineOption> options = CliRegistry::optionsOf(command);
        for (const QCommandLineOption& option : options)
            synopsis += QStringLiteral(" [%1]").arg(optionSynopsis(option));
        if (!command.positionalHelp.isEmpty())
            synopsis += QStringLiteral(" \\fIargs\\fR");
        t += synopsis + QStringLiteral("\n.PP\n") + escaped(command.summary) + QLatin1Char('\n');
        if (!command.positionalHelp.isEmpty())
            t += QStringLiteral(".PP\nArguments: %1\n").arg(escaped(command.positionalHelp));
        for (const QCommandLineOption& option : options)
            t += QStringLiteral(".TP\n%1\n%2\n").arg(optionSynopsis(option), escaped(option.description()));
        const QStringList settings = settingsReadBy(command);
        if (!settings.isEmpty())
            t +=
                QStringLiteral(".PP\nSettings read: %1.\n").arg(escaped(settings.join(QStringLiteral(", "))));
        t += QStringLiteral(".PP\nExit status: 0, 1, 2, 3 or 75, as described under \\fBEXIT STATUS\\fR.\n");
    }
    t += QStringLiteral(
        ".SH EXIT STATUS\n.TP\n0\nDone (\"nothing to do\" included).\n"
        ".TP\n1\nFailed: for a round, a mower was skipped and the others were done; for kudos retention, an "
        "alert that needs a person (a failed verification, a tier over budget, an unapplied row); for tracks "
        "retention, an R\\-tree left inconsistent; for a GPX import, a refused file.\n"
        ".TP\n2\nBad usage or settings; the message names the option or setting.\n"
        ".TP\n3\nRefused to protect data (a clock ahead of the server, a folder that is not the demo's, a "
        "conflicting idempotency key).\n"
        ".TP\n75\nStopped early by a lock or statement timeout, a serialization failure, a deadlock, another "
        "retention job holding the lock or an unreachable archive; nothing was lost and the next run "
        "retries.\n");
    t += QStringLiteral(
        ".SH ENVIRONMENT\nSettings are validated at start; a bad value exits 2 naming it. PostgreSQL is "
        "reached through libpq, so the \\fBPG*\\fR variables, \\fI~/.pgpass\\fR and "
        "\\fI~/.pg_service.conf\\fR apply. Each command lists the settings it reads.\n");
    t += QStringLiteral(
        ".SH FILES\n.TP\n\\fI/etc/tidemark/*.env\\fR\nThe environment of the packaged systemd services "
        "(tidemark\\-positions\\-round, tidemark\\-kudos\\-retain, tidemark\\-tracks\\-retain, "
        "tidemark\\-archive\\-drill).\n");
    t += QStringLiteral(".SH SEE ALSO\n\\fBtidemark\\fR(1), \\fBsystemd.timer\\fR(5)\n");
    return t;
}

} // namespace tidemark::cli
