#pragma once

#include "clicommand.h"

#include "trackslocation.h"
#include "workspacesettings.h"

#include "requestlimit.h"
#include "timestamp.h"

#include "rounding.h"

#include <QCommandLineParser>
#include <QJsonObject>
#include <QTextStream>
#include <optional>

namespace tidemark::cli {

using tidemark::roundedTo;

// What a running command sees: its parsed options, the settings (read once at start, validated), the clock
// (--now), the output mode (--json) and the connection options every area shares (--db, --sqlite,
// --archive), which override their settings.
class CliContext {
  public:
    CliContext(QCommandLineParser& parser, const WorkspaceSettings& settings, QTextStream& out,
               QTextStream& err);

    const WorkspaceSettings& settings() const { return m_settings; }
    QCommandLineParser& parser() { return m_parser; }
    bool json() const;
    // --now, or the system clock. Every age decision of a command uses this.
    Micros now() const;
    bool nowGiven() const;
    // --allow-clock-ahead (CommonOption::AllowClockAhead): a clock ahead of its reference is not refused.
    bool allowClockAhead() const;
    // --db, "" (libpq defaults and PG* variables) when absent.
    QString dbConninfo() const;
    QString sqlitePath() const; // --sqlite, else GPS_TRACKS_DB_PATH; Error(Usage) when neither is given
    // The tracks store: --sqlite FILE or --db CONNINFO, else GPS_TRACKS_DB_PATH or GPS_TRACKS_DB_CONNINFO;
    // Error(Usage) for two where nothing says which, and for none unless not `required` (then an empty
    // location). `postgisOption` names the PostGIS option: "db", or "tracks-db" where --db means another
    // database.
    tracks::TracksLocation tracksLocation(const QString& postgisOption = QStringLiteral("db"),
                                          bool required = true) const;
    QString archiveUrl() const; // --archive, else TIDEMARK_ARCHIVE_URL
    // The value of the whole-number option `limit` names (nullopt when not given). A value that is not a
    // whole number is refused (Error(Usage)) with the limit's rule; the range is the request's to check.
    std::optional<int> wholeNumber(const RequestLimit& limit) const;
    QString value(const QString& name) const { return m_parser.value(name); }
    bool isSet(const QString& name) const { return m_parser.isSet(name); }
    // The value of a required option; throws Error(Usage) naming it when missing.
    QString required(const QString& name) const;

    // Prints `object` as one JSON document with --json, else `text` (a trailing newline is added).
    void print(const QJsonObject& object, const QString& text);
    QTextStream& out() { return m_out; }
    QTextStream& err() { return m_err; }

  private:
    QCommandLineParser& m_parser;
    const WorkspaceSettings& m_settings;
    QTextStream& m_out;
    QTextStream& m_err;
};

} // namespace tidemark::cli
