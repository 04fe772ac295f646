#pragma once

#include "disputefindings.h"

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// Loads the findings of a dispute on a task's thread, with its own connection and store: the user's daily
// statement, the ledger's archive objects whose range meets the query's (their manifests read, the user's
// totals taken from them, their last drill) and the drills' coverage of the catalog over `drillWindowDays`
// (KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS). An archive that is not configured or does not answer is reported in
// archiveProblem, never thrown: the statement is still shown. Throws Error(Usage) for an empty range and
// tidemark::Error for the database.
class DisputeLoader {
  public:
    DisputeLoader(QString conninfo, QString archiveUrl, int drillWindowDays = 35);
    DisputeFindings load(const DisputeQuery& query, TaskFeedback& feedback) const;
    // The same for the user as the operator typed it (an id, username#id, a username or an OAuth id,
    // KudosUserLookup::resolve) on the same connection: findings.user is the user it names. Throws
    // Error(Usage) naming what was typed when it names no user or several.
    DisputeFindings load(const QString& user, Micros from, Micros to, TaskFeedback& feedback) const;
    // Every object of the ledger in the archive (no statement, no user's totals), with its last drill and
    // the coverage: what the operator browses before investigating a user.
    DisputeFindings loadArchive(TaskFeedback& feedback) const;
    // Only the drills (after one ran): the last drill of every key and the coverage.
    DisputeDrills loadDrills(TaskFeedback& feedback) const;

    static void validate(const DisputeQuery& query); // Error(Usage) naming what is wrong

  private:
    DisputeFindings load(const DisputeQuery& query, PgConnection& db, TaskFeedback& feedback) const;
    // The objects whose range meets `query`'s (every one when it is null).
    void loadObjects(DisputeFindings& findings, const DisputeQuery* query, PgConnection& db,
                     TaskFeedback& feedback) const;
    DisputeDrills loadDrills(PgConnection& db) const;
    static void addDrills(DisputeFindings& findings, const DisputeDrills& drills);

    QString m_conninfo;
    QString m_archiveUrl;
    int m_drillWindowDays;
};

} // namespace tidemark::kudos
