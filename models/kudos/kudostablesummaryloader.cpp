#include "kudostablesummaryloader.h"

#include "kudosschema.h"
#include "pgconnection.h"
#include "taskfeedback.h"

namespace tidemark::kudos {

KudosTableSummaryLoader::KudosTableSummaryLoader(QString conninfo) : m_conninfo(std::move(conninfo)) {}

std::vector<KudosTableSummary> KudosTableSummaryLoader::load(TaskFeedback* control) const {
    auto connection = PgConnection::open(m_conninfo, QStringLiteral("tidemark-console"));
    SchemaMigrator(*connection, kudosSchema()).requireSchema();
    // Every table of the schema, so tables added later (partitions' parents, control tables) show too.
    const PgResult listed = connection->exec(QStringLiteral(
        "SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition"
        "   AND c.relname <> 'tidemark_schema_migrations' ORDER BY c.relname"));
    QStringList tables;
    for (int row = 0; row < listed.rows(); ++row)
        tables << listed.text(row, 0);

    std::vector<KudosTableSummary> summaries;
    for (int i = 0; i < tables.size(); ++i) {
        if (control && !control->checkpoint())
            break;
        if (control)
            control->reportProgress(double(i) / double(tables.size()), tables[i]);
        KudosTableSummary summary;
        summary.table = tables[i];
        const bool hasCreated =
            connection
                ->exec(QStringLiteral("SELECT EXISTS (SELECT 1 FROM information_schema.columns"
                                      " WHERE table_schema = current_schema() AND table_name = $1"
                                      "   AND column_name = 'created')"),
                       {tables[i]})
                .toBool(0, 0);
        const QString quoted = pgQuoteIdentifier(tables[i]);
        const QString range = hasCreated
                                  ? QStringLiteral("(extract(epoch FROM min(created)) * 1000000)::bigint,"
                                                   " (extract(epoch FROM max(created)) * 1000000)::bigint")
                                  : QStringLiteral("NULL::bigint, NULL::bigint");
        // `created` is timestamp without time zone holding UTC (reference/kudos-ledger.md): epoch of it is
        // UTC.
        const PgResult result = connection->exec(
            QStringLiteral("SELECT count(*), pg_total_relation_size($1::regclass), %1 FROM %2")
                .arg(range, quoted),
            {quoted});
        summary.rows = result.toLong(0, 0);
        summary.bytes = result.toLong(0, 1);
        if (!result.isNull(0, 2))
            summary.oldest = result.toLong(0, 2);
        if (!result.isNull(0, 3))
            summary.newest = result.toLong(0, 3);
        summaries.push_back(std::move(summary));
    }
    if (control)
        control->reportProgress(1.0, QStringLiteral("%1 tables").arg(summaries.size()));
    return summaries;
}

} // namespace tidemark::kudos
