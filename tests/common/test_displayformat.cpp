#include "displayformat.h"

#include <QLocale>
#include <QTest>

using namespace tidemark;

// Every form of the one formatter, in English (the console's default) and in the C locale (the CLI's).
class TestDisplayFormat : public QObject {
    Q_OBJECT
  private slots:
    void init() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void cleanupTestCase() { QLocale::setDefault(QLocale::c()); }

    void sizesAreBinaryWithThreeDigits() {
        QCOMPARE(display::size(0), QStringLiteral("0 B"));
        QCOMPARE(display::size(1023), QStringLiteral("1,023 B"));
        QCOMPARE(display::size(1024), QStringLiteral("1.00 KiB"));
        QCOMPARE(display::size(4'227'858), QStringLiteral("4.03 MiB"));
        QCOMPARE(display::size(42'260'000), QStringLiteral("40.3 MiB"));
        QCOMPARE(display::size(500LL << 20), QStringLiteral("500 MiB"));
        QCOMPARE(display::size((1LL << 20) - 1), QStringLiteral("1.00 MiB")); // 1023.999 KiB rounds up a unit
        QCOMPARE(display::size(10'485'000), QStringLiteral("10.0 MiB")); // 9.999 MiB is three digits at 10
        QCOMPARE(display::size(2LL << 30), QStringLiteral("2.00 GiB"));
        QCOMPARE(display::size(3LL << 40), QStringLiteral("3.00 TiB"));
        QCOMPARE(display::size(5000LL << 50), QStringLiteral("5,000 PiB"));
        QCOMPARE(display::size(-2048), QStringLiteral("−2.00 KiB"));
        QVERIFY(!display::size(std::numeric_limits<qint64>::min()).isEmpty());
        QCOMPARE(display::sizeWithUnit(QStringLiteral("1.5"), 3), QStringLiteral("1.5 GiB"));
        QCOMPARE(display::sizeWithUnit(QStringLiteral("0"), 0), QStringLiteral("0 B"));
    }

    void milliseconds() {
        QCOMPARE(display::milliseconds(0), QStringLiteral("0.0 ms"));
        QCOMPARE(display::milliseconds(0.44), QStringLiteral("0.4 ms"));
        QCOMPARE(display::milliseconds(26.42), QStringLiteral("26.4 ms"));
        QCOMPARE(display::milliseconds(99.96), QStringLiteral("100 ms"));
        QCOMPARE(display::milliseconds(140.4), QStringLiteral("140 ms"));
        QCOMPARE(display::milliseconds(1000), QStringLiteral("1,000 ms"));
        QCOMPARE(display::milliseconds(-2.5), QStringLiteral("−2.5 ms"));
        QCOMPARE(display::milliseconds(std::nan("")), QStringLiteral("—"));
    }

    void sizesPerSecond() {
        QCOMPARE(display::sizePerSecond(512), QStringLiteral("512 B/s"));
        QCOMPARE(display::sizePerSecond(53.5 * 1024 * 1024), QStringLiteral("53.5 MiB/s"));
        QCOMPARE(display::sizePerSecond(std::nan("")), QStringLiteral("—"));
    }

    void durations() {
        QCOMPARE(display::duration(0), QStringLiteral("0.0 s"));
        QCOMPARE(display::duration(0.42), QStringLiteral("0.4 s"));
        QCOMPARE(display::duration(9.96), QStringLiteral("10 s"));
        QCOMPARE(display::duration(42.4), QStringLiteral("42 s"));
        QCOMPARE(display::duration(60), QStringLiteral("1 min"));
        QCOMPARE(display::duration(185), QStringLiteral("3 min 5 s"));
        QCOMPARE(display::duration(3600), QStringLiteral("1 h"));
        QCOMPARE(display::duration(2 * 3600 + 5 * 60 + 29), QStringLiteral("2 h 5 min"));
        QCOMPARE(display::duration(86400), QStringLiteral("1 d"));
        QCOMPARE(display::duration(3 * 86400 + 4 * 3600 + 59), QStringLiteral("3 d 4 h"));
        QCOMPARE(display::duration(-185), QStringLiteral("−3 min 5 s"));
        QCOMPARE(display::duration(std::nan("")), QStringLiteral("—"));
    }

    void countsNumbersAndShares() {
        QCOMPARE(display::count(3'323'319), QStringLiteral("3,323,319"));
        QCOMPARE(display::count(-7), QStringLiteral("-7"));
        QCOMPARE(display::number(12.345, 1), QStringLiteral("12.3"));
        QCOMPARE(display::percent(0.033), QStringLiteral("3.3 %"));
        QCOMPARE(display::percent(1, 0), QStringLiteral("100 %"));
        QLocale::setDefault(QLocale(QLocale::Russian, QLocale::Russia));
        QCOMPARE(display::number(12.5, 1), QStringLiteral("12,5"));
        QLocale::setDefault(QLocale::c());
        QCOMPARE(display::count(3'323'319), QStringLiteral("3323319"));
    }

