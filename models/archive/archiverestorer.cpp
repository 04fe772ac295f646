#include "archiverestorer.h"

#include "archivestore.h"
#include "archiveverifier.h"
#include "checkedobjectreader.h"
#include "csvcontentdigest.h"
#include "csvrecordreader.h"
#include "error.h"
#include "filedescriptor.h"
#include "pgconnection.h"
#include "privatefiles.h"
#include "sqlitefile.h"
#include "taskfeedback.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tidemark::archive {

namespace {

// The columns a console filters and sorts on as numbers; every other value keeps the CSV's exact text.
bool isIntegerColumn(const QString& column) {
    return column == QLatin1String("id") || column == QLatin1String("user_id") ||
           column == QLatin1String("worker_user_id");
}

struct TableName {
    QString schema; // empty: the search path decides
    QString table;
    QString quoted() const {
        return schema.isEmpty() ? pgQuoteIdentifier(table)
                                : pgQuoteIdentifier(schema) + QLatin1Char('.') + pgQuoteIdentifier(table);
    }
};

// Unquoted identifiers, folded to lower case as PostgreSQL folds them: e.g. PUBLIC.KUDOS_LEDGER is
// public.kudos_ledger.
TableName parseTableName(const QString& schemaDotTable) {
    static const QRegularExpression form(
        QStringLiteral("^(?:([A-Za-z_][A-Za-z0-9_]*)\\.)?([A-Za-z_][A-Za-z0-9_]*)$"));
    const QRegularExpressionMatch m = form.match(schemaDotTable);
    if (!m.hasMatch())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("restore table '%1' is not schema.table or table (letters, digits, '_')")
                        .arg(schemaDotTable));
    return {m.captured(1).toLower(), m.captured(2).toLower()};
}

// The comment a restore table gets in the restore's transaction: which object's rows it holds.
const QLatin1String kRestoreMarkerStart("tidemark restore of ");
QString restoreMarker(const QString& objectKey, const ArchiveManifest& manifest) {
    return kRestoreMarkerStart +
           QStringLiteral("%1 content_sha256 %2").arg(objectKey, manifest.contentSha256);
}

// The SQL condition that `root` (a pg_class row) is a table of the dataset: named as one ($2, an array of
// names) in any schema, and not a restore table itself ($3, the marker's start).
const char* const kDatasetRoot =
    "root.relname = ANY($2::text[]) AND root.relkind IN ('r', 'p') AND "
    "left(COALESCE(obj_description(root.oid, 'pg_class'), ''), length($3)) <> $3";

// Whether `name` may take the restore of `objectKey`: a new name (true), or an earlier restore of this very
// object (false: it carries restoreMarker). Anything else is refused before any CREATE, LOCK or COPY: every
// dataset table of `layout` (in any schema) and every partition of one, any other partition, a relation that
// is not a plain table, an existing table that is not that earlier restore, and a new name that the
// dataset's own tables take in their schema (the table's name, or it and '_' and more: a future partition).
bool isNewRestoreTarget(PgConnection& connection, const ArchiveLayout& layout, const TableName& name,
                        const QString& objectKey, const ArchiveManifest& manifest) {
    const QString target = name.quoted();
    const QString datasets = QStringLiteral("{%1}").arg(layout.datasets.join(QLatin1Char(',')));
    const auto refuse = [&](const QString& why) {
        throw Error(Error::Kind::Refused,
                    QStringLiteral("restore table %1 %2; nothing was created or loaded").arg(target, why));
    };
    const PgResult existing = connection.exec(
        QStringLiteral(
            "SELECT c.relkind::text, c.relispartition, obj_description(c.oid, 'pg_class'), "
            "(SELECT root.relname::text FROM pg_class root WHERE %1 AND (root.oid = c.oid OR c.oid IN "
            "(SELECT relid FROM pg_partition_tree(root.oid))) LIMIT 1) "
            "FROM pg_class c WHERE c.oid = to_regclass($1)")
            .arg(QLatin1String(kDatasetRoot)),
        {target, datasets, QString(kRestoreMarkerStart)});
    if (existing.rows() == 0) {
        const PgResult reserved = connection.exec(
            QStringLiteral(
                "SELECT n.nspname::text, root.relname::text FROM pg_class root JOIN pg_namespace n "
                "ON n.oid = root.relnamespace WHERE %1 AND n.nspname = COALESCE(NULLIF($1, ''), "
                "current_schema()) AND ($4 = root.relname OR left($4, length(root.relname) + 1) = "
                "root.relname || '_') LIMIT 1")
                .arg(QLatin1String(kDatasetRoot)),
            {name.schema, datasets, QString(kRestoreMarkerStart), name.table});
        if (reserved.rows() > 0)
            refuse(QStringLiteral("would take a name of the dataset's in schema %1 (%2 or %2_…, its "
                                  "partitions' names); restore into another schema or name")
                       .arg(reserved.text(0, 0), reserved.text(0, 1)));
        return true;
    }
    if (!existing.isNull(0, 3))
        refuse(existing.text(0, 3) == name.table
                   ? QStringLiteral("is the dataset's table %1").arg(existing.text(0, 3))
                   : QStringLiteral("is a partition of the dataset's table %1").arg(existing.text(0, 3)));
    if (existing.toBool(0, 1))
        refuse(QStringLiteral("is a partition of another table"));
    if (existing.text(0, 0) != QLatin1String("r"))
        refuse(QStringLiteral("is not a plain table"));
    if (existing.isNull(0, 2) || existing.text(0, 2) != restoreMarker(objectKey, manifest))
        refuse(
            QStringLiteral("exists and is not an earlier restore of %1 (a restore table carries the comment "
                           "'%2'); restore into a new table")
                .arg(objectKey, restoreMarker(objectKey, manifest)));
    return false;
}

