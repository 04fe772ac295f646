#include "reconciliation.h"

#include "clockcheck.h"
#include "error.h"
#include "kudossqlstate.h"
#include "kudosvalues.h"
#include "pgconnection.h"
#include "pgtransaction.h"

#include <limits>

namespace tidemark::kudos {

namespace {

// numeric(30,2) amounts as exact cents; beyond qint64 (never in this data) is refused rather than rounded.
QString centsOf(const QString& amount) {
    return QStringLiteral("((%1) * 100)::numeric(40, 0)::text").arg(amount);
}

qint64 cents(const PgResult& r, int row, int col, const QString& what, const PgConnection& db) {
    bool ok = false;
    const qint64 value = r.text(row, col).toLongLong(&ok);
    if (!ok)
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("reconciliation on %1: %2 of user %3 is %4 cents, beyond what Tidemark counts")
                .arg(db.describe(), what, r.text(row, 0), r.text(row, col)));
    return value;
}

qint64 checkedAdd(qint64 a, qint64 b, const PgConnection& db) {
    qint64 sum = 0;
    if (__builtin_add_overflow(a, b, &sum))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("reconciliation on %1: the total drift is beyond what Tidemark counts")
                        .arg(db.describe()));
    return sum;
}

qint64 absoluteDifference(qint64 a, qint64 b, const PgConnection& db) {
    qint64 d = 0;
    if (__builtin_sub_overflow(a, b, &d) || d == std::numeric_limits<qint64>::min())
        throw Error(Error::Kind::Refused,
                    QStringLiteral("reconciliation on %1: a drift is beyond what Tidemark counts")
                        .arg(db.describe()));
    return d < 0 ? -d : d;
}

// Runs `work` in one transaction of that isolation level and commits it (rolled back when it throws).
template <typename Work> auto inTransaction(PgConnection& db, const QString& isolation, Work&& work) {
    PgTransaction transaction(db, {isolation, 0, 0, {}});
    auto result = work();
    transaction.commit();
    return result;
}

} // namespace

Reconciliation::Reconciliation(PgConnection& db, bool allowClockAhead)
    : m_db(db), m_allowClockAhead(allowClockAhead) {}

void Reconciliation::checkClock(Micros now) {
    if (m_clockChecked)
        return;
    const ClockCheck clock{QStringLiteral("the reconciliation's clock"), now,
                           QStringLiteral("the database server's now()"), m_db.serverNow()};
    clock.require(
        m_allowClockAhead,
        QStringLiteral("snapshots and repairs would be dated after the server's clock and outlive "
                       "their keys' lifetime"),
        QStringLiteral("tidemark-cli kudos reconcile --allow-clock-ahead, for a rehearsal on a copy"));
    m_clockChecked = true;
}

