// The tracks requests own their limits and defaults: the migration's batch, the import's region and activity,
// the retention's years and batch. validate(), the jobs before they open anything (a missing file or an
// unreachable server tells a request that passed from one that did not: Usage), the settings reader of
// GPS_TRACKS_RETENTION_YEARS, and tidemark-cli refusing with the request's message (exit 2).
#include "clirunner.h"
#include "error.h"
#include "requestlimitedges.h"
#include "settingsreader.h"
#include "taskfeedback.h"
#include "thrownkind.h"
#include "tracksimportjob.h"
#include "tracksmigratejob.h"
#include "tracksretainjob.h"
#include "trackssettings.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::tracks;

using test::edges;
using test::refusal;

namespace {

const QString kNowhere = QStringLiteral("host=/nonexistent-tidemark-socket-dir connect_timeout=2");

TracksImportRequest importRequest(const QString& dir, const QString& region, const QString& activity) {
    TracksImportRequest request;
    request.store = TracksLocation::file(dir + QStringLiteral("/missing/gps_tracks.sqlite"));
    request.files = {dir + QStringLiteral("/missing.gpx")};
    request.sourceId = QStringLiteral("osm");
    request.region = region;
    request.options.defaultActivity = activity;
    return request;
}

// The message validate() gives, or "" when the request validates.
template <typename Request> QString validationMessage(const Request& request) {
    QString message;
    test::thrownKind([&] { request.validate(); }, &message);
    return message;
}

} // namespace

class TestTracksRequests : public QObject {
    Q_OBJECT
  private slots:
    void migrateBatch() {
        const RequestLimit& limit = TracksMigrateRequest::kBatchTracks;
        QCOMPARE(TracksMigrateRequest{}.batchTracks, TracksMigrateRequest::kDefaultBatchTracks);
        QVERIFY(limit.contains(TracksMigrateRequest::kDefaultBatchTracks));
        QTemporaryDir dir;
        TaskFeedback feedback;
        for (const auto& [value, taken] : edges(limit)) {
            const TracksMigrateRequest request{dir.filePath(QStringLiteral("none.sqlite")), kNowhere, value};
            QCOMPARE(validationMessage(request), taken ? QString() : refusal(limit, value));
            QString message;
            const auto kind = test::thrownKind([&] { TracksMigrateJob::run(request, feedback); }, &message);
            QVERIFY2(kind && (*kind == Error::Kind::Usage) == !taken, qPrintable(message));
        }
        for (int value : {limit.min - 1, limit.max + 1}) {
            const test::CliRun run =
                test::runCli({QStringLiteral("tracks"), QStringLiteral("migrate"), QStringLiteral("--sqlite"),
                              dir.filePath(QStringLiteral("none.sqlite")), QStringLiteral("--db"), kNowhere,
                              QStringLiteral("--batch"), QString::number(value)});
            QCOMPARE(run.exitCode, 2);
            QCOMPARE(run.err.trimmed(), QStringLiteral("tidemark-cli: ") + refusal(limit, value));
        }
    }

