#include "kudosworkbench.h"

#include "budgetpanel.h"
#include "errortext.h"
#include "kudoscapacitypanel.h"
#include "kudosdataset.h"
#include "kudosroundpanel.h"
#include "partitionstatusmodel.h"
#include "partitiontimeline.h"
#include "privacydisclosure.h"
#include "quarantinemodel.h"
#include "reconciliationpanel.h"
#include "rehearsaldialog.h"
#include "retentionissuemodel.h"
#include "sortedtableview.h"
#include "taskprogress.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tidemark::ui {

using namespace tidemark::kudos;

namespace {
QTableView* tableOf(QAbstractItemModel* model, int sortRole, QWidget* parent) {
    QTableView* table = sortedTableView(model, sortRole, parent);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    return table;
}

// The ranges' table: the state and the eligible date first, what an operator looks for; the long names last.
QTableView* partitionTableOf(kudos::PartitionStatusModel* model, QWidget* parent) {
    QTableView* table = tableOf(model, kudos::PartitionStatusModel::SortRole, parent);
    using M = kudos::PartitionStatusModel;
    const int order[] = {M::DatasetColumn,   M::RangeColumn,     M::StateColumn,       M::EligibleColumn,
                         M::RowsColumn,      M::UnappliedColumn, M::QuarantinedColumn, M::SizeColumn,
                         M::PartitionColumn, M::ArchiveKeyColumn};
    QHeaderView* header = table->horizontalHeader();
    for (int visual = 0; visual < int(std::size(order)); ++visual)
        header->moveSection(header->visualIndex(order[visual]), visual);
    // The archive object, last, takes what the others leave: no sideways scrolling for the figures, its key
    // elided in the middle (its file name stays) where the table is narrow.
    fitColumns(table);
    shareLeftoverWidth(table, {M::PartitionColumn, M::ArchiveKeyColumn});
    table->setWordWrap(false);
    return table;
}
} // namespace

