#include "tracksmigratejob.h"

#include "postgistracksdatabase.h"
#include "tracksfilecheck.h"
#include "tracksmigratecopy.h"
#include "tracksmigrateverify.h"
#include "tracksmigrationledger.h"

#include "error.h"
#include "pgconnection.h"
#include "pgtransaction.h"
#include "sqlitefile.h"
#include "taskfeedback.h"

#include <QFileInfo>
#include <algorithm>

namespace tidemark::tracks {

namespace {

// The session lock one run of tracks migrate holds on its store ("TRKMIGRT"): a second run waits for none.
constexpr long long kMigrateLockKey = 0x54524B4D49475254LL;

// Which file a store was filled from: its name and the moment its schema was first applied (a copy of the
// file keeps both, another file has another moment).
QString identityOf(SqliteFile& file) {
    SqliteStatement q = file.prepare(QStringLiteral("SELECT applied_at FROM tidemark_schema_migrations WHERE "
                                                    "dataset = 'tracks' ORDER BY version LIMIT 1"));
    const QString applied = q.step() ? q.text(0) : QStringLiteral("unknown");
    return QStringLiteral("%1 (schema applied %2)").arg(QFileInfo(file.path()).fileName(), applied);
}

TracksMigrationLedger::FileFacts factsOf(SqliteFile& file, qint64* tracks) {
    SqliteStatement q = file.prepare(QStringLiteral(
        "SELECT (SELECT count(*) FROM tracks), (SELECT coalesce(max(id), 0) FROM tracks),"
        " (SELECT count(*) FROM pipeline_runs), (SELECT coalesce(max(id), 0) FROM pipeline_runs)"));
    q.step();
    *tracks = q.toInt64(0);
    return {q.toInt64(1), q.toInt64(2), q.toInt64(3)};
}

// One run of a migration: what it compares, removes and copies, batch by batch, each batch a transaction
// that first locks the store against other writers and checks that only the migration wrote it.
class MigrationRun {
  public:
    MigrationRun(SqliteFile& file, PgConnection& db, TracksMigrationLedger& ledger, int batch,
                 TracksMigrateReport& report, TaskFeedback& feedback)
        : m_file(file), m_db(db), m_ledger(ledger), m_batch(batch), m_report(report), m_feedback(feedback) {}

    bool compare();
    bool removeStale();
    bool copyListed();
    bool copyAfterCopied();
    void finish();
    bool wrote() const { return m_wrote; }

