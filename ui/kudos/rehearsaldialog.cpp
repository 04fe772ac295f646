#include "rehearsaldialog.h"

#include "displayformat.h"
#include "error.h"
#include "errortext.h"
#include "kudosdataset.h"
#include "rehearsalreportfile.h"
#include "taskprogress.h"

#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTextDocument>
#include <QVBoxLayout>

namespace tidemark::ui {

using namespace tidemark::kudos;

namespace {
const char* const kGoColour = "#1b7f3b";
const char* const kNotYetColour = "#b00020";

QString plainOf(const QString& html) {
    QTextDocument document;
    document.setHtml(html);
    return document.toPlainText();
}
} // namespace

RehearsalDialog::RehearsalDialog(KudosDataset* dataset, QWidget* parent)
    : QDialog(parent), m_dataset(dataset) {
    setWindowTitle(tr("Rehearse retention on a copy"));
    m_intro = new QLabel(
        tr("The rehearsal runs on a restored copy of production what retention will run there, and measures "
           "it: the partition swap while a writer inserts, the first eligible range of each dataset through "
           "its chain, restores of the exported object and the plans of the application's reads. It changes "
           "the copy: it swaps the tables, rolls up, exports and drops partitions. It refuses a database "
           "that "
           "other sessions are connected to."),
        this);
    m_intro->setWordWrap(true);

    m_copyName = new QLineEdit(this);
    m_copyName->setClearButtonEnabled(true);
    m_lockLimit = new QSpinBox(this);
    m_lockLimit->setRange(1, 3600000);
    m_lockLimit->setValue(m_dataset->settings().rehearsalMaxLockMillis);
    m_lockLimit->setSuffix(tr(" ms"));
    m_lockLimit->setToolTip(tr("The longest exclusive lock a writer may wait for during the swap or a drop "
                               "for the verdict to be go (KUDOS_REHEARSAL_MAX_LOCK_MS)."));
    m_scratch = new QRadioButton(tr("A scratch archive of its own (removed after)"), this);
    m_scratch->setChecked(true);
    m_workspace = new QRadioButton(tr("The workspace's archive"), this);
    m_workspace->setToolTip(
        tr("Only an archive initialised for this copy: the rehearsal refuses one made for "
           "another database."));
    auto* archives = new QVBoxLayout;
    archives->addWidget(m_scratch);
    archives->addWidget(m_workspace);
    auto* form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(tr("The copy's name:"), m_copyName);
    form->addRow(tr("Lock limit:"), m_lockLimit);
    form->addRow(tr("Archive:"), archives);

    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progressText = new QLabel(this);
    m_progressText->setWordWrap(true);
    m_verdict = new QLabel(this);
    QFont big = m_verdict->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    m_verdict->setFont(big);
    m_reasons = new QLabel(this);
    m_reasons->setWordWrap(true);
    m_reasons->setTextFormat(Qt::RichText);
    m_page = new QPlainTextEdit(this);
    m_page->setReadOnly(true);
    m_page->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_page->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_page->setPlaceholderText(tr("The rehearsal's report shows here."));
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_rehearse = new QPushButton(tr("Rehearse"), this);
    m_rehearse->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the rehearsal between two steps; its scratch archive and files are "
                            "removed, what it changed on the copy stays."));
    m_save = new QPushButton(tr("Save…"), this);
    m_save->setToolTip(tr("Save the report as text, or as JSON in a file whose name ends in .json."));
    m_close = new QPushButton(tr("Close"), this);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_rehearse);
    buttons->addWidget(m_cancel);
    buttons->addStretch(1);
    buttons->addWidget(m_save);
    buttons->addWidget(m_close);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(form);
    layout->addWidget(m_hint);
    layout->addWidget(m_progress);
    layout->addWidget(m_progressText);
    layout->addWidget(m_verdict);
    layout->addWidget(m_reasons);
    layout->addWidget(m_page, 1);
    layout->addWidget(m_message);
    layout->addLayout(buttons);
    resize(860, 680);

    connect(m_copyName, &QLineEdit::textChanged, this, &RehearsalDialog::updateState);
    connect(m_rehearse, &QPushButton::clicked, this, &RehearsalDialog::rehearse);
    connect(m_cancel, &QPushButton::clicked, m_dataset, &KudosDataset::cancelRehearsal);
    connect(m_save, &QPushButton::clicked, this, &RehearsalDialog::askWhereToSave);
    connect(m_close, &QPushButton::clicked, this, &QDialog::close);
    connect(m_dataset, &KudosDataset::loadingStarted, this, &RehearsalDialog::updateState);
    connect(m_dataset, &KudosDataset::loaded, this, &RehearsalDialog::updateState);
    connect(m_dataset, &KudosDataset::settingsChanged, this, [this] {
        if (!m_dataset->isRehearsing())
            m_lockLimit->setValue(m_dataset->settings().rehearsalMaxLockMillis);
        updateState();
    });
    connect(m_dataset, &KudosDataset::loadFailed, this, &RehearsalDialog::updateState);
    connect(m_dataset, &KudosDataset::roundStarted, this, &RehearsalDialog::updateState);
    connect(m_dataset, &KudosDataset::roundFinished, this, &RehearsalDialog::updateState);
    connect(m_dataset, &KudosDataset::roundFailed, this, &RehearsalDialog::updateState);
    connect(m_dataset, &KudosDataset::connectionChanged, this, [this] {
        m_copyName->clear();
        clearResult();
        updateState();
    });
    connect(m_dataset, &KudosDataset::rehearsalProgressed, this, &RehearsalDialog::showProgress);
    connect(m_dataset, &KudosDataset::rehearsed, this, &RehearsalDialog::showReport);
    connect(m_dataset, &KudosDataset::rehearsalFailed, this, &RehearsalDialog::showError);
    clearResult();
    updateState();
}

