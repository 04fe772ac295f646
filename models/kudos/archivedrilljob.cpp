#include "archivedrilljob.h"

#include "archivedrill.h"
#include "archivelisting.h"
#include "archiveprogressscope.h"
#include "archiverestorer.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "cents.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "kudosschema.h"
#include "metricstextfile.h"
#include "privatefiles.h"
#include "processidentity.h"
#include "processtempdir.h"
#include "sqlitefile.h"
#include "taskfeedback.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QRegularExpression>
#include <atomic>
#include <map>
#include <optional>
#include <unistd.h>

namespace tidemark::kudos {

namespace {

const QString kStatistics = QStringLiteral("statistics");
const QString kCurrency = QStringLiteral("currency");

QString tierOf(const QString& key) {
    return key.section(QLatin1Char('/'), 0, 0);
}

QJsonObject problem(const QString& message) {
    return QJsonObject{{QStringLiteral("message"), message}};
}

// The scratch file and what SQLite writes beside it, removed whatever happens to the drill.
struct ScratchFile {
    QString path;
    ~ScratchFile() { remove(); }
    void remove() const {
        for (const char* suffix : {"", "-journal", "-wal", "-shm"})
            QFile::remove(path + QLatin1String(suffix));
    }
};

// The drill's own scratch folders under $TMPDIR: tidemark-drill-<pid>-XXXXXX (ProcessTempDir).
const QString kDrillScratchKind = QStringLiteral("drill");

// Scratch files of drills whose process is gone (killed, or the machine went down): drill-<pid>-….
int removeStaleScratch(const QString& folder) {
    static const QRegularExpression name(QStringLiteral("^drill-(\\d+)-\\d+\\.sqlite(-journal|-wal|-shm)?$"));
    int removed = 0;
    const QStringList files = QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::System);
    for (const QString& file : files) {
        const QRegularExpressionMatch m = name.match(file);
        if (!m.hasMatch())
            continue;
        if (processidentity::running(m.captured(1).toLongLong()))
            continue; // its drill may still be running (this process's own included)
        privatefiles::remove(QDir(folder).filePath(file));
        removed += m.captured(2).isEmpty() ? 1 : 0;
    }
    return removed;
}

// The catalog's entry of an object: what it must agree with, and the range its replacement covers.
struct CatalogObject {
    QString dataset, state, objectSha256;
    Micros lo = 0, hi = 0;
    std::optional<qint64> rowCount;
};

std::optional<CatalogObject> catalogObject(PgConnection& db, const QString& key) {
    const PgResult r =
        db.exec(QStringLiteral("SELECT dataset, %1, %2, state, row_count, coalesce(object_sha256, '')"
                               " FROM kudos_retention_catalog WHERE archive_key = $1 ORDER BY lo LIMIT 1")
                    .arg(microsOf(QStringLiteral("lo")), microsOf(QStringLiteral("hi"))),
                {key});
    if (r.rows() == 0)
        return std::nullopt;
    CatalogObject c;
    c.dataset = r.text(0, 0);
    c.lo = r.toLong(0, 1);
    c.hi = r.toLong(0, 2);
    c.state = r.text(0, 3);
    if (!r.isNull(0, 4))
        c.rowCount = r.toLong(0, 4);
    c.objectSha256 = r.text(0, 5);
    return c;
}

// The lines of the restored rows, in the comparison's key order: one scan of the scratch file's table adds
// each row into its key's line (exact cents), so memory grows with the lines (users × accounts × entry types
// × days), not with the rows, and no sort of the rows is needed (SQLite's GROUP BY sorted every row, which
// took longer than the restore itself).
class RestoredLines {
  public:
    RestoredLines(const QString& path, DrillComparison::Kind kind, TaskFeedback& feedback) {
        SqliteFile file(path, SqliteFile::Mode::ReadOnly);
        SqliteStatement rows = file.prepare(
            kind == DrillComparison::Kind::Currency
                ? QStringLiteral("SELECT user_id, escrow, entry_type, substr(created, 1, 10), amount"
                                 " FROM kudos_ledger")
                : QStringLiteral("SELECT 0, '', '', substr(created, 1, 10), amount FROM kudos_stat_events"
                                 " WHERE quarantined IS NOT 't'"));
        QByteArray rest;
        for (qint64 n = 0; rows.step(); ++n) {
            if ((n & 0xffff) == 0 && feedback.isCancelled())
                throw Error(Error::Kind::Cancelled, QStringLiteral("the drill was cancelled"));
            rest.clear();
            if (kind == DrillComparison::Kind::Currency)
                rest += rows.blob(1) + kDrillKeySeparator + rows.blob(2) + kDrillKeySeparator;
            rest += rows.blob(3);
            const QByteArray amount = rows.blob(4);
            const std::optional<qint64> cents = parseCents(amount);
            if (!cents)
                throw Error(Error::Kind::Failed,
                            QStringLiteral("a restored row's amount is not an amount: '%1'")
                                .arg(QString::fromUtf8(amount.left(40))));
            Sum& sum = m_lines[{rows.toInt64(0), rest}];
            const std::optional<qint64> total = addCents(sum.cents, *cents);
            if (!total)
                throw Error(Error::Kind::Failed,
                            QStringLiteral("the restored amounts of one line do not fit in 64 bits"));
            sum.cents = *total;
            ++sum.rows;
        }
        m_next = m_lines.begin();
    }

