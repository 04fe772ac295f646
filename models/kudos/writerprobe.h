#pragma once

#include "kudosrehearsal.h"

#include <QString>
#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace tidemark::kudos {

// A concurrent writer for the rehearsal: from start() to finish() it inserts one row at a time into `table`
// (kudos_ledger or kudos_stat_events) on its own connection, each insert in a transaction it rolls back, and
// times each insert from BEGIN to ROLLBACK. A step holding the table's exclusive lock shows as its slowest
// insert. The copy keeps none of the rows (only the identity sequence moves on).
class WriterProbe {
  public:
    // Opens the connection and makes the first insert before it returns, so the writer is running when the
    // step starts. Throws Error when that first insert fails.
    WriterProbe(const QString& conninfo, const QString& table);
    ~WriterProbe();
    WriterProbe(const WriterProbe&) = delete;
    WriterProbe& operator=(const WriterProbe&) = delete;

    // Stops the writer after its insert in flight and returns what it saw.
    WriterProbeResult finish();

  private:
    void loop();

    struct Connection;
    std::unique_ptr<Connection> m_connection;
    WriterProbeResult m_result;
    std::vector<double> m_millis;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

} // namespace tidemark::kudos