  private:
    using NextRow = std::function<bool(FileTrackRow*)>;
    // One transaction: the rows `next` gives (read from the file as they are sent) and their fingerprints.
    void copyBatch(const NextRow& next);
    bool stopped();
    SqliteFile& m_file;
    PgConnection& m_db;
    TracksMigrationLedger& m_ledger;
    const int m_batch;
    TracksMigrateReport& m_report;
    TaskFeedback& m_feedback;
    qint64 m_maxCopied = 0;
    std::vector<qint64> m_toCopy; // at most m_maxCopied: changed in the file, or new below that id
    std::vector<qint64> m_stale;  // to remove from the store: changed, or deleted from the file
    bool m_wrote = false;
};

bool MigrationRun::stopped() {
    if (m_feedback.checkpoint())
        return false;
    m_report.cancelled = true;
    return true;
}

// The file's tracks up to the highest id copied, against what was copied: a row whose fingerprint differs
// is copied again, a copied id the file no longer has is removed, an id never copied is copied.
bool MigrationRun::compare() {
    const std::vector<TracksMigrationLedger::CopiedTrack> copied = m_ledger.copiedTracks();
    m_report.tracksBefore = static_cast<qint64>(copied.size());
    if (copied.empty())
        return true;
    m_maxCopied = copied.back().id;
    std::vector<bool> seen(copied.size(), false);
    SqliteStatement q = m_file.prepare(
        fileTrackSelect(QStringLiteral("WHERE id > ?1 AND id <= ?2 ORDER BY id LIMIT ?3"), false));
    constexpr int kChunk = 2000;
    size_t at = 0;
    for (qint64 last = 0;;) {
        if (stopped())
            return false;
        q.bind(1, last).bind(2, m_maxCopied).bind(3, kChunk);
        int rows = 0;
        while (q.step()) {
            const FileTrackRow row = readFileTrack(q, m_file.path(), false);
            ++rows;
            last = row.id;
            while (at < copied.size() && copied[at].id < row.id)
                ++at;
            if (at < copied.size() && copied[at].id == row.id) {
                seen[at] = true;
                if (copied[at].known && copied[at].fingerprint == row.fingerprint)
                    continue;
                m_stale.push_back(row.id);
                ++m_report.tracksChanged;
            }
            m_toCopy.push_back(row.id);
        }
        q.reset();
        if (rows < kChunk)
            break;
        m_feedback.reportProgress(static_cast<double>(last) / static_cast<double>(m_maxCopied),
                                  QStringLiteral("comparing the file with the copy"));
    }
    for (size_t i = 0; i < copied.size(); ++i)
        if (!seen[i]) {
            m_stale.push_back(copied[i].id);
            ++m_report.tracksRemoved;
        }
    std::sort(m_stale.begin(), m_stale.end());
    return true;
}

bool MigrationRun::removeStale() {
    for (size_t start = 0; start < m_stale.size(); start += static_cast<size_t>(m_batch)) {
        if (stopped())
            return false;
        const size_t end = std::min(m_stale.size(), start + static_cast<size_t>(m_batch));
        PgTransaction tx(m_db);
        m_ledger.lockAndCheck(true);
        m_ledger.markWriting();
        m_ledger.removeCopied({m_stale.begin() + static_cast<std::ptrdiff_t>(start),
                               m_stale.begin() + static_cast<std::ptrdiff_t>(end)});
        tx.commit();
        m_wrote = true;
    }
    return true;
}

bool MigrationRun::copyListed() {
    SqliteStatement q = m_file.prepare(fileTrackSelect(QStringLiteral("WHERE id = ?1"), true));
    for (size_t start = 0; start < m_toCopy.size(); start += static_cast<size_t>(m_batch)) {
        if (stopped())
            return false;
        size_t next = start;
        const size_t end = std::min(m_toCopy.size(), start + static_cast<size_t>(m_batch));
        copyBatch([&](FileTrackRow* row) {
            for (; next < end; ++next) { // an id the file deleted since the comparison is passed over
                q.bind(1, m_toCopy[next]);
                const bool found = q.step();
                if (found)
                    *row = readFileTrack(q, m_file.path(), true);
                q.reset();
                if (found) {
                    ++next;
                    return true;
                }
            }
            return false;
        });
    }
    return true;
}

bool MigrationRun::copyAfterCopied() {
    SqliteStatement q =
        m_file.prepare(fileTrackSelect(QStringLiteral("WHERE id > ?1 ORDER BY id LIMIT ?2"), true));
    for (qint64 last = m_maxCopied;;) {
        if (stopped())
            return false;
        q.bind(1, last).bind(2, m_batch);
        bool any = false;
        copyBatch([&](FileTrackRow* row) {
            if (!q.step())
                return false;
            *row = readFileTrack(q, m_file.path(), true);
            last = row->id;
            any = true;
            return true;
        });
        q.reset();
        if (!any)
            return true;
    }
}

void MigrationRun::copyBatch(const NextRow& next) {
    FileTrackRow row;
    if (!next(&row))
        return; // nothing to copy: no transaction, nothing written
    PgTransaction tx(m_db);
    m_ledger.lockAndCheck(false);
    m_ledger.markWriting();
    std::vector<std::pair<qint64, TrackFingerprint>> copied;
    m_db.copyIn(QStringLiteral("COPY tracks (%1) FROM STDIN").arg(kCopiedTrackColumns), [&] {
        do {
            m_db.putCopyData(row.line);
            copied.emplace_back(row.id, row.fingerprint);
        } while (next(&row));
    });
    m_ledger.recordCopied(copied);
    tx.commit();
    m_wrote = true;
    m_report.tracksCopied += static_cast<qint64>(copied.size());
    ++m_report.batches;
    const qint64 done =
        m_report.tracksBefore - m_report.tracksRemoved + m_report.tracksCopied - m_report.tracksChanged;
    TaskProgress progress = TaskProgress::share(
        m_report.tracksInFile > 0
            ? std::min(1.0, static_cast<double>(done) / static_cast<double>(m_report.tracksInFile))
            : 1.0,
        QStringLiteral("copying tracks"));
    progress.done = done;
    progress.total = m_report.tracksInFile;
    progress.rows = done;
    m_feedback.report(progress);
}

// The pipeline runs and the density overview, each copied whole again when it changed in the file (they are
// small beside the tracks), and the identity columns after the highest ids: one transaction, after the
// check of every table.
void MigrationRun::finish() {
    m_feedback.reportProgress(1.0, QStringLiteral("copying the runs and the density overview"));
    const bool runsChanged = forEachFileRun(m_file).digest != m_ledger.runsFingerprint();
    const bool densityChanged = fileDensityDigest(m_file).digest != m_ledger.densityFingerprint();
    PgTransaction tx(m_db);
    m_ledger.lockAndCheck(true);
    if (!m_wrote && !runsChanged && !densityChanged) {
        tx.commit(); // a verified migration with nothing to do writes nothing
        return;
    }
    m_ledger.markWriting();
    if (runsChanged) {
        m_db.exec(QStringLiteral("DELETE FROM pipeline_runs"));
        FileRowsDigest runs;
        m_db.copyIn(
            QStringLiteral("COPY pipeline_runs (id, region, source, started_at, finished_at, status,"
                           " tracks_added, tracks_merged, error) FROM STDIN"),
            [&] { runs = forEachFileRun(m_file, [&](const QByteArray& line) { m_db.putCopyData(line); }); });
        m_ledger.recordRuns(runs.rows, runs.maxId, runs.digest);
        m_report.runsCopied = runs.rows;
    }
    if (densityChanged) {
        m_db.advisoryXactLock(PostgisTracksDatabase::kDensityLockKey);
        m_db.exec(QStringLiteral("DELETE FROM track_density"));
        m_db.exec(QStringLiteral("DELETE FROM track_density_activity"));
        FileRowsDigest tiles, activityTiles;
        m_db.copyIn(QStringLiteral("COPY track_density (zoom, tile_x, tile_y, pixels) FROM STDIN"), [&] {
            tiles = forEachFileTile(m_file, false, [&](const QByteArray& line) { m_db.putCopyData(line); });
        });
        m_db.copyIn(
            QStringLiteral("COPY track_density_activity (activity, zoom, tile_x, tile_y, pixels) FROM STDIN"),
            [&] {
                activityTiles =
                    forEachFileTile(m_file, true, [&](const QByteArray& line) { m_db.putCopyData(line); });
            });
        m_ledger.recordDensity(densityDigestOf(tiles.digest, activityTiles.digest));
        m_report.overviewTiles = tiles.rows + activityTiles.rows;
    }
    // Ids were kept: the identity columns go on after the highest ones.
    m_db.exec(
        QStringLiteral("SELECT setval(pg_get_serial_sequence('tracks', 'id'), max(id)) FROM tracks HAVING "
                       "count(*) > 0"));
    m_db.exec(QStringLiteral("SELECT setval(pg_get_serial_sequence('pipeline_runs', 'id'), max(id)) FROM "
                             "pipeline_runs HAVING count(*) > 0"));
    tx.commit();
    m_wrote = true;
}

} // namespace

void TracksMigrateRequest::validate() const {
    if (sqlitePath.isEmpty() || conninfo.isEmpty())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("tracks migrate needs --sqlite FILE and --db CONNINFO"));
    kBatchTracks.check(batchTracks);
}

