#include "controltotalscounter.h"
#include "csvrecordreader.h"
#include "csvrecordwriter.h"
#include "error.h"
#include "zstdstreamreader.h"
#include "zstdstreamwriter.h"

#include <QRandomGenerator>
#include <QTest>
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>

using namespace tidemark;
using namespace tidemark::archive;

namespace {

// Ledger-like text with repeats (compressible) and random bytes (not), `size` bytes.
QByteArray sampleBytes(QRandomGenerator& random, qsizetype size) {
    QByteArray bytes;
    bytes.reserve(size);
    while (bytes.size() < size) {
        if (random.bounded(4) == 0) {
            for (int i = random.bounded(1, 200); i > 0; --i)
                bytes.append(static_cast<char>(random.bounded(256)));
        } else {
            bytes.append(QByteArray::number(random.bounded(100000)) +
                         ",2026-10-05 12:00:00,GENERATION,17,f,12.30,t,,image,\n");
        }
    }
    bytes.truncate(size);
    return bytes;
}

// Feeds `data` to `feed` in random chunks (1 byte up to `maxChunk`).
template <typename Feed>
void feedInChunks(QRandomGenerator& random, const QByteArray& data, int maxChunk, Feed feed) {
    for (qsizetype at = 0; at < data.size();) {
        const qsizetype n = std::min<qsizetype>(data.size() - at, random.bounded(1, maxChunk + 1));
        feed(data.constData() + at, n);
        at += n;
    }
}

QByteArray compress(QRandomGenerator& random, const QByteArray& plain, int level = 3) {
    QByteArray out;
    ZstdStreamWriter writer([&](const char* d, qint64 n) { out.append(d, n); }, level);
    feedInChunks(random, plain, 70000, [&](const char* d, qint64 n) { writer.write(d, n); });
    writer.finish();
    if (writer.bytesIn() != plain.size() || writer.bytesOut() != out.size())
        qFatal("ZstdStreamWriter counted %lld in, %lld out", writer.bytesIn(), writer.bytesOut());
    return out;
}

// The decompressed bytes, or the error message with a "!" in front.
QByteArray decompress(QRandomGenerator& random, const QByteArray& compressed) {
    QByteArray out;
    try {
        ZstdStreamReader reader([&](const char* d, qint64 n) { out.append(d, n); });
        feedInChunks(random, compressed, 50000, [&](const char* d, qint64 n) { reader.feed(d, n); });
        reader.finish();
    } catch (const Error& e) {
        return "!" + e.message().toUtf8();
    }
    return out;
}

QString quoteCsv(const QByteArray& field) {
    return QStringLiteral("\"%1\"").arg(
        QString::fromLatin1(field).replace(QLatin1String("\""), QLatin1String("\"\"")));
}

} // namespace

class TestArchiveCodec : public QObject {
    Q_OBJECT

  private slots:
    void randomRoundTrips() {
        QRandomGenerator random(20261130);
        for (int round = 0; round < 60; ++round) {
            const qsizetype size = round == 0 ? 0 : random.bounded(round < 40 ? 5000 : 3'000'000);
            const QByteArray plain = sampleBytes(random, size);
            const int level = 1 + random.bounded(9);
            const QByteArray compressed = compress(random, plain, level);
            QCOMPARE(decompress(random, compressed), plain);
            // The command-line tool and the one-shot API read the same frame.
            QByteArray oneShot(static_cast<qsizetype>(plain.size()), Qt::Uninitialized);
            const size_t n =
                ZSTD_decompress(oneShot.data(), oneShot.size(), compressed.constData(), compressed.size());
            QVERIFY(!ZSTD_isError(n));
            QCOMPARE(static_cast<qsizetype>(n), plain.size());
            QCOMPARE(oneShot, plain);
        }
    }

    void framesCarryTheChecksum() {
        QRandomGenerator random(1);
        const QByteArray compressed = compress(random, sampleBytes(random, 1000));
        ZSTD_frameHeader header;
        QCOMPARE(ZSTD_getFrameHeader(&header, compressed.constData(), compressed.size()), size_t(0));
        QCOMPARE(header.checksumFlag, 1u);
    }

