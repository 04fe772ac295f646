// The positions requests own their limits: RoundRequest's budget and jobs and PositionsForecastRequest's
// sample, checked by validate(), by the jobs before they open anything, and by tidemark-cli with the
// request's own message (exit 2). A server that cannot be reached tells a request that passed validation
// (Connection) from one that did not (Usage), so no database is needed.
#include "clirunner.h"
#include "error.h"
#include "planapplyjob.h"
#include "positionsforecastjob.h"
#include "requestlimitedges.h"
#include "roundjob.h"
#include "taskfeedback.h"
#include "thrownkind.h"

#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;

using test::edges;
using test::refusal;

namespace {

const QString kNowhere = QStringLiteral("host=/nonexistent-tidemark-socket-dir connect_timeout=2");

} // namespace

class TestPositionsRequests : public QObject {
    Q_OBJECT
  private slots:
    void roundLimitsAreTheConsolesAndTheClis() {
        QCOMPARE(RoundRequest::kBudget.min, 1);
        QCOMPARE(RoundRequest::kBudget.max, 86400);
        QCOMPARE(RoundRequest::kJobs.min, 1);
        QCOMPARE(RoundRequest::kJobs.max, 64);
        QCOMPARE(RoundRequest{}.jobs, RoundRequest::kDefaultJobs);
        QVERIFY(!RoundRequest{}.budgetSeconds); // the setting's
        RoundRequest{}.validate();
    }

    void roundValidatesBudgetAndJobs() {
        for (const auto& [value, taken] : edges(RoundRequest::kBudget)) {
            RoundRequest request;
            request.budgetSeconds = value;
            QString message;
            const auto kind = test::thrownKind([&] { request.validate(); }, &message);
            QVERIFY2(taken ? !kind : kind == Error::Kind::Usage, qPrintable(QString::number(value)));
            if (!taken)
                QCOMPARE(message, refusal(RoundRequest::kBudget, value));
        }
        for (const auto& [value, taken] : edges(RoundRequest::kJobs)) {
            RoundRequest request;
            request.jobs = value;
            QString message;
            const auto kind = test::thrownKind([&] { request.validate(); }, &message);
            QVERIFY2(taken ? !kind : kind == Error::Kind::Usage, qPrintable(QString::number(value)));
            if (!taken)
                QCOMPARE(message, refusal(RoundRequest::kJobs, value));
        }
    }

    // RoundJob::run validates before it connects: a value outside the limits is Usage, one inside reaches
    // the (unreachable) server.
    void roundJobValidatesFirst() {
        TaskFeedback feedback;
        for (const RequestLimit* limit : {&RoundRequest::kBudget, &RoundRequest::kJobs})
            for (const auto& [value, taken] : edges(*limit)) {
                RoundRequest request;
                request.conninfo = kNowhere;
                if (limit == &RoundRequest::kBudget)
                    request.budgetSeconds = value;
                else
                    request.jobs = value;
                QString message;
                const auto kind = test::thrownKind([&] { RoundJob::run(request, feedback); }, &message);
                QVERIFY2(kind == (taken ? Error::Kind::Connection : Error::Kind::Usage),
                         qPrintable(QStringLiteral("%1 %2: %3")
                                        .arg(QLatin1String(limit->option))
                                        .arg(value)
                                        .arg(message)));
                if (!taken)
                    QCOMPARE(message, refusal(*limit, value));
            }
    }

    // apply takes the round's limits too, before it reads the plan's sections.
    void applyValidatesTheRoundsLimitsFirst() {
        TaskFeedback feedback;
        PlanApplyRequest request;
        request.jobs = RoundRequest::kJobs.max + 1;
        QString message;
        QCOMPARE(test::thrownKind([&] { PlanApplyJob::run(request, feedback); }, &message),
                 Error::Kind::Usage);
        QCOMPARE(message, refusal(RoundRequest::kJobs, RoundRequest::kJobs.max + 1));
        request.jobs = RoundRequest::kDefaultJobs;
        request.budgetSeconds = RoundRequest::kBudget.min - 1;
        QCOMPARE(test::thrownKind([&] { PlanApplyJob::run(request, feedback); }, &message),
                 Error::Kind::Usage);
        QCOMPARE(message, refusal(RoundRequest::kBudget, RoundRequest::kBudget.min - 1));
    }

