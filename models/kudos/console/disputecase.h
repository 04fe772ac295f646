#pragma once

#include "archivedrilljob.h"
#include "archivereadlimits.h"
#include "archiverestorejob.h"
#include "coveringobjectmodel.h"
#include "datasetbase.h"
#include "disputefindings.h"
#include "error.h"
#include "kudosuserlookup.h"
#include "taskprogress.h"

#include <QHash>
#include <QObject>
#include <functional>
#include <vector>

namespace tidemark::kudos {

class DisputeLoader;
class DisputeRowsModel;
class DrillResultModel;
class KudosDataset;
class StatementModel;

// A dispute investigation on the kudos dataset's connection and archive: for one user and range, the daily
// statement, the archive objects that cover the range, their verification (with the manifest), their restore
// into a local SQLite restore file (progress, cancel), their restore drills, and the user's rows from that
// file and the online ledger. Every database and archive access is a task run by its DatasetBase (on the
// kudos dataset's TaskManager; another kudos connection is another source: the case is emptied); verify,
// restore and drill run ArchiveVerifyJob, ArchiveRestoreJob and ArchiveDrillJob, the jobs of
// `tidemark-cli archive verify / restore / drill`. Not a widget; the disputes workbench calls it and watches
// its signals, and it decides what follows a job (the rows' reload after a restore, the drills' after a
// drill).
class DisputeCase : public DatasetBase {
    Q_OBJECT
  public:
    explicit DisputeCase(KudosDataset* dataset, QObject* parent = nullptr);

    KudosDataset* dataset() const { return m_dataset; }
    StatementModel* statement() const { return m_statement; }
    CoveringObjectModel* objects() const { return m_objects; }
    DisputeRowsModel* rows() const { return m_rows; }
    DrillResultModel* drillResults() const { return m_drillResults; } // the objects of the last drill
    const DisputeFindings& findings() const { return m_findings; }
    bool hasFindings() const { return m_hasFindings; }

    // The SQLite file restores go into, 0600 in a 0700 folder (ArchiveRestorer::restoreIntoSqlite). Default:
    // kudos-<12 hex of the archive URL's sha256>.sqlite in disputesFolder(), one per archive, kept between
    // sessions; that disputes folder is the console's own and is made (or, left by an older version,
    // tightened to) 0700 before a restore.
    QString restoreFile() const;
    // ~/.local/share/Tidemark/disputes: Tidemark/disputes under the XDG data home (GenericDataLocation).
    static QString disputesFolder();
    void setRestoreFile(const QString& path);
    // What bounds reading an object (the console's wiring reads TIDEMARK_ARCHIVE_MAX_* and passes them);
    // default: the defaults.
    void setReadLimits(const archive::ArchiveReadLimits& limits) { m_readLimits = limits; }

    // What objects() lists: nothing (no archive listed yet, or a new source), every ledger object of the
    // archive (listArchive), or the objects covering the investigated days.
    enum class Listing { None, Archive, Investigation };
    Listing listing() const { return m_listing; }
    // Why the archive could not be listed (no archive configured, a store that does not answer, the
    // database), "" when it was; the archive as its store names it.
    const QString& archiveProblem() const { return m_archiveProblem; }
    // Lists every ledger object of the archive into objects() with its last drill and the drills' coverage
    // (DisputeLoader::loadArchive, a task): done whenever the kudos dataset has loaded while no
    // investigation is shown, so the operator browses the archive before picking a user; `archiveListed`
    // or `archiveListFailed`. An investigation narrows the list (a listing still running is dropped).
    void listArchive();
    bool isListingArchive() const { return m_archiveSlot.busy(); }