ReconciliationReport Reconciliation::run(std::optional<QUuid> snapshotId, Micros now) {
    checkClock(now);
    return inTransaction(m_db, QStringLiteral("REPEATABLE READ READ ONLY"), [&] {
        ReconciliationReport report;
        const PgResult state =
            m_db.exec(QStringLiteral("SELECT %1, generation FROM kudos_checkpoint_state WHERE id = 1")
                          .arg(microsOf(QStringLiteral("boundary"))));
        if (state.rows() != 1)
            throw Error(Error::Kind::Schema,
                        QStringLiteral("kudos_checkpoint_state on %1 has no row; migrate the kudos schema")
                            .arg(m_db.describe()));
        if (!state.isNull(0, 0))
            report.checkpointBoundary = state.toLong(0, 0);
        report.checkpointGeneration = static_cast<int>(state.toLong(0, 1));

        const QString snapshotColumns = QStringLiteral("SELECT snapshot_id, %1, checkpoint_generation FROM "
                                                       "kudos_balance_snapshots ")
                                            .arg(microsOf(QStringLiteral("created")));
        const PgResult snapshot =
            snapshotId
                ? m_db.exec(snapshotColumns + QStringLiteral("WHERE snapshot_id = $1 LIMIT 1"),
                            {snapshotId->toString(QUuid::WithoutBraces)})
                : m_db.exec(snapshotColumns + QStringLiteral("ORDER BY created DESC, id DESC LIMIT 1"));
        if (snapshot.rows() == 0) {
            if (snapshotId)
                throw Error(Error::Kind::Refused,
                            QStringLiteral("reconciliation on %1: no snapshot %2 in kudos_balance_snapshots")
                                .arg(m_db.describe(), snapshotId->toString(QUuid::WithoutBraces)));
            return report; // no snapshot at all: nothing to compare with
        }
        report.snapshot =
            ReconciliationSnapshot{QUuid::fromString(snapshot.text(0, 0)), snapshot.toLong(0, 1),
                                   static_cast<int>(snapshot.toLong(0, 2))};
        report.snapshotAge = now - report.snapshot->created;
        if (report.snapshot->generation < report.checkpointGeneration)
            throw Error(
                Error::Kind::Refused,
                QStringLiteral("reconciliation on %1 refused: snapshot %2 was taken under checkpoint "
                               "generation %3, but checkpoints have been rebuilt since (generation %4); "
                               "take a new snapshot")
                    .arg(m_db.describe(), report.snapshot->id.toString(QUuid::WithoutBraces))
                    .arg(report.snapshot->generation)
                    .arg(report.checkpointGeneration));

        const QString id = report.snapshot->id.toString(QUuid::WithoutBraces);
        const QString expectedBalance =
            QStringLiteral("s.balance + t.applied_balance_total - s.applied_balance_total");
        const QString expectedEscrow =
            QStringLiteral("s.escrow + t.applied_escrow_total - s.applied_escrow_total");
        const PgResult rows = m_db.exec(
            QStringLiteral(
                "SELECT s.user_id, %1, %2, %3, %4 FROM kudos_balance_snapshots s"
                " JOIN users u ON u.id = s.user_id JOIN kudos_applied_totals() t ON t.user_id = s.user_id"
                " WHERE s.snapshot_id = $1 AND (%5 <> u.kudos OR %6 <> u.evaluating_kudos)"
                " ORDER BY s.user_id")
                .arg(centsOf(expectedBalance), centsOf(QStringLiteral("u.kudos")), centsOf(expectedEscrow),
                     centsOf(QStringLiteral("u.evaluating_kudos")), expectedBalance, expectedEscrow),
            {id});
        for (int i = 0; i < rows.rows(); ++i) {
            ReconciliationDrift d;
            d.userId = static_cast<int>(rows.toLong(i, 0));
            d.expectedBalance = cents(rows, i, 1, QStringLiteral("the expected balance"), m_db);
            d.actualBalance = cents(rows, i, 2, QStringLiteral("the balance"), m_db);
            d.expectedEscrow = cents(rows, i, 3, QStringLiteral("the expected escrow"), m_db);
            d.actualEscrow = cents(rows, i, 4, QStringLiteral("the escrow"), m_db);
            d.drift = checkedAdd(absoluteDifference(d.expectedBalance, d.actualBalance, m_db),
                                 absoluteDifference(d.expectedEscrow, d.actualEscrow, m_db), m_db);
            report.totalDrift = checkedAdd(report.totalDrift, d.drift, m_db);
            report.drifting.push_back(d);
        }
        report.usersDrifting = static_cast<qint64>(report.drifting.size());
        report.usersChecked =
            m_db.exec(QStringLiteral("SELECT count(*) FROM kudos_balance_snapshots s"
                                     " JOIN users u ON u.id = s.user_id WHERE s.snapshot_id = $1"),
                      {id})
                .toLong(0, 0);
        return report;
    });
}

ReconciliationApplied Reconciliation::apply(const ReconciliationReport& report, Micros now,
                                            Micros keyLifetime) {
    checkClock(now);
    if (!report.snapshot)
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("reconciliation on %1: there is no snapshot to repair against; take one first")
                .arg(m_db.describe()));
    const QString id = report.snapshot->id.toString(QUuid::WithoutBraces);
    const QString sql =
        QStringLiteral("SELECT kudos_repair($1, $2, $3::timestamp, $4::bigint * interval '1 microsecond')");
    ReconciliationApplied applied;
    for (const ReconciliationDrift& d : report.drifting) {
        QString outcome;
        try {
            outcome =
                m_db.exec(sql, {id, d.userId, utcParam(now), static_cast<long long>(keyLifetime)}).text(0, 0);
        } catch (const Error& e) {
            KudosSqlState::rethrow(
                e, QStringLiteral("repair of user %1 against snapshot %2").arg(d.userId).arg(id));
        }
        if (outcome == QLatin1String("repaired"))
            ++applied.repaired;
        else if (outcome == QLatin1String("already_repaired"))
            ++applied.alreadyRepaired;
        else if (outcome == QLatin1String("no_drift"))
            ++applied.noDrift;
        else
            throw Error(Error::Kind::Failed,
                        QStringLiteral("kudos_repair on %1 returned the unknown outcome \"%2\"")
                            .arg(m_db.describe(), outcome));
    }
    return applied;
}

QUuid Reconciliation::takeSnapshot(Micros now) {
    checkClock(now);
    return inTransaction(m_db, QStringLiteral("REPEATABLE READ"), [&] {
        return QUuid::fromString(
            m_db.exec(QStringLiteral("SELECT kudos_take_snapshot($1::timestamp)"), {utcParam(now)})
                .text(0, 0));
    });
}

} // namespace tidemark::kudos
