#include "kudosgenerator.h"

#include <QCryptographicHash>
#include <QHash>
#include <QSet>
#include <QTest>
#include <cmath>

using namespace tidemark;
using namespace tidemark::demo;

namespace {
const Micros kEnd = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

KudosGeneratorOptions options(quint64 seed = 20261130) {
    KudosGeneratorOptions o;
    o.seed = seed;
    o.end = kEnd;
    return o;
}

QByteArray digest(const GeneratedKudos& k) {
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const auto& r : k.ledger)
        h.addData(QStringLiteral("%1 %2 %3 %4 %5 %6 %7|")
                      .arg(r.id)
                      .arg(r.created)
                      .arg(r.eventId.toString())
                      .arg(QLatin1String(r.entryType))
                      .arg(r.userId)
                      .arg(r.amountCents)
                      .arg(r.applied)
                      .toUtf8());
    for (const auto& r : k.stats)
        h.addData(QStringLiteral("%1 %2 %3 %4 %5|")
                      .arg(r.id)
                      .arg(r.created)
                      .arg(r.eventId.toString())
                      .arg(r.amountCents)
                      .arg(QLatin1String(r.statAction ? r.statAction : "-"))
                      .toUtf8());
    for (const auto& u : k.users)
        h.addData(QStringLiteral("%1 %2 %3|").arg(u.id).arg(u.kudos).arg(u.oauthId).toUtf8());
    return h.result();
}
} // namespace

class TestKudosGenerator : public QObject {
    Q_OBJECT

  private:
    GeneratedKudos m_data;

  private slots:
    void initTestCase() { m_data = KudosGenerator(options()).generate(); }

    void deterministicForASeed() {
        QCOMPARE(digest(KudosGenerator(options()).generate()), digest(m_data));
        QVERIFY(digest(KudosGenerator(options(99)).generate()) != digest(m_data));
    }

    void volumesAndRatio() {
        const double ledger = static_cast<double>(m_data.ledger.size());
        const double stats = static_cast<double>(m_data.stats.size());
        qInfo("20 weeks: %.0f ledger rows, %.0f stat rows (%.2f per ledger row), %zu snapshots rows, %zu "
              "transfers",
              ledger, stats, stats / ledger, m_data.snapshots.size(), m_data.transfers.size());
        QMap<QString, int> types;
        for (const auto& r : m_data.ledger)
            types[QLatin1String(r.entryType)] += 1;
        for (auto it = types.begin(); it != types.end(); ++it)
            qInfo("  %s: %d", qPrintable(it.key()), it.value());
        QVERIFY(ledger >= 100'000 && ledger <= 300'000);
        QVERIFY(stats / ledger >= 3.0 && stats / ledger <= 4.0);
        const Micros start = kEnd - 20 * 7 * kMicrosPerDay;
        for (const auto& r : m_data.ledger)
            QVERIFY(r.created >= start && r.created < kEnd);
    }

    void idsFollowCreated() {
        for (size_t i = 1; i < m_data.ledger.size(); ++i) {
            QCOMPARE(m_data.ledger[i].id, m_data.ledger[i - 1].id + 1);
            QVERIFY(m_data.ledger[i].created >= m_data.ledger[i - 1].created);
        }
        for (size_t i = 1; i < m_data.stats.size(); ++i)
            QVERIFY(m_data.stats[i].id > m_data.stats[i - 1].id &&
                    m_data.stats[i].created >= m_data.stats[i - 1].created);
    }

    void settlementsShareEventIds() {
        QHash<QUuid, int> ledgerRows, statRows;
        QSet<QUuid> settlements;
        for (const auto& r : m_data.ledger) {
            ledgerRows[r.eventId] += 1;
            if (qstrcmp(r.entryType, "GENERATION") == 0 && r.amountCents > 0)
                settlements.insert(r.eventId);
        }
        for (const auto& r : m_data.stats)
            statRows[r.eventId] += 1;
        int nine = 0, eight = 0;
        for (const QUuid& e : settlements) {
            QVERIFY(ledgerRows[e] == 2 || ledgerRows[e] == 3);
            QVERIFY2(statRows[e] == 8 || statRows[e] == 9, qPrintable(QString::number(statRows[e])));
            nine += statRows[e] == 9;
            eight += statRows[e] == 8;
        }
        QVERIFY(nine > 20000);
        QVERIFY(eight > 1000); // interrogations
    }

