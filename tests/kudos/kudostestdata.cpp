#include "kudostestdata.h"
#include "archivefixtures.h"

#include "archivestore.h"
#include "archiveurl.h"
#include "demokudosloader.h"
#include "kudosschema.h"
#include "kudosvalues.h"
#include "partitionswap.h"
#include "pgconnection.h"
#include "schemamigrator.h"
#include "testpostgres.h"

#include <QTemporaryDir>

namespace tidemark::test {

Micros kudosEnd() {
    static const Micros end = floorToStep(nowMicros(), 7 * kMicrosPerDay, kudos::kMondayAnchor);
    return end;
}

Micros kudosBoundary() {
    return kudos::firstBoundaryAfter(kudosEnd());
}

Micros kudosAllEligible() {
    return kudosBoundary() + 31 * kMicrosPerDay;
}

kudos::RetentionOptions kudosRehearsal() {
    kudos::RetentionOptions options;
    options.allowClockAhead = true;
    return options;
}

kudos::KudosSettings kudosTestSettings() {
    return {};
}

std::unique_ptr<PgConnection> openKudos(const QString& conninfo) {
    return PgConnection::open(conninfo, QStringLiteral("tidemark-test-kudos"));
}

std::unique_ptr<archive::ArchiveStore> directoryArchive(const QTemporaryDir& dir) {
    return openInitialisedArchive(dir.path());
}

QString swappedKudosDatabase(const QString& name) {
    static const QString templateDb = [] {
        const QString conninfo = TestPostgres::createDatabase(QStringLiteral("kudos_template"));
        {
            auto db = openKudos(conninfo);
            SchemaMigrator(*db, kudos::kudosSchema()).migrate();
        }
        demo::KudosGeneratorOptions options;
        options.weeks = kKudosWeeks;
        options.end = kudosEnd();
        options.users = 40;
        options.workers = 12;
        options.teams = 3;
        demo::DemoKudosLoader(conninfo, options).load();
        auto db = openKudos(conninfo);
        kudos::PartitionSwap swap(*db, kudosTestSettings());
        swap.run(swap.plan(kudosEnd()));
        return conninfo;
    }();
    return TestPostgres::copyDatabase(templateDb, name);
}

namespace {
const char* const kStatementLine =
    " WHERE user_id = $1 AND day = $2::date AND escrow = $3::boolean AND entry_type = $4";
} // namespace

StatementLineOffByACent::StatementLineOffByACent(PgConnection& db, qint64 user, Micros from, Micros to)
    : m_db(db), m_user(user) {
    const PgResult line =
        db.exec(QStringLiteral(
                    "SELECT day::text, escrow::text, entry_type FROM kudos_ledger_daily WHERE user_id = $1 "
                    "AND day >= $2::timestamp::date AND day < $3::timestamp::date ORDER BY day, escrow, "
                    "entry_type LIMIT 1"),
                {user, kudos::utcParam(from), kudos::utcParam(to)});
    if (line.rows() != 1)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("no statement line of user %1 in the range").arg(user));
    m_day = line.text(0, 0);
    m_escrow = line.text(0, 1);
    m_entryType = line.text(0, 2);
    const PgResult changed =
        db.exec(QStringLiteral("UPDATE kudos_ledger_daily SET amount_sum = amount_sum + 0.01") +
                    QLatin1String(kStatementLine),
                {m_user, m_day, m_escrow, m_entryType});
    if (changed.affectedRows() != 1)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("the statement line of %1 did not change").arg(m_day));
}

StatementLineOffByACent::~StatementLineOffByACent() {
    m_db.exec(QStringLiteral("UPDATE kudos_ledger_daily SET amount_sum = amount_sum - 0.01") +
                  QLatin1String(kStatementLine),
              {m_user, m_day, m_escrow, m_entryType});
}

} // namespace tidemark::test
