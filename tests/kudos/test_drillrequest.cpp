// The archive drill's request owns its sample's limits and default: validate(), ArchiveDrillJob::run before
// it connects, and `tidemark-cli archive drill --sample` refusing with the request's message (exit 2). An
// unreachable server tells a request that passed validation (Connection) from one that did not (Usage).
#include "archivedrilljob.h"
#include "clirunner.h"
#include "error.h"
#include "taskfeedback.h"
#include "thrownkind.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::kudos;

namespace {

const QString kNowhere = QStringLiteral("host=/nonexistent-tidemark-socket-dir connect_timeout=2");

QString refusal(int value) {
    return QStringLiteral("%1, not %2").arg(ArchiveDrillRequest::kSample.rule()).arg(value);
}

} // namespace

class TestDrillRequest : public QObject {
    Q_OBJECT
  private slots:
    void sampleLimitsAndDefault() {
        QCOMPARE(ArchiveDrillRequest{}.sample, ArchiveDrillRequest::kDefaultSample);
        QVERIFY(ArchiveDrillRequest::kSample.contains(ArchiveDrillRequest::kDefaultSample));
        QVERIFY(!ArchiveDrillRequest::kSample.contains(ArchiveDrillRequest::kAllObjects));
        QVERIFY2(ArchiveDrillRequest::kSample.rule().endsWith(QLatin1String(", or all")),
                 qPrintable(ArchiveDrillRequest::kSample.rule()));
    }

    void validateAndRunTakeTheLimits() {
        const RequestLimit& limit = ArchiveDrillRequest::kSample;
        QTemporaryDir archive;
        TaskFeedback feedback;
        const std::vector<std::pair<int, bool>> edges{
            {limit.min, true},      {limit.max, true},      {ArchiveDrillRequest::kAllObjects, true},
            {limit.min - 1, false}, {limit.max + 1, false}, {-2, false}};
        for (const auto& [value, taken] : edges) {
            ArchiveDrillRequest request;
            request.conninfo = kNowhere;
            request.archiveUrl = archive.path();
            request.sample = value;
            QString message;
            QCOMPARE(test::thrownKind([&] { request.validate(); }, &message),
                     taken ? std::nullopt : std::optional(Error::Kind::Usage));
            if (!taken)
                QCOMPARE(message, refusal(value));
            const auto kind = test::thrownKind([&] { ArchiveDrillJob::run(request, feedback); }, &message);
            QVERIFY2(kind == (taken ? Error::Kind::Connection : Error::Kind::Usage),
                     qPrintable(QStringLiteral("%1: %2").arg(value).arg(message)));
        }
        ArchiveDrillRequest tier;
        tier.tier = QStringLiteral("gold");
        QCOMPARE(test::thrownKind([&] { tier.validate(); }), Error::Kind::Usage);
    }

    void cliRefusesWithTheRequestsMessage() {
        QTemporaryDir archive;
        const QStringList drill{QStringLiteral("archive"),   QStringLiteral("drill"),
                                QStringLiteral("--db"),      kNowhere,
                                QStringLiteral("--archive"), archive.path()};
        for (int value : {ArchiveDrillRequest::kSample.min - 1, ArchiveDrillRequest::kSample.max + 1}) {
            const test::CliRun run =
                test::runCli(drill + QStringList{QStringLiteral("--sample"), QString::number(value)});
            QCOMPARE(run.exitCode, 2);
            QCOMPARE(run.err.trimmed(), QStringLiteral("tidemark-cli: ") + refusal(value));
        }
        const test::CliRun word =
            test::runCli(drill + QStringList{QStringLiteral("--sample"), QStringLiteral("some")});
        QCOMPARE(word.exitCode, 2);
        QCOMPARE(word.err.trimmed(),
                 QStringLiteral("tidemark-cli: %1, not \"some\"").arg(ArchiveDrillRequest::kSample.rule()));
        // The most the request takes gets as far as the server.
        const test::CliRun most =
            test::runCli(drill + QStringList{QStringLiteral("--sample"),
                                             QString::number(ArchiveDrillRequest::kSample.max)});
        QVERIFY2(most.exitCode != 2, qPrintable(most.err));
        const test::CliRun help =
            test::runCli({QStringLiteral("archive"), QStringLiteral("drill"), QStringLiteral("--help")});
        QVERIFY2(help.out.contains(QStringLiteral("%1 to %2 (default %3)")
                                       .arg(ArchiveDrillRequest::kSample.min)
                                       .arg(ArchiveDrillRequest::kSample.max)
                                       .arg(ArchiveDrillRequest::kDefaultSample)),
                 qPrintable(help.out));
    }
};

QTEST_GUILESS_MAIN(TestDrillRequest)
#include "test_drillrequest.moc"
