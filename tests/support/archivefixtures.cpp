#include "archivefixtures.h"

#include "archiveinitjob.h"
#include "archiveurl.h"
#include "csvcontentdigest.h"
#include "csvrecordreader.h"
#include "demokudosloader.h"
#include "directorystore.h"
#include "kudosarchivelayout.h"
#include "kudosschema.h"
#include "pgconnection.h"
#include "schemamigrator.h"
#include "sha256stream.h"
#include "taskfeedback.h"
#include "testpostgres.h"
#include "tests3.h"
#include "zstdstreamwriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTemporaryFile>

namespace tidemark::test {

TaskFeedback& unwatched() {
    static TaskFeedback feedback;
    return feedback;
}

QString initialisedArchive(const QString& url) {
    archive::ArchiveInitRequest request;
    request.archiveUrl = url;
    request.layout = kudos::kudosArchiveLayout();
    const archive::ArchiveInitReport report = archive::ArchiveInitJob::run(request, unwatched());
    if (report.refused() || report.cancelled)
        qFatal("archive init of %s: %s", qPrintable(url), qPrintable(report.refusal()));
    return url;
}

QString initialisedArchiveFolder(const QString& folder) {
    // The parents only: archive init makes the folder itself (0700) when it is missing.
    if (!QDir().mkpath(QFileInfo(folder).path()))
        qFatal("cannot create the parent of %s", qPrintable(folder));
    return initialisedArchive(QStringLiteral("file://") + QDir::cleanPath(folder));
}

std::unique_ptr<archive::ArchiveStore> openInitialisedArchive(const QString& folder) {
    return archive::openArchiveStore(initialisedArchiveFolder(folder));
}

QString initialisedS3Archive(const QString& baseName, const QString& prefix) {
    QString url = TestS3::createBucket(baseName);
    if (!prefix.isEmpty())
        url.insert(url.indexOf(QLatin1Char('?')), QLatin1Char('/') + prefix);
    return initialisedArchive(url);
}

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
    SchemaMigrator(*db, kudos::kudosSchema()).migrate();
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

QString archiveKeyOf(const archive::ArchiveManifest& manifest) {
    return archive::archiveObjectKey(kudos::kudosArchiveLayout(), manifest.tier, manifest.dataset,
                                     manifest.partition, manifest.createdFrom, manifest.createdTo);
}

archive::ArchiveManifest putArchiveObject(const QString& root, archive::ArchiveManifest manifest,
                                          const ContentWriter& content, int level) {
    QTemporaryFile object;
    if (!object.open())
        qFatal("cannot create a temporary file");
    archive::Sha256Stream hash;
    archive::ZstdStreamWriter writer(
        [&](const char* data, qint64 length) {
            hash.add(data, length);
            object.write(data, length);
        },
        level);
    content([&](const char* data, qint64 length) { writer.write(data, length); });
    writer.finish();
    object.flush();
    manifest.objectSha256 = hash.hex();
    manifest.objectBytes = writer.bytesOut();
    archive::DirectoryStore store(root);
    const QString key = archiveKeyOf(manifest);
    store.putFile(key, object.fileName());
    QTemporaryFile json;
    if (!json.open() || json.write(manifest.toJson()) < 0 || !json.flush())
        qFatal("cannot write a temporary file");
    store.putFile(archive::manifestKeyFor(key), json.fileName());
    return manifest;
}

archive::ArchiveManifest manifestOfCsv(const QByteArray& csv, Micros lo, Micros hi) {
    archive::CsvContentDigest digest;
    digest.feed(csv.constData(), csv.size());
    digest.finish();
    archive::ArchiveManifest m;
    m.dataset = QStringLiteral("kudos_ledger");
    m.tier = QStringLiteral("currency");
    m.partition = QStringLiteral("kudos_ledger");
    m.createdFrom = lo;
    m.createdTo = hi;
    m.rowCount = digest.rows();
    m.columns = digest.columns();
    m.totals = digest.totals();
    m.contentSha256 = digest.contentSha256();
    m.contentBytes = digest.contentBytes();
    m.exportedAt = hi;
    m.exporter = archive::archiveExporterName();
    m.objectSha256 = QString(64, QLatin1Char('0')); // until putArchiveObject
    m.objectBytes = 1;
    return m;
}

namespace {
const QByteArray kLedgerHeader = "id,created,user_id,amount\n";
} // namespace

ContentWriter oneHugeField(qint64 bytes) {
    return [bytes](const std::function<void(const char*, qint64)>& sink) {
        const QByteArray start = kLedgerHeader + "1,";
        sink(start.constData(), start.size());
        const QByteArray chunk(1024 * 1024, 'a');
        for (qint64 left = bytes - start.size() - 1; left > 0; left -= chunk.size())
            sink(chunk.constData(), std::min<qint64>(left, chunk.size()));
        sink("\n", 1);
    };
}

ContentWriter identicalRows(qint64 rows) {
    return [rows](const std::function<void(const char*, qint64)>& sink) {
        sink(kLedgerHeader.constData(), kLedgerHeader.size());
        const QByteArray row = "1,2026-11-16 00:00:00,17,1.00\n";
        const QByteArray chunk = row.repeated(16384);
        qint64 left = rows;
        for (; left >= 16384; left -= 16384)
            sink(chunk.constData(), chunk.size());
        for (; left > 0; --left)
            sink(row.constData(), row.size());
    };
}

void resetPeakRss() {
    QFile refs(QStringLiteral("/proc/self/clear_refs"));
    if (!refs.open(QIODevice::WriteOnly) || refs.write("5") != 1)
        qFatal("cannot reset the peak RSS through /proc/self/clear_refs");
}

qint64 peakRssKb() {
    static const QRegularExpression hwm(QStringLiteral("VmHWM:\\s+(\\d+) kB"));
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        qFatal("cannot read /proc/self/status");
    const QRegularExpressionMatch m = hwm.match(QString::fromLatin1(status.readAll()));
    if (!m.hasMatch())
        qFatal("no VmHWM in /proc/self/status");
    return m.captured(1).toLongLong();
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
