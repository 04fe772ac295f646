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
            QCOMPARE(e.message(),
                     QStringLiteral("the job's clock 2026-12-01T11:00:00Z is 1 h later than the database "
                                    "server's now() 2026-12-01T10:00:00Z (the limit is 5 min): keys would "
                                    "expire early. Fix the clock or --now; to run anyway, override the check "
                                    "(--allow-clock-ahead)"));
        }
    }

    // How far ahead reads as every duration does (display::duration).
    void aheadReadsAsEveryDuration() {
        ClockCheck check;
        check.clock = 400 * kMicrosPerDay + 3 * kMicrosPerHour;
        check.reference = 0;
        QVERIFY2(check.refusalText(QStringLiteral("x"), QStringLiteral("y"))
                     .contains(QStringLiteral(" 400 d 3 h later")),
                 qPrintable(check.refusalText(QStringLiteral("x"), QStringLiteral("y"))));
    }
};

QTEST_GUILESS_MAIN(TestClockCheck)
#include "test_clockcheck.moc"
