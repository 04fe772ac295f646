#pragma once

#include "archivedrillhistory.h"
#include "kudosforecast.h"
#include "retentioncatalog.h"
#include "retentionreport.h"
#include "roundhistory.h"
#include "roundreport.h"
#include "trackshealth.h"
#include "trackslocation.h"
#include "workspacedataset.h"

#include "timestamp.h"

#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark {

// The dataset's name in the plan's JSON and alerts: "positions", "kudos", "tracks".
QString planDatasetName(WorkspaceDataset dataset);

// Something that needs a person, and what a click on it opens: `target` is a mower id, a partition name or
// empty (the dataset's workbench).
struct PlanAlert {
    WorkspaceDataset dataset = WorkspaceDataset::Positions;
    QString message;
    QString target;
};

// What a positions round does next (spec/operations.md, "The retention plan").
struct PositionsPlan {
    bool estimated = false; // --quick: the rows come from the sampled forecast, not a dry-run round
    long long mowers = 0;
    long long slicesPending = 0;   // as `positions status` counts them
    long long rowsScanned = 0;     // the dry-run round's (estimated: the sample's, scaled)
    long long rowsToThin = 0;      // what the thinning would delete
    long long rowsToAgeDelete = 0; // what the age limit would delete (not estimated by --quick: 0)
    long long rowsToDelete() const { return rowsToThin + rowsToAgeDelete; }
    Micros cutoff = 0;
    // The next window in the maintenance time zone (opensAt = now when it is open now) and what its rounds
    // can do at the recorded pace.
    Micros windowOpensAt = 0;
    Micros windowClosesAt = 0;
    bool windowOpenNow = false;
    QString windowZone;
    double thinningSecondsTonight = 0; // min(window, rounds a night × budget)
    int recordedRounds = 0;
    std::optional<double> slicesPerSecond;
    std::optional<long long> slicesTonight; // min(pending, pace × seconds); none without a pace
    std::optional<long long> nights;        // to clear the backlog
    QString paceReason;                     // why there is no pace
    // The mower with the most slices pending and where its backlog begins (what a click opens).
    QUuid largestBacklogMower;
    long long largestBacklogSlices = 0;
    std::optional<Micros> largestBacklogFrom;
    std::vector<positions::MowerFailure> failures;         // mowers a round would skip
    std::optional<positions::RoundHistoryEntry> lastRound; // the newest recorded round that was not a dry run
};

// What kudos retention does next.
struct KudosPlan {
    QString archiveUrl; // where the archive is (a plan to apply keeps it to apply there)
    QString archive;    // the store as it describes itself; "" without one
    std::vector<kudos::KudosForecast::Action> actions; // `kudos retain --dry-run`'s list, with rows and bytes
    std::vector<kudos::KudosForecast::Tier> tiers;     // use against budgets
    std::vector<kudos::RetentionIncident> incidents;
    std::vector<kudos::RetentionAlert> alerts;
    std::optional<kudos::DrillCoverage> drills;  // none without the drills table
    std::optional<kudos::CatalogEntry> lastStep; // the catalog's newest transition (the last run's last step)
    std::vector<kudos::CatalogEntry> failedSteps; // ranges whose last step failed (the catalog's error)
    bool lockBusy = false;                        // a retention job is running now
};

// What tracks retention does next.
struct TracksPlan {
    QString storeName;
    bool postgis = false;
    int retentionYears = 0;
    Micros cutoff = 0;
    std::vector<qint64> tracksToDelete; // `tracks retain --dry-run`'s
    qint64 bytesToFree = 0;             // estimated: the tracks at the store's bytes a track
    qint64 tracks = 0;
    qint64 bytes = 0;
    static constexpr qint64 kAlertBytes = tracks::TracksHealthReport::kDefaultWarnAboveBytes;
    bool aboveAlert = false;
    std::optional<Micros> reaches2GbOn;
    std::optional<tracks::PipelineRun> lastImport;
};

// One dataset's part of the plan: not configured, failed (the error names the server or file), or its plan.
template <class Plan> struct PlanSection {
    bool configured = false;
    QString where; // the server or file, as the error and the card name it
    QString error; // "" when the plan was computed
    Plan plan;
    double seconds = 0;
    // A plan made to be applied (RetentionPlanRequest::withUnits; spec/operations.md, "Plans that are applied
    // exactly"): where it was made (a connection string without its password, or a file), what it was made
    // on (planfile::postgresTarget, or the tracks store's id), the settings that decide what is deleted, the
    // role it connected as, and its units as the dataset's job listed them. Empty otherwise.
    QString connection;
    QJsonObject target;
    QJsonObject settings;
    QJsonObject units;
    QString role;
    // Why a section planned for an apply holds no units (a tracks store without its id): an alert.
    QString unitsProblem;
    Micros serverNow = 0; // the database server's clock when the section was made (0: a file)
    bool ok() const { return configured && error.isEmpty(); }
    bool hasUnits() const { return ok() && !units.isEmpty(); }
};

// THE retention plan of the three datasets: `tidemark-cli plan` and the console's home.
struct RetentionPlan {
    Micros now = 0;
    // The first database server's clock when the plan was made (this machine's without one): a plan file's
    // created_at.
    Micros serverNow = 0;
    bool quick = false;
    PlanSection<PositionsPlan> positions;
    PlanSection<KudosPlan> kudos;
    PlanSection<TracksPlan> tracks;
    std::vector<PlanAlert> alerts; // every item that needs a person
    double seconds = 0;
    bool cancelled = false;

    bool needsPerson() const { return !alerts.empty(); }
    // Collects the sections' alerts (a failed section is one; see the .cpp for what else counts). Pure.
    void collectAlerts();
};

} // namespace tidemark

Q_DECLARE_METATYPE(tidemark::RetentionPlan)
