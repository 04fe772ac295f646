#include "tracksmigrationledger.h"

#include "error.h"
#include "pgconnection.h"
#include "pgtransaction.h"

namespace tidemark::tracks {

namespace {

QString counted(qint64 n, const char* what) {
    return QStringLiteral("%1 %2%3").arg(n).arg(QLatin1String(what),
                                                n == 1 ? QString() : QStringLiteral("s"));
}

// "id 4" or "ids 4, 9, 12, …" of the first rows of `r`, whose column 0 is the total and column 1 the id.
QString idsOf(const PgResult& r) {
    QStringList ids;
    for (int i = 0; i < r.rows(); ++i)
        ids << QString::number(r.toLong(i, 1));
    const bool more = r.rows() > 0 && r.toLong(0, 0) > r.rows();
    return (r.rows() == 1 ? QStringLiteral("id ") : QStringLiteral("ids ")) + ids.join(QStringLiteral(", ")) +
           (more ? QStringLiteral(", …") : QString());
}

QStringList idList(const std::vector<qint64>& ids) {
    QStringList list;
    for (const qint64 id : ids)
        list << QString::number(id);
    return list;
}

} // namespace

TracksMigrationLedger::TracksMigrationLedger(PgConnection& db, QString identity, QString target)
    : m_db(db), m_identity(std::move(identity)), m_target(std::move(target)) {}

bool TracksMigrationLedger::claim(const QString& sourcePath, const FileFacts& file) {
    PgTransaction tx(m_db);
    m_db.exec(QStringLiteral("LOCK TABLE tracks_migration IN EXCLUSIVE MODE"));
    const PgResult own =
        m_db.exec(QStringLiteral("SELECT runs_count, runs_max_id, encode(runs_fingerprint, 'hex'),"
                                 " encode(density_fingerprint, 'hex'), verified_at IS NOT NULL"
                                 " FROM tracks_migration WHERE source_identity = $1"),
                  {m_identity});
    if (own.rows() > 0) {
        // A migration begun before the store kept its runs: they are taken to be the file's.
        m_runs = own.isNull(0, 0) ? file.runs : own.toLong(0, 0);
        m_maxRunId = own.isNull(0, 1) ? file.maxRunId : own.toLong(0, 1);
        m_runsFingerprint = QByteArray::fromHex(own.text(0, 2).toLatin1());
        m_densityFingerprint = QByteArray::fromHex(own.text(0, 3).toLatin1());
        m_verified = own.toBool(0, 4);
        tx.commit();
        return true;
    }
    const PgResult other =
        m_db.exec(QStringLiteral("SELECT (SELECT count(*) FROM tracks), (SELECT count(*) FROM pipeline_runs),"
                                 " (SELECT string_agg(source_path, ', ') FROM tracks_migration)"));
    if (other.toLong(0, 0) > 0 || other.toLong(0, 1) > 0 || !other.isNull(0, 2))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("%1 is not empty (%2, %3%4) and holds no earlier run of the migration of "
                                   "%5: tracks migrate fills an empty store initialised by tidemark-cli "
                                   "tracks init --db; nothing was written")
                        .arg(m_target, counted(other.toLong(0, 0), "track"),
                             counted(other.toLong(0, 1), "pipeline run"),
                             other.isNull(0, 2) ? QString()
                                                : QStringLiteral(", migrated from %1").arg(other.text(0, 2)),
                             m_identity));
    m_db.exec(QStringLiteral("INSERT INTO tracks_migration (source_path, source_identity, runs_count,"
                             " runs_max_id) VALUES ($1, $2, 0, 0)"),
              {sourcePath, m_identity});
    m_db.exec(QStringLiteral("SELECT setval(pg_get_serial_sequence('tracks', 'id'), $1, false),"
                             " setval(pg_get_serial_sequence('pipeline_runs', 'id'), $2, false)"),
              {static_cast<long long>(file.maxTrackId + 1), static_cast<long long>(file.maxRunId + 1)});
    tx.commit();
    return false;
}