TracksMigrateReport TracksMigrateJob::run(const TracksMigrateRequest& request, TaskFeedback& feedback) {
    request.validate();
    if (!QFileInfo(request.sqlitePath).isFile())
        throw Error(Error::Kind::Connection,
                    QStringLiteral("tracks file not found: %1").arg(request.sqlitePath));
    TracksFileCheck::read(request.sqlitePath).requireTracksFile();
    SqliteFile file(request.sqlitePath, SqliteFile::Mode::ReadOnly);
    auto store = PostgisTracksDatabase::open(request.conninfo);
    PgConnection& db = store->connection();

    TracksMigrateReport report;
    report.source = request.sqlitePath;
    report.target = store->describe();
    if (!db.relationExists(QStringLiteral("tracks_migration_copied")))
        throw Error(
            Error::Kind::Schema,
            QStringLiteral("%1 has no table tracks_migration_copied of the tracks schema, which tracks "
                           "migrate records its copy in (run: tidemark-cli tracks init --db CONNINFO)")
                .arg(report.target));
    const AdvisoryLockGuard running(db, kMigrateLockKey);
    if (!running.held())
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("another tracks migrate is writing %1; nothing was written").arg(report.target));
    const TracksMigrationLedger::FileFacts facts = factsOf(file, &report.tracksInFile);
    TracksMigrationLedger ledger(db, identityOf(file), report.target);
    report.resumed = ledger.claim(QFileInfo(request.sqlitePath).absoluteFilePath(), facts);
    ledger.requireOnlyOwnWrites(true);

    MigrationRun run(file, db, ledger, request.batchTracks, report, feedback);
    if (!run.compare() || !run.removeStale() || !run.copyListed() || !run.copyAfterCopied())
        return report;
    run.finish();
    feedback.reportProgress(1.0, QStringLiteral("verifying"));
    verifyMigration(file, db, &report);
    report.alreadyMigrated = report.verified && ledger.wasVerified() && !run.wrote();
    if (report.verified && !report.alreadyMigrated)
        ledger.markVerified();
    return report;
}

} // namespace tidemark::tracks
