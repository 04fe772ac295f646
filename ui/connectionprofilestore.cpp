#include "connectionprofilestore.h"

#include "error.h"
#include "pgconnection.h"
#include <QRegularExpression>

#include <optional>

namespace tidemark::ui {

namespace {
const QString kGroup = QStringLiteral("connections/profiles");

// Profile names become settings keys: keep them readable but free of the separators QSettings uses.
QString keyFor(const QString& name) {
    QString key = name;
    key.replace(QLatin1Char('/'), QLatin1Char('_')).replace(QLatin1Char('\\'), QLatin1Char('_'));
    return key;
}

QString quoteValue(const QString& value) {
    if (!value.isEmpty() && !value.contains(QRegularExpression(QStringLiteral("[\\s'\\\\]"))))
        return value;
    QString escaped = value;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

// The options set in the string, or nullopt when libpq cannot parse it.
std::optional<std::vector<std::pair<QString, QString>>> parse(const QString& conninfo) {
    try {
        return PgConnection::parseConninfo(conninfo);
    } catch (const Error&) {
        return std::nullopt;
    }
}
} // namespace

ConnectionProfileStore::ConnectionProfileStore() : m_settings(std::make_unique<QSettings>()) {}

ConnectionProfileStore::ConnectionProfileStore(const QString& iniPath)
    : m_settings(std::make_unique<QSettings>(iniPath, QSettings::IniFormat)) {}

QStringList ConnectionProfileStore::profileNames() const {
    m_settings->beginGroup(kGroup);
    QStringList names = m_settings->childGroups();
    m_settings->endGroup();
    names.sort(Qt::CaseInsensitive);
    return names;
}

WorkspaceConnections ConnectionProfileStore::profile(const QString& name) const {
    m_settings->beginGroup(kGroup + QLatin1Char('/') + keyFor(name));
    WorkspaceConnections connections;
    connections.positionsConninfo = m_settings->value(QStringLiteral("positions")).toString();
    connections.kudosConninfo = m_settings->value(QStringLiteral("kudos")).toString();
    connections.tracksPath = m_settings->value(QStringLiteral("tracks")).toString();
    connections.archiveUrl = m_settings->value(QStringLiteral("archive")).toString();
    m_settings->endGroup();
    return connections;
}

void ConnectionProfileStore::saveProfile(const QString& name, const WorkspaceConnections& connections) {
    m_settings->beginGroup(kGroup + QLatin1Char('/') + keyFor(name));
    m_settings->setValue(QStringLiteral("positions"), withoutPassword(connections.positionsConninfo));
    m_settings->setValue(QStringLiteral("kudos"), withoutPassword(connections.kudosConninfo));
    m_settings->setValue(QStringLiteral("tracks"), connections.tracksPath);
    m_settings->setValue(QStringLiteral("archive"), connections.archiveUrl);
    m_settings->endGroup();
}

void ConnectionProfileStore::removeProfile(const QString& name) {
    m_settings->remove(kGroup + QLatin1Char('/') + keyFor(name));
}

QString ConnectionProfileStore::lastProfile() const {
    return m_settings->value(QStringLiteral("connections/last")).toString();
}

void ConnectionProfileStore::setLastProfile(const QString& name) {
    m_settings->setValue(QStringLiteral("connections/last"), name);
}

void ConnectionProfileStore::sync() {
    m_settings->sync();
}

bool ConnectionProfileStore::hasPassword(const QString& conninfo) {
    if (conninfo.trimmed().isEmpty())
        return false;
    auto options = parse(conninfo);
    if (!options)
        return conninfo.contains(QLatin1String("password"), Qt::CaseInsensitive) ||
               withoutPassword(conninfo) != conninfo;
    for (const auto& [keyword, value] : *options)
        if (keyword == QLatin1String("password") && !value.isEmpty())
            return true;
    return false;
}

QString ConnectionProfileStore::withoutPassword(const QString& conninfo) {
    if (conninfo.trimmed().isEmpty())
        return {};
    auto options = parse(conninfo);
    if (!options) {
        // Unparseable: drop "password=..." pairs and the secret of a URI's user info, keep the rest to edit.
        QString text = conninfo;
        text.remove(QRegularExpression(QStringLiteral("password\\s*=\\s*('([^'\\\\]|\\\\.)*'|\\S*)"),
                                       QRegularExpression::CaseInsensitiveOption));
        text.replace(QRegularExpression(QStringLiteral("^(postgres(?:ql)?://[^:/@]*):[^@]*@")),
                     QStringLiteral("\\1@"));
        return text.simplified();
    }
    QStringList parts;
    for (const auto& [keyword, value] : *options) {
        if (keyword == QLatin1String("password"))
            continue;
        parts << QStringLiteral("%1=%2").arg(keyword, quoteValue(value));
    }
    return parts.join(QLatin1Char(' '));
}

QString ConnectionProfileStore::describe(const QString& conninfo) {
    auto options = parse(conninfo);
    if (!options)
        return withoutPassword(conninfo);
    QString host, port, dbname, service;
    for (const auto& [keyword, value] : *options) {
        if (keyword == QLatin1String("host") || (host.isEmpty() && keyword == QLatin1String("hostaddr")))
            host = value;
        else if (keyword == QLatin1String("port"))
            port = value;
        else if (keyword == QLatin1String("dbname"))
            dbname = value;
        else if (keyword == QLatin1String("service"))
            service = value;
    }
    if (!service.isEmpty() && host.isEmpty() && dbname.isEmpty())
        return QStringLiteral("service=%1").arg(service);
    QString text = host.isEmpty() ? QStringLiteral("localhost") : host;
    if (!port.isEmpty())
        text += QLatin1Char(':') + port;
    if (!dbname.isEmpty())
        text += QLatin1Char('/') + dbname;
    return text;
}

} // namespace tidemark::ui