QString TracksMigrationLedger::describeRuns(qint64 afterId) {
    const PgResult r =
        m_db.exec(QStringLiteral("SELECT count(*) OVER (), id, region, source, status,"
                                 " to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
                                 " FROM pipeline_runs WHERE id > $1 ORDER BY id LIMIT 3"),
                  {static_cast<long long>(afterId)});
    QStringList runs;
    for (int i = 0; i < r.rows(); ++i)
        runs << QStringLiteral("id %1: %2/%3 %4, started %5")
                    .arg(r.toLong(i, 1))
                    .arg(r.text(i, 2), r.text(i, 3), r.text(i, 4), r.text(i, 5));
    const qint64 total = r.rows() > 0 ? r.toLong(0, 0) : 0;
    return QStringLiteral("%1 not written by the migration (%2%3)")
        .arg(counted(total, "pipeline run"), runs.join(QStringLiteral("; ")),
             total > r.rows() ? QStringLiteral("; …") : QString());
}

QStringList TracksMigrationLedger::writtenByOthers(bool withTracks) {
    QStringList found;
    const PgResult runs =
        m_db.exec(QStringLiteral("SELECT count(*), coalesce(max(id), 0) FROM pipeline_runs"));
    if (runs.toLong(0, 1) > m_maxRunId)
        found << describeRuns(m_maxRunId);
    else if (runs.toLong(0, 0) != m_runs)
        found << QStringLiteral("%1 where the migration wrote %2")
                     .arg(counted(runs.toLong(0, 0), "pipeline run"))
                     .arg(m_runs);
    if (!withTracks)
        return found;
    const PgResult counts = m_db.exec(QStringLiteral(
        "SELECT (SELECT count(*) FROM tracks), (SELECT count(*) FROM tracks_migration_copied)"));
    if (counts.toLong(0, 0) == counts.toLong(0, 1))
        return found;
    const PgResult extra =
        m_db.exec(QStringLiteral("SELECT count(*) OVER (), id FROM tracks t WHERE NOT EXISTS (SELECT 1 FROM"
                                 " tracks_migration_copied c WHERE c.track_id = t.id) ORDER BY id LIMIT 5"));
    if (extra.rows() > 0)
        found << QStringLiteral("%1 not written by the migration (%2)")
                     .arg(counted(extra.toLong(0, 0), "track"), idsOf(extra));
    const PgResult gone = m_db.exec(
        QStringLiteral("SELECT count(*) OVER (), track_id FROM tracks_migration_copied c WHERE NOT EXISTS"
                       " (SELECT 1 FROM tracks t WHERE t.id = c.track_id) ORDER BY track_id LIMIT 5"));
    if (gone.rows() > 0)
        found << QStringLiteral("%1 copied by the migration and deleted since (%2; as by a retention run)")
                     .arg(counted(gone.toLong(0, 0), "track"), idsOf(gone));
    return found;
}

void TracksMigrationLedger::requireOnlyOwnWrites(bool withTracks) {
    const QStringList found = writtenByOthers(withTracks);
    if (found.isEmpty())
        return;
    throw Error(Error::Kind::Refused,
                QStringLiteral("%1 has been written since the migration of %2 began, not by it: it holds %3. "
                               "tracks migrate never overwrites a store in use, and wrote nothing now; the "
                               "store is in use as it is, or initialise an empty database with tidemark-cli "
                               "tracks init --db and migrate into that")
                    .arg(m_target, m_identity, found.join(QStringLiteral(", and "))));
}

void TracksMigrationLedger::lockAndCheck(bool withTracks) {
    // The order writers take them in (an import: tracks, then the overview, then its run), so that waiting
    // for one in flight makes no deadlock.
    m_db.exec(QStringLiteral(
        "LOCK TABLE tracks, track_density, track_density_activity, pipeline_runs, tracks_migration_copied"
        " IN SHARE ROW EXCLUSIVE MODE"));
    requireOnlyOwnWrites(withTracks);
}

