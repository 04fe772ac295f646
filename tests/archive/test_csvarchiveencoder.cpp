// CsvArchiveEncoder: the pipelined encoder gives what the one-thread encoder gives, whatever the pieces it is
// fed in, and a worker's failure reaches the caller's write() while input is still coming.
#include "csvarchiveencoder.h"
#include "error.h"
#include "zstdstreamreader.h"

#include <QCryptographicHash>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryFile>
#include <QTest>

using namespace tidemark;
using namespace tidemark::archive;

namespace {

// A CSV of `rows` rows (quoted fields with commas, quotes and newlines among them) and its totals, summed
// here by user as integers of cents.
struct SampleCsv {
    QByteArray text;
    QMap<QString, ControlTotal> totals;
};

SampleCsv sampleCsv(int rows, quint32 seed) {
    QRandomGenerator random(seed);
    SampleCsv csv;
    csv.text = "id,user_id,amount,escrow,note\n";
    for (int i = 1; i <= rows; ++i) {
        const int user = static_cast<int>(random.bounded(300));
        const qint64 cents = static_cast<qint64>(random.bounded(2000000)) - 1000000;
        const bool escrow = random.bounded(4) == 0;
        const QByteArray note = random.bounded(10) == 0 ? QByteArray("\"a \"\"quoted\"\", note\nover lines\"")
                                                        : QByteArray::number(random.generate64(), 36);
        const QByteArray amount = (cents < 0 ? QByteArray("-") : QByteArray()) +
                                  QByteArray::number(qAbs(cents) / 100) + '.' +
                                  QByteArray::number(qAbs(cents) % 100).rightJustified(2, '0');
        csv.text += QByteArray::number(i) + ',' + QByteArray::number(user) + ',' + amount + ',' +
                    (escrow ? "t" : "f") + ',' + note + '\n';
        ControlTotal& total = csv.totals[QString::number(user)];
        (escrow ? total.escrowCents : total.balanceCents) += cents;
        ++total.rows;
    }
    return csv;
}

struct Encoded {
    QString contentSha256;
    qint64 rows = 0;
    QStringList columns;
    ControlTotals totals;
    QString objectSha256;
    qint64 objectBytes = 0;
    QByteArray object;
};

Encoded encode(const QByteArray& text, CsvArchiveEncoder::Threads threads, quint32 seed) {
    QTemporaryFile file;
    if (!file.open())
        qFatal("no temporary file");
    CsvArchiveEncoder encoder(&file, 3, false, threads);
    QRandomGenerator random(seed);
    for (qsizetype at = 0; at < text.size();) {
        const qsizetype piece = std::min<qsizetype>(1 + random.bounded(300000), text.size() - at);
        encoder.write(text.constData() + at, piece);
        at += piece;
    }
    encoder.finish();
    Encoded e{encoder.content().contentSha256(),
              encoder.content().rows(),
              encoder.content().columns(),
              encoder.content().totals(),
              encoder.objectSha256(),
              encoder.objectBytes(),
              {}};
    QFile read(file.fileName());
    if (!read.open(QIODevice::ReadOnly))
        qFatal("cannot read the object back");
    e.object = read.readAll();
    return e;
}

} // namespace

class TestCsvArchiveEncoder : public QObject {
    Q_OBJECT

