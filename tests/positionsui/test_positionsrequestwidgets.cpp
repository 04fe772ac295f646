// The positions console's option widgets take their ranges and defaults from the requests: the round panel's
// budget and jobs (RoundRequest) and the Capacity view's sample (PositionsForecastRequest, one below its
// least value meaning every mower).
#include "positionscapacitypanel.h"
#include "positionsdataset.h"
#include "positionsforecastjob.h"
#include "roundhistorymodel.h"
#include "roundjob.h"
#include "roundpanel.h"
#include "taskmanager.h"

#include <QSpinBox>
#include <QTest>

using namespace tidemark;
using namespace tidemark::positions;

class TestPositionsRequestWidgets : public QObject {
    Q_OBJECT
  private slots:
    void roundPanelTakesTheRoundRequestsLimits() {
        RoundHistoryModel history;
        ui::RoundPanel panel(&history);
        auto* budget = panel.findChild<QSpinBox*>(QStringLiteral("roundBudget"));
        auto* jobs = panel.findChild<QSpinBox*>(QStringLiteral("roundJobs"));
        QVERIFY(budget && jobs);
        QCOMPARE(budget->minimum(), RoundRequest::kBudget.min);
        QCOMPARE(budget->maximum(), RoundRequest::kBudget.max);
        QCOMPARE(jobs->minimum(), RoundRequest::kJobs.min);
        QCOMPARE(jobs->maximum(), RoundRequest::kJobs.max);
        QCOMPARE(jobs->value(), RoundRequest::kDefaultJobs);
        QCOMPARE(panel.jobs(), RoundRequest::kDefaultJobs);
        // The budget shown is the setting's; whatever the operator sets there is a request that validates.
        PositionSettings settings;
        settings.budgetSeconds = 1200;
        panel.setSettings(settings);
        QCOMPARE(panel.budgetSeconds(), 1200);
        for (int typed : {RoundRequest::kBudget.min - 1, RoundRequest::kBudget.max + 1}) {
            budget->setValue(typed);
            jobs->setValue(typed);
            RoundRequest request;
            request.budgetSeconds = panel.budgetSeconds();
            request.jobs = panel.jobs();
            request.validate();
        }
    }

    void capacitySampleTakesTheForecastRequestsLimits() {
        TaskManager tasks;
        PositionsDataset dataset(&tasks);
        ui::PositionsCapacityPanel panel(&dataset);
        auto* sample = panel.findChild<QSpinBox*>(QStringLiteral("forecastSample"));
        QVERIFY(sample);
        QCOMPARE(sample->minimum(), PositionsForecastRequest::kSampleMowers.min - 1); // every mower
        QCOMPARE(sample->maximum(), PositionsForecastRequest::kSampleMowers.max);
        QCOMPARE(sample->value(), PositionsForecastRequest::kDefaultSample);
    }
};

QTEST_MAIN(TestPositionsRequestWidgets)
#include "test_positionsrequestwidgets.moc"
