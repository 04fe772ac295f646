#include "partitionswap.h"

#include "idempotencykeys.h"

#include "error.h"
#include "lockingtransaction.h"
#include "pgconnection.h"
#include "taskfeedback.h"

#include <QDateTime>
#include <QTimeZone>
#include <chrono>

namespace tidemark::kudos {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

QString q(const QString& identifier) {
    return pgQuoteIdentifier(identifier);
}

QString stringLiteral(const QString& text) {
    QString escaped = text;
    escaped.replace(QLatin1Char('\''), QStringLiteral("''"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

struct HeapIndex {
    QString name;
    QString tail; // "USING btree (id) WHERE (NOT applied)": the definition after the table name
};

struct NamedDefinition {
    QString name;
    QString definition;
};

// What the swap needs to know about one table, read from the catalog.
struct TableCatalog {
    bool partitioned = false;
    bool parentExists = false;
    QString primaryKey;             // the heap's primary key constraint (its index has the same name)
    QString parentPrimaryKey;       // the parent's, <table>_swap_pkey
    QString heapSequence;           // pg_get_serial_sequence text of the heap's identity
    QString heapSequenceName;       // its bare name, which the parent's sequence takes over
    QString parentSequence;         // pg_get_serial_sequence text of the parent's identity
    std::vector<HeapIndex> indexes; // valid heap indexes other than the primary key and the new unique one
    std::vector<NamedDefinition> checks;
    std::vector<NamedDefinition> foreignKeys;
    QStringList referencedTables;
    enum class NewKey { Missing, Invalid, Ready } newKey = NewKey::Missing;
    std::vector<std::pair<QString, bool>> boundConstraints; // name, validated
};

QString boundConstraintName(const QString& table, Micros boundary) {
    const QDateTime b = QDateTime::fromMSecsSinceEpoch(boundary / 1000, QTimeZone::utc());
    return table + QStringLiteral("_created_before_") + b.toString(QStringLiteral("yyyyMMdd"));
}

QString parentNameOf(const QString& table) {
    return table + QStringLiteral("_swap");
}

QString newKeyName(const QString& table) {
    return initialPartitionName(table) + QStringLiteral("_pkey");
}

TableCatalog readCatalog(PgConnection& db, const QString& table) {
    TableCatalog c;
    c.partitioned = isPartitioned(db, table);
    if (c.partitioned)
        return c;
    const QString parent = parentNameOf(table);
    const PgResult parentKind =
        db.exec(QStringLiteral("SELECT relkind::text FROM pg_class WHERE oid = to_regclass($1)"), {parent});
    if (parentKind.rows() > 0 && parentKind.text(0, 0) != QLatin1String("p"))
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("%1 has a relation %2 that is not the swap's partitioned parent; rename or "
                           "drop it first")
                .arg(db.describe(), parent));
    c.parentExists = parentKind.rows() > 0;

    const PgResult identity = db.exec(QStringLiteral(R"(
        SELECT a.attidentity::text, pg_get_serial_sequence($1, 'id'),
               (SELECT relname FROM pg_class WHERE oid = pg_get_serial_sequence($1, 'id')::regclass)
          FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attname = 'id')"),
                                      {table});
    if (identity.rows() == 0 || identity.text(0, 0).isEmpty() || identity.isNull(0, 1))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("%1.id on %2 is not an identity column; the swap continues an identity "
                                   "sequence only")
                        .arg(table, db.describe()));
    c.heapSequence = identity.text(0, 1);
    c.heapSequenceName = identity.text(0, 2);
    c.parentSequence = QStringLiteral("public.%1_id_seq").arg(parent);
    c.parentPrimaryKey = parent + QStringLiteral("_pkey");
    if (c.parentExists) {
        const PgResult p = db.exec(QStringLiteral(R"(
            SELECT pg_get_serial_sequence($1, 'id'),
                   (SELECT conname FROM pg_constraint WHERE conrelid = to_regclass($1) AND contype = 'p'))"),
                                   {parent});
        c.parentSequence = p.text(0, 0);
        c.parentPrimaryKey = p.text(0, 1);
    }

    const PgResult indexes = db.exec(QStringLiteral(R"(
        SELECT ci.relname, i.indisprimary, i.indisunique, i.indisvalid, pg_get_indexdef(i.indexrelid)
          FROM pg_index i JOIN pg_class ci ON ci.oid = i.indexrelid
         WHERE i.indrelid = to_regclass($1)
         ORDER BY ci.relname)"),
                                     {table});
    const QString newKey = newKeyName(table);
    for (int i = 0; i < indexes.rows(); ++i) {
        const QString name = indexes.text(i, 0);
        const bool primary = indexes.toBool(i, 1);
        const bool unique = indexes.toBool(i, 2);
        const bool valid = indexes.toBool(i, 3);
        const QString definition = indexes.text(i, 4);
        if (name == newKey) {
            const bool shape = unique && definition.endsWith(QLatin1String(" USING btree (id, created)"));
            c.newKey = valid && shape ? TableCatalog::NewKey::Ready : TableCatalog::NewKey::Invalid;
            continue;
        }
        if (primary || !valid)
            continue; // the primary key is replaced by (id, created); an invalid index is not copied
        if (unique)
            throw Error(
                Error::Kind::Refused,
                QStringLiteral("%1 on %2 has the unique index %3, which a table partitioned by created "
                               "cannot keep; drop it or make it include created first")
                    .arg(table, db.describe(), name));
        const qsizetype using_ = definition.indexOf(QLatin1String(" USING "));
        c.indexes.push_back({name, definition.mid(using_ + 1)});
    }

    const PgResult constraints = db.exec(QStringLiteral(R"(
        SELECT conname, contype::text, pg_get_constraintdef(oid), convalidated,
               CASE WHEN contype = 'f' THEN confrelid::regclass::text END
          FROM pg_constraint WHERE conrelid = to_regclass($1) AND contype IN ('c', 'f', 'p')
         ORDER BY conname)"),
                                         {table});
    const QString boundPrefix = table + QStringLiteral("_created_before_");
    for (int i = 0; i < constraints.rows(); ++i) {
        const QString name = constraints.text(i, 0);
        const QString type = constraints.text(i, 1);
        if (type == QLatin1String("p")) {
            c.primaryKey = name;
        } else if (name.startsWith(boundPrefix)) {
            c.boundConstraints.push_back({name, constraints.toBool(i, 3)});
        } else if (type == QLatin1String("c")) {
            c.checks.push_back({name, constraints.text(i, 2)});
        } else {
            c.foreignKeys.push_back({name, constraints.text(i, 2)});
            if (!c.referencedTables.contains(constraints.text(i, 4)))
                c.referencedTables << constraints.text(i, 4);
        }
    }
    if (c.primaryKey.isEmpty())
        throw Error(Error::Kind::Refused,
                    QStringLiteral("%1 on %2 has no primary key").arg(table, db.describe()));
    return c;
}

void addStep(SwapPlan& plan, int phase, const QString& table, const QString& description, QStringList sql,
             bool concurrently = false) {
    plan.steps.push_back({phase, table, description, std::move(sql), concurrently});
}

// kudos_stat_events has no index on created (the real schema's choice), so each sub-range of the first
// partition would read the whole old heap. A BRIN index is built on it before the parent is created, so the
// parent mirrors it as a partitioned index and every partition has one: small, cheap to keep on an
// append-only table, and enough for a week's range.
bool hasCreatedIndex(const TableCatalog& c) {
    return std::any_of(c.indexes.cbegin(), c.indexes.cend(),
                       [](const HeapIndex& index) { return index.tail.contains(QLatin1String("(created")); });
}

void planCreatedIndex(SwapPlan& plan, const QString& table) {
    const QString name = QStringLiteral("ix_%1_created").arg(table);
    addStep(
        plan, 0, table,
        QStringLiteral("build the BRIN index %1 (created) on the live %2 concurrently").arg(name, table),
        {QStringLiteral("DROP INDEX CONCURRENTLY IF EXISTS %1").arg(q(name)),
         QStringLiteral("CREATE INDEX CONCURRENTLY %1 ON %2 USING brin (created)").arg(q(name), q(table))},
        true);
}

void planParent(SwapPlan& plan, const QString& table, const TableCatalog& c) {
    const QString parent = parentNameOf(table);
    QStringList sql;
    sql << QStringLiteral("CREATE TABLE %1 (LIKE %2 INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING STORAGE "
                          "INCLUDING COMPRESSION INCLUDING COMMENTS, PRIMARY KEY (id, created)) "
                          "PARTITION BY RANGE (created)")
               .arg(q(parent), q(table));
    for (const NamedDefinition& check : c.checks)
        sql << QStringLiteral("ALTER TABLE %1 ADD CONSTRAINT %2 %3")
                   .arg(q(parent), q(check.name), check.definition);
    for (const NamedDefinition& fk : c.foreignKeys)
        sql << QStringLiteral("ALTER TABLE %1 ADD CONSTRAINT %2 %3")
                   .arg(q(parent), q(fk.name), fk.definition);
    for (const HeapIndex& index : c.indexes)
        sql << QStringLiteral("CREATE INDEX %1 ON %2 %3")
                   .arg(q(index.name + QStringLiteral("_swap")), q(parent), index.tail);
    addStep(
        plan, 1, table,
        QStringLiteral("create the partitioned parent %1 (primary key (id, created), %2 checks, %3 foreign "
                       "keys, %4 partitioned indexes, its own identity sequence)")
            .arg(parent)
            .arg(c.checks.size())
            .arg(c.foreignKeys.size())
            .arg(c.indexes.size()),
        sql);
}

void planHeap(SwapPlan& plan, const QString& table, const TableCatalog& c, const QString& bound) {
    const QString newKey = newKeyName(table);
    if (c.newKey == TableCatalog::NewKey::Invalid)
        addStep(plan, 2, table,
                QStringLiteral("drop the leftover index %1 of an interrupted build").arg(newKey),
                {QStringLiteral("DROP INDEX CONCURRENTLY IF EXISTS %1").arg(q(newKey))}, true);
    if (c.newKey != TableCatalog::NewKey::Ready)
        addStep(plan, 2, table,
                QStringLiteral("build the unique index %1 (id, created) on the live %2 concurrently")
                    .arg(newKey, table),
                {QStringLiteral("CREATE UNIQUE INDEX CONCURRENTLY %1 ON %2 USING btree (id, created)")
                     .arg(q(newKey), q(table))},
                true);
    bool boundValid = false;
    bool boundPresent = false;
    for (const auto& [name, validated] : c.boundConstraints) {
        if (name == bound) {
            boundPresent = true;
            boundValid = validated;
        } else {
            addStep(plan, 2, table,
                    QStringLiteral("drop the check %1 of an earlier run with another boundary").arg(name),
                    {QStringLiteral("ALTER TABLE %1 DROP CONSTRAINT %2").arg(q(table), q(name))});
        }
    }
    if (!boundPresent)
        addStep(plan, 2, table,
                QStringLiteral("add CHECK (created < %1) NOT VALID to %2")
                    .arg(sqlTimestampLiteral(plan.boundary), table),
                {QStringLiteral("ALTER TABLE %1 ADD CONSTRAINT %2 CHECK (created < %3::timestamp) NOT VALID")
                     .arg(q(table), q(bound), sqlTimestampLiteral(plan.boundary))});
    if (!boundValid)
        addStep(plan, 2, table, QStringLiteral("validate %1 (reads %2, writers go on)").arg(bound, table),
                {QStringLiteral("ALTER TABLE %1 VALIDATE CONSTRAINT %2").arg(q(table), q(bound))});
}

QStringList swapSql(const SwapPlan& plan, const QString& table, const TableCatalog& c) {
    const QString parent = parentNameOf(table);
    const QString initial = initialPartitionName(table);
    const QString newKey = newKeyName(table);
    QStringList sql;
    // The parent's identity goes on from the heap's: past every id handed out and every id stored.
    sql << QStringLiteral(
               "SELECT setval(%1, GREATEST(n, 1), n >= 1) FROM (SELECT GREATEST(COALESCE((SELECT "
               "max(id) FROM %2), 0), (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 "
               "END FROM %3)) AS n) s")
               .arg(stringLiteral(c.parentSequence), q(table), c.heapSequence);
    sql << QStringLiteral("ALTER TABLE %1 DROP CONSTRAINT %2").arg(q(table), q(c.primaryKey));
    sql << QStringLiteral("ALTER TABLE %1 ADD CONSTRAINT %2 PRIMARY KEY USING INDEX %2")
               .arg(q(table), q(newKey));
    sql << QStringLiteral("ALTER TABLE %1 ALTER COLUMN id DROP IDENTITY").arg(q(table));
    for (const HeapIndex& index : c.indexes) {
        sql << QStringLiteral("ALTER INDEX %1 RENAME TO %2")
                   .arg(q(index.name), q(index.name + QStringLiteral("_initial")));
        sql << QStringLiteral("ALTER INDEX %1 RENAME TO %2")
                   .arg(q(index.name + QStringLiteral("_swap")), q(index.name));
    }
    sql << QStringLiteral("ALTER TABLE %1 RENAME TO %2").arg(q(table), q(initial));
    sql << QStringLiteral("ALTER TABLE %1 RENAME TO %2").arg(q(parent), q(table));
    sql << QStringLiteral("ALTER TABLE %1 RENAME CONSTRAINT %2 TO %3")
               .arg(q(table), q(c.parentPrimaryKey), q(c.primaryKey));
    sql << QStringLiteral("ALTER SEQUENCE %1 RENAME TO %2").arg(c.parentSequence, q(c.heapSequenceName));
    sql << QStringLiteral("ALTER TABLE %1 ATTACH PARTITION %2 FOR VALUES FROM (MINVALUE) TO (%3)")
               .arg(q(table), q(initial), sqlTimestampLiteral(plan.boundary));
    // ATTACH PARTITION already paired each index with its match; naming the pairs fails loudly instead of
    // leaving a second index built under the lock.
    sql << QStringLiteral("ALTER INDEX %1 ATTACH PARTITION %2").arg(q(c.primaryKey), q(newKey));
    for (const HeapIndex& index : c.indexes)
        sql << QStringLiteral("ALTER INDEX %1 ATTACH PARTITION %2")
                   .arg(q(index.name), q(index.name + QStringLiteral("_initial")));
    return sql;
}

} // namespace

PartitionSwap::PartitionSwap(PgConnection& db, KudosSettings settings) : m_db(db), m_settings(settings) {}

SwapPlan PartitionSwap::plan(Micros now) {
    SwapPlan plan;
    plan.now = now;
    plan.boundary = firstBoundaryAfter(now);
    plan.currencyWindow = m_settings.currencyWindow();
    std::vector<std::pair<QString, TableCatalog>> catalogs;
    for (const QString& table : kudosPartitionedTables())
        catalogs.emplace_back(table, readCatalog(m_db, table));

    QStringList lockTables;
    QStringList swapStatements;
    for (const auto& [table, c] : catalogs) {
        TableSwapPlan t;
        t.table = table;
        t.alreadyPartitioned = c.partitioned;
        t.parentExists = c.parentExists;
        t.parentName = parentNameOf(table);
        t.boundConstraint = boundConstraintName(table, plan.boundary);
        if (!c.partitioned) {
            t.newPartitions = partitionsNeeded(table, plan.boundary, m_settings, now);
            if (!c.parentExists && !hasCreatedIndex(c))
                planCreatedIndex(plan, table);
            if (!c.parentExists)
                planParent(plan, table, c);
            planHeap(plan, table, c, t.boundConstraint);
            for (const QString& referenced : c.referencedTables)
                if (!lockTables.contains(referenced))
                    lockTables.prepend(referenced);
            swapStatements += swapSql(plan, table, c);
        }
        plan.tables.push_back(t);
    }
    if (plan.alreadyPartitioned())
        return plan;

    const PgResult server =
        m_db.exec(QStringLiteral("SELECT (extract(epoch FROM now() AT TIME ZONE 'UTC') * 1000000)::bigint"));
    if (server.toLong(0, 0) >= plan.boundary)
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("the boundary %1 (from --now %2) is not in the future of the server clock of "
                           "%3; rows written now would violate it")
                .arg(formatIsoTimestamp(plan.boundary), formatIsoTimestamp(now), m_db.describe()));

