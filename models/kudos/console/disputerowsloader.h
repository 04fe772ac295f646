#pragma once

#include "disputefindings.h"
#include "disputerows.h"

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// Reads a dispute's rows on a task's thread: the user's rows in the query's range from the restore file
// (the SQLite file ArchiveRestorer::restoreIntoSqlite fills; no file or no ledger table there is no rows)
// and, with a connection, those still online in kudos_ledger (by COPY, so that they read as the archive's
// CSV). A row in both is listed once, as Both. Throws tidemark::Error naming the file or the server.
class DisputeRowsLoader {
  public:
    DisputeRowsLoader(QString restoreFile, QString conninfo);
    DisputeRows load(const DisputeQuery& query, TaskFeedback& feedback) const;

    static constexpr int kRowLimit = 200000;

  private:
    QString m_restoreFile;
    QString m_conninfo;
};

} // namespace tidemark::kudos
