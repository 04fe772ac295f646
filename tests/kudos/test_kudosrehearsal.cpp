// The kudos rehearsal on a restored copy against a real PostgreSQL: the demo's kudos data and a generated
// history of a few million rows, not partitioned yet, rehearsed at a clock ahead of the server (a copy).
#include "archivefixtures.h"
#include "archiveinitjob.h"
#include "archiverestorejob.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "archiveverifier.h"
#include "clirunner.h"
#include "demokudosloader.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "kudosbenchdata.h"
#include "kudospartitions.h"
#include "kudosrehearsal.h"
#include "kudosschema.h"
#include "kudossums.h"
#include "kudosswapjob.h"
#include "kudostestdata.h"
#include "ledgercheckpoint.h"
#include "partitionexporter.h"
#include "pgconnection.h"
#include "rangedigest.h"
#include "retentionjob.h"
#include "schemamigrator.h"
#include "statrollup.h"
#include "taskfeedback.h"
#include "testpostgres.h"
#include "thrownkind.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <algorithm>
#include <functional>

using namespace tidemark;
using namespace tidemark::kudos;

namespace {

// The rehearsal's clock: 40 days after the server's, so that the old weeks of the first partition are
// eligible (a rehearsal on a copy may run ahead).
Micros rehearsalClock(PgConnection& db) {
    return db.serverNow() + 40 * kMicrosPerDay;
}

// The demo's kudos data (the generator the demo workspace loads), migrated and not partitioned: a restored
// copy of production before its swap. Built once as a template, copied per test.
QString demoKudosCopy(const QString& name) {
    static const QString templateDb = [] {
        const QString conninfo = test::TestPostgres::createDatabase(QStringLiteral("rehearsal_demo"));
        auto db = PgConnection::open(conninfo);
        SchemaMigrator(*db, kudosSchema()).migrate();
        demo::KudosGeneratorOptions options;
        options.weeks = 8;
        options.users = 40;
        options.end = floorToStep(nowMicros(), kMicrosPerDay);
        demo::DemoKudosLoader(conninfo, options).load();
        db->exec(QStringLiteral("VACUUM ANALYZE"));
        return conninfo;
    }();
    return test::TestPostgres::copyDatabase(templateDb, name);
}

// A copy of a production past its first drop: the swapped demo data (kudostestdata), its first partition
// replaced by weekly partitions holding the same rows, every row applied. The first eligible range of each
// dataset is then a whole weekly partition, which the rehearsal drops; the server's clock lies in the last
// one.
QString weeklyPartitionsCopy(const QString& name) {
    const QString conninfo = test::swappedKudosDatabase(name);
    auto db = PgConnection::open(conninfo);
    const Micros week = 7 * kMicrosPerDay;
    for (const QString& table : kudosPartitionedTables()) {
        const QString initial = initialPartitionName(table);
        const Micros oldest =
            db->exec(QStringLiteral("SELECT %1 FROM %2").arg(microsOf(QStringLiteral("min(created)")), table))
                .toLong(0, 0);
        db->exec(QStringLiteral("CREATE TEMP TABLE kept AS SELECT * FROM %1").arg(initial));
        db->exec(QStringLiteral("ALTER TABLE %1 DETACH PARTITION %2").arg(table, initial));
        db->exec(QStringLiteral("DROP TABLE %1").arg(initial));
        for (Micros lo = floorToStep(oldest, week, kMondayAnchor); lo < test::kudosBoundary(); lo += week)
            db->exec(QStringLiteral("CREATE TABLE %1 PARTITION OF %2 FOR VALUES FROM (%3) TO (%4)")
                         .arg(weeklyPartitionName(table, lo), table, sqlTimestampLiteral(lo),
                              sqlTimestampLiteral(lo + week)));
        db->exec(QStringLiteral("INSERT INTO %1 SELECT * FROM kept").arg(table));
        db->exec(QStringLiteral("DROP TABLE kept"));
    }
    test::applyEverything(*db);
    db->exec(QStringLiteral("VACUUM ANALYZE"));
    return conninfo;
}

// A directory archive initialised by `archive init --db conninfo`: its marker names that database.
QString archiveInitialisedFor(const QString& conninfo, const QString& folder) {
    archive::ArchiveInitRequest init;
    init.archiveUrl = QUrl::fromLocalFile(folder).toString();
    init.layout = kudosArchiveLayout();
    init.conninfo = conninfo;
    TaskFeedback feedback;
    archive::ArchiveInitJob::run(init, feedback);
    return init.archiveUrl;
}

QString databaseName(PgConnection& db) {
    return db.exec(QStringLiteral("SELECT current_database()")).text(0, 0);
}

struct CopyState {
    QString ledgerKind; // 'r' before the swap, 'p' after
    qint64 catalogRows = 0;
    qint64 ledgerRows = 0;
    bool operator==(const CopyState&) const = default;
};

CopyState stateOf(const QString& conninfo) {
    auto connection = PgConnection::open(conninfo);
    PgConnection& db = *connection;
    CopyState s;
    s.ledgerKind =
        db.exec(QStringLiteral("SELECT relkind::text FROM pg_class WHERE oid = 'kudos_ledger'::regclass"))
            .text(0, 0);
    s.catalogRows = db.exec(QStringLiteral("SELECT count(*) FROM kudos_retention_catalog")).toLong(0, 0);
    s.ledgerRows = db.exec(QStringLiteral("SELECT count(*) FROM kudos_ledger")).toLong(0, 0);
    return s;
}

// The request for `conninfo` (a short connection of its own, closed again: the rehearsal refuses other
// sessions).
KudosRehearsalRequest requestFor(const QString& conninfo, const QString& scratchBase) {
    auto db = PgConnection::open(conninfo);
    KudosRehearsalRequest request;
    request.conninfo = conninfo;
    request.copyName = databaseName(*db);
    request.now = rehearsalClock(*db);
    request.scratchBase = scratchBase;
    return request;
}

const RehearsalVerdict& verdict(const KudosRehearsalReport& report, const QString& measure) {
    for (const RehearsalVerdict& v : report.verdicts)
        if (v.measure == measure)
            return v;
    qFatal("no verdict %s", qPrintable(measure));
}

const RehearsalRange& rangeOf(const KudosRehearsalReport& report, RetentionDataset dataset) {
    for (const RehearsalRange& r : report.ranges)
        if (r.dataset == dataset)
            return r;
    qFatal("no range of %s", qPrintable(datasetName(dataset)));
}

// Within a factor of four of each other (a rate measured by the rehearsal and the same step measured here a
// minute later). Alone the two agree within 10 %; beside the other tests, the load on the rehearsal's minute
// and on this one's differed enough to make all four rates three times apart in one full run. Four still
// catches what this guards against: a rate of the wrong range, of the wrong rows, or in the wrong unit.
bool withinFour(double a, double b) {
    return a > 0 && b > 0 && a <= 4 * b && b <= 4 * a;
}

// The median of three timed runs of `work`, in seconds; with `warmUp`, after one run not timed (the copy's
// pages read and their hint bits set, as the rehearsal found them after the swap).
double medianSeconds(const std::function<void()>& work, bool warmUp = false) {
    if (warmUp)
        work();
    std::vector<double> seconds;
    for (int i = 0; i < 3; ++i) {
        QElapsedTimer timer;
        timer.start();
        work();
        seconds.push_back(timer.nsecsElapsed() / 1e9);
    }
    std::sort(seconds.begin(), seconds.end());
    return seconds[1];
}

QStringList filesUnder(const QString& folder) {
    QStringList files;
    QDirIterator it(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    return files;
}

} // namespace

class TestKudosRehearsal : public QObject {
    Q_OBJECT

