#include "error.h"
#include "timestamp.h"

#include <QRandomGenerator>
#include <QTest>

using namespace tidemark;

class TestTimestamp : public QObject {
    Q_OBJECT
  private slots:
    void parsesForms_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("micros");
        QTest::newRow("epoch") << "1970-01-01T00:00:00Z" << qint64(0);
        QTest::newRow("micros") << "2000-01-01T00:00:00.000001Z" << qint64(946684800000001);
        QTest::newRow("pg text") << "2000-01-01 01:00:00.5+01" << qint64(946684800500000);
        QTest::newRow("offset") << "2000-01-01T00:00:00-05:30" << qint64(946684800000000 + 19800000000LL);
        QTest::newRow("no zone") << "2026-11-30T03:21:33" << qint64(1796008893000000);
        QTest::newRow("before 1970") << "1969-12-31T23:59:59.999999Z" << qint64(-1);
    }
    void parsesForms() {
        QFETCH(QString, text);
        QFETCH(qint64, micros);
        QCOMPARE(parseIsoTimestamp(text), micros);
    }
    void rejectsGarbage() {
        for (const char* bad :
             {"", "2026-13-01", "2026-01-01T", "yesterday", "2026-01-01T00:00:00.Z", "2026-01-01Zx"}) {
            Micros t;
            QVERIFY2(!tryParseIsoTimestamp(QString::fromLatin1(bad), &t), bad);
        }
        QVERIFY_THROWS_EXCEPTION(Error, parseIsoTimestamp(QStringLiteral("nope"), QStringLiteral("--now")));
    }
    // Days, hours and offsets that do not exist are refused with the value, the reason and the expected form
    // (they used to roll over: 2026-02-31 was read as 2026-03-03).
    void refusesWhatDoesNotExist_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::newRow("feb 31") << "2026-02-31T00:00:00Z"
                                << "day 31 does not exist in 2026-02";
        QTest::newRow("feb 29, no leap") << "2026-02-29"
                                         << "day 29 does not exist in 2026-02";
        QTest::newRow("apr 31") << "2026-04-31 10:00"
                                << "day 31 does not exist in 2026-04";
        QTest::newRow("24:59") << "2026-03-01T24:59:00Z"
                               << "time 24:59:00 does not exist";
        QTest::newRow("25:00") << "2026-03-01T25:00Z"
                               << "time 25:00:00 does not exist";
        QTest::newRow("minute 60") << "2026-03-01T10:60:00Z"
                                   << "time 10:60:00 does not exist";
        QTest::newRow("+99:99") << "2026-03-01T10:00:00+99:99"
                                << "offset +99:99 does not exist";
        QTest::newRow("-16:00") << "2026-03-01T10:00:00-16:00"
                                << "offset -16:00 does not exist";
        // 24:00:00 used to be read as the next midnight, and 9999-12-31T24:00:00Z became a year 10000 that
        // formatIsoTimestamp cannot write in four digits (and that sorts before 2026 as text).
        QTest::newRow("24:00") << "2026-03-01T24:00:00Z"
                               << "time 24:00:00 does not exist";
        QTest::newRow("24:00 at the end") << "9999-12-31T24:00:00Z"
                                          << "time 24:00:00 does not exist";
        QTest::newRow("year 0000") << "0000-06-01T00:00:00Z"
                                   << "year 0000 does not exist";
        QTest::newRow("leap second into 10000") << "9999-12-31T23:59:60Z"
                                                << "outside the years 0001 to 9999 in UTC";
        QTest::newRow("offset into 10000") << "9999-12-31T23:00:00-05:00"
                                           << "outside the years 0001 to 9999 in UTC";
        QTest::newRow("offset into year 0") << "0001-01-01T00:30:00+01:00"
                                            << "outside the years 0001 to 9999 in UTC";
        // Digits of other scripts, which QChar::isDigit takes: refused in every field.
        QTest::newRow("Arabic-Indic year")
            << QString::fromUtf8("٢٠٢٦-03-01T10:00:00Z") << "no date YYYY-MM-DD at its start";
        QTest::newRow("full-width day")
            << QString::fromUtf8("2026-03-０１T10:00:00Z") << "no date YYYY-MM-DD at its start";
        QTest::newRow("full-width hour")
            << QString::fromUtf8("2026-03-01T１０:00:00Z") << "no time HH:MM after the date";
        QTest::newRow("Arabic-Indic seconds")
            << QString::fromUtf8("2026-03-01T10:00:٠٥Z") << "no seconds after HH:MM:";
        QTest::newRow("full-width fraction")
            << QString::fromUtf8("2026-03-01T10:00:00.５Z") << "no digits after the decimal point";
        QTest::newRow("Arabic-Indic offset") << QString::fromUtf8("2026-03-01T10:00:00+٠١:00") << "no offset";
    }
    void refusesWhatDoesNotExist() {
        QFETCH(QString, text);
        QFETCH(QString, reason);
        Micros t;
        QVERIFY(!tryParseIsoTimestamp(text, &t));
        try {
            parseIsoTimestamp(text, QStringLiteral("--now"));
            QFAIL("accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Usage);
            QVERIFY2(e.message().startsWith(QStringLiteral("--now: \"") + text + QLatin1Char('"')),
                     qPrintable(e.message()));
            QVERIFY2(e.message().contains(reason), qPrintable(e.message()));
            QVERIFY2(e.message().contains(QStringLiteral("expected YYYY-MM-DDTHH:MM")),
                     qPrintable(e.message()));
        }
    }
    void acceptsEdgesThatExist() {
        QCOMPARE(parseIsoTimestamp(QStringLiteral("2024-02-29T00:00:00Z")),
                 parseIsoTimestamp(QStringLiteral("2024-03-01T00:00:00Z")) - kMicrosPerDay);
        QCOMPARE(parseIsoTimestamp(QStringLiteral("2000-02-29")), Micros(951782400000000));
        // A leap second rolls over into the next minute, as in PostgreSQL.
        QCOMPARE(parseIsoTimestamp(QStringLiteral("2016-12-31T23:59:60Z")),
                 parseIsoTimestamp(QStringLiteral("2017-01-01T00:00:00Z")));
        // The first and last instants of four-digit years, and what a fraction beyond microseconds keeps.
        QCOMPARE(parseIsoTimestamp(QStringLiteral("0001-01-01T00:00:00Z")), kFirstFormattable);
        QCOMPARE(parseIsoTimestamp(QStringLiteral("9999-12-31T23:59:59.9999999Z")), kLastFormattable);
        QCOMPARE(formatIsoTimestamp(kFirstFormattable), QStringLiteral("0001-01-01T00:00:00Z"));
        QCOMPARE(formatIsoTimestamp(kLastFormattable), QStringLiteral("9999-12-31T23:59:59.999999Z"));
        QCOMPARE(parseIsoTimestamp(QStringLiteral("9999-12-31T23:00:00+05:00")),
                 parseIsoTimestamp(QStringLiteral("9999-12-31T18:00:00Z")));
        QCOMPARE(parseIsoTimestamp(QStringLiteral("2026-03-01T10:00:00+14:00")),
                 parseIsoTimestamp(QStringLiteral("2026-02-28T20:00:00Z")));
    }
    void formatRoundTrips() {
        QCOMPARE(formatIsoTimestamp(0), QStringLiteral("1970-01-01T00:00:00Z"));
        QCOMPARE(formatIsoTimestamp(946684800123400), QStringLiteral("2000-01-01T00:00:00.1234Z"));
        auto* rng = QRandomGenerator::global();
        for (int i = 0; i < 100000; ++i) {
            const Micros t = static_cast<Micros>(rng->bounded(4000000000.0) * 1e6) - 1000000000000000LL;
            QCOMPARE(parseIsoTimestamp(formatIsoTimestamp(t)), t);
        }
    }
    void floorsOnGrid() {
        const Micros five = 5 * kMicrosPerMinute;
        QCOMPARE(floorToStep(five, five), five);
        QCOMPARE(floorToStep(five - 1, five), Micros(0));
        QCOMPARE(floorToStep(-1, five), -five);
    }
};

QTEST_GUILESS_MAIN(TestTimestamp)
#include "test_timestamp.moc"
