#pragma once

#include "disputefindings.h"

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// Loads the findings of a dispute on a task's thread, with its own connection and store: the user's daily
// statement and the ledger's archive objects whose range meets the query's (their manifests read, the user's
// totals taken from them). An archive that is not configured or does not answer is reported in
// archiveProblem, never thrown: the statement is still shown. Throws Error(Usage) for an empty range and
// tidemark::Error for the database.
class DisputeLoader {
  public:
    DisputeLoader(QString conninfo, QString archiveUrl);
    DisputeFindings load(const DisputeQuery& query, TaskFeedback& feedback) const;

    static void validate(const DisputeQuery& query); // Error(Usage) naming what is wrong

  private:
    void loadObjects(DisputeFindings& findings, PgConnection& db, TaskFeedback& feedback) const;

    QString m_conninfo;
    QString m_archiveUrl;
};

} // namespace tidemark::kudos