    for (const TableSwapPlan& t : plan.tables)
        if (!t.alreadyPartitioned)
            lockTables << t.table;
    // The swap waits for one table only, holding nothing, and takes the others without waiting (NOWAIT: a
    // busy one fails the attempt, which rolls back and retries): it never waits while it holds a lock, so a
    // writer that holds one of them and wants another can never deadlock with it (the deadlock detector
    // could otherwise pick the application's transaction).
    const QString first = lockTables.contains(kudosPartitionedTables().first())
                              ? kudosPartitionedTables().first()
                              : lockTables.first();
    QStringList others;
    for (const QString& t : lockTables)
        if (t != first)
            others << q(t);
    QStringList locks{QStringLiteral("LOCK TABLE %1 IN ACCESS EXCLUSIVE MODE").arg(q(first))};
    if (!others.isEmpty())
        locks << QStringLiteral("LOCK TABLE %1 IN ACCESS EXCLUSIVE MODE NOWAIT")
                     .arg(others.join(QStringLiteral(", ")));
    swapStatements = locks + swapStatements;
    addStep(
        plan, 3, lockTables.join(QLatin1Char('+')),
        QStringLiteral("one transaction under the exclusive lock: rename heap and parent, attach the heap as "
                       "the first partition FROM (MINVALUE) TO (B) and its indexes, continue the identity, "
                       "create the weekly partitions"),
        swapStatements);
    for (const TableSwapPlan& t : plan.tables)
        if (!t.alreadyPartitioned)
            addStep(plan, 4, t.table, QStringLiteral("refresh the planner statistics of the new parent"),
                    {QStringLiteral("ANALYZE %1").arg(q(t.table))});
    return plan;
}

