#include "archivemanifest.h"
#include "archiveurl.h"
#include "cents.h"
#include "error.h"
#include "kudosarchivelayout.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

using namespace tidemark;
using namespace tidemark::archive;

namespace {

ArchiveManifest sample() {
    ArchiveManifest m;
    m.dataset = QStringLiteral("kudos_ledger");
    m.tier = QStringLiteral("currency");
    m.partition = QStringLiteral("kudos_ledger_p20261005");
    m.createdFrom = parseIsoTimestamp(QStringLiteral("2026-10-05T00:00:00Z"));
    m.createdTo = parseIsoTimestamp(QStringLiteral("2026-10-12T00:00:00Z"));
    m.rowCount = 5;
    m.columns = {QStringLiteral("id"), QStringLiteral("created"), QStringLiteral("user_id"),
                 QStringLiteral("amount")};
    m.totals.insert(QStringLiteral("17"), ControlTotal{1230, -50, 3});
    m.totals.insert(QStringLiteral("worker:8f14e45f-ceea-467f-a0e6-6b1c2e5e4a11"), ControlTotal{-1, 0, 2});
    m.contentSha256 = QString(64, QLatin1Char('a'));
    m.contentBytes = 2048;
    m.objectSha256 = QStringLiteral("0123456789abcdef").repeated(4);
    m.objectBytes = 4096;
    m.compressionLevel = 3;
    m.exportedAt = parseIsoTimestamp(QStringLiteral("2026-11-30T03:04:05.5Z"));
    m.exporter = QStringLiteral("tidemark 0.1.0");
    return m;
}

QJsonObject sampleObject() {
    return QJsonDocument::fromJson(sample().toJson()).object();
}

// The message of the error parse() throws for `object` under `layout`, and its kind.
QString parseError(const QJsonObject& object, Error::Kind* kind = nullptr,
                   const ArchiveLayout& layout = kudos::kudosArchiveLayout()) {
    try {
        ArchiveManifest::parse(QJsonDocument(object).toJson(), layout);
    } catch (const Error& e) {
        if (kind)
            *kind = e.kind();
        return e.message();
    }
    return QStringLiteral("<accepted>");
}

} // namespace

class TestArchiveManifest : public QObject {
    Q_OBJECT

  private slots:
    void roundTripAndStableBytes() {
        const ArchiveManifest m = sample();
        const QByteArray json = m.toJson();
        QCOMPARE(ArchiveManifest::parse(json, kudos::kudosArchiveLayout()), m);
        QCOMPARE(ArchiveManifest::parse(json, kudos::kudosArchiveLayout()).toJson(), json);
        QVERIFY(json.contains("\n    \"format\": \"tidemark-archive\""));
        QVERIFY(json.contains("\"balance_sum\": \"12.30\""));
        QVERIFY(json.contains("\"escrow_sum\": \"-0.50\""));
        QVERIFY(json.contains("\"created_from\": \"2026-10-05T00:00:00Z\""));
        QVERIFY(json.contains("\"schema_version\": 2"));
        QVERIFY(json.contains("\"content_bytes\": 2048"));
    }

    void everyFieldIsRequired_data() {
        QTest::addColumn<QString>("field");
        for (const QString& f : sampleObject().keys())
            QTest::newRow(qPrintable(f)) << f;
    }
    void everyFieldIsRequired() {
        QFETCH(QString, field);
        QJsonObject o = sampleObject();
        o.remove(field);
        const QString message = parseError(o);
        QVERIFY2(message.contains(field + QStringLiteral(" is missing")), qPrintable(message));
    }

