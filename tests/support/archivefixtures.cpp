#include "archivefixtures.h"

#include "csvrecordreader.h"
#include "demokudosloader.h"
#include "pgconnection.h"
#include "schemamigrator.h"
#include "testpostgres.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

namespace tidemark::test {

Micros archiveTestEnd() {
    return parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));
}

ArchiveTestWeek archiveTestWeek() {
    const Micros end = archiveTestEnd();
    return {end - 14 * kMicrosPerDay, end - 7 * kMicrosPerDay,
            parseIsoTimestamp(QStringLiteral("2026-12-01T02:00:00Z"))};
}

QString archiveKudosDatabase(const QString& name, int weeks, int users, int workers, int teams) {
    const QString conninfo = TestPostgres::createDatabase(name);
    auto db = PgConnection::open(conninfo);
    SchemaMigrator(*db, QStringLiteral("kudos")).migrate();
    demo::KudosGeneratorOptions options;
    options.end = archiveTestEnd();
    options.weeks = weeks;
    options.users = users;
    options.workers = workers;
    options.teams = teams;
    if (demo::DemoKudosLoader(conninfo, options).load() <= 0)
        qFatal("no kudos rows generated for %s", qPrintable(name));
    return conninfo;
}

void editJsonFile(const QString& path, const std::function<void(QJsonObject&)>& change) {
    QJsonObject o = QJsonDocument::fromJson(readFile(path)).object();
    change(o);
    writeFile(path, QJsonDocument(o).toJson());
}

void flipMiddleByte(const QString& path, char mask) {
    QFile::setPermissions(path, QFile::permissions(path) | QFile::WriteOwner);
    QByteArray bytes = readFile(path);
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ mask);
    writeFile(path, bytes);
}

QByteArray randomBytes(qint64 size, quint32 seed) {
    QRandomGenerator random(seed);
    QByteArray bytes(size, Qt::Uninitialized);
    random.fillRange(reinterpret_cast<quint32*>(bytes.data()), size / 4);
    return bytes;
}

namespace {
archive::CsvRecordReader recordsInto(QList<QStringList>& rows) {
    return archive::CsvRecordReader([&rows](const archive::CsvRecordReader& r) {
        QStringList row;
        for (int i = 0; i < r.fieldCount(); ++i)
            row.append(r.isNull(i) ? QString() : QString::fromUtf8(r.field(i)));
        rows.append(row);
    });
}
} // namespace

QList<QStringList> csvRecords(const QByteArray& csv) {
    QList<QStringList> rows;
    archive::CsvRecordReader reader = recordsInto(rows);
    reader.feed(csv.constData(), csv.size());
    reader.finish();
    return rows;
}

QList<QStringList> copyRecords(PgConnection& db, const QString& copySql) {
    QList<QStringList> rows;
    archive::CsvRecordReader reader = recordsInto(rows);
    db.copyOut(copySql, [&](const char* data, int length) { reader.feed(data, length); });
    reader.finish();
    return rows;
}

} // namespace tidemark::test