    void instantsAreUtc() {
        const Micros t = parseIsoTimestamp(QStringLiteral("2026-12-07T10:59:48.5Z"));
        QCOMPARE(display::instant(t), QStringLiteral("2026-12-07 10:59 UTC"));
        QCOMPARE(display::instantSeconds(t), QStringLiteral("2026-12-07 10:59:48 UTC"));
        QCOMPARE(display::date(t), QStringLiteral("2026-12-07"));
        QCOMPARE(display::dateRange(parseIsoTimestamp(QStringLiteral("2026-07-13T00:00:00Z")),
                                    parseIsoTimestamp(QStringLiteral("2026-07-20T00:00:00Z"))),
                 QStringLiteral("2026-07-13 – 2026-07-20"));
        QCOMPARE(display::month(t), QStringLiteral("Dec 2026"));
        QCOMPARE(display::timeOfDay(t), QStringLiteral("10:59:48"));
        QCOMPARE(display::timeOfDay(t, QTimeZone("Europe/Berlin")), QStringLiteral("11:59"));
        QCOMPARE(display::timeOfDay(parseIsoTimestamp(QStringLiteral("2026-12-07T10:59:00Z"))),
                 QStringLiteral("10:59"));
        QCOMPARE(display::dayAndMonth(t), QStringLiteral("7 Dec"));
        QCOMPARE(display::monthOnly(t), QStringLiteral("Dec"));
        // Before 1970 the minute is the floor, not the truncation.
        QCOMPARE(display::instantSeconds(-1), QStringLiteral("1969-12-31 23:59:59 UTC"));
    }

    void instantsInAZone() {
        const Micros now = parseIsoTimestamp(QStringLiteral("2026-06-01T12:00:00Z"));
        const QString berlin = QStringLiteral("Europe/Berlin");
        QCOMPARE(display::inZone(parseIsoTimestamp(QStringLiteral("2026-06-01T20:00:00Z")), now, berlin),
                 QStringLiteral("today 22:00"));
        // 23:30 UTC is already the next day in Berlin.
        QCOMPARE(display::inZone(parseIsoTimestamp(QStringLiteral("2026-06-01T23:30:00Z")), now, berlin),
                 QStringLiteral("tomorrow 01:30"));
        QCOMPARE(display::inZone(parseIsoTimestamp(QStringLiteral("2026-06-03T20:00:00Z")), now, berlin),
                 QStringLiteral("Wed 3 Jun 22:00"));
        QCOMPARE(display::inZone(parseIsoTimestamp(QStringLiteral("2026-06-01T23:30:00Z")), now,
                                 QStringLiteral("Not/AZone")),
                 QStringLiteral("today 23:30"));
    }

    void ages() {
        const Micros now = parseIsoTimestamp(QStringLiteral("2026-12-07T11:00:00Z"));
        QCOMPARE(display::age(now + kMicrosPerHour, now), QStringLiteral("just now"));
        QCOMPARE(display::age(now - 59 * kMicrosPerSecond, now), QStringLiteral("just now"));
        QCOMPARE(display::age(now - 3 * kMicrosPerMinute, now), QStringLiteral("3 min ago"));
        QCOMPARE(display::age(now - 2 * kMicrosPerHour, now), QStringLiteral("2 h ago"));
        QCOMPARE(display::age(now - 4 * kMicrosPerDay, now), QStringLiteral("4 day(s) ago"));
    }

    void coordinatesAreLatitudeFirstWithADot() {
        QCOMPARE(display::coordinate(52.52, -13.405), QStringLiteral("52.5200, -13.4050"));
        QCOMPARE(display::coordinate(52.52, 13.406, 2), QStringLiteral("52.52, 13.41"));
        QCOMPARE(display::box(52.0726, 33.4544, 58.3227, 48.5267),
                 QStringLiteral("52.0726, 33.4544 – 58.3227, 48.5267"));
        QLocale::setDefault(QLocale(QLocale::Russian, QLocale::Russia));
        QCOMPARE(display::coordinate(52.52, 13.405), QStringLiteral("52.5200, 13.4050"));
    }

    void pluralForms() {
        QCOMPARE(display::pluralForm(21), 21);
        QCOMPARE(display::pluralForm(-3), 3);
        QCOMPARE(display::pluralForm(5'000'000'021LL), 121);
        QVERIFY(display::pluralForm(std::numeric_limits<qint64>::min()) >= 100);
    }
};

QTEST_GUILESS_MAIN(TestDisplayFormat)
#include "test_displayformat.moc"
