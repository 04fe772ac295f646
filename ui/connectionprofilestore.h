#pragma once

#include "workspaceconnections.h"

#include <QSettings>
#include <QStringList>
#include <memory>

namespace tidemark::ui {

// Named connection profiles kept in QSettings, never with a password: passwords come from ~/.pgpass,
// PGPASSWORD or service files as libpq defines them. Conninfos are stripped of passwords before saving.
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
    void sync();

    // The conninfo (key=value or URI) without any password; keeps everything else. A string libpq cannot
    // parse comes back with password-looking parts removed.
    static QString withoutPassword(const QString& conninfo);
    static bool hasPassword(const QString& conninfo);
    // "host:port/dbname" or "service=NAME" for labels; never a password.
    static QString describe(const QString& conninfo);

  private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace tidemark::ui
