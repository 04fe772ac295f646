#pragma once

#include "archivemanifest.h"
#include "testfiles.h" // readFile, writeFile
#include "timestamp.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>

class QJsonObject;

namespace tidemark {
class PgConnection;
class TaskFeedback;
} // namespace tidemark

namespace tidemark::archive {
class ArchiveStore;
}

namespace tidemark::test {

// The feedback of the engines' calls no operator watches: never paused or cancelled.
TaskFeedback& unwatched();

// `url` (file:// or s3://) made an archive as `tidemark-cli archive init` makes it (ArchiveInitJob, no
// database); returns it. Objects already there are adopted, or the test fails.
QString initialisedArchive(const QString& url);
// An archive as `tidemark-cli archive init` makes it (ArchiveInitJob, this machine's clock): the parents of
// `folder` are created when missing, init makes the folder (0700) and writes the marker (objects already
// there are adopted, or the test fails). Returns its file:// URL; every command opens only such an archive.
QString initialisedArchiveFolder(const QString& folder);
// openArchiveStore of initialisedArchiveFolder(folder).
std::unique_ptr<archive::ArchiveStore> openInitialisedArchive(const QString& folder);
// A new bucket (TestS3::createBucket(baseName), which also puts its key pair into the environment) with the
// archive's marker under `prefix` (at the bucket's root when empty); returns the archive's URL.
QString initialisedS3Archive(const QString& baseName, const QString& prefix = {});

// The archive tests' data: a fresh database `name` (TestPostgres), migrated for kudos, with `weeks` of
// generated kudos ending at archiveTestEnd() (a Monday, 2026-11-30). Returns its conninfo.
Micros archiveTestEnd();
// The week the archive tests export, [lo, hi): the one before the last generated week; and the export's
// instant.
struct ArchiveTestWeek {
    Micros lo = 0;
    Micros hi = 0;
    Micros exportedAt = 0;
};
ArchiveTestWeek archiveTestWeek();
QString archiveKudosDatabase(const QString& name, int weeks = 3, int users = 60, int workers = 20,
                             int teams = 3);

// Rewrites a JSON file (an archive manifest) with `change` applied to its top-level object.
void editJsonFile(const QString& path, const std::function<void(QJsonObject&)>& change);
// Flips bits of the byte in the middle of the file (made writable first: archive files are read-only).
void flipMiddleByte(const QString& path, char mask = 0x10);
QByteArray randomBytes(qint64 size, quint32 seed);

// Archive objects written without the exporter, as anyone who can write to the archive could: `content` calls
// its sink with the uncompressed bytes in chunks (so that a bomb's gigabytes are never held), they are
// compressed with zstd `level` into the directory archive `root` at archiveKeyOf(manifest), and `manifest`
// goes beside it with the object_sha256 and object_bytes of what was written. Returns that manifest.
using ContentWriter = std::function<void(const std::function<void(const char* data, qint64 length)>& sink)>;
archive::ArchiveManifest putArchiveObject(const QString& root, archive::ArchiveManifest manifest,
                                          const ContentWriter& content, int level = 3);
// What the exporter writes for `csv` as the kudos_ledger rows of [lo, hi) (digest, columns, rows, totals,
// content_bytes; the object's fields are putArchiveObject's).
archive::ArchiveManifest manifestOfCsv(const QByteArray& csv, Micros lo, Micros hi);
// The key the exporter gives the manifest's object (archiveObjectKey of its tier, dataset, partition, range).
QString archiveKeyOf(const archive::ArchiveManifest& manifest);
// `bytes` of CSV: a header line, then "1," and one field of 'a' to fill the rest, then a line feed.
ContentWriter oneHugeField(qint64 bytes);
// A header line and `rows` copies of one ledger-like row.
ContentWriter identicalRows(qint64 rows);

// The peak resident memory of this process (VmHWM) since the last resetPeakRss() (which writes 5 to
// /proc/self/clear_refs), in KiB.
void resetPeakRss();
qint64 peakRssKb();

// CSV records as PostgreSQL writes them; an unquoted empty field (NULL) is a null QString.
QList<QStringList> csvRecords(const QByteArray& csv);
// The records of a `COPY … TO STDOUT (FORMAT csv)` statement: an independent read of source rows.
QList<QStringList> copyRecords(PgConnection& db, const QString& copySql);

} // namespace tidemark::test