KudosWorkbench::KudosWorkbench(KudosDataset* dataset, QWidget* parent) : QWidget(parent), m_dataset(dataset) {
    m_settingsBanner = new QLabel(this);
    m_settingsBanner->setWordWrap(true);
    m_settingsBanner->setStyleSheet(
        QStringLiteral("background: #fde7e9; color: #8a1020; padding: 6px; border: 1px solid #e8a0a8"));
    m_settingsBanner->hide();
    m_summary = new QLabel(tr("Not connected."), this);
    m_summary->setWordWrap(true);
    m_swap = new QPushButton(tr("Partition the tables"), this);
    m_swap->setToolTip(
        tr("Run the partition swap (tidemark-cli kudos swap): kudos_ledger and kudos_stat_events "
           "become partitioned by created, with a short exclusive lock."));
    m_swap->hide();

    m_timeline = new PartitionTimeline(dataset->partitions(), this);
    m_table = partitionTableOf(dataset->partitions(), this);
    m_proxy = static_cast<QSortFilterProxyModel*>(m_table->model());

    m_roundPanel = new KudosRoundPanel(this);
    m_budgetPanel = new BudgetPanel(this);
    m_issues = tableOf(dataset->issues(), Qt::DisplayRole, this);
    m_issues->setWordWrap(true);
    m_quarantine = tableOf(dataset->quarantine(), QuarantineModel::SortRole, this);
    shareLeftoverWidth(m_quarantine, {QuarantineModel::ReasonColumn, QuarantineModel::WhereColumn});
    m_reconciliationPanel = new ReconciliationPanel(dataset->reconciliation(), this);
    m_disclosure = new QTextBrowser(this);
    m_disclosure->setOpenExternalLinks(false);
    m_areas = new QTabWidget(this);
    m_areas->addTab(m_roundPanel, tr("Round"));
    m_areas->addTab(m_budgetPanel, tr("Budget"));
    m_capacityPanel = new KudosCapacityPanel(m_dataset, this);
    m_areas->addTab(m_capacityPanel, tr("Capacity"));
    m_areas->addTab(m_issues, tr("Incidents && alerts"));
    m_areas->addTab(m_quarantine, tr("Quarantine"));
    m_areas->addTab(m_reconciliationPanel, tr("Reconciliation"));
    m_areas->addTab(m_disclosure, tr("Disclosure"));

    auto* top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_swap); // Reload is the kudos dock's (and F5): it reloads this dataset
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(m_areas);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({1000, 740});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_settingsBanner);
    layout->addLayout(top);
    layout->addWidget(m_timeline);
    layout->addWidget(split, 1);

    connect(m_swap, &QPushButton::clicked, this, [this] {
        if (m_dataset->startSwap(false)) {
            m_swap->setEnabled(false);
            m_summary->setText(tr("Partitioning the kudos tables…"));
        }
    });
    connect(m_dataset, &KudosDataset::swapped, this, [this] { m_swap->setEnabled(true); });
    connect(m_dataset, &KudosDataset::swapFailed, this, [this](const Error& error) {
        m_swap->setEnabled(true);
        m_summary->setText(errorHtml(tr("The partition swap failed: %1").arg(error.message())));
        emit failed(error);
    });
    connect(m_timeline, &PartitionTimeline::rowClicked, this, &KudosWorkbench::selectPartition);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                m_timeline->setSelectedRow(current.isValid() ? m_proxy->mapToSource(current).row() : -1);
            });
    connect(m_dataset, &KudosDataset::loaded, this, [this] {
        m_loadProblem.clear();
        settingsChanged();
        showStatus();
    });
    connect(m_dataset, &KudosDataset::loadingStarted, this,
            [this] { m_summary->setText(tr("Loading the kudos ranges…")); });
    connect(m_dataset, &KudosDataset::loadFailed, this, [this](const Error& error) {
        m_loadProblem = error.message();
        settingsChanged();
        m_summary->setText(errorHtml(tr("The kudos ranges did not load: %1").arg(error.message())));
        emit failed(error);
    });
    connect(m_dataset, &KudosDataset::connectionChanged, this, [this] {
        m_loadProblem.clear();
        settingsChanged();
    });
    connect(m_dataset, &DatasetBase::cleared, m_roundPanel, &KudosRoundPanel::clearPlan);
    connect(m_dataset, &KudosDataset::settingsChanged, this, &KudosWorkbench::settingsChanged);
    connect(m_dataset, &KudosDataset::reconciled, this, [this] {
        m_reconciliationPanel->setRunning(false);
        m_reconciliationPanel->showReport();
    });
    connect(m_dataset, &KudosDataset::reconcileFailed, this, [this](const Error& error) {
        m_reconciliationPanel->setRunning(false);
        m_reconciliationPanel->showError(error.message());
    });
    connect(m_dataset, &KudosDataset::roundProgressed, m_roundPanel, &KudosRoundPanel::showProgress);
    connect(m_dataset, &KudosDataset::roundPaused, this, [this](bool paused) {
        m_roundPanel->setState(paused ? KudosRoundPanel::State::Paused : KudosRoundPanel::State::Running);
    });
    connect(m_dataset, &KudosDataset::roundFinished, this, &KudosWorkbench::roundFinishedWith);
    connect(m_dataset, &KudosDataset::roundFailed, this, [this](const Error& error) {
        m_roundPanel->setState(KudosRoundPanel::State::Idle);
        m_roundPanel->showError(error.message());
        emit roundFinished(false);
    });
    connect(m_roundPanel, &KudosRoundPanel::previewRequested, this, &KudosWorkbench::preview);
    connect(m_roundPanel, &KudosRoundPanel::runRequested, this, &KudosWorkbench::runRound);
    connect(m_roundPanel, &KudosRoundPanel::stepRequested, this, &KudosWorkbench::stepOnePartition);
    connect(m_roundPanel, &KudosRoundPanel::pauseRequested, m_dataset, &KudosDataset::pauseRound);
    connect(m_roundPanel, &KudosRoundPanel::resumeRequested, m_dataset, &KudosDataset::resumeRound);
    connect(m_roundPanel, &KudosRoundPanel::cancelRequested, m_dataset, &KudosDataset::cancelRound);
    connect(m_roundPanel, &KudosRoundPanel::rehearseRequested, this, &KudosWorkbench::openRehearsal);
    connect(m_reconciliationPanel, &ReconciliationPanel::reconcileRequested, this,
            &KudosWorkbench::reconcile);
    connect(m_reconciliationPanel, &ReconciliationPanel::snapshotRequested, this, [this] {
        m_reconciliationPanel->setRunning(true);
        m_dataset->takeSnapshot();
    });
    settingsChanged();
}

