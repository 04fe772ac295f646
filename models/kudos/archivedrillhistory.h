#pragma once

#include "kudosvalues.h"

#include <QJsonArray>
#include <QString>
#include <QStringList>
#include <map>
#include <optional>
#include <vector>

namespace tidemark::kudos {

struct KudosSettings;
struct RetentionAlert;

// One row of kudos_archive_drills: an object's restore drill and what it found.
struct DrillRecord {
    Micros drilledAt = 0; // by the server's clock
    QString archiveKey;
    QString objectSha256; // as its manifest says; empty when it could not be read
    bool passed = false;
    QJsonArray problems; // {"message": …} and the differing key's fields, the first ones of each kind
    double seconds = 0;
    qint64 rows = 0;        // rows restored
    qint64 objectBytes = 0; // compressed bytes of the object

    QStringList problemMessages() const;
};

// How much of the archive the drills have proven lately: the objects the catalog records, how many of them
// stand proven by their latest drill (it passed) within the window, how many do not (never drilled, or their
// latest drill failed: a failure un-proves an object whatever passed before), and the oldest of the proofs.
struct DrillCoverage {
    int objects = 0;
    int provenWithin = 0;
    int unproven = 0;
    int windowDays = 0;
    std::optional<Micros> oldestProof; // of the objects proven (at any age), the oldest latest drill: when
    QString oldestProofKey;
    std::optional<Micros> lastPassed; // the newest passed drill of any object
};

// Reads and writes kudos_archive_drills: what the drill job chooses by, what it records, what retention's
// alert and the console's coverage read.
class ArchiveDrillHistory {
  public:
    explicit ArchiveDrillHistory(PgConnection& db);

    // The newest drill of each key that has one.
    std::map<QString, DrillRecord> lastPerKey();
    // The archive keys the retention catalog records (every tier), sorted.
    QStringList catalogKeys();
    // Inserts one drill (drilled_at: the server's now()) in its own statement; returns its drilled_at.
    Micros record(const DrillRecord& drill);
    // Over the catalog's objects, with `windowDays` back from the server's clock.
    DrillCoverage coverage(int windowDays);

    // For each dataset with an archive object the catalog recorded at least KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS
    // before `clock` (its updated_at, by the server's clock), and no drill of an object of its tier passed
    // since then: an alert (Cause::DrillOverdue) that does not stop retention.
    std::vector<RetentionAlert> overdue(const KudosSettings& settings, Micros clock);

  private:
    PgConnection& m_db;
};

} // namespace tidemark::kudos
