#pragma once

#include "kudossettings.h"
#include "kudosstatus.h"

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// Loads a KudosStatus on a task's thread: opens its own connection and the archive store (an archive that
// does not open or answer is reported in archiveProblem, never thrown). Throws tidemark::Error for the
// database (Schema when the tables are not partitioned yet).
class KudosStatusLoader {
  public:
    KudosStatusLoader(QString conninfo, QString archiveUrl, KudosSettings settings);
    KudosStatus load(Micros now, TaskFeedback* control = nullptr) const;

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
