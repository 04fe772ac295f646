// Restore drills (spec/kudos.md, "Restore drills"): the comparison against a plain map on random lines and
// by hand; the order objects are chosen in; and against a real PostgreSQL and a directory archive that a
// real retention round filled: a clean archive passes, an edited statement or rollup and an object of
// another database fail naming what differs, a killed drill leaves no scratch file and records nothing, an
// unreachable archive exits 75 recording nothing, and retention alerts (without stopping) when no drill
// passed lately.
#include "archivedrill.h"
#include "archivedrilljob.h"
#include "archivefixtures.h"
#include "archiveurl.h"
#include "clirunner.h"
#include "error.h"
#include "kudostestdata.h"
#include "metricsfilecheck.h"
#include "pgconnection.h"
#include "retentionjob.h"
#include "taskfeedback.h"
#include "thrownkind.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

using namespace tidemark;
using namespace tidemark::kudos;
using namespace tidemark::test;

namespace {

using Kind = DrillComparison::Kind;

// The differences of two sets of lines as a map sees them: keys on one side only, or with another Σ or count.
qint64 mapDifferences(const std::vector<DrillLine>& archive, const std::vector<DrillLine>& statement) {
    std::map<std::pair<qint64, QByteArray>, std::pair<qint64, qint64>> a, s;
    for (const DrillLine& l : archive)
        a[{l.user, l.rest}] = {l.cents, l.rows};
    for (const DrillLine& l : statement)
        s[{l.user, l.rest}] = {l.cents, l.rows};
    qint64 differences = 0;
    for (const auto& [key, value] : a) {
        const auto it = s.find(key);
        differences += it == s.end() || it->second != value ? 1 : 0;
    }
    for (const auto& [key, value] : s)
        differences += a.count(key) ? 0 : 1;
    return differences;
}

DrillComparison::ArchiveLines linesOf(const std::vector<DrillLine>& lines) {
    return [&lines, i = size_t(0)]() mutable -> std::optional<DrillLine> {
        if (i == lines.size())
            return std::nullopt;
        return lines[i++];
    };
}

qint64 compare(const std::vector<DrillLine>& archive, const std::vector<DrillLine>& statement,
               DrillComparison** out = nullptr) {
    static std::unique_ptr<DrillComparison> kept;
    kept = std::make_unique<DrillComparison>(Kind::Currency, QStringLiteral("kudos_ledger_daily"),
                                             linesOf(archive));
    for (const DrillLine& l : statement)
        kept->statementLine(l);
    kept->finish();
    if (out)
        *out = kept.get();
    return kept->differences();
}

QByteArray currencyKey(bool escrow, const char* type, const char* day) {
    return QByteArray(escrow ? "t" : "f") + kDrillKeySeparator + type + kDrillKeySeparator + day;
}

// A rehearsed copy of the generated kudos data: every range of the first partition through retention into
// a directory archive (rolled up, dumped, checkpointed, stated, exported, verified, dropped).
struct Rehearsed {
    QString conninfo;
    std::unique_ptr<QTemporaryDir> archive = std::make_unique<QTemporaryDir>();
    QString url() const { return QStringLiteral("file://") + archive->path(); }
};

Rehearsed rehearse(const QString& name, const std::function<void(PgConnection&)>& before = {}) {
    Rehearsed r;
    r.conninfo = swappedKudosDatabase(name);
    auto db = openKudos(r.conninfo);
    db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
    db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
    if (before)
        before(*db);
    auto store = test::openInitialisedArchive(r.archive->path());
    const RetentionReport report =
        RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).run(kudosAllEligible());
    if (!report.alerts.empty())
        qFatal("the rehearsal raised an alert: %s", qPrintable(report.alerts.front().message));
    return r;
}

ArchiveDrillRequest requestFor(const Rehearsed& r, const QString& scratch) {
    ArchiveDrillRequest request;
    request.conninfo = r.conninfo;
    request.archiveUrl = r.url();
    request.settings = kudosTestSettings();
    request.sample = -1;
    request.scratchFolder = scratch;
    return request;
}

QString keyOfTier(PgConnection& db, const QString& tier) {
    return db
        .exec(QStringLiteral("SELECT archive_key FROM kudos_retention_catalog WHERE dataset = $1 AND"
                             " archive_key IS NOT NULL AND row_count > 0 ORDER BY lo LIMIT 1"),
              {tier})
        .text(0, 0);
}

