#pragma once

#include "positionsettings.h"
#include "positionsplanunits.h"
#include "roundreport.h"
#include "sliceplanner.h"
#include "thinningstatement.h"
#include "thinningstatus.h"

#include <functional>
#include <memory>
#include <optional>

namespace tidemark {
class Error;
class PgConnection;
class PgResult;
struct PgStatement;
struct PgTransactionOptions;
} // namespace tidemark

namespace tidemark::positions {

struct RoundOptions;
class ShardedAgeDelete;
enum class SliceStep;

// Where a round is in one mower's slices.
struct MowerCursor {
    QUuid mowerId;
    Micros cutoff = 0;
    std::optional<Micros> watermark;
    // The mower's first row from the next slice's start to the cutoff: unknown (nullopt), none (an empty
    // inner optional) or its instant.
    std::optional<std::optional<Micros>> nextRowAt;
    // A plan's dry run: what the round will have deleted before the next slice (ThinningStatement).
    ThinningStatement::Pending pending;
};

// What an apply did with one planned slice in its transaction.
struct AppliedSlice {
    PlanUnitOutcome::Status status = PlanUnitOutcome::Status::Applied; // Applied or Stale (rolled back)
    QString detail;                                                    // what differs, when stale
    ThinningStatement::Counts counts;
};

enum class SliceOutcome {
    Done,
    RowArrived,  // a row was written into slices taken for empty: rolled back, the caller looks again
    MowerSkipped // a bad row or a moved watermark, recorded
};

// Every statement of a round on one connection (the round's own or a worker's), each in a READ COMMITTED
// transaction (whatever the server's default) with the round's lock timeout, the statement timeout the
// caller gives (what is left of the budget) and the thinning statement's settings, rolled back on any exit
// but a commit: the age delete's batches, the mowers' status, the analyze of a fresh table, and a slice's
// delete and watermark move (or a batch's, or the watermark's move over slices that hold no row). A bad row
// or a moved watermark is recorded through `failed` and skips its mower; other errors are thrown.
class RoundTransactions {
  public:
    RoundTransactions(PgConnection& db, const PositionSettings& settings, const RoundOptions& options,
                      std::function<void(MowerFailure)> failed);
    ~RoundTransactions();

    // Why an error ends a round cleanly (a lock or statement timeout, a serialization failure, a deadlock:
    // the transaction is rolled back and the next round retries its work); "" for any other error.
    static QString interruptionOf(const Error& e);

    // The rows older than `limit` (a dry run's age delete).
    long long countOlderThan(Micros limit);
    // The oldest finite row of the table, none when it is empty.
    std::optional<Micros> oldestRow();
    // One batch of the age delete: at most `batch` rows of [low, high), through the BRIN index (on a Citus
    // cluster, shared out over the shards: ShardedAgeDelete). `more` when the window may hold more rows.
    struct AgeBatch {
        long long deleted = 0;
        bool more = false;
    };
    AgeBatch ageDeleteBatch(const QString& low, const QString& high, int batch, long long statementTimeoutMs);
    std::vector<MowerThinningStatus> mowers(Micros cutoff, long long statementTimeoutMs);
    // The statement's joins are planned from the table's statistics; a table never analysed (a fresh
    // restore or import) would get nested loops over thousands of rows. Autovacuum keeps them later.
    void analyzeIfNeverAnalyzed(long long statementTimeoutMs);

    // The earliest row of the mower in [from, cutoff), none when there is none (an index probe).
    std::optional<Micros> firstRowFrom(const QUuid& mowerId, Micros from, Micros cutoff);
    // One slice in one transaction, its watermark moving from `from` (before the slice when the slices in
    // between hold no row).
    SliceOutcome runSlice(const SliceRange& slice, Micros from, MowerCursor& cursor,
                          ThinningStatement::Counts& counts, long long statementTimeoutMs);
    // The last slices of a mower, all without a row up to the cutoff, in one transaction: the watermark
    // moves over them while they still hold no row.
    SliceOutcome skipEmptySlices(const SliceRange& run, MowerCursor& cursor, long long statementTimeoutMs);

