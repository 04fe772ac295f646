#pragma once

#include "kudosgenerator.h"

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::demo {

// Copies the generated kudos data into a migrated kudos database: one connection and one COPY per table, fed
// side by side as the generator streams; foreign keys are checked by the generator's construction (the load
// runs with session_replication_role = replica, so users may come last), identity sequences are moved past
// the copied ids.
class DemoKudosLoader {
  public:
    DemoKudosLoader(QString conninfo, KudosGeneratorOptions options);
    qint64 load(TaskFeedback& feedback); // rows in all tables
    qint64 load();                       // without an operator (tests)

  private:
    QString m_conninfo;
    KudosGeneratorOptions m_options;
};

} // namespace tidemark::demo
