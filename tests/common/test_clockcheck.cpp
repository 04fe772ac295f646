#include "clockcheck.h"

#include <QTest>

using namespace tidemark;

class TestClockCheck : public QObject {
    Q_OBJECT

  private slots:
    void fiveMinutesAheadIsTheLimit() {
        const Micros server = parseIsoTimestamp(QStringLiteral("2026-12-01T10:00:00Z"));
        const auto at = [&](Micros ahead) {
            return ClockCheck{QStringLiteral("the job's clock"), server + ahead,
                              QStringLiteral("the database server's now()"), server};
        };
        QVERIFY(!at(-400 * kMicrosPerDay).tooFarAhead()); // an earlier clock only does less
        QVERIFY(!at(ClockCheck::kMaxClockAhead).tooFarAhead());
        QVERIFY(at(ClockCheck::kMaxClockAhead + 1).tooFarAhead());
        at(kMicrosPerHour).require(true, QStringLiteral("x"), QStringLiteral("--allow-clock-ahead"));
        at(ClockCheck::kMaxClockAhead).require(false, QStringLiteral("x"), QStringLiteral("--allow"));
        try {
            at(kMicrosPerHour)
                .require(false, QStringLiteral("keys would expire early"),
                         QStringLiteral("--allow-clock-ahead"));
            QFAIL("a clock an hour ahead was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QCOMPARE(
                e.message(),
                QStringLiteral("the job's clock 2026-12-01T11:00:00Z is 60.0 min later than the database "
                               "server's now() 2026-12-01T10:00:00Z (the limit is 5 min): keys would "
                               "expire early. Fix the clock or --now; to run anyway, override the check "
                               "(--allow-clock-ahead)"));
        }
    }

    void aheadReadsInItsUnit() {
        QCOMPARE(durationText(6 * kMicrosPerMinute), QStringLiteral("6.0 min"));
        QCOMPARE(durationText(3 * kMicrosPerHour + 30 * kMicrosPerMinute), QStringLiteral("3.5 h"));
        QCOMPARE(durationText(400 * kMicrosPerDay), QStringLiteral("400.0 days"));
    }
};

QTEST_GUILESS_MAIN(TestClockCheck)
#include "test_clockcheck.moc"
