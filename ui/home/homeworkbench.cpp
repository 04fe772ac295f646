#include "homeworkbench.h"

#include "displayformat.h"
#include "errortext.h"
#include "homecard.h"
#include "homeplan.h"
#include "plandialog.h"
#include "planfile.h"
#include "retentionplanjson.h"
#include "taskprogress.h"
#include "workspacesession.h"

#include <QFileDialog>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>

namespace tidemark::ui {

namespace {
constexpr int kDatasetRole = Qt::UserRole;
constexpr int kTargetRole = Qt::UserRole + 1;

QString asOf(Micros t) {
    return display::instant(t);
}
} // namespace

HomeWorkbench::HomeWorkbench(HomePlan* dataset, QWidget* parent) : QWidget(parent), m_dataset(dataset) {
    setObjectName(QStringLiteral("homeWorkbench"));
    m_title = new QLabel(tr("Retention plan"), this);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_marker = new QLabel(this);
    m_marker->setObjectName(QStringLiteral("homeMarker"));
    m_marker->setStyleSheet(
        QStringLiteral("background: #fff4d6; color: #6b4e00; border: 1px solid #e6c66a; padding: 1px 6px"));
    m_marker->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Preferred); // never squeezed by the status
    m_marker->hide();
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    m_refresh = new QPushButton(tr("Refresh"), this);
    m_refresh->setToolTip(
        tr("Plan again: the quick estimate first, then the exact plan (read-only dry runs of "
           "every configured dataset)."));
    m_savePlan = new QPushButton(tr("Save plan…"), this);
    m_savePlan->setToolTip(tr("Write the exact plan shown, with every unit it would apply, to a file that "
                              "tidemark-cli apply (or Open plan…) applies exactly, within 24 hours."));
    m_savePlan->setEnabled(false);
    m_openPlan = new QPushButton(tr("Open plan…"), this);
    m_openPlan->setToolTip(tr("Open a plan file (plan --out, Save plan…): its units, then Apply."));
    auto* header = new QHBoxLayout;
    header->addWidget(m_title);
    header->addWidget(m_marker);
    header->addWidget(m_status, 1);
    header->addWidget(m_openPlan);
    header->addWidget(m_savePlan);
    header->addWidget(m_refresh);

    m_alertsHeading = new QLabel(this);
    m_alertsHeading->setTextFormat(Qt::RichText);
    m_alerts = new QListWidget(this);
    m_alerts->setObjectName(QStringLiteral("homeAlerts"));
    m_alerts->setWordWrap(false); // one line an alert, elided at the right; the tooltip holds it whole
    m_alerts->setTextElideMode(Qt::ElideRight);
    m_alerts->setSelectionMode(QAbstractItemView::SingleSelection);
    m_alerts->setCursor(Qt::PointingHandCursor);
    m_alerts->hide();

    auto* cards = new QWidget(this);
    auto* cardLayout = new QHBoxLayout(cards);
    cardLayout->setContentsMargins(0, 0, 0, 0);
    const WorkspaceDataset datasets[] = {WorkspaceDataset::Positions, WorkspaceDataset::Kudos,
                                         WorkspaceDataset::Tracks};
    for (int i = 0; i < 3; ++i) {
        m_cards[i] = new HomeCard(datasets[i], cards);
        cardLayout->addWidget(m_cards[i], 1);
        connect(m_cards[i], &HomeCard::openRequested, this, &HomeWorkbench::openWorkbench);
    }
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(cards);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(header);
    layout->addWidget(m_alertsHeading);
    layout->addWidget(m_alerts);
    layout->addWidget(scroll, 1);

