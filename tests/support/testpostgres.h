#pragma once

#include <QString>

namespace tidemark::test {

// Real PostgreSQL for tests, never a mock. With TIDEMARK_TEST_PG set (a key=value conninfo of a server where
// the user may create databases; .ci/run starts one), databases are created there; otherwise this test
// executable initialises and starts a private throwaway cluster of its own, stopped at exit.
class TestPostgres {
  public:
    // Drops and creates a database named `baseName` plus this process's id, returns its conninfo.
    static QString createDatabase(const QString& baseName);
    // Drops and creates `baseName` (plus this process's id) as a copy of the database `templateConninfo`
    // names (CREATE DATABASE … TEMPLATE: a file copy, much faster than loading the data again).
    static QString copyDatabase(const QString& templateConninfo, const QString& baseName);
    // The conninfo of the server's maintenance database.
    static QString adminConninfo();
};

} // namespace tidemark::test
