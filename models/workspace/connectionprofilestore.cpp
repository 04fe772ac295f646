#include "connectionprofilestore.h"

#include "error.h"
#include "pgconnection.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace tidemark {

namespace {
const QString kGroup = QStringLiteral("connections/profiles");
const QString kLastGroup = QStringLiteral("connections/lastUsed");

// Profile names become settings keys: keep them readable but free of the separators QSettings uses.
QString keyFor(const QString& name) {
    QString key = name;
    key.replace(QLatin1Char('/'), QLatin1Char('_')).replace(QLatin1Char('\\'), QLatin1Char('_'));
    return key;
}

// libpq keywords whose value is a secret: password, sslpassword (the client key's passphrase) and, newer than
// the libpq 15 built against here (so met only by the unparseable path), PostgreSQL 18's oauth_client_secret.
// sslkey, sslcert, sslrootcert and passfile name files and are kept.
const QStringList kSecretKeywords = {QStringLiteral("password"), QStringLiteral("sslpassword"),
                                     QStringLiteral("oauth_client_secret")};

bool isSecretKeyword(const QString& keyword) {
    return kSecretKeywords.contains(keyword.trimmed().toLower());
}

// A query parameter of a URI conninfo (name=value&...) with a secret keyword, its name percent-decoded.
bool isSecretParameter(const QString& parameter) {
    return isSecretKeyword(QUrl::fromPercentEncoding(parameter.section(QLatin1Char('='), 0, 0).toUtf8()));
}

// What libpq cannot parse, with secret-looking parts cut out: keyword=value pairs (quoted values, even
// unterminated, up to their end), a URI's user-info password, and a URI's secret query parameters.
QString stripUnparseable(const QString& conninfo) {
    QString text = conninfo.trimmed();
    static const QRegularExpression uri(QStringLiteral("^(postgres(?:ql)?://)([^/?#]*)(.*)$"),
                                        QRegularExpression::CaseInsensitiveOption |
                                            QRegularExpression::DotMatchesEverythingOption);
    if (const QRegularExpressionMatch m = uri.match(text); m.hasMatch()) {
        QString authority = m.captured(2);
        const int at = authority.lastIndexOf(QLatin1Char('@'));
        if (at >= 0) {
            const QString userInfo = authority.left(at);
            authority = userInfo.section(QLatin1Char(':'), 0, 0) + authority.mid(at);
        }
        QString rest = m.captured(3);
        const int question = rest.indexOf(QLatin1Char('?'));
        if (question >= 0) {
            QStringList kept;
            for (const QString& parameter :
                 rest.mid(question + 1).split(QLatin1Char('&'), Qt::SkipEmptyParts))
                if (!isSecretParameter(parameter))
                    kept << parameter;
            rest = rest.left(question) +
                   (kept.isEmpty() ? QString() : QLatin1Char('?') + kept.join(QLatin1Char('&')));
        }
        return m.captured(1) + authority + rest;
    }
    static const QRegularExpression pair(
        QStringLiteral("\\b(?:ssl)?password\\s*=\\s*(?:'(?:[^'\\\\]|\\\\.)*(?:'|$)|\\S*)|"
                       "\\boauth_client_secret\\s*=\\s*(?:'(?:[^'\\\\]|\\\\.)*(?:'|$)|\\S*)"),
        QRegularExpression::CaseInsensitiveOption);
    text.remove(pair);
    return text.simplified();
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

ConnectionProfileStore::ConnectionProfileStore() : m_settings(std::make_unique<QSettings>()) {
    protectFile();
    removeSavedSecrets();
}

ConnectionProfileStore::ConnectionProfileStore(const QString& iniPath)
    : m_settings(std::make_unique<QSettings>(iniPath, QSettings::IniFormat)) {
    protectFile();
    removeSavedSecrets();
}

// The settings file is created 0600 before anything is written to it (QSettings then replaces it keeping its
// mode) and an existing one is set to 0600; its folder, created 0700, may be written by no one else (an
// existing one loses group and world write, unless it is shared: sticky, the home or the root folder). A
// folder or file of another user is left alone.
void ConnectionProfileStore::protectFile() {
    const QString path = m_settings->fileName();
    const QFileInfo info(path);
    const QString folder = info.absolutePath();
    if (!QFileInfo::exists(folder)) {
        if (!QDir().mkpath(folder))
            return;
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    } else {
        // Only the settings' own folder: never a shared one (sticky like /tmp, the home or the root folder).
        struct stat folderStat {};
        const QByteArray native = QFile::encodeName(folder);
        const bool shared = ::stat(native.constData(), &folderStat) != 0 || (folderStat.st_mode & S_ISVTX) ||
                            QDir(folder) == QDir::home() || QDir(folder) == QDir::root() ||
                            QDir(folder) == QDir::temp();
        if (!shared && folderStat.st_uid == ::getuid() && (folderStat.st_mode & (S_IWGRP | S_IWOTH)))
            ::chmod(native.constData(), folderStat.st_mode & 07755 & ~mode_t(S_IWGRP | S_IWOTH));
    }
    if (!QFileInfo::exists(path)) {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly, QFile::ReadOwner | QFile::WriteOwner))
            return;
    }
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
}

// Profiles saved by an older version may hold secrets it did not know of: they are rewritten without them.
void ConnectionProfileStore::removeSavedSecrets() {
    QStringList groups;
    for (const QString& name : profileNames())
        groups << kGroup + QLatin1Char('/') + name;
    groups << kLastGroup;
    for (const QString& group : groups) {
        m_settings->beginGroup(group);
        for (const QString& key :
             {QStringLiteral("positions"), QStringLiteral("kudos"), QStringLiteral("tracks_db")}) {
            const QString saved = m_settings->value(key).toString();
            if (hasSecret(saved))
                m_settings->setValue(key, withoutSecrets(saved));
        }
        const QString archive = m_settings->value(QStringLiteral("archive")).toString();
        if (urlWithoutSecrets(archive) != archive)
            m_settings->setValue(QStringLiteral("archive"), urlWithoutSecrets(archive));
        m_settings->endGroup();
    }
}