    // Loads the statement and the covering objects (a task), then the rows; `investigated` or `loadFailed`.
    void investigate(const DisputeQuery& query);
    // The same for the user as typed in the workbench: a user id, username#id, a username or an OAuth id,
    // resolved in the same task (KudosUserLookup); one that names no user or several fails (`loadFailed`)
    // naming what was typed.
    void investigate(const QString& user, Micros from, Micros to);
    // Completions of the user field (KudosUserLookup::complete, at most 50): `usersCompleted` with the
    // prefix. A task of the dataset for a new prefix; a longer prefix of one whose list was not cut by the
    // limit is answered from that list without a query. Results for an older prefix are dropped.
    void completeUsers(const QString& prefix);
    // Verifies one object (against its partition too while that is online); `verified` follows, with the
    // object's verification in objects() (a verify the operator cancelled leaves it not checked).
    void verify(const QString& key);
    // The last verification of an archive object on this connection, listed or not: by Verify, or the one a
    // restore or a drill made first (each passed restore and each drill that read the object back, or was
    // refused it, records one); `verificationChanged` follows each. Not checked when none was made.
    CoveringObjectModel::Verification verification(const QString& key) const {
        return m_verifications.value(key);
    }
    // The listed objects that hold rows of the user (by their manifests), in the list's order: what Restore
    // restores when the operator narrows nothing.
    QStringList holdingKeys() const;
    // Those of holdingKeys() whose rows are not in the restore file (as the rows were last read).
    QStringList notRestoredKeys() const;
    // The objects as the operator reads them in a report: their file names, comma-separated.
    static QString objectNames(const QStringList& keys);
    // Restores the objects into the restore file one after the other (each verified first, all or nothing);
    // `restoreProgressed` while it runs, then `restored` (also after a cancel: what was committed before it)
    // or `restoreFailed`; the rows are reloaded when anything was restored, and after a failure (objects
    // before the failed one are committed). Each restored object's verification is recorded. The summary
    // names every object restored and every object of holdingKeys() still not in the restore file. One
    // restore at a time.
    void restore(const QStringList& keys);
    void cancelRestore();
    bool isRestoring() const { return m_restoreSlot.busy(); }
    // Drills the objects (ArchiveDrillJob; no keys: a sample of drillSample() the job chooses from the whole
    // catalog, the never drilled first); `drillProgressed` while it runs, then `drilled` (also after a
    // cancel: the objects drilled before it) or `drillFailed`. Each object's result is in objects() and
    // drillResults() at once, its verification in verification(); then the drill history of the listed
    // objects and the coverage are read again (`drillsLoaded`), after a cancel or a failure too. One drill
    // at a time; pause and resume hold it between objects.
    void drill(const QStringList& keys);
    void drillAll(); // every object of the catalog (the job's sample "all"), as drill() does
    static int drillSample() { return ArchiveDrillRequest::kDefaultSample; }
    void cancelDrill();
    void pauseDrill();
    void resumeDrill();
    bool isDrilling() const { return m_drillSlot.busy(); }
    void loadDrills(); // the last drills of the listed objects and the coverage: `drillsLoaded`
    // The drills' coverage of the catalog as last read (with the findings or after a drill).
    const DrillCoverage& drillCoverage() const { return m_findings.drillCoverage; }
    void loadRows();                             // `rowsLoaded` or `loadFailed`
    qint64 exportCsv(const QString& path) const; // the rows as CSV; throws Error(Failed) naming the file

  signals:
    void archiveListed();
    void archiveListFailed(const QString& problem);
    void investigating();
    void investigated();
    void verified(const QString& key);
    void verificationChanged(const QString& key);
    void restoreProgressed(const tidemark::TaskProgress& progress);
    // `summary`: one line for the operator, e.g. "12 row(s) restored into FILE".
    void restored(const tidemark::archive::ArchiveRestoreReport& report, const QString& summary);
    void restoreFailed(const tidemark::Error& error);
    void drillProgressed(const tidemark::TaskProgress& progress);
    // `summary`: one line for the operator, e.g. "3 object(s) drilled: all passed".
    void drilled(const tidemark::kudos::ArchiveDrillReport& report, const QString& summary);
    void drillFailed(const tidemark::Error& error);
    void drillsLoaded();
    void rowsLoaded();
    void loadFailed(const tidemark::Error& error);
    void usersCompleted(const QString& prefix, const std::vector<tidemark::kudos::KudosUser>& users);

  protected:
    void clearModels() override;
    void taskProgressed(int taskId, const TaskProgress& progress) override;

  private:
    // Runs `validate`, then checks the connection; false (and loadFailed) when either refuses.
    bool canInvestigate(const std::function<void()>& validate);
    void startInvestigation(const QString& title, std::function<DisputeFindings(TaskFeedback&)> work);
    DisputeLoader loader() const;
    void showObjects(const std::vector<CoveringObject>& objects);
    void listingFailed(const QString& problem);
    void showDrills(const DisputeDrills& drills);
    static QString drillSummary(const ArchiveDrillReport& report);
    void drillObjects(const QStringList& keys, int sample);
    void setVerification(const QString& key, const CoveringObjectModel::Verification& verification);
    void recordRestoreVerifications(const archive::ArchiveRestoreReport& report);
    void recordDrillVerifications(const ArchiveDrillReport& report);
    QString restoreSummary(const archive::ArchiveRestoreReport& report, const QStringList& notThere) const;

    KudosDataset* m_dataset;
    StatementModel* m_statement;
    CoveringObjectModel* m_objects;
    DisputeRowsModel* m_rows;
    DrillResultModel* m_drillResults;
    QHash<QString, CoveringObjectModel::Verification> m_verifications; // by key, listed or not
    DisputeFindings m_findings; // of the investigation, or the archive's listing (no query, no statement)
    bool m_hasFindings = false; // of an investigation
    Listing m_listing = Listing::None;
    QString m_archiveProblem;
    QString m_restoreFile;
    archive::ArchiveReadLimits m_readLimits;
    int m_investigation = 0; // of the findings shown: a verify or a restore for an earlier one is dropped
    TaskSlot m_archiveSlot;
    TaskSlot m_investigateSlot;
    TaskSlot m_completionSlot;
    TaskSlot m_restoreSlot;
    TaskSlot m_drillSlot;
    TaskSlot m_drillsSlot;
    TaskSlot m_rowsSlot;
    // The last completions read from the database: for this prefix, all of them unless cut by the limit.
    QString m_completedPrefix;
    std::vector<KudosUser> m_completed;
    bool m_completedAll = false;
    int m_completion = 0; // of the latest completion asked for
};

} // namespace tidemark::kudos
