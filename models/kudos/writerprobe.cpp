#include "writerprobe.h"

#include "error.h"
#include "pgconnection.h"

#include <algorithm>
#include <chrono>

namespace tidemark::kudos {

struct WriterProbe::Connection {
    std::unique_ptr<PgConnection> db;
    QString insert;

    // One insert in its own transaction, rolled back; its duration in milliseconds.
    double insertOnce() {
        const auto started = std::chrono::steady_clock::now();
        db->exec(QStringLiteral("BEGIN"));
        try {
            db->exec(insert);
        } catch (...) {
            db->rollbackQuietly();
            throw;
        }
        db->exec(QStringLiteral("ROLLBACK"));
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    }
};

namespace {

QString insertInto(PgConnection& db, const QString& table) {
    const QString user = db.exec(QStringLiteral("SELECT coalesce(min(id), 0) FROM users")).text(0, 0);
    if (table == QLatin1String("kudos_ledger"))
        return QStringLiteral("INSERT INTO kudos_ledger (event_id, entry_type, user_id, amount, applied) "
                              "VALUES (gen_random_uuid(), 'REHEARSAL_PROBE', %1, 0, true)")
            .arg(user);
    return QStringLiteral(
               "INSERT INTO kudos_stat_events (event_id, entry_type, user_id, amount, unit, applied) "
               "VALUES (gen_random_uuid(), 'REHEARSAL_PROBE', %1, 0, 'kudos', true)")
        .arg(user);
}

} // namespace

WriterProbe::WriterProbe(const QString& conninfo, const QString& table) : m_connection(new Connection) {
    m_result.table = table;
    m_connection->db = PgConnection::open(conninfo, QStringLiteral("tidemark rehearsal writer"));
    m_connection->insert = insertInto(*m_connection->db, table);
    m_millis.push_back(m_connection->insertOnce());
    m_thread = std::thread([this] { loop(); });
}

WriterProbe::~WriterProbe() {
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
}

void WriterProbe::loop() {
    try {
        while (!m_stop.load()) {
            m_millis.push_back(m_connection->insertOnce());
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    } catch (const Error& e) {
        m_result.error = e.message();
    }
}

WriterProbeResult WriterProbe::finish() {
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
    m_result.inserts = qint64(m_millis.size());
    if (!m_millis.empty()) {
        std::vector<double> sorted = m_millis;
        std::sort(sorted.begin(), sorted.end());
        m_result.slowestMillis = sorted.back();
        m_result.medianMillis = sorted[sorted.size() / 2];
    }
    return m_result;
}

} // namespace tidemark::kudos
