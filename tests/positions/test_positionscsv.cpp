#include "error.h"
#include "positionscsv.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <functional>

using namespace tidemark;
using namespace tidemark::positions;

// The CSV reader shared by `positions thin-file` and `positions coverage`.
class TestPositionsCsv : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    const QString kHeader =
        QStringLiteral("mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi,mnet_rssi\n");
    const QString kMowerA = QStringLiteral("11111111-1111-4111-8111-111111111111");
    const QString kMowerB = QStringLiteral("22222222-2222-4222-8222-222222222222");

    QString write(const QString& text) {
        const QString path = m_dir.filePath(QStringLiteral("f%1.csv").arg(++m_files));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        f.write(text.toUtf8());
        return path;
    }

    // The message of the Error that `read` throws; fails the test when it throws none or one of another kind.
    static QString failure(const std::function<void()>& read, Error::Kind kind = Error::Kind::Usage) {
        try {
            read();
        } catch (const Error& e) {
            if (e.kind() != kind)
                return QStringLiteral("WRONG KIND: ") + e.message();
            return e.message();
        }
        return QStringLiteral("NO ERROR");
    }

    static Micros at(const char* iso) { return parseIsoTimestamp(QString::fromLatin1(iso)); }

  private slots:
    void badHeaderNamesFileAndColumn() {
        const QString missing =
            write(QStringLiteral("mower_id,observed_at,lat,lon,blades_on,rtk_fix,wifi_rssi\n"));
        const QString m = failure([&] { PositionsCsv::readRows(missing); });
        QVERIFY2(m.startsWith(missing + QStringLiteral(" line 1:")) &&
                     m.contains(QStringLiteral("no column mnet_rssi")),
                 qPrintable(m));

        const QString twice =
            write(QStringLiteral("mower_id,observed_at,lat,lon,lat,blades_on,rtk_fix,wifi_rssi,mnet_rssi\n"));
        {
            const QString m = failure([&] { PositionsCsv::readRows(twice); });
            QVERIFY2(m.contains(QStringLiteral("column lat twice")), qPrintable(m));
        }

        const QString empty = write(QString());
        const QString e = failure([&] { PositionsCsv::readRows(empty); });
        QVERIFY2(e.startsWith(empty) && e.contains(QStringLiteral("empty file")), qPrintable(e));

        const QString errors = write(QStringLiteral("mower_id,observed_at\n"));
        PositionsCsv csv = PositionsCsv::readRows(write(kHeader));
        {
            const QString m = failure([&] { csv.readErrors(errors); });
            QVERIFY2(m.contains(QStringLiteral("no column error_code")), qPrintable(m));
        }
        const QString kept = write(QStringLiteral("mower,observed_at,reasons\n"));
        {
            const QString m = failure([&] { PositionsCsv::readKept(kept); });
            QVERIFY2(m.contains(QStringLiteral("no column mower_id")), qPrintable(m));
        }

        const QString absent = m_dir.filePath(QStringLiteral("absent.csv"));
        const QString a = failure([&] { PositionsCsv::readRows(absent); }, Error::Kind::Connection);
        QVERIFY2(a.contains(absent) && !a.startsWith(QStringLiteral("WRONG")), qPrintable(a));
    }

    void badValueNamesLineAndColumn_data() {
        QTest::addColumn<QString>("row");
        QTest::addColumn<QString>("where");
        const QString id = kMowerA;
        QTest::newRow("mower_id") << QStringLiteral("not-a-uuid,2026-01-01T00:00:00Z,52.5,13.4,true,2,,")
                                  << QStringLiteral("column 1 (mower_id)");
        QTest::newRow("observed_at") << id + QStringLiteral(",2026-13-01T00:00:00Z,52.5,13.4,true,2,,")
                                     << QStringLiteral("column 2 (observed_at)");
        QTest::newRow("observed_at feb 31")
            << id + QStringLiteral(",2026-02-31T00:00:00Z,52.5,13.4,true,2,,")
            << QStringLiteral(
                   "column 2 (observed_at): \"2026-02-31T00:00:00Z\" is not a timestamp (day 31 does "
                   "not exist in 2026-02); expected YYYY-MM-DDTHH:MM");
        QTest::newRow("observed_at 24:59")
            << id + QStringLiteral(",2026-01-01T24:59:00Z,52.5,13.4,true,2,,")
            << QStringLiteral("column 2 (observed_at): \"2026-01-01T24:59:00Z\"");
        QTest::newRow("observed_at +99:99")
            << id + QStringLiteral(",2026-01-01T10:00:00+99:99,52.5,13.4,true,2,,")
            << QStringLiteral(
                   "column 2 (observed_at): \"2026-01-01T10:00:00+99:99\" is not a timestamp (offset");
        QTest::newRow("lat range") << id + QStringLiteral(",2026-01-01T00:00:00Z,90.5,13.4,true,2,,")
                                   << QStringLiteral("column 3 (lat)");
        QTest::newRow("lat inf") << id + QStringLiteral(",2026-01-01T00:00:00Z,inf,13.4,true,2,,")
                                 << QStringLiteral("column 3 (lat)");
        QTest::newRow("lon nan") << id + QStringLiteral(",2026-01-01T00:00:00Z,52.5,nan,true,2,,")
                                 << QStringLiteral("column 4 (lon)");
        QTest::newRow("blades_on") << id + QStringLiteral(",2026-01-01T00:00:00Z,52.5,13.4,maybe,2,,")
                                   << QStringLiteral("column 5 (blades_on)");
        QTest::newRow("blades_on NULL") << id + QStringLiteral(",2026-01-01T00:00:00Z,52.5,13.4,,2,,")
                                        << QStringLiteral("column 5 (blades_on)");
        QTest::newRow("rtk_fix") << id + QStringLiteral(",2026-01-01T00:00:00Z,52.5,13.4,true,3,,")
                                 << QStringLiteral("column 6 (rtk_fix)");
        QTest::newRow("wifi_rssi") << id + QStringLiteral(",2026-01-01T00:00:00Z,52.5,13.4,true,2,-60.5,")
                                   << QStringLiteral("column 7 (wifi_rssi)");
        QTest::newRow("mnet_rssi") << id + QStringLiteral(",2026-01-01T00:00:00Z,52.5,13.4,true,2,,-40000")
                                   << QStringLiteral("column 8 (mnet_rssi)");
        QTest::newRow("fields") << id + QStringLiteral(",2026-01-01T00:00:00Z,52.5,13.4,true,2,")
                                << QStringLiteral("7 fields, the header has 8");
    }
    void badValueNamesLineAndColumn() {
        QFETCH(QString, row);
        QFETCH(QString, where);
        // Line 2 is good, line 3 blank, line 4 bad: blank lines count.
        const QString path = write(
            kHeader + kMowerA + QStringLiteral(",2026-01-01T00:00:10Z,52.5,13.4,false,,,\n\n") + row + u'\n');
        const QString m = failure([&] { PositionsCsv::readRows(path); });
        QVERIFY2(m.startsWith(path + QStringLiteral(" line 4: ") + where), qPrintable(m));
    }

    // Columns are found by name: a reordered header with an extra column reads the same, and a bad value
    // names the column where it stands in that file.
    void columnsByName() {
        const QString path = write(
            QStringLiteral("speed_mps,lat,lon,mower_id,observed_at,blades_on,rtk_fix,wifi_rssi,mnet_rssi\n"
                           "1.5,52.5,13.4,%1,2026-01-01T00:00:00Z,t,1,-61,-70\n"
                           "\"0.5\",91,13.4,%1,2026-01-01T00:00:01Z,f,1,-61,-70\n")
                .arg(kMowerA));
        {
            const QString m = failure([&] { PositionsCsv::readRows(path); });
            QVERIFY2(m.startsWith(path + QStringLiteral(" line 3: column 2 (lat)")), qPrintable(m));
        }
        const PositionsCsv csv = PositionsCsv::readRows(write(
            QStringLiteral("speed_mps,lat,lon,mower_id,observed_at,blades_on,rtk_fix,wifi_rssi,mnet_rssi\n"
                           "1.5,52.5,13.4,\"%1\",2026-01-01T00:00:00Z,t,1,-61,-70\n")
                .arg(kMowerA)));
        QCOMPARE(csv.tracks().size(), std::size_t(1));
        const PositionRow& r = csv.tracks()[0].rows.at(0);
        QCOMPARE(r.lat, 52.5);
        QCOMPARE(r.lon, 13.4);
        QVERIFY(r.bladesOn);
        QCOMPARE(int(r.rtkFix), 1);
        QCOMPARE(int(r.wifiRssi), -61);
        QCOMPARE(int(r.mnetRssi), -70);
        QCOMPARE(csv.inputRows()[0].mowerIdText, kMowerA);
    }

    void nullsAndMicroseconds() {
        const PositionsCsv csv = PositionsCsv::readRows(
            write(kHeader + kMowerA + QStringLiteral(",2026-01-01T00:00:00.000001Z,52.5,13.4,true,,,\n") +
                  kMowerA + QStringLiteral(",2026-01-01T00:00:00.5Z,52.5,13.4,false,0,-32767,32767\n")));
        const std::vector<PositionRow>& rows = csv.tracks().at(0).rows;
        QCOMPARE(rows.size(), std::size_t(2));
        QCOMPARE(rows[0].observedAt, at("2026-01-01T00:00:00Z") + 1);
        QCOMPARE(rows[1].observedAt, at("2026-01-01T00:00:00Z") + 500000);
        QVERIFY(rows[0].bladesOn);
        QVERIFY(!rows[0].hasRtkFix() && !rows[0].hasWifi() && !rows[0].hasMnet());
        QVERIFY(!rows[1].bladesOn);
        QCOMPARE(int(rows[1].rtkFix), 0);
        QCOMPARE(int(rows[1].wifiRssi), -32767);
        QCOMPARE(int(rows[1].mnetRssi), 32767);
        QCOMPARE(csv.inputRows()[0].observedAtText, QStringLiteral("2026-01-01T00:00:00.000001Z"));
        QCOMPARE(csv.inputRows()[1].observedAtText, QStringLiteral("2026-01-01T00:00:00.5Z"));
    }

    // Input order and the original text are kept beside tracks sorted by time; inputIndices ties them.
    void inputOrderKept() {
        const QString upperB = kMowerB.toUpper();
        const QString path =
            write(kHeader + kMowerA + QStringLiteral(",2026-01-01T00:00:20Z,52.5,13.4,false,,,\n") + upperB +
                  QStringLiteral(",2026-01-01 00:00:05Z,40,-74,true,,,\n") + kMowerA +
                  QStringLiteral(",2026-01-01T00:00:10.250Z,52.5,13.4,false,,,\n") + kMowerA +
                  QStringLiteral(",2026-01-01T00:00:30Z,52.5,13.4,false,,,\n") + upperB +
                  QStringLiteral(",2026-01-01T00:00:01Z,40,-74,true,,,\n"));
        const PositionsCsv csv = PositionsCsv::readRows(path);
        QStringList texts;
        for (const PositionsCsv::InputRow& in : csv.inputRows())
            texts << in.mowerIdText + u',' + in.observedAtText;
        QCOMPARE(texts, (QStringList{kMowerA + QStringLiteral(",2026-01-01T00:00:20Z"),
                                     upperB + QStringLiteral(",2026-01-01 00:00:05Z"),
                                     kMowerA + QStringLiteral(",2026-01-01T00:00:10.250Z"),
                                     kMowerA + QStringLiteral(",2026-01-01T00:00:30Z"),
                                     upperB + QStringLiteral(",2026-01-01T00:00:01Z")}));
        QCOMPARE(csv.inputRows()[4].line, 6);

        QCOMPARE(csv.tracks().size(), std::size_t(2));
        QCOMPARE(csv.tracks()[0].mowerId, QUuid::fromString(kMowerA));
        QCOMPARE(csv.tracks()[1].mowerId, QUuid::fromString(kMowerB));
        QCOMPARE(csv.inputIndices(0), (std::vector<std::size_t>{2, 0, 3}));
        QCOMPARE(csv.inputIndices(1), (std::vector<std::size_t>{4, 1}));
        for (std::size_t k = 0; k < csv.tracks().size(); ++k) {
            const std::vector<PositionRow>& rows = csv.tracks()[k].rows;
            QCOMPARE(rows.size(), csv.inputIndices(k).size());
            for (std::size_t i = 0; i < rows.size(); ++i) {
                const PositionsCsv::InputRow& in = csv.inputRows()[csv.inputIndices(k)[i]];
                QCOMPARE(in.track, k);
                QCOMPARE(rows[i].observedAt, parseIsoTimestamp(in.observedAtText));
                if (i > 0)
                    QVERIFY(rows[i - 1].observedAt < rows[i].observedAt);
            }
        }
    }

    void twoRowsAtOneInstantNameBothLines() {
        const QString path =
            write(kHeader + kMowerA + QStringLiteral(",2026-01-01T00:00:00Z,52.5,13.4,false,,,\n") + kMowerB +
                  QStringLiteral(",2026-01-01T00:00:00Z,52.5,13.4,false,,,\n") + kMowerA +
                  QStringLiteral(",2026-01-01T00:00:00.000Z,52.6,13.4,false,,,\n"));
        const QString m = failure([&] { PositionsCsv::readRows(path); });
        QVERIFY2(m.startsWith(path + QStringLiteral(" line 4: mower ") + kMowerA) &&
                     m.contains(QStringLiteral("lines 2 and 4")),
                 qPrintable(m));
    }

    void errorsAndKept() {
        PositionsCsv csv = PositionsCsv::readRows(
            write(kHeader + kMowerA + QStringLiteral(",2026-01-01T00:00:00Z,52.5,13.4,false,,,\n") + kMowerB +
                  QStringLiteral(",2026-01-01T00:00:00Z,52.5,13.4,false,,,\n")));
        csv.readErrors(write(QStringLiteral("mower_id,observed_at,error_code\n"
                                            "%1,2026-01-01T00:02:00Z,7\n"
                                            "%1,2026-01-01T00:01:00.000001Z,-3\n"
                                            "%1,2026-01-01T00:03:00Z,\n"
                                            "%1,2026-01-01T00:02:00Z,9\n"
                                            "33333333-3333-4333-8333-333333333333,2026-01-01T00:00:00Z,1\n")
                                 .arg(kMowerA)));
        QCOMPARE(csv.tracks()[0].errorInstants,
                 (std::vector<Micros>{at("2026-01-01T00:01:00Z") + 1, at("2026-01-01T00:02:00Z")}));
        QVERIFY(csv.tracks()[1].errorInstants.empty());
        const QString badCode = write(
            QStringLiteral("mower_id,observed_at,error_code\n%1,2026-01-01T00:02:00Z,E7\n").arg(kMowerA));
        {
            const QString m = failure([&] { csv.readErrors(badCode); });
            QVERIFY2(m.startsWith(badCode + QStringLiteral(" line 2: column 3 (error_code)")), qPrintable(m));
        }

        const auto kept = PositionsCsv::readKept(
            write(QStringLiteral("mower_id,observed_at,reasons\n%1,2026-01-01T00:00:00.000001Z,bin|gap\n"
                                 "%2,2026-01-01T00:00:00Z,recent\n%1,2026-01-01T00:05:00Z,error\n")
                      .arg(kMowerA, kMowerB)));
        QCOMPARE(kept.size(), 2);
        QCOMPARE(kept.value(QUuid::fromString(kMowerA)),
                 (std::set<Micros>{at("2026-01-01T00:00:00Z") + 1, at("2026-01-01T00:05:00Z")}));
        QCOMPARE(kept.value(QUuid::fromString(kMowerB)), (std::set<Micros>{at("2026-01-01T00:00:00Z")}));
        const QString badKept =
            write(QStringLiteral("mower_id,observed_at,reasons\n%1,yesterday,bin\n").arg(kMowerA));
        {
            const QString m = failure([&] { PositionsCsv::readKept(badKept); });
            QVERIFY2(m.startsWith(badKept + QStringLiteral(" line 2: column 2 (observed_at)")),
                     qPrintable(m));
        }
    }
};

QTEST_GUILESS_MAIN(TestPositionsCsv)
#include "test_positionscsv.moc"