int KudosWorkbench::roundTask() const {
    return m_dataset->roundTask();
}

bool KudosWorkbench::isRoundRunning() const {
    return m_dataset->isRoundRunning();
}

const RetentionReport& KudosWorkbench::lastReport() const {
    return m_dataset->lastReport();
}

void KudosWorkbench::settingsChanged() {
    const QString error = m_dataset->settingsError();
    m_settingsBanner->setText(error.isEmpty()
                                  ? QString()
                                  : tr("The kudos settings are not valid, so rounds are refused until "
                                       "they are fixed: %1")
                                        .arg(error));
    m_settingsBanner->setVisible(!error.isEmpty());
    const KudosSettings& settings = m_dataset->settings();
    m_timeline->setWindows(settings.currencyWindow(), settings.statsWindow());
    m_disclosure->setMarkdown(PrivacyDisclosure(settings).markdown());
    m_roundPanel->setRefusal(!error.isEmpty()            ? error
                             : !m_dataset->isConnected() ? tr("not connected to a kudos database")
                             : !m_loadProblem.isEmpty()
                                 ? tr("the kudos database did not load: %1").arg(m_loadProblem)
                                 : QString());
}

QString KudosWorkbench::summaryText() const {
    return m_summary->text();
}

void KudosWorkbench::showStatus() {
    const PartitionStatusModel* model = m_dataset->partitions();
    int eligible = 0;
    int dropped = 0;
    for (const PartitionStatus& s : model->statuses()) {
        eligible += model->isEligiblePending(s) ? 1 : 0;
        dropped += s.state == QLatin1String("dropped") ? 1 : 0;
    }
    const KudosStatus& status = m_dataset->status();
    QString text = tr("%Ln range(s)", "", model->rowCount()) + QStringLiteral(" · ") +
                   tr("%Ln eligible and not started", "", eligible) + QStringLiteral(" · ") +
                   tr("%Ln dropped", "", dropped) + QStringLiteral(" · ") +
                   tr("%Ln incident(s)", "", int(status.incidents.size())) + QStringLiteral(" · ") +
                   tr("%Ln quarantined row(s) listed", "", int(status.quarantine.size()));
    if (!status.archiveProblem.isEmpty())
        text += QStringLiteral(" · ") + tr("archive not reachable");
    if (!status.partitionProblem.isEmpty())
        text = errorHtml(status.partitionProblem);
    m_swap->setVisible(!status.partitionProblem.isEmpty());
    m_summary->setText(text);
    m_budgetPanel->showStatus(status);
    m_table->resizeColumnsToContents();
    m_quarantine->resizeColumnsToContents();
    m_issues->resizeRowsToContents();
    emit loaded(model->rowCount());
}

void KudosWorkbench::selectPartition(int modelRow) {
    if (modelRow < 0 || modelRow >= m_dataset->partitions()->rowCount())
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_dataset->partitions()->index(modelRow, 0));
    m_table->selectRow(index.row());
    m_table->scrollTo(index);
    m_timeline->setSelectedRow(modelRow);
}

int KudosWorkbench::selectedPartition() const {
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? m_proxy->mapToSource(current).row() : -1;
}

void KudosWorkbench::preview() {
    if (!m_dataset->isConnected() || m_dataset->isRoundRunning() || !m_dataset->settingsError().isEmpty())
        return;
    if (!m_dataset->startPreview())
        return;
    m_roundPanel->clearPlan();
    m_roundPanel->setState(KudosRoundPanel::State::Running);
    m_areas->setCurrentWidget(m_roundPanel);
}

