#include "workspacesession.h"

#include "connectionprofilestore.h"
#include "demoworkspace.h"
#include "displayformat.h"
#include "disputecase.h"
#include "homeplan.h"
#include "kudosdataset.h"
#include "kudostablesummarymodel.h"
#include "mowersummarymodel.h"
#include "positionsdataset.h"
#include "taskmanager.h"
#include "tracksdataset.h"
#include "trackssummarymodel.h"

#include <QTimer>

namespace tidemark {

namespace {
int slot(WorkspaceSession::Dataset dataset) {
    return static_cast<int>(dataset);
}
QString rowsText(qint64 rows) {
    return WorkspaceSession::tr("%1 row(s)", "", display::pluralForm(rows)).arg(display::count(rows));
}
} // namespace

WorkspaceSession::WorkspaceSession(TaskManager* tasks, QObject* parent)
    : QObject(parent), m_tasks(tasks), m_positions(new positions::PositionsDataset(tasks, this)),
      m_kudosData(new kudos::KudosDataset(tasks, this)),
      m_disputes(new kudos::DisputeCase(m_kudosData, this)),
      m_tracksData(new tracks::TracksDataset(tasks, this)), m_home(new HomePlan(tasks, this)),
      m_estimateAge(new QTimer(this)) {
    m_estimateAge->setInterval(kEstimateAgeRefreshMs);
    bindPositions();
    bindKudos();
    bindTracks();
}

kudos::KudosTableSummaryModel* WorkspaceSession::kudosModel() const {
    return m_kudosData->tables();
}

positions::MowerSummaryModel* WorkspaceSession::positionsModel() const {
    return m_positions->mowers();
}

WorkspaceSession::~WorkspaceSession() = default;

QString WorkspaceSession::datasetName(Dataset dataset) {
    switch (dataset) {
    case Dataset::Positions:
        return tr("Positions");
    case Dataset::Kudos:
        return tr("Kudos");
    case Dataset::Tracks:
        return tr("Tracks");
    }
    return {};
}

void WorkspaceSession::setSettings(const WorkspaceSettings& settings) {
    m_settings = settings;
    m_positions->setSettings(settings.positions);
    m_kudosData->setSettings(settings.kudos);
    m_disputes->setReadLimits(settings.archiveLimits);
    m_tracksData->setSettings(settings.tracks);
}

bool WorkspaceSession::isBusy() const {
    return m_demoPending || std::any_of(m_pending.begin(), m_pending.end(), [](bool p) { return p; });
}

void WorkspaceSession::setConnections(const WorkspaceConnections& connections) {
    m_connections = connections;
    m_demoFailed = false;
    // A connect, even to the same places, is a new source for the Home: its plan is made again.
    QStringList where;
    for (const QString& conninfo : {connections.positionsConninfo, connections.kudosConninfo})
        if (!conninfo.isEmpty())
            where << ConnectionProfileStore::describe(conninfo);
    if (connections.hasTracks())
        where << connections.tracks().displayName();
    m_home->setSource(where.join(QStringLiteral(", ")));
    emit connectionsChanged(m_connections);
    reloadAll();
}

void WorkspaceSession::reloadAll() {
    m_failed.fill(false);
    for (Dataset dataset : {Dataset::Positions, Dataset::Kudos, Dataset::Tracks})
        reload(dataset);
    checkSettled();
}

void WorkspaceSession::reload(Dataset dataset) {
    const int index = slot(dataset);
    m_failed[index] = false;
    const bool connected = dataset == Dataset::Positions ? !m_connections.positionsConninfo.isEmpty()
                           : dataset == Dataset::Kudos   ? !m_connections.kudosConninfo.isEmpty()
                                                         : m_connections.hasTracks();
    if (!connected) {
        m_pending[index] = false;
        switch (dataset) {
        case Dataset::Positions:
            m_positions->setConnection({});
            break;
        case Dataset::Kudos:
            if (m_kudosData->isConnected())
                m_kudosData->setConnection({}, {});
            break;
        case Dataset::Tracks:
            if (m_tracksData->isOpen())
                m_tracksData->setLocation({});
            break;
        }
        emit notConnected(dataset);
        return;
    }
    m_pending[index] = true;
    emit loadingStarted(dataset);
    switch (dataset) {
    case Dataset::Positions:
        if (m_positions->conninfo() != m_connections.positionsConninfo)
            m_positions->setConnection(m_connections.positionsConninfo,
                                       ConnectionProfileStore::describe(m_connections.positionsConninfo));
        else
            m_positions->reload();
        break;
    case Dataset::Kudos:
        if (m_kudosData->conninfo() != m_connections.kudosConninfo ||
            m_kudosData->archiveUrl() != m_connections.archiveUrl)
            m_kudosData->setConnection(m_connections.kudosConninfo, m_connections.archiveUrl,
                                       ConnectionProfileStore::describe(m_connections.kudosConninfo));
        else
            m_kudosData->reload();
        break;
    case Dataset::Tracks:
        if (m_tracksData->location() != m_connections.tracks())
            m_tracksData->setLocation(m_connections.tracks());
        else
            m_tracksData->reload();
        break;
    }
}

// A dataset began a load of its own (a reload after a round, a new view): the session follows it.
void WorkspaceSession::followLoad(Dataset dataset) {
    const int index = slot(dataset);
    if (m_pending[index])
        return;
    m_pending[index] = true;
    emit loadingStarted(dataset);
}

void WorkspaceSession::finishLoad(Dataset dataset, bool ok) {
    const int index = slot(dataset);
    m_pending[index] = false;
    m_failed[index] = !ok;
    checkSettled();
}

void WorkspaceSession::checkSettled() {
    if (isBusy())
        return;
    emit settled(!m_demoFailed && std::none_of(m_failed.begin(), m_failed.end(), [](bool f) { return f; }));
}

// The positions dataset loads itself (the workbench reloads it after a round); the session follows it.
void WorkspaceSession::bindPositions() {
    connect(m_positions, &positions::PositionsDataset::loadingStarted, this,
            [this] { followLoad(Dataset::Positions); });
    connect(m_positions, &positions::PositionsDataset::loaded, this, [this] {
        emit loaded(Dataset::Positions, positionsSummary());
        finishLoad(Dataset::Positions, true);
        if (m_positions->mowers()->hasEstimates())
            m_estimateAge->start();
        else
            m_estimateAge->stop();
    });
    connect(m_positions, &positions::PositionsDataset::loadingStarted, m_estimateAge, &QTimer::stop);
    connect(m_positions, &positions::PositionsDataset::loadFailed, this, [this](const Error& error) {
        m_estimateAge->stop();
        emit loadFailed(Dataset::Positions, error);
        finishLoad(Dataset::Positions, false);
    });
    // An estimate's age is part of its label: the summary is said again as it ages.
    connect(m_estimateAge, &QTimer::timeout, this, [this] {
        if (m_positions->isConnected() && !m_positions->isLoading())
            emit loaded(Dataset::Positions, positionsSummary());
    });
}

QString WorkspaceSession::positionsSummary() const {
    using positions::MowerSummary;
    const positions::MowerSummaryModel* model = m_positions->mowers();
    const std::vector<MowerSummary>& mowers = model->mowers();
    // Estimated row counts (a large table is not counted) are marked as in the mower table, with their age.
    QString summary = tr("%Ln mower(s)", "", int(mowers.size())) + QStringLiteral(", ") + model->rowsText();
    if (!mowers.empty()) {
        const Micros oldest =
            std::min_element(mowers.begin(), mowers.end(), [](const auto& a, const auto& b) {
                return a.oldest < b.oldest;
            })->oldest;
        summary += tr(", oldest row %1").arg(display::date(oldest));
    }
    if (m_positions->citusNodes() > 0)
        summary += tr(", on a Citus cluster of %Ln node(s)", "", m_positions->citusNodes());
    return summary;
}

// The kudos dataset's one load feeds the dock's table summary and the workbench; the session follows it.
void WorkspaceSession::bindKudos() {
    connect(m_kudosData, &kudos::KudosDataset::loadingStarted, this, [this] { followLoad(Dataset::Kudos); });
    connect(m_kudosData, &kudos::KudosDataset::loaded, this, [this] {
        const kudos::KudosTableSummaryModel* tables = m_kudosData->tables();
        emit loaded(Dataset::Kudos, tr("%Ln table(s)", "", tables->rowCount()) + QStringLiteral(", ") +
                                        rowsText(tables->totalRows()));
        finishLoad(Dataset::Kudos, true);
    });
    connect(m_kudosData, &kudos::KudosDataset::loadFailed, this, [this](const Error& error) {
        emit loadFailed(Dataset::Kudos, error);
        finishLoad(Dataset::Kudos, false);
    });
}

// The tracks dataset's view load reads the file's facts and its summary (the dock's table); the session
// follows it.
void WorkspaceSession::bindTracks() {
    connect(m_tracksData, &tracks::TracksDataset::loadingStarted, this,
            [this] { followLoad(Dataset::Tracks); });
    const auto summary = [this] {
        const tracks::TracksSummaryModel* model = m_tracksData->summary();
        QString text = tr("%Ln track(s)", "", int(model->totalTracks()));
        if (!model->summaries().empty() && model->summaries().front().tracks > 0)
            text +=
                tr(" within %1").arg(tracks::TracksSummaryModel::formatExtent(model->summaries().front()));
        return text;
    };
    connect(m_tracksData, &tracks::TracksDataset::fileFactsLoaded, this, [this, summary] {
        if (!m_pending[slot(Dataset::Tracks)])
            return;
        emit loaded(Dataset::Tracks, summary());
        finishLoad(Dataset::Tracks, true);
    });
    // A new view's load reads no file facts: the dock shows the summary it had again (the session still
    // waits for the facts, as before).
    connect(m_tracksData, &tracks::TracksDataset::loaded, this, [this, summary] {
        if (m_pending[slot(Dataset::Tracks)] && m_tracksData->summary()->totalTracks() > 0)
            emit loaded(Dataset::Tracks, summary());
    });
    connect(m_tracksData, &tracks::TracksDataset::loadFailed, this, [this](const Error& error) {
        if (!m_pending[slot(Dataset::Tracks)])
            return;
        emit loadFailed(Dataset::Tracks, error);
        finishLoad(Dataset::Tracks, false);
    });
}

tracks::TracksSummaryModel* WorkspaceSession::tracksModel() const {
    return m_tracksData->summary();
}

void WorkspaceSession::openDemo(const QString& root, quint64 seed) {
    struct DemoResult {
        WorkspaceConnections connections;
    };
    m_demoPending = true;
    m_demoFailed = false;
    emit demoStarting(root);
    Task<DemoResult> task;
    task.title = tr("Open demo workspace in %1").arg(root);
    task.work = [root, seed](TaskFeedback& control) {
        demo::DemoWorkspace workspace(root);
        // A demo made before keeps its own clock; a new one is generated up to today (00:00 UTC).
        workspace.up(seed, floorToStep(nowMicros(), kMicrosPerDay), demo::DemoWorkspace::UpOptions(),
                     control);
        DemoResult result;
        result.connections.positionsConninfo = workspace.positionsConninfo();
        result.connections.kudosConninfo = workspace.kudosConninfo();
        result.connections.tracksPath = workspace.tracksPath();
        result.connections.archiveUrl = workspace.archiveUrl();
        return result;
    };
    task.summarize = [root](const DemoResult&) { return tr("Demo workspace running (%1)").arg(root); };
    const auto onSuccess = [this](const DemoResult& result) {
        m_demoPending = false;
        setConnections(result.connections);
    };
    const auto onFailure = [this](const Error& error) {
        m_demoPending = false;
        m_demoFailed = true;
        emit demoFailed(error);
        checkSettled();
    };
    m_tasks->start<DemoResult>(std::move(task), this, onSuccess, onFailure);
}

} // namespace tidemark