    // The mower's next rows from slices[from] on, read up to `rows` of them through the primary key: the
    // first one's instant (none up to the cutoff), and the slices that hold them, each with its row count,
    // in order; a slice whose rows the limit may have cut is left out, and so are all after it.
    struct SliceRows {
        std::size_t index = 0; // into slices
        long long rows = 0;
    };
    struct RowsAhead {
        std::optional<std::optional<Micros>> firstRowAt; // as MowerCursor::nextRowAt
        std::vector<SliceRows> slices;
        bool complete = false; // every row up to the cutoff was read, and its slice is in `slices`
    };
    RowsAhead rowsAhead(const std::vector<SliceRange>& slices, std::size_t from, int rows);
    // A batch of a mower's slices (ThinningStatement::statementFor(slices)) in one transaction of two round
    // trips: one statement thins them all, and the watermark moves from `from` to `end` (the last one's end,
    // or a later slice boundary) while the ranges before, between and after them still hold no row. Anything
    // but a clean result (a bad row, a slice that lost its rows, the watermark not moved, a data exception)
    // rolls it all back and gives nullopt: the caller runs the first slice alone, which reports what it
    // finds. Counts per slice.
    std::optional<std::vector<ThinningStatement::Counts>> runBatch(const std::vector<SliceRange>& batch,
                                                                   Micros from, Micros end,
                                                                   MowerCursor& cursor,
                                                                   long long statementTimeoutMs);

    // A dry run's batch (ThinningStatement::statementFor(batch, cursor.pending)) in one transaction: each
    // slice counted on the table as the round will find it, as runBatch would thin it. Anything but a clean
    // result (a bad row, a slice without a row, a data exception) gives nullopt: the caller counts the
    // first slice alone, which reports what it finds. Counts per slice; the cursor's pending moves on.
    std::optional<std::vector<ThinningStatement::Counts>>
    countBatch(const std::vector<SliceRange>& batch, MowerCursor& cursor, long long statementTimeoutMs);

    // An apply (roundtransactionsapply.cpp). One planned slice in one transaction: the checked statement
    // (thinning and the context's digest in one snapshot) and the watermark's move from the cursor's
    // watermark (over [watermark, from), which must still hold no row) to the slice's end, or the first
    // watermark; committed only when the digest, the counts and the move agree with the plan.
    AppliedSlice applySlice(const PlannedSlice& planned, MowerCursor& cursor, long long statementTimeoutMs);
    // Planned slices of one mower that lie a context apart, by one checked statement in one transaction; the
    // watermark moves to the last one's end while the ranges before and between them hold no row. Anything
    // but a clean result with every slice as planned rolls it all back: nullopt, the caller runs the first
    // alone.
    std::optional<std::vector<ThinningStatement::Counts>>
    applyBatch(const std::vector<const PlannedSlice*>& batch, MowerCursor& cursor,
               long long statementTimeoutMs);

  private:
    // Why a planned slice cannot commit ("" when it can).
    QString staleness(const PlannedSlice& planned, const ThinningStatement::Counts& counts) const;
    struct WatermarkMove {
        bool moved = false;
        std::optional<std::optional<Micros>> nextRowAt; // as MowerCursor::nextRowAt, from the range's end
    };
    PgTransactionOptions transactionOptions(long long statementTimeoutMs) const;
    // Without a step hook a slice is two round trips: BEGIN, the statement and the watermark's move in one
    // flight, then COMMIT (or ROLLBACK). With one (the fault tests), four, each step reported between.
    SliceOutcome runSliceIn(const SliceRange& slice, Micros from, MowerCursor& cursor,
                            ThinningStatement::Counts& counts, long long statementTimeoutMs);
    struct Gap { // a range that must hold no row for the watermark to move
        Micros from = 0, to = 0;
    };
    static std::vector<Gap> gapsOf(Micros from, Micros emptyUntil);
    // `flight` followed by the statements that move the watermark from `from` to the range's end while the
    // gaps hold no row (or set the first one); the last one's result is the move (moveOf).
    std::vector<PgStatement> withWatermark(std::vector<PgStatement> flight, const SliceRange& range,
                                           Micros from, const std::vector<Gap>& gaps,
                                           const MowerCursor& cursor);
    static WatermarkMove moveOf(const PgResult& result);

    void step(const SliceRange& slice, SliceStep s);
    SliceOutcome notMoved(const SliceRange& range, Micros from, Micros emptyUntil, MowerCursor& cursor);
    WatermarkMove moveWatermark(const SliceRange& range, Micros from, Micros emptyUntil,
                                const MowerCursor& cursor);
    bool watermarkIsAt(const QUuid& mowerId, const std::optional<Micros>& at);
    void recordMovedWatermark(const SliceRange& slice, const std::optional<Micros>& expected);
    SliceOutcome skipForBadRow(const SliceRange& slice);
    bool recordBadRow(const SliceRange& slice);
    PgResult badRows(const QUuid& mowerId, Micros from, Micros to);

    PgConnection& m_db;
    const PositionSettings& m_settings;
    const RoundOptions& m_options;
    const ThinningStatement m_statement;
    std::function<void(MowerFailure)> m_failed;
    std::unique_ptr<ShardedAgeDelete> m_sharded; // on a Citus cluster only
};

} // namespace tidemark::positions