QStringList quotedColumns(const QStringList& columns) {
    QStringList quoted;
    for (const QString& c : columns)
        quoted.append(pgQuoteIdentifier(c));
    return quoted;
}

// The columns of `relation` (already quoted) and their SQL types, in ordinal order; empty when absent.
QList<QPair<QString, QString>> typedColumnsOf(PgConnection& connection, const QString& relation) {
    const PgResult result = connection.exec(
        QStringLiteral("SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a "
                       "WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped "
                       "ORDER BY a.attnum"),
        {relation});
    QList<QPair<QString, QString>> columns;
    for (int i = 0; i < result.rows(); ++i)
        columns.append({result.text(i, 0), result.text(i, 1)});
    return columns;
}

void createRestoreTable(PgConnection& connection, const TableName& name, const QString& objectKey,
                        const ArchiveManifest& manifest) {
    QHash<QString, QString> sourceTypes;
    for (const auto& [column, type] : typedColumnsOf(connection, pgQuoteIdentifier(manifest.dataset)))
        sourceTypes.insert(column, type);
    QStringList definitions;
    for (const QString& column : manifest.columns)
        definitions.append(pgQuoteIdentifier(column) + QLatin1Char(' ') +
                           sourceTypes.value(column, QStringLiteral("text")));
    if (!name.schema.isEmpty())
        connection.exec(QStringLiteral("CREATE SCHEMA IF NOT EXISTS %1").arg(pgQuoteIdentifier(name.schema)));
    connection.exec(
        QStringLiteral("CREATE TABLE %1 (%2)").arg(name.quoted(), definitions.join(QStringLiteral(", "))));
    // COMMENT takes no parameter: the server quotes the literal (%L) in a statement it returns.
    connection.exec(
        connection
            .exec(QStringLiteral("SELECT format('COMMENT ON TABLE %s IS %L', $1::regclass, $2::text)"),
                  {name.quoted(), restoreMarker(objectKey, manifest)})
            .text(0, 0));
}

// The content sha256 of the table's rows as the exporter writes them (header, rows by id; an id restored as
// text sorts as a number too).
QString tableContentSha256(PgConnection& connection, const QString& relation, const QStringList& columns) {
    CsvContentDigest digest;
    connection.copyOut(
        QStringLiteral("COPY (SELECT %1 FROM %2 ORDER BY id::numeric) TO STDOUT (FORMAT csv, HEADER)")
            .arg(quotedColumns(columns).join(QStringLiteral(", ")), relation),
        [&](const char* row, int length) { digest.feed(row, length); });
    digest.finish();
    return digest.contentSha256();
}

// The restore file's folder: created 0700 when missing (its parent must exist); refused when it is a
// symbolic link, not a folder, another user's, or open to its group or others. SQLite writes its journal
// beside the file, so the folder is part of what keeps the rows private.
void checkPrivateFolder(const QString& folder) {
    privatefiles::makeDir(folder);
    struct stat st {};
    if (::lstat(QFile::encodeName(folder).constData(), &st) != 0)
        throw Error(Error::Kind::Failed, QStringLiteral("cannot use the folder %1 of the restore file: %2")
                                             .arg(folder, QString::fromLocal8Bit(std::strerror(errno))));
    if ((st.st_mode & 077) != 0)
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("the folder %1 of the restore file is mode %2: restored rows go into a folder "
                           "only its owner can open (chmod 700 it, or choose another)")
                .arg(folder)
                .arg(uint(st.st_mode & 07777), 4, 8, QLatin1Char('0')));
}