    connect(m_refresh, &QPushButton::clicked, this, [this] { refresh(); });
    connect(m_savePlan, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the plan"), QStringLiteral("tidemark-plan-%1.json").arg(display::date(m_plan.now)),
            tr("Plans (*.json)"));
        if (!path.isEmpty())
            savePlan(path);
    });
    connect(m_openPlan, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open a plan"), QString(), tr("Plans (*.json)"));
        if (!path.isEmpty())
            openPlan(path);
    });
    connect(m_dataset, &HomePlan::opened, this, [this](const QString& path, const QJsonObject& plan) {
        m_fileNote.clear();
        showStatus();
        if (m_planDialog)
            m_planDialog->close();
        m_planDialog = new PlanDialog(path, plan, this);
        m_planDialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_planDialog, &PlanDialog::applyRequested, this, &HomeWorkbench::applyOpenedPlan);
        m_planDialog->show();
        emit planOpened(path, plan);
    });
    connect(m_dataset, &HomePlan::openFailed, this, [this](const QString& path, const Error& error) {
        m_fileNote = tr("Cannot open the plan %1: %2").arg(path, error.message());
        showStatus();
    });
    connect(m_dataset, &HomePlan::applied, this, [this](const PlanApplyReport& report) {
        if (m_planDialog)
            m_planDialog->showReport(report);
        emit planApplied(report);
        refresh();
    });
    connect(m_dataset, &HomePlan::applyFailed, this, [this](const Error& error) {
        if (m_planDialog)
            m_planDialog->showError(error.message());
    });
    connect(m_alerts, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        emit openWorkbench(static_cast<WorkspaceDataset>(item->data(kDatasetRole).toInt()),
                           item->data(kTargetRole).toString());
    });
    connect(m_dataset, &HomePlan::planReady, this, [this](const RetentionPlan& plan) {
        m_progress.clear();
        if (!plan.quick)
            m_failure.clear();
        setPlan(plan);
    });
    connect(m_dataset, &HomePlan::failed, this, [this](const Error& error, bool quick) {
        if (error.kind() == Error::Kind::Cancelled)
            return;
        m_failure = quick ? tr("The quick plan failed: %1").arg(error.message())
                          : tr("The plan failed: %1").arg(error.message());
        showStatus();
        emit refreshFailed(error);
    });
    connect(m_dataset, &HomePlan::progressed, this, [this](const TaskProgress& progress) {
        m_progress = progress.describe();
        showStatus();
    });
    connect(m_dataset, &HomePlan::finished, this, [this] {
        m_progress.clear();
        showStatus();
    });
    connect(m_dataset, &HomePlan::cleared, this, &HomeWorkbench::clearPlan);
    showAlerts();
    showStatus();
}

void HomeWorkbench::clearPlan() {
    m_plan = {};
    m_hasPlan = false;
    m_failure.clear();
    m_progress.clear();
    m_savePlan->setEnabled(false);
    for (HomeCard* c : m_cards)
        c->clear();
    showAlerts();
    showStatus();
}

HomeCard* HomeWorkbench::card(WorkspaceDataset dataset) const {
    return m_cards[static_cast<int>(dataset)];
}

void HomeWorkbench::setPlan(const RetentionPlan& plan) {
    m_plan = plan;
    m_hasPlan = true;
    m_savePlan->setEnabled(!plan.quick && !plan.cancelled &&
                           (plan.positions.hasUnits() || plan.kudos.hasUnits() || plan.tracks.hasUnits()));
    card(WorkspaceDataset::Positions)->setSection(plan.positions, plan.now);
    card(WorkspaceDataset::Kudos)->setSection(plan.kudos, plan.now);
    card(WorkspaceDataset::Tracks)->setSection(plan.tracks, plan.now);
    showAlerts();
    showStatus();
    emit planShown(plan.quick);
}

bool HomeWorkbench::savePlan(const QString& path) {
    const bool units = m_plan.positions.hasUnits() || m_plan.kudos.hasUnits() || m_plan.tracks.hasUnits();
    if (!m_hasPlan || m_plan.quick || m_plan.cancelled || !units) {
        m_fileNote = tr("No exact plan to save yet: wait for the plan, or Refresh.");
        showStatus();
        return false;
    }
    try {
        const QJsonObject sealed = sealedRetentionPlan(m_plan, planfile::kDefaultExpiresHours);
        planfile::write(sealed, path);
        m_fileNote = tr("Plan saved to %1 (sha256 %2…), expires %3.")
                         .arg(path, planfile::sha256(sealed).left(12),
                              sealed.value(QStringLiteral("expires_at")).toString());
    } catch (const Error& e) {
        m_fileNote = e.message();
        showStatus();
        return false;
    }
    showStatus();
    return true;
}

void HomeWorkbench::openPlan(const QString& path) {
    m_fileNote = tr("Opening the plan %1…").arg(path);
    showStatus();
    m_dataset->open(path);
}

void HomeWorkbench::applyOpenedPlan() {
    if (!m_planDialog || !m_source)
        return;
    const RetentionPlanRequest workspace = m_source();
    PlanApplyRequest request;
    request.plan = m_planDialog->plan();
    request.connections = workspace.connections;
    request.settings = workspace.settings;
    request.now = nowMicros();
    request.metricsFile = workspace.settings.metricsFile;
    request.ignoreWindow = m_planDialog->ignoreWindow();
    m_planDialog->setApplying(true);
    m_dataset->apply(request);
}

void HomeWorkbench::setRequestSource(std::function<RetentionPlanRequest()> source) {
    m_source = std::move(source);
}

void HomeWorkbench::refresh() {
    if (m_source)
        refresh(m_source());
}

void HomeWorkbench::refresh(const RetentionPlanRequest& request) {
    m_failure.clear();
    m_progress.clear();
    m_dataset->refresh(request);
    showStatus();
}

void HomeWorkbench::setOpening(const QString& what) {
    m_opening = what;
    showStatus();
}

