#include "connectdialog.h"

#include "connectionprofilestore.h"
#include "ui_connectdialog.h"

#include <QFileDialog>
#include <QPushButton>
#include <QSignalBlocker>

namespace tidemark::ui {

ConnectDialog::ConnectDialog(ConnectionProfileStore& profiles, const WorkspaceConnections& current,
                             QWidget* parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::ConnectDialog>()), m_profiles(profiles) {
    m_ui->setupUi(this);
    m_ui->passwordNote->setForegroundRole(QPalette::PlaceholderText);
    reloadProfileNames(m_profiles.lastProfile());
    setConnections(current);

    connect(m_ui->profileCombo, &QComboBox::activated, this,
            [this](int index) { loadProfile(m_ui->profileCombo->itemText(index)); });
    connect(m_ui->profileCombo, &QComboBox::editTextChanged, this, &ConnectDialog::updateState);
    connect(m_ui->saveProfileButton, &QPushButton::clicked, this, &ConnectDialog::saveProfile);
    connect(m_ui->deleteProfileButton, &QPushButton::clicked, this, &ConnectDialog::deleteProfile);
    connect(m_ui->browseTracksButton, &QPushButton::clicked, this, &ConnectDialog::browseTracks);
    for (QLineEdit* edit :
         {m_ui->positionsEdit, m_ui->kudosEdit, m_ui->tracksEdit, m_ui->tracksDbEdit, m_ui->archiveEdit})
        connect(edit, &QLineEdit::textChanged, this, &ConnectDialog::updateState);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &ConnectDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &ConnectDialog::reject);
    updateState();
}

ConnectDialog::~ConnectDialog() = default;

WorkspaceConnections ConnectDialog::connections() const {
    WorkspaceConnections connections;
    connections.positionsConninfo = m_ui->positionsEdit->text().trimmed();
    connections.kudosConninfo = m_ui->kudosEdit->text().trimmed();
    connections.tracksPath = m_ui->tracksEdit->text().trimmed();
    connections.tracksConninfo = m_ui->tracksDbEdit->text().trimmed();
    connections.archiveUrl = m_ui->archiveEdit->text().trimmed();
    return connections;
}

void ConnectDialog::setConnections(const WorkspaceConnections& connections) {
    m_ui->positionsEdit->setText(connections.positionsConninfo);
    m_ui->kudosEdit->setText(connections.kudosConninfo);
    m_ui->tracksEdit->setText(connections.tracksPath);
    m_ui->tracksDbEdit->setText(connections.tracksConninfo);
    m_ui->archiveEdit->setText(connections.archiveUrl);
}

QString ConnectDialog::profileName() const {
    return m_ui->profileCombo->currentText().trimmed();
}

void ConnectDialog::setProfileName(const QString& name) {
    m_ui->profileCombo->setCurrentText(name);
}

void ConnectDialog::reloadProfileNames(const QString& select) {
    const QSignalBlocker blocker(m_ui->profileCombo);
    m_ui->profileCombo->clear();
    m_ui->profileCombo->addItems(m_profiles.profileNames());
    m_ui->profileCombo->setCurrentText(select);
}

void ConnectDialog::loadProfile(const QString& name) {
    if (!m_profiles.profileNames().contains(name))
        return;
    setConnections(m_profiles.profile(name));
    updateState();
}

void ConnectDialog::saveProfile() {
    const QString name = profileName();
    if (name.isEmpty())
        return;
    m_profiles.saveProfile(name, connections());
    m_profiles.setLastProfile(name);
    m_profiles.sync();
    reloadProfileNames(name);
    updateState();
}

void ConnectDialog::deleteProfile() {
    const QString name = profileName();
    if (!m_profiles.profileNames().contains(name))
        return;
    m_profiles.removeProfile(name);
    m_profiles.sync();
    reloadProfileNames(QString());
    updateState();
}

void ConnectDialog::browseTracks() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Tracks database"), m_ui->tracksEdit->text(),
                                     tr("SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)"));
    if (!path.isEmpty())
        m_ui->tracksEdit->setText(path);
}

void ConnectDialog::updateState() {
    const WorkspaceConnections current = connections();
    m_ui->passwordWarning->setVisible(ConnectionProfileStore::hasSecret(current.positionsConninfo) ||
                                      ConnectionProfileStore::hasSecret(current.kudosConninfo) ||
                                      ConnectionProfileStore::hasSecret(current.tracksConninfo));
    // The tracks are one store: a file or a database.
    const bool bothTracks = !current.tracksPath.isEmpty() && !current.tracksConninfo.isEmpty();
    m_ui->tracksBothWarning->setVisible(bothTracks);
    const QString name = profileName();
    m_ui->saveProfileButton->setEnabled(!name.isEmpty());
    m_ui->deleteProfileButton->setEnabled(m_profiles.profileNames().contains(name));
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setEnabled(!current.isEmpty() && !bothTracks);
}

void ConnectDialog::accept() {
    if (!profileName().isEmpty())
        saveProfile();
    QDialog::accept();
}

} // namespace tidemark::ui
