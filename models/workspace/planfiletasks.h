#pragma once

#include "error.h"
#include "planapplyjob.h"

#include <QJsonObject>
#include <QObject>

namespace tidemark {
class TaskManager;

// The console's plan files as tasks of its TaskManager (they show in the Jobs dock): reading one (off the GUI
// thread, bounded and checked by planfile::read) and applying one (PlanApplyJob, the CLI's apply). One of
// each at a time; a newer open drops what an older one still delivers.
class PlanFileTasks : public QObject {
    Q_OBJECT
  public:
    explicit PlanFileTasks(TaskManager* tasks, QObject* parent = nullptr);
    ~PlanFileTasks() override; // cancels what runs

    void open(const QString& path);
    void apply(const PlanApplyRequest& request);
    bool isApplying() const { return m_applyTask != 0; }
    int applyTask() const { return m_applyTask; }

  signals:
    void opened(const QString& path, const QJsonObject& plan);
    void openFailed(const QString& path, const tidemark::Error& error);
    void applied(const tidemark::PlanApplyReport& report);
    void applyFailed(const tidemark::Error& error);

  private:
    TaskManager* m_tasks;
    int m_openTask = 0;
    int m_applyTask = 0;
    int m_generation = 0;
};

} // namespace tidemark

Q_DECLARE_METATYPE(tidemark::PlanApplyReport)