QStringList ConnectionProfileStore::profileNames() const {
    m_settings->beginGroup(kGroup);
    QStringList names = m_settings->childGroups();
    m_settings->endGroup();
    names.sort(Qt::CaseInsensitive);
    return names;
}

WorkspaceConnections ConnectionProfileStore::profile(const QString& name) const {
    return readConnections(kGroup + QLatin1Char('/') + keyFor(name));
}

void ConnectionProfileStore::saveProfile(const QString& name, const WorkspaceConnections& connections) {
    writeConnections(kGroup + QLatin1Char('/') + keyFor(name), connections);
}

WorkspaceConnections ConnectionProfileStore::readConnections(const QString& group) const {
    m_settings->beginGroup(group);
    WorkspaceConnections connections;
    connections.positionsConninfo = m_settings->value(QStringLiteral("positions")).toString();
    connections.kudosConninfo = m_settings->value(QStringLiteral("kudos")).toString();
    connections.tracksPath = m_settings->value(QStringLiteral("tracks")).toString();
    connections.tracksConninfo = m_settings->value(QStringLiteral("tracks_db")).toString();
    connections.archiveUrl = m_settings->value(QStringLiteral("archive")).toString();
    m_settings->endGroup();
    return connections;
}

void ConnectionProfileStore::writeConnections(const QString& group, const WorkspaceConnections& connections) {
    protectFile();
    m_settings->beginGroup(group);
    m_settings->setValue(QStringLiteral("positions"), withoutSecrets(connections.positionsConninfo));
    m_settings->setValue(QStringLiteral("kudos"), withoutSecrets(connections.kudosConninfo));
    m_settings->setValue(QStringLiteral("tracks"), connections.tracksPath);
    m_settings->setValue(QStringLiteral("tracks_db"), withoutSecrets(connections.tracksConninfo));
    m_settings->setValue(QStringLiteral("archive"), urlWithoutSecrets(connections.archiveUrl));
    m_settings->endGroup();
}

WorkspaceConnections ConnectionProfileStore::lastConnections() const {
    return readConnections(kLastGroup);
}

void ConnectionProfileStore::setLastConnections(const WorkspaceConnections& connections) {
    writeConnections(kLastGroup, connections);
}

void ConnectionProfileStore::removeProfile(const QString& name) {
    protectFile();
    m_settings->remove(kGroup + QLatin1Char('/') + keyFor(name));
}

QString ConnectionProfileStore::lastProfile() const {
    return m_settings->value(QStringLiteral("connections/last")).toString();
}

void ConnectionProfileStore::setLastProfile(const QString& name) {
    protectFile();
    m_settings->setValue(QStringLiteral("connections/last"), name);
}

void ConnectionProfileStore::sync() {
    protectFile();
    m_settings->sync();
    protectFile();
}

bool ConnectionProfileStore::hasSecret(const QString& conninfo) {
    if (conninfo.trimmed().isEmpty())
        return false;
    auto options = parse(conninfo);
    if (!options)
        return stripUnparseable(conninfo) != conninfo.simplified();
    for (const auto& [keyword, value] : *options)
        if (isSecretKeyword(keyword) && !value.isEmpty())
            return true;
    return false;
}

QString ConnectionProfileStore::withoutSecrets(const QString& conninfo) {
    if (conninfo.trimmed().isEmpty())
        return {};
    auto options = parse(conninfo);
    if (!options)
        return stripUnparseable(conninfo); // kept to edit, without what looks secret
    QStringList parts;
    for (const auto& [keyword, value] : *options) {
        if (isSecretKeyword(keyword))
            continue;
        parts << QStringLiteral("%1=%2").arg(keyword, pgConninfoValue(value));
    }
    return parts.join(QLatin1Char(' '));
}

QString ConnectionProfileStore::urlWithoutSecrets(const QString& url) {
    const QString text = url.trimmed();
    if (!text.contains(QLatin1String("://")))
        return url; // a path
    QUrl parsed(text, QUrl::StrictMode);
    if (!parsed.isValid()) {
        // Not a URL Qt accepts: keep the scheme and the host, drop user info and query.
        static const QRegularExpression parts(
            QStringLiteral("^([A-Za-z][A-Za-z0-9+.-]*://)(?:[^/?#@]*@)?([^?#]*)"));
        const QRegularExpressionMatch m = parts.match(text);
        return m.hasMatch() ? m.captured(1) + m.captured(2) : QString();
    }
    parsed.setPassword({});
    if (parsed.hasQuery()) {
        QUrlQuery query(parsed);
        static const QRegularExpression secretName(
            QStringLiteral("pass|secret|token|signature|key|credential"),
            QRegularExpression::CaseInsensitiveOption);
        for (const auto& [name, value] : query.queryItems(QUrl::FullyDecoded))
            if (name.contains(secretName))
                query.removeAllQueryItems(name);
        parsed.setQuery(query.isEmpty() ? QString() : query.query(QUrl::FullyEncoded), QUrl::StrictMode);
    }
    return parsed.toString();
}

QString ConnectionProfileStore::describe(const QString& conninfo) {
    auto options = parse(conninfo);
    if (!options)
        return withoutSecrets(conninfo);
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

} // namespace tidemark