    void roundCliRefusesWithTheRequestsMessage() {
        const QStringList round{QStringLiteral("positions"), QStringLiteral("round"), QStringLiteral("--db"),
                                kNowhere};
        for (const RequestLimit* limit : {&RoundRequest::kBudget, &RoundRequest::kJobs})
            for (int value : {limit->min - 1, limit->max + 1}) {
                const test::CliRun run =
                    test::runCli(round + QStringList{QLatin1String(limit->option), QString::number(value)});
                QCOMPARE(run.exitCode, 2);
                QCOMPARE(run.err.trimmed(), QStringLiteral("tidemark-cli: ") + refusal(*limit, value));
            }
        // Inside the limits the round gets as far as the server.
        const test::CliRun inside = test::runCli(
            round + QStringList{QStringLiteral("--budget"), QString::number(RoundRequest::kBudget.max),
                                QStringLiteral("--jobs"), QString::number(RoundRequest::kJobs.max)});
        QVERIFY2(inside.exitCode != 2 && !inside.err.contains(QLatin1String("takes a whole number")),
                 qPrintable(inside.err));
        // Not a number: the same rule.
        const test::CliRun word =
            test::runCli(round + QStringList{QStringLiteral("--jobs"), QStringLiteral("many")});
        QCOMPARE(word.exitCode, 2);
        QCOMPARE(word.err.trimmed(),
                 QStringLiteral("tidemark-cli: %1, not \"many\"").arg(RoundRequest::kJobs.rule()));
        // The help states the limits.
        const test::CliRun help =
            test::runCli({QStringLiteral("positions"), QStringLiteral("round"), QStringLiteral("--help")});
        QVERIFY2(help.out.contains(
                     QStringLiteral("%1 to %2").arg(RoundRequest::kJobs.min).arg(RoundRequest::kJobs.max)),
                 qPrintable(help.out));
    }

    void forecastValidatesTheSample() {
        TaskFeedback feedback;
        for (const auto& [value, taken] : edges(PositionsForecastRequest::kSampleMowers)) {
            PositionsForecastRequest request;
            request.conninfo = kNowhere;
            request.sampleMowers = value;
            QString message;
            QCOMPARE(test::thrownKind([&] { request.validate(); }, &message),
                     taken ? std::nullopt : std::optional(Error::Kind::Usage));
            QCOMPARE(test::thrownKind([&] { PositionsForecastJob::run(request, feedback); }, &message),
                     taken ? Error::Kind::Connection : Error::Kind::Usage);
            if (!taken)
                QCOMPARE(message, refusal(PositionsForecastRequest::kSampleMowers, value));
        }
        PositionsForecastRequest every;
        every.sampleMowers.reset();
        every.validate();
        QVERIFY(PositionsForecastRequest::kSampleMowers.contains(PositionsForecastRequest::kDefaultSample));

        for (int value : {PositionsForecastRequest::kSampleMowers.min - 1,
                          PositionsForecastRequest::kSampleMowers.max + 1}) {
            const test::CliRun run =
                test::runCli({QStringLiteral("forecast"), QStringLiteral("positions"), QStringLiteral("--db"),
                              kNowhere, QStringLiteral("--sample-mowers"), QString::number(value)});
            QCOMPARE(run.exitCode, 2);
            QCOMPARE(run.err.trimmed(), QStringLiteral("tidemark-cli: ") +
                                            refusal(PositionsForecastRequest::kSampleMowers, value));
        }
    }
};

QTEST_GUILESS_MAIN(TestPositionsRequests)
#include "test_positionsrequests.moc"
