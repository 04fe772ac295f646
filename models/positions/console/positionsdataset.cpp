#include "positionsdataset.h"

#include "mowersummarymodel.h"
#include "pgconnection.h"
#include "roundhistorymodel.h"
#include "settingsreader.h"
#include "taskmanager.h"

namespace tidemark::positions {

PositionsDataset::PositionsDataset(TaskManager* tasks, QObject* parent)
    : QObject(parent), m_tasks(tasks), m_mowers(new MowerSummaryModel(this)),
      m_history(new RoundHistoryModel(this)) {
    try {
        m_settings = PositionSettings::read(SettingsReader::fromEnvironment());
    } catch (const Error& e) {
        m_settingsError = e.message();
    }
}

PositionsDataset::~PositionsDataset() = default;

void PositionsDataset::setConnection(const QString& conninfo, const QString& displayName) {
    m_conninfo = conninfo;
    m_displayName = displayName;
    ++m_generation;
    m_mowers->clear();
    m_history->setEntries({});
    emit connectionChanged(m_conninfo);
    reload();
}

void PositionsDataset::setSettings(const PositionSettings& settings) {
    m_settings = settings;
    m_settingsError.clear();
    emit settingsChanged();
}

void PositionsDataset::setSettingsError(const QString& message) {
    m_settingsError = message;
    emit settingsChanged();
}

void PositionsDataset::setClock(std::function<Micros()> clock) {
    m_clock = std::move(clock);
}

void PositionsDataset::reload() {
    if (m_conninfo.isEmpty())
        return;
    const int generation = ++m_generation;
    m_loading = true;
    emit loadingStarted();
    Task<std::vector<MowerSummary>> task;
    task.title = tr("Load the mowers of %1").arg(m_displayName);
    task.work = [conninfo = m_conninfo, settings = m_settings, now = now()](TaskFeedback& feedback) {
        return MowerSummaryLoader(conninfo).load(settings, now, &feedback);
    };
    task.summarize = [](const std::vector<MowerSummary>& mowers) {
        return tr("%Ln mower(s)", "", int(mowers.size()));
    };
    m_tasks->start<std::vector<MowerSummary>>(
        std::move(task), this,
        [this, generation](const std::vector<MowerSummary>& mowers) {
            if (generation != m_generation)
                return;
            m_loading = false;
            m_mowers->setMowers(mowers);
            emit loaded();
        },
        [this, generation](const Error& error) {
            if (generation != m_generation)
                return;
            m_loading = false;
            emit loadFailed(error);
        });
    reloadHistory();
}

void PositionsDataset::reloadHistory() {
    if (m_conninfo.isEmpty())
        return;
    Task<std::vector<RoundHistoryEntry>> task;
    task.title = tr("Load the round history of %1").arg(m_displayName);
    task.work = [conninfo = m_conninfo](TaskFeedback&) {
        auto db = PgConnection::open(conninfo, QStringLiteral("tidemark round history"));
        return RoundHistory(*db).latest(40);
    };
    task.summarize = [](const std::vector<RoundHistoryEntry>& entries) {
        return tr("%Ln round(s)", "", int(entries.size()));
    };
    const int generation = m_generation;
    m_tasks->start<std::vector<RoundHistoryEntry>>(
        std::move(task), this,
        [this, generation](const std::vector<RoundHistoryEntry>& entries) {
            if (generation != m_generation)
                return;
            m_history->setEntries(entries);
            emit historyLoaded();
        },
        [this](const Error& error) { emit historyFailed(error.message()); });
}

} // namespace tidemark::positions