// The restore file's descriptor, opened without following a link; -1 when there is none. A link, something
// that is not a regular file, or another user's file is refused.
int openOwnFile(const QString& path) {
    FileDescriptor fd(
        ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    const auto refuse = [&](const QString& why) {
        throw Error(Error::Kind::Refused, QStringLiteral("restore file %1 %2").arg(path, why));
    };
    if (fd.get() < 0) {
        if (errno == ENOENT)
            return -1;
        refuse(
            errno == ELOOP
                ? QStringLiteral("is a symbolic link")
                : QStringLiteral("cannot be opened: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
        refuse(QStringLiteral("is not a regular file"));
    if (st.st_uid != ::geteuid())
        refuse(QStringLiteral("belongs to another user (uid %1)").arg(st.st_uid));
    return fd.release();
}

// A new restore file is created 0600, exclusively and not through a link, in a private folder. Returns
// whether it was created.
bool preparePrivateFile(const QString& path) {
    checkPrivateFolder(QFileInfo(path).absolutePath());
    if (FileDescriptor(openOwnFile(path)).get() >= 0)
        return false;
    privatefiles::createExclusive(path, {});
    return true;
}

// An existing restore file, once known to be one, is tightened to 0600 (an older version wrote 0644).
void tightenPrivateFile(const QString& path) {
    const FileDescriptor fd(openOwnFile(path));
    if (fd.get() < 0 || ::fchmod(fd.get(), 0600) != 0)
        throw Error(Error::Kind::Failed, QStringLiteral("cannot make restore file %1 private (0600): %2")
                                             .arg(path, QString::fromLocal8Bit(std::strerror(errno))));
}

QString sqliteQuote(const QString& identifier) {
    return pgQuoteIdentifier(identifier); // SQLite quotes identifiers the same way
}

} // namespace

ArchiveRestorer::ArchiveRestorer(ArchiveStore& store, ArchiveLayout layout, ArchiveReadLimits limits)
    : m_store(store), m_layout(std::move(layout)), m_limits(limits) {}

ArchiveManifest ArchiveRestorer::verifyFirst(const QString& objectKey, TaskFeedback& feedback,
                                             Micros* verifiedAt) {
    const VerifyResult verified =
        ArchiveVerifier(m_store, m_layout, m_limits).verify(objectKey, nullptr, feedback);
    if (verified.cancelled)
        throw Error(Error::Kind::Cancelled,
                    QStringLiteral("the verification of %1 before its restore was cancelled after %2 bytes; "
                                   "nothing was loaded")
                        .arg(objectKey)
                        .arg(verified.objectBytesRead));
    if (!verified.ok)
        throw Error(Error::Kind::Refused,
                    QStringLiteral("archive object %1 in %2 failed verification, nothing was loaded: %3")
                        .arg(objectKey, m_store.describe(), verified.problems.join(QStringLiteral("; "))));
    *verifiedAt = nowMicros();
    return verified.manifest;
}

RestoreResult ArchiveRestorer::restoreIntoTable(const QString& objectKey, PgConnection& connection,
                                                const QString& schemaDotTable, TaskFeedback& feedback) {
    const TableName name = parseTableName(schemaDotTable);
    if (connection.inTransaction())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("a restore runs in a transaction of its own; %1 is inside one")
                        .arg(connection.describe()));
    RestoreResult result;
    result.objectKey = objectKey;
    result.target = name.quoted();
    result.manifest = verifyFirst(objectKey, feedback, &result.verifiedAt);
    const ArchiveManifest& manifest = result.manifest;
    const QString target = name.quoted();
    const QString columns = quotedColumns(manifest.columns).join(QStringLiteral(", "));

    connection.exec(QStringLiteral("BEGIN"));
    bool copying = false;
    try {
        connection.exec(QStringLiteral("SELECT set_config('DateStyle', 'ISO, YMD', true), "
                                       "set_config('IntervalStyle', 'postgres', true), "
                                       "set_config('extra_float_digits', '3', true), "
                                       "set_config('bytea_output', 'hex', true)"));
        if (isNewRestoreTarget(connection, m_layout, name, objectKey, manifest)) {
            createRestoreTable(connection, name, objectKey, manifest);
            result.tableCreated = true;
        } else {
            // No other restore may load into it between the check and the load.
            connection.exec(QStringLiteral("LOCK TABLE %1 IN SHARE ROW EXCLUSIVE MODE").arg(target));
            QStringList existing;
            for (const auto& column : typedColumnsOf(connection, target))
                existing.append(column.first);
            if (existing != manifest.columns)
                throw Error(Error::Kind::Refused,
                            QStringLiteral("restore table %1 has the columns (%2), the archive object %3 has "
                                           "(%4); restore into a new table")
                                .arg(target, existing.join(QStringLiteral(", ")), objectKey,
                                     manifest.columns.join(QStringLiteral(", "))));
            // Its comment says it holds this object's rows: they must still be exactly those.
            const PgResult held = connection.exec(QStringLiteral("SELECT count(*) FROM %1").arg(target));
            const bool same =
                held.toLong(0, 0) == manifest.rowCount && manifest.columns.contains(QLatin1String("id")) &&
                tableContentSha256(connection, target, manifest.columns) == manifest.contentSha256;
            if (!same)
                throw Error(
                    Error::Kind::Refused,
                    QStringLiteral("restore table %1 holds %2 row(s) that are no longer the rows of %3; "
                                   "restore into a new table")
                        .arg(target)
                        .arg(held.toLong(0, 0))
                        .arg(objectKey));
            connection.exec(QStringLiteral("COMMIT"));
            result.alreadyRestored = true;
            return result;
        }
        connection.beginCopyIn(
            QStringLiteral("COPY %1 (%2) FROM STDIN (FORMAT csv, HEADER)").arg(target, columns));
        copying = true;
        CheckedObjectReader reader(m_store, manifest, m_limits);
        reader.read(
            objectKey,
            [&](const char* data, qint64 length) { connection.putCopyData(data, static_cast<int>(length)); },
            feedback, QStringLiteral("restoring %1 into %2").arg(objectKey, target));
        copying = false;
        const long long loaded = connection.endCopyIn();
        result.objectBytes = reader.objectBytes();
        if (loaded != manifest.rowCount)
            throw Error(
                Error::Kind::Failed,
                QStringLiteral("COPY into %1 loaded %2 row(s), the manifest of %3 says %4; rolled back")
                    .arg(target)
                    .arg(loaded)
                    .arg(objectKey)
                    .arg(manifest.rowCount));
        result.rows = loaded;
        connection.exec(QStringLiteral("COMMIT"));
    } catch (...) {
        if (copying)
            connection.abortCopyIn(QStringLiteral("the restore of %1 stopped").arg(objectKey));
        connection.rollbackQuietly();
        throw;
    }
    return result;
}

RestoreResult ArchiveRestorer::restoreIntoSqlite(const QString& objectKey, const QString& sqlitePath,
                                                 TaskFeedback& feedback) {
    if (sqlitePath.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("no SQLite file named for the restore"));
    const QFileInfo info(sqlitePath);
    if (info.exists() && !info.isFile())
        throw Error(Error::Kind::Refused,
                    QStringLiteral("SQLite restore target %1 exists and is not a file").arg(sqlitePath));
    RestoreResult result;
    result.objectKey = objectKey;
    result.manifest = verifyFirst(objectKey, feedback, &result.verifiedAt);
    const ArchiveManifest& manifest = result.manifest;
    result.target = QStringLiteral("%1 table %2").arg(sqlitePath, manifest.dataset);

    const bool created = preparePrivateFile(sqlitePath);
    const auto removeCreated = [&] {
        if (!created)
            return;
        for (const char* suffix : {"", "-journal", "-wal", "-shm"})
            QFile::remove(sqlitePath + QLatin1String(suffix));
    };
    try {
        SqliteFile db(sqlitePath, SqliteFile::Mode::Create);
        bool inTransaction = false;
        try {
            db.exec(QStringLiteral("BEGIN IMMEDIATE"));
            inTransaction = true;
            const QString table = manifest.dataset;
            if (!created && !db.hasTable(QStringLiteral("restore_manifest")))
                throw Error(Error::Kind::Refused,
                            QStringLiteral("%1 is not a Tidemark restore file (no restore_manifest table); "
                                           "restore into a new file")
                                .arg(sqlitePath));
            if (!created)
                tightenPrivateFile(sqlitePath);
            db.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS restore_manifest (object_key TEXT PRIMARY "
                                   "KEY, dataset TEXT NOT NULL, rows INTEGER NOT NULL, content_sha256 TEXT "
                                   "NOT NULL, verified_at TEXT NOT NULL, manifest_json TEXT NOT NULL)"));
            {
                SqliteStatement known =
                    db.prepare(QStringLiteral("SELECT 1 FROM restore_manifest WHERE object_key = ?1"));
                known.bind(1, objectKey);
                result.alreadyRestored = known.step();
            }
            if (result.alreadyRestored) {
                db.exec(QStringLiteral("ROLLBACK"));
                return result;
            }
            if (db.hasTable(table)) {
                const QStringList existing = db.columnsOf(table);
                if (existing != manifest.columns)
                    throw Error(
                        Error::Kind::Refused,
                        QStringLiteral("table %1 of %2 has the columns (%3), the archive object %4 has "
                                       "(%5); restore into a new file")
                            .arg(table, sqlitePath, existing.join(QStringLiteral(", ")), objectKey,
                                 manifest.columns.join(QStringLiteral(", "))));
            } else {
                QStringList definitions;
                for (const QString& column : manifest.columns)
                    definitions.append(sqliteQuote(column) + (isIntegerColumn(column)
                                                                  ? QStringLiteral(" INTEGER")
                                                                  : QStringLiteral(" TEXT")));
                db.exec(QStringLiteral("CREATE TABLE %1 (%2)")
                            .arg(sqliteQuote(table), definitions.join(QStringLiteral(", "))));
                if (manifest.columns.contains(QLatin1String("user_id")) &&
                    manifest.columns.contains(QLatin1String("created")))
                    db.exec(QStringLiteral("CREATE INDEX %1 ON %2 (user_id, created)")
                                .arg(sqliteQuote(QStringLiteral("ix_%1_user_id").arg(table)),
                                     sqliteQuote(table)));
                result.tableCreated = true;
            }

            QStringList placeholders;
            for (int i = 1; i <= manifest.columns.size(); ++i)
                placeholders.append(QStringLiteral("?%1").arg(i));
            SqliteStatement insert = db.prepare(
                QStringLiteral("INSERT INTO %1 (%2) VALUES (%3)")
                    .arg(sqliteQuote(table), quotedColumns(manifest.columns).join(QStringLiteral(", ")),
                         placeholders.join(QStringLiteral(", "))));
            qint64 inserted = 0;
            bool header = true;
            CsvRecordReader records([&](const CsvRecordReader& record) {
                if (header) {
                    header = false; // the reader checks the header against the manifest
                    return;
                }
                for (int i = 0; i < record.fieldCount(); ++i) {
                    if (record.isNull(i))
                        insert.bindNull(i + 1);
                    else
                        insert.bind(i + 1, record.field(i).data(), record.field(i).size());
                }
                insert.step();
                insert.reset();
                ++inserted;
            });
            CheckedObjectReader reader(m_store, manifest, m_limits);
            reader.read(
                objectKey, [&](const char* data, qint64 length) { records.feed(data, length); }, feedback,
                QStringLiteral("restoring %1 into %2").arg(objectKey, sqlitePath));
            records.finish();
            if (inserted != manifest.rowCount)
                throw Error(Error::Kind::Failed,
                            QStringLiteral("%1 row(s) went into %2, the manifest of %3 says %4")
                                .arg(inserted)
                                .arg(sqlitePath, objectKey)
                                .arg(manifest.rowCount));
            SqliteStatement record =
                db.prepare(QStringLiteral("INSERT INTO restore_manifest (object_key, dataset, rows, "
                                          "content_sha256, verified_at, manifest_json) VALUES (?1, ?2, ?3, "
                                          "?4, ?5, ?6)"));
            record.bind(1, objectKey)
                .bind(2, manifest.dataset)
                .bind(3, inserted)
                .bind(4, manifest.contentSha256)
                .bind(5, formatIsoTimestamp(result.verifiedAt))
                .bind(6, manifest.toJson());
            record.step();
            db.exec(QStringLiteral("COMMIT"));
            inTransaction = false;
            result.rows = inserted;
            result.objectBytes = reader.objectBytes();
        } catch (...) {
            if (inTransaction)
                sqlite3_exec(db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
            throw;
        }
    } catch (...) {
        removeCreated();
        throw;
    }
    return result;
}

} // namespace tidemark::archive
