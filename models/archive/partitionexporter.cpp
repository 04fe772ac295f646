#include "partitionexporter.h"

#include "archiveobjectscanner.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "csvarchiveencoder.h"
#include "error.h"
#include "pgconnection.h"
#include "processtempdir.h"
#include "taskfeedback.h"

#include <QDir>
#include <QTemporaryFile>
#include <algorithm>
#include <optional>

namespace tidemark::archive {

namespace {

// Why an object already in the store is not the export of these rows; empty when it is.
QString adoptionProblem(const ObjectScan& scan, const CsvContentDigest& fresh) {
    if (!scan.contentProblem.isEmpty())
        return scan.contentProblem;
    if (scan.contentSha256 != fresh.contentSha256())
        return QStringLiteral("content sha256 %1, the rows give %2")
            .arg(shortSha(scan.contentSha256), shortSha(fresh.contentSha256()));
    if (scan.rows != fresh.rows())
        return QStringLiteral("%1 rows, the partition %2").arg(scan.rows).arg(fresh.rows());
    if (scan.columns != fresh.columns() || scan.totals != fresh.totals())
        return QStringLiteral("other columns or control totals");
    return {};
}

// Whether an existing manifest describes the same export (the export time and exporter may differ, and a
// schema_version 1 manifest has no content_bytes).
bool sameExport(const ArchiveManifest& a, const ArchiveManifest& b) {
    return (!a.contentBytes || !b.contentBytes || a.contentBytes == b.contentBytes) &&
           a.dataset == b.dataset && a.tier == b.tier && a.partition == b.partition &&
           a.createdFrom == b.createdFrom && a.createdTo == b.createdTo && a.rowCount == b.rowCount &&
           a.columns == b.columns && a.totals == b.totals && a.contentSha256 == b.contentSha256 &&
           a.objectSha256 == b.objectSha256 && a.objectBytes == b.objectBytes;
}

void putBytes(ArchiveStore& store, const QString& key, const QByteArray& bytes,
              const ProcessTempDir& scratch) {
    QTemporaryFile file(scratch.filePath(QStringLiteral("manifest-XXXXXX.json")));
    if (!file.open() || file.write(bytes) != bytes.size() || !file.flush())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot write a temporary file for %1: %2").arg(key, file.errorString()));
    store.putFile(key, file.fileName());
}

// A transaction of our own unless the caller holds one, with the output settings that fix the CSV's text.
class ExportTransaction {
  public:
    explicit ExportTransaction(PgConnection& connection)
        : m_connection(connection), m_own(!connection.inTransaction()) {
        if (m_own)
            m_connection.exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"));
        m_connection.exec(QStringLiteral("SELECT set_config('DateStyle', 'ISO, YMD', true), "
                                         "set_config('IntervalStyle', 'postgres', true), "
                                         "set_config('extra_float_digits', '3', true), "
                                         "set_config('bytea_output', 'hex', true)"));
    }
    ~ExportTransaction() {
        if (m_own && m_connection.inTransaction())
            m_connection.rollbackQuietly();
    }
    void commit() {
        if (m_own)
            m_connection.exec(QStringLiteral("COMMIT"));
    }