void KudosWorkbench::runRound() {
    if (!m_dataset->preview() || m_dataset->isRoundRunning()) {
        start(false);
        return;
    }
    const QString question =
        tr("Apply the previewed plan to %1: %2?")
            .arg(m_dataset->sourceName(), KudosRoundPanel::planCounts(*m_dataset->preview()));
    const bool yes =
        m_confirm ? m_confirm(question)
                  : QMessageBox::question(this, tr("Apply the kudos plan"), question) == QMessageBox::Yes;
    if (!yes || !m_dataset->startApply())
        return;
    m_roundPanel->setState(KudosRoundPanel::State::Running);
    m_areas->setCurrentWidget(m_roundPanel);
}

void KudosWorkbench::stepOnePartition() {
    start(true);
}

void KudosWorkbench::start(bool oneStep) {
    if (!m_dataset->isConnected() || m_dataset->isRoundRunning())
        return;
    if (!m_dataset->settingsError().isEmpty()) {
        m_roundPanel->showError(tr("Rounds are refused: %1").arg(m_dataset->settingsError()));
        return;
    }
    if (!m_dataset->startRound(oneStep))
        return;
    m_roundPanel->setState(KudosRoundPanel::State::Running);
    m_areas->setCurrentWidget(m_roundPanel);
}

void KudosWorkbench::roundFinishedWith(const RetentionReport& report) {
    m_roundPanel->setState(KudosRoundPanel::State::Idle);
    m_roundPanel->showReport(report);
    if (report.dryRun && m_dataset->preview())
        m_roundPanel->showPlan(*m_dataset->preview());
    else
        m_roundPanel->clearPlan();
    if (report.cancelled)
        m_roundPanel->showError(tr("Cancelled between two actions: what was committed stays."));
    emit roundFinished(!report.cancelled);
}

void KudosWorkbench::pauseRound() {
    m_dataset->pauseRound();
}

void KudosWorkbench::resumeRound() {
    m_dataset->resumeRound();
}

void KudosWorkbench::cancelRound() {
    m_dataset->cancelRound();
}

void KudosWorkbench::reconcile() {
    if (!m_dataset->isConnected() || m_dataset->isReconciling())
        return;
    m_reconciliationPanel->setRunning(true);
    m_areas->setCurrentWidget(m_reconciliationPanel);
    m_dataset->reconcile();
}

RehearsalDialog* KudosWorkbench::openRehearsal() {
    if (!m_rehearsal)
        m_rehearsal = new RehearsalDialog(m_dataset, this);
    m_rehearsal->show();
    m_rehearsal->raise();
    m_rehearsal->activateWindow();
    return m_rehearsal;
}

RehearsalDialog* KudosWorkbench::rehearsalDialog() const {
    return m_rehearsal;
}

QString KudosWorkbench::title() const {
    return tr("Kudos");
}

std::vector<QAbstractButton*> KudosWorkbench::commandButtons(WorkbenchCommand command) const {
    switch (command) {
    case WorkbenchCommand::Reload:
        return {};
    case WorkbenchCommand::Preview:
        return {m_roundPanel->previewButton()}; // a dry run: the plan Run applies
    case WorkbenchCommand::Run:
        return {m_roundPanel->runButton()};
    case WorkbenchCommand::Pause:
        return {m_roundPanel->pauseButton(), m_roundPanel->resumeButton()};
    case WorkbenchCommand::Cancel:
        return {m_roundPanel->cancelButton()};
    }
    return {};
}

void KudosWorkbench::openAt(const QString& partition) {
    const QAbstractItemModel* model = m_table->model();
    for (int row = 0; !partition.isEmpty() && model && row < model->rowCount(); ++row)
        for (int column = 0; column < model->columnCount(); ++column)
            if (model->index(row, column).data().toString() == partition) {
                selectPartition(row);
                return;
            }
}

} // namespace tidemark::ui
