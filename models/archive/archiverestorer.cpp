#include "archiverestorer.h"

#include "archivestore.h"
#include "archiveverifier.h"
#include "checkedobjectreader.h"
#include "csvcontentdigest.h"
#include "csvrecordreader.h"
#include "error.h"
#include "pgconnection.h"
#include "sqlitefile.h"
#include "taskfeedback.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <memory>
#include <sqlite3.h>

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

TableName parseTableName(const QString& schemaDotTable) {
    static const QRegularExpression form(
        QStringLiteral("^(?:([A-Za-z_][A-Za-z0-9_]*)\\.)?([A-Za-z_][A-Za-z0-9_]*)$"));
    const QRegularExpressionMatch m = form.match(schemaDotTable);
    if (!m.hasMatch())
        throw Error(Error::Kind::Usage,
                    QStringLiteral("restore table '%1' is not schema.table or table (letters, digits, '_')")
                        .arg(schemaDotTable));
    return {m.captured(1), m.captured(2)};
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

void createRestoreTable(PgConnection& connection, const TableName& name, const ArchiveManifest& manifest) {
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

QString sqliteQuote(const QString& identifier) {
    return pgQuoteIdentifier(identifier); // SQLite quotes identifiers the same way
}

} // namespace

ArchiveRestorer::ArchiveRestorer(ArchiveStore& store, ArchiveReadLimits limits)
    : m_store(store), m_limits(limits) {}

ArchiveManifest ArchiveRestorer::verifyFirst(const QString& objectKey, TaskFeedback* feedback,
                                             Micros* verifiedAt) {
    const VerifyResult verified = ArchiveVerifier(m_store, m_limits).verify(objectKey, nullptr, feedback);
    if (!verified.ok)
        throw Error(Error::Kind::Refused,
                    QStringLiteral("archive object %1 in %2 failed verification, nothing was loaded: %3")
                        .arg(objectKey, m_store.describe(), verified.problems.join(QStringLiteral("; "))));
    *verifiedAt = nowMicros();
    return verified.manifest;
}

RestoreResult ArchiveRestorer::restoreIntoTable(const QString& objectKey, PgConnection& connection,
                                                const QString& schemaDotTable, TaskFeedback* feedback) {
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
        if (connection.exec(QStringLiteral("SELECT to_regclass($1)"), {target}).isNull(0, 0)) {
            createRestoreTable(connection, name, manifest);
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
            const PgResult held = connection.exec(QStringLiteral("SELECT count(*) FROM %1").arg(target));
            if (held.toLong(0, 0) > 0) {
                const bool same =
                    held.toLong(0, 0) == manifest.rowCount &&
                    manifest.columns.contains(QLatin1String("id")) &&
                    tableContentSha256(connection, target, manifest.columns) == manifest.contentSha256;
                if (!same)
                    throw Error(
                        Error::Kind::Refused,
                        QStringLiteral("restore table %1 already holds %2 row(s) that are not the rows "
                                       "of %3; restore into an empty or new table")
                            .arg(target)
                            .arg(held.toLong(0, 0))
                            .arg(objectKey));
                connection.exec(QStringLiteral("COMMIT"));
                result.alreadyRestored = true;
                return result;
            }
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
                                                 TaskFeedback* feedback) {
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

    const bool created = !info.exists();
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
