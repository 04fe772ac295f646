#pragma once

#include "timestamp.h"

#include <QByteArray>
#include <QString>
#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark::demo {

// Rows of the kudos tables (resources/sql/kudos, reference/kudos-ledger.md). Enumerated text columns point at
// static strings; nullptr, a null QUuid, an empty QByteArray or std::nullopt stand for NULL. Amounts in
// cents.
struct KudosUserRow {
    int id = 0;
    QString oauthId;
    QString username;
    qint64 kudos = 0;
    int evaluatingKudos = 0;
    Micros lastActive = 0;
    Micros created = 0;
    bool trusted = false; // a user_roles row with TRUSTED (1)
};

struct KudosLedgerRow {
    qint64 id = 0;
    Micros created = 0;
    QUuid eventId;
    const char* entryType = nullptr;
    int userId = 0;
    bool escrow = false;
    qint64 amountCents = 0;
    bool applied = true;
    QUuid jobId;
    const char* wpType = nullptr;
    QByteArray detail;
};

struct KudosStatRow {
    qint64 id = 0;
    Micros created = 0;
    QUuid eventId;
    const char* entryType = nullptr;
    std::optional<int> userId;
    std::optional<int> workerUserId;
    QUuid workerId;
    QUuid teamId;
    QUuid jobId;
    const char* wpType = nullptr;
    qint64 amountCents = 0;
    const char* unit = nullptr;
    const char* statAction = nullptr;
    const char* record = nullptr;
    QByteArray detail;
    bool applied = true;
    bool quarantined = false;
    const char* quarantineReason = nullptr;
};

struct KudosSnapshotRow {
    qint64 id = 0;
    QUuid snapshotId;
    int userId = 0;
    qint64 balanceCents = 0;
    qint64 escrowCents = 0;
    qint64 appliedBalanceTotalCents = 0;
    qint64 appliedEscrowTotalCents = 0;
    Micros created = 0;
};

struct KudosTransferRow {
    QUuid id;
    int sourceId = 0;
    int destId = 0;
    qint64 kudos = 0;
    Micros created = 0;
};

// Receives the generated rows; ledger, stat and snapshot rows arrive in id (= created) order, users last
// (their balances are the result of the whole history).
class KudosSink {
  public:
    virtual ~KudosSink() = default;
    virtual void ledger(const KudosLedgerRow& row) = 0;
    virtual void stat(const KudosStatRow& row) = 0;
    virtual void snapshot(const KudosSnapshotRow& row) = 0;
    virtual void transfer(const KudosTransferRow& row) = 0;
    virtual void user(const KudosUserRow& row) = 0;
};

struct GeneratedKudos {
    std::vector<KudosUserRow> users;
    std::vector<KudosLedgerRow> ledger;
    std::vector<KudosStatRow> stats;
    std::vector<KudosSnapshotRow> snapshots;
    std::vector<KudosTransferRow> transfers;
};

struct KudosGeneratorOptions {
    quint64 seed = 20261130;
    int weeks = 20;
    Micros end = 0; // exclusive; the data covers [end - weeks, end); 0 = today's midnight UTC
    int users = 400;
    int workers = 120;
    int teams = 12;
};

// Kudos ledger and statistic events with the reference's shapes: settlements (2-3 ledger rows and 8-9 stat
// rows sharing one event_id), uptime every 600 s, activation tax, transfers (uuid5 event ids from idempotency
// keys), awards, style rewards, escrow for untrusted owners and its promotion drain, floor adjustments for
// anon (id 0), reconciliation repairs, weekly balance snapshots, a few unapplied rows at the end and a few
// quarantined stat rows. Deterministic for the options.
class KudosGenerator {
  public:
    explicit KudosGenerator(KudosGeneratorOptions options);
    void generate(KudosSink& sink) const;
    GeneratedKudos generate() const; // everything in memory (tests)

    // uuid5(NAMESPACE_URL, "aihorde-kudos:" + key), as the real system derives idempotent event ids.
    static QUuid eventIdForKey(const QString& key);

  private:
    KudosGeneratorOptions m_options;
};

} // namespace tidemark::demo