void TracksMigrationLedger::markWriting() {
    if (m_markedWriting)
        return;
    m_db.exec(QStringLiteral("UPDATE tracks_migration SET verified_at = NULL WHERE source_identity = $1"
                             " AND verified_at IS NOT NULL"),
              {m_identity});
    m_markedWriting = true;
}

std::vector<TracksMigrationLedger::CopiedTrack> TracksMigrationLedger::copiedTracks() {
    std::vector<CopiedTrack> copied;
    m_db.copyOut(QStringLiteral("COPY (SELECT track_id, encode(fingerprint, 'hex') FROM "
                                "tracks_migration_copied ORDER BY track_id) TO STDOUT"),
                 [&](const char* row, int length) {
                     const QByteArray text(row, length - 1); // without its '\n'
                     const qsizetype tab = text.indexOf('\t');
                     CopiedTrack t;
                     t.id = text.left(tab).toLongLong();
                     const QByteArray hex = text.mid(tab + 1);
                     const QByteArray bytes = QByteArray::fromHex(hex);
                     t.known = hex != "\\N" && bytes.size() == static_cast<qsizetype>(t.fingerprint.size());
                     if (t.known)
                         std::copy_n(bytes.constData(), t.fingerprint.size(), t.fingerprint.begin());
                     copied.push_back(t);
                 });
    return copied;
}

void TracksMigrationLedger::recordCopied(const std::vector<std::pair<qint64, TrackFingerprint>>& copied) {
    m_db.copyIn(QStringLiteral("COPY tracks_migration_copied (track_id, fingerprint) FROM STDIN"), [&] {
        for (const auto& [id, fingerprint] : copied) {
            QByteArray line = QByteArray::number(id);
            appendCopyField(&line,
                            QByteArray("\\x") +
                                QByteArray::fromRawData(fingerprint.data(), fingerprint.size()).toHex());
            line.append('\n');
            m_db.putCopyData(line);
        }
    });
}

void TracksMigrationLedger::removeCopied(const std::vector<qint64>& ids) {
    const QString list = pgPlainArray(idList(ids));
    const PgResult deleted =
        m_db.exec(QStringLiteral("DELETE FROM tracks WHERE id = ANY($1::bigint[])"), {list});
    if (deleted.affectedRows() != static_cast<long long>(ids.size()))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("%1: %2 of the %3 tracks to copy again were gone from "
                                   "the store; nothing was written")
                        .arg(m_target)
                        .arg(static_cast<long long>(ids.size()) - deleted.affectedRows())
                        .arg(ids.size()));
    m_db.exec(QStringLiteral("DELETE FROM tracks_migration_copied WHERE track_id = ANY($1::bigint[])"),
              {list});
}

void TracksMigrationLedger::recordRuns(qint64 count, qint64 maxId, const QByteArray& fingerprint) {
    m_db.exec(QStringLiteral("UPDATE tracks_migration SET runs_count = $1, runs_max_id = $2,"
                             " runs_fingerprint = decode($3, 'hex') WHERE source_identity = $4"),
              {static_cast<long long>(count), static_cast<long long>(maxId),
               QString::fromLatin1(fingerprint.toHex()), m_identity});
    m_runs = count;
    m_maxRunId = maxId;
    m_runsFingerprint = fingerprint;
}

void TracksMigrationLedger::recordDensity(const QByteArray& fingerprint) {
    m_db.exec(QStringLiteral("UPDATE tracks_migration SET density_fingerprint = decode($1, 'hex')"
                             " WHERE source_identity = $2"),
              {QString::fromLatin1(fingerprint.toHex()), m_identity});
    m_densityFingerprint = fingerprint;
}

void TracksMigrationLedger::markVerified() {
    m_db.exec(QStringLiteral("UPDATE tracks_migration SET verified_at = now() WHERE source_identity = $1"),
              {m_identity});
}

} // namespace tidemark::tracks