  private slots:
    void pipelinedMatchesOneThreadAndTheInput() {
        for (quint32 seed : {1u, 2u, 3u}) {
            const SampleCsv csv = sampleCsv(40000 * static_cast<int>(seed), seed); // up to ~5 MB
            const Encoded pipelined = encode(csv.text, CsvArchiveEncoder::Threads::Pipelined, seed);
            const Encoded serial = encode(csv.text, CsvArchiveEncoder::Threads::Caller, seed + 100);
            const Encoded digestOnCaller =
                encode(csv.text, CsvArchiveEncoder::Threads::DigestOnCaller, seed + 200);

            QCOMPARE(
                pipelined.contentSha256,
                QString::fromLatin1(QCryptographicHash::hash(csv.text, QCryptographicHash::Sha256).toHex()));
            QCOMPARE(pipelined.rows, 40000 * static_cast<qint64>(seed));
            QCOMPARE(pipelined.columns, QStringList({"id", "user_id", "amount", "escrow", "note"}));
            QCOMPARE(pipelined.totals, csv.totals);
            QCOMPARE(pipelined.objectBytes, pipelined.object.size());
            QCOMPARE(pipelined.objectSha256,
                     QString::fromLatin1(
                         QCryptographicHash::hash(pipelined.object, QCryptographicHash::Sha256).toHex()));
            QByteArray decompressed;
            ZstdStreamReader reader(
                [&](const char* data, qint64 length) { decompressed.append(data, length); });
            reader.feed(pipelined.object.constData(), pipelined.object.size());
            reader.finish();
            QCOMPARE(decompressed, csv.text);

            // The same bytes as on one thread, however the input was cut.
            QCOMPARE(serial.object, pipelined.object);
            QCOMPARE(serial.contentSha256, pipelined.contentSha256);
            QCOMPARE(serial.totals, pipelined.totals);
            QCOMPARE(digestOnCaller.object, pipelined.object);
            QCOMPARE(digestOnCaller.contentSha256, pipelined.contentSha256);
            QCOMPARE(digestOnCaller.rows, pipelined.rows);
            QCOMPARE(digestOnCaller.totals, pipelined.totals);
        }
    }

    // With the digest on the caller, malformed CSV fails the write() that completes its chunk, and the
    // compression worker is stopped (the destructor joins it).
    void digestOnCallerFailsTheWrite() {
        QByteArray text = sampleCsv(100000, 9).text;
        text.insert(text.indexOf('\n', 1000000) + 1, "1,2,3\"4,f,x\n");
        QTemporaryFile file;
        QVERIFY(file.open());
        CsvArchiveEncoder encoder(&file, 3, false, CsvArchiveEncoder::Threads::DigestOnCaller);
        try {
            for (qsizetype at = 0; at < text.size(); at += 4096)
                encoder.write(text.constData() + at, std::min<qsizetype>(4096, text.size() - at));
            encoder.finish();
            QFAIL("the malformed CSV was accepted");
        } catch (const Error& e) {
            QVERIFY2(e.message().contains(QStringLiteral("quote inside an unquoted field")),
                     qPrintable(e.message()));
        }
    }

    void workerFailureStopsTheWriter() {
        // A quote inside an unquoted field after ~1 MB of ~21 MB: the digest worker fails, and write() throws
        // it long before the input ends, because the queues are full and refuse more.
        QByteArray text = sampleCsv(600000, 7).text; // ~21 MB
        const qsizetype broken = text.indexOf('\n', 1000000) + 1;
        text.insert(broken, "1,2,3\"4,f,x\n");
        QTemporaryFile file;
        QVERIFY(file.open());
        CsvArchiveEncoder encoder(&file, 3);
        qsizetype written = 0;
        try {
            for (; written < text.size(); written += 4096)
                encoder.write(text.constData() + written, std::min<qsizetype>(4096, text.size() - written));
            QFAIL("write() never reported the worker's failure");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Failed);
            QVERIFY2(e.message().contains(QStringLiteral("quote inside an unquoted field")),
                     qPrintable(e.message()));
        }
        QVERIFY2(written < broken + 4 * CsvArchiveEncoder::kQueuedChunks * CsvArchiveEncoder::kChunkBytes,
                 qPrintable(QString::number(written)));
        QVERIFY_THROWS_EXCEPTION(Error, encoder.finish());
    }
};

QTEST_GUILESS_MAIN(TestCsvArchiveEncoder)
#include "test_csvarchiveencoder.moc"
