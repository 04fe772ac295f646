#pragma once

#include "testfiles.h" // readFile, writeFile
#include "timestamp.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>

class QJsonObject;

namespace tidemark {
class PgConnection;
}

namespace tidemark::test {

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

// CSV records as PostgreSQL writes them; an unquoted empty field (NULL) is a null QString.
QList<QStringList> csvRecords(const QByteArray& csv);
// The records of a `COPY … TO STDOUT (FORMAT csv)` statement: an independent read of source rows.
QList<QStringList> copyRecords(PgConnection& db, const QString& copySql);

} // namespace tidemark::test