  private:
    PgConnection& m_connection;
    bool m_own;
};

} // namespace

PartitionExporter::PartitionExporter(PgConnection& connection, ArchiveStore& store, ArchiveLayout layout,
                                     int zstdLevel, ArchiveReadLimits limits)
    : m_connection(connection), m_store(store), m_layout(std::move(layout)), m_zstdLevel(zstdLevel),
      m_limits(limits) {
    if (zstdLevel < 1 || zstdLevel > 19)
        throw Error(Error::Kind::Settings,
                    QStringLiteral("TIDEMARK_ARCHIVE_ZSTD_LEVEL is %1, expected 1-19").arg(zstdLevel));
}

QStringList PartitionExporter::columnsOf(PgConnection& connection, const QString& table) {
    const PgResult result = connection.exec(
        QStringLiteral("SELECT a.attname FROM pg_attribute a WHERE a.attrelid = to_regclass($1) "
                       "AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum"),
        {pgQuoteIdentifier(table)});
    QStringList columns;
    for (int i = 0; i < result.rows(); ++i)
        columns.append(result.text(i, 0));
    if (columns.isEmpty())
        throw Error(Error::Kind::Schema,
                    QStringLiteral("table %1 does not exist in %2").arg(table, connection.describe()));
    return columns;
}

ExportResult PartitionExporter::exportRange(const ExportSource& source, Micros exportedAt,
                                            TaskFeedback& feedback,
                                            const std::function<void(qint64)>& beforeUpload) {
    const QString relation = source.partition.isEmpty() ? source.table : source.partition;
    ExportResult result;
    if (!m_layout.hasDataset(source.table))
        throw Error(Error::Kind::Usage, QStringLiteral("cannot export %1: table %2 is not %3")
                                            .arg(relation, source.table, m_layout.expectedDatasets()));
    result.objectKey = archiveObjectKey(m_layout, source.tier, source.table, relation, source.lo, source.hi);
    result.manifestKey = manifestKeyFor(result.objectKey);
    ArchiveManifest& manifest = result.manifest;
    manifest.dataset = source.table;
    manifest.tier = source.tier;
    manifest.partition = relation;
    manifest.createdFrom = source.lo;
    manifest.createdTo = source.hi;
    // The verifier holds every manifest to its key: refuse what would not verify before anything is read.
    if (const QString problem = manifestKeyDisagreement(result.objectKey, manifest, m_layout);
        !problem.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("cannot export %1: %2").arg(relation, problem));

    const bool objectExists = m_store.exists(result.objectKey);
    if (!objectExists && m_store.exists(result.manifestKey))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("archive manifest %1 exists in %2 without its object; check it by hand")
                        .arg(result.manifestKey, m_store.describe()));

    ExportTransaction transaction(m_connection);
    const QStringList columns = columnsOf(m_connection, source.table);
    if (!m_connection.relationExists(relation))
        throw Error(
            Error::Kind::Schema,
            QStringLiteral("partition %1 does not exist in %2").arg(relation, m_connection.describe()));
    QStringList quoted;
    for (const QString& column : columns)
        quoted.append(pgQuoteIdentifier(column));
    const QString sql =
        QStringLiteral("COPY (SELECT %1 FROM %2 WHERE created >= %3 AND created < %4 ORDER BY id) "
                       "TO STDOUT (FORMAT csv, HEADER)")
            .arg(quoted.join(QStringLiteral(", ")), pgQuoteIdentifier(relation),
                 pgTimestampLiteral(source.lo), pgTimestampLiteral(source.hi));