    void levelOutsideRangeIsASettingsError() {
        for (int level : {0, 20, -1}) {
            try {
                ZstdStreamWriter writer([](const char*, qint64) {}, level);
                QFAIL("accepted");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::Settings);
                QVERIFY(e.message().contains(QStringLiteral("TIDEMARK_ARCHIVE_ZSTD_LEVEL")));
            }
        }
    }

    void everyTruncationIsDetected() {
        QRandomGenerator random(2);
        const QByteArray plain = sampleBytes(random, 300'000);
        const QByteArray compressed = compress(random, plain);
        for (qsizetype cut = 0; cut < compressed.size(); cut += (cut < 64 ? 1 : 97)) {
            const QByteArray result = decompress(random, compressed.left(cut));
            QVERIFY2(
                result.startsWith('!'),
                qPrintable(QStringLiteral("cut at %1 of %2 not detected").arg(cut).arg(compressed.size())));
        }
        QVERIFY(decompress(random, compressed.left(compressed.size() - 1)).contains("truncated"));
        QVERIFY(decompress(random, QByteArray()).contains("empty"));
    }

    // A flipped byte never yields wrong data silently: either an error or the original bytes (a flip in the
    // window size field can still decode correctly; the manifest's object sha256 catches that one).
    void flippedBytesNeverDecodeToOtherData() {
        QRandomGenerator random(3);
        const QByteArray plain = sampleBytes(random, 200'000);
        const QByteArray compressed = compress(random, plain);
        int detected = 0;
        int flips = 0;
        for (qsizetype at = 0; at < compressed.size(); at += (at < 32 ? 1 : 41)) {
            QByteArray broken = compressed;
            broken[at] = static_cast<char>(broken[at] ^ (1 << random.bounded(8)));
            const QByteArray result = decompress(random, broken);
            ++flips;
            if (result.startsWith('!'))
                ++detected;
            else
                QVERIFY2(result == plain,
                         qPrintable(QStringLiteral("flip at %1 decoded to other data").arg(at)));
        }
        QVERIFY2(detected >= flips - 4,
                 qPrintable(QStringLiteral("%1 of %2 flips detected").arg(detected).arg(flips)));
        // The checksum itself (the last 4 bytes).
        QByteArray badChecksum = compressed;
        badChecksum[badChecksum.size() - 1] = static_cast<char>(badChecksum.back() ^ 0x40);
        QVERIFY(decompress(random, badChecksum).contains("corrupt"));
    }

    void trailingGarbageAndFramesWithoutChecksum() {
        QRandomGenerator random(4);
        const QByteArray plain = sampleBytes(random, 10'000);
        QVERIFY(decompress(random, compress(random, plain) + "garbage!").startsWith('!'));
        QByteArray plainFrame(static_cast<qsizetype>(ZSTD_compressBound(plain.size())), Qt::Uninitialized);
        plainFrame.resize(static_cast<qsizetype>(
            ZSTD_compress(plainFrame.data(), plainFrame.size(), plain.constData(), plain.size(), 3)));
        QVERIFY(decompress(random, plainFrame).contains("no content checksum"));
        QVERIFY(decompress(random, QByteArray("not zstd at all")).contains("not a zstd frame"));
    }

    // With a cap on the output, decompression stops before the sink gets a byte beyond it; at the exact size
    // it reads to the end.
    void outputCapStopsBeforeTheSink() {
        QRandomGenerator random(6);
        const QByteArray plain = sampleBytes(random, 1'000'000);
        const QByteArray compressed = compress(random, plain);
        for (const qint64 cap : {qint64(0), qint64(1000), qint64(plain.size() - 1), qint64(plain.size())}) {
            qint64 delivered = 0;
            QString message;
            try {
                ZstdStreamReader reader([&](const char*, qint64 n) { delivered += n; });
                reader.limitOutput(cap, QStringLiteral("the test's cap"));
                feedInChunks(random, compressed, 5000, [&](const char* d, qint64 n) { reader.feed(d, n); });
                reader.finish();
            } catch (const Error& e) {
                message = e.message();
            }
            QVERIFY(delivered <= cap);
            if (cap == plain.size()) {
                QCOMPARE(message, QString());
                QCOMPARE(delivered, cap);
            } else {
                QCOMPARE(message, QStringLiteral("decompresses past the test's cap %1").arg(cap));
            }
        }
    }

    // A frame that asks for a window above ZstdStreamReader::kMaxWindowLog is refused from its header,
    // however little it holds (the decoder would allocate the window as the content fills it).
    void largeWindowsAreRefused() {
        QRandomGenerator random(8);
        const QByteArray plain = sampleBytes(random, 100'000);
        for (const int windowLog :
             {ZstdStreamReader::kMaxWindowLog, ZstdStreamReader::kMaxWindowLog + 1, 27}) {
            ZSTD_CCtx* context = ZSTD_createCCtx();
            ZSTD_CCtx_setParameter(context, ZSTD_c_windowLog, windowLog);
            ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
            QByteArray frame(static_cast<qsizetype>(ZSTD_compressBound(plain.size())) + 1024,
                             Qt::Uninitialized);
            ZSTD_outBuffer out{frame.data(), static_cast<size_t>(frame.size()), 0};
            ZSTD_inBuffer in{plain.constData(), static_cast<size_t>(plain.size()), 0};
            // Continue before end: the content size stays unknown, so the header carries the window.
            QVERIFY(!ZSTD_isError(ZSTD_compressStream2(context, &out, &in, ZSTD_e_continue)));
            for (size_t left = 1; left != 0;) {
                left = ZSTD_compressStream2(context, &out, &in, ZSTD_e_end);
                QVERIFY(!ZSTD_isError(left));
            }
            ZSTD_freeCCtx(context);
            frame.resize(static_cast<qsizetype>(out.pos));
            ZSTD_frameHeader header;
            QCOMPARE(ZSTD_getFrameHeader(&header, frame.constData(), frame.size()), size_t(0));
            QCOMPARE(header.windowSize, 1ULL << windowLog);
            const QByteArray result = decompress(random, frame);
            if (windowLog <= ZstdStreamReader::kMaxWindowLog)
                QCOMPARE(result, plain);
            else
                QVERIFY2(result.contains("asks for a window of") && result.contains("more than the 16 MiB"),
                         result.constData());
        }
    }

    // The caps of a reader of outside bytes hold at the byte, wherever the input is cut: a record's bytes
    // before its line feed (quotes and commas included), and the first byte of a row past the row cap.
    void csvCapsHoldAtTheByte() {
        const QByteArray header = "a,b\n";
        const QByteArray row = "123,\"4\"\"5\"\n"; // 10 bytes before its line feed
        for (const int chunk : {1, 3, 1000}) {
            const auto read = [&](const QByteArray& csv, CsvRecordReader::Limits limits) {
                qint64 records = 0;
                try {
                    CsvRecordReader reader([&](const CsvRecordReader&) { ++records; });
                    reader.setLimits(limits);
                    for (qsizetype at = 0; at < csv.size(); at += chunk)
                        reader.feed(csv.constData() + at, std::min<qsizetype>(chunk, csv.size() - at));
                    reader.finish();
                } catch (const Error& e) {
                    return QStringLiteral("%1 after %2 records").arg(e.message()).arg(records);
                }
                return QStringLiteral("%1 records").arg(records);
            };
            const QByteArray csv = header + row + row;
            QCOMPARE(read(csv, {10, 2, 1}), QStringLiteral("3 records"));
            QCOMPARE(read(csv, {9, -1, 1}),
                     QStringLiteral("a CSV record exceeds 9 bytes at row 1 after 1 records"));
            QCOMPARE(read(csv, {0, 1, 1}),
                     QStringLiteral("the CSV holds more than 1 rows: row 2 starts after 2 records"));
            QCOMPARE(read(csv + "x", {0, 2, 1}),
                     QStringLiteral("the CSV holds more than 2 rows: row 3 starts after 3 records"));
            QCOMPARE(read(QByteArray(11, ',') + "\n", {10, -1, 1}),
                     QStringLiteral("the CSV header line exceeds 10 bytes after 0 records"));
            QCOMPARE(read(header + "\"" + QByteArray(20, '"') + "\"\n", {10, -1, 1}),
                     QStringLiteral("a CSV record exceeds 10 bytes at row 1 after 1 records"));
        }
    }

    // Property: random records (commas, quotes, newlines, empty and NULL fields) written as PostgreSQL
    // writes CSV, read back in random chunks, give the same fields.
    void csvRecordsRoundTrip() {
        QRandomGenerator random(5);
        const QByteArray alphabet("ab,\"\n\r 1-.");
        for (int round = 0; round < 200; ++round) {
            QList<QList<std::optional<QByteArray>>> records;
            QByteArray csv;
            const int width = random.bounded(1, 6);
            for (int r = random.bounded(0, 30); r > 0; --r) {
                QList<std::optional<QByteArray>> record;
                QStringList texts;
                for (int f = 0; f < width; ++f) {
                    if (random.bounded(5) == 0) {
                        record.append(std::nullopt);
                        texts.append(QString());
                        continue;
                    }
                    QByteArray field;
                    for (int n = random.bounded(0, 8); n > 0; --n)
                        field.append(alphabet[random.bounded(alphabet.size())]);
                    record.append(field);
                    const bool plain = !field.isEmpty() && !field.contains(',') && !field.contains('"') &&
                                       !field.contains('\n') && !field.contains('\r') && random.bounded(2);
                    texts.append(plain ? QString::fromLatin1(field) : quoteCsv(field));
                }
                records.append(record);
                csv += texts.join(QLatin1Char(',')).toLatin1() + (random.bounded(4) == 0 ? "\r\n" : "\n");
            }
            QList<QList<std::optional<QByteArray>>> read;
            CsvRecordReader reader([&](const CsvRecordReader& r) {
                QList<std::optional<QByteArray>> record;
                for (int i = 0; i < r.fieldCount(); ++i)
                    record.append(r.isNull(i) ? std::nullopt
                                              : std::optional<QByteArray>(r.field(i).toByteArray()));
                read.append(record);
            });
            feedInChunks(random, csv, 7, [&](const char* d, qint64 n) { reader.feed(d, n); });
            reader.finish();
            QCOMPARE(read, records);
            QCOMPARE(reader.records(), records.size());
            // Whole, most records are split in place (no quote, within the chunk): the same fields.
            read.clear();
            CsvRecordReader whole([&](const CsvRecordReader& r) {
                QList<std::optional<QByteArray>> record;
                for (int i = 0; i < r.fieldCount(); ++i)
                    record.append(r.isNull(i) ? std::nullopt
                                              : std::optional<QByteArray>(r.field(i).toByteArray()));
                read.append(record);
            });
            whole.feed(csv.constData(), csv.size());
            whole.finish();
            QCOMPARE(read, records);
        }
    }

    // Property: any bytes (plain records, quotes, stray carriage returns, a missing last line feed) read
    // whole (plain records split in place) and byte by byte (every record through the byte states) give the
    // same records and the same verdict, with and without caps.
    void plainRecordsSplitInPlaceAsByteByByte() {
        QRandomGenerator random(17);
        const QByteArray alphabet("ab,,,\n\n\"\r 1");
        const auto read = [](const QByteArray& csv, qsizetype chunk, const CsvRecordReader::Limits& limits) {
            QList<QByteArray> records;
            CsvRecordReader reader([&](const CsvRecordReader& r) {
                QByteArray text;
                for (int i = 0; i < r.fieldCount(); ++i)
                    text += (r.isNull(i) ? QByteArray("\\N") : r.field(i).toByteArray()) + '|';
                records.append(text);
            });
            reader.setLimits(limits);
            try {
                for (qsizetype at = 0; at < csv.size(); at += chunk)
                    reader.feed(csv.constData() + at, std::min(chunk, csv.size() - at));
                reader.finish();
            } catch (const Error&) {
                records.append("!"); // a cap may be seen at another byte than the malformation: the verdict
            }
            return records;
        };
        for (int round = 0; round < 2000; ++round) {
            QByteArray csv;
            for (int n = random.bounded(0, 60); n > 0; --n)
                csv.append(alphabet[random.bounded(alphabet.size())]);
            const CsvRecordReader::Limits limits{random.bounded(3) ? 0 : random.bounded(1, 12),
                                                 random.bounded(3) ? -1 : random.bounded(0, 6), 1};
            QCOMPARE(read(csv, std::max<qsizetype>(csv.size(), 1), limits), read(csv, 1, limits));
        }
    }

    // The control totals key a row by its user_id's text exactly as it reads, whether it is an integer in
    // PostgreSQL's form (counted by value) or any other text; a NULL user_id by its worker_id.
    void controlTotalsKeyUsersByTheirText() {
        const QList<QByteArray> users{"0",
                                      "17",
                                      "-4",
                                      "017",
                                      "-0",
                                      "+5",
                                      "00",
                                      "999999999999999999",
                                      "1000000000000000000",
                                      "-999999999999999999",
                                      "12a",
                                      "1e3",
                                      " 7",
                                      ""};
        QByteArray csv = "user_id,worker_id,amount,escrow\n";
        for (const QByteArray& user : users)
            csv += user + ",w1,1.25,f\n" + user + ",w1,-0.05,t\n";
        csv += "17,,2.00,f\n";
        std::optional<ControlTotalsCounter> counter;
        CsvRecordReader reader([&](const CsvRecordReader& r) {
            if (!counter) {
                counter.emplace(QStringList{"user_id", "worker_id", "amount", "escrow"});
                return;
            }
            counter->add(r);
        });
        reader.feed(csv.constData(), csv.size());
        reader.finish();
        ControlTotals expected;
        for (const QByteArray& user : users) {
            ControlTotal& total =
                expected[user.isEmpty() ? QStringLiteral("worker:w1") : QString::fromLatin1(user)];
            total.balanceCents += 125;
            total.escrowCents -= 5;
            total.rows += 2;
        }
        expected[QStringLiteral("17")].balanceCents += 200;
        ++expected[QStringLiteral("17")].rows;
        QCOMPARE(counter->totals(), expected);
        QCOMPARE(counter->rows(), static_cast<qint64>(users.size() * 2 + 1));
    }

    // Property: csvRecord's output reads back through CsvRecordReader as the same fields, NULL and empty
    // apart, and a field without anything to quote is written bare, as PostgreSQL writes it.
    void csvRecordWriterRoundTrip() {
        QRandomGenerator random(11);
        const QString alphabet = QStringLiteral("ab,\"\n\r 1-.€");
        for (int round = 0; round < 500; ++round) {
            QStringList fields;
            for (int f = random.bounded(1, 7); f > 0; --f) {
                if (random.bounded(5) == 0) {
                    fields.append(QString());
                    continue;
                }
                QString field = QStringLiteral("");
                for (int n = random.bounded(0, 8); n > 0; --n)
                    field.append(alphabet[random.bounded(alphabet.size())]);
                fields.append(field);
            }
            QStringList read;
            CsvRecordReader reader([&](const CsvRecordReader& r) {
                for (int i = 0; i < r.fieldCount(); ++i)
                    read.append(r.isNull(i) ? QString() : QString::fromUtf8(r.field(i).toByteArray()));
            });
            const QByteArray line = csvRecord(fields);
            reader.feed(line.constData(), line.size());
            reader.finish();
            QCOMPARE(read.size(), fields.size());
            for (int i = 0; i < fields.size(); ++i) {
                QCOMPARE(read[i].isNull(), fields[i].isNull());
                QCOMPARE(read[i], fields[i]);
            }
        }
        QCOMPARE(csvRecord({QStringLiteral("12"), QString(), QStringLiteral(""), QStringLiteral("a,\"b\"")}),
                 QByteArray("12,,\"\",\"a,\"\"b\"\"\"\n"));
    }

    void malformedCsvIsAnError_data() {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no final newline") << QByteArray("a,b\nc,d") << "ends without a line feed";
        QTest::newRow("open quote") << QByteArray("a,\"b\n") << "inside a quoted field";
        QTest::newRow("stray quote") << QByteArray("a,b\"c\n") << "quote inside an unquoted field";
        QTest::newRow("after quote") << QByteArray("a,\"b\"c\n") << "text after a closing quote";
        QTest::newRow("lone CR") << QByteArray("a,b\rc\n") << "carriage return";
    }
    void malformedCsvIsAnError() {
        QFETCH(QByteArray, csv);
        QFETCH(QString, expected);
        try {
            CsvRecordReader reader([](const CsvRecordReader&) {});
            reader.feed(csv.constData(), csv.size());
            reader.finish();
            QFAIL("accepted");
        } catch (const Error& e) {
            QVERIFY2(e.message().contains(expected), qPrintable(e.message()));
        }
    }
};

QTEST_GUILESS_MAIN(TestArchiveCodec)
#include "test_archivecodec.moc"