    std::optional<DrillLine> next() {
        if (m_next == m_lines.end())
            return std::nullopt;
        const auto& [key, sum] = *m_next++;
        return DrillLine{key.first, key.second, sum.cents, sum.rows};
    }

  private:
    struct Sum {
        qint64 cents = 0;
        qint64 rows = 0;
    };
    // Ordered by user, then the key's bytes: QByteArray compares bytewise, as COLLATE "C" does.
    std::map<std::pair<qint64, QByteArray>, Sum> m_lines;
    std::map<std::pair<qint64, QByteArray>, Sum>::const_iterator m_next;
};

// The replacement's lines for [lo, hi), streamed into the comparison (COPY: memory does not grow with the
// lines). The key text comes hex-encoded, so no COPY escaping can touch it.
void compareWithReplacement(PgConnection& db, DrillComparison::Kind kind, Micros lo, Micros hi,
                            DrillComparison& comparison) {
    const QString from = pgTimestampLiteral(lo), to = pgTimestampLiteral(hi);
    const QString sql =
        kind == DrillComparison::Kind::Currency
            ? QStringLiteral(
                  "COPY (SELECT user_id, amount_sum, row_count, encode(convert_to(rest, 'UTF8'), 'hex')"
                  " FROM (SELECT user_id, amount_sum, row_count, (CASE WHEN escrow THEN 't' ELSE 'f' END"
                  " || chr(31) || entry_type || chr(31) || to_char(day, 'YYYY-MM-DD')) COLLATE \"C\" AS rest"
                  " FROM kudos_ledger_daily WHERE day >= %1::date AND day < %2::date) s"
                  " ORDER BY user_id, rest) TO STDOUT")
                  .arg(from, to)
            : QStringLiteral("COPY (SELECT 0, sum(amount_sum), sum(row_count),"
                             " encode(convert_to(to_char(day, 'YYYY-MM-DD'), 'UTF8'), 'hex')"
                             " FROM kudos_stat_rollups WHERE source_lo = %1 AND source_hi = %2"
                             " GROUP BY day ORDER BY day) TO STDOUT")
                  .arg(from, to);
    db.copyOut(sql, [&](const char* row, int length) {
        QByteArrayView line(row, length);
        if (line.endsWith('\n'))
            line.chop(1);
        const QList<QByteArrayView> fields = [&] {
            QList<QByteArrayView> parts;
            qsizetype start = 0;
            for (qsizetype i = 0; i <= line.size(); ++i)
                if (i == line.size() || line[i] == '\t') {
                    parts.append(line.sliced(start, i - start));
                    start = i + 1;
                }
            return parts;
        }();
        const std::optional<qint64> cents = fields.size() == 4 ? parseCents(fields[1]) : std::nullopt;
        if (!cents)
            throw Error(Error::Kind::Failed, QStringLiteral("an unreadable line of the replacement: %1")
                                                 .arg(QString::fromUtf8(line.toByteArray())));
        comparison.statementLine(DrillLine{fields[0].toLongLong(),
                                           QByteArray::fromHex(fields[3].toByteArray()), *cents,
                                           fields[2].toLongLong()});
    });
    comparison.finish();
}

// What the catalog says of the object against what was restored; each disagreement is a problem.
QJsonArray checkCatalog(const std::optional<CatalogObject>& catalog, const QString& key,
                        const archive::RestoreResult& restored) {
    QJsonArray problems;
    if (!catalog) {
        problems.append(problem(QStringLiteral("the retention catalog records no object %1 (an object of "
                                               "another database, or one it never exported)")
                                    .arg(key)));
        return problems;
    }
    const archive::ArchiveManifest& m = restored.manifest;
    if (catalog->dataset != m.tier)
        problems.append(problem(QStringLiteral("the catalog records %1 as %2, its manifest says %3")
                                    .arg(key, catalog->dataset, m.tier)));
    if (catalog->lo != m.createdFrom || catalog->hi != m.createdTo)
        problems.append(
            problem(QStringLiteral("the catalog records [%1, %2), the manifest [%3, %4)")
                        .arg(formatIsoTimestamp(catalog->lo), formatIsoTimestamp(catalog->hi),
                             formatIsoTimestamp(m.createdFrom), formatIsoTimestamp(m.createdTo))));
    if (!catalog->objectSha256.isEmpty() && catalog->objectSha256 != m.objectSha256)
        problems.append(problem(QStringLiteral("the catalog records object sha256 %1, the manifest %2")
                                    .arg(catalog->objectSha256, m.objectSha256)));
    if (catalog->rowCount && *catalog->rowCount != restored.rows) {
        QJsonObject p = problem(QStringLiteral("%1 row(s) restored, the catalog counted %2")
                                    .arg(restored.rows)
                                    .arg(*catalog->rowCount));
        p.insert(QStringLiteral("restored_rows"), double(restored.rows));
        p.insert(QStringLiteral("catalog_rows"), double(*catalog->rowCount));
        problems.append(p);
    }
    if (catalog->dataset == kCurrency && !QStringList{QStringLiteral("stated"), QStringLiteral("exported"),
                                                      QStringLiteral("verified"), QStringLiteral("dropped")}
                                              .contains(catalog->state))
        problems.append(
            problem(QStringLiteral("the catalog's range is %1: it has no daily statement to compare with")
                        .arg(catalog->state)));
    return problems;
}

class Drill {
  public:
    Drill(const ArchiveDrillRequest& request, PgConnection& db, archive::ArchiveStore& store,
          TaskFeedback& feedback)
        : m_request(request), m_db(db), m_store(store), m_feedback(feedback) {}