qint64 drillRows(PgConnection& db) {
    return db.exec(QStringLiteral("SELECT count(*) FROM kudos_archive_drills")).toLong(0, 0);
}

QStringList scratchFiles(const QString& folder) {
    return QDir(folder).entryList({QStringLiteral("drill-*")}, QDir::Files | QDir::Hidden);
}

QJsonObject json(const CliRun& run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

} // namespace

class TestArchiveDrill : public QObject {
    Q_OBJECT

    Rehearsed m_clean; // drilled, never edited
    QTemporaryDir m_scratch;

  private slots:
    void initTestCase() { m_clean = rehearse(QStringLiteral("drill_clean")); }

    // The merge finds what a map finds, on random lines with keys dropped, sums and counts changed.
    void theComparisonAgreesWithAMap() {
        QRandomGenerator random(27);
        const char* types[] = {"AWARD", "TRANSFER_IN", "TRANSFER_OUT",
                               "\xc3\x9c"
                               "BER"};
        for (int round = 0; round < 300; ++round) {
            std::map<std::pair<qint64, QByteArray>, std::pair<qint64, qint64>> base;
            const int n = int(random.bounded(60));
            for (int i = 0; i < n; ++i) {
                const QByteArray day = QByteArray("2026-10-") + QByteArray::number(10 + random.bounded(9));
                base[{random.bounded(8),
                      currencyKey(random.bounded(2), types[random.bounded(4)], day.constData())}] = {
                    qint64(random.bounded(-50000, 50000)), qint64(1 + random.bounded(5))};
            }
            std::vector<DrillLine> archive, statement;
            for (const auto& [key, value] : base) {
                const int fate = int(random.bounded(10));
                DrillLine line{key.first, key.second, value.first, value.second};
                if (fate != 0)
                    archive.push_back(line);
                if (fate == 1)
                    line.cents += 1;
                if (fate == 2)
                    line.rows += 1;
                if (fate != 3)
                    statement.push_back(line);
            }
            DrillComparison* c = nullptr;
            QCOMPARE(compare(archive, statement, &c), mapDifferences(archive, statement));
            QCOMPARE(c->archiveLines(), qint64(archive.size()));
            QCOMPARE(c->statementLines(), qint64(statement.size()));
            QVERIFY(c->problems().size() <= 11);
        }
    }

    void theProblemsNameTheUserDayAndType() {
        const std::vector<DrillLine> archive{{17, currencyKey(false, "AWARD", "2026-10-06"), 1230, 2},
                                             {17, currencyKey(true, "AWARD", "2026-10-06"), 500, 1},
                                             {18, currencyKey(false, "AWARD", "2026-10-07"), 100, 1}};
        const std::vector<DrillLine> statement{{17, currencyKey(false, "AWARD", "2026-10-06"), 1330, 2},
                                               {17, currencyKey(true, "AWARD", "2026-10-06"), 500, 1},
                                               {19, currencyKey(false, "AWARD", "2026-10-07"), 100, 1}};
        DrillComparison* c = nullptr;
        QCOMPARE(compare(archive, statement, &c), 3);
        const QStringList problems = c->problems();
        QVERIFY2(problems[0].contains(QLatin1String("user 17 spendable AWARD 2026-10-06")),
                 qPrintable(problems[0]));
        QVERIFY2(problems[0].contains(QLatin1String("differs by -1.00")), qPrintable(problems[0]));
        QVERIFY2(problems[1].contains(QLatin1String("user 18")) &&
                     problems[1].contains(QLatin1String("has none")),
                 qPrintable(problems[1]));
        QVERIFY(problems[2].contains(QLatin1String("user 19")));
        const QJsonObject first = c->problemsJson().first().toObject();
        QCOMPARE(first.value(QStringLiteral("user_id")).toInt(), 17);
        QCOMPARE(first.value(QStringLiteral("account")).toString(), QStringLiteral("spendable"));
        QCOMPARE(first.value(QStringLiteral("entry_type")).toString(), QStringLiteral("AWARD"));
        QCOMPARE(first.value(QStringLiteral("day")).toString(), QStringLiteral("2026-10-06"));
        // The same lines agree; empty sides agree.
        QCOMPARE(compare(archive, archive), 0);
        QCOMPARE(compare({}, {}), 0);
        // Only ten are kept; the rest are counted.
        std::vector<DrillLine> many;
        for (int i = 0; i < 25; ++i)
            many.push_back({i, currencyKey(false, "AWARD", "2026-10-06"), 1, 1});
        QCOMPARE(compare(many, {}, &c), 25);
        QCOMPARE(c->problems().size(), 11);
        QVERIFY(c->problems().last().contains(QLatin1String("15 more")));
    }