  private slots:
    // The demo copy through the CLI: the swap with a writer, both datasets' chains, the restores, the plans
    // with pruning after the swap, the projections; go; the scratch archive gone.
    void rehearsesTheDemoCopyThroughTheCli() {
        const QString conninfo = demoKudosCopy(QStringLiteral("rehearsal_cli"));
        auto db = PgConnection::open(conninfo);
        const QString name = databaseName(*db);
        const Micros now = rehearsalClock(*db);
        db.reset(); // the rehearsal refuses a copy with other sessions
        QTemporaryDir tmp;
        const test::CliRun run =
            test::runCli({QStringLiteral("kudos"), QStringLiteral("rehearse"), QStringLiteral("--db"),
                          conninfo, QStringLiteral("--copy"), name, QStringLiteral("--now"),
                          formatIsoTimestamp(now), QStringLiteral("--json")},
                         {{QStringLiteral("TMPDIR"), tmp.path()}});
        db = PgConnection::open(conninfo);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
        const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(json.value(QStringLiteral("verdict")).toString(), QStringLiteral("go"));
        QCOMPARE(json.value(QStringLiteral("verdicts")).toArray().size(), 5);
        const QJsonObject swap = json.value(QStringLiteral("swap")).toObject();
        QVERIFY(swap.value(QStringLiteral("measured")).toBool());
        QVERIFY(swap.value(QStringLiteral("lock_ms")).toDouble() > 0);
        const QJsonObject writer = swap.value(QStringLiteral("writer")).toObject();
        QVERIFY(writer.value(QStringLiteral("inserts")).toInt() > 1);
        QVERIFY(writer.value(QStringLiteral("error")).isUndefined());
        // A writer blocked by the exclusive lock waits at least as long as most of the lock was held.
        QVERIFY(writer.value(QStringLiteral("slowest_ms")).toDouble() > 0);

        const QJsonArray ranges = json.value(QStringLiteral("ranges")).toArray();
        QCOMPARE(ranges.size(), 2);
        for (const QJsonValue& value : ranges) {
            const QJsonObject r = value.toObject();
            QVERIFY(r.value(QStringLiteral("rows")).toInteger() > 0);
            QVERIFY(r.value(QStringLiteral("verified")).toBool());
            QVERIFY(r.value(QStringLiteral("restored_equal")).toBool());
            QCOMPARE(r.value(QStringLiteral("restored_table_rows")).toInteger(),
                     r.value(QStringLiteral("rows")).toInteger());
            QVERIFY(r.value(QStringLiteral("export_mib_per_second")).toDouble() > 0);
            QVERIFY(r.value(QStringLiteral("compressed_bytes_per_row")).toDouble() > 0);
            QVERIFY(!r.value(QStringLiteral("drop_not_reached")).toString().isEmpty());
        }
        int pruned = 0;
        for (const QJsonValue& value : json.value(QStringLiteral("plans")).toArray()) {
            const QJsonObject p = value.toObject();
            QVERIFY(!p.value(QStringLiteral("plan")).toArray().isEmpty());
            if (p.value(QStringLiteral("when")).toString() == QLatin1String("after the swap") &&
                p.value(QStringLiteral("name")).toString() == QLatin1String("a user's recent rows")) {
                QVERIFY(p.value(QStringLiteral("pruned")).toBool());
                QVERIFY(p.value(QStringLiteral("partitions_scanned")).toInt() <
                        p.value(QStringLiteral("partitions")).toInt());
                ++pruned;
            }
        }
        QCOMPARE(pruned, 1);
        QCOMPARE(json.value(QStringLiteral("plans")).toArray().size(), 6); // three reads, before and after
        QCOMPARE(json.value(QStringLiteral("projections")).toArray().size(), 2);
        for (const QJsonValue& value : json.value(QStringLiteral("projections")).toArray())
            QVERIFY(value.toObject().value(QStringLiteral("backlog_seconds")).toDouble() > 0);
        QVERIFY(!json.value(QStringLiteral("changes")).toArray().isEmpty());

        // What it changed: partitioned, the ranges moved on; nothing of the writer, no restore table left.
        QCOMPARE(stateOf(conninfo).ledgerKind, QStringLiteral("p"));
        QCOMPARE(
            db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger WHERE entry_type = 'REHEARSAL_PROBE'"))
                .toLong(0, 0),
            0);
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM pg_class WHERE relname LIKE "
                                         "'tidemark_rehearsal_restore%'"))
                     .toLong(0, 0),
                 0);
        QVERIFY2(filesUnder(tmp.path()).isEmpty(), qPrintable(filesUnder(tmp.path()).join(QLatin1Char(' '))));
    }

    // A lock limit below the measured lock turns the swap's verdict (and the whole) to not yet; exit 1.
    void aLockLimitBelowTheLockIsNotYet() {
        const QString conninfo = demoKudosCopy(QStringLiteral("rehearsal_lock"));
        QTemporaryDir tmp;
        KudosRehearsalRequest request = requestFor(conninfo, tmp.path());
        request.maxLockMillis = 0.001;
        TaskFeedback feedback;
        const KudosRehearsalReport report = KudosRehearsalJob::run(request, feedback);
        QVERIFY(report.swap.measured);
        QVERIFY(!verdict(report, QStringLiteral("swap_lock")).go);
        QVERIFY(verdict(report, QStringLiteral("restore_time")).go);
        QVERIFY(!report.go());
        QCOMPARE(report.exitCode(), 1);
        QVERIFY(report.toText().contains(QLatin1String("NOT YET")));
    }

    // A byte flipped in the scratch archive after the export: the verification refuses the object, nothing
    // is restored from it, and the verdict is not yet.
    void anObjectThatFailsToVerifyIsNotYet() {
        const QString conninfo = demoKudosCopy(QStringLiteral("rehearsal_flip"));
        QTemporaryDir tmp;
        KudosRehearsalRequest request = requestFor(conninfo, tmp.path());
        bool flipped = false;
        request.onCommit = [&](const RetentionAction& action, FaultPoint point) {
            if (point != FaultPoint::AfterCommit || action.to != QLatin1String("exported"))
                return;
            for (const QString& file : filesUnder(tmp.path())) {
                if (!file.endsWith(QLatin1String(".csv.zst")) || !file.contains(QLatin1String("/currency/")))
                    continue;
                QFile object(file);
                QVERIFY(object.open(QIODevice::ReadWrite));
                object.seek(object.size() / 2);
                char byte = 0;
                object.getChar(&byte);
                object.seek(object.size() / 2);
                object.putChar(char(byte ^ 0x40));
                flipped = true;
            }
        };
        TaskFeedback feedback;
        const KudosRehearsalReport report = KudosRehearsalJob::run(request, feedback);
        QVERIFY(flipped);
        const RehearsalRange& currency = rangeOf(report, RetentionDataset::Currency);
        QVERIFY(!currency.verified());
        QVERIFY(!currency.failure.isEmpty());
        QVERIFY(!verdict(report, QStringLiteral("restore_time")).go);
        QVERIFY(!verdict(report, QStringLiteral("rollup_export_throughput")).go);
        QVERIFY(rangeOf(report, RetentionDataset::Statistics).verified());
        QVERIFY(!report.go());
        QVERIFY(filesUnder(tmp.path()).isEmpty());
    }

    // A whole weekly partition's chain ends with its drop: measured with a writer inserting into its table
    // throughout; the partition is gone, the writer never failed, and the lock verdict names the drop.
    void aWholePartitionIsDroppedWithAWriter() {
        const QString conninfo = weeklyPartitionsCopy(QStringLiteral("rehearsal_drop"));
        QTemporaryDir tmp;
        KudosRehearsalRequest request = requestFor(conninfo, tmp.path());
        QStringList firstWeeks;
        {
            auto db = PgConnection::open(conninfo);
            const PgResult first = db->exec(QStringLiteral(
                "SELECT min(c.relname) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
                "WHERE i.inhparent IN ('kudos_ledger'::regclass, 'kudos_stat_events'::regclass) "
                "GROUP BY i.inhparent"));
            for (int r = 0; r < first.rows(); ++r)
                firstWeeks << first.text(r, 0);
            // Only the oldest week of each table is eligible at this clock.
            const Micros oldestWeek = db->exec(QStringLiteral("SELECT %1 FROM kudos_ledger")
                                                   .arg(microsOf(QStringLiteral("min(created)"))))
                                          .toLong(0, 0);
            request.now = floorToStep(oldestWeek, 7 * kMicrosPerDay, kMondayAnchor) + 38 * kMicrosPerDay;
        }
        TaskFeedback feedback;
        const KudosRehearsalReport report = KudosRehearsalJob::run(request, feedback);
        QVERIFY2(report.ranges.size() == 2, qPrintable(report.toText()));
        QVERIFY(!report.swap.measured);
        for (const RehearsalRange& range : report.ranges) {
            QVERIFY2(range.dropped, qPrintable(report.toText()));
            QVERIFY(firstWeeks.contains(range.partition));
            QVERIFY(range.dropWriter.inserts > 1);
            QVERIFY2(range.dropWriter.error.isEmpty(), qPrintable(range.dropWriter.error));
            QVERIFY(range.dropLockSeconds > 0);
            QVERIFY(range.restoredEqual());
        }
        QVERIFY2(report.go(), qPrintable(report.toText()));
        QVERIFY(verdict(report, QStringLiteral("swap_lock")).why.contains(QLatin1String("drop")));
        auto db = PgConnection::open(conninfo);
        for (const QString& partition : firstWeeks)
            QVERIFY(!db->relationExists(partition));
        QCOMPARE(
            db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger WHERE entry_type = 'REHEARSAL_PROBE'"))
                .toLong(0, 0),
            0);
    }

    // The refusals: nothing is done, nothing changes.
    void refusesAnotherCopyName() {
        const QString conninfo = demoKudosCopy(QStringLiteral("rehearsal_name"));
        const CopyState before = stateOf(conninfo);
        const test::CliRun run =
            test::runCli({QStringLiteral("kudos"), QStringLiteral("rehearse"), QStringLiteral("--db"),
                          conninfo, QStringLiteral("--copy"), QStringLiteral("kudos_production")});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(QLatin1String("is not the connected database")), qPrintable(run.err));
        QVERIFY(stateOf(conninfo) == before);
        QCOMPARE(before.ledgerKind, QStringLiteral("r"));
    }

    void refusesADatabaseWithOtherSessions() {
        const QString conninfo = demoKudosCopy(QStringLiteral("rehearsal_busy"));
        auto other = PgConnection::open(conninfo, QStringLiteral("the application"));
        const CopyState before = stateOf(conninfo);
        QTemporaryDir tmp;
        TaskFeedback feedback;
        QCOMPARE(
            test::thrownKind([&] { KudosRehearsalJob::run(requestFor(conninfo, tmp.path()), feedback); }),
            Error::Kind::Refused);
        try {
            KudosRehearsalJob::run(requestFor(conninfo, tmp.path()), feedback);
        } catch (const Error& e) {
            QVERIFY2(e.message().contains(QLatin1String("the application")), qPrintable(e.message()));
        }
        QVERIFY(stateOf(conninfo) == before);
        QVERIFY(filesUnder(tmp.path()).isEmpty());
    }

    // An archive initialised for production (its marker names another database) is refused before anything
    // is written to it or to the copy; one initialised for the copy is taken.
    void refusesProductionsArchive() {
        const QString production = demoKudosCopy(QStringLiteral("rehearsal_production"));
        const QString conninfo = demoKudosCopy(QStringLiteral("rehearsal_copy"));
        const CopyState before = stateOf(conninfo);
        QTemporaryDir archives;
        const QString productionArchive =
            archiveInitialisedFor(production, archives.filePath(QStringLiteral("production")));
        TaskFeedback feedback;
        const QStringList filesBefore = filesUnder(archives.path());

        QTemporaryDir tmp;
        KudosRehearsalRequest request = requestFor(conninfo, tmp.path());
        request.archiveUrl = productionArchive;
        QCOMPARE(test::thrownKind([&] { KudosRehearsalJob::run(request, feedback); }), Error::Kind::Refused);
        QVERIFY(stateOf(conninfo) == before);
        QCOMPARE(filesUnder(archives.path()), filesBefore);
        QVERIFY(filesUnder(tmp.path()).isEmpty());
    }

    // A generated history of a few million rows: each rate the report gives is within a factor of four of the
    // same step measured here on an identical copy (the job's steps timed around RetentionJob::step, the
    // restores timed around the restore job).
    void ratesAgreeWithDirectMeasurementsOnMillionsOfRows() {
        const QString source = test::TestPostgres::createDatabase(QStringLiteral("rehearsal_big"));
        {
            auto db = PgConnection::open(source);
            SchemaMigrator(*db, kudosSchema()).migrate();
            bench::fillKudosHistory(*db, 2'000'000, 56); // eight weeks: ranges of some 250,000 rows
            // The history's old rows are applied (a production queue is drained long before the window).
            db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
            db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
        }
        const QString direct =
            test::TestPostgres::copyDatabase(source, QStringLiteral("rehearsal_big_direct"));
        QTemporaryDir archives;
        const QString copyArchive = archiveInitialisedFor(source, archives.filePath(QStringLiteral("copy")));
        TaskFeedback feedback;

        QTemporaryDir tmp;
        KudosRehearsalRequest request = requestFor(source, tmp.path());
        request.archiveUrl = copyArchive;
        const KudosRehearsalReport report = KudosRehearsalJob::run(request, feedback);
        QVERIFY2(report.ranges.size() == 2, qPrintable(report.toText()));
        const RehearsalRange& currency = rangeOf(report, RetentionDataset::Currency);
        const RehearsalRange& statistics = rangeOf(report, RetentionDataset::Statistics);
        QVERIFY2(currency.rows > 100'000, qPrintable(report.toText()));
        QVERIFY2(currency.verified() && statistics.verified(), qPrintable(report.toText()));

        // The same steps timed here, each the median of three runs: the roll-up and the checkpoint on an
        // identical copy (swapped the same way) in transactions rolled back, the export into fresh archives,
        // the verification and the restores of the rehearsal's own object.
        auto other = PgConnection::open(direct);
        KudosSwapRequest swap;
        swap.conninfo = direct;
        swap.now = other->serverNow();
        KudosSwapJob::run(swap, feedback);
        const auto rolledBack = [&](const char* isolation, const std::function<void()>& work) {
            return medianSeconds(
                [&] {
                    other->exec(QStringLiteral("BEGIN ISOLATION LEVEL ") + QLatin1String(isolation));
                    work();
                    other->exec(QStringLiteral("ROLLBACK"));
                },
                true);
        };
        // Each step of an apply first re-checks its rows' digest (RangeDigest), as the rehearsal's did.
        const auto digest = [&](PgConnection& db, const RehearsalRange& range, const char* to) {
            CatalogEntry entry;
            entry.dataset = range.dataset;
            entry.partition = range.partition;
            entry.lo = range.lo;
            entry.hi = range.hi;
            RangeDigest(db).of({entry, QString::fromLatin1(to)});
        };
        const double rollUp = rolledBack("REPEATABLE READ", [&] {
            digest(*other, statistics, "rolled_up");
            StatRollup(*other).rollUp(statistics.partition, statistics.lo, statistics.hi, request.now);
        });
        const double checkpoint = rolledBack("REPEATABLE READ", [&] {
            digest(*other, currency, "checkpointed");
            LedgerCheckpoint(*other).checkpoint(currency.partition, currency.lo, currency.hi);
        });
        const double exported = medianSeconds([&] {
            digest(*other, currency, "exported");
            QTemporaryDir folder;
            const auto store = test::openInitialisedArchive(folder.path());
            archive::PartitionExporter(*other, *store, kudosArchiveLayout())
                .exportRange({QStringLiteral("currency"), QStringLiteral("kudos_ledger"), currency.partition,
                              currency.lo, currency.hi},
                             request.now, feedback);
        });
        auto online = PgConnection::open(source);
        const auto store = archive::openArchiveStore(copyArchive);
        const double verified = medianSeconds([&] {
            digest(*online, currency, "verified");
            QVERIFY(archive::ArchiveVerifier(*store, kudosArchiveLayout())
                        .verify(currency.objectKey, online.get(), feedback)
                        .ok);
        });
        const auto rowsPerSecond = [](const RehearsalRange& range, double seconds) {
            return double(range.rows) / seconds;
        };
        const QString text =
            report.toText() +
            QStringLiteral("\nmeasured here: roll-up %1 s, checkpoint %2 s, export %3 s, verify %4 s")
                .arg(rollUp)
                .arg(checkpoint)
                .arg(exported)
                .arg(verified);
        qInfo("%lld currency rows, %lld statistics rows", currency.rows, statistics.rows);
        qInfo("rows/s, the rehearsal's and here: roll-up %.0f / %.0f, checkpoint %.0f / %.0f, export %.0f / "
              "%.0f, "
              "verify %.0f / %.0f",
              statistics.rate(QStringLiteral("rolled_up")), rowsPerSecond(statistics, rollUp),
              currency.rate(QStringLiteral("checkpointed")), rowsPerSecond(currency, checkpoint),
              currency.rate(QStringLiteral("exported")), rowsPerSecond(currency, exported),
              currency.rate(QStringLiteral("verified")), rowsPerSecond(currency, verified));
        QVERIFY2(withinFour(statistics.rate(QStringLiteral("rolled_up")), rowsPerSecond(statistics, rollUp)),
                 qPrintable(text));
        QVERIFY2(
            withinFour(currency.rate(QStringLiteral("checkpointed")), rowsPerSecond(currency, checkpoint)),
            qPrintable(text));
        QVERIFY2(withinFour(currency.rate(QStringLiteral("exported")), rowsPerSecond(currency, exported)),
                 qPrintable(text));
        QVERIFY2(withinFour(currency.rate(QStringLiteral("verified")), rowsPerSecond(currency, verified)),
                 qPrintable(text));

        archive::ArchiveRestoreRequest restore;
        restore.archiveUrl = copyArchive;
        restore.layout = kudosArchiveLayout();
        restore.keys = {currency.objectKey};
        restore.target = archive::ArchiveRestoreRequest::Target::SqliteFile;
        int run = 0;
        const double intoFile = medianSeconds([&] {
            restore.sqliteFile = tmp.filePath(QStringLiteral("direct-%1.sqlite").arg(++run));
            QCOMPARE(archive::ArchiveRestoreJob::run(restore, feedback).rows(), currency.rows);
        });
        restore.target = archive::ArchiveRestoreRequest::Target::PostgresTable;
        restore.conninfo = direct;
        const double intoTable = medianSeconds([&] {
            restore.table = QStringLiteral("direct_restore_%1").arg(++run);
            QCOMPARE(archive::ArchiveRestoreJob::run(restore, feedback).rows(), currency.rows);
        });
        qInfo("restore rows/s, the rehearsal's and here: SQLite %.0f / %.0f, table %.0f / %.0f",
              double(currency.restoredSqliteRows) / currency.restoreSqliteSeconds,
              rowsPerSecond(currency, intoFile),
              double(currency.restoredTableRows) / currency.restoreTableSeconds,
              rowsPerSecond(currency, intoTable));
        QVERIFY2(withinFour(double(currency.restoredSqliteRows) / currency.restoreSqliteSeconds,
                            rowsPerSecond(currency, intoFile)),
                 qPrintable(text));
        QVERIFY2(withinFour(double(currency.restoredTableRows) / currency.restoreTableSeconds,
                            rowsPerSecond(currency, intoTable)),
                 qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestKudosRehearsal)
#include "test_kudosrehearsal.moc"
