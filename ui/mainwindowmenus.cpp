// The main window's menus and its Workbench commands (MainWindow's third file): File, View, Workbench,
// Settings and Help, and the commands that click the buttons of the workbench in front.
#include "mainwindow.h"

#include "aboutdialog.h"
#include "basemapswitch.h"
#include "datasetpanel.h"
#include "helppages.h"
#include "helpwindow.h"
#include "translationinstaller.h"

#include <QAbstractButton>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <algorithm>

namespace tidemark::ui {

namespace {
using Dataset = WorkspaceSession::Dataset;
} // namespace

void MainWindow::createMenus() {
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    QAction* connectAction = m_fileMenu->addAction(tr("&Connect…"), this, &MainWindow::showConnectDialog);
    connectAction->setShortcut(QKeySequence::Open);
    m_fileMenu->addAction(tr("Open &demo workspace"), this, [this] { openDemoWorkspace(m_demoRoot); });
    QAction* reload = m_fileMenu->addAction(tr("&Reload all"), m_session, &WorkspaceSession::reloadAll);
    reload->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5)); // F5 reloads the workbench in front
    m_fileMenu->addSeparator();
    QAction* quit = m_fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    // A dataset's dock shows with its workbench: its toggle says whether it does (checking it brings the
    // workbench to the front); the Jobs dock shows whatever is in front.
    for (Dataset dataset : kWorkspaceDatasets) {
        QAction* toggle = m_viewMenu->addAction(m_docks[slot(dataset)]->windowTitle());
        toggle->setCheckable(true);
        toggle->setChecked(true);
        toggle->setObjectName(m_docks[slot(dataset)]->objectName() + QStringLiteral("Toggle"));
        connect(toggle, &QAction::triggered, this,
                [this, dataset](bool checked) { setDockWanted(dataset, checked); });
        m_dockToggles[slot(dataset)] = toggle;
    }
    m_viewMenu->addAction(m_jobsDock->toggleViewAction());
    m_viewMenu->addSeparator();
    QMenu* baseMap = m_viewMenu->addMenu(tr("&Base map"));
    baseMap->setObjectName(QStringLiteral("baseMapMenu"));
    baseMap->addAction(tr("&Neutral grid (offline)"), this, [this] { setBaseMap({}); });
    baseMap->addAction(tr("&XYZ tiles…"), this, [this] {
        bool ok = false;
        const QString url = QInputDialog::getText(
            this, tr("XYZ tiles"),
            tr("URL template with {z}, {x} and {y} (respect the tile server's usage policy). A key in its "
               "query is used for this session only, never saved; TIDEMARK_TILES_URL provides it at start:"),
            QLineEdit::Normal, this->baseMap(), &ok);
        if (ok)
            setBaseMap(url);
    });
    baseMap->addAction(tr("&MBTiles file…"), this, [this] {
        const QString file =
            QFileDialog::getOpenFileName(this, tr("MBTiles file"), {}, tr("MBTiles (*.mbtiles)"));
        if (!file.isEmpty())
            setBaseMap(file);
    });

    createCommands();

    QMenu* settings = menuBar()->addMenu(tr("&Settings"));
    settings->setObjectName(QStringLiteral("settingsMenu"));
    QMenu* language = settings->addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("languageMenu"));
    m_languageGroup = new QActionGroup(this);
    const QString saved = TranslationInstaller::savedLanguage();
    const auto addLanguage = [&](const QString& code, const QString& label) {
        QAction* action = language->addAction(label);
        action->setCheckable(true);
        action->setChecked(code == saved);
        action->setData(code);
        m_languageGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { chooseLanguage(code); });
    };
    addLanguage(QString(), tr("System language"));
    addLanguage(QStringLiteral("en"), QStringLiteral("English"));
    addLanguage(QStringLiteral("ru"), QStringLiteral("Русский"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    QAction* workbenchHelp = help->addAction(tr("&Help on this workbench"), this, [this] {
        const Workbench* workbench = workbenchAt(m_workbenches->currentWidget());
        showHelp(workbench ? workbench->helpPage() : QLatin1String(HelpPages::kContentsPage));
    });
    workbenchHelp->setObjectName(QStringLiteral("workbenchHelpAction"));
    workbenchHelp->setShortcut(QKeySequence::HelpContents);
    QAction* contents =
        help->addAction(tr("&Contents"), this, [this] { showHelp(QLatin1String(HelpPages::kContentsPage)); });
    contents->setObjectName(QStringLiteral("helpContentsAction"));
    help->addSeparator();
    help->addAction(tr("&About Tidemark"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::showHelp(const QString& page) {
    if (!m_helpWindow)
        m_helpWindow = new HelpWindow(this);
    m_helpWindow->setRemembersGeometry(m_remembersLayout);
    m_helpWindow->showPage(page);
}

void MainWindow::showAbout() {
    AboutDialog about(this);
    about.exec();
}

void MainWindow::chooseLanguage(const QString& lang) {
    TranslationInstaller::saveLanguage(lang);
    QMessageBox::information(this, tr("Language"),
                             tr("The new language is used when Tidemark starts again."));
}

// Reload, Preview, Run, Pause (Resume while paused) and Cancel of the workbench in front: each clicks that
// workbench's own button (or its dock's Reload), so it does what the button does, asks what the button asks
// (the tracks' Delete them… asks first) and is enabled when the button is.
void MainWindow::createCommands() {
    m_workbenchMenu = menuBar()->addMenu(tr("&Workbench"));
    m_workbenchMenu->setObjectName(QStringLiteral("workbenchMenu"));
    const struct {
        Command command;
        QString text;
        QKeySequence keys;
        QString objectName;
        QString tip;
    } commands[] = {
        {Command::Reload, tr("&Reload"), QKeySequence(Qt::Key_F5), QStringLiteral("reloadAction"),
         tr("Load the dataset of the workbench in front again")},
        {Command::Preview, tr("&Preview"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P),
         QStringLiteral("previewAction"),
         tr("Preview what a round would do (positions: the preview; kudos: the dry run; tracks: the "
            "retention "
            "preview)")},
        {Command::Run, tr("R&un"), QKeySequence(Qt::CTRL | Qt::Key_Return), QStringLiteral("runAction"),
         tr("Run the workbench's round (tracks: delete the previewed tracks, after asking)")},
        {Command::Pause, tr("P&ause"), QKeySequence(Qt::CTRL | Qt::Key_Period), QStringLiteral("pauseAction"),
         tr("Pause the running round, or resume the paused one")},
        {Command::Cancel, tr("&Cancel"), QKeySequence(Qt::SHIFT | Qt::Key_Escape),
         QStringLiteral("cancelAction"), tr("Cancel the running round (positions: or the preview)")},
    };
    for (const auto& c : commands) {
        QAction* action = m_workbenchMenu->addAction(c.text);
        action->setObjectName(c.objectName);
        action->setShortcut(c.keys);
        action->setStatusTip(c.tip);
        action->setToolTip(c.tip);
        const Command command = c.command;
        connect(action, &QAction::triggered, this, [this, command] {
            if (QAbstractButton* button = commandTarget(command); button && button->isEnabled())
                button->click();
        });
        m_commands[int(command)] = action;
        if (command == Command::Reload)
            m_workbenchMenu->addSeparator();
    }
    // A command follows its buttons' enabled state on every workbench.
    for (int i = 0; i < m_workbenches->count(); ++i)
        for (int c = 0; c < kCommandCount; ++c)
            for (QAbstractButton* button : commandButtons(m_workbenches->widget(i), Command(c)))
                button->installEventFilter(this);
}

// The workbench's own buttons for `command`; Reload is its dataset dock's too.
std::vector<QAbstractButton*> MainWindow::commandButtons(const QWidget* widget, Command command) const {
    Workbench* workbench = workbenchAt(widget);
    if (!workbench)
        return {};
    std::vector<QAbstractButton*> buttons = workbench->commandButtons(command);
    if (command == Command::Reload && workbench->workspaceDataset())
        buttons.insert(buttons.begin(), panel(*workbench->workspaceDataset())->reloadButton());
    buttons.erase(std::remove(buttons.begin(), buttons.end(), nullptr), buttons.end());
    return buttons;
}

QAbstractButton* MainWindow::commandTarget(Command command) const {
    const std::vector<QAbstractButton*> buttons = commandButtons(m_workbenches->currentWidget(), command);
    for (QAbstractButton* button : buttons)
        if (button->isEnabled())
            return button;
    return buttons.empty() ? nullptr : buttons.front();
}

void MainWindow::updateCommands() {
    m_commandsPending = false;
    for (int c = 0; c < kCommandCount; ++c) {
        QAbstractButton* target = commandTarget(Command(c));
        m_commands[c]->setEnabled(target && target->isEnabled());
    }
    // Pause resumes a paused round: it says so.
    const QAbstractButton* pause = commandTarget(Command::Pause);
    const std::vector<QAbstractButton*> pauses =
        commandButtons(m_workbenches->currentWidget(), Command::Pause);
    const bool resumes = pause && pauses.size() > 1 && pause == pauses[1] && pause->isEnabled();
    m_commands[int(Command::Pause)]->setText(resumes ? tr("Res&ume") : tr("P&ause"));
}

} // namespace tidemark::ui