    void linesOutOfOrderAreRefused() {
        const std::vector<DrillLine> backwards{{2, "b", 1, 1}, {1, "a", 1, 1}};
        QVERIFY_THROWS_EXCEPTION(Error, compare(backwards, {}));
        QVERIFY_THROWS_EXCEPTION(Error, compare({}, backwards));
    }

    void neverDrilledFirstThenTheOldest() {
        const Micros now = 100 * kMicrosPerDay, maxAge = 35 * kMicrosPerDay;
        const std::vector<DrillCandidate> candidates{{QStringLiteral("recent"), now - kMicrosPerDay},
                                                     {QStringLiteral("old"), now - 50 * kMicrosPerDay},
                                                     {QStringLiteral("older"), now - 60 * kMicrosPerDay},
                                                     {QStringLiteral("new-a"), std::nullopt},
                                                     {QStringLiteral("new-b"), std::nullopt}};
        const QStringList all = chooseDrillObjects(candidates, -1, 7, now, maxAge);
        QCOMPARE(all.size(), 5);
        QCOMPARE(QSet<QString>(all.begin(), all.begin() + 2),
                 (QSet<QString>{QStringLiteral("new-a"), QStringLiteral("new-b")}));
        QCOMPARE(all.mid(2),
                 (QStringList{QStringLiteral("older"), QStringLiteral("old"), QStringLiteral("recent")}));
        QCOMPARE(chooseDrillObjects(candidates, 3, 7, now, maxAge), all.mid(0, 3));
        // The seed decides the random part, and only that: some seed puts the other new object first.
        bool swapped = false;
        for (quint64 seed = 0; seed < 64 && !swapped; ++seed)
            swapped = chooseDrillObjects(candidates, 1, seed, now, maxAge) != all.mid(0, 1);
        QVERIFY(swapped);
        QCOMPARE(chooseDrillObjects(candidates, 2, 7, now, maxAge),
                 chooseDrillObjects(candidates, 2, 7, now, maxAge));
    }

    // Every object the round archived restores into what the statements and rollups say; each drill is
    // recorded with the manifest's sha256; the next sample starts with the objects not drilled yet.
    void aCleanArchivePassesAndIsRecorded() {
        auto db = openKudos(m_clean.conninfo);
        const qint64 before = drillRows(*db);
        TaskFeedback feedback;
        const ArchiveDrillReport report =
            ArchiveDrillJob::run(requestFor(m_clean, m_scratch.path()), feedback);
        QVERIFY(!report.results.empty());
        for (const ArchiveDrillResult& r : report.results) {
            QVERIFY2(r.record.passed, qPrintable(r.record.archiveKey + QLatin1String(": ") +
                                                 r.record.problemMessages().join(QLatin1String("; "))));
            QCOMPARE(r.verified, std::optional<bool>(true)); // what the console shows as verified by a drill
        }
        QCOMPARE(report.exitCode(), 0);
        QCOMPARE(drillRows(*db) - before, qint64(report.results.size()));
        const QStringList catalog = ArchiveDrillHistory(*db).catalogKeys();
        QCOMPARE(report.planned, int(catalog.size()));
        bool currency = false, statistics = false;
        for (const ArchiveDrillResult& r : report.results) {
            currency |= r.dataset == QLatin1String("currency") && r.record.rows > 0;
            statistics |= r.dataset == QLatin1String("statistics") && r.record.rows > 0;
            QCOMPARE(r.catalogRows.value_or(-1), r.record.rows);
            QVERIFY(r.linesCompared > 0 || r.record.rows == 0);
            QCOMPARE(r.record.objectSha256.size(), 64);
        }
        QVERIFY(currency && statistics);
        QVERIFY(scratchFiles(m_scratch.path()).isEmpty());
        const std::map<QString, DrillRecord> last = ArchiveDrillHistory(*db).lastPerKey();
        QCOMPARE(int(last.size()), int(catalog.size()));
        const DrillCoverage coverage = ArchiveDrillHistory(*db).coverage(35);
        QCOMPARE(coverage.objects, int(catalog.size()));
        QCOMPARE(coverage.provenWithin, coverage.objects);
        QCOMPARE(coverage.unproven, 0);
        QVERIFY(coverage.lastPassed.has_value());

        // Once all were drilled, a sample of one takes the one drilled longest ago.
        db->exec(QStringLiteral("UPDATE kudos_archive_drills SET drilled_at = drilled_at - interval '40 days'"
                                " WHERE archive_key = $1"),
                 {catalog.last()});
        ArchiveDrillRequest one = requestFor(m_clean, m_scratch.path());
        one.sample = 1;
        const ArchiveDrillReport next = ArchiveDrillJob::run(one, feedback);
        QCOMPARE(next.results.size(), size_t(1));
        QCOMPARE(next.results.front().record.archiveKey, catalog.last());
    }

