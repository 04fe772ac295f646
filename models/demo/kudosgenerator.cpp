#include "kudosgenerator.h"

#include "demorandom.h"

#include <QStringList>
#include <algorithm>
#include <limits>

namespace tidemark::demo {

namespace {

constexpr Micros kNeverTrusted = std::numeric_limits<Micros>::max();
constexpr Micros kAlways = std::numeric_limits<Micros>::min();
constexpr Micros kUnappliedTail = 10 * kMicrosPerMinute; // the projector's queue at the demo's "now"
constexpr int kEducationUser = 1;                        // transfers to it are "donated"

struct Worker {
    QUuid id;
    int owner = 0;
    QUuid team;
    const char* type = "image";
    qint64 uptimeCents = 0;
    bool uptimeFleet = false; // reports uptime every 600 s while online
    Micros phase = 0;
};

struct UserState {
    KudosUserRow row;
    Micros trustedFrom = kNeverTrusted;
    bool pseudonymous = false;
    qint64 spendable = 0; // cents, folded
    qint64 escrow = 0;
    qint64 appliedBalance = 0; // all-time applied sums without RECONCILIATION
    qint64 appliedEscrow = 0;
    qint64 drift = 0; // users.kudos changed outside the ledger
};

QByteArray jsonString(const QString& s) {
    return '"' + s.toUtf8() + '"';
}

class KudosSimulation {
  public:
    KudosSimulation(const KudosGeneratorOptions& options, KudosSink& sink)
        : m_options(options), m_random(DemoRandom::derive(options.seed, 2)), m_sink(sink) {
        m_end = options.end;
        m_start = m_end - options.weeks * 7 * kMicrosPerDay;
    }

    void run() {
        createUsers();
        createWorkers();
        const int days = m_options.weeks * 7;
        QUuid snapshotBeforeDrift;
        for (int d = 0; d < days; ++d) {
            const Micros day = m_start + d * kMicrosPerDay;
            if (d > 0 && d % 7 == 0) {
                const QUuid snapshot = takeSnapshot(day);
                if (d / 7 == 8)
                    snapshotBeforeDrift = snapshot;
            }
            if (d == 9 * 7 + 2)
                introduceDrift();
            if (d == 12 * 7 && !snapshotBeforeDrift.isNull())
                repairDrift(day + 30 * kMicrosPerMinute, snapshotBeforeDrift);
            generateDay(day, d);
            flushDay();
        }
        for (UserState& u : m_users) {
            u.row.kudos = roundedKudos(u);
            u.row.evaluatingKudos = static_cast<int>(std::llround(u.escrow / 100.0));
            u.row.trusted = u.trustedFrom < m_end;
            m_sink.user(u.row);
        }
    }

  private:
    QUuid uuid4() {
        QByteArray bytes(16, '\0');
        for (int half = 0; half < 2; ++half) {
            const quint64 v = m_random.next();
            for (int i = 0; i < 8; ++i)
                bytes[half * 8 + i] = static_cast<char>((v >> (8 * i)) & 0xff);
        }
        bytes[6] = static_cast<char>((bytes[6] & 0x0f) | 0x40);
        bytes[8] = static_cast<char>((bytes[8] & 0x3f) | 0x80);
        return QUuid::fromRfc4122(bytes);
    }
    Micros randomInstant(Micros day) { return day + m_random.range(0, 86'400'000 - 1) * 1000; }
    bool trusted(int user, Micros t) const { return m_users[user].trustedFrom <= t; }
    static qint64 roundedKudos(const UserState& u) { return std::llround((u.spendable + u.drift) / 100.0); }
    static qint64 floorCents(const UserState& u) {
        return u.row.id == 0 ? -5000 : u.pseudonymous ? 1400 : 2500;
    }