void RehearsalDialog::updateState() {
    const QString database = m_dataset->databaseName();
    m_workspace->setEnabled(!m_dataset->archiveUrl().isEmpty() && !m_dataset->isRehearsing());
    if (!m_workspace->isEnabled())
        m_scratch->setChecked(true);
    QString hint;
    if (!m_dataset->isConnected())
        hint = tr("Not connected to a kudos database.");
    else if (!m_dataset->settingsError().isEmpty())
        hint = tr("The kudos settings are not valid: %1").arg(m_dataset->settingsError());
    else if (m_dataset->isLoading())
        hint = tr("Waiting for the kudos database to load.");
    else if (database.isEmpty())
        hint = tr("The kudos database did not load.");
    else if (m_dataset->isRoundRunning())
        hint = tr("A retention round runs on this database: rehearse when it has ended.");
    else if (m_copyName->text().trimmed() != database && !m_dataset->isRehearsing())
        hint = tr("Type the name of the database, %1, to enable Rehearse: the rehearsal changes it.")
                   .arg(database);
    const bool running = m_dataset->isRehearsing();
    m_hint->setText(hint);
    m_hint->setVisible(!hint.isEmpty());
    m_rehearse->setEnabled(hint.isEmpty() && !running);
    m_rehearse->setToolTip(
        hint.isEmpty() ? tr("Rehearse on %1: it swaps, rolls up, exports and drops there.").arg(database)
                       : hint);
    m_cancel->setEnabled(running);
    m_save->setEnabled(m_hasReport && !running);
    for (QWidget* input : std::initializer_list<QWidget*>{m_copyName, m_lockLimit, m_scratch})
        input->setEnabled(!running);
}

void RehearsalDialog::rehearse() {
    updateState();
    if (!m_rehearse->isEnabled())
        return;
    if (!m_dataset->startRehearsal(m_copyName->text().trimmed(), m_lockLimit->value(),
                                   m_workspace->isChecked()))
        return;
    clearResult();
    m_progress->show();
    m_progressText->setText(tr("Starting the rehearsal…"));
    m_progressText->show();
    updateState();
}