    // One object: nullopt when the drill was cancelled (nothing recorded). A store or server that cannot
    // be reached throws.
    std::optional<ArchiveDrillResult> run(const QString& key, const QString& scratchPath,
                                          archive::ArchiveProgress at) {
        QElapsedTimer timer;
        timer.start();
        ArchiveDrillResult result;
        result.dataset = tierOf(key);
        result.record.archiveKey = key;
        const std::optional<CatalogObject> catalog = catalogObject(m_db, key);
        if (catalog) {
            result.record.objectSha256 = catalog->objectSha256;
            result.catalogRows = catalog->rowCount;
        }
        QJsonArray problems;
        {
            const ScratchFile scratch{scratchPath};
            scratch.remove();
            try {
                archive::RestoreResult restored;
                {
                    const archive::ArchiveProgressScope scope(m_feedback, at);
                    restored = archive::ArchiveRestorer(m_store, kudosArchiveLayout(),
                                                        m_request.settings.archiveReadLimits)
                                   .restoreIntoSqlite(key, scratchPath, m_feedback);
                }
                result.verified = true;
                result.dataset = restored.manifest.tier;
                result.record.objectSha256 = restored.manifest.objectSha256;
                result.record.rows = restored.rows;
                result.record.objectBytes = restored.manifest.objectBytes;
                result.contentBytes = restored.manifest.contentBytes.value_or(0);
                problems = checkCatalog(catalog, key, restored);
                compare(result, catalog, restored.manifest, scratchPath, problems, at);
            } catch (const Error& e) {
                if (e.kind() == Error::Kind::Cancelled)
                    return std::nullopt;
                if (e.kind() == Error::Kind::Connection)
                    throw;
                if (!result.verified && e.kind() == Error::Kind::Refused)
                    result.verified = false;
                problems.append(problem(e.message()));
            }
        }
        result.record.passed = problems.isEmpty();
        result.record.problems = problems;
        result.record.seconds = double(timer.nsecsElapsed()) / 1e9;
        result.record.drilledAt = ArchiveDrillHistory(m_db).record(result.record);
        return result;
    }