    void exactlyOneTarget() {
        for (const auto& r : m_data.stats)
            QVERIFY(r.userId.has_value() != !r.workerId.isNull());
    }

    void unappliedAndQuarantined() {
        int unappliedLedger = 0, unappliedStats = 0, quarantined = 0;
        for (const auto& r : m_data.ledger)
            if (!r.applied) {
                ++unappliedLedger;
                QVERIFY(r.created >= kEnd - 10 * kMicrosPerMinute);
            }
        for (const auto& r : m_data.stats) {
            unappliedStats += !r.applied;
            if (r.quarantined) {
                ++quarantined;
                QVERIFY(r.applied && r.quarantineReason);
            }
        }
        QVERIFY(unappliedLedger > 0 && unappliedLedger < 100);
        QVERIFY(unappliedStats > 0 && unappliedStats < 300);
        QVERIFY(quarantined >= 5 && quarantined < 200);
    }

    void usersAnonTransfersAndUptime() {
        QCOMPARE(m_data.users.front().id, 0);
        QCOMPARE(m_data.users.front().oauthId, QStringLiteral("anon"));
        int keyed = 0, floors = 0, reconciliation = 0, escrow = 0;
        for (const auto& r : m_data.ledger) {
            if (qstrcmp(r.entryType, "TRANSFER") == 0 && r.eventId.version() == QUuid::Sha1)
                ++keyed;
            floors += qstrcmp(r.entryType, "FLOOR_ADJUSTMENT") == 0 && r.userId == 0;
            reconciliation += qstrcmp(r.entryType, "RECONCILIATION") == 0;
            escrow += r.escrow;
        }
        QVERIFY(keyed > 100);
        QVERIFY(floors > 100);
        QCOMPARE(reconciliation, 2);
        QVERIFY(escrow > 1000);
        QVERIFY(m_data.transfers.size() > 500);
        // Uptime of one worker comes every 600 s while it is online.
        QHash<QUuid, Micros> last;
        int checked = 0;
        for (const auto& r : m_data.stats) {
            if (qstrcmp(r.entryType, "UPTIME_REWARD") != 0 || r.workerId.isNull())
                continue;
            if (last.contains(r.workerId) && r.created - last[r.workerId] < kMicrosPerDay) {
                QCOMPARE((r.created - last[r.workerId]) % (600 * kMicrosPerSecond), 0);
                ++checked;
            }
            last[r.workerId] = r.created;
        }
        QVERIFY(checked > 10000);
    }

    void snapshotsReconcile() {
        QHash<QUuid, int> perSnapshot;
        for (const auto& s : m_data.snapshots)
            perSnapshot[s.snapshotId] += 1;
        QCOMPARE(perSnapshot.size(), 19);
        for (int n : perSnapshot)
            QCOMPARE(static_cast<size_t>(n), m_data.users.size());
        // expected = S.balance + A_now - S.applied_balance_total against the first snapshot: only user 7
        // (drift left unrepaired) differs; rounding to whole kudos allows 1.
        std::vector<qint64> appliedNow(m_data.users.size(), 0);
        for (const auto& r : m_data.ledger)
            if (r.applied && !r.escrow && qstrcmp(r.entryType, "RECONCILIATION") != 0)
                appliedNow[r.userId] += r.amountCents;
        const QUuid first = m_data.snapshots.front().snapshotId;
        for (const auto& s : m_data.snapshots) {
            if (s.snapshotId != first)
                break;
            const double expected =
                (s.balanceCents + appliedNow[s.userId] - s.appliedBalanceTotalCents) / 100.0;
            const double drift = std::fabs(expected - static_cast<double>(m_data.users[s.userId].kudos));
            if (s.userId == 7)
                QVERIFY(drift >= 5);
            else
                QVERIFY2(drift <= 1.0,
                         qPrintable(QStringLiteral("user %1 drift %2").arg(s.userId).arg(drift)));
        }
    }
};

QTEST_GUILESS_MAIN(TestKudosGenerator)
#include "test_kudosgenerator.moc"
