#include "clirunner.h"
#include "kudostestdata.h"
#include "pgconnection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::test;

// tidemark-cli kudos retain | partitions | statement | reconcile | disclosure, run as the built executable
// against a swapped copy of the generated kudos data.
class TestKudosCli : public QObject {
    Q_OBJECT

    static QJsonObject json(const CliRun& run) { return QJsonDocument::fromJson(run.out.toUtf8()).object(); }
    static QString at(Micros t) { return formatIsoTimestamp(t); }

  private slots:
    void aWindowBelowThirtyDaysIsASettingsError() {
        const QString db = swappedKudosDatabase(QStringLiteral("kudoscli_window"));
        const CliRun run =
            runCli({QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--db"), db},
                   {{QStringLiteral("KUDOS_RETENTION_STATS_WINDOW_DAYS"), QStringLiteral("14")}});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QLatin1String("KUDOS_RETENTION_STATS_WINDOW_DAYS")), qPrintable(run.err));
        QVERIFY(run.err.contains(QLatin1String("at least 30 days")));
        auto conn = openKudos(db);
        QCOMPARE(conn->exec(QStringLiteral("SELECT count(*) FROM kudos_retention_catalog")).toLong(0, 0), 0);
    }

    void theDisclosureFollowsTheSettings() {
        const CliRun run =
            runCli({QStringLiteral("kudos"), QStringLiteral("disclosure")},
                   {{QStringLiteral("KUDOS_RETENTION_CURRENCY_WINDOW_DAYS"), QStringLiteral("45")},
                    {QStringLiteral("KUDOS_RETENTION_STATS_WINDOW_DAYS"), QStringLiteral("60")}});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QLatin1String("at least 45 days")), qPrintable(run.out));
        QVERIFY(run.out.contains(QLatin1String("Statistic events older than 60 days")));
        QVERIFY(run.out.contains(QLatin1String("without a fixed end date")));
    }

    // retain --once, repeated, walks every eligible range to `dropped`, one state per run; then there is
    // nothing to do. The partitions, the statement and the reconciliation read the result.
    void retainOnceWalksEverythingToDropped() {
        const QString db = swappedKudosDatabase(QStringLiteral("kudoscli_walk"));
        {
            auto conn = openKudos(db);
            conn->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
            conn->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
        }
        QTemporaryDir archive;
        const QStringList common{QStringLiteral("--db"),      db,
                                 QStringLiteral("--now"),     at(kudosAllEligible()),
                                 QStringLiteral("--archive"), QStringLiteral("file://") + archive.path(),
                                 QStringLiteral("--json")};
        const CliRun dry = runCli(
            QStringList{QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--dry-run")} +
            common);
        QCOMPARE(dry.exitCode, 0);
        const int planned = json(dry).value(QStringLiteral("remaining")).toArray().size();
        QVERIFY(planned >= 2);
        int steps = 0;
        for (; steps < 200; ++steps) {
            const CliRun run = runCli(
                QStringList{QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--once")} +
                common);
            QVERIFY2(run.exitCode == 0, qPrintable(run.err));
            const QJsonArray done = json(run).value(QStringLiteral("done")).toArray();
            if (done.isEmpty())
                break;
            QCOMPARE(done.size(), 1);
            QCOMPARE(done.first().toObject().value(QStringLiteral("to")).toString(),
                     done.first().toObject().value(QStringLiteral("state")).toString());
        }
        QVERIFY(steps > 20);
        const CliRun last =
            runCli({QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--once"),
                    QStringLiteral("--db"), db, QStringLiteral("--now"), at(kudosAllEligible()),
                    QStringLiteral("--archive"), QStringLiteral("file://") + archive.path()});
        QCOMPARE(last.exitCode, 0);
        QVERIFY2(last.out.contains(QLatin1String("nothing to do")), qPrintable(last.out));

        const CliRun partitions =
            runCli({QStringLiteral("kudos"), QStringLiteral("partitions"), QStringLiteral("--db"), db,
                    QStringLiteral("--now"), at(kudosAllEligible()), QStringLiteral("--json")});
        QCOMPARE(partitions.exitCode, 0);
        int dropped = 0, online = 0;
        for (const QJsonValue& v : json(partitions).value(QStringLiteral("partitions")).toArray()) {
            const QJsonObject p = v.toObject();
            if (p.value(QStringLiteral("state")).toString() == QLatin1String("dropped")) {
                ++dropped;
                QVERIFY(!p.value(QStringLiteral("online")).toBool());
                QCOMPARE(p.value(QStringLiteral("rows")).toInt(), 0);
                if (p.value(QStringLiteral("dataset")).toString() == QLatin1String("currency"))
                    QVERIFY(!p.value(QStringLiteral("archive_key")).toString().isEmpty());
            } else {
                ++online;
                QVERIFY(!p.value(QStringLiteral("eligible")).toBool());
            }
        }
        QVERIFY(dropped >= 2 * kKudosWeeks);
        QVERIFY(online >= 8); // the weekly partitions kept ahead

        const CliRun statement =
            runCli({QStringLiteral("kudos"), QStringLiteral("statement"), QStringLiteral("--user"),
                    QStringLiteral("7"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        QCOMPARE(statement.exitCode, 0);
        const QJsonArray lines = json(statement).value(QStringLiteral("lines")).toArray();
        QVERIFY(!lines.isEmpty());
        for (const QJsonValue& v : lines)
            QCOMPARE(v.toObject().value(QStringLiteral("source")).toString(), QStringLiteral("statement"));
    }

    void reconcileReportsAndRepairsDrift() {
        const QString db = swappedKudosDatabase(QStringLiteral("kudoscli_reconcile"));
        const QStringList common{QStringLiteral("--db"), db, QStringLiteral("--now"), at(kudosEnd()),
                                 QStringLiteral("--json")};
        const CliRun before = runCli(QStringList{QStringLiteral("kudos"), QStringLiteral("reconcile"),
                                                 QStringLiteral("--take-snapshot")} +
                                     common);
        QVERIFY2(before.exitCode == 0, qPrintable(before.err));
        QCOMPARE(json(before).value(QStringLiteral("users_drifting")).toInt(), 0);
        const QString snapshot = json(before).value(QStringLiteral("snapshot_id")).toString();
        openKudos(db)->exec(QStringLiteral("UPDATE users SET kudos = kudos + 5 WHERE id = 3"));
        const QStringList withSnapshot = common + QStringList{QStringLiteral("--snapshot"), snapshot};
        const CliRun drift =
            runCli(QStringList{QStringLiteral("kudos"), QStringLiteral("reconcile")} + withSnapshot);
        QCOMPARE(drift.exitCode, 0);
        const QJsonArray drifting = json(drift).value(QStringLiteral("drifting")).toArray();
        QCOMPARE(drifting.size(), 1);
        QCOMPARE(drifting.first().toObject().value(QStringLiteral("user_id")).toInt(), 3);
        QCOMPARE(drifting.first().toObject().value(QStringLiteral("drift")).toString(),
                 QStringLiteral("5.00"));
        const CliRun apply = runCli(
            QStringList{QStringLiteral("kudos"), QStringLiteral("reconcile"), QStringLiteral("--apply")} +
            withSnapshot);
        QCOMPARE(apply.exitCode, 0);
        QCOMPARE(json(apply).value(QStringLiteral("repaired")).toInt(), 1);
        const CliRun again = runCli(
            QStringList{QStringLiteral("kudos"), QStringLiteral("reconcile"), QStringLiteral("--apply")} +
            withSnapshot);
        QCOMPARE(json(again).value(QStringLiteral("already_repaired")).toInt(), 1);
        QCOMPARE(json(again).value(QStringLiteral("repaired")).toInt(), 0);
    }

    void withoutAnArchiveTheCurrencyWaitsAndTheExitSaysRetry() {
        const QString db = swappedKudosDatabase(QStringLiteral("kudoscli_noarchive"));
        openKudos(db)->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true"));
        const CliRun run = runCli({QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--db"),
                                   db, QStringLiteral("--now"), at(kudosAllEligible())},
                                  {{QStringLiteral("TIDEMARK_ARCHIVE_URL"), QString()}});
        QCOMPARE(run.exitCode, 75);
        QVERIFY2(run.err.contains(QLatin1String("no archive configured")), qPrintable(run.err));
        QVERIFY(run.out.contains(QLatin1String("roll up")));
    }
};

QTEST_GUILESS_MAIN(TestKudosCli)
#include "test_kudoscli.moc"
