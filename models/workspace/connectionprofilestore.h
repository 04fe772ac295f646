#pragma once

#include "workspaceconnections.h"

#include <QSettings>
#include <QStringList>
#include <memory>

namespace tidemark {

// Named connection profiles kept in QSettings, never with a secret: passwords come from ~/.pgpass,
// PGPASSWORD or service files as libpq defines them, and a client key's passphrase (sslpassword) from libpq's
// prompt or the same places. Conninfos are stripped of every secret-bearing keyword (password, sslpassword,
// and the OAuth client secret of newer libpq versions), in key=value and URI form (user info and query), and
// the archive URL of its user-info password and secret-looking query parameters, before saving. Paths
// (sslkey, sslcert, passfile) are kept. The settings file is the user's alone: mode 0600, in a folder no one
// else may write; a file written by an older version is tightened, and its secrets removed, when the store
// opens it.
class ConnectionProfileStore {
  public:
    // The application's settings (QSettings() with the organisation and application names).
    ConnectionProfileStore();
    // A given settings file (tests).
    explicit ConnectionProfileStore(const QString& iniPath);

    QStringList profileNames() const;
    WorkspaceConnections profile(const QString& name) const;
    void saveProfile(const QString& name, const WorkspaceConnections& connections);
    void removeProfile(const QString& name);
    QString lastProfile() const;
    void setLastProfile(const QString& name);
    // The connections the console had when it closed (the next start reconnects to them), saved without
    // secrets like a profile.
    WorkspaceConnections lastConnections() const;
    void setLastConnections(const WorkspaceConnections& connections);
    void sync();

    // The conninfo (key=value or URI) without any secret; keeps everything else. A string libpq cannot parse
    // comes back with secret-looking parts removed.
    static QString withoutSecrets(const QString& conninfo);
    static bool hasSecret(const QString& conninfo);
    // A URL (the archive's) without the password of its user info and without query parameters whose names
    // look secret (pass, secret, token, signature, key, credential); anything that is not a URL as it is.
    static QString urlWithoutSecrets(const QString& url);
    // "host:port/dbname" or "service=NAME" for labels; never a secret.
    static QString describe(const QString& conninfo);

  private:
    WorkspaceConnections readConnections(const QString& group) const;
    void writeConnections(const QString& group, const WorkspaceConnections& connections);
    void protectFile();
    void removeSavedSecrets();
    std::unique_ptr<QSettings> m_settings;
};

} // namespace tidemark
