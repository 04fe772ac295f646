#pragma once

#include "workspaceconnections.h"

#include <QDialog>
#include <memory>

namespace Ui {
class ConnectDialog;
}

namespace tidemark {
class ConnectionProfileStore;
}

namespace tidemark::ui {

// Where to connect: a conninfo or service name per PostgreSQL dataset, a SQLite path for the tracks, the
// archive URL; named profiles saved without passwords. Accepting keeps the entered values for the session
// (a typed password included) and, when a profile name is set, saves the profile without the password.
class ConnectDialog : public QDialog {
    Q_OBJECT
  public:
    ConnectDialog(ConnectionProfileStore& profiles, const WorkspaceConnections& current,
                  QWidget* parent = nullptr);
    ~ConnectDialog() override;

    WorkspaceConnections connections() const;
    QString profileName() const;
    void setProfileName(const QString& name);
    void setConnections(const WorkspaceConnections& connections);

    void accept() override;

  private:
    void loadProfile(const QString& name);
    void saveProfile();
    void deleteProfile();
    void browseTracks();
    void updateState();
    void reloadProfileNames(const QString& select);

    std::unique_ptr<Ui::ConnectDialog> m_ui;
    ConnectionProfileStore& m_profiles;
};

} // namespace tidemark::ui
