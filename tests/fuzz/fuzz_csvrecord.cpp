// The archive's CSV record reader on any bytes, fed whole and fed in chunks (the first byte sets their size),
// with a record and a row cap (the next two bytes): both give the same records and the same verdict, no
// record past a cap is delivered, and a refusal is a tidemark::Error.
#include "csvrecordreader.h"
#include "error.h"

#include <QStringList>
#include <cstdint>
#include <cstdlib>

using namespace tidemark;
using namespace tidemark::archive;

namespace {

struct Outcome {
    QList<QByteArray> records; // fields joined, NULL marked
    bool failed = false;
    bool operator==(const Outcome&) const = default;
};

Outcome read(const char* data, qsizetype size, qsizetype chunk, const CsvRecordReader::Limits& limits) {
    Outcome outcome;
    CsvRecordReader reader([&](const CsvRecordReader& record) {
        if (limits.maxRows >= 0 && record.records() >= limits.maxRows + limits.headerRecords)
            std::abort(); // a row past the cap was delivered
        QByteArray text;
        for (int i = 0; i < record.fieldCount(); ++i)
            text += (record.isNull(i) ? QByteArray("\\N") : record.field(i).toByteArray()) + '\x1f';
        if (limits.maxRecordBytes > 0 &&
            text.size() > 2 * limits.maxRecordBytes + 2 * record.fieldCount() + 2)
            std::abort(); // a record far past its cap was delivered
        outcome.records.append(text);
    });
    reader.setLimits(limits);
    try {
        for (qsizetype at = 0; at < size; at += chunk)
            reader.feed(data + at, std::min(chunk, size - at));
        reader.finish();
    } catch (const Error&) {
        outcome.failed = true;
    }
    return outcome;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 3)
        return 0;
    const qsizetype chunk = 1 + data[0] % 64;
    CsvRecordReader::Limits limits;
    limits.maxRecordBytes = data[1] * 4; // 0: no cap
    limits.maxRows = data[2] == 255 ? -1 : data[2] % 32;
    limits.headerRecords = 1;
    const char* csv = reinterpret_cast<const char*>(data + 3);
    const qsizetype length = static_cast<qsizetype>(size - 3);
    if (!(read(csv, length, chunk, limits) == read(csv, length, length > 0 ? length : 1, limits)))
        std::abort();
    return 0;
}
