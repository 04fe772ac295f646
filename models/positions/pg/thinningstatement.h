#pragma once

#include "keepset.h"
#include "positionsettings.h"
#include "sliceplanner.h"

#include "pgconnection.h"

#include <QString>
#include <optional>
#include <vector>

namespace tidemark::positions {

// The thinning of one slice as one SQL statement (spec/positions.md): one index scan of the slice and 10
// minutes of context on each side through (mower_id, observed_at) feeds one window pass (lag/lead of time,
// blades/rtk and position: the neighbours and both steps); date_bin gives the bins; the turn rule takes the
// nearest rows ≥ 0.3 m away, which are the neighbours for nearly every row, and only the others run an index
// search bounded by the context; DELETE … USING removes the rest, addressed by the rows' ctid from the same
// scan. The geometry mirrors geodesy.h operation for operation, so boundary cases agree with KeepSet bit for
// bit. The statement runs in a transaction (the caller's, else its own) with JIT off and the generic plan.
class ThinningStatement {
  public:
    enum class Mode {
        Delete,                 // deletes; returns scanned and deleted
        Count,                  // the dry run: returns scanned and would-delete
        Reasons,                // returns the kept rows of the slice with their reasons, deletes nothing
        DeleteReturningReasons, // deletes, and returns the kept rows with their reasons
        // Deletes in a batch of slices of one mower, each at least the context's 10 minutes after the one
        // before (statementFor(slices)); returns a row per slice, in order: its index, scanned, deleted and
        // bad row.
        DeleteSlices,
        // The dry run of a plan (statementFor(slice, pending)): Count on the table as the round will find it
        // (rows before the age limit $10 and the previous slice's deletions $9 left out), with the context's
        // digest and the instants this slice deletes in its last 10 minutes (the next slice's context).
        CountPlanned,
        // Delete and DeleteSlices with the digest of each slice's context before the delete (apply).
        DeleteChecked,
        DeleteSlicesChecked,
        // CountPlanned for a batch (statementFor(slices, pending)): a row per slice as DeleteSlices returns,
        // each with its context's digest and deleted tail.
        CountPlannedSlices
    };

    // What a plan's dry run has deleted so far that the next slice's context would still hold: the rows
    // older than the age limit, and the previous slice's deletions in the last 10 minutes before `until`.
    struct Pending {
        QString ageLimit = QStringLiteral("-infinity"); // a timestamptz
        QString deletedBefore = QStringLiteral("{}");   // a timestamptz[] of the same session
        Micros until = 0;                               // the slice that deleted them ended here
    };

    struct Counts {
        long long scanned = 0; // rows of the slice
        long long deleted = 0; // deleted, or would be deleted
        // The earliest row of the slice's context without a finite position (none when the slice has no
        // row): the slice must not commit.
        std::optional<Micros> badRowAt;
        QString digest;      // CountPlanned(Slices), DeleteChecked, DeleteSlicesChecked: the context's digest
        QString deletedTail; // CountPlanned(Slices): the instants deleted in the slice's last 10 minutes
    };
    struct KeptInstant {
        Micros observedAt = 0;
        KeepReasons reasons = 0;
    };

    explicit ThinningStatement(const PositionSettings& settings);

    static QString sql(Mode mode);
    // The settings that the statement's transaction needs (SET LOCAL statements for a simple-query script).
    // run and keptRows apply them in a transaction of their own; a caller that runs them inside its own
    // transaction must have run these in it first.
    static QString transactionSettings();
    Counts run(PgConnection& db, const SliceRange& slice, Mode mode = Mode::Delete) const;
    // The statement of a slice for a caller that sends it with others (PgConnection::execPipelined, which
    // prepares it in the flight), in a transaction with transactionSettings(). countsOf reads its result.
    PgStatement statementFor(const SliceRange& slice, Mode mode) const;
    static Counts countsOf(const PgResult& result);
    // A batch: slices of one mower in order, each at least the context's 10 minutes after the one before, so
    // that no slice's thinning changes another's context and one statement judges them as one at a time
    // would; each is judged and counted on its own. countsOfSlices reads its result, a Counts per slice.
    // With checked, each slice's row carries its context's digest (DeleteSlicesChecked).
    PgStatement statementFor(const std::vector<SliceRange>& slices, bool checked = false) const;
    // CountPlanned for a slice, leaving out what `pending` names when the slice begins at its `until`.
    PgStatement statementFor(const SliceRange& slice, const Pending& pending) const;
    // CountPlannedSlices for a batch, `pending` as for its first slice: the slices lie a context apart, so
    // the previous slice's deletions fall in no other slice's context.
    PgStatement statementFor(const std::vector<SliceRange>& slices, const Pending& pending) const;
    static std::vector<Counts> countsOfSlices(const PgResult& result);
    // The kept rows of the slice with their reasons; with deleteTheRest the same statement deletes the
    // others.
    std::vector<KeptInstant> keptRows(PgConnection& db, const SliceRange& slice,
                                      bool deleteTheRest = false) const;
    // The parameters of sql(mode) for a slice (for tools that run the text themselves).
    std::vector<PgParam> params(const SliceRange& slice) const;
    std::vector<PgParam> params(const std::vector<SliceRange>& slices) const;

  private:
    PgResult execute(PgConnection& db, const SliceRange& slice, Mode mode) const;
    QByteArray prepared(PgConnection& db, Mode mode) const; // the statement's name on `db`
    static QByteArray statementName(Mode mode);
    QString m_activeWidth;
    QString m_idleWidth;
    double m_turnRadians;
};

} // namespace tidemark::positions
