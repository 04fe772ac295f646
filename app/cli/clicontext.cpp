#include "clicontext.h"

#include "error.h"

#include <QJsonDocument>
#include <cmath>
#include <limits>

namespace tidemark::cli {

CliContext::CliContext(QCommandLineParser& parser, const WorkspaceSettings& settings, QTextStream& out,
                       QTextStream& err)
    : m_parser(parser), m_settings(settings), m_out(out), m_err(err) {}

bool CliContext::json() const {
    return m_parser.isSet(QStringLiteral("json"));
}

bool CliContext::nowGiven() const {
    return m_parser.isSet(QStringLiteral("now"));
}

bool CliContext::allowClockAhead() const {
    return m_parser.optionNames().contains(QStringLiteral("allow-clock-ahead"));
}

Micros CliContext::now() const {
    if (nowGiven())
        return parseIsoTimestamp(m_parser.value(QStringLiteral("now")), QStringLiteral("--now"));
    return nowMicros();
}

QString CliContext::dbConninfo() const {
    return m_parser.optionNames().contains(QStringLiteral("db")) ? m_parser.value(QStringLiteral("db"))
                                                                 : QString();
}

QString CliContext::sqlitePath() const {
    const QString path = m_parser.isSet(QStringLiteral("sqlite")) ? m_parser.value(QStringLiteral("sqlite"))
                                                                  : m_settings.tracksPath;
    if (path.isEmpty())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("--sqlite FILE is required (or set GPS_TRACKS_DB_PATH)"));
    return path;
}

tracks::TracksLocation CliContext::tracksLocation(const QString& postgisOption, bool required) const {
    const bool sqlite = m_parser.isSet(QStringLiteral("sqlite"));
    const bool db = m_parser.optionNames().contains(postgisOption);
    if (sqlite && db)
        throw Error(
            Error::Kind::Usage,
            QStringLiteral("--sqlite and --%1 name two tracks stores: give one of them").arg(postgisOption));
    if (db) {
        if (m_parser.value(postgisOption).trimmed().isEmpty())
            throw Error(Error::Kind::Usage,
                        QStringLiteral("--%1 is empty: give a connection string").arg(postgisOption));
        return tracks::TracksLocation::postgis(m_parser.value(postgisOption));
    }
    if (sqlite)
        return tracks::TracksLocation::file(sqlitePath());
    if (!m_settings.tracksPath.isEmpty() && !m_settings.tracksConninfo.isEmpty())
        throw Error(
            Error::Kind::Usage,
            QStringLiteral("both GPS_TRACKS_DB_PATH and GPS_TRACKS_DB_CONNINFO are set: give --sqlite FILE "
                           "or --%1 CONNINFO to say which tracks store")
                .arg(postgisOption));
    if (!m_settings.tracksConninfo.isEmpty())
        return tracks::TracksLocation::postgis(m_settings.tracksConninfo);
    if (m_settings.tracksPath.isEmpty()) {
        if (!required)
            return {};
        throw Error(Error::Kind::Usage, QStringLiteral("--sqlite FILE or --%1 CONNINFO is required (or set "
                                                       "GPS_TRACKS_DB_PATH or GPS_TRACKS_DB_CONNINFO)")
                                            .arg(postgisOption));
    }
    return tracks::TracksLocation::file(m_settings.tracksPath);
}

QString CliContext::archiveUrl() const {
    if (m_parser.isSet(QStringLiteral("archive")))
        return m_parser.value(QStringLiteral("archive"));
    return m_settings.archiveUrl;
}

QString CliContext::required(const QString& name) const {
    if (!m_parser.isSet(name) || m_parser.value(name).isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("--%1 is required").arg(name));
    return m_parser.value(name);
}

void CliContext::print(const QJsonObject& object, const QString& text) {
    if (json())
        m_out << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
    else if (!text.isEmpty())
        m_out << text << (text.endsWith(QLatin1Char('\n')) ? "" : "\n");
    m_out.flush();
}

std::optional<int> CliContext::wholeNumber(const RequestLimit& limit) const {
    const QString name = QString::fromLatin1(limit.option).mid(2); // "--jobs" -> "jobs"
    if (!isSet(name))
        return std::nullopt;
    const QString text = value(name);
    bool ok = false;
    const long long number = text.trimmed().toLongLong(&ok);
    if (!ok || number < std::numeric_limits<int>::min() || number > std::numeric_limits<int>::max())
        throw Error(Error::Kind::Usage, QStringLiteral("%1, not \"%2\"").arg(limit.rule(), text));
    return int(number);
}

} // namespace tidemark::cli