SwapReport PartitionSwap::run(const SwapPlan& plan, const SwapOptions& options) {
    TaskFeedback feedback;
    return run(plan, feedback, options);
}

SwapReport PartitionSwap::run(const SwapPlan& plan, TaskFeedback& feedback, const SwapOptions& options) {
    SwapReport report;
    const Clock::time_point start = Clock::now();
    if (plan.alreadyPartitioned()) {
        report.alreadyPartitioned = true;
        report.completed = true;
        return report;
    }
    const int total = static_cast<int>(plan.steps.size());
    int done = 0;
    bool builtIndexes = false;
    for (int phase = 0; phase <= 4; ++phase) {
        if (phase > options.stopAfterPhase)
            break;
        // Phase 3 is re-planned: phases 1 and 2 changed the catalog it is written against; so is phase 1
        // after phase 0 built an index the parent must mirror.
        const SwapPlan current = phase == 3 || (phase == 1 && builtIndexes) ? this->plan(plan.now) : plan;
        for (const SwapStep& step : current.steps) {
            if (step.phase != phase)
                continue;
            if (!feedback.checkpoint()) {
                report.cancelled = true;
                report.totalSeconds = secondsSince(start);
                return report;
            }
            TaskProgress progress;
            progress.stage = step.description;
            progress.done = done;
            progress.total = total;
            progress.detail = QVariant::fromValue(step);
            feedback.report(progress);
            const Clock::time_point stepStart = Clock::now();
            if (phase == 3) {
                runLockedPhase(current, report);
            } else if (step.concurrently) {
                for (const QString& sql : step.sql)
                    m_db.exec(sql);
            } else {
                PgTransaction::runWithRetry(m_db, lockTimeoutOptions(m_settings.lockTimeoutSeconds),
                                            QStringLiteral("%1: %2").arg(step.table, step.description),
                                            [&](PgTransaction&) {
                                                for (const QString& sql : step.sql)
                                                    m_db.exec(sql);
                                            });
            }
            const double seconds = secondsSince(stepStart);
            builtIndexes = builtIndexes || phase == 0;
            if (step.concurrently && step.sql.last().startsWith(QLatin1String("CREATE")))
                report.indexBuildSeconds += seconds;
            if (step.sql.first().contains(QLatin1String(" VALIDATE CONSTRAINT ")))
                report.validateSeconds += seconds;
            report.stepsDone << step.line();
            ++done;
        }
        report.lastPhase = phase;
        if (phase == 3)
            report.completed = true;
    }
    report.totalSeconds = secondsSince(start);
    return report;
}