bool HomeWorkbench::isRefreshing() const {
    return m_dataset->isRunning();
}

void HomeWorkbench::showAlerts() {
    m_alerts->clear();
    if (!m_hasPlan) {
        m_alertsHeading->clear();
        m_alertsHeading->hide();
        m_alerts->hide();
        return;
    }
    m_alertsHeading->show();
    if (m_plan.alerts.empty()) {
        m_alertsHeading->setText(QStringLiteral("<span style='color:#2e7d32'>%1</span>")
                                     .arg(tr("Nothing needs you.").toHtmlEscaped()));
        m_alerts->hide();
        return;
    }
    m_alertsHeading->setText(
        QStringLiteral("<b style='color:#b00020'>%1</b>")
            .arg(tr("%Ln item(s) need you — click one to open it", "", int(m_plan.alerts.size()))
                     .toHtmlEscaped()));
    for (const PlanAlert& alert : m_plan.alerts) {
        // A server's message may hold line breaks and tabs: one line here (the tooltip keeps it whole).
        auto* item = new QListWidgetItem(alert.message.simplified(), m_alerts);
        item->setData(kDatasetRole, static_cast<int>(alert.dataset));
        item->setData(kTargetRole, alert.target);
        item->setForeground(QColor(0xb0, 0x00, 0x20));
        const QString open =
            alert.target.isEmpty()
                ? tr("Open the %1 workbench").arg(WorkspaceSession::datasetName(alert.dataset))
                : tr("Open the %1 workbench at %2")
                      .arg(WorkspaceSession::datasetName(alert.dataset), alert.target);
        item->setToolTip(alert.message + QLatin1Char('\n') + open);
    }
    m_alerts->show();
    fitAlerts();
}

// The list is as tall as its items (a line each), up to five (then it scrolls), so the cards keep the room.
void HomeWorkbench::fitAlerts() {
    const int rows = std::min(m_alerts->count(), 5);
    const int row = m_alerts->count() > 0 ? m_alerts->sizeHintForRow(0) : 0;
    m_alerts->setFixedHeight(rows * row + 2 * m_alerts->frameWidth() + 2);
}

void HomeWorkbench::showStatus() {
    const bool running = m_dataset->isRunning();
    QString status;
    if (!m_hasPlan) {
        status = running ? tr("Computing the plan…")
                 : !m_opening.isEmpty()
                     ? tr("%1… The plan is computed once its datasets are connected.").arg(m_opening)
                     : tr("Not planned yet: connect the datasets (File ▸ Connect…) or press Refresh.");
    } else {
        const bool none =
            !m_plan.positions.configured && !m_plan.kudos.configured && !m_plan.tracks.configured;
        if (none)
            status = tr("No dataset is configured: File ▸ Connect… or File ▸ Open demo workspace.");
        else if (m_plan.quick)
            status = running ? tr("Quick estimate as of %1; computing the exact plan…").arg(asOf(m_plan.now))
                             : tr("Quick estimate as of %1.").arg(asOf(m_plan.now));
        else
            status = tr("As of %1, planned in %2.").arg(asOf(m_plan.now), display::duration(m_plan.seconds));
        if (m_plan.cancelled)
            status += QLatin1Char(' ') + tr("Cancelled: the plan is incomplete.");
        if (running && !m_plan.quick)
            status += QLatin1Char(' ') + tr("Computing a new plan…");
    }
    QString html = status.toHtmlEscaped();
    if (running && !m_progress.isEmpty())
        html += QStringLiteral(" <span style='color:#505060'>%1</span>").arg(m_progress.toHtmlEscaped());
    if (!m_failure.isEmpty())
        html += QLatin1Char(' ') + errorHtml(m_failure);
    if (!m_fileNote.isEmpty())
        html += QStringLiteral("<br>") + m_fileNote.toHtmlEscaped();
    m_status->setText(html);

    QString marker;
    if (m_hasPlan && m_plan.quick)
        marker = running ? tr("estimated · refining…") : tr("estimated");
    else if (running)
        marker = tr("computing…");
    m_marker->setText(marker);
    m_marker->setVisible(!marker.isEmpty());
}

QString HomeWorkbench::statusText() const {
    return m_status->text();
}

QString HomeWorkbench::markerText() const {
    return m_marker->isVisibleTo(this) ? m_marker->text() : QString();
}

QString HomeWorkbench::alertsHeading() const {
    return m_alertsHeading->text();
}

QString HomeWorkbench::title() const {
    return tr("Home");
}

std::vector<QAbstractButton*> HomeWorkbench::commandButtons(WorkbenchCommand command) const {
    if (command == WorkbenchCommand::Reload)
        return {m_refresh};
    return {};
}

} // namespace tidemark::ui
