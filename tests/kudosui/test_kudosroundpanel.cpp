// The kudos Round area on the reports a round job returns: a dry run ends with its bar full and its report in
// the words of what a run would do; a cancelled round keeps its bar where it stopped. The Budget area without
// a budget.
#include "budgetpanel.h"
#include "kudosroundpanel.h"
#include "retentionreport.h"
#include "taskprogress.h"

#include <QProgressBar>
#include <QPushButton>
#include <QTest>

using namespace tidemark;
using namespace tidemark::kudos;
using tidemark::ui::KudosRoundPanel;

namespace {

RetentionAction rollUp(Micros lo) {
    RetentionAction action;
    action.entry.partition = QStringLiteral("kudos_ledger_p1");
    action.entry.lo = lo;
    action.entry.hi = lo + 7 * kMicrosPerDay;
    action.to = QStringLiteral("rolled_up");
    return action;
}

TaskProgress atFraction(double fraction) {
    TaskProgress progress;
    progress.stage = QStringLiteral("planning");
    progress.done = qint64(fraction * 100);
    progress.total = 100;
    return progress;
}

} // namespace

class TestKudosRoundPanel : public QObject {
    Q_OBJECT
  private slots:
    void aDryRunEndsFullAndSaysWhatARunWouldDo() {
        KudosRoundPanel panel;
        panel.setState(KudosRoundPanel::State::Running);
        panel.showProgress(atFraction(0.31));
        QCOMPARE(panel.findChild<QProgressBar*>()->value(), 310);
        RetentionReport report;
        report.dryRun = true;
        report.catalogRowsAdded = 50;
        report.remaining = {rollUp(0), rollUp(7 * kMicrosPerDay)};
        panel.setState(KudosRoundPanel::State::Idle);
        panel.showReport(report);
        QCOMPARE(panel.findChild<QProgressBar*>()->value(), panel.findChild<QProgressBar*>()->maximum());
        QVERIFY2(panel.progressText().contains(QStringLiteral("dry run is done")),
                 qPrintable(panel.progressText()));
        const QString text = panel.reportText();
        QVERIFY2(text.contains(QStringLiteral("would be added to the catalog")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("ranges added")) &&
                     !text.contains(QStringLiteral("range(s) added")),
                 qPrintable(text));
    }

    void aCancelledRoundKeepsItsBar() {
        KudosRoundPanel panel;
        panel.setState(KudosRoundPanel::State::Running);
        panel.showProgress(atFraction(0.4));
        RetentionReport report;
        report.cancelled = true;
        report.remaining = {rollUp(0)};
        panel.setState(KudosRoundPanel::State::Idle);
        panel.showReport(report);
        QCOMPARE(panel.findChild<QProgressBar*>()->value(), 400);
    }

    // A refusal disables the starting buttons and says why in their tooltips; lifting it gives them back.
    void aRefusalDisablesTheStartsWithItsReason() {
        KudosRoundPanel panel;
        const QString tip = panel.runButton()->toolTip();
        panel.setRefusal(QStringLiteral("not connected to a kudos database"));
        for (QPushButton* button : {panel.previewButton(), panel.runButton(), panel.stepButton()}) {
            QVERIFY(!button->isEnabled());
            QVERIFY2(button->toolTip().contains(QStringLiteral("not connected")),
                     qPrintable(button->toolTip()));
        }
        panel.setRefusal({});
        QVERIFY(panel.runButton()->isEnabled());
        QCOMPARE(panel.runButton()->toolTip(), tip);
    }

    // Without a budget the tier has no bar to fill: its line says so and names the setting.
    void aTierWithoutABudgetSaysSo() {
        ui::BudgetPanel panel;
        KudosStatus status;
        status.archive = QStringLiteral("file:///archive");
        status.tiers = {ArchiveTierUse{RetentionDataset::Currency, 3 * 1024 * 1024, 0},
                        ArchiveTierUse{RetentionDataset::Statistics, 1024, 4096}};
        panel.showStatus(status);
        const QString currency = panel.tierText(RetentionDataset::Currency);
        QVERIFY2(currency.contains(QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES")) &&
                     currency.contains(QStringLiteral("3.00 MiB")),
                 qPrintable(currency));
        const auto bars = panel.findChildren<QProgressBar*>();
        QCOMPARE(bars.size(), 2);
        QVERIFY(bars[0]->isHidden());
        QVERIFY(!bars[1]->isHidden());
        QCOMPARE(bars[1]->value(), 250);
    }
};

QTEST_MAIN(TestKudosRoundPanel)
#include "test_kudosroundpanel.moc"
