// The tracks workbench's import activity takes what TracksImportRequest takes: its default as the
// placeholder, its length and its pattern (a value the request refuses cannot be typed).
#include "taskmanager.h"
#include "tracksdataset.h"
#include "tracksimportjob.h"
#include "tracksworkbench.h"

#include <QLineEdit>
#include <QTest>
#include <QValidator>

using namespace tidemark;
using namespace tidemark::tracks;

class TestTracksRequestWidgets : public QObject {
    Q_OBJECT
  private slots:
    void importActivityTakesTheRequestsRule() {
        TaskManager tasks;
        TracksDataset dataset(&tasks);
        ui::TracksWorkbench bench(&dataset);
        auto* activity = bench.findChild<QLineEdit*>(QStringLiteral("importActivity"));
        QVERIFY(activity);
        QCOMPARE(activity->placeholderText(), QLatin1String(TracksImportRequest::kDefaultActivity));
        QCOMPARE(activity->maxLength(), TracksImportRequest::kMaxActivityLength);
        QVERIFY(activity->validator());
        for (const auto& [typed, taken] : std::vector<std::pair<QString, bool>>{
                 {QStringLiteral("hike"), true},
                 {QStringLiteral("E-Bike"), true},
                 {QString(TracksImportRequest::kMaxActivityLength, QLatin1Char('a')), true},
                 {QStringLiteral("two words"), false},
                 {QStringLiteral("hike;"), false}}) {
            QString text = typed;
            int position = int(text.size());
            const QValidator::State state = activity->validator()->validate(text, position);
            QVERIFY2((state == QValidator::Acceptable) == taken, qPrintable(typed));
            TracksImportRequest request;
            request.files = {QStringLiteral("a.gpx")};
            request.options.defaultActivity = typed;
            bool validates = true;
            try {
                request.validate();
            } catch (const Error&) {
                validates = false;
            }
            QCOMPARE(validates, taken);
        }
    }
};

QTEST_MAIN(TestTracksRequestWidgets)
#include "test_tracksrequestwidgets.moc"