  private:
    void compare(ArchiveDrillResult& result, const std::optional<CatalogObject>& catalog,
                 const archive::ArchiveManifest& manifest, const QString& scratchPath, QJsonArray& problems,
                 archive::ArchiveProgress at) {
        const DrillComparison::Kind kind = manifest.tier == kStatistics ? DrillComparison::Kind::Statistics
                                                                        : DrillComparison::Kind::Currency;
        // The replacement of the range the catalog records (the manifest's when the catalog has none).
        const Micros lo = catalog ? catalog->lo : manifest.createdFrom;
        const Micros hi = catalog ? catalog->hi : manifest.createdTo;
        result.replacement = kind == DrillComparison::Kind::Currency
                                 ? QStringLiteral("kudos_ledger_daily")
                                 : QStringLiteral("kudos_stat_rollups of [%1, %2)")
                                       .arg(formatIsoTimestamp(lo), formatIsoTimestamp(hi));
        at.objectBytes = manifest.objectBytes;
        at.objectBytesTotal = manifest.objectBytes;
        archive::ArchiveProgressScope::report(
            m_feedback, at,
            QStringLiteral("comparing %1 with %2").arg(manifest.partition, result.replacement));
        RestoredLines restored(scratchPath, kind, m_feedback);
        DrillComparison comparison(kind, result.replacement, [&] { return restored.next(); });
        compareWithReplacement(m_db, kind, lo, hi, comparison);
        result.linesCompared = comparison.statementLines();
        for (const QJsonValue& p : comparison.problemsJson())
            problems.append(p);
    }

    const ArchiveDrillRequest& m_request;
    PgConnection& m_db;
    archive::ArchiveStore& m_store;
    TaskFeedback& m_feedback;
};

// The objects there are to drill: what the archive lists under the tier (sound or not: a manifest without
// its object is a drill that fails) and what the catalog records.
QStringList candidateKeys(archive::ArchiveStore& store, ArchiveDrillHistory& history, const QString& tier) {
    const QString prefix = tier.isEmpty() ? QString() : tier + QLatin1Char('/');
    QStringList keys;
    for (const archive::ArchiveListingEntry& e :
         archive::listArchive(store, kudosArchiveLayout(), prefix, [](const QString&) { return false; }))
        if (e.problem.isEmpty() && (e.hasObject || e.hasManifest))
            keys.append(e.key);
    for (const QString& key : history.catalogKeys())
        if (prefix.isEmpty() || key.startsWith(prefix))
            keys.append(key);
    keys.sort();
    keys.removeDuplicates();
    return keys;
}

QString writeMetrics(const QString& path, const ArchiveDrillReport& report, int exitCode) {
    MetricsTextfile file(QStringLiteral("tidemark_archive_drill"), QStringLiteral("archive drill"));
    for (const QString& tier : {kCurrency, kStatistics}) {
        const QString labels = QStringLiteral("tier=\"%1\"").arg(tier);
        MetricsTextfile::Counter& drilled =
            file.counter(QStringLiteral("tidemark_archive_drill_objects_total"),
                         QStringLiteral("Archive objects drilled"), labels);
        MetricsTextfile::Counter& failed =
            file.counter(QStringLiteral("tidemark_archive_drill_objects_failed_total"),
                         QStringLiteral("Archive objects whose drill failed"), labels);
        MetricsTextfile::Counter& rows = file.counter(QStringLiteral("tidemark_archive_drill_rows_total"),
                                                      QStringLiteral("Rows restored by drills"), labels);
        MetricsTextfile::Histogram& seconds =
            file.histogram(QStringLiteral("tidemark_archive_drill_object_seconds"),
                           QStringLiteral("Seconds one object's drill took"), labels);
        for (const ArchiveDrillResult& r : report.results) {
            if (r.dataset != tier)
                continue;
            ++drilled.value;
            failed.value += r.record.passed ? 0 : 1;
            rows.value += r.record.rows;
            seconds.observe(r.record.seconds);
        }
    }
    file.setLastRun(double(QDateTime::currentMSecsSinceEpoch()) / 1000.0, exitCode);
    return file.accumulateIntoTextfileOrWarning(path);
}

// The drills are recorded by then: a file that cannot be written is a warning, the exit code stays.
void addMetrics(const ArchiveDrillRequest& request, ArchiveDrillReport& report, int exitCode) {
    if (request.metricsPath.isEmpty())
        return;
    const QString warning = writeMetrics(request.metricsPath, report, exitCode);
    if (!warning.isEmpty())
        report.warnings.append(warning);
}

} // namespace

int ArchiveDrillReport::passed() const {
    return int(std::count_if(results.begin(), results.end(),
                             [](const ArchiveDrillResult& r) { return r.record.passed; }));
}

int ArchiveDrillReport::failed() const {
    return int(results.size()) - passed();
}

