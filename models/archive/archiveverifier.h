#pragma once

#include "archivelayout.h"
#include "archivemanifest.h"
#include "archivereadlimits.h"

#include <QString>
#include <QStringList>

namespace tidemark {
class PgConnection;
class TaskFeedback;
} // namespace tidemark

namespace tidemark::archive {

class ArchiveStore;

struct VerifyResult {
    bool ok = false;
    QStringList problems;     // one line each, e.g. "object sha256 differs: manifest ab12.., object cd34.."
    ArchiveManifest manifest; // as read (default when missing or unreadable)
    qint64 rows = 0;          // data rows found in the object
    // The feedback cancelled the read of the object between two chunks: ok is false, the problems are those
    // found before, objectBytesRead says how far the read went.
    bool cancelled = false;
    qint64 objectBytesRead = 0;
};

// Checks an archive object against its manifest: the manifest parses under the layout (its dataset and tier
// are the layout's) and agrees with the key (manifestKeyDisagreement),
// the object's sha256 and size, the decompressed CSV's sha256, header, row count and per-user totals; with
// `online`, also the partition's rows in [created_from, created_to) (count and totals by SQL) against the
// manifest, once the partition has the manifest's columns. Without a manifest that parses the object is not
// decompressed. The object is read within the caps of its manifest and `limits` (ObjectReadCaps). Every
// mismatch, a missing or foreign manifest or object, a key the store refuses, a cap passed, a corrupt or
// truncated frame is a problem line, not an exception; a store or server that cannot be reached throws
// Error(Connection). A cancel of the feedback stops the object's read at its next chunk and returns the
// result with `cancelled` (no online check then).
class ArchiveVerifier {
  public:
    ArchiveVerifier(ArchiveStore& store, ArchiveLayout layout, ArchiveReadLimits limits = {});
    VerifyResult verify(const QString& objectKey, PgConnection* online, TaskFeedback& feedback);

    // Per-key totals and the row count of `relation`'s rows with from <= created < to, by SQL, keyed as
    // ControlTotalsCounter keys them (the key, amount and escrow columns taken from `columns`).
    static ControlTotals onlineTotals(PgConnection& connection, const QString& relation,
                                      const QStringList& columns, Micros from, Micros to, qint64* rows);

  private:
    void checkObject(const QString& objectKey, const ArchiveManifest& manifest, TaskFeedback& feedback,
                     VerifyResult& result);
    void checkOnline(PgConnection& online, const ArchiveManifest& manifest, VerifyResult& result);

    ArchiveStore& m_store;
    ArchiveLayout m_layout;
    ArchiveReadLimits m_limits;
};

} // namespace tidemark::archive
