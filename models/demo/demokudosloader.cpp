#include "demokudosloader.h"

#include "copytextbuffer.h"

#include "error.h"
#include "pgconnection.h"
#include "taskfeedback.h"

#include <memory>

namespace tidemark::demo {

namespace {

std::unique_ptr<PgConnection> loadingConnection(const QString& conninfo) {
    auto c = PgConnection::open(conninfo, QStringLiteral("tidemark-demo-load"));
    c->execScript(QStringLiteral("SET synchronous_commit = off; SET session_replication_role = replica"));
    return c;
}

class CopyingSink : public KudosSink {
  public:
    explicit CopyingSink(const QString& conninfo, TaskFeedback& feedback)
        : m_ledgerDb(loadingConnection(conninfo)), m_statDb(loadingConnection(conninfo)),
          m_snapshotDb(loadingConnection(conninfo)), m_transferDb(loadingConnection(conninfo)),
          m_ledger(*m_ledgerDb), m_stat(*m_statDb), m_snapshot(*m_snapshotDb), m_transfer(*m_transferDb),
          m_feedback(feedback) {
        m_ledger.begin(QStringLiteral(
            "COPY kudos_ledger (id, created, event_id, entry_type, user_id, escrow, amount, applied,"
            " job_id, wp_type, detail) FROM STDIN"));
        m_stat.begin(QStringLiteral(
            "COPY kudos_stat_events (id, created, event_id, entry_type, user_id, worker_user_id,"
            " worker_id, team_id, job_id, wp_type, amount, unit, stat_action, record, detail,"
            " applied, quarantined, quarantine_reason) FROM STDIN"));
        m_snapshot.begin(
            QStringLiteral("COPY kudos_balance_snapshots (id, snapshot_id, user_id, balance, escrow,"
                           " applied_balance_total, applied_escrow_total, created) FROM STDIN"));
        m_transfer.begin(
            QStringLiteral("COPY kudos_transfers (id, source_id, dest_id, kudos, created) FROM STDIN"));
    }

    void ledger(const KudosLedgerRow& r) override {
        m_ledger.integer(r.id)
            .timestamp(r.created)
            .uuid(r.eventId)
            .text(r.entryType)
            .integer(r.userId)
            .boolean(r.escrow)
            .cents(r.amountCents)
            .boolean(r.applied)
            .uuid(r.jobId)
            .text(r.wpType)
            .json(r.detail);
        m_ledger.endRow();
        if (++m_rows % 20000 == 0 && !m_feedback.checkpoint())
            throw Error(Error::Kind::Failed, QStringLiteral("demo up cancelled while loading kudos"));
    }
    void stat(const KudosStatRow& r) override {
        m_stat.integer(r.id).timestamp(r.created).uuid(r.eventId).text(r.entryType);
        r.userId ? m_stat.integer(*r.userId) : m_stat.null();
        r.workerUserId ? m_stat.integer(*r.workerUserId) : m_stat.null();
        m_stat.uuid(r.workerId)
            .uuid(r.teamId)
            .uuid(r.jobId)
            .text(r.wpType)
            .cents(r.amountCents)
            .text(r.unit)
            .text(r.statAction)
            .text(r.record)
            .json(r.detail)
            .boolean(r.applied)
            .boolean(r.quarantined)
            .text(r.quarantineReason);
        m_stat.endRow();
        ++m_rows;
    }
    void snapshot(const KudosSnapshotRow& r) override {
        m_snapshot.integer(r.id)
            .uuid(r.snapshotId)
            .integer(r.userId)
            .cents(r.balanceCents)
            .cents(r.escrowCents)
            .cents(r.appliedBalanceTotalCents)
            .cents(r.appliedEscrowTotalCents)
            .timestamp(r.created);
        m_snapshot.endRow();
    }
    void transfer(const KudosTransferRow& r) override {
        m_transfer.uuid(r.id).integer(r.sourceId).integer(r.destId).integer(r.kudos).timestamp(r.created);
        m_transfer.endRow();
    }
    void user(const KudosUserRow& r) override { m_users.push_back(r); }

    qint64 finish() {
        qint64 rows = m_ledger.end() + m_stat.end() + m_snapshot.end() + m_transfer.end();
        CopyTextBuffer users(*m_ledgerDb);
        users.begin(QStringLiteral(
            "COPY users (id, oauth_id, username, kudos, evaluating_kudos, last_active, created) FROM STDIN"));
        for (const KudosUserRow& u : m_users) {
            users.integer(u.id)
                .text(u.oauthId)
                .text(u.username)
                .integer(u.kudos)
                .integer(u.evaluatingKudos)
                .timestamp(u.lastActive)
                .timestamp(u.created);
            users.endRow();
        }
        rows += users.end();
        CopyTextBuffer roles(*m_ledgerDb);
        roles.begin(QStringLiteral("COPY user_roles (user_id, user_role) FROM STDIN"));
        for (const KudosUserRow& u : m_users)
            if (u.trusted) {
                roles.integer(u.id).integer(1);
                roles.endRow();
            }
        rows += roles.end();
        m_ledgerDb->execScript(QStringLiteral(
            "SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users));"
            "SELECT setval(pg_get_serial_sequence('kudos_ledger', 'id'), (SELECT max(id) FROM kudos_ledger));"
            "SELECT setval(pg_get_serial_sequence('kudos_stat_events', 'id'), (SELECT max(id) FROM "
            "kudos_stat_events));"
            "SELECT setval(pg_get_serial_sequence('kudos_balance_snapshots', 'id'),"
            " (SELECT max(id) FROM kudos_balance_snapshots))"));
        return rows;
    }

  private:
    std::unique_ptr<PgConnection> m_ledgerDb, m_statDb, m_snapshotDb, m_transferDb;
    CopyTextBuffer m_ledger, m_stat, m_snapshot, m_transfer;
    TaskFeedback& m_feedback;
    std::vector<KudosUserRow> m_users;
    qint64 m_rows = 0;
};

} // namespace

DemoKudosLoader::DemoKudosLoader(QString conninfo, KudosGeneratorOptions options)
    : m_conninfo(std::move(conninfo)), m_options(options) {}

qint64 DemoKudosLoader::load() {
    TaskFeedback withoutOperator;
    return load(withoutOperator);
}

qint64 DemoKudosLoader::load(TaskFeedback& feedback) {
    CopyingSink sink(m_conninfo, feedback);
    KudosGenerator(m_options).generate(sink);
    return sink.finish();
}

} // namespace tidemark::demo
