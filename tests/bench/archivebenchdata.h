#pragma once

#include "timestamp.h"

#include <QElapsedTimer>
#include <QString>

namespace tidemark::bench {

// The archive benchmarks' table: a fresh migrated kudos database `name` (TestPostgres) whose kudos_ledger
// holds `rows` rows, one a second from archiveBenchStart(), 2,000 users, every column filled as the demo's
// are (about 190 bytes of CSV a row). Returns its conninfo.
Micros archiveBenchStart(); // 2026-10-05 00:00 UTC
QString archiveBenchLedger(const QString& name, qint64 rows);

double seconds(const QElapsedTimer& timer);
long peakRssKb(); // of this process so far

} // namespace tidemark::bench
