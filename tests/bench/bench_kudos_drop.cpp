// The drop of the first ledger partition with its re-check under its own lock (PartitionDrop: detach, compare
// every sub-range with its verified manifest and checkpoint count, DROP) next to a bare DROP of the same
// partition (the parent locked, DETACH, DROP, as retention dropped before the re-check), on heaps of 1 M and
// 10 M rows, in one run. For each: how long the parent's exclusive lock was held, how long users' (the DROP
// removes the foreign key's triggers there), how long the comparison took, and the slowest insert of a writer
// that adds a row to a weekly partition every millisecond meanwhile (what an application sees).
// Arguments: ledger row counts (default 1000000 10000000). Uses TIDEMARK_TEST_PG when set, else a private
// PostgreSQL cluster.
#include "archiveverifier.h"
#include "kudosbenchdata.h"
#include "kudospartitions.h"
#include "kudosschema.h"
#include "kudossettings.h"
#include "lockingtransaction.h"
#include "partitiondrop.h"
#include "partitionexporter.h"
#include "partitionswap.h"
#include "pgconnection.h"
#include "retentioncatalog.h"
#include "schemamigrator.h"
#include "testpostgres.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <atomic>
#include <cstdio>
#include <thread>

using namespace tidemark;
using namespace tidemark::kudos;

