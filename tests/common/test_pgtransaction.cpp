#include "error.h"
#include "pgconnection.h"
#include "pgtransaction.h"
#include "sqlstate.h"
#include "testpostgres.h"

#include <QTest>
#include <atomic>
#include <thread>

using namespace tidemark;

// The one transaction helper and the advisory lock guard, against a real PostgreSQL server with a second
// session that holds what the first wants.
class TestPgTransaction : public QObject {
    Q_OBJECT
  private:
    QString m_conninfo;

    long long count(PgConnection& db) {
        return db.exec(QStringLiteral("SELECT count(*) FROM t")).toLong(0, 0);
    }

  private slots:
    void initTestCase() {
        m_conninfo = test::TestPostgres::createDatabase(QStringLiteral("pgtransaction"));
        auto db = PgConnection::open(m_conninfo);
        db->exec(QStringLiteral("CREATE TABLE t (x int)"));
    }

    void init() { PgConnection::open(m_conninfo)->exec(QStringLiteral("TRUNCATE t")); }

    // BEGIN sets the isolation level and both timeouts for this transaction only.
    void settingsHoldForTheTransaction() {
        auto db = PgConnection::open(m_conninfo);
        {
            PgTransaction tx(*db, {QStringLiteral("REPEATABLE READ"), 1500, 7000,
                                   QStringLiteral("SET LOCAL work_mem = '7MB';")});
            QCOMPARE(db->exec(QStringLiteral("SHOW transaction_isolation")).text(0, 0),
                     QStringLiteral("repeatable read"));
            QCOMPARE(db->exec(QStringLiteral("SHOW lock_timeout")).text(0, 0), QStringLiteral("1500ms"));
            QCOMPARE(db->exec(QStringLiteral("SHOW statement_timeout")).text(0, 0), QStringLiteral("7s"));
            QCOMPARE(db->exec(QStringLiteral("SHOW work_mem")).text(0, 0), QStringLiteral("7MB"));
            tx.commit();
        }
        QCOMPARE(db->exec(QStringLiteral("SHOW lock_timeout")).text(0, 0), QStringLiteral("0"));
        // No isolation level: the session's default_transaction_isolation decides.
        db->exec(QStringLiteral("SET default_transaction_isolation = 'serializable'"));
        {
            PgTransaction tx(*db, {QString(), 0, 0, {}});
            QCOMPARE(db->exec(QStringLiteral("SHOW transaction_isolation")).text(0, 0),
                     QStringLiteral("serializable"));
        }
        db->exec(QStringLiteral("RESET default_transaction_isolation"));
    }

    // Without commit() the transaction is rolled back, also when an exception leaves it.
    void rolledBackUnlessCommitted() {
        auto db = PgConnection::open(m_conninfo);
        {
            PgTransaction tx(*db);
            db->exec(QStringLiteral("INSERT INTO t VALUES (1)"));
        }
        QCOMPARE(count(*db), 0LL);
        QVERIFY(!db->inTransaction());
        try {
            PgTransaction tx(*db);
            db->exec(QStringLiteral("INSERT INTO t VALUES (1)"));
            throw Error(Error::Kind::Failed, QStringLiteral("stop"));
        } catch (const Error&) {
        }
        QCOMPARE(count(*db), 0LL);
        QVERIFY(!db->inTransaction());
        {
            PgTransaction tx(*db);
            db->exec(QStringLiteral("INSERT INTO t VALUES (1)"));
            tx.commit();
        }
        QCOMPARE(count(*db), 1LL);
    }

    // Statements in one flight: results in order, each statement seeing those before it; a failing one throws
    // its own error (SQLSTATE kept), skips the rest and the COMMIT sent with them, and the connection goes
    // on.
    void pipelinedStatementsRunInOrder() {
        auto db = PgConnection::open(m_conninfo);
        const std::vector<PgResult> results =
            db->execPipelined({{QStringLiteral("INSERT INTO t VALUES ($1), ($1 + 1)"), {40}},
                               {QStringLiteral("SELECT sum(x) FROM t")},
                               {QStringLiteral("SELECT $1::int * 2"), {21}, {}, true}});
        QCOMPARE(results.size(), size_t(3));
        QCOMPARE(results[0].affectedRows(), 2LL);
        QCOMPARE(results[1].toLong(0, 0), 81LL);
        QCOMPARE(results[2].length(0, 0), 4); // binary int4
        {
            PgTransaction tx(*db);
            db->exec(QStringLiteral("INSERT INTO t VALUES (1)"));
            try {
                tx.commitWith({{QStringLiteral("INSERT INTO t VALUES (2)")},
                               {QStringLiteral("SELECT 1 / (x - x) FROM t")},
                               {QStringLiteral("INSERT INTO t VALUES (3)")}});
                QFAIL("a division by zero was committed");
            } catch (const Error& e) {
                QCOMPARE(e.sqlState(), QByteArray("22012"));
                QVERIFY2(e.message().contains(QLatin1String("division by zero")), qPrintable(e.message()));
            }
            QVERIFY(tx.isOpen()); // the COMMIT was skipped: the destructor rolls back
        }
        QVERIFY(!db->inTransaction());
        QCOMPARE(count(*db), 2LL);
        QCOMPARE(db->exec(QStringLiteral("SELECT 7")).toLong(0, 0), 7LL);
        {
            PgTransaction tx(*db);
            QCOMPARE(tx.commitWith({{QStringLiteral("INSERT INTO t VALUES (5) RETURNING x")}})
                         .front()
                         .toLong(0, 0),
                     5LL);
            QVERIFY(!tx.isOpen());
        }
        QCOMPARE(count(*db), 3LL);
    }

