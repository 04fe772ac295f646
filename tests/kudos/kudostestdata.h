#pragma once

#include "kudossettings.h"
#include "retentionjob.h"
#include "timestamp.h"

#include <QString>
#include <memory>

class QTemporaryDir;

namespace tidemark {
class PgConnection;
}
namespace tidemark::archive {
class ArchiveStore;
}

namespace tidemark::test {

// A migrated kudos database with `weeks` of generated kudos (demo::KudosGenerator, 40 users) ending at
// kudosEnd(), partitioned by the swap at kudosEnd() (the swap refuses a first boundary that the server's
// clock has passed, so the data ends at the last Monday, not at a fixed date). Built once per test process as
// a template; each call returns a fresh copy named `name`.
constexpr int kKudosWeeks = 3;
Micros kudosEnd();      // the last Monday 00:00 UTC
Micros kudosBoundary(); // the first partition's upper bound: kudosEnd() + 7 days
QString swappedKudosDatabase(const QString& name);

// The settings of the tests (the defaults: 7-day partitions and sub-ranges, 30-day windows).
kudos::KudosSettings kudosTestSettings();

// The instant at which every range of the first partition is eligible (boundary + 30 days + 1 day): more
// than a month after the server's clock, so a job run at it is a rehearsal on a copy (kudosRehearsal()).
Micros kudosAllEligible();
// The options of a job run at kudosAllEligible(): the clock check overridden (allowClockAhead).
kudos::RetentionOptions kudosRehearsal();

std::unique_ptr<PgConnection> openKudos(const QString& conninfo);

// Puts the user's first daily statement line in [from, to) a cent off, so the drill of the archive object
// holding those days disagrees with the statements; the destructor puts it back.
class StatementLineOffByACent {
  public:
    StatementLineOffByACent(PgConnection& db, qint64 user, Micros from, Micros to);
    ~StatementLineOffByACent();
    StatementLineOffByACent(const StatementLineOffByACent&) = delete;
    StatementLineOffByACent& operator=(const StatementLineOffByACent&) = delete;
    const QString& day() const { return m_day; } // the line's day, "YYYY-MM-DD"

  private:
    PgConnection& m_db;
    qint64 m_user;
    QString m_day, m_escrow, m_entryType;
};

// A directory archive (file://) in `dir`, initialised (openInitialisedArchive).
std::unique_ptr<archive::ArchiveStore> directoryArchive(const QTemporaryDir& dir);

} // namespace tidemark::test
