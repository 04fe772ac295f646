#pragma once

#include <QString>
#include <QStringList>

namespace tidemark::test {

// A real Citus cluster for tests, never a mock: a coordinator and two workers that scripts/test-citus.sh
// starts and scripts/run-tests.sh exports as TIDEMARK_TEST_CITUS (the coordinator's conninfo, without dbname)
// and TIDEMARK_TEST_CITUS_WORKERS (the workers' ports). Without them a Citus test fails: it never skips.
class TestCitus {
  public:
    // Whether both variables are set.
    static bool available();
    // Drops and creates the database `baseName` plus this process's id (as TestPostgres names it) on the
    // coordinator and on both workers, creates the citus extension in each and adds the workers to the
    // coordinator; returns the coordinator's conninfo of that database. The three copies are dropped when the
    // process exits. Throws tidemark::Error, with what to run, when the cluster is not set.
    static QString createDatabase(const QString& baseName);
    // The conninfos of the same database on each worker, in the order of TIDEMARK_TEST_CITUS_WORKERS.
    static QStringList workerConninfos(const QString& databaseConninfo);
};

} // namespace tidemark::test
