#pragma once

#include "archivelayout.h"
#include "archivemanifest.h"
#include "archivereadlimits.h"
#include "timestamp.h"

#include <QString>
#include <functional>

namespace tidemark {
class PgConnection;
class TaskFeedback;
} // namespace tidemark

namespace tidemark::archive {

class ArchiveStore;

// What to export: the rows of `partition` (a partition of `table`, or `table` itself when empty or equal)
// with lo <= created < hi, into the archive tier `tier`; the table is a dataset and the tier a tier of the
// exporter's layout.
struct ExportSource {
    QString tier;
    QString table;
    QString partition;
    Micros lo = 0;
    Micros hi = 0;
};

struct ExportResult {
    QString objectKey;
    QString manifestKey;
    QString objectSha256;
    qint64 objectBytes = 0;
    qint64 rows = 0;
    ArchiveManifest manifest;
    bool adopted = false; // the object was already in the store (an earlier run uploaded it) and matched
};

// Exports one range of a partition as CSV (header, rows by id, the table's columns in ordinal order),
// compressed with zstd into a temporary file while the CSV's sha256 and control totals are computed, then
// uploads it write-once with its manifest (schema_version 2, content_bytes included) beside it. The COPY and
// the digest run on the caller's thread (the connection's), the compression on a thread of a
// CsvArchiveEncoder, fed through a bounded queue: memory stays flat whatever the partition's size.
class PartitionExporter {
  public:
    // `layout` names the tables and tiers it may export; `limits` bound the read-back of an object that is
    // already in the store.
    PartitionExporter(PgConnection& connection, ArchiveStore& store, ArchiveLayout layout, int zstdLevel = 3,
                      ArchiveReadLimits limits = {});

    // beforeUpload gets the measured object size just before the upload and throws to refuse it (the tier's
    // budget); nothing is written then. When the object already exists (a run died after uploading it), it
    // is not written again: it is read back (no further than the rows' own CSV's size and row count) and
    // compared with the rows by content sha256, row count, columns and totals; if it matches, a missing
    // manifest is written and the result is adopted, else Error(Refused) names the key. A manifest without
    // its object is refused too. exportedAt goes into the manifest. The feedback gets the rows and CSV bytes
    // read and is checked every kRowsPerCheckpoint rows of the COPY, once more before the upload, and at
    // each chunk of an existing object's read-back: a cancel stops there, throws Error(Cancelled) saying how
    // many rows had been read and writes nothing (no object, no manifest; the temporary file is removed). A
    // source outside the layout (a table that is not one of its datasets, a tier that is not one of its
    // tiers) or whose manifest would not agree with its key (manifestKeyDisagreement: a partition not named
    // as one of the table's) is Error(Usage) before anything is read.
    ExportResult exportRange(const ExportSource& source, Micros exportedAt, TaskFeedback& feedback,
                             const std::function<void(qint64 objectBytes)>& beforeUpload = {});

    // The kind of the private folders the temporary files go to ($TMPDIR/tidemark-export-<pid>-XXXXXX).
    static inline const QString kScratchKind = QStringLiteral("export");

    // How many rows of the COPY go between two checks of the feedback.
    static constexpr qint64 kRowsPerCheckpoint = 4096;

    // The columns of `table` in ordinal order; Error(Schema) when the table does not exist.
    static QStringList columnsOf(PgConnection& connection, const QString& table);

    // zstd compresses on a thread of its own as well (see ZstdStreamWriter); off by default.
    void setZstdBackgroundThread(bool on) { m_zstdBackgroundThread = on; }
    // Everything on the caller's thread, one step after the other (the exporter before the pipeline; for
    // comparison in bench_archive); off by default.
    void setSerial(bool on) { m_serial = on; }

  private:
    PgConnection& m_connection;
    ArchiveStore& m_store;
    ArchiveLayout m_layout;
    int m_zstdLevel;
    ArchiveReadLimits m_limits;
    bool m_zstdBackgroundThread = false;
    bool m_serial = false;
};

} // namespace tidemark::archive
