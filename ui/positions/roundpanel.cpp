#include "roundpanel.h"

#include "displayformat.h"

#include "errortext.h"
#include "roundhistorychart.h"
#include "roundhistorymodel.h"
#include "scrollingpage.h"
#include "thinningwindow.h"

#include <QCheckBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace tidemark::ui {

using namespace tidemark::positions;

namespace {
QString duration(double seconds) {
    return seconds < 0 ? QStringLiteral("…") : display::duration(seconds);
}
} // namespace

RoundPanel::RoundPanel(RoundHistoryModel* history, QWidget* parent) : QWidget(parent), m_history(history) {
    m_run = new QPushButton(tr("Run"), this);
    m_run->setToolTip(tr("Run a retention round now: age delete, then thinning slice by slice."));
    m_dryRun = new QPushButton(tr("Dry run"), this);
    m_dryRun->setToolTip(
        tr("Count what a round would scan and delete, slice by slice, and keep it as the plan "
           "that Run applies; delete nothing."));
    m_pause = new QPushButton(tr("Pause"), this);
    m_resume = new QPushButton(tr("Resume"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_ignoreWindow = new QCheckBox(tr("Ignore the window"), this);
    m_ignoreWindow->setToolTip(tr("Thin even outside the nightly maintenance window."));
    m_budget = new QSpinBox(this);
    m_budget->setObjectName(QStringLiteral("roundBudget"));
    m_budget->setRange(RoundRequest::kBudget.min, RoundRequest::kBudget.max);
    m_budget->setSuffix(tr(" s budget"));
    m_jobs = new QSpinBox(this);
    m_jobs->setObjectName(QStringLiteral("roundJobs"));
    m_jobs->setRange(RoundRequest::kJobs.min, RoundRequest::kJobs.max);
    m_jobs->setValue(RoundRequest::kDefaultJobs);
    m_jobs->setSuffix(tr(" job(s)"));
    m_jobs->setToolTip(tr("Thinning workers, each on its own connection, taking whole mowers."));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progressText = new QLabel(tr("No round running."), this);
    m_progressText->setWordWrap(true);
    m_window = new QLabel(this);
    m_window->setWordWrap(true);
    m_table = new QTableView(this);
    m_table->setModel(m_history);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_chart = new RoundHistoryChart(this);
    m_refusalLabel = new QLabel(this);
    m_refusalLabel->setWordWrap(true);
    m_refusalLabel->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold"));
    m_refusalLabel->hide();
    m_planNote = new QLabel(this);
    m_planNote->setObjectName(QStringLiteral("roundPlanNote"));
    m_planNote->setWordWrap(true);
    m_planNote->hide();

    auto* buttons = new QHBoxLayout;
    for (QWidget* w :
         {static_cast<QWidget*>(m_run), static_cast<QWidget*>(m_dryRun), static_cast<QWidget*>(m_pause),
          static_cast<QWidget*>(m_resume), static_cast<QWidget*>(m_cancel)})
        buttons->addWidget(w);
    buttons->addStretch(1);
    auto* options = new QHBoxLayout;
    options->addWidget(m_ignoreWindow);
    options->addWidget(m_budget);
    options->addWidget(m_jobs);
    options->addStretch(1);
    // The buttons stay in a bar above the page: a report, a plan note or the history growing after a run
    // scrolls only what is below them. The history table takes the page's width (every column readable),
    // its chart below it.
    auto* bar = new QVBoxLayout;
    bar->addWidget(m_refusalLabel);
    bar->addLayout(buttons);
    bar->addLayout(options);
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height() +
                              4 * m_table->verticalHeader()->defaultSectionSize() +
                              2 * m_table->frameWidth());
    m_chart->setMinimumHeight(m_chart->minimumSizeHint().height() + fontMetrics().height() * 2);
    auto* layout = new QVBoxLayout;
    layout->addWidget(m_planNote);
    layout->addWidget(m_window);
    layout->addWidget(m_progress);
    layout->addWidget(m_progressText);
    layout->addWidget(m_table, 3);
    layout->addWidget(m_chart, 2);
    setScrollingLayout(this, bar, layout);

    connect(m_run, &QPushButton::clicked, this, [this] { emit runRequested(false); });
    connect(m_dryRun, &QPushButton::clicked, this, [this] { emit runRequested(true); });
    connect(m_pause, &QPushButton::clicked, this, &RoundPanel::pauseRequested);
    connect(m_resume, &QPushButton::clicked, this, &RoundPanel::resumeRequested);
    connect(m_cancel, &QPushButton::clicked, this, &RoundPanel::cancelRequested);
    connect(&m_clock, &QTimer::timeout, this, &RoundPanel::refreshWindow);
    m_clock.start(30000);
    setSettings(m_settings);
    setState(State::Idle);
}

void RoundPanel::setSettings(const PositionSettings& settings) {
    m_settings = settings;
    m_budget->setValue(settings.budgetSeconds);
    refreshWindow();
}

void RoundPanel::refreshWindow() {
    const ThinningWindow window(m_settings);
    const Micros now = nowMicros();
    const int hour = window.localHour(now);
    const bool inside = window.contains(now);
    m_window->setText(
        tr("Window %1:00–%2:00 %3 · now %4 there (hour %5): <b style='color:%6'>%7</b> · budget %8 per "
           "round")
            .arg(m_settings.windowStartHour, 2, 10, QLatin1Char('0'))
            .arg(m_settings.windowEndHour, 2, 10, QLatin1Char('0'))
            .arg(QString::fromUtf8(m_settings.maintenanceZone.id()),
                 display::timeOfDay(now, m_settings.maintenanceZone))
            .arg(hour)
            .arg(inside ? QStringLiteral("#1b7a2f") : QStringLiteral("#8a5a00"),
                 inside ? tr("inside") : tr("outside"))
            .arg(display::duration(m_settings.budgetSeconds)));
}

void RoundPanel::setRefusal(const QString& reason) {
    m_refusal = reason;
    m_refusalLabel->setText(reason.isEmpty() ? QString() : tr("Rounds are refused: %1").arg(reason));
    m_refusalLabel->setVisible(!reason.isEmpty());
    setState(m_state);
}

void RoundPanel::setState(State state) {
    m_state = state;
    const bool idle = state == State::Idle;
    m_run->setEnabled(idle && m_refusal.isEmpty());
    m_dryRun->setEnabled(idle && m_refusal.isEmpty());
    m_ignoreWindow->setEnabled(idle);
    m_budget->setEnabled(idle);
    m_jobs->setEnabled(idle);
    m_pause->setEnabled(state == State::Running);
    m_resume->setEnabled(state == State::Paused);
    m_cancel->setEnabled(!idle);
    if (state == State::Paused)
        m_progressText->setText(tr("Paused after the current slice. ") + m_progressText->text());
}

void RoundPanel::showProgress(const RoundProgress& p) {
    m_progress->setValue(p.slicesTotal ? int(1000 * p.slicesDone / p.slicesTotal) : 1000);
    m_progress->setFormat(
        tr("%1 of %2 slices").arg(display::count(p.slicesDone), display::count(p.slicesTotal)));
    if (p.pausedSeconds >= 0) {
        // The round waits between slices with its advisory lock held: other runners skip meanwhile.
        m_progressText->setText(tr("Paused, holding the round's lock for %1: other runners skip until it "
                                   "resumes. The lock is released when the window closes (%2:00) or the "
                                   "budget runs out.")
                                    .arg(duration(p.pausedSeconds))
                                    .arg(m_settings.windowEndHour, 2, 10, QLatin1Char('0')));
        return;
    }
    const QString paused = m_state == State::Paused ? tr("Paused after the current slice. ") : QString();
    m_progressText->setText(
        paused + tr("Mower %1: slice %2 of %3 · scanned %4 rows, %5 · %6 elapsed, about %7 left")
                     .arg(p.mowerId.toString(QUuid::WithoutBraces).left(8), display::count(p.sliceOfMower),
                          display::count(p.slicesOfMower), display::count(p.scanned),
                          p.dryRun ? tr("would delete: counted at the end")
                                   : tr("deleted %1").arg(display::count(p.deleted)),
                          duration(p.elapsedSeconds), duration(p.secondsLeft)));
}

void RoundPanel::showReport(const RoundReport& r) {
    QString outcome;
    if (r.skippedLocked)
        outcome = tr("skipped: another runner holds the lock");
    else if (!r.insideWindow)
        outcome = tr("outside the thinning window: nothing thinned (%1 slices pending)")
                      .arg(display::count(r.slicesPending));
    else if (!r.interrupted.isEmpty())
        outcome = tr("stopped early (%1); the next round retries the slice").arg(r.interrupted);
    else if (r.stoppedWhilePaused)
        outcome = r.windowClosed ? tr("the window closed while paused: lock released")
                                 : tr("the budget ran out while paused: lock released");
    else if (r.cancelled)
        outcome = tr("cancelled");
    else if (r.budgetExhausted)
        outcome = tr("budget used up");
    else if (r.windowClosed)
        outcome = tr("the window closed");
    else
        outcome = r.complete ? tr("complete") : tr("partial");
    m_progress->setValue(r.complete ? 1000 : m_progress->value());
    m_progressText->setText(
        tr("%1 %2: mowers %3, slices %4, scanned %5, %6 %7, age delete %8, %9; slices left %10")
            .arg(r.dryRun ? tr("Dry run") : tr("Round"), outcome, display::count(r.mowers),
                 display::count(r.slices), display::count(r.scanned),
                 r.dryRun ? tr("would delete") : tr("deleted"), display::count(r.deleted),
                 display::count(r.ageDeleted), display::duration(r.seconds))
            .arg(display::count(r.slicesPending)) +
        problemsText(r));
}

// The round's warnings (an overridden clock check, each skipped mower, an interruption, a history row or a
// metrics file not written), as tidemark-cli prints them.
QString RoundPanel::problemsText(const RoundReport& r) const {
    QString text;
    if (!r.unitOutcomes.empty()) {
        using Status = PlanUnitOutcome::Status;
        QStringList stale;
        for (const PlanUnitOutcome& u : r.unitOutcomes)
            if (u.status == Status::Stale)
                stale << tr("mower %1 slice from %2: %3")
                             .arg(u.unit.value(QStringLiteral("mower_id")).toString(),
                                  u.unit.value(QStringLiteral("from")).toString(), u.detail);
        const auto count = [&](Status status) {
            return display::count(PlanUnitOutcome::count(r.unitOutcomes, status));
        };
        text += QStringLiteral("<br>") + tr("The plan: %1 applied, %2 already done, %3 stale, %4 left")
                                             .arg(count(Status::Applied), count(Status::Done),
                                                  count(Status::Stale), count(Status::Left))
                                             .toHtmlEscaped();
        for (const QString& line : stale)
            text += QStringLiteral("<br><b style='color:#b00020'>%1</b>")
                        .arg(tr("stale, untouched: %1").arg(line).toHtmlEscaped());
    }
    for (const QString& warning : r.warnings)
        if (r.unitOutcomes.empty() || !warning.startsWith(QLatin1String("stale: "))) // named above
            text += QStringLiteral("<br><b style='color:#b00020'>%1</b>").arg(warning.toHtmlEscaped());
    return text;
}

void RoundPanel::setPlanNote(const QString& note) {
    m_planNote->setText(note);
    m_planNote->setVisible(!note.isEmpty());
    m_run->setToolTip(
        note.isEmpty() ? tr("Run a retention round now: age delete, then thinning slice by slice.") : note);
}

QString RoundPanel::planNote() const {
    return m_planNote->text();
}

void RoundPanel::showError(const QString& message) {
    m_progressText->setText(errorHtml(message));
}

void RoundPanel::historyChanged() {
    m_chart->setEntries(m_history->entries());
}

void RoundPanel::clear() {
    historyChanged();
    m_progress->setValue(0);
    m_progress->resetFormat();
    m_progressText->setText(tr("No round running."));
}

bool RoundPanel::ignoreWindow() const {
    return m_ignoreWindow->isChecked();
}
int RoundPanel::budgetSeconds() const {
    return m_budget->value();
}
int RoundPanel::jobs() const {
    return m_jobs->value();
}
QString RoundPanel::progressText() const {
    return m_progressText->text();
}
QString RoundPanel::windowText() const {
    return m_window->text();
}

} // namespace tidemark::ui
