#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace tidemark {
class PgConnection;
}

namespace tidemark::demo {

// Drops the primary keys, unique constraints and indexes of tables about to receive a bulk COPY and
// recreates them afterwards from their own definitions (pg_get_constraintdef / pg_get_indexdef): building an
// index once by sorting is several times faster than maintaining it row by row.
class DeferredIndexes {
  public:
    DeferredIndexes(PgConnection& connection, const QStringList& tables); // captures and drops
    void restore();                                                       // recreates, in the original order

  private:
    struct Definition {
        QString table;
        QString constraintName; // empty: a plain index
        QString sql;            // constraint definition or CREATE INDEX statement
    };
    PgConnection& m_connection;
    QList<Definition> m_definitions;
};

} // namespace tidemark::demo
