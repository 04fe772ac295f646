#include "archivefixtures.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "clirunner.h"
#include "kudosdataset.h"
#include "kudosforecastjob.h"
#include "kudossums.h"
#include "kudostestdata.h"
#include "pgconnection.h"
#include "retentioncatalog.h"
#include "retentionjob.h"
#include "taskfeedback.h"
#include "taskmanager.h"
#include "testfiles.h"
#include "tests3.h"
#include "thrownkind.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <map>

using namespace tidemark;
using namespace tidemark::kudos;
using namespace tidemark::test;

namespace {

constexpr Micros kWeek = 7 * kMicrosPerDay;
const Micros kMonday =
    parseIsoTimestamp(QStringLiteral("2026-01-05T00:00:00Z")); // week 0 of the hand-made facts

Micros week(int i) {
    return kMonday + i * kWeek;
}

KudosForecastFacts::ArchivedObject object(RetentionDataset dataset, int weekIndex, qint64 bytes,
                                          qint64 rows = 100) {
    return {dataset,
            QStringLiteral("%1/t/p_%2.csv.zst").arg(datasetName(dataset)).arg(weekIndex),
            week(weekIndex),
            week(weekIndex + 1),
            rows,
            bytes};
}

// Facts with nothing in them, at the start of week 20.
KudosForecastFacts emptyFacts() {
    KudosForecastFacts facts;
    facts.now = week(20);
    facts.serverNow = facts.now;
    facts.tiers = {{RetentionDataset::Currency, 0, 0}, {RetentionDataset::Statistics, 0, 0}};
    return facts;
}

QString weeklyName(RetentionDataset dataset, int i) {
    return QStringLiteral("%1_w%2").arg(datasetTable(dataset)).arg(i);
}

// A weekly partition [week(i), week(i + 1)) of `dataset` with its catalog row and live counts.
void addWeek(KudosForecastFacts& facts, RetentionDataset dataset, int i, qint64 rows, qint64 bytes,
             const QString& state = QStringLiteral("pending"), qint64 quarantined = 0, qint64 unapplied = 0) {
    const QString name = weeklyName(dataset, i);
    PartitionStatus s;
    s.dataset = dataset;
    s.partition = name;
    s.lo = week(i);
    s.hi = week(i + 1);
    s.rows = rows;
    s.quarantined = quarantined;
    s.unapplied = unapplied;
    s.state = state;
    facts.ranges.push_back(s);
    facts.partitionBytes.insert(name, bytes);
    CatalogEntry e;
    e.dataset = dataset;
    e.lo = s.lo;
    e.hi = s.hi;
    e.partition = name;
    e.state = state;
    facts.entries.push_back(e);
    std::sort(facts.entries.begin(), facts.entries.end(),
              [](const CatalogEntry& a, const CatalogEntry& b) { return a.lo < b.lo; });
}

const KudosForecast::Tier& tier(const KudosForecast& f, RetentionDataset dataset) {
    return f.tiers[dataset == RetentionDataset::Currency ? 0 : 1];
}
const KudosForecast::Table& table(const KudosForecast& f, RetentionDataset dataset) {
    return f.tables[dataset == RetentionDataset::Currency ? 0 : 1];
}

// "dataset partition lo from -> to rows=N", as both the forecast and the run name a step.
QString stepOf(const RetentionAction& a, qint64 rows) {
    return QStringLiteral("%1 %2 %3 %4 -> %5 rows=%6")
        .arg(datasetName(a.entry.dataset), a.entry.partition, formatIsoTimestamp(a.entry.lo), a.entry.state,
             a.to)
        .arg(rows);
}
QStringList stepsOf(const KudosForecast& f) {
    QStringList out;
    for (const KudosForecast::Action& a : f.nextRun)
        out << stepOf(a.action, a.rows);
    return out;
}
QStringList stepsOf(const RetentionReport& r) {
    QStringList out;
    for (const RetentionStepResult& s : r.done)
        out << stepOf(s.action, s.rows);
    return out;
}

// Everything a forecast could change: each table's rows (a digest), the relations, the sequences, and
// every file and folder of the archive with its digest.
QStringList everything(PgConnection& db, const QString& archiveFolder) {
    QStringList state;
    const PgResult tables = db.exec(QStringLiteral(
        "SELECT c.oid::regclass::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY 1"));
    for (int i = 0; i < tables.rows(); ++i) {
        const QString t = tables.text(i, 0);
        const PgResult r = db.exec(
            QStringLiteral("SELECT count(*), coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '')"
                           " FROM %1 t")
                .arg(t));
        state << QStringLiteral("%1 %2 %3").arg(t, r.text(0, 0), r.text(0, 1));
    }
    state << db.exec(QStringLiteral(
                         "SELECT string_agg(c.relname || ':' || c.relkind::text, ',' ORDER BY c.relname)"
                         " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                         " WHERE n.nspname = current_schema()"))
                 .text(0, 0);
    state << db.exec(QStringLiteral(
                         "SELECT string_agg(sequencename || '=' || coalesce(last_value::text, '-'), ','"
                         " ORDER BY sequencename) FROM pg_sequences"))
                 .text(0, 0);
    const QMap<QString, QByteArray> files = folderDigests(archiveFolder);
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        state << it.key() + QLatin1Char(' ') + QString::fromLatin1(it.value().toHex());
    QDirIterator folders(archiveFolder, QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden,
                         QDirIterator::Subdirectories);
    while (folders.hasNext())
        state << QStringLiteral("folder ") + folders.next();
    return state;
}

KudosForecast forecast(const QString& conninfo, const QString& archiveUrl, Micros now,
                       KudosSettings settings = kudosTestSettings()) {
    TaskFeedback feedback;
    return KudosForecastJob::run({conninfo, archiveUrl, settings, now}, feedback);
}

RetentionReport retain(PgConnection& db, archive::ArchiveStore& store, Micros now,
                       KudosSettings settings = kudosTestSettings()) {
    return RetentionJob(db, &store, settings, kudosRehearsal()).run(now);
}

// The sub-ranges of the first partition on the test data: [B - 28 d, B - 21 d) … [B - 7 d, B). Each instant
// makes one more of them eligible (an hour after its upper bound is 30 days old).
Micros eligibleThrough(int subranges) {
    return kudosBoundary() - (4 - subranges) * kWeek + 30 * kMicrosPerDay + kMicrosPerHour;
}

} // namespace

// The kudos forecast (spec/operations.md, "Forecasts"): its arithmetic on hand-made facts, the job on the
// swapped test data (PostgreSQL, a directory archive, and once on S3), that it writes nothing, and that what
// it says the next retention run will do is what the run then does.
class TestKudosForecast : public QObject {
    Q_OBJECT

    static QJsonObject json(const CliRun& run) { return QJsonDocument::fromJson(run.out.toUtf8()).object(); }

  private slots:
    // bytes_per_week is the mean of the newest 8 archived weeks (by created range), not of all of them.
    void aTiersGrowthIsTheMeanOfItsNewestEightWeeks() {
        KudosForecastFacts facts = emptyFacts();
        for (int i = 0; i < 10; ++i)
            facts.archived.push_back(object(RetentionDataset::Currency, i, 100 * (i + 1)));
        facts.archived.push_back(object(RetentionDataset::Statistics, 3, 77));
        const KudosForecast f = KudosForecast::compute(facts);
        const KudosForecast::Tier& currency = tier(f, RetentionDataset::Currency);
        QCOMPARE(currency.objects, 10);
        QCOMPARE(currency.weeksMeasured, 8.0);
        QCOMPARE(*currency.bytesPerWeek, 650.0); // 300 … 1000
        QCOMPARE(*currency.bytesPerRow, 6.5);
        QCOMPARE(currency.history.size(), size_t(10));
        QCOMPARE(currency.history.back().cumulativeBytes, qint64(5500));
        QCOMPARE(*tier(f, RetentionDataset::Statistics).bytesPerWeek, 77.0);
    }

    void withFewerThanEightWeeksAllAreMeasured() {
        KudosForecastFacts facts = emptyFacts();
        for (int i : {4, 5, 6})
            facts.archived.push_back(object(RetentionDataset::Currency, i, 100 * i));
        const KudosForecast f = KudosForecast::compute(facts);
        QCOMPARE(tier(f, RetentionDataset::Currency).weeksMeasured, 3.0);
        QCOMPARE(*tier(f, RetentionDataset::Currency).bytesPerWeek, 500.0);
    }

    // now + (budget − used) / bytes_per_week weeks, to the microsecond.
    void theBudgetIsReachedOnTheProjectedDay() {
        KudosForecastFacts facts = emptyFacts();
        for (int i = 0; i < 8; ++i)
            facts.archived.push_back(object(RetentionDataset::Currency, i, 650));
        facts.tiers[0].usedBytes = 1000;
        facts.settings.currencyBudgetBytes = 1000 + 650 * 10 + 325;
        const KudosForecast f = KudosForecast::compute(facts);
        const KudosForecast::Tier& t = tier(f, RetentionDataset::Currency);
        QCOMPARE(*t.budgetBytes, facts.settings.currencyBudgetBytes);
        QVERIFY(!t.overBudget);
        QVERIFY2(t.budgetReachedOn.has_value(), qPrintable(t.budgetReachedReason));
        QCOMPARE(formatIsoTimestamp(*t.budgetReachedOn),
                 formatIsoTimestamp(facts.now + 10 * kWeek + kWeek / 2));
    }

    void withoutABudgetOrGrowthTheDateIsNullWithAReason() {
        KudosForecastFacts facts = emptyFacts();
        facts.archived.push_back(object(RetentionDataset::Currency, 1, 500));
        facts.settings.statisticsBudgetBytes = 1000000; // a budget, but no archived statistics
        const KudosForecast f = KudosForecast::compute(facts);
        const KudosForecast::Tier& currency = tier(f, RetentionDataset::Currency);
        QVERIFY(!currency.budgetBytes && !currency.budgetReachedOn);
        QVERIFY2(currency.budgetReachedReason.contains(QLatin1String("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES")),
                 qPrintable(currency.budgetReachedReason));
        const KudosForecast::Tier& statistics = tier(f, RetentionDataset::Statistics);
        QVERIFY(!statistics.bytesPerWeek && !statistics.budgetReachedOn);
        QVERIFY(statistics.budgetReachedReason.contains(QLatin1String("no growth")));
        QVERIFY(statistics.bytesPerWeekReason.contains(QLatin1String("no archived object")));

        KudosForecastFacts zero = emptyFacts();
        zero.archived.push_back(object(RetentionDataset::Currency, 1, 0));
        zero.settings.currencyBudgetBytes = 1000;
        const KudosForecast::Tier& flat = tier(KudosForecast::compute(zero), RetentionDataset::Currency);
        QCOMPARE(*flat.bytesPerWeek, 0.0);
        QVERIFY(!flat.budgetReachedOn);
        QVERIFY2(flat.budgetReachedReason.contains(QLatin1String("no growth")),
                 qPrintable(flat.budgetReachedReason));
    }

    void aTierOverItsBudgetSaysSo() {
        KudosForecastFacts facts = emptyFacts();
        facts.archived.push_back(object(RetentionDataset::Currency, 1, 500));
        facts.tiers[0].usedBytes = 9000;
        facts.settings.currencyBudgetBytes = 8000;
        const KudosForecast::Tier& t = tier(KudosForecast::compute(facts), RetentionDataset::Currency);
        QVERIFY(t.overBudget);
        QVERIFY(!t.budgetReachedOn);
        QVERIFY2(t.budgetReachedReason.contains(QLatin1String("over the budget")),
                 qPrintable(t.budgetReachedReason));
    }

    // No date in year 9999: a budget that lasts longer than the horizon has none.
    void aBudgetBeyondTheHorizonHasNoDate() {
        KudosForecastFacts facts = emptyFacts();
        facts.archived.push_back(object(RetentionDataset::Currency, 1, 1));
        facts.settings.currencyBudgetBytes = qint64(1) << 60;
        const KudosForecast::Tier& t = tier(KudosForecast::compute(facts), RetentionDataset::Currency);
        QVERIFY(!t.budgetReachedOn);
        QVERIFY2(t.budgetReachedReason.contains(QLatin1String("100 years")),
                 qPrintable(t.budgetReachedReason));
    }

    void anEmptyDatasetGivesNullsWithReasons() {
        const KudosForecast f = KudosForecast::compute(emptyFacts());
        for (const KudosForecast::Table& t : f.tables) {
            QVERIFY(!t.rowsPerWeek && !t.bytesPerWeek && !t.steadyStateRows && !t.steadyStateBytes);
            QVERIFY(!t.rateReason.isEmpty() && !t.steadyStateReason.isEmpty());
        }
        for (const KudosForecast::Tier& t : f.tiers)
            QVERIFY(!t.bytesPerWeek && !t.budgetReachedOn && !t.bytesPerWeekReason.isEmpty() &&
                    !t.budgetReachedReason.isEmpty());
        QVERIFY(!f.rollups.rowsPerWeek && !f.rollups.reason.isEmpty());
        QVERIFY(!f.online.rows && !f.online.bytes && !f.online.reason.isEmpty());
        QVERIFY(f.nextRun.empty());
        // Weeks online without a row: no growth, no steady state.
        KudosForecastFacts idle = emptyFacts();
        addWeek(idle, RetentionDataset::Currency, 18, 0, 8192);
        addWeek(idle, RetentionDataset::Currency, 19, 0, 8192);
        const KudosForecast::Table& t = table(KudosForecast::compute(idle), RetentionDataset::Currency);
        QCOMPARE(*t.rowsPerWeek, 0.0);
        QVERIFY(!t.steadyStateRows);
        QVERIFY2(t.steadyStateReason.contains(QLatin1String("no growth")), qPrintable(t.steadyStateReason));
    }

    // Rows a week: the newest 8 complete weeks online; the steady state: the window plus a partition of them,
    // at the table's bytes per row.
    void theSteadyStateIsTheWindowPlusAPartitionOfGrowth() {
        KudosForecastFacts facts = emptyFacts();
        for (int i = 10; i < 20; ++i)
            addWeek(facts, RetentionDataset::Currency, i, i < 12 ? 5000 : 700, 7000);
        addWeek(facts, RetentionDataset::Currency, 20, 100, 7000); // the week of now: not complete
        const KudosForecast f = KudosForecast::compute(facts);
        const KudosForecast::Table& t = table(f, RetentionDataset::Currency);
        QCOMPARE(t.weeks.size(), size_t(11));
        QVERIFY(!t.weeks.back().complete);
        QCOMPARE(t.weeksMeasured, 8.0);
        QCOMPARE(*t.rowsPerWeek, 700.0);
        QCOMPARE(*t.bytesPerWeek, 7000.0);
        QCOMPARE(t.rows, qint64(2 * 5000 + 8 * 700 + 100));
        QCOMPARE(t.bytes, qint64(11 * 7000));
        QCOMPARE(t.onlineDays, 37);
        QCOMPARE(*t.steadyStateRows, qint64(3700));
        QCOMPARE(*t.steadyStateBytes, qint64(std::llround(3700.0 * 77000 / 15700)));
        // The statistics table has nothing online: no steady state for both together.
        QVERIFY(!f.online.rows);
        QVERIFY(f.online.reason.contains(QLatin1String("kudos_stat_events")));
    }

    // The next run on hand-made values: every step of an eligible week to its drop, with the rows each step
    // reports; exports by the tier's measured bytes per row; rollup rows as counted.
    void theNextRunTakesEveryEligibleWeekToItsDrop() {
        KudosForecastFacts facts = emptyFacts();
        addWeek(facts, RetentionDataset::Currency, 14, 1000, 90000);
        addWeek(facts, RetentionDataset::Currency, 15, 1100, 90000); // eligible after now
        addWeek(facts, RetentionDataset::Statistics, 14, 4000, 300000, QStringLiteral("pending"), 7);
        facts.rollupRowsOfRange.insert(
            KudosForecastFacts::rangeKey(RetentionDataset::Statistics, week(14), week(15)), 321);
        facts.archived.push_back(object(RetentionDataset::Currency, 10, 5000, 1000)); // 5 bytes a row
        const KudosForecast f = KudosForecast::compute(facts);
        const QString c = weeklyName(RetentionDataset::Currency, 14);
        const QString s = weeklyName(RetentionDataset::Statistics, 14);
        const QString lo = formatIsoTimestamp(week(14));
        QCOMPARE(stepsOf(f),
                 QStringList({
                     QStringLiteral("statistics %1 %2 pending -> rolled_up rows=3993").arg(s, lo),
                     QStringLiteral("statistics %1 %2 rolled_up -> dumped rows=3993").arg(s, lo),
                     QStringLiteral("statistics %1 %2 dumped -> dropped rows=3993").arg(s, lo),
                     QStringLiteral("currency %1 %2 pending -> checkpointed rows=1000").arg(c, lo),
                     QStringLiteral("currency %1 %2 checkpointed -> stated rows=1000").arg(c, lo),
                     QStringLiteral("currency %1 %2 stated -> exported rows=1000").arg(c, lo),
                     QStringLiteral("currency %1 %2 exported -> verified rows=1000").arg(c, lo),
                     QStringLiteral("currency %1 %2 verified -> dropped rows=1000").arg(c, lo),
                 }));
        QCOMPARE(*f.nextRun[0].rollupRows, qint64(321));
        QVERIFY(!f.nextRun[1].bytes); // no statistics object measured yet
        QCOMPARE(*f.nextRun[5].bytes, qint64(5000));
        const KudosForecast::NextRun& currency = table(f, RetentionDataset::Currency).nextRun;
        QCOMPARE(currency.rangesArchived, 1);
        QCOMPARE(*currency.bytesArchived, qint64(5000));
        QCOMPARE(currency.partitionsDropped, 1);
        QCOMPARE(currency.rowsDropped, qint64(1000));
        const KudosForecast::NextRun& statistics = table(f, RetentionDataset::Statistics).nextRun;
        QCOMPARE(statistics.rollupRowsAdded, qint64(321));
        QCOMPARE(statistics.rowsRolledUp, qint64(3993));
        QVERIFY(currency.stoppedBy.isEmpty() && statistics.stoppedBy.isEmpty());
    }

    // Where the run would stop, the forecast stops: an unapplied row; an upload over the budget.
    void theNextRunStopsWhereTheRunWould() {
        KudosForecastFacts facts = emptyFacts();
        addWeek(facts, RetentionDataset::Currency, 13, 1000, 90000, QStringLiteral("pending"), 0, 2);
        addWeek(facts, RetentionDataset::Statistics, 13, 4000, 300000);
        facts.archived.push_back(object(RetentionDataset::Statistics, 10, 40000, 4000)); // 10 bytes a row
        facts.tiers[1].usedBytes = 60000;
        facts.settings.statisticsBudgetBytes = 99999; // 60000 + 40000 does not fit
        const KudosForecast f = KudosForecast::compute(facts);
        QCOMPARE(f.nextRun.size(), size_t(1));
        QCOMPARE(f.nextRun[0].action.to, QStringLiteral("rolled_up"));
        QCOMPARE(f.nextRunStops.size(), size_t(2));
        const QString currency = table(f, RetentionDataset::Currency).nextRun.stoppedBy;
        const QString statistics = table(f, RetentionDataset::Statistics).nextRun.stoppedBy;
        QVERIFY2(currency.contains(QLatin1String("2 unapplied")), qPrintable(currency));
        QVERIFY2(statistics.contains(QLatin1String("KUDOS_ARCHIVE_BUDGET_STATISTICS_BYTES")),
                 qPrintable(statistics));
    }

    // The job on the test data: the figures against independent counts, the catalog and the archive.
    void theJobMeasuresTheTablesTheRollupsAndTheArchive() {
        const QString conninfo = swappedKudosDatabase(QStringLiteral("kudosforecast_measure"));
        auto db = openKudos(conninfo);
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        QVERIFY(retain(*db, *store, eligibleThrough(2)).alerts.empty());
        const Micros now = eligibleThrough(3);
        const KudosForecast f = forecast(conninfo, QStringLiteral("file://") + dir.path(), now);
        QVERIFY(!f.cancelled);
        QCOMPARE(f.manifestsRead, 4); // two weeks in each tier
        for (RetentionDataset dataset : {RetentionDataset::Currency, RetentionDataset::Statistics}) {
            const KudosForecast::Table& t = table(f, dataset);
            QCOMPARE(t.rows, db->exec(QStringLiteral("SELECT count(*) FROM %1").arg(t.table)).toLong(0, 0));
            QCOMPARE(t.bytes,
                     db->exec(QStringLiteral("SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits"
                                             " WHERE inhparent = $1::regclass"),
                              {t.table})
                         .toLong(0, 0));
            qint64 weekRows = 0;
            for (const KudosForecast::Week& w : t.weeks) {
                QCOMPARE(w.rows,
                         db->exec(QStringLiteral("SELECT count(*) FROM %1 WHERE created >= $1::timestamp"
                                                 " AND created < $2::timestamp")
                                      .arg(t.table),
                                  {utcParam(w.lo), utcParam(w.hi)})
                             .toLong(0, 0));
                weekRows += w.rows;
            }
            QCOMPARE(weekRows, t.rows);
            QVERIFY(t.rowsPerWeek.has_value());
            const KudosForecast::Tier& tr = tier(f, dataset);
            const QString prefix = datasetName(dataset) + QLatin1Char('/');
            QCOMPARE(tr.usedBytes, store->usedBytes(prefix));
            QCOMPARE(tr.objects, 2);
            const PgResult recorded =
                db->exec(QStringLiteral("SELECT sum(object_bytes), count(*) FROM kudos_retention_catalog"
                                        " WHERE dataset = $1 AND archive_key IS NOT NULL"),
                         {datasetName(dataset)});
            QCOMPARE(recorded.toLong(0, 1), qint64(2));
            QCOMPARE(*tr.bytesPerWeek, recorded.toLong(0, 0) / 2.0);
            QCOMPARE(tr.history.back().cumulativeBytes, recorded.toLong(0, 0));
            QVERIFY(!tr.budgetBytes && !tr.budgetReachedOn);
        }
        const PgResult rollups = db->exec(QStringLiteral(
            "SELECT count(*), count(DISTINCT (source_lo, source_hi)) FROM kudos_stat_rollups"));
        QCOMPARE(f.rollups.rows, rollups.toLong(0, 0));
        QCOMPARE(qint64(f.rollups.history.size()), rollups.toLong(0, 1));
        QCOMPARE(*f.rollups.rowsPerWeek, rollups.toLong(0, 0) / 2.0);
        QVERIFY(f.online.rows.has_value());
        QVERIFY(f.warnings.join(QLatin1Char(' ')).contains(QLatin1String("ahead of the server")));

        // With budgets: the tier's date follows from its use and growth.
        KudosSettings settings = kudosTestSettings();
        settings.currencyBudgetBytes = tier(f, RetentionDataset::Currency).usedBytes + 1000000;
        const KudosForecast budgeted =
            forecast(conninfo, QStringLiteral("file://") + dir.path(), now, settings);
        const KudosForecast::Tier& currency = tier(budgeted, RetentionDataset::Currency);
        QVERIFY2(currency.budgetReachedOn.has_value(), qPrintable(currency.budgetReachedReason));
        QCOMPARE(*currency.budgetReachedOn,
                 now + Micros(std::llround(1000000.0 / *currency.bytesPerWeek * kWeek)));
    }

    // Every table's rows, the relations, the sequences, the catalog and the archive's files are as they were.
    void aForecastWritesNothing() {
        const QString conninfo = swappedKudosDatabase(QStringLiteral("kudosforecast_readonly"));
        auto db = openKudos(conninfo);
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        QVERIFY(retain(*db, *store, eligibleThrough(1)).alerts.empty());
        const QStringList before = everything(*db, dir.path());
        QVERIFY(before.size() > 20);
        // Later than every eligibility: the run at this instant would create partitions, catalog rows and
        // drops.
        const KudosForecast f =
            forecast(conninfo, QStringLiteral("file://") + dir.path(), kudosAllEligible());
        QVERIFY(!f.nextRun.empty());
        QCOMPARE(everything(*db, dir.path()), before);
        // An archive folder that is not there is refused, and stays not there.
        const QString missing = dir.path() + QStringLiteral("/not-yet");
        QString message;
        QCOMPARE(
            thrownKind([&] { forecast(conninfo, QStringLiteral("file://") + missing, kudosAllEligible()); },
                       &message),
            Error::Kind::Refused);
        QVERIFY2(message.contains(QLatin1String("no Tidemark archive at")), qPrintable(message));
        QVERIFY(!QFileInfo::exists(missing));
        QCOMPARE(everything(*db, dir.path()), before);
    }

    // Forecast, then a real run at the same instant, twice: the same steps with the same rows, the rollup
    // rows it counted, the bytes it estimated (within a third), the tier use the budget check starts from.
    void theNextRunIsWhatTheRunThenDoes() {
        const QString conninfo = swappedKudosDatabase(QStringLiteral("kudosforecast_agree"));
        auto db = openKudos(conninfo);
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        const QString url = QStringLiteral("file://") + dir.path();
        QVERIFY(retain(*db, *store, eligibleThrough(1)).alerts.empty());
        for (const Micros now : {eligibleThrough(2), kudosAllEligible()}) {
            const KudosForecast f = forecast(conninfo, url, now);
            QVERIFY(!f.nextRun.empty());
            // The dry run lists every step of the run: the forecast's steps.
            RetentionOptions dry = kudosRehearsal();
            dry.dryRun = true;
            const RetentionReport plan = RetentionJob(*db, store.get(), kudosTestSettings(), dry).run(now);
            QCOMPARE(plan.remaining.size(), f.nextRun.size());
            for (size_t i = 0; i < plan.remaining.size(); ++i)
                QCOMPARE(stepOf(f.nextRun[i].action, 0), stepOf(plan.remaining[i], 0));
            std::map<RetentionDataset, qint64> usedBefore;
            for (const KudosForecast::Tier& t : f.tiers) {
                usedBefore[t.dataset] = store->usedBytes(datasetName(t.dataset) + QLatin1Char('/'));
                QCOMPARE(t.usedBytes, usedBefore[t.dataset]);
            }

            const RetentionReport run = retain(*db, *store, now);
            QVERIFY2(run.alerts.empty(), run.alerts.empty() ? "" : qPrintable(run.alerts.front().message));
            QCOMPARE(stepsOf(f), stepsOf(run));

            qint64 estimated = 0, archived = 0;
            for (size_t i = 0; i < f.nextRun.size(); ++i) {
                const KudosForecast::Action& a = f.nextRun[i];
                const RetentionStepResult& done = run.done[i];
                if (a.rollupRows)
                    QCOMPARE(*a.rollupRows,
                             db->exec(QStringLiteral(
                                          "SELECT count(*) FROM kudos_stat_rollups"
                                          " WHERE source_lo = $1::timestamp AND source_hi = $2::timestamp"),
                                      {utcParam(a.action.entry.lo), utcParam(a.action.entry.hi)})
                                 .toLong(0, 0));
                if (a.action.to == QLatin1String("exported") || a.action.to == QLatin1String("dumped")) {
                    QVERIFY(a.bytes.has_value());
                    estimated += *a.bytes;
                    archived += done.bytes;
                }
                if (a.action.to == QLatin1String("dropped"))
                    QVERIFY(!db->relationExists(a.action.entry.partition));
            }
            qInfo("archived %lld bytes, forecast %lld", static_cast<long long>(archived),
                  static_cast<long long>(estimated));
            QVERIFY(archived > 0);
            QVERIFY2(std::abs(double(estimated - archived)) <= archived / 3.0,
                     qPrintable(QStringLiteral("%1 estimated, %2 archived").arg(estimated).arg(archived)));
            for (const KudosForecast::Table& t : f.tables) {
                qint64 dropped = 0, rolled = 0;
                for (const RetentionStepResult& s : run.done)
                    if (s.action.entry.dataset == t.dataset) {
                        if (s.action.to == QLatin1String("dropped"))
                            dropped += s.rows;
                        if (s.action.to == QLatin1String("rolled_up"))
                            rolled += s.rows;
                    }
                QCOMPARE(t.nextRun.rowsDropped, dropped);
                QCOMPARE(t.nextRun.rowsRolledUp, rolled);
            }
        }
        QVERIFY(!db->relationExists(QStringLiteral("kudos_ledger_initial")));
    }

    // The console's dataset runs the same job as a task and hands the report over in its signal.
    void theConsoleDeliversTheForecast() {
        const QString conninfo = swappedKudosDatabase(QStringLiteral("kudosforecast_console"));
        QTemporaryDir dir;
        const QString url = initialisedArchiveFolder(dir.path());
        const Micros now = eligibleThrough(2);
        TaskManager tasks;
        KudosDataset dataset(&tasks);
        dataset.setClock([now] { return now; }, true);
        dataset.setSettings(kudosTestSettings());
        QSignalSpy loaded(&dataset, &KudosDataset::loaded);
        dataset.setConnection(conninfo, url);
        QVERIFY(loaded.wait(120000));
        QSignalSpy ready(&dataset, &KudosDataset::forecastReady);
        QVERIFY(dataset.startForecast());
        QVERIFY(dataset.isForecasting());
        QVERIFY(!dataset.startForecast()); // one at a time
        QVERIFY(ready.wait(120000));
        QVERIFY(!dataset.isForecasting());
        const KudosForecast shown = ready.takeFirst().at(0).value<KudosForecast>();
        const KudosForecast direct = forecast(conninfo, url, now);
        QCOMPARE(stepsOf(shown), stepsOf(direct));
        QCOMPARE(table(shown, RetentionDataset::Statistics).rows,
                 table(direct, RetentionDataset::Statistics).rows);
        QCOMPARE(table(shown, RetentionDataset::Currency).weeks.size(),
                 table(direct, RetentionDataset::Currency).weeks.size());
        QCOMPARE(dataset.lastForecast().now, now);
    }

    // `tidemark-cli forecast kudos`: the spec's field names and types, the readable form, bad input.
    void theCliPrintsTheSpecsFields() {
        const QString conninfo = swappedKudosDatabase(QStringLiteral("kudosforecast_cli"));
        auto db = openKudos(conninfo);
        applyEverything(*db);
        QTemporaryDir dir;
        auto store = directoryArchive(dir);
        QVERIFY(retain(*db, *store, eligibleThrough(1)).alerts.empty());
        const Micros now = eligibleThrough(2);
        const QStringList args{QStringLiteral("forecast"),  QStringLiteral("kudos"),
                               QStringLiteral("--db"),      conninfo,
                               QStringLiteral("--archive"), QStringLiteral("file://") + dir.path(),
                               QStringLiteral("--now"),     formatIsoTimestamp(now)};
        const QHash<QString, QString> budget{
            {QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES"), QStringLiteral("50000000")}};
        const CliRun run = runCli(args + QStringList{QStringLiteral("--json")}, budget);
        QVERIFY2(run.exitCode == 0, qPrintable(QStringLiteral("exit %1: %2").arg(run.exitCode).arg(run.err)));
        const QJsonObject o = json(run);
        QCOMPARE(o.value(QStringLiteral("now")).toString(), formatIsoTimestamp(now));
        const QJsonArray tables = o.value(QStringLiteral("tables")).toArray();
        QCOMPARE(tables.size(), 2);
        QCOMPARE(tables[0].toObject().value(QStringLiteral("table")).toString(),
                 QStringLiteral("kudos_ledger"));
        for (const QJsonValue& v : tables) {
            const QJsonObject t = v.toObject();
            for (const char* key : {"rows", "bytes", "rows_per_week", "bytes_per_week", "steady_state_rows",
                                    "steady_state_bytes", "weeks_measured"})
                QVERIFY2(t.value(QLatin1String(key)).isDouble(), key);
            const QJsonArray weeks = t.value(QStringLiteral("weeks")).toArray();
            QVERIFY(!weeks.isEmpty());
            for (const char* key : {"rows", "bytes"})
                QVERIFY2(weeks[0].toObject().value(QLatin1String(key)).isDouble(), key);
            QVERIFY(t.value(QStringLiteral("next_run"))
                        .toObject()
                        .value(QStringLiteral("rows_archived"))
                        .isDouble());
        }
        const QJsonArray tiers = o.value(QStringLiteral("tiers")).toArray();
        QCOMPARE(tiers.size(), 2);
        const QJsonObject currency = tiers[0].toObject();
        QCOMPARE(currency.value(QStringLiteral("tier")).toString(), QStringLiteral("currency"));
        QCOMPARE(currency.value(QStringLiteral("used_bytes")).toInteger(),
                 store->usedBytes(QStringLiteral("currency/")));
        QCOMPARE(currency.value(QStringLiteral("budget_bytes")).toInteger(), 50000000);
        QVERIFY(currency.value(QStringLiteral("bytes_per_week")).isDouble());
        Micros reached = 0;
        QVERIFY(
            tryParseIsoTimestamp(currency.value(QStringLiteral("budget_reached_on")).toString(), &reached));
        QVERIFY(reached > now);
        QVERIFY(currency.value(QStringLiteral("budget_reached_reason")).isNull());
        const QJsonObject statistics = tiers[1].toObject();
        QVERIFY(statistics.value(QStringLiteral("budget_bytes")).isNull());
        QVERIFY(statistics.value(QStringLiteral("budget_reached_on")).isNull());
        QVERIFY(statistics.value(QStringLiteral("budget_reached_reason")).isString());
        QVERIFY(
            o.value(QStringLiteral("rollups")).toObject().value(QStringLiteral("rows_per_week")).isDouble());
        QVERIFY(o.value(QStringLiteral("online_steady_state"))
                    .toObject()
                    .value(QStringLiteral("rows"))
                    .isDouble());
        const QJsonArray next = o.value(QStringLiteral("next_run")).toArray();
        const KudosForecast direct = forecast(conninfo, QStringLiteral("file://") + dir.path(), now);
        QCOMPARE(next.size(), qsizetype(direct.nextRun.size()));
        QCOMPARE(next[0].toObject().value(QStringLiteral("rows")).toInteger(), direct.nextRun[0].rows);

        const CliRun text = runCli(args);
        QVERIFY2(text.exitCode == 0, qPrintable(text.err));
        for (const char* line :
             {"kudos_ledger (currency):", "tier currency:", "next retention run:", "online steady state:"})
            QVERIFY2(text.out.contains(QLatin1String(line)), qPrintable(text.out));

        const CliRun noArchive =
            runCli({QStringLiteral("forecast"), QStringLiteral("kudos"), QStringLiteral("--db"), conninfo},
                   {{QStringLiteral("TIDEMARK_ARCHIVE_URL"), QString()}});
        QCOMPARE(noArchive.exitCode, 2);
        QVERIFY2(noArchive.err.contains(QLatin1String("--archive")), qPrintable(noArchive.err));
        const CliRun badNow =
            runCli(args.mid(0, 6) + QStringList{QStringLiteral("--now"), QStringLiteral("soon")});
        QCOMPARE(badNow.exitCode, 2);
    }

    // The same measurement on a real S3 server (radosgw): the tiers' use and growth from its listing.
    void anS3ArchiveIsMeasuredAlike() {
        const QString conninfo = swappedKudosDatabase(QStringLiteral("kudosforecast_s3"));
        auto db = openKudos(conninfo);
        applyEverything(*db);
        const QString url = initialisedS3Archive(QStringLiteral("kudos_forecast"));
        auto store = archive::openArchiveStore(url);
        QVERIFY(retain(*db, *store, eligibleThrough(2)).alerts.empty());
        const KudosForecast f = forecast(conninfo, url, eligibleThrough(3));
        QCOMPARE(f.manifestsRead, 4);
        for (const KudosForecast::Tier& t : f.tiers) {
            QCOMPARE(t.usedBytes, store->usedBytes(datasetName(t.dataset) + QLatin1Char('/')));
            QCOMPARE(t.objects, 2);
            QVERIFY(*t.bytesPerWeek > 0);
        }
        QCOMPARE(stepsOf(f), stepsOf(retain(*db, *store, eligibleThrough(3))));
    }
};

QTEST_GUILESS_MAIN(TestKudosForecast)
#include "test_kudosforecast.moc"
