#include "kudosroundpanel.h"

#include "displayformat.h"
#include "errortext.h"
#include "partitionstatusmodel.h"
#include "taskprogress.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMap>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tidemark::ui {

using namespace tidemark::kudos;

namespace {
QString actionText(const RetentionAction& a) {
    return QStringLiteral("%1 %2 [%3, %4)")
        .arg(a.verb(), a.entry.partition, display::date(a.entry.lo), display::date(a.entry.hi));
}
} // namespace

KudosRoundPanel::KudosRoundPanel(QWidget* parent) : QWidget(parent) {
    m_preview = new QPushButton(tr("Preview"), this);
    m_preview->setToolTip(tr("List every action a round would take now, with the rows each reads; Run then "
                             "applies exactly that plan."));
    m_run = new QPushButton(tr("Run round"), this);
    m_run->setToolTip(
        tr("Move every eligible range on, one state at a time, until nothing eligible is left."));
    m_step = new QPushButton(tr("Step one partition"), this);
    m_step->setToolTip(tr("Move one range one state forward (the first in order), then stop."));
    m_pause = new QPushButton(tr("Pause"), this);
    m_pause->setToolTip(tr("Hold the round after the current action."));
    m_resume = new QPushButton(tr("Resume"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the round after the current action; what is committed stays."));
    m_rehearse = new QPushButton(tr("Rehearse…"), this);
    m_rehearse->setToolTip(tr("On a restored copy of production: run the swap, the first ranges through "
                              "retention and restores, measure them and say whether production is ready."));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progressText = new QLabel(tr("No round running."), this);
    m_progressText->setWordWrap(true);
    m_report = new QTextBrowser(this);
    m_report->setOpenLinks(false);
    m_report->setPlaceholderText(tr("The last round's report shows here."));
    m_done = new QListWidget(this);
    m_done->setAlternatingRowColors(true);
    // Three lines each at the least: on a laptop the Jobs dock keeps its room below the workbench.
    for (QAbstractScrollArea* area : std::initializer_list<QAbstractScrollArea*>{m_report, m_done})
        area->setMinimumHeight(3 * area->fontMetrics().lineSpacing() + 2 * area->frameWidth() + 4);
    m_refusalLabel = new QLabel(this);
    m_refusalLabel->setWordWrap(true);
    m_refusalLabel->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold"));
    m_refusalLabel->hide();
    m_planLabel = new QLabel(this);
    m_planLabel->setWordWrap(true);
    m_planLabel->hide();
    m_plan = new QTableWidget(0, 5, this);
    m_plan->setHorizontalHeaderLabels({tr("Action"), tr("Dataset"), tr("Table"), tr("Range"), tr("Rows")});
    m_plan->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_plan->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_plan->setAlternatingRowColors(true);
    m_plan->verticalHeader()->hide();
    m_plan->horizontalHeader()->setStretchLastSection(true);
    m_plan->hide();

    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {m_preview, m_run, m_step, m_pause, m_resume, m_cancel})
        buttons->addWidget(b);
    buttons->addStretch(1);
    // Rehearse… is not a round's: it goes under the round's buttons, beside the round's line, where it does
    // not widen the area (on a laptop the buttons' row sets its width already).
    auto* status = new QHBoxLayout;
    status->addWidget(m_progressText, 1);
    status->addWidget(m_rehearse, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_refusalLabel);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addLayout(status);
    layout->addWidget(m_report, 2);
    layout->addWidget(m_planLabel);
    layout->addWidget(m_plan, 3);
    layout->addWidget(m_done, 2);
    m_startTips[0] = m_preview->toolTip();
    m_startTips[1] = m_run->toolTip();
    m_startTips[2] = m_step->toolTip();
    m_startTips[3] = m_rehearse->toolTip();

    connect(m_preview, &QPushButton::clicked, this, &KudosRoundPanel::previewRequested);
    connect(m_run, &QPushButton::clicked, this, &KudosRoundPanel::runRequested);
    connect(m_step, &QPushButton::clicked, this, &KudosRoundPanel::stepRequested);
    connect(m_pause, &QPushButton::clicked, this, &KudosRoundPanel::pauseRequested);
    connect(m_resume, &QPushButton::clicked, this, &KudosRoundPanel::resumeRequested);
    connect(m_cancel, &QPushButton::clicked, this, &KudosRoundPanel::cancelRequested);
    connect(m_rehearse, &QPushButton::clicked, this, &KudosRoundPanel::rehearseRequested);
    setState(State::Idle);
}

void KudosRoundPanel::setRefusal(const QString& reason) {
    m_refusal = reason;
    m_refusalLabel->setText(reason.isEmpty() ? QString() : tr("Rounds are refused: %1").arg(reason));
    m_refusalLabel->setVisible(!reason.isEmpty());
    setState(m_state);
}

void KudosRoundPanel::setState(State state) {
    m_state = state;
    const bool idle = state == State::Idle;
    QPushButton* const starts[] = {m_preview, m_run, m_step, m_rehearse};
    for (int i = 0; i < 4; ++i) {
        starts[i]->setEnabled(idle && m_refusal.isEmpty());
        starts[i]->setToolTip(m_refusal.isEmpty()       ? m_startTips[i]
                              : starts[i] == m_rehearse ? tr("Rehearsals are refused: %1").arg(m_refusal)
                                                        : tr("Rounds are refused: %1").arg(m_refusal));
    }
    m_pause->setEnabled(state == State::Running);
    m_resume->setEnabled(state == State::Paused);
    m_cancel->setEnabled(!idle);
    if (state == State::Paused)
        m_progressText->setText(tr("Paused after the current action. ") + m_progressText->text());
}

void KudosRoundPanel::showProgress(const TaskProgress& progress) {
    const double fraction = progress.fraction();
    if (fraction >= 0)
        m_progress->setValue(int(1000 * fraction));
    const QString paused = m_state == State::Paused ? tr("Paused after the current action. ") : QString();
    m_progressText->setText(paused + tr("Now: %1").arg(progress.stage));
}

void KudosRoundPanel::showReport(const RetentionReport& r) {
    // The job ended: the bar is full unless a cancel or the lock stopped it.
    m_progress->setValue(r.cancelled ? m_progress->value() : r.lockBusy ? 0 : 1000);
    QString text;
    if (r.lockBusy)
        text = tr("Another retention job holds the lock: nothing was done.");
    else if (r.dryRun)
        text = tr("Dry run: a round would take %Ln action(s)", "", int(r.remaining.size()));
    else
        text = tr("%Ln action(s) done", "", int(r.done.size())) + QStringLiteral(", ") +
               tr("%Ln still to do", "", int(r.remaining.size())) +
               (r.cancelled ? tr(" (cancelled)") : QString());
    if (r.catalogRowsAdded > 0)
        text += QStringLiteral("; ") +
                (r.dryRun ? tr("%Ln range(s) would be added to the catalog", "", r.catalogRowsAdded)
                          : tr("%Ln range(s) added to the catalog", "", r.catalogRowsAdded));
    if (!r.partitionsCreated.isEmpty())
        text += QStringLiteral("; ") +
                (r.dryRun ? tr("%Ln partition(s) would be created", "", int(r.partitionsCreated.size()))
                          : tr("%Ln partition(s) created", "", int(r.partitionsCreated.size())));
    text = QStringLiteral("<p>%1</p>").arg(text.toHtmlEscaped());
    if (r.applied) {
        text += QStringLiteral("<p>%1</p>")
                    .arg(tr("The plan: %1 applied, %2 already done, %3 stale, %4 left")
                             .arg(r.count(PlanUnitOutcome::Status::Applied))
                             .arg(r.count(PlanUnitOutcome::Status::Done))
                             .arg(r.count(PlanUnitOutcome::Status::Stale))
                             .arg(r.count(PlanUnitOutcome::Status::Left))
                             .toHtmlEscaped());
        for (const PlanUnitOutcome& o : r.unitOutcomes)
            if (o.status == PlanUnitOutcome::Status::Stale || o.status == PlanUnitOutcome::Status::Left)
                text +=
                    QStringLiteral("<p><b style='color:#b00020'>%1</b></p>")
                        .arg(tr("%1 %2 %3 [%4, %5): %6")
                                 .arg(o.status == PlanUnitOutcome::Status::Stale ? tr("stale") : tr("left"),
                                      o.unit.value(QStringLiteral("action")).toString(),
                                      o.unit.value(QStringLiteral("table")).toString(),
                                      o.unit.value(QStringLiteral("lo")).toString().left(10),
                                      o.unit.value(QStringLiteral("hi")).toString().left(10), o.detail)
                                 .toHtmlEscaped());
    }
    for (const RetentionAlert& a : r.alerts)
        text += QStringLiteral("<p><b style='color:#b00020'>%1</b></p>").arg(a.message.toHtmlEscaped());
    for (const QString& warning : r.warnings)
        text += QStringLiteral("<p style='color:#8a5a00'>%1</p>").arg(warning.toHtmlEscaped());
    if (!r.remaining.empty())
        text += QStringLiteral("<p>%1</p>")
                    .arg((r.dryRun ? tr("First: %1") : tr("Next: %1"))
                             .arg(actionText(r.remaining.front()))
                             .toHtmlEscaped());
    m_report->setHtml(text);
    if (r.dryRun)
        m_progressText->setText(tr("The dry run is done: nothing was changed."));
    else
        m_progressText->setText(r.done.empty() ? tr("Nothing moved.")
                                               : tr("Last: %1").arg(actionText(r.done.back().action)));
    m_done->clear();
    for (const RetentionStepResult& s : r.done) {
        QString line = tr("%1 → %2 · %3 rows · %4")
                           .arg(actionText(s.action), PartitionStatusModel::stateText(s.state),
                                display::count(s.rows), display::duration(s.seconds));
        if (s.bytes > 0)
            line += QStringLiteral(" · ") + display::size(s.bytes);
        m_done->addItem(line);
    }
}

QString KudosRoundPanel::planCounts(const KudosPlanUnits& plan) {
    QMap<QString, int> count;
    for (const PlannedAction& p : plan.actions)
        ++count[p.action.to];
    QStringList parts;
    const auto add = [&](const char* to, const QString& text) {
        if (count.value(QLatin1String(to)) > 0)
            parts << text;
    };
    add("rolled_up", tr("roll up %Ln range(s)", "", count.value(QStringLiteral("rolled_up"))));
    add("dumped", tr("dump %Ln", "", count.value(QStringLiteral("dumped"))));
    add("checkpointed", tr("checkpoint %Ln", "", count.value(QStringLiteral("checkpointed"))));
    add("stated", tr("write the statements of %Ln", "", count.value(QStringLiteral("stated"))));
    add("exported", tr("export %Ln", "", count.value(QStringLiteral("exported"))));
    add("verified", tr("verify %Ln", "", count.value(QStringLiteral("verified"))));
    add("dropped", tr("drop %Ln partition(s)", "", count.value(QStringLiteral("dropped"))));
    return parts.join(QStringLiteral(", "));
}

void KudosRoundPanel::showPlan(const KudosPlanUnits& plan) {
    m_plan->setRowCount(0);
    m_plan->setRowCount(int(plan.actions.size()));
    int row = 0;
    for (const PlannedAction& p : plan.actions) {
        const CatalogEntry& e = p.action.entry;
        const QStringList cells{p.action.verb(), datasetName(e.dataset), e.partition,
                                QStringLiteral("[%1, %2)").arg(display::date(e.lo), display::date(e.hi)),
                                display::count(p.rows)};
        for (int c = 0; c < cells.size(); ++c)
            m_plan->setItem(row, c, new QTableWidgetItem(cells[c]));
        ++row;
    }
    m_plan->resizeColumnsToContents();
    m_planLabel->setText(plan.actions.empty() ? tr("The preview found nothing to do.")
                                              : tr("Run applies this plan: %1.").arg(planCounts(plan)));
    m_planLabel->show();
    m_plan->setVisible(!plan.actions.empty());
    m_done->setVisible(plan.actions.empty());
}

void KudosRoundPanel::clearPlan() {
    m_plan->setRowCount(0);
    m_plan->hide();
    m_planLabel->hide();
    m_done->show();
}

int KudosRoundPanel::planRows() const {
    return m_plan->rowCount();
}

void KudosRoundPanel::showError(const QString& message) {
    m_progressText->setText(errorHtml(message));
}

QString KudosRoundPanel::progressText() const {
    return m_progressText->text();
}
QString KudosRoundPanel::reportText() const {
    return m_report->toPlainText();
}
int KudosRoundPanel::progressValue() const {
    return m_progress->value();
}
int KudosRoundPanel::doneCount() const {
    return m_done->count();
}

} // namespace tidemark::ui