void PartitionSwap::runLockedPhase(const SwapPlan& plan, SwapReport& report) {
    const SwapStep& step =
        *std::find_if(plan.steps.cbegin(), plan.steps.cend(), [](const SwapStep& s) { return s.phase == 3; });
    report.lockAttempts = PgTransaction::runWithRetry(
        m_db, lockTimeoutOptions(m_settings.lockTimeoutSeconds),
        QStringLiteral("the exclusive lock of the swap"),
        [&](PgTransaction& transaction) {
            qsizetype next = 0;
            while (next < step.sql.size() && step.sql[next].startsWith(QLatin1String("LOCK TABLE ")))
                m_db.exec(step.sql[next++]);
            const Clock::time_point granted = Clock::now();
            QStringList oids;
            for (const TableSwapPlan& t : plan.tables)
                if (!t.alreadyPartitioned)
                    oids << m_db.exec(QStringLiteral("SELECT to_regclass($1)::oid::bigint"), {t.table})
                                .text(0, 0);
            const QString oidArray = pgPlainArray(oids);
            const auto scans = [&] {
                return m_db
                    .exec(QStringLiteral(
                              "SELECT COALESCE(sum(seq_scan), 0)::bigint FROM pg_stat_xact_user_tables "
                              "WHERE relid = ANY($1::oid[])"),
                          {oidArray})
                    .toLong(0, 0);
            };
            const qint64 scansBefore = scans();
            report.lockStatements.clear();
            const auto timed = [&](const QString& sql) {
                const Clock::time_point start = Clock::now();
                m_db.exec(sql);
                report.lockStatements.push_back(
                    {sql, std::chrono::duration<double, std::milli>(Clock::now() - start).count()});
            };
            for (qsizetype i = next; i < step.sql.size(); ++i)
                timed(step.sql[i]);
            report.seqScansUnderLock = scans() - scansBefore;
            const Clock::time_point commit = Clock::now();
            transaction.commit();
            report.lockStatements.push_back(
                {QStringLiteral("COMMIT"),
                 std::chrono::duration<double, std::milli>(Clock::now() - commit).count()});
            report.lockMillis = std::chrono::duration<double, std::milli>(Clock::now() - granted).count();
        },
        10);
    // The weekly partitions from B on are created right after the lock, each in its own short transaction:
    // B is at least a day away, so no row can need them in between, and the lock stays a rename and two
    // attaches (their indexes and foreign keys took most of it). Then the idempotency keys of the window.
    report.partitionsCreated = ensurePartitionsAhead(m_db, m_settings, plan.now);
    report.keysBackfilled = IdempotencyKeys::backfill(m_db, plan.now - m_settings.currencyWindow());
}

} // namespace tidemark::kudos
