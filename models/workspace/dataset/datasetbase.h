#pragma once

#include "error.h"
#include "task.h"
#include "taskmanager.h"
#include "timestamp.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <functional>
#include <memory>

namespace tidemark {

// What every console dataset is (positions, kudos, tracks, the dispute case, the Home's plan): the one
// TaskManager its work runs on, the source its figures come from (a server or a file, as the operator names
// it) with its generation, the settings error and the clock, and one `run` for its tasks.
//
// `run` keeps a task in a slot (one task per slot: a new one replaces the one running), clears the slot when
// the task ends, and drops the value or the error of a task whose slot holds a newer one or whose source is
// no longer the current one. A new source (changeSource) cancels every task of the dataset, drops what they
// still deliver and clears the models (clearModels, then `cleared`): nothing of another source is shown. A
// write job cancelled that way still says what it committed in the Jobs dock. Destruction cancels every task.
class DatasetBase : public QObject {
    Q_OBJECT
  public:
    // Where a dataset keeps its task of one kind (its load, its round, …): the TaskManager's id, 0 when none.
    struct TaskSlot {
        int id = 0;
        bool busy() const { return id != 0; }
    };

    ~DatasetBase() override;

    TaskManager* tasks() const { return m_tasks; }
    // The server or file the models were filled from, as task titles and panels name it ("" when none).
    const QString& sourceName() const { return m_sourceName; }
    // Advances with every changeSource(): what a task started under an older one delivers is dropped.
    int sourceGeneration() const { return m_sourceGeneration; }
    int runningTaskCount() const { return int(m_running.size()); }

    // Why the configured settings were refused ("" when valid): the dataset's writes are refused until then.
    const QString& settingsError() const { return m_settingsError; }
    void setSettingsError(const QString& message);

    // The clock of every age decision (tests; default nowMicros).
    void setClock(std::function<Micros()> clock) { m_clock = std::move(clock); }
    Micros now() const { return m_clock ? m_clock() : nowMicros(); }

  signals:
    void settingsChanged();
    // The models were emptied (a new source, none, or a failed load): widgets drop what they drew from them.
    void cleared();

  protected:
    DatasetBase(TaskManager* tasks, QObject* parent);

    // A new source (or none, ""): cancels and forgets every task, then clears the models.
    void changeSource(const QString& name);
    // Empties every model the dataset feeds (clearModels) and tells the widgets (`cleared`).
    void clearAll();
    virtual void clearModels() = 0;
    // Valid settings were handed in: clears a settings error and says so.
    void acceptSettings();

    // Starts `task` in `slot` (cancelling the one there) and hands its value or error to `done` or `failed`
    // on the GUI thread, unless the slot or the source moved on meanwhile. The slot is empty again when they
    // run. Returns the task's id.
    template <typename T>
    int run(Task<T> task, TaskSlot& slot, std::function<void(const T&)> done,
            std::function<void(const Error&)> failed = {}) {
        cancel(slot);
        return runIn(std::move(task), &slot, {}, std::move(done), std::move(failed));
    }
    // The same for a task that runs beside others of its kind (each in a slot of its own).
    template <typename T>
    int run(Task<T> task, std::function<void(const T&)> done, std::function<void(const Error&)> failed = {}) {
        auto own = std::make_shared<TaskSlot>();
        return runIn(std::move(task), own.get(), own, std::move(done), std::move(failed));
    }
    void cancel(const TaskSlot& slot);
    void pause(const TaskSlot& slot);
    void resume(const TaskSlot& slot);
    // Whether `slot` holds the task `taskId` (progress and pauses are told by the TaskManager's id).
    static bool holds(const TaskSlot& slot, int taskId) { return taskId != 0 && slot.id == taskId; }
    // The progress of one of the dataset's own tasks, and its pause or resume (from the dataset or the Jobs
    // dock alike); the TaskManager's other tasks never reach them.
    virtual void taskProgressed(int taskId, const TaskProgress& progress) {
        (void)taskId;
        (void)progress;
    }
    virtual void taskPaused(int taskId, bool paused) {
        (void)taskId;
        (void)paused;
    }

  private:
    template <typename T>
    int runIn(Task<T> task, TaskSlot* where, std::shared_ptr<TaskSlot> owned,
              std::function<void(const T&)> done, std::function<void(const Error&)> failed);
    // Whether the task `id` started in `slot` under `generation` is still the one to show; forgets it.
    bool settle(int id, TaskSlot& slot, int generation);

    QPointer<TaskManager> m_tasks; // outlives the datasets in the console; a guard for other owners
    QSet<int> m_running;
    QString m_sourceName;
    int m_sourceGeneration = 0;
    QString m_settingsError;
    std::function<Micros()> m_clock;
};

template <typename T>
int DatasetBase::runIn(Task<T> task, TaskSlot* where, std::shared_ptr<TaskSlot> owned,
                       std::function<void(const T&)> done, std::function<void(const Error&)> failed) {
    const int generation = m_sourceGeneration;
    auto id = std::make_shared<int>(0);
    // `where` is a member of this dataset or `owned`: the callbacks run only while the dataset lives.
    *id = m_tasks->start<T>(
        std::move(task), this,
        [this, id, where, owned, generation, done](const T& value) {
            if (settle(*id, *where, generation) && done)
                done(value);
        },
        [this, id, where, owned, generation, failed](const Error& error) {
            if (settle(*id, *where, generation) && failed)
                failed(error);
        });
    m_running.insert(*id);
    where->id = *id;
    return *id;
}

} // namespace tidemark
