#pragma once

#include "pgconnection.h"
#include "timestamp.h"

#include <QString>

namespace tidemark::kudos {

// The two datasets of kudos retention: the currency ledger and the statistic events.
enum class RetentionDataset { Currency, Statistics };

QString datasetName(RetentionDataset dataset);         // "currency" | "statistics" (catalog and archive tier)
QString datasetTable(RetentionDataset dataset);        // "kudos_ledger" | "kudos_stat_events"
RetentionDataset datasetFromName(const QString& name); // throws Error(Failed) for an unknown name

// A `timestamp` (without zone, holding UTC) parameter; the SQL casts it with ::timestamp.
PgParam utcParam(Micros t);
// SQL for the microseconds since the epoch of a `timestamp` column holding UTC.
QString microsOf(const QString& column);

// Exact amounts (common/cents.h) for the kudos statements: numeric(…,2) as text <-> cents; centsFromText
// throws Error(Failed) for text that is not a 2-decimal number or that does not fit.
qint64 centsFromText(const QString& text);
QString textFromCents(qint64 cents);

} // namespace tidemark::kudos