namespace {

// Inserts a ledger row into a weekly partition every millisecond until stopped (two weeks ahead: the current
// week still lies in the first partition, which is the one dropped); remembers the slowest insert.
class Writer {
  public:
    explicit Writer(const QString& conninfo)
        : m_thread([this, conninfo] {
              auto db = PgConnection::open(conninfo, QStringLiteral("bench writer"));
              while (!m_stop) {
                  QElapsedTimer insert;
                  insert.start();
                  db->exec(QStringLiteral(
                      "INSERT INTO kudos_ledger (created, event_id, entry_type, user_id,"
                      " amount, applied) VALUES ((now() AT TIME ZONE 'UTC') + interval '14 days',"
                      " gen_random_uuid(), 'AWARD', 7, 1, true)"));
                  m_slowest = std::max<qint64>(m_slowest, insert.nsecsElapsed());
                  ++m_inserts;
                  std::this_thread::sleep_for(std::chrono::milliseconds(1));
              }
          }) {}
    ~Writer() { stop(); }
    void stop() {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    double slowestMillis() const { return m_slowest / 1e6; }
    long long inserts() const { return m_inserts; }

  private:
    std::atomic<bool> m_stop{false};
    std::atomic<qint64> m_slowest{0};
    std::atomic<long long> m_inserts{0};
    std::thread m_thread;
};

struct Figures {
    double parentLockMs = 0, usersLockMs = 0, checkSeconds = 0, totalSeconds = 0, writerSlowestMs = 0;
    long long writerInserts = 0;
    qint64 rows = 0;
};

// The catalog as retention leaves it just before the drop: every sub-range verified, with the manifest its
// object carries (row count and per-user totals of the rows) and the checkpoint's row count.
std::vector<CatalogEntry> verifiedGroup(PgConnection& db,
                                        QHash<QString, archive::ArchiveManifest>& manifests) {
    RetentionCatalog catalog(db);
    catalog.add(catalog.missing(listAllPartitions(db), KudosSettings{}));
    const QStringList columns = archive::PartitionExporter::columnsOf(db, QStringLiteral("kudos_ledger"));
    std::vector<CatalogEntry> group;
    for (CatalogEntry e : catalog.entries()) {
        if (e.dataset != RetentionDataset::Currency || !e.subrange)
            continue;
        archive::ArchiveManifest m;
        m.columns = columns;
        m.totals = archive::ArchiveVerifier::onlineTotals(db, e.partition, columns, e.lo, e.hi, &m.rowCount);
        const QString from = e.state;
        e.state = QStringLiteral("verified");
        e.rowCount = m.rowCount;
        e.archiveKey = QStringLiteral("currency/kudos_ledger/%1_%2.csv.zst").arg(e.partition).arg(e.lo);
        catalog.advance(e, from);
        manifests.insert(e.archiveKey, m);
        group.push_back(e);
    }
    return group;
}

Figures recheckedDrop(const QString& conninfo) {
    auto db = PgConnection::open(conninfo);
    QHash<QString, archive::ArchiveManifest> manifests;
    const std::vector<CatalogEntry> group = verifiedGroup(*db, manifests);
    Writer writer(conninfo);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    QElapsedTimer total;
    total.start();
    const DropOutcome outcome = PartitionDrop(*db, 5).run(group, manifests);
    Figures f;
    f.totalSeconds = total.nsecsElapsed() / 1e9;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    writer.stop();
    if (!outcome.dropped || !outcome.mismatches.empty()) {
        std::fprintf(stderr, "the re-checked drop did not drop: %s\n",
                     outcome.mismatches.empty() ? ""
                                                : qPrintable(outcome.mismatches.front().problems.join("; ")));
        std::exit(1);
    }
    f.parentLockMs = outcome.parentLockSeconds * 1000;
    f.usersLockMs = outcome.referencedLockSeconds * 1000;
    f.checkSeconds = outcome.checkSeconds;
    f.rows = outcome.rows;
    f.writerSlowestMs = writer.slowestMillis();
    f.writerInserts = writer.inserts();
    return f;
}

Figures bareDrop(const QString& conninfo) {
    auto db = PgConnection::open(conninfo);
    Figures f;
    f.rows = db->exec(QStringLiteral("SELECT count(*) FROM kudos_ledger_initial")).toLong(0, 0);
    Writer writer(conninfo);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    QElapsedTimer total, held;
    total.start();
    PgTransaction::runWithRetry(*db, lockTimeoutOptions(5), QStringLiteral("bare drop"), [&](PgTransaction&) {
        lockForPartitionDdl(*db, QStringLiteral("kudos_ledger"), QStringLiteral("ACCESS EXCLUSIVE"));
        held.start();
        db->exec(QStringLiteral("ALTER TABLE kudos_ledger DETACH PARTITION kudos_ledger_initial"));
        db->exec(QStringLiteral("DROP TABLE kudos_ledger_initial"));
    });
    f.parentLockMs = f.usersLockMs = held.nsecsElapsed() / 1e6;
    f.totalSeconds = total.nsecsElapsed() / 1e9;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    writer.stop();
    f.writerSlowestMs = writer.slowestMillis();
    f.writerInserts = writer.inserts();
    return f;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QList<long long> sizes = bench::ledgerSizes(argc, argv);
    for (long long rows : sizes) {
        const QString conninfo =
            test::TestPostgres::createDatabase(QStringLiteral("bench_drop_%1").arg(rows));
        {
            auto db = PgConnection::open(conninfo);
            SchemaMigrator(*db, kudos::kudosSchema()).migrate();
            bench::fillKudosHistory(*db, rows);
            PartitionSwap swap(*db, KudosSettings{});
            swap.run(swap.plan(nowMicros()));
            db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
            db->exec(QStringLiteral("VACUUM ANALYZE kudos_ledger"));
        }
        const QString bare =
            test::TestPostgres::copyDatabase(conninfo, QStringLiteral("bench_drop_bare_%1").arg(rows));
        // In turns, the bare drop first: both start from the same cached state of a fresh copy.
        const Figures b = bareDrop(bare);
        const Figures r = recheckedDrop(conninfo);
        std::printf("ledger %lld rows (first partition %lld rows):\n", rows, static_cast<long long>(r.rows));
        std::printf(
            "  bare DROP      parent lock %8.1f ms, users lock %8.1f ms, total %6.2f s; writer slowest "
            "insert %7.1f ms of %lld\n",
            b.parentLockMs, b.usersLockMs, b.totalSeconds, b.writerSlowestMs, b.writerInserts);
        std::printf(
            "  re-checked     parent lock %8.1f ms, users lock %8.1f ms, total %6.2f s (re-check %.2f s); "
            "writer slowest insert %7.1f ms of %lld\n",
            r.parentLockMs, r.usersLockMs, r.totalSeconds, r.checkSeconds, r.writerSlowestMs,
            r.writerInserts);
        std::printf(
            "  parent lock re-checked / bare = %.2f; writer's slowest insert re-checked / bare = %.2f\n",
            r.parentLockMs / b.parentLockMs, r.writerSlowestMs / b.writerSlowestMs);
        std::fflush(stdout);
    }
    return 0;
}