    // The compressed object goes to a temporary file, never into memory; an adopted object needs none. The
    // encoder (declared after the file: it stops writing before the file is removed) digests and compresses
    // on a worker thread each while this thread, which owns the connection, only reads the COPY (on a quiet
    // machine of two cores 0.54-0.60 s for 65.8 MB; the digest on this thread measured no faster, both on
    // one worker slower). The file is given up to the store, which may link it instead of copying it.
    // The files are in a private folder of this export's own, removed with them whatever happens; one that a
    // killed process left is removed by the next retention run (ProcessTempDir::removeAbandoned).
    const ProcessTempDir scratch(QDir::tempPath(), kScratchKind);
    std::optional<QTemporaryFile> file;
    if (!objectExists) {
        file.emplace(scratch.filePath(QStringLiteral("object-XXXXXX.csv.zst")));
        if (!file->open())
            throw Error(Error::Kind::Failed, QStringLiteral("cannot create a temporary file in %1: %2")
                                                 .arg(scratch.path(), file->errorString()));
    }
    CsvArchiveEncoder encoder(file ? &*file : nullptr, m_zstdLevel, m_zstdBackgroundThread,
                              m_serial ? CsvArchiveEncoder::Threads::Caller
                                       : CsvArchiveEncoder::Threads::Pipelined);
    qint64 copied = 0; // lines of the COPY, the header's included
    qint64 copiedBytes = 0;
    const auto checkpoint = [&] {
        if (!feedback.checkpoint())
            throw Error(Error::Kind::Cancelled,
                        QStringLiteral("the export of %1 [%2, %3) was cancelled after %4 row(s) (%5 bytes of "
                                       "CSV) were read; nothing was written to %6")
                            .arg(relation, formatIsoTimestamp(source.lo), formatIsoTimestamp(source.hi))
                            .arg(std::max<qint64>(copied - 1, 0))
                            .arg(copiedBytes)
                            .arg(m_store.describe()));
    };
    m_connection.copyOut(sql, [&](const char* row, int length) {
        encoder.write(row, length);
        copiedBytes += length;
        if (++copied % kRowsPerCheckpoint == 0) {
            checkpoint();
            feedback.report(TaskProgress{
                QStringLiteral("exporting %1").arg(relation), 0, -1, copied - 1, copiedBytes, -1, {}});
        }
    });
    encoder.finish();
    checkpoint();
    const CsvContentDigest& content = encoder.content();
    transaction.commit();
    if (content.columns() != columns)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("the CSV header of %1 does not match its columns").arg(relation));

    manifest.rowCount = content.rows();
    manifest.columns = columns;
    manifest.totals = content.totals();
    manifest.contentSha256 = content.contentSha256();
    manifest.contentBytes = content.contentBytes();
    manifest.compressionLevel = m_zstdLevel;
    manifest.exportedAt = exportedAt;
    manifest.exporter = archiveExporterName();
    result.rows = content.rows();

    if (objectExists) {
        // The object there is outside bytes until it matches: read no further than these rows would go.
        ObjectReadCaps caps;
        caps.contentBytes = content.contentBytes();
        caps.contentBytesRule = QStringLiteral("the size of the rows' CSV");
        caps.recordBytes = m_limits.maxRecordBytes;
        caps.rows = content.rows();
        const ObjectScan scan = ArchiveObjectScanner::scan(m_store, result.objectKey, caps, feedback);
        if (scan.cancelled)
            throw Error(
                Error::Kind::Cancelled,
                QStringLiteral("the export of %1 was cancelled while %2, already in %3, was read back; "
                               "nothing was written")
                    .arg(relation, result.objectKey, m_store.describe()));
        const QString problem = adoptionProblem(scan, content);
        if (!problem.isEmpty())
            throw Error(Error::Kind::Refused,
                        QStringLiteral("archive object %1 already exists in %2 and is not the export of %3 "
                                       "[%4, %5): %6; it is kept, check it by hand")
                            .arg(result.objectKey, m_store.describe(), relation,
                                 formatIsoTimestamp(source.lo), formatIsoTimestamp(source.hi), problem));
        manifest.objectSha256 = scan.objectSha256;
        manifest.objectBytes = scan.objectBytes;
        result.adopted = true;
        if (m_store.exists(result.manifestKey)) {
            const ArchiveManifest existing =
                ArchiveManifest::parse(m_store.readAll(result.manifestKey), m_layout);
            if (!sameExport(existing, manifest))
                throw Error(
                    Error::Kind::Refused,
                    QStringLiteral("archive manifest %1 in %2 does not describe its object; check it by hand")
                        .arg(result.manifestKey, m_store.describe()));
            manifest = existing;
        } else {
            putBytes(m_store, result.manifestKey, manifest.toJson(), scratch);
        }
    } else {
        manifest.objectSha256 = encoder.objectSha256();
        manifest.objectBytes = encoder.objectBytes();
        if (beforeUpload)
            beforeUpload(manifest.objectBytes);
        m_store.publishFile(result.objectKey, file->fileName());
        putBytes(m_store, result.manifestKey, manifest.toJson(), scratch);
    }
    result.objectSha256 = manifest.objectSha256;
    result.objectBytes = manifest.objectBytes;
    return result;
}

} // namespace tidemark::archive
