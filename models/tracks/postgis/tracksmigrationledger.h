#pragma once

#include "tracksmigratecopy.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <utility>
#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::tracks {

// tracks migrate's record in the PostGIS store (tracks_migration, tracks_migration_copied): which file the
// store is filled from, the fingerprint of every track copied, and the pipeline runs and density overview
// copied. Everything else in the store was written by someone else (an import, a retention): every write
// transaction of the migration locks the store's tables against other writers and checks first, so that a
// store written since is refused (Error(Refused), naming what was written) and never overwritten.
class TracksMigrationLedger {
  public:
    // What the file holds now (a migration begun before the store kept its runs takes the file's).
    struct FileFacts {
        qint64 maxTrackId = 0;
        qint64 runs = 0;
        qint64 maxRunId = 0;
    };
    struct CopiedTrack {
        qint64 id = 0;
        bool known = false; // false: copied by a version that kept no fingerprint
        TrackFingerprint fingerprint{};
    };

    TracksMigrationLedger(PgConnection& db, QString identity, QString target);

    // In one transaction that locks tracks_migration: this file's migration (true: resumed), or a new one
    // on an empty store, whose identity columns then go on after the file's ids (so that a writer that
    // comes between batches is refused, not met by a duplicate id). Error(Refused) for a store holding
    // anything else, or another file's migration.
    bool claim(const QString& sourcePath, const FileFacts& file);
    bool wasVerified() const { return m_verified; }
    const QByteArray& runsFingerprint() const { return m_runsFingerprint; }
    const QByteArray& densityFingerprint() const { return m_densityFingerprint; }

    // What was written by anyone but this migration: a pipeline run it did not write, and (withTracks,
    // which counts the tracks) a track it did not copy or a copied track gone. Empty when none.
    QStringList writtenByOthers(bool withTracks);
    // Error(Refused) naming writtenByOthers(withTracks), when there is any.
    void requireOnlyOwnWrites(bool withTracks);
    // For the open transaction: the store's tables locked against other writers (readers go on; a writer
    // in flight is waited for), then requireOnlyOwnWrites(withTracks).
    void lockAndCheck(bool withTracks);
    // Before the run's first write, in its transaction: the migration is no longer verified.
    void markWriting();

    std::vector<CopiedTrack> copiedTracks(); // in id order
    // In the open transaction: the fingerprints of tracks just copied.
    void recordCopied(const std::vector<std::pair<qint64, TrackFingerprint>>& copied);
    // In the open transaction (after lockAndCheck(true)): the tracks `ids` and their fingerprints deleted.
    void removeCopied(const std::vector<qint64>& ids);
    void recordRuns(qint64 count, qint64 maxId, const QByteArray& fingerprint);
    void recordDensity(const QByteArray& fingerprint);
    void markVerified();

  private:
    QString describeRuns(qint64 afterId);
    PgConnection& m_db;
    QString m_identity;
    QString m_target;
    bool m_verified = false;
    bool m_markedWriting = false;
    qint64 m_runs = 0;
    qint64 m_maxRunId = 0;
    QByteArray m_runsFingerprint;
    QByteArray m_densityFingerprint;
};

} // namespace tidemark::tracks
