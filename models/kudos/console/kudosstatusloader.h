#pragma once

#include "kudossettings.h"
#include "kudosstatus.h"

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// The kudos dataset's one load, on a task's thread: opens its own connection (the kudos schema is required)
// and the archive store (an archive that does not open or answer is reported in archiveProblem, never
// thrown), reads the tables' summary, then the ranges (tables not partitioned yet: partitionProblem, and no
// ranges, incidents or quarantine). Throws tidemark::Error for the database.
class KudosStatusLoader {
  public:
    KudosStatusLoader(QString conninfo, QString archiveUrl, KudosSettings settings);
    KudosStatus load(Micros now, TaskFeedback& feedback) const;

    // At most this many quarantined rows are listed (the oldest first).
    static constexpr int kQuarantineLimit = 2000;

  private:
    std::vector<QuarantineRow> loadQuarantine(PgConnection& db) const;
    void loadArchive(KudosStatus& status) const;

    QString m_conninfo;
    QString m_archiveUrl;
    KudosSettings m_settings;
};

} // namespace tidemark::kudos