    void createUsers() {
        static const char* const first[] = {"ada",  "bo",  "cira", "dag", "eli",  "fen",  "gus",
                                            "hana", "ivo", "juno", "kai", "lea",  "milo", "nia",
                                            "oto",  "pia", "rex",  "sol", "tove", "uma"};
        static const char* const second[] = {"painter", "dreams", "forge", "pixel",
                                             "lantern", "otter",  "quill", "moss"};
        const int n = std::max(10, m_options.users);
        m_users.resize(n);
        for (int i = 0; i < n; ++i) {
            UserState& u = m_users[i];
            u.row.id = i;
            u.row.created = m_start - m_random.range(1, 900) * kMicrosPerDay -
                            m_random.range(0, 86'399) * kMicrosPerSecond;
            u.row.lastActive = u.row.created;
            if (i == 0) {
                u.row.oauthId = QStringLiteral("anon");
                u.row.username = QStringLiteral("Anonymous");
                continue;
            }
            u.pseudonymous = m_random.chance(0.3);
            u.row.oauthId =
                u.pseudonymous
                    ? uuid4().toString(QUuid::WithoutBraces)
                    : QStringLiteral("google_%1").arg(m_random.range(100000000000LL, 999999999999LL));
            u.row.username = i == kEducationUser ? QStringLiteral("education")
                                                 : QStringLiteral("%1_%2%3")
                                                       .arg(QLatin1String(first[m_random.range(0, 19)]),
                                                            QLatin1String(second[m_random.range(0, 7)]))
                                                       .arg(i);
            u.spendable = m_random.range(0, 50000) * 100;
            if (m_random.chance(0.6))
                u.trustedFrom = kAlways;
        }
    }

    void createWorkers() {
        const int n = std::max(4, m_options.workers);
        const int teams = std::max(1, m_options.teams);
        std::vector<QUuid> teamIds;
        for (int i = 0; i < teams; ++i)
            teamIds.push_back(uuid4());
        for (int i = 0; i < n; ++i) {
            Worker w;
            w.id = uuid4();
            w.owner =
                static_cast<int>(m_random.range(2, std::min<int>(static_cast<int>(m_users.size()) - 1, 150)));
            if (m_random.chance(0.6))
                w.team = teamIds[m_random.range(0, teams - 1)];
            const double kind = m_random.uniform();
            w.type = kind < 0.55 ? "image" : kind < 0.9 ? "text" : "interrogation";
            if (qstrcmp(w.type, "image") == 0)
                w.uptimeCents = (50 + 2 * m_random.range(1, 8) + (m_random.chance(0.3) ? 30 : 0)) * 100;
            else if (qstrcmp(w.type, "text") == 0)
                w.uptimeCents = 2500 + 15 * 100 * m_random.range(2, 8);
            else
                w.uptimeCents = 4000;
            w.uptimeFleet = i < 5;
            w.phase = m_random.range(0, 599'999) * 1000;
            m_workers.push_back(w);
        }
        // A few untrusted owners become trusted during the range; their escrow is then drained.
        for (int i = 0; i < 5; ++i) {
            UserState& owner = m_users[m_workers[i].owner];
            if (owner.trustedFrom == kNeverTrusted)
                owner.trustedFrom = m_start + m_random.range(20, m_options.weeks * 7 - 10) * kMicrosPerDay;
        }
    }

    void ledger(Micros t, const QUuid& event, const char* type, int user, bool escrow, qint64 cents,
                const QUuid& job = {}, const char* wp = nullptr, const QByteArray& detail = {}) {
        KudosLedgerRow r;
        r.created = t;
        r.eventId = event;
        r.entryType = type;
        r.userId = user;
        r.escrow = escrow;
        r.amountCents = cents;
        r.jobId = job;
        r.wpType = wp;
        r.detail = detail;
        m_dayLedger.push_back(std::move(r));
    }

    KudosStatRow& stat(Micros t, const QUuid& event, const char* type, qint64 cents, const char* unit,
                       const char* action, const char* record, const QUuid& job = {},
                       const char* wp = nullptr) {
        KudosStatRow r;
        r.created = t;
        r.eventId = event;
        r.entryType = type;
        r.amountCents = cents;
        r.unit = unit;
        r.statAction = action;
        r.record = record;
        r.jobId = job;
        r.wpType = wp;
        m_dayStats.push_back(std::move(r));
        return m_dayStats.back();
    }
    void userStat(Micros t, const QUuid& event, const char* type, int user, qint64 cents, const char* unit,
                  const char* action, const char* record, const QUuid& job = {}, const char* wp = nullptr) {
        stat(t, event, type, cents, unit, action, record, job, wp).userId = user;
    }
    void workerStat(Micros t, const QUuid& event, const char* type, const Worker& w, qint64 cents,
                    const char* unit, const char* action, const char* record, const QUuid& job = {},
                    const char* wp = nullptr) {
        KudosStatRow& r = stat(t, event, type, cents, unit, action, record, job, wp);
        r.workerId = w.id;
        r.workerUserId = w.owner;
        r.teamId = w.team;
    }

    int randomRequester() {
        return m_random.chance(0.2)
                   ? 0
                   : static_cast<int>(m_random.range(2, static_cast<qint64>(m_users.size()) - 1));
    }

    void settlement(Micros t) {
        const Worker& w = m_workers[m_random.range(0, static_cast<qint64>(m_workers.size()) - 1)];
        const bool interrogation = qstrcmp(w.type, "interrogation") == 0;
        const bool image = qstrcmp(w.type, "image") == 0;
        const int requester = randomRequester();
        const QUuid event = uuid4();
        const QUuid job = uuid4();
        const qint64 k = interrogation ? m_random.range(100, 500)
                         : image       ? m_random.range(500, 6000)
                                       : m_random.range(200, 3000);
        const qint64 paid = (!image && !interrogation) ? k + 100 : k; // text adds a burn of 1
        const qint64 things = interrogation ? 0
                              : image       ? m_random.range(50, 800)
                                            : m_random.range(5000, 50000);
        qint64 spendable = k;
        if (trusted(w.owner, t)) {
            ledger(t, event, "GENERATION", w.owner, false, k, job, w.type);
        } else {
            ledger(t, event, "GENERATION", w.owner, true, k / 2, job, w.type);
            spendable = k - k / 2;
            ledger(t, event, "GENERATION", w.owner, false, spendable, job, w.type);
        }
        ledger(t, event, "GENERATION", requester, false, -paid, job, w.type);
        userStat(t, event, "STAT_RECORD", w.owner, 100, "count", "FULFILLMENT", w.type, job, w.type);
        userStat(t, event, "GENERATION", w.owner, spendable, "kudos", "accumulated", "user_kudos", job,
                 w.type);
        userStat(t, event, "STAT_RECORD", w.owner, things, "things", "CONTRIBUTION", w.type, job, w.type);
        workerStat(t, event, "GENERATION", w, k, "kudos", interrogation ? "interrogated" : "generated",
                   "worker_kudos", job, w.type);
        if (!interrogation)
            workerStat(t, event, "STAT_CONTRIBUTION", w, things, "things", "contributions", nullptr, job,
                       w.type);
        workerStat(t, event, "STAT_CONTRIBUTION", w, 100, "count", "fulfilments", nullptr, job, w.type);
        userStat(t, event, "GENERATION", requester, -paid, "kudos", "accumulated", "user_kudos", job, w.type);
        userStat(t, event, "STAT_RECORD", requester, 100, "count", "REQUEST", w.type, job, w.type);
        userStat(t, event, "STAT_RECORD", requester, things, "things", "USAGE", w.type, job, w.type);
    }

    void activationTax(Micros t) {
        const int user = randomRequester();
        const QUuid event = uuid4();
        const QUuid job = uuid4();
        const char* wp = m_random.chance(0.7) ? "image" : "text";
        const qint64 tax = (1 + 5 * m_random.range(0, 4)) * 100;
        ledger(t, event, "GENERATION", user, false, -tax, job, wp);
        userStat(t, event, "GENERATION", user, -tax, "kudos", "accumulated", "user_kudos", job, wp);
        userStat(t, event, "STAT_RECORD", user, 100, "count", "REQUEST", wp, job, wp);
        userStat(t, event, "STAT_RECORD", user, 0, "things", "USAGE", wp, job, wp);
    }

    void uptime(Micros t, const Worker& w) {
        const QUuid event = uuid4();
        const bool escrow = !trusted(w.owner, t) && qstrcmp(w.type, "interrogation") != 0;
        ledger(t, event, "UPTIME_REWARD", w.owner, escrow, w.uptimeCents, {}, w.type);
        workerStat(t, event, "UPTIME_REWARD", w, w.uptimeCents, "kudos", "uptime", "worker_kudos", {},
                   w.type);
        KudosStatRow& active =
            stat(t, event, "STAT_ACTIVITY", 0, "count", nullptr, "last_active", {}, w.type);
        active.userId = w.owner;
        active.detail = QByteArrayLiteral("{\"touch_last_active\": true}");
        if (!escrow)
            userStat(t, event, "UPTIME_REWARD", w.owner, w.uptimeCents, "kudos", "accumulated", "user_kudos",
                     {}, w.type);
    }

    void transfer(Micros t) {
        const int source = static_cast<int>(m_random.range(2, static_cast<qint64>(m_users.size()) - 1));
        int dest = m_random.chance(0.1)
                       ? kEducationUser
                       : static_cast<int>(m_random.range(1, static_cast<qint64>(m_users.size()) - 1));
        if (dest == source)
            dest = kEducationUser;
        const qint64 amount = m_random.range(1, 50) * 10;
        QUuid event;
        if (m_random.chance(0.7)) { // with an Idempotency-Key header
            const QString key = QString::number(m_random.next(), 16);
            event = KudosGenerator::eventIdForKey(QStringLiteral("transfer:%1:%2").arg(source).arg(key));
        } else {
            event = uuid4();
        }
        const QByteArray reservation = jsonString(uuid4().toString(QUuid::WithoutBraces));
        ledger(t, event, "TRANSFER", source, false, -amount * 100, {}, nullptr,
               "{\"reason\": \"transfer\", \"reservation_id\": " + reservation + '}');
        ledger(t, event, "TRANSFER", dest, false, amount * 100, {}, nullptr, "{\"reason\": \"transfer\"}");
        userStat(t, event, "TRANSFER", source, amount * 100, "kudos",
                 dest == kEducationUser ? "donated" : "gifted", "user_kudos");
        userStat(t, event, "TRANSFER", dest, amount * 100, "kudos", "received", "user_kudos");
        m_sink.transfer({uuid4(), source, dest, amount, t});
    }

    void award(Micros t, int user, qint64 cents, const char* type, const char* action) {
        ledger(t, uuid4(), type, user, false, cents);
        userStat(t, uuid4(), type, user, cents, "kudos", action, "user_kudos");
    }

    void styleReward(Micros t) {
        const int user = static_cast<int>(m_random.range(2, static_cast<qint64>(m_users.size()) - 1));
        ledger(t, uuid4(), "STYLE_REWARD", user, false, 200);
        userStat(t, uuid4(), "STYLE_REWARD", user, 200, "kudos", "styled", "user_kudos");
        userStat(t, uuid4(), "STAT_RECORD", user, 100, "count", "STYLE", "style");
    }

    void drains(Micros day) {
        for (UserState& u : m_users) {
            if (u.trustedFrom > day || u.escrow <= 0)
                continue;
            const Micros t = day + m_random.range(60, 600) * kMicrosPerSecond;
            const QUuid event = uuid4();
            ledger(t, event, "EVALUATION_PROMOTION", u.row.id, true, -u.escrow);
            ledger(t, event, "EVALUATION_PROMOTION", u.row.id, false, u.escrow);
            userStat(t, event, "EVALUATION_PROMOTION", u.row.id, u.escrow, "kudos", "accumulated",
                     "user_kudos");
        }
    }

    void generateDay(Micros day, int dayIndex) {
        drains(day);
        const bool weekend = dayIndex % 7 >= 5;
        const qint64 settlements = weekend ? m_random.range(330, 460) : m_random.range(260, 400);
        for (qint64 i = 0; i < settlements; ++i)
            settlement(randomInstant(day));
        for (qint64 i = 0, n = m_random.range(40, 80); i < n; ++i)
            activationTax(randomInstant(day));
        for (qint64 i = 0, n = m_random.range(3, 14); i < n; ++i)
            transfer(randomInstant(day));
        for (qint64 i = 0, n = m_random.range(0, 4); i < n; ++i)
            award(randomInstant(day),
                  static_cast<int>(m_random.range(2, static_cast<qint64>(m_users.size()) - 1)),
                  m_random.range(1, 50) * 10000, "AWARD", "awarded");
        for (qint64 i = 0, n = m_random.range(4, 16); i < n; ++i)
            styleReward(randomInstant(day));
        if (dayIndex % 30 == 3) // moderators' monthly kudos
            for (int moderator : {3, 4})
                award(day + 5 * kMicrosPerMinute, moderator, 300000 * 100, "AWARD", "recurring");
        if (m_random.chance(0.15))
            award(randomInstant(day),
                  static_cast<int>(
                      m_random.range(2, std::min<qint64>(60, static_cast<qint64>(m_users.size()) - 1))),
                  m_random.range(-200, 200) * 100, "ADMIN_ADJUSTMENT", "admin");
        for (const Worker& w : m_workers) {
            if (!w.uptimeFleet || !m_random.chance(0.3))
                continue;
            for (Micros t = day + w.phase; t < day + kMicrosPerDay; t += 600 * kMicrosPerSecond)
                uptime(t, w);
        }
    }

    QUuid takeSnapshot(Micros t) {
        const QUuid id = uuid4();
        for (const UserState& u : m_users)
            m_sink.snapshot({++m_snapshotId, id, u.row.id, roundedKudos(u) * 100,
                             std::llround(u.escrow / 100.0) * 100, u.appliedBalance, u.appliedEscrow, t});
        return id;
    }

    void introduceDrift() {
        for (int user : {5, 6, 7})
            m_users[user].drift += m_random.range(5, 30) * 100 * (m_random.chance(0.5) ? 1 : -1);
    }

    void repairDrift(Micros t, const QUuid& snapshot) {
        const QString snap = snapshot.toString(QUuid::WithoutBraces);
        for (int user : {5, 6}) { // user 7 keeps its drift for reconciliation to find
            const QUuid event =
                KudosGenerator::eventIdForKey(QStringLiteral("reconcile:%1:%2").arg(snap).arg(user));
            ledger(t, event, "RECONCILIATION", user, false, -m_users[user].drift, {}, nullptr,
                   "{\"reason\": \"reconciliation\", \"snapshot_id\": " + jsonString(snap) + '}');
        }
    }

    // Ids in created order; balances folded for applied rows; a debit below the floor gets its credit.
    void flushDay() {
        auto byTime = [](const auto& a, const auto& b) { return a.created < b.created; };
        std::stable_sort(m_dayLedger.begin(), m_dayLedger.end(), byTime);
        std::stable_sort(m_dayStats.begin(), m_dayStats.end(), byTime);
        for (KudosLedgerRow& r : m_dayLedger) {
            if (r.created >= m_end)
                continue;
            r.applied = r.created < m_end - kUnappliedTail;
            r.id = ++m_ledgerId;
            m_sink.ledger(r);
            UserState& u = m_users[r.userId];
            u.row.lastActive = std::max(u.row.lastActive, r.created);
            if (!r.applied)
                continue;
            (r.escrow ? u.escrow : u.spendable) += r.amountCents;
            if (qstrcmp(r.entryType, "RECONCILIATION") != 0)
                (r.escrow ? u.appliedEscrow : u.appliedBalance) += r.amountCents;
            if (!r.escrow && r.amountCents < 0 && u.spendable + u.drift < floorCents(u)) {
                KudosLedgerRow credit;
                credit.id = ++m_ledgerId;
                credit.created = r.created;
                credit.eventId = uuid4();
                credit.entryType = "FLOOR_ADJUSTMENT";
                credit.userId = r.userId;
                credit.amountCents = floorCents(u) - (u.spendable + u.drift);
                m_sink.ledger(credit);
                u.spendable += credit.amountCents;
                u.appliedBalance += credit.amountCents;
            }
        }
        for (KudosStatRow& r : m_dayStats) {
            if (r.created >= m_end)
                continue;
            r.applied = r.created < m_end - kUnappliedTail;
            if (r.applied && m_random.chance(0.00006)) {
                r.quarantined = true;
                r.quarantineReason =
                    m_random.chance(0.5) ? "worker dimension missing" : "unknown stat_action";
            }
            r.id = ++m_statId;
            m_sink.stat(r);
        }
        m_dayLedger.clear();
        m_dayStats.clear();
    }

    KudosGeneratorOptions m_options;
    DemoRandom m_random;
    KudosSink& m_sink;
    Micros m_start = 0;
    Micros m_end = 0;
    std::vector<UserState> m_users;
    std::vector<Worker> m_workers;
    std::vector<KudosLedgerRow> m_dayLedger;
    std::vector<KudosStatRow> m_dayStats;
    qint64 m_ledgerId = 0;
    qint64 m_statId = 0;
    qint64 m_snapshotId = 0;
};

class CollectingSink : public KudosSink {
  public:
    GeneratedKudos data;
    void ledger(const KudosLedgerRow& row) override { data.ledger.push_back(row); }
    void stat(const KudosStatRow& row) override { data.stats.push_back(row); }
    void snapshot(const KudosSnapshotRow& row) override { data.snapshots.push_back(row); }
    void transfer(const KudosTransferRow& row) override { data.transfers.push_back(row); }
    void user(const KudosUserRow& row) override { data.users.push_back(row); }
};

} // namespace

KudosGenerator::KudosGenerator(KudosGeneratorOptions options) : m_options(options) {
    if (m_options.end == 0)
        m_options.end = floorToStep(nowMicros(), kMicrosPerDay);
}

void KudosGenerator::generate(KudosSink& sink) const {
    KudosSimulation(m_options, sink).run();
}

GeneratedKudos KudosGenerator::generate() const {
    CollectingSink sink;
    generate(sink);
    return std::move(sink.data);
}

QUuid KudosGenerator::eventIdForKey(const QString& key) {
    static const QUuid namespaceUrl(QStringLiteral("6ba7b811-9dad-11d1-80b4-00c04fd430c8"));
    return QUuid::createUuidV5(namespaceUrl, QStringLiteral("aihorde-kudos:") + key);
}

} // namespace tidemark::demo