qint64 ArchiveDrillReport::rows() const {
    qint64 n = 0;
    for (const ArchiveDrillResult& r : results)
        n += r.record.rows;
    return n;
}

qint64 ArchiveDrillReport::contentBytes() const {
    qint64 n = 0;
    for (const ArchiveDrillResult& r : results)
        n += r.contentBytes;
    return n;
}

void ArchiveDrillRequest::validate() const {
    if (sample != kAllObjects)
        kSample.check(sample);
    if (!tier.isEmpty() && tier != kCurrency && tier != kStatistics)
        throw Error(Error::Kind::Usage,
                    QStringLiteral("--tier takes currency or statistics, not '%1'").arg(tier));
}

ArchiveDrillReport ArchiveDrillJob::run(const ArchiveDrillRequest& request, TaskFeedback& feedback) {
    request.validate();
    if (request.archiveUrl.isEmpty())
        throw Error(Error::Kind::Settings, QStringLiteral("no archive is configured (TIDEMARK_ARCHIVE_URL)"));
    QElapsedTimer timer;
    timer.start();
    ArchiveDrillReport report;
    try {
        auto db = PgConnection::open(request.conninfo, QStringLiteral("tidemark archive drill"));
        SchemaMigrator(*db, kudosSchema()).requireSchema();
        const std::unique_ptr<archive::ArchiveStore> store = archive::openArchiveStore(request.archiveUrl);
        report.archive = store->describe();
        // Before any object, so that a folder that cannot be used is not one object's failure. A folder of
        // this run's own by default (mkdtemp, 0700: never a name another local user could create first);
        // a folder the operator names must be this user's and private.
        std::optional<ProcessTempDir> ownFolder;
        QString folder = request.scratchFolder;
        if (folder.isEmpty()) {
            report.staleScratchRemoved = ProcessTempDir::removeAbandoned(QDir::tempPath(), kDrillScratchKind);
            folder = ownFolder.emplace(QDir::tempPath(), kDrillScratchKind).path();
        } else {
            privatefiles::makeDir(folder);
            privatefiles::checkPrivateDir(folder, ::geteuid());
            report.staleScratchRemoved = removeStaleScratch(folder);
        }

        ArchiveDrillHistory history(*db);
        const Micros now = db->serverNow();
        report.seed = request.seed.value_or(quint64(now / kMicrosPerDay));
        QStringList planned;
        if (!request.keys.isEmpty()) {
            planned = request.keys;
            report.candidates = int(planned.size());
        } else {
            const QStringList keys = candidateKeys(*store, history, request.tier);
            const std::map<QString, DrillRecord> last = history.lastPerKey();
            std::vector<DrillCandidate> candidates;
            for (const QString& key : keys) {
                const auto it = last.find(key);
                candidates.push_back(
                    {key, it == last.end() ? std::nullopt : std::optional(it->second.drilledAt)});
            }
            report.candidates = int(candidates.size());
            planned = chooseDrillObjects(candidates, request.sample, report.seed, now,
                                         request.settings.drillMaxAge());
        }
        report.planned = int(planned.size());

        static std::atomic<int> scratchCounter{0};
        Drill drill(request, *db, *store, feedback);
        archive::ArchiveProgress at;
        at.objects = report.planned;
        for (const QString& key : planned) {
            if (!feedback.checkpoint()) {
                report.cancelled = true;
                break;
            }
            at.key = key;
            archive::ArchiveProgressScope::report(feedback, at, QStringLiteral("drilling %1").arg(key));
            const QString scratch = QDir(folder).filePath(
                QStringLiteral("drill-%1-%2.sqlite").arg(::getpid()).arg(scratchCounter.fetch_add(1)));
            std::optional<ArchiveDrillResult> result = drill.run(key, scratch, at);
            if (!result) {
                report.cancelled = true;
                report.stoppedAt = key;
                break;
            }
            at.failed += result->record.passed ? 0 : 1;
            report.results.push_back(std::move(*result));
            ++at.object;
        }
        at.key.clear();
        archive::ArchiveProgressScope::report(feedback, at, QStringLiteral("drilled"));
    } catch (const Error& e) {
        if (e.kind() == Error::Kind::Connection) {
            report.seconds = double(timer.nsecsElapsed()) / 1e9;
            addMetrics(request, report, 75);
        }
        throw;
    }
    report.seconds = double(timer.nsecsElapsed()) / 1e9;
    addMetrics(request, report, report.exitCode());
    return report;
}

} // namespace tidemark::kudos
