#pragma once

#include <QString>
#include <QStringList>

namespace tidemark::test {

// A real Citus cluster for tests, never a mock: a coordinator and two workers that scripts/test-citus.sh
// starts and scripts/run-tests.sh exports as TIDEMARK_TEST_CITUS (the coordinator's conninfo, without dbname)
// and TIDEMARK_TEST_CITUS_WORKERS (the workers' ports). Without them a Citus test fails: it never skips.
class TestCitus {
  public:
    static constexpr int kTestShardCount = 8;
    static constexpr int kCitusDefaultShardCount = 32;
    // Whether both variables are set.
    static bool available();
    // Drops and creates the database `baseName` plus this process's id (as TestPostgres names it) on the
    // coordinator and on both workers, each a copy of a template holding the citus extension (made on a
    // node's first use and kept), sets citus.shard_count in it and adds the workers to the coordinator;
    // returns the coordinator's conninfo of that database. The three copies are dropped when the process
    // exits. Tests take 8 shards a table, not Citus's 32: each worker still holds several shards of every
    // table, and the tables are distributed in a third of the time; the benchmark takes Citus's default.
    // Throws tidemark::Error, with what to run, when the cluster is not set.
    static QString createDatabase(const QString& baseName, int shardCount = kTestShardCount);
    // The conninfos of the same database on each worker, in the order of TIDEMARK_TEST_CITUS_WORKERS.
    static QStringList workerConninfos(const QString& databaseConninfo);
};

} // namespace tidemark::test