    // A statement over its statement_timeout ends with SqlState::kQueryCanceled, not a lock conflict: no
    // retry.
    void statementTimeoutIsNotRetried() {
        auto db = PgConnection::open(m_conninfo);
        int bodies = 0;
        try {
            PgTransaction::runWithRetry(*db, {QStringLiteral("READ COMMITTED"), 0, 100, {}},
                                        QStringLiteral("sleep"), [&](PgTransaction&) {
                                            ++bodies;
                                            db->exec(QStringLiteral("SELECT pg_sleep(5)"));
                                        });
            QFAIL("a statement over its timeout completed");
        } catch (const Error& e) {
            QCOMPARE(e.sqlState(), QByteArray(SqlState::kQueryCanceled));
        }
        QCOMPARE(bodies, 1);
    }

    // A lock held by another session: each attempt times out and is retried; once the holder lets go, the
    // next attempt commits. A holder that never lets go ends in Error(Failed, 55P03) naming the step.
    void lockConflictsAreRetried() {
        auto holder = PgConnection::open(m_conninfo);
        auto db = PgConnection::open(m_conninfo);
        holder->exec(QStringLiteral("BEGIN"));
        holder->exec(QStringLiteral("LOCK TABLE t IN ACCESS EXCLUSIVE MODE"));
        std::atomic<int> bodies{0};
        std::thread release([&] {
            while (bodies < 2)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            holder->exec(QStringLiteral("COMMIT"));
        });
        const int attempts =
            PgTransaction::runWithRetry(*db, {QStringLiteral("READ COMMITTED"), 100, 0, {}},
                                        QStringLiteral("insert"), [&](PgTransaction&) {
                                            ++bodies;
                                            db->exec(QStringLiteral("INSERT INTO t VALUES (2)"));
                                        });
        release.join();
        QVERIFY2(attempts >= 2, qPrintable(QString::number(attempts)));
        QCOMPARE(count(*db), 1LL);

        holder->exec(QStringLiteral("BEGIN"));
        holder->exec(QStringLiteral("LOCK TABLE t IN ACCESS EXCLUSIVE MODE"));
        try {
            PgTransaction::runWithRetry(
                *db, {QStringLiteral("READ COMMITTED"), 50, 0, {}}, QStringLiteral("the step"),
                [&](PgTransaction&) { db->exec(QStringLiteral("INSERT INTO t VALUES (3)")); }, 2);
            QFAIL("a held lock was taken");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Failed);
            QCOMPARE(e.sqlState(), QByteArray(SqlState::kLockNotAvailable));
            QVERIFY2(e.message().startsWith(QLatin1String("the step: could not take the locks")),
                     qPrintable(e.message()));
            QVERIFY2(e.message().contains(QLatin1String("2 attempts")), qPrintable(e.message()));
        }
        holder->exec(QStringLiteral("ROLLBACK"));
        QCOMPARE(count(*db), 1LL);
    }

    // The guard holds the key for its life; a second session's guard does not get it meanwhile.
    void advisoryLockGuard() {
        auto a = PgConnection::open(m_conninfo);
        auto b = PgConnection::open(m_conninfo);
        constexpr long long key = 0x7465737431LL;
        {
            AdvisoryLockGuard first(*a, key);
            QVERIFY(first.held());
            AdvisoryLockGuard second(*b, key);
            QVERIFY(!second.held());
        }
        AdvisoryLockGuard again(*b, key);
        QVERIFY(again.held());
        again.release();
        QVERIFY(!again.held());
        AdvisoryLockGuard third(*a, key);
        QVERIFY(third.held());
    }
};

QTEST_GUILESS_MAIN(TestPgTransaction)
#include "test_pgtransaction.moc"
