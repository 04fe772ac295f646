#include "deferredindexes.h"

#include "pgconnection.h"

namespace tidemark::demo {

DeferredIndexes::DeferredIndexes(PgConnection& connection, const QStringList& tables)
    : m_connection(connection) {
    for (const QString& table : tables) {
        PgResult constraints = m_connection.exec(
            QStringLiteral(
                "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint"
                " WHERE conrelid = $1::regclass AND contype IN ('p', 'u') ORDER BY contype, conname"),
            {table});
        for (int i = 0; i < constraints.rows(); ++i)
            m_definitions.append({table, constraints.text(i, 0), constraints.text(i, 1)});
        PgResult indexes = m_connection.exec(
            QStringLiteral("SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index"
                           " WHERE indrelid = $1::regclass AND indexrelid NOT IN"
                           " (SELECT conindid FROM pg_constraint WHERE conrelid = $1::regclass) ORDER BY 1"),
            {table});
        for (int i = 0; i < indexes.rows(); ++i) {
            m_connection.exec(QStringLiteral("DROP INDEX %1").arg(indexes.text(i, 0)));
            m_definitions.append({table, {}, indexes.text(i, 1)});
        }
        for (int i = 0; i < constraints.rows(); ++i)
            m_connection.exec(QStringLiteral("ALTER TABLE %1 DROP CONSTRAINT %2")
                                  .arg(pgQuoteIdentifier(table), pgQuoteIdentifier(constraints.text(i, 0))));
    }
}

void DeferredIndexes::restore() {
    for (const Definition& d : m_definitions) {
        if (d.constraintName.isEmpty())
            m_connection.exec(d.sql);
        else
            m_connection.exec(
                QStringLiteral("ALTER TABLE %1 ADD CONSTRAINT %2 %3")
                    .arg(pgQuoteIdentifier(d.table), pgQuoteIdentifier(d.constraintName), d.sql));
    }
    m_definitions.clear();
}

} // namespace tidemark::demo
