#include "positionsdataset.h"

#include <QSet>

#include "mowersummarymodel.h"
#include "pgconnection.h"
#include "previewjob.h"
#include "roundhistorymodel.h"
#include "taskmanager.h"

#include "displayformat.h"

#include <QLocale>

namespace tidemark::positions {

namespace {

QString minuteText(Micros t) {
    return display::instant(t);
}

// A preview and what the front end makes of it, both made on the preview's thread.
struct PreviewOutcome {
    PreviewResult result;
    QVariant presentation;
};

} // namespace

PositionsDataset::PositionsDataset(TaskManager* tasks, QObject* parent)
    : DatasetBase(tasks, parent), m_mowers(new MowerSummaryModel(this)),
      m_history(new RoundHistoryModel(this)) {}

void PositionsDataset::setConnection(const QString& conninfo, const QString& displayName) {
    m_conninfo = conninfo;
    changeSource(conninfo.isEmpty() ? QString() : displayName);
    emit connectionChanged(m_conninfo);
    reload();
}

void PositionsDataset::clearModels() {
    m_citusNodes = 0;
    m_mowers->clear();
    m_history->setEntries({});
    m_preview.reset();
    m_forecast.reset();
    m_lastReport = {};
    m_lastVerification = {};
    clearPlan();
}

void PositionsDataset::setSettings(const PositionSettings& settings) {
    m_settings = settings;
    acceptSettings();
}

void PositionsDataset::reload() {
    if (m_conninfo.isEmpty())
        return;
    emit loadingStarted();
    struct Loaded {
        std::vector<MowerSummary> mowers;
        int citusNodes = 0;
    };
    Task<Loaded> task;
    task.title = tr("Load the mowers of %1").arg(sourceName());
    task.work = [conninfo = m_conninfo, settings = m_settings, now = now()](TaskFeedback& feedback) {
        Loaded result;
        result.mowers = MowerSummaryLoader(conninfo).load(settings, now, feedback, &result.citusNodes);
        return result;
    };
    task.summarize = [](const Loaded& result) { return tr("%Ln mower(s)", "", int(result.mowers.size())); };
    run<Loaded>(
        std::move(task), m_loadSlot,
        [this](const Loaded& result) {
            m_citusNodes = result.citusNodes;
            m_mowers->setMowers(result.mowers);
            emit loaded();
        },
        [this](const Error& error) {
            clearAll(); // nothing of the last load stays beside the error
            emit loadFailed(error);
        });
    reloadHistory();
}

void PositionsDataset::reloadHistory() {
    if (m_conninfo.isEmpty())
        return;
    Task<std::vector<RoundHistoryEntry>> task;
    task.title = tr("Load the round history of %1").arg(sourceName());
    task.work = [conninfo = m_conninfo](TaskFeedback&) {
        auto db = PgConnection::open(conninfo, QStringLiteral("tidemark round history"));
        return RoundHistory(*db).latest(40);
    };
    task.summarize = [](const std::vector<RoundHistoryEntry>& entries) {
        return tr("%Ln round(s)", "", int(entries.size()));
    };
    run<std::vector<RoundHistoryEntry>>(
        std::move(task), m_historySlot,
        [this](const std::vector<RoundHistoryEntry>& entries) {
            m_history->setEntries(entries);
            emit historyLoaded();
        },
        [this](const Error& error) { emit historyFailed(error); });
}

void PositionsDataset::countRowsExactly(const QUuid& mowerId) {
    if (m_conninfo.isEmpty())
        return;
    Task<qint64> task;
    task.title = tr("Count the rows of mower %1").arg(mowerId.toString(QUuid::WithoutBraces).left(8));
    task.work = [conninfo = m_conninfo, mowerId](TaskFeedback&) {
        return MowerSummaryLoader(conninfo).exactRows(mowerId);
    };
    task.summarize = [](const qint64& rows) { return QStringLiteral("rows=%1").arg(rows); };
    run<qint64>(
        std::move(task),
        [this, mowerId](const qint64& rows) { m_mowers->setExactRows(m_mowers->rowOf(mowerId), rows); },
        [this](const Error& error) { emit exactRowsFailed(error); });
}

void PositionsDataset::setPreviewPresentation(std::function<QVariant(const PreviewResult&)> presentation) {
    m_presentation = std::move(presentation);
}

void PositionsDataset::cancelPreview() {
    cancel(m_previewSlot);
}

void PositionsDataset::startPreview(const QUuid& mowerId, Micros from, Micros to) {
    if (m_conninfo.isEmpty() || mowerId.isNull())
        return;
    cancelPreview();
    PreviewRequest request;
    request.conninfo = m_conninfo;
    request.mowerId = mowerId;
    request.from = from;
    request.to = to;
    request.now = now();
    request.settings = m_settings;
    Task<PreviewOutcome> task;
    task.title = tr("Preview mower %1, %2 – %3")
                     .arg(mowerId.toString(QUuid::WithoutBraces).left(8), minuteText(from), minuteText(to));
    task.work = [request, presentation = m_presentation](TaskFeedback& feedback) {
        PreviewOutcome outcome{PreviewJob::run(request, feedback), {}};
        if (!outcome.result.cancelled && presentation)
            outcome.presentation = presentation(outcome.result);
        return outcome;
    };
    task.summarize = [](const PreviewOutcome& outcome) {
        return tr("%1 rows: %2 kept, %3 removed")
            .arg(display::count(qint64(outcome.result.rows.size())), display::count(outcome.result.kept),
                 display::count(outcome.result.removed));
    };
    run<PreviewOutcome>(
        std::move(task), m_previewSlot,
        [this](const PreviewOutcome& outcome) {
            if (outcome.result.cancelled) {
                emit previewCancelled();
                return;
            }
            m_preview = std::make_shared<const PreviewResult>(outcome.result);
            emit previewFinished(m_preview, outcome.presentation);
        },
        [this](const Error& error) {
            if (error.kind() == Error::Kind::Cancelled)
                emit previewCancelled();
            else
                emit previewFailed(error);
        });
    emit previewStarted();
}

bool PositionsDataset::startRound(const RoundRequest& options) {
    if (m_conninfo.isEmpty() || m_roundSlot.busy())
        return false;
    if (!settingsError().isEmpty()) {
        emit roundFailed(Error(Error::Kind::Settings, tr("Rounds are refused: %1").arg(settingsError())));
        return false;
    }
    RoundRequest request = options;
    request.conninfo = m_conninfo;
    request.settings = m_settings;
    request.now = now();
    if (request.dryRun) // a dry run is the plan Run applies
        request.plan.reset();
    m_applyingPlan = request.plan.has_value();
    Task<RoundReport> task;
    task.title = request.dryRun   ? tr("Dry run of a positions round")
                 : m_applyingPlan ? tr("Positions round applying %1").arg(m_planSource)
                                  : tr("Positions round");
    task.pausable = true;
    task.reportsCancel = true; // a cancelled round's report says what it committed
    task.work = [request](TaskFeedback& feedback) { return RoundJob::run(request, feedback); };
    task.summarize = [](const RoundReport& report) { return report.infoLine(); };
    run<RoundReport>(
        std::move(task), m_roundSlot, [this](const RoundReport& report) { roundEnded(report); },
        [this](const Error& error) {
            m_applyingPlan = false;
            reload();
            emit roundFailed(error);
        });
    emit roundStarted(request.dryRun);
    return true;
}

// What follows a round: the summary and the history again (one summary for the dock and the workbench; after
// a dry run, which changed no row, the history only: a reload would settle the session and replan the Home),
// and, when it thinned, the last preview's range verified.
void PositionsDataset::roundEnded(const RoundReport& report) {
    m_lastReport = report;
    if (report.dryRun && report.units.slices.empty() && !report.units.ageDelete)
        clearPlan(); // nothing to apply: Run is a round again
    else if (report.dryRun)
        setPlan(report.units, tr("the dry run of %1").arg(display::instant(now())));
    else if (m_applyingPlan && !report.cancelled && report.verdict() != RoundVerdict::Retry)
        clearPlan(); // applied (a stale slice stays named in the report); a plan left half-done stays
    m_applyingPlan = false;
    if (report.dryRun)
        reloadHistory();
    else
        reload();
    emit roundFinished(report);
    if (!report.dryRun && report.slices > 0 && m_preview)
        startVerify();
}

PositionsPlanCounts planCounts(const PositionsPlanUnits& plan) {
    PositionsPlanCounts c;
    QSet<QUuid> mowers;
    for (const PlannedSlice& slice : plan.slices) {
        ++c.slices;
        c.rowsDeleted += slice.rowsDeleted;
        mowers.insert(slice.mowerId);
    }
    c.mowers = mowers.size();
    c.ageRows = plan.ageDelete ? plan.ageDelete->rows : 0;
    return c;
}

void PositionsDataset::setPlan(PositionsPlanUnits units, const QString& source) {
    m_plan = std::move(units);
    m_planSource = source;
    emit planChanged();
}

void PositionsDataset::clearPlan() {
    if (!m_plan)
        return;
    m_plan.reset();
    m_planSource.clear();
    emit planChanged();
}

void PositionsDataset::pauseRound() {
    pause(m_roundSlot);
}

void PositionsDataset::resumeRound() {
    resume(m_roundSlot);
}

void PositionsDataset::cancelRound() {
    cancel(m_roundSlot);
}

void PositionsDataset::startVerify() {
    if (!m_preview || m_conninfo.isEmpty() || m_verifySlot.busy())
        return;
    const std::shared_ptr<const PreviewResult> preview = m_preview;
    Task<RangeVerification> task;
    task.title = tr("Verify mower %1 against its preview")
                     .arg(preview->mowerId.toString(QUuid::WithoutBraces).left(8));
    task.work = [conninfo = m_conninfo, preview](TaskFeedback& feedback) {
        feedback.reportProgress(0.1, tr("loading the range"));
        const std::vector<PositionRow> expected = preview->survivors();
        return RangeVerifier::verify(conninfo, preview->mowerId, preview->from, preview->to, expected);
    };
    task.summarize = [](const RangeVerification& v) { return v.verdictText(); };
    run<RangeVerification>(
        std::move(task), m_verifySlot,
        [this](const RangeVerification& v) {
            m_lastVerification = v;
            emit verifyFinished(v);
        },
        [this](const Error& error) { emit verifyFailed(error); });
    emit verifyStarted();
}

bool PositionsDataset::startForecast(std::vector<PositionsWhatIf> whatIf, std::optional<int> sampleMowers) {
    if (m_conninfo.isEmpty() || !settingsError().isEmpty())
        return false;
    PositionsForecastRequest request;
    request.conninfo = m_conninfo;
    request.settings = m_settings;
    request.now = now();
    request.sampleMowers = sampleMowers;
    request.whatIf = std::move(whatIf);
    Task<PositionsForecast> task;
    task.title = request.whatIf.empty()
                     ? tr("Forecast positions")
                     : tr("Forecast positions with %n what-if(s)", nullptr, int(request.whatIf.size()));
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return PositionsForecastJob::run(request, feedback); };
    task.summarize = [](const PositionsForecast& f) {
        return tr("%1 of %2 rows kept on %3 mowers")
            .arg(f.measured.sampleRowsKept)
            .arg(f.measured.sampleRowsScanned)
            .arg(f.measured.sampledMowers);
    };
    run<PositionsForecast>(
        std::move(task), m_forecastSlot,
        [this](const PositionsForecast& f) {
            if (f.cancelled) {
                emit forecastCancelled();
                return;
            }
            m_forecast = f;
            emit forecastFinished(f);
        },
        [this](const Error& error) { emit forecastFailed(error); });
    emit forecastStarted();
    return true;
}

void PositionsDataset::cancelForecast() {
    cancel(m_forecastSlot);
}

void PositionsDataset::taskProgressed(int taskId, const TaskProgress& progress) {
    if (holds(m_forecastSlot, taskId))
        emit forecastProgressed(progress.fraction(), progress.stage);
    if (holds(m_previewSlot, taskId))
        emit previewProgressed(progress.fraction(), progress.stage);
    else if (holds(m_roundSlot, taskId) && progress.detail.canConvert<RoundProgress>())
        emit roundProgressed(progress.detail.value<RoundProgress>());
}

// Pause and resume may come from the Jobs dock as well as from the Rounds area.
void PositionsDataset::taskPaused(int taskId, bool paused) {
    if (holds(m_roundSlot, taskId))
        emit roundPausedChanged(paused);
}

} // namespace tidemark::positions