    // A daily statement line changed after the archive was written: the drill fails and says which user,
    // account, entry type and day differ and by how much.
    void anEditedStatementFails() {
        auto db = openKudos(m_clean.conninfo);
        const QString key = keyOfTier(*db, QStringLiteral("currency"));
        const PgResult line = db->exec(QStringLiteral(
            "UPDATE kudos_ledger_daily SET amount_sum = amount_sum + 1 WHERE (user_id, day, escrow, "
            "entry_type) ="
            " (SELECT user_id, day, escrow, entry_type FROM kudos_ledger_daily ORDER BY day, user_id LIMIT 1)"
            " RETURNING user_id, day::text, entry_type, escrow"));
        QCOMPARE(line.rows(), 1);
        const qint64 before = drillRows(*db);
        const CliRun run =
            runCli({QStringLiteral("archive"), QStringLiteral("drill"), key, QStringLiteral("--db"),
                    m_clean.conninfo, QStringLiteral("--archive"), m_clean.url()},
                   {{QStringLiteral("TMPDIR"), m_scratch.path()}});
        db->exec(QStringLiteral("UPDATE kudos_ledger_daily SET amount_sum = amount_sum - 1 WHERE user_id = $1"
                                " AND day = $2::date AND entry_type = $3 AND escrow = $4::boolean"),
                 {line.text(0, 0), line.text(0, 1), line.text(0, 2), line.text(0, 3)});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains(QLatin1String("FAILED ") + key), qPrintable(run.out));
        const QString expected = QStringLiteral("user %1 ").arg(line.text(0, 0));
        QVERIFY2(run.out.contains(expected) && run.out.contains(line.text(0, 1)) &&
                     run.out.contains(line.text(0, 2)) && run.out.contains(QLatin1String("differs by -1.00")),
                 qPrintable(run.out));
        QCOMPARE(drillRows(*db), before + 1);
        const PgResult recorded = db->exec(QStringLiteral(
            "SELECT result, problems->0->>'user_id', problems->0->>'day' FROM kudos_archive_drills"
            " ORDER BY id DESC LIMIT 1"));
        QCOMPARE(recorded.text(0, 0), QStringLiteral("failed"));
        QCOMPARE(recorded.text(0, 1), line.text(0, 0));
        QCOMPARE(recorded.text(0, 2), line.text(0, 1));
    }

    void anEditedRollupFails() {
        auto db = openKudos(m_clean.conninfo);
        const QString key = keyOfTier(*db, QStringLiteral("statistics"));
        // One more rollup row on the object's first day (a key no event has), removed afterwards.
        const PgResult edited = db->exec(
            QStringLiteral(
                "INSERT INTO kudos_stat_rollups (source_lo, source_hi, day, entry_type, unit, amount_sum,"
                " row_count, amount_min, amount_max, created_max)"
                " SELECT r.source_lo, r.source_hi, min(r.day), 'DRILL_TEST', 'kudos', 0, 1, 0, 0,"
                " min(r.day) FROM kudos_stat_rollups r JOIN kudos_retention_catalog c"
                " ON c.lo = r.source_lo AND c.hi = r.source_hi AND c.archive_key = $1"
                " GROUP BY 1, 2 RETURNING day::text"),
            {key});
        QCOMPARE(edited.rows(), 1);
        ArchiveDrillRequest request = requestFor(m_clean, m_scratch.path());
        request.keys = {key};
        TaskFeedback feedback;
        const ArchiveDrillReport report = ArchiveDrillJob::run(request, feedback);
        db->exec(QStringLiteral("DELETE FROM kudos_stat_rollups WHERE entry_type = 'DRILL_TEST'"));
        QCOMPARE(report.exitCode(), 1);
        const DrillRecord& r = report.results.front().record;
        QVERIFY(!r.passed);
        QVERIFY2(r.problemMessages().first().contains(QStringLiteral("day %1").arg(edited.text(0, 0))),
                 qPrintable(r.problemMessages().join(QLatin1String("; "))));
        QVERIFY(r.problemMessages().first().contains(QLatin1String("-1 row(s)")));
    }

    // An object another database wrote under the same key (a restored bucket, a mixed-up copy) verifies
    // against its own manifest, but not against this catalog and these statements.
    void anObjectOfAnotherDatabaseFails() {
        const Rehearsed other = rehearse(QStringLiteral("drill_other"), [](PgConnection& db) {
            db.exec(QStringLiteral(
                "INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, escrow, amount, applied)"
                " SELECT min(created), gen_random_uuid(), 'AWARD', min(user_id), false, '5.00', true"
                " FROM kudos_ledger"));
        });
        auto db = openKudos(m_clean.conninfo);
        auto otherDb = openKudos(other.conninfo);
        const QString key = keyOfTier(*db, QStringLiteral("currency"));
        QCOMPARE(keyOfTier(*otherDb, QStringLiteral("currency")), key);
        QTemporaryDir mixed;
        QVERIFY(QDir().mkpath(QFileInfo(mixed.filePath(key)).path()));
        const QString manifest = key.chopped(int(qstrlen(".csv.zst"))) + QStringLiteral(".manifest.json");
        for (const QString& name : {key, manifest})
            QVERIFY2(QFile::copy(other.archive->filePath(name), mixed.filePath(name)), qPrintable(name));
        ArchiveDrillRequest request = requestFor(m_clean, m_scratch.path());
        request.archiveUrl = test::initialisedArchiveFolder(mixed.path()); // adopts the copied object
        request.keys = {key};
        TaskFeedback feedback;
        const ArchiveDrillReport report = ArchiveDrillJob::run(request, feedback);
        QCOMPARE(report.exitCode(), 1);
        const QString problems = report.results.front().record.problemMessages().join(QLatin1Char('\n'));
        QVERIFY2(problems.contains(QLatin1String("the catalog records object sha256")), qPrintable(problems));
        QVERIFY2(problems.contains(QLatin1String("row(s) restored, the catalog counted")),
                 qPrintable(problems));
        QVERIFY2(problems.contains(QLatin1String("kudos_ledger_daily has none")) ||
                     problems.contains(QLatin1String("differs by 5.00")),
                 qPrintable(problems));
        // Its object read back as its manifest says: verified, whatever the comparison found after.
        QCOMPARE(report.results.front().verified, std::optional<bool>(true));
        // And against a database that never archived it: the catalog does not know it at all.
        request.conninfo = swappedKudosDatabase(QStringLiteral("drill_unknown"));
        const ArchiveDrillReport unknown = ArchiveDrillJob::run(request, feedback);
        QVERIFY(unknown.results.front().record.problemMessages().first().contains(
            QLatin1String("records no object")));
        // A flipped byte: its verification refuses it, and the drill says so (the console shows the object's
        // verification failed).
        test::flipMiddleByte(mixed.filePath(key));
        const ArchiveDrillReport corrupt = ArchiveDrillJob::run(request, feedback);
        QCOMPARE(corrupt.results.size(), size_t(1));
        QVERIFY(!corrupt.results.front().record.passed);
        QCOMPARE(corrupt.results.front().verified, std::optional<bool>(false));
        QVERIFY2(corrupt.results.front()
                     .record.problemMessages()
                     .join(QLatin1Char('\n'))
                     .contains(QLatin1String("failed verification")),
                 qPrintable(corrupt.results.front().record.problemMessages().join(QLatin1Char('\n'))));
    }

  private:
    // The scratch folders of drills under $TMPDIR (tidemark-drill-<pid>-XXXXXX) and the files in them.
    static QStringList scratchFolders(const QString& tmp) {
        return QDir(tmp).entryList({QStringLiteral("tidemark-drill-*")}, QDir::Dirs | QDir::Hidden);
    }
    static int scratchFilesUnder(const QString& tmp) {
        int n = 0;
        for (const QString& folder : scratchFolders(tmp))
            n += int(scratchFiles(QDir(tmp).filePath(folder)).size());
        return n;
    }

    // A drill of the first currency object, started while this test holds the statements locked, so that the
    // process is known to hold its scratch file while it waits to compare.
    struct WaitingDrill {
        std::unique_ptr<PgConnection> db, locker;
        QString key;
        qint64 before = 0; // drills recorded before it
        QTemporaryDir tmp;
        QProcess cli;
    };
    bool startWaitingDrill(WaitingDrill& w) {
        w.db = openKudos(m_clean.conninfo);
        w.key = keyOfTier(*w.db, QStringLiteral("currency"));
        w.before = drillRows(*w.db);
        w.locker = openKudos(m_clean.conninfo);
        w.locker->exec(QStringLiteral("BEGIN"));
        w.locker->exec(QStringLiteral("LOCK TABLE kudos_ledger_daily IN ACCESS EXCLUSIVE MODE"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TMPDIR"), w.tmp.path());
        w.cli.setProcessEnvironment(env);
        w.cli.start(QStringLiteral(TIDEMARK_BINARY_DIR "/app/cli/tidemark-cli"),
                    {QStringLiteral("archive"), QStringLiteral("drill"), w.key, QStringLiteral("--db"),
                     m_clean.conninfo, QStringLiteral("--archive"), m_clean.url()});
        if (!w.cli.waitForStarted())
            return false;
        for (int i = 0; i < 600; ++i) {
            QTest::qWait(100);
            if (w.db->exec(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE application_name ="
                                          " 'tidemark archive drill' AND wait_event_type = 'Lock' AND "
                                          "datname = current_database()"))
                    .toLong(0, 0) > 0)
                return true;
        }
        return false;
    }

  private slots:
    // Killed while it compares: the scratch file stays behind in the drill's own folder, nothing is
    // recorded; the next drill removes the folder first.
    void aKilledDrillLeavesNothing() {
        WaitingDrill w;
        QVERIFY(startWaitingDrill(w));
        QCOMPARE(scratchFilesUnder(w.tmp.path()), 1);
        ::kill(pid_t(w.cli.processId()), SIGKILL);
        QVERIFY(w.cli.waitForFinished(10000));
        w.locker->exec(QStringLiteral("ROLLBACK"));
        QCOMPARE(drillRows(*w.db), w.before);
        QCOMPARE(scratchFilesUnder(w.tmp.path()), 1);

        const CliRun next =
            runCli({QStringLiteral("archive"), QStringLiteral("drill"), w.key, QStringLiteral("--db"),
                    m_clean.conninfo, QStringLiteral("--archive"), m_clean.url(), QStringLiteral("--json")},
                   {{QStringLiteral("TMPDIR"), w.tmp.path()}});
        QVERIFY2(next.exitCode == 0, qPrintable(next.err + next.out));
        QCOMPARE(json(next).value(QStringLiteral("stale_scratch_removed")).toInt(), 1);
        QVERIFY(scratchFolders(w.tmp.path()).isEmpty());
        QCOMPARE(drillRows(*w.db), w.before + 1);
    }

    // SIGTERM while it compares: the object in flight finishes and is recorded whole (a signal stops the
    // drill between objects and at every chunk of a read), its scratch folder is removed, exit 75.
    void aStoppedDrillExits75AndLeavesNothing() {
        WaitingDrill w;
        QVERIFY(startWaitingDrill(w));
        QElapsedTimer stop;
        stop.start();
        ::kill(pid_t(w.cli.processId()), SIGTERM);
        QTest::qWait(200);
        w.locker->exec(QStringLiteral("ROLLBACK"));
        QVERIFY(w.cli.waitForFinished(60000));
        qInfo("archive drill, SIGTERM while it compares: exit %d after %lld ms (the lock held for 200 ms)",
              w.cli.exitCode(), stop.elapsed());
        const QString err = QString::fromUtf8(w.cli.readAllStandardError());
        QCOMPARE(w.cli.exitStatus(), QProcess::NormalExit);
        QVERIFY2(w.cli.exitCode() == 75, qPrintable(err));
        QVERIFY2(err.contains(QLatin1String("stopped by SIGTERM")), qPrintable(err));
        QVERIFY(scratchFolders(w.tmp.path()).isEmpty());
        QCOMPARE(drillRows(*w.db), w.before + 1);
    }

    // The old fixed scratch folder ($TMPDIR/tidemark-drill-<uid>) made first by another local user, open to
    // all: the drill never uses a folder by a name another user can take, so it runs; a folder the operator
    // names that is not private and this user's is refused before any object.
    void aScratchFolderOfAnotherUserIsNeverUsed() {
        if (::geteuid() != 0)
            QSKIP("needs root to make a folder of another user");
        QTemporaryDir tmp;
        QFile::setPermissions(tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                              QFileDevice::ExeOwner | QFileDevice::ReadOther |
                                              QFileDevice::WriteOther | QFileDevice::ExeOther);
        const QString planted = tmp.filePath(QStringLiteral("tidemark-drill-%1").arg(::geteuid()));
        QVERIFY(QDir().mkdir(planted));
        QVERIFY(::chown(QFile::encodeName(planted).constData(), 65534, 65534) == 0);
        QVERIFY(::chmod(QFile::encodeName(planted).constData(), 0777) == 0);
        auto db = openKudos(m_clean.conninfo);
        const QString key = keyOfTier(*db, QStringLiteral("currency"));
        const QStringList args{
            QStringLiteral("archive"), QStringLiteral("drill"),     key,          QStringLiteral("--db"),
            m_clean.conninfo,          QStringLiteral("--archive"), m_clean.url()};
        const CliRun run = runCli(args, {{QStringLiteral("TMPDIR"), tmp.path()}});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
        QVERIFY(QDir(planted).isEmpty());
        QVERIFY(scratchFolders(tmp.path()) == QStringList{QFileInfo(planted).fileName()});

        ArchiveDrillRequest named = requestFor(m_clean, planted);
        named.keys = {key};
        TaskFeedback feedback;
        QCOMPARE(test::thrownKind([&] { ArchiveDrillJob::run(named, feedback); }), Error::Kind::Refused);
        QVERIFY(QDir(planted).isEmpty());
    }

    void anUnreachableArchiveExits75AndRecordsNothing() {
        auto db = openKudos(m_clean.conninfo);
        const qint64 before = drillRows(*db);
        QTemporaryDir metricsDir;
        const QString metrics = metricsDir.filePath(QStringLiteral("drill.prom"));
        // A folder that cannot be opened (the mount gone, a file in its place).
        const QString notAFolder = metricsDir.filePath(QStringLiteral("archive"));
        QFile file(notAFolder);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const CliRun run =
            runCli({QStringLiteral("archive"), QStringLiteral("drill"), QStringLiteral("--db"),
                    m_clean.conninfo, QStringLiteral("--archive"), QStringLiteral("file://") + notAFolder,
                    QStringLiteral("--metrics-file"), metrics},
                   {{QStringLiteral("TMPDIR"), m_scratch.path()}});
        QCOMPARE(run.exitCode, 75);
        QVERIFY2(run.err.contains(QLatin1String("is not a folder")), qPrintable(run.err));
        QCOMPARE(drillRows(*db), before);
        QCOMPARE(
            metricValue(readMetricsFile(metrics), QStringLiteral("tidemark_archive_drill_last_exit_code")),
            75);
    }

    // The textfile a weekly timer's runs add up: objects drilled and failed per tier, the last success.
    void theMetricsAddUp() {
        QTemporaryDir metricsDir;
        const QString metrics = metricsDir.filePath(QStringLiteral("drill.prom"));
        const QStringList args{QStringLiteral("archive"),        QStringLiteral("drill"),
                               QStringLiteral("--sample"),       QStringLiteral("2"),
                               QStringLiteral("--tier"),         QStringLiteral("currency"),
                               QStringLiteral("--db"),           m_clean.conninfo,
                               QStringLiteral("--archive"),      m_clean.url(),
                               QStringLiteral("--metrics-file"), metrics,
                               QStringLiteral("--json")};
        const QHash<QString, QString> env{{QStringLiteral("TMPDIR"), m_scratch.path()}};
        const CliRun first = runCli(args, env);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err + first.out));
        QCOMPARE(json(first).value(QStringLiteral("planned")).toInt(), 2);
        for (const QJsonValue& r : json(first).value(QStringLiteral("results")).toArray())
            QVERIFY(
                r.toObject().value(QStringLiteral("key")).toString().startsWith(QLatin1String("currency/")));
        QVERIFY(runCli(args, env).exitCode == 0);
        const QString text = readMetricsFile(metrics);
        QCOMPARE(metricValue(text, QStringLiteral("tidemark_archive_drill_objects_total{tier=\"currency\"}")),
                 4);
        QCOMPARE(metricValue(
                     text, QStringLiteral("tidemark_archive_drill_objects_failed_total{tier=\"currency\"}")),
                 0);
        QVERIFY(metricValue(text, QStringLiteral("tidemark_archive_drill_last_success_timestamp_seconds")) >
                1.7e9);
        QCOMPARE(promtoolProblems(metrics), QString());
        // A file that cannot be written is a warning; the drills are recorded and the exit code stays.
        QStringList unwritable = args;
        unwritable[unwritable.indexOf(metrics)] = metricsDir.filePath(QStringLiteral("missing/drill.prom"));
        const CliRun warned = runCli(unwritable, env);
        QCOMPARE(warned.exitCode, 0);
        QVERIFY2(
            warned.err.contains(QLatin1String("the archive drill ran but its metrics were not written to")),
            qPrintable(warned.err));
        // Bad options name themselves.
        const CliRun bad = runCli({QStringLiteral("archive"), QStringLiteral("drill"),
                                   QStringLiteral("--sample"), QStringLiteral("0"), QStringLiteral("--db"),
                                   m_clean.conninfo, QStringLiteral("--archive"), m_clean.url()});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains(QLatin1String("--sample")));
    }

    void aCancelRecordsNothing() {
        auto db = openKudos(m_clean.conninfo);
        const qint64 before = drillRows(*db);
        TaskFeedback feedback;
        feedback.cancel();
        const ArchiveDrillReport report =
            ArchiveDrillJob::run(requestFor(m_clean, m_scratch.path()), feedback);
        QVERIFY(report.cancelled);
        QVERIFY(report.results.empty());
        QCOMPARE(drillRows(*db), before);
        QVERIFY(scratchFiles(m_scratch.path()).isEmpty());
    }

    // No drill passed within KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS of objects recorded before it: an alert (exit
    // 1) that does not stop retention; a passed drill clears it.
    void retentionAlertsWhenNoDrillPassedLately() {
        const Rehearsed r = rehearse(QStringLiteral("drill_overdue"));
        auto db = openKudos(r.conninfo);
        auto store = archive::openArchiveStore(r.url());
        const auto retain = [&] {
            return RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal())
                .run(kudosAllEligible());
        };
        QVERIFY(retain().alerts.empty()); // objects recorded just now: not due yet
        db->exec(QStringLiteral(
            "UPDATE kudos_retention_catalog SET updated_at = updated_at - interval '40 days'"));
        const RetentionReport overdue = retain();
        QCOMPARE(overdue.alerts.size(), size_t(2)); // both tiers
        for (const RetentionAlert& a : overdue.alerts) {
            QCOMPARE(a.cause, RetentionAlert::Cause::DrillOverdue);
            QVERIFY(!a.stopsRetention());
            QVERIFY2(a.message.contains(QLatin1String("KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS")),
                     qPrintable(a.message));
        }
        QCOMPARE(overdue.exitCode(), 1);
        // A drill of a currency object only: the statistics stay overdue.
        ArchiveDrillRequest request = requestFor(r, m_scratch.path());
        request.keys = {keyOfTier(*db, QStringLiteral("currency"))};
        TaskFeedback feedback;
        QCOMPARE(ArchiveDrillJob::run(request, feedback).exitCode(), 0);
        const RetentionReport after = retain();
        QCOMPARE(after.alerts.size(), size_t(1));
        QCOMPARE(after.alerts.front().dataset, RetentionDataset::Statistics);
        // A longer setting, and nothing is due.
        KudosSettings patient = kudosTestSettings();
        patient.drillMaxAgeDays = 60;
        QVERIFY(
            RetentionJob(*db, store.get(), patient, kudosRehearsal()).run(kudosAllEligible()).alerts.empty());
    }
};

QTEST_GUILESS_MAIN(TestArchiveDrill)
#include "test_archivedrill.moc"
