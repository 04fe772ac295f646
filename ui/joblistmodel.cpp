#include "joblistmodel.h"

#include "common/jobcontrol.h"

#include <cmath>

namespace tidemark::ui {

JobListModel::JobListModel(QObject* parent) : QAbstractTableModel(parent) {}

int JobListModel::addJob(const QString& title, std::shared_ptr<JobControl> control, bool pausable) {
    const int row = static_cast<int>(m_jobs.size());
    beginInsertRows({}, row, row);
    Job job;
    job.id = m_nextId++;
    job.title = title;
    job.pausable = pausable;
    job.control = std::move(control);
    m_jobs.push_back(std::move(job));
    endInsertRows();
    emit runningCountChanged(runningCount());
    return m_jobs.back().id;
}

int JobListModel::rowOf(int jobId) const {
    for (size_t i = 0; i < m_jobs.size(); ++i)
        if (m_jobs[i].id == jobId)
            return static_cast<int>(i);
    return -1;
}

void JobListModel::changed(int row) {
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void JobListModel::setProgress(int jobId, double fraction, const QString& message) {
    const int row = rowOf(jobId);
    if (row < 0)
        return;
    Job& job = m_jobs[static_cast<size_t>(row)];
    if (job.state != State::Running && job.state != State::Paused && job.state != State::Cancelling)
        return; // a late report after the end
    job.progress = std::isfinite(fraction) ? std::clamp(fraction, 0.0, 1.0) : -1;
    if (!message.isEmpty())
        job.message = message;
    changed(row);
}

void JobListModel::finish(int jobId, State state, const QString& result) {
    const int row = rowOf(jobId);
    if (row < 0)
        return;
    Job& job = m_jobs[static_cast<size_t>(row)];
    job.state = state;
    job.message = result;
    if (state == State::Done)
        job.progress = 1.0;
    job.control.reset();
    changed(row);
    emit runningCountChanged(runningCount());
}

bool JobListModel::canPause(int row) const {
    if (row < 0 || row >= rowCount())
        return false;
    const Job& job = m_jobs[static_cast<size_t>(row)];
    return job.pausable && job.control && job.state == State::Running;
}

bool JobListModel::canResume(int row) const {
    if (row < 0 || row >= rowCount())
        return false;
    const Job& job = m_jobs[static_cast<size_t>(row)];
    return job.control && job.state == State::Paused;
}

bool JobListModel::canCancel(int row) const {
    if (row < 0 || row >= rowCount())
        return false;
    const Job& job = m_jobs[static_cast<size_t>(row)];
    return job.control && (job.state == State::Running || job.state == State::Paused);
}

bool JobListModel::pause(int row) {
    if (!canPause(row))
        return false;
    Job& job = m_jobs[static_cast<size_t>(row)];
    job.control->pause();
    job.state = State::Paused;
    changed(row);
    return true;
}

bool JobListModel::resume(int row) {
    if (!canResume(row))
        return false;
    Job& job = m_jobs[static_cast<size_t>(row)];
    job.control->resume();
    job.state = State::Running;
    changed(row);
    return true;
}

bool JobListModel::cancel(int row) {
    if (!canCancel(row))
        return false;
    Job& job = m_jobs[static_cast<size_t>(row)];
    job.control->cancel();
    job.state = State::Cancelling;
    changed(row);
    return true;
}

int JobListModel::runningCount() const {
    int running = 0;
    for (const Job& job : m_jobs)
        if (job.state == State::Running || job.state == State::Paused || job.state == State::Cancelling)
            ++running;
    return running;
}

QString JobListModel::stateText(State state) {
    switch (state) {
    case State::Running:
        return tr("Running");
    case State::Paused:
        return tr("Paused");
    case State::Cancelling:
        return tr("Cancelling");
    case State::Done:
        return tr("Done");
    case State::Failed:
        return tr("Failed");
    case State::Cancelled:
        return tr("Cancelled");
    }
    return {};
}

int JobListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_jobs.size());
}

int JobListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JobListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Job& job = m_jobs[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TitleColumn:
            return job.title;
        case StateColumn:
            return stateText(job.state);
        case ProgressColumn:
            return job.progress < 0 ? QString() : QStringLiteral("%1%").arg(qRound(job.progress * 100));
        case ResultColumn:
            return job.message;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return index.column() == ResultColumn  ? job.message
               : index.column() == TitleColumn ? job.title
                                               : QVariant();
    case ProgressRole:
        return job.progress;
    case StateRole:
        return static_cast<int>(job.state);
    default:
        return {};
    }
}

QVariant JobListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TitleColumn:
        return tr("Job");
    case StateColumn:
        return tr("State");
    case ProgressColumn:
        return tr("Progress");
    case ResultColumn:
        return tr("Result");
    default:
        return {};
    }
}

} // namespace tidemark::ui