    void importRegionAndActivity() {
        QTemporaryDir dir;
        TaskFeedback feedback;
        const TracksImportRequest defaults;
        QCOMPARE(defaults.region, QLatin1String(TracksImportRequest::kDefaultRegion));
        QCOMPARE(defaults.options.defaultActivity, QLatin1String(TracksImportRequest::kDefaultActivity));
        const QString longestRegion(TracksImportRequest::kMaxRegionLength, QLatin1Char('r'));
        const QString longestActivity(TracksImportRequest::kMaxActivityLength, QLatin1Char('a'));
        // (region, activity, taken)
        const std::vector<std::tuple<QString, QString, bool>> cases{
            {QLatin1String(TracksImportRequest::kDefaultRegion),
             QLatin1String(TracksImportRequest::kDefaultActivity), true},
            {QStringLiteral("a"), QStringLiteral("e-bike"), true},
            {longestRegion, longestActivity, true},
            {QStringLiteral("eu-west_2.alps"), QStringLiteral("Hike"), true}, // stored as "hike"
            {QStringLiteral("цфо"), QStringLiteral("поход"), true},
            {QString(), QStringLiteral("hike"), false},
            {longestRegion + QLatin1Char('r'), QStringLiteral("hike"), false},
            {QStringLiteral("two words"), QStringLiteral("hike"), false},
            {QStringLiteral("alps"), QString(), false},
            {QStringLiteral("alps"), QStringLiteral("   "), false},
            {QStringLiteral("alps"), longestActivity + QLatin1Char('a'), false},
            {QStringLiteral("alps"), QStringLiteral("mountain biking"), false},
            {QStringLiteral("alps"), QStringLiteral("hike;drop"), false},
        };
        for (const auto& [region, activity, taken] : cases) {
            const TracksImportRequest request = importRequest(dir.path(), region, activity);
            const QString message = validationMessage(request);
            QVERIFY2(message.isEmpty() == taken,
                     qPrintable(region + QLatin1Char('/') + activity + QLatin1String(": ") + message));
            if (!taken)
                QVERIFY2(message.startsWith(region.isEmpty() || region.contains(QLatin1Char(' ')) ||
                                                    region.size() > TracksImportRequest::kMaxRegionLength
                                                ? QLatin1String("--region takes")
                                                : QLatin1String("--activity takes")),
                         qPrintable(message));
            QString runMessage;
            const auto kind = test::thrownKind([&] { TracksImportJob::run(request, feedback); }, &runMessage);
            QVERIFY2(kind && (*kind == Error::Kind::Usage) == !taken, qPrintable(runMessage));
            if (!taken)
                QCOMPARE(runMessage, message);
        }
        // The CLI: the request's message, exit 2.
        for (const auto& [option, value] : std::vector<std::pair<QString, QString>>{
                 {QStringLiteral("--region"), QStringLiteral("two words")},
                 {QStringLiteral("--activity"), longestActivity + QLatin1Char('a')}}) {
            const test::CliRun run = test::runCli(
                {QStringLiteral("tracks"), QStringLiteral("import"), QStringLiteral("--sqlite"),
                 dir.filePath(QStringLiteral("gps_tracks.sqlite")), QStringLiteral("--source"),
                 QStringLiteral("osm"), option, value, dir.filePath(QStringLiteral("missing.gpx"))});
            const TracksImportRequest request =
                option == QLatin1String("--region")
                    ? importRequest(dir.path(), value, QLatin1String(TracksImportRequest::kDefaultActivity))
                    : importRequest(dir.path(), QLatin1String(TracksImportRequest::kDefaultRegion), value);
            QCOMPARE(run.exitCode, 2);
            QCOMPARE(run.err.trimmed(), QStringLiteral("tidemark-cli: ") + validationMessage(request));
        }
    }

    void retainYearsAndBatch() {
        QCOMPARE(TracksRetainRequest{}.retentionYears, TracksRetainRequest::kDefaultRetentionYears);
        QCOMPARE(TracksSettings{}.retentionYears, TracksRetainRequest::kDefaultRetentionYears);
        QCOMPARE(TracksRetainRequest{}.batchSize, TracksRetainRequest::kDefaultBatchSize);
        QTemporaryDir dir;
        TaskFeedback feedback;
        for (const RequestLimit* limit :
             {&TracksRetainRequest::kRetentionYears, &TracksRetainRequest::kBatchSize})
            for (const auto& [value, taken] : edges(*limit)) {
                TracksRetainRequest request;
                request.store =
                    TracksLocation::file(dir.filePath(QStringLiteral("missing/gps_tracks.sqlite")));
                request.now = request.machineNow = 1'800'000'000'000'000;
                request.dryRun = true;
                (limit == &TracksRetainRequest::kBatchSize ? request.batchSize : request.retentionYears) =
                    value;
                QCOMPARE(validationMessage(request), taken ? QString() : refusal(*limit, value));
                QString message;
                const auto kind =
                    test::thrownKind([&] { TracksRetainJob::run(request, feedback); }, &message);
                QVERIFY2(kind && (*kind == Error::Kind::Usage) == !taken, qPrintable(message));
            }
        // The setting is read with the request's limits.
        const RequestLimit& years = TracksRetainRequest::kRetentionYears;
        QCOMPARE(TracksSettings::retentionYearsFrom(
                     SettingsReader({{QLatin1String(years.option), QString::number(years.max)}})),
                 years.max);
        QCOMPARE(TracksSettings::retentionYearsFrom(
                     SettingsReader({{QLatin1String(years.option), QString::number(years.min)}})),
                 years.min);
        for (int value : {years.min - 1, years.max + 1}) {
            QString message;
            QCOMPARE(test::thrownKind(
                         [&] {
                             TracksSettings::retentionYearsFrom(
                                 SettingsReader({{QLatin1String(years.option), QString::number(value)}}));
                         },
                         &message),
                     Error::Kind::Settings);
            QVERIFY2(message.contains(QStringLiteral("from %1 to %2").arg(years.min).arg(years.max)),
                     qPrintable(message));
        }
    }
};

QTEST_GUILESS_MAIN(TestTracksRequests)
#include "test_tracksrequests.moc"