void RehearsalDialog::showProgress(const TaskProgress& progress) {
    const double fraction = progress.fraction();
    if (fraction >= 0)
        m_progress->setValue(int(1000 * fraction));
    m_progressText->setText(progress.describe());
}

void RehearsalDialog::showReport(const KudosRehearsalReport& report) {
    m_report = report;
    m_hasReport = true;
    m_message->clear();
    m_progress->setValue(report.cancelled ? m_progress->value() : 1000);
    m_progressText->setText(
        report.cancelled ? tr("Cancelled between two steps: what the rehearsal changed on the copy stays.")
                         : tr("Done in %1.").arg(display::duration(report.seconds)));
    const bool go = report.go();
    m_verdict->setText(go ? tr("Go") : tr("Not yet"));
    m_verdict->setStyleSheet(QStringLiteral("color: %1").arg(QLatin1String(go ? kGoColour : kNotYetColour)));
    m_verdict->show();
    QString reasons;
    for (const RehearsalVerdict& v : report.verdicts)
        reasons += QStringLiteral("<li><b style='color:%1'>%2</b> — %3: %4</li>")
                       .arg(QLatin1String(v.go ? kGoColour : kNotYetColour),
                            (v.go ? tr("go") : tr("not yet")).toHtmlEscaped(), v.wording.toHtmlEscaped(),
                            v.why.toHtmlEscaped());
    if (report.cancelled)
        reasons += QStringLiteral("<li>%1</li>").arg(tr("The rehearsal was cancelled.").toHtmlEscaped());
    m_reasons->setText(reasons.isEmpty() ? QString() : QStringLiteral("<ul>%1</ul>").arg(reasons));
    m_reasons->setVisible(!reasons.isEmpty());
    m_page->setPlainText(report.toText());
    updateState();
}

void RehearsalDialog::showError(const Error& error) {
    clearResult();
    m_message->setText(errorHtml(error.message()));
    m_message->show();
    updateState();
}

void RehearsalDialog::clearResult() {
    m_report = {};
    m_hasReport = false;
    m_progress->setValue(0);
    m_progress->hide();
    m_progressText->clear();
    m_progressText->hide();
    m_verdict->clear();
    m_verdict->hide();
    m_reasons->clear();
    m_reasons->hide();
    m_page->clear();
    m_message->clear();
    m_message->hide();
}

void RehearsalDialog::askWhereToSave() {
    if (!m_hasReport)
        return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the rehearsal's report"),
        QStringLiteral("kudos-rehearsal-%1-%2.txt").arg(m_report.database, display::date(m_report.now)),
        tr("Text (*.txt);;JSON (*.json)"));
    if (!path.isEmpty())
        saveTo(path);
}

bool RehearsalDialog::saveTo(const QString& path) {
    if (!m_hasReport)
        return false;
    try {
        writeRehearsalReport(m_report, path);
    } catch (const Error& error) {
        m_message->setText(errorHtml(error.message()));
        m_message->show();
        return false;
    }
    m_message->setText(tr("Saved to %1.").arg(path).toHtmlEscaped());
    m_message->show();
    return true;
}

QString RehearsalDialog::hintText() const {
    return m_hint->text();
}
QString RehearsalDialog::progressText() const {
    return m_progressText->text();
}
int RehearsalDialog::progressValue() const {
    return m_progress->value();
}
QString RehearsalDialog::verdictText() const {
    return m_verdict->text();
}
QString RehearsalDialog::reasonsText() const {
    return plainOf(m_reasons->text());
}
QString RehearsalDialog::pageText() const {
    return m_page->toPlainText();
}
QString RehearsalDialog::messageText() const {
    return plainOf(m_message->text());
}

} // namespace tidemark::ui
