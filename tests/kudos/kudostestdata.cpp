#include "kudostestdata.h"
#include "archivefixtures.h"

#include "archivestore.h"
#include "archiveurl.h"
#include "demokudosloader.h"
#include "kudosschema.h"
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

} // namespace tidemark::test