    void badValuesAreNamed_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("format") << "format" << QJsonValue("tar") << "format is 'tar'";
        QTest::newRow("dataset") << "dataset" << QJsonValue("users") << "dataset is 'users'";
        QTest::newRow("tier") << "tier" << QJsonValue("cold") << "tier is 'cold'";
        QTest::newRow("partition empty") << "partition" << QJsonValue("  ") << "partition is empty";
        QTest::newRow("partition type") << "partition" << QJsonValue(3) << "partition is not a string";
        QTest::newRow("from not ISO") << "created_from" << QJsonValue("yesterday") << "created_from";
        QTest::newRow("from without Z") << "created_from" << QJsonValue("2026-10-05T00:00:00+02:00")
                                        << "created_from is not an ISO-8601 UTC instant";
        QTest::newRow("from impossible day")
            << "created_from" << QJsonValue("2026-02-31T00:00:00Z") << "created_from";
        QTest::newRow("from = to") << "created_from" << QJsonValue("2026-10-12T00:00:00Z")
                                   << "created_from is not before created_to";
        QTest::newRow("row_count negative")
            << "row_count" << QJsonValue(-1) << "row_count is not a whole number";
        QTest::newRow("row_count fraction")
            << "row_count" << QJsonValue(2.5) << "row_count is not a whole number";
        QTest::newRow("row_count string") << "row_count" << QJsonValue("5") << "row_count is not a number";
        QTest::newRow("row_count vs totals")
            << "row_count" << QJsonValue(6) << "count 5 rows, row_count says 6";
        QTest::newRow("columns empty")
            << "columns" << QJsonValue(QJsonArray()) << "columns is not a non-empty list";
        QTest::newRow("columns twice") << "columns" << QJsonValue(QJsonArray{"id", "id"}) << "names id twice";
        QTest::newRow("content short") << "content_sha256" << QJsonValue(QString(63, QLatin1Char('a')))
                                       << "content_sha256 is not 64 lower-case hex digits";
        QTest::newRow("object upper") << "object_sha256" << QJsonValue(QString(64, QLatin1Char('A')))
                                      << "object_sha256 is not 64 lower-case hex digits";
        QTest::newRow("object not hex") << "object_sha256" << QJsonValue(QString(64, QLatin1Char('g')))
                                        << "object_sha256 is not 64 lower-case hex digits";
        QTest::newRow("object_bytes 0") << "object_bytes" << QJsonValue(0) << "object_bytes is 0";
        QTest::newRow("compression") << "compression" << QJsonValue("gzip") << "compression is 'gzip'";
        QTest::newRow("level") << "compression_level" << QJsonValue(30) << "compression_level is 30";
        QTest::newRow("exported_at") << "exported_at" << QJsonValue(12) << "exported_at is not a string";
        QTest::newRow("exporter") << "exporter" << QJsonValue("") << "exporter is empty";
        QTest::newRow("totals type") << "totals" << QJsonValue(QJsonArray()) << "totals is not an object";
        QTest::newRow("content_bytes fraction")
            << "content_bytes" << QJsonValue(1.5) << "content_bytes is not a whole number";
        QTest::newRow("content_bytes below a header")
            << "content_bytes" << QJsonValue(1) << "content_bytes is 1, less than a header line";
        QTest::newRow("unknown field")
            << "surprise" << QJsonValue(1) << "surprise is not a field of schema_version 2";
    }
    void badValuesAreNamed() {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QFETCH(QString, expected);
        QJsonObject o = sampleObject();
        o.insert(field, value);
        Error::Kind kind = Error::Kind::Usage;
        const QString message = parseError(o, &kind);
        QVERIFY2(message.contains(expected), qPrintable(message));
        QCOMPARE(kind, Error::Kind::Failed);
    }

    // The archive names no dataset of its own: the caller's layout says which datasets and tiers a manifest
    // may name. Outside it a manifest is refused naming what the layout expects; under a layout that
    // includes them the same bytes are accepted.
    void datasetAndTierComeFromTheCallersLayout() {
        const ArchiveLayout lawn{{QStringLiteral("mower_positions"), QStringLiteral("mower_history")},
                                 {QStringLiteral("cold")}};
        QJsonObject o = sampleObject(); // kudos_ledger in tier currency: the kudos layout's
        QCOMPARE(parseError(o, nullptr, lawn),
                 QStringLiteral("archive manifest: dataset is 'kudos_ledger', expected mower_positions or "
                                "mower_history"));
        o.insert(QStringLiteral("dataset"), QStringLiteral("mower_positions"));
        o.insert(QStringLiteral("partition"), QStringLiteral("mower_positions_2026"));
        Error::Kind kind = Error::Kind::Usage;
        QCOMPARE(parseError(o, &kind, lawn),
                 QStringLiteral("archive manifest: tier is 'currency', expected cold"));
        QCOMPARE(kind, Error::Kind::Failed);
        o.insert(QStringLiteral("tier"), QStringLiteral("cold"));
        const QByteArray json = QJsonDocument(o).toJson();
        const ArchiveManifest m = ArchiveManifest::parse(json, lawn);
        QCOMPARE(m.dataset, QStringLiteral("mower_positions"));
        QCOMPARE(m.tier, QStringLiteral("cold"));
        QCOMPARE(ArchiveManifest::parse(m.toJson(), lawn), m);
        // The kudos layout refuses the same bytes, naming its own tables, then its own tiers.
        QCOMPARE(parseError(o),
                 QStringLiteral("archive manifest: dataset is 'mower_positions', expected kudos_ledger or "
                                "kudos_stat_events"));
        ArchiveLayout wider = kudos::kudosArchiveLayout();
        wider.datasets.append(QStringLiteral("mower_positions"));
        QCOMPARE(parseError(o, nullptr, wider),
                 QStringLiteral("archive manifest: tier is 'cold', expected currency or statistics"));
        wider.tiers.append(QStringLiteral("cold"));
        QCOMPARE(ArchiveManifest::parse(json, wider), m);
        // A layout that names nothing accepts nothing, and says so.
        QVERIFY(
            parseError(o, nullptr, ArchiveLayout{}).contains(QLatin1String("the archive layout names none")));

        // The key of such an object: its tier must be the layout's too.
        const QString key =
            archiveObjectKey(lawn, m.tier, m.dataset, m.partition, m.createdFrom, m.createdTo);
        QCOMPARE(key, QStringLiteral("cold/mower_positions/mower_positions_2026_20261005_20261012.csv.zst"));
        QCOMPARE(manifestKeyDisagreement(key, m, lawn), QString());
        QVERIFY2(manifestKeyDisagreement(key, m, kudos::kudosArchiveLayout())
                     .contains(QLatin1String("archive tier 'cold' is not currency or statistics")),
                 qPrintable(manifestKeyDisagreement(key, m, kudos::kudosArchiveLayout())));
    }

    void badTotalsAreNamed_data() {
        QTest::addColumn<QJsonValue>("entry");
        QTest::addColumn<QString>("expected");
        QTest::newRow("three decimals")
            << QJsonValue(QJsonObject{{"balance_sum", "1.234"}, {"escrow_sum", "0.00"}, {"rows", 3}})
            << "totals.17.balance_sum is not an exact decimal amount";
        QTest::newRow("number not string")
            << QJsonValue(QJsonObject{{"balance_sum", 12.3}, {"escrow_sum", "0.00"}, {"rows", 3}})
            << "totals.17.balance_sum is not a string";
        QTest::newRow("escrow missing") << QJsonValue(QJsonObject{{"balance_sum", "12.30"}, {"rows", 3}})
                                        << "totals.17.escrow_sum is missing";
        QTest::newRow("rows zero") << QJsonValue(QJsonObject{
                                          {"balance_sum", "12.30"}, {"escrow_sum", "0"}, {"rows", 0}})
                                   << "totals.17.rows is 0";
        QTest::newRow("extra") << QJsonValue(QJsonObject{
                                      {"balance_sum", "1"}, {"escrow_sum", "0"}, {"rows", 3}, {"x", 1}})
                               << "totals.17 has fields other than";
        QTest::newRow("not object") << QJsonValue(3) << "totals.17 is not an object";
    }
    void badTotalsAreNamed() {
        QFETCH(QJsonValue, entry);
        QFETCH(QString, expected);
        QJsonObject o = sampleObject();
        QJsonObject totals = o.value(QStringLiteral("totals")).toObject();
        totals.insert(QStringLiteral("17"), entry);
        o.insert(QStringLiteral("totals"), totals);
        const QString message = parseError(o);
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    void unknownSchemaVersionIsRefusedByName() {
        for (int version : {0, 3}) {
            QJsonObject o = sampleObject();
            o.insert(QStringLiteral("schema_version"), version);
            o.insert(QStringLiteral("a_field_of_version_3"), true);
            Error::Kind kind = Error::Kind::Usage;
            const QString message = parseError(o, &kind);
            QCOMPARE(kind, Error::Kind::Refused);
            QVERIFY2(message.contains(QStringLiteral("schema_version %1 is not known").arg(version)) &&
                         message.contains(QStringLiteral("it reads 1 to 2")),
                     qPrintable(message));
        }
    }

    // Manifests written before content_bytes (schema_version 1) still parse, without it; version 1 never
    // holds it, version 2 always does.
    void versionOneHasNoContentBytes() {
        QJsonObject o = sampleObject();
        o.insert(QStringLiteral("schema_version"), 1);
        o.remove(QStringLiteral("content_bytes"));
        const ArchiveManifest old =
            ArchiveManifest::parse(QJsonDocument(o).toJson(), kudos::kudosArchiveLayout());
        QCOMPARE(old.schemaVersion, 1);
        QVERIFY(!old.contentBytes.has_value());
        QCOMPARE(old.rowCount, sample().rowCount);
        // Written back as it was read.
        QCOMPARE(ArchiveManifest::parse(old.toJson(), kudos::kudosArchiveLayout()), old);
        QVERIFY(!old.toJson().contains("content_bytes"));

        o.insert(QStringLiteral("content_bytes"), 2048);
        QVERIFY2(parseError(o).contains(QStringLiteral("content_bytes is not a field of schema_version 1")),
                 qPrintable(parseError(o)));
        QJsonObject current = sampleObject();
        current.remove(QStringLiteral("content_bytes"));
        QVERIFY(parseError(current).contains(QStringLiteral("content_bytes is missing")));
    }

    void notJsonOrNotAnObject() {
        for (const QByteArray& text : {QByteArray("{"), QByteArray("[1]"), QByteArray()}) {
            try {
                ArchiveManifest::parse(text, kudos::kudosArchiveLayout());
                QFAIL("accepted");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::Failed);
                QVERIFY(e.message().startsWith(QStringLiteral("archive manifest")));
            }
        }
    }

    // Property: formatCents/parseCents against an independent text built from the integer parts.
    void centsAgreeWithIndependentText() {
        QRandomGenerator random(20261130);
        for (int i = 0; i < 20000; ++i) {
            const int digits = random.bounded(1, 19);
            qint64 cents = static_cast<qint64>(random.generate64() % 1000000000000000000ULL);
            for (int d = digits; d < 18; ++d)
                cents /= 10;
            if (random.bounded(2))
                cents = -cents;
            const qint64 whole = cents / 100;
            const int fraction = static_cast<int>(std::abs(cents % 100));
            const QString sign = cents < 0 ? QStringLiteral("-") : QString();
            const QString expected = sign + QString::number(std::abs(whole)) + QLatin1Char('.') +
                                     QStringLiteral("%1").arg(fraction, 2, 10, QLatin1Char('0'));
            QCOMPARE(formatCents(cents), expected);
            QCOMPARE(parseCents(expected.toLatin1()), std::optional<qint64>(cents));
            // One decimal and none are the same amounts when they fit.
            if (fraction % 10 == 0) {
                const QString oneDecimal = sign + QString::number(std::abs(whole)) + QLatin1Char('.') +
                                           QString::number(fraction / 10);
                QCOMPARE(parseCents(oneDecimal.toLatin1()), std::optional<qint64>(cents));
            }
        }
    }

    void centsEdges() {
        QCOMPARE(parseCents("0"), std::optional<qint64>(0));
        QCOMPARE(parseCents("-0.5"), std::optional<qint64>(-50));
        QCOMPARE(parseCents(".5"), std::optional<qint64>(50));
        QCOMPARE(parseCents("92233720368547758.07"),
                 std::optional<qint64>(std::numeric_limits<qint64>::max()));
        QCOMPARE(parseCents("-92233720368547758.08"),
                 std::optional<qint64>(std::numeric_limits<qint64>::min()));
        QCOMPARE(formatCents(std::numeric_limits<qint64>::min()), QStringLiteral("-92233720368547758.08"));
        QVERIFY(!parseCents("92233720368547758.08"));
        QVERIFY(!parseCents("1.234"));
        QVERIFY(!parseCents(""));
        QVERIFY(!parseCents("-"));
        QVERIFY(!parseCents("."));
        QVERIFY(!parseCents("1e3"));
        QVERIFY(!parseCents(" 1"));
        QVERIFY(!parseCents("NaN"));
        QVERIFY(!addCents(std::numeric_limits<qint64>::max(), 1));
        QCOMPARE(addCents(-5, 3), std::optional<qint64>(-2));
    }
};

QTEST_GUILESS_MAIN(TestArchiveManifest)
#include "test_archivemanifest.moc"
