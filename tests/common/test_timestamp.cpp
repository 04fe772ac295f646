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
